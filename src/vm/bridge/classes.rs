//! The Python face of IR classes beyond reflection: constructors, methods,
//! properties and static methods per type key, with TVM 0.27's names and
//! signatures. Dialects define them (`classes::define("tirx.For").init(..)`);
//! `object::class_of` puts them into the class it makes, so `tvm.tirx.For(...)`
//! constructs, `dir()` lists them, and a method defined on a base
//! (`ir.BaseFunc.with_attr`) serves every class below it.
//!
//! Fields stay reflection's (`object.rs` reads them); this table holds only what
//! reflection cannot say: how TVM's Python constructs a node, and the helpers its
//! classes carry.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use rustpython_vm::builtins::{PyDict, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::GetDescriptor;
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use crate::vm::closure::closure;
use crate::vm::object::{unwrap_object, PyIr};
use crate::ir::{ObjectRef, TypeInfo};

type CtorFn = dyn Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync;
type MethodFn = dyn Fn(&VirtualMachine, &ObjectRef, FuncArgs) -> PyResult + Send + Sync;
type GetterFn = dyn Fn(&VirtualMachine, &ObjectRef) -> PyResult + Send + Sync;
type StaticFn = dyn Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync;

#[derive(Clone)]
enum Member {
    Method(Arc<MethodFn>),
    Property(Arc<GetterFn>),
    Static(Arc<StaticFn>),
}

#[derive(Clone, Default)]
struct ClassDef {
    /// Set for abstract categories (`ir.Type`), which the type registry does not hold.
    info: Option<&'static TypeInfo>,
    module: Option<&'static str>,
    ctor: Option<Arc<CtorFn>>,
    members: Vec<(&'static str, Member)>,
}

fn defs() -> &'static RwLock<HashMap<&'static str, ClassDef>> {
    static DEFS: OnceLock<RwLock<HashMap<&'static str, ClassDef>>> = OnceLock::new();
    DEFS.get_or_init(Default::default)
}

fn edit(key: &'static str, f: impl FnOnce(&mut ClassDef)) {
    f(defs().write().unwrap_or_else(|e| e.into_inner()).entry(key).or_default());
}

/// The definition of one IR class's Python face (a builder: each call records at once).
#[derive(Clone, Copy)]
pub struct Class {
    key: &'static str,
}

/// Define (or add to) the Python class of a registered node type.
pub fn define(key: &'static str) -> Class {
    Class { key }
}

/// Define the Python class of an abstract category (`ir.Type`, `ir.BaseFunc`), which
/// has no node type of its own to register: `isinstance(t, tvm.ir.Type)` needs it.
pub fn define_abstract(info: &'static TypeInfo) -> Class {
    edit(info.key, |d| d.info = Some(info));
    Class { key: info.key }
}

impl Class {
    /// The class's `__module__` (`tvm.ir.type`), where TVM's differs from `tvm.<dialect>`.
    pub fn module(self, module: &'static str) -> Self {
        edit(self.key, |d| d.module = Some(module));
        self
    }

    /// `Class(*args, **kwargs)`: TVM's constructor. Returns the Python object made
    /// (usually a wrapped IR node; a subclass's instance is re-wrapped in the subclass).
    pub fn init(self, f: impl Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static) -> Self {
        edit(self.key, |d| d.ctor = Some(Arc::new(f)));
        self
    }

    /// `obj.name(*args, **kwargs)`.
    pub fn method(self, name: &'static str, f: impl Fn(&VirtualMachine, &ObjectRef, FuncArgs) -> PyResult + Send + Sync + 'static) -> Self {
        self.member(name, Member::Method(Arc::new(f)))
    }

    /// `obj.name`, computed (a field under TVM's name, a derived value).
    pub fn property(self, name: &'static str, f: impl Fn(&VirtualMachine, &ObjectRef) -> PyResult + Send + Sync + 'static) -> Self {
        self.member(name, Member::Property(Arc::new(f)))
    }

    /// `Class.name(*args, **kwargs)` (`Type.missing()`, `Op.get(name)`).
    pub fn staticmethod(self, name: &'static str, f: impl Fn(&VirtualMachine, FuncArgs) -> PyResult + Send + Sync + 'static) -> Self {
        self.member(name, Member::Static(Arc::new(f)))
    }

    fn member(self, name: &'static str, m: Member) -> Self {
        edit(self.key, |d| match d.members.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = m,
            None => d.members.push((name, m)),
        });
        self
    }
}

/// The reflection data of a type key: a registered node type, or a defined category.
pub fn lookup(key: &str) -> Option<&'static TypeInfo> {
    crate::ir::object::lookup_type(key).or_else(|| defs().read().unwrap_or_else(|e| e.into_inner()).get(key).and_then(|d| d.info))
}

/// The `__module__` of a type's class: as defined, else `tvm.<namespace>`.
pub(super) fn module_of(info: &TypeInfo) -> String {
    if let Some(m) = defs().read().unwrap_or_else(|e| e.into_inner()).get(info.key).and_then(|d| d.module) {
        return m.to_string();
    }
    match info.namespace() {
        "" => "tvm".to_string(),
        ns => format!("tvm.{ns}"),
    }
}

/// Put a type's constructor and members into the dict its class is made from.
pub(super) fn fill(vm: &VirtualMachine, info: &'static TypeInfo, dict: &Py<PyDict>) -> PyResult<()> {
    let Some(def) = defs().read().unwrap_or_else(|e| e.into_inner()).get(info.key).cloned() else { return Ok(()) };
    if let Some(ctor) = def.ctor {
        let new = closure(vm, "__new__", move |mut args: FuncArgs, vm: &VirtualMachine| {
            if args.args.is_empty() {
                return Err(vm.new_type_error("__new__ expects the class first"));
            }
            let cls = args.args.remove(0);
            let made = ctor(vm, args)?;
            rewrap_for(made, &cls)
        });
        dict.set_item("__new__", vm.ctx.types.staticmethod_type.as_object().call((new,), vm)?, vm)?;
        // `type.__call__` calls `__init__` with the constructor's arguments; the node
        // is complete already.
        dict.set_item("__init__", closure(vm, "__init__", |_, vm: &VirtualMachine| Ok(vm.ctx.none())), vm)?;
    }
    for (name, member) in def.members {
        let value: PyObjectRef = match member {
            Member::Static(f) => {
                let c = closure(vm, name, move |args: FuncArgs, vm: &VirtualMachine| f(vm, args));
                vm.ctx.types.staticmethod_type.as_object().call((c,), vm)?
            }
            other => NativeMember { name, member: other }.into_ref(&vm.ctx).into(),
        };
        dict.set_item(name, value, vm)?;
    }
    Ok(())
}

/// A constructor's result as an instance of `cls` when `cls` is a Python subclass of
/// the node's class (`class MyVar(relax.Var)`); otherwise as made.
fn rewrap_for(made: PyObjectRef, cls: &PyObjectRef) -> PyResult {
    let Some(cls) = cls.downcast_ref::<PyType>() else { return Ok(made) };
    match unwrap_object(&made) {
        Some(obj) if !made.class().is(cls) && cls.fast_issubclass(made.class()) => {
            Ok(PyRef::new_ref(PyIr { obj }, cls.to_owned(), None).into())
        }
        _ => Ok(made),
    }
}

/// A method or property of an IR class, bound to the instance it is read from.
#[pyclass(module = false, name = "method_descriptor")]
#[derive(PyPayload)]
struct NativeMember {
    name: &'static str,
    member: Member,
}

impl std::fmt::Debug for NativeMember {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NativeMember({})", self.name)
    }
}

#[pyclass(with(GetDescriptor))]
impl NativeMember {
    #[pygetset]
    fn __name__(&self) -> &'static str {
        self.name
    }
}

impl GetDescriptor for NativeMember {
    fn descr_get(zelf: PyObjectRef, obj: Option<PyObjectRef>, _cls: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        let me = zelf.downcast_ref::<NativeMember>().ok_or_else(|| vm.new_type_error("not an IR class member"))?;
        let obj = match obj {
            Some(o) if !vm.is_none(&o) => o,
            // Read from the class: the descriptor itself, as Python's methods.
            _ => return Ok(zelf.clone()),
        };
        let ir = unwrap_object(&obj)
            .ok_or_else(|| vm.new_type_error(format!("descriptor '{}' needs an IR object, got {}", me.name, obj.class().name())))?;
        match &me.member {
            Member::Method(f) => {
                let f = f.clone();
                Ok(closure(vm, me.name, move |args: FuncArgs, vm: &VirtualMachine| f(vm, &ir, args)))
            }
            Member::Property(g) => g(vm, &ir),
            Member::Static(_) => Err(vm.new_type_error("a static member is bound as a staticmethod")),
        }
    }
}

pub(crate) fn init_native_classes() {
    use rustpython_vm::class::PyClassImpl;
    NativeMember::make_static_type();
}
