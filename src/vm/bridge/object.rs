//! IR objects in the VM: one native base class (`tvm.runtime.Object`) wrapping the
//! same `Arc` nodes the host holds, and one Python subclass per type key, created
//! lazily along the reflection hierarchy (so `type(f).__name__ == "PrimFunc"` and
//! `isinstance` checks work). Attributes come from reflection first, then from
//! hooks dialects register; arithmetic, subscripts and calls also go to hooks.

use std::cell::RefCell;
use std::sync::{OnceLock, RwLock};

use rustpython_vm::builtins::{PyStr, PyType, PyTypeRef};
use rustpython_vm::function::{Either, FuncArgs, PyComparisonValue};
use rustpython_vm::protocol::{PyMappingMethods, PyNumberMethods};
use rustpython_vm::types::{AsMapping, AsNumber, Callable, Comparable, GetAttr, Hashable, PyComparisonOp, Representable};
use rustpython_vm::{
    pyclass, AsObject, Py, PyObject, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};

use crate::ir::arith::PyOp as A;
use crate::ir::{ObjectRef, TypeInfo};
use crate::vm::native::Val;

/// The payload of every IR object in the VM.
#[pyclass(module = "tvm.runtime", name = "Object")]
#[derive(Debug, PyPayload)]
pub struct PyIr {
    /// The IR object.
    pub obj: ObjectRef,
}

/// Python operators IR objects answer: the binary ones of `ir::arith` (arithmetic,
/// bitwise, comparisons), `**`, and the unary ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PyOp {
    /// A binary operator of `ir::arith`.
    Binary(A),
    /// `**`
    Pow,
    /// `-x`
    Neg,
    /// `~x`
    Invert,
    /// `+x`
    Pos,
    /// `abs(x)`
    Abs,
}

/// Attribute lookup for objects whose reflection lacks the name (`buffer.data`,
/// `func.script`-like helpers). Returns `None` when the hook does not know it.
pub type AttrHook = fn(&VirtualMachine, &ObjectRef, &str) -> Option<PyResult>;
/// `obj[key]`. The key is a Python object, or, from an evaluated body, may be an IR
/// value or a tuple display not yet made Python objects ([`native_subscript`]).
pub type ItemHook = fn(&VirtualMachine, &ObjectRef, &Val) -> Option<PyResult<Val>>;
/// `obj(*args, **kwargs)`.
pub type CallHook = fn(&VirtualMachine, &ObjectRef, &FuncArgs) -> Option<PyResult>;
/// Operators; `b` is `None` for unary ones. Either side may be the IR object.
pub type OpHook = fn(&VirtualMachine, PyOp, &PyObjectRef, Option<&PyObjectRef>) -> Option<PyResult>;
/// `bool(obj)`.
pub type BoolHook = fn(&VirtualMachine, &ObjectRef) -> Option<PyResult<bool>>;

#[derive(Default)]
struct Hooks {
    attr: Vec<AttrHook>,
    item: Vec<ItemHook>,
    call: Vec<CallHook>,
    op: Vec<OpHook>,
    boolean: Vec<BoolHook>,
}

fn hooks() -> &'static RwLock<Hooks> {
    static H: OnceLock<RwLock<Hooks>> = OnceLock::new();
    H.get_or_init(Default::default)
}

/// Add an attribute hook (tried after those added before).
pub fn register_attr_hook(h: AttrHook) {
    hooks().write().unwrap_or_else(|e| e.into_inner()).attr.push(h);
}
/// Add a subscript hook (tried after those added before).
pub fn register_item_hook(h: ItemHook) {
    hooks().write().unwrap_or_else(|e| e.into_inner()).item.push(h);
}
/// Add a call hook (tried after those added before).
pub fn register_call_hook(h: CallHook) {
    hooks().write().unwrap_or_else(|e| e.into_inner()).call.push(h);
}
/// Add an operator hook (tried after those added before).
pub fn register_op_hook(h: OpHook) {
    hooks().write().unwrap_or_else(|e| e.into_inner()).op.push(h);
}
/// Add a truth-value hook (tried after those added before).
pub fn register_bool_hook(h: BoolHook) {
    hooks().write().unwrap_or_else(|e| e.into_inner()).boolean.push(h);
}

fn first<H: Copy, R>(pick: impl Fn(&Hooks) -> &Vec<H>, f: impl FnMut(H) -> Option<R>) -> Option<R> {
    // Copied out of the lock (a hook may run Python, which may register hooks), on
    // the stack for the few hooks there usually are: this runs for every operator.
    const FEW: usize = 8;
    let mut few: [Option<H>; FEW] = [None; FEW];
    let mut many = Vec::new();
    {
        let hooks = hooks().read().unwrap_or_else(|e| e.into_inner());
        let list = pick(&hooks);
        if list.len() <= FEW {
            for (slot, h) in few.iter_mut().zip(list) {
                *slot = Some(*h);
            }
        } else {
            many = list.clone();
        }
    }
    if many.is_empty() { few.into_iter().flatten().find_map(f) } else { many.into_iter().find_map(f) }
}

thread_local! {
    /// Python classes per IR type, for each of this thread's VMs, keyed by the
    /// addresses of the VM's global state and of the type's `TypeInfo` (one static
    /// per type: a key is registered once). Every IR value handed to Python looks its
    /// class up here; a class is per VM because Python code (a package's methods)
    /// may be attached to it.
    static CLASSES: RefCell<crate::fast_hash::FastMap<(usize, usize), PyTypeRef>> = RefCell::new(Default::default());
}

fn class_key(vm: &VirtualMachine, info: &'static TypeInfo) -> (usize, usize) {
    (rustpython_vm::common::rc::PyRc::as_ptr(&vm.state) as usize, std::ptr::from_ref(info) as usize)
}

fn class_for(vm: &VirtualMachine, info: &'static TypeInfo) -> PyTypeRef {
    let id = class_key(vm, info);
    if let Some(c) = CLASSES.with(|c| c.borrow().get(&id).cloned()) {
        return c;
    }
    let base = match info.parent() {
        Some(p) if p.parent.is_some() => class_for(vm, p),
        _ => PyIr::class(&vm.ctx).to_owned(),
    };
    let dict = vm.ctx.new_dict();
    let _ = dict.set_item("__slots__", vm.ctx.new_tuple(vec![]).into(), vm);
    let _ = dict.set_item("__module__", vm.ctx.new_str(crate::vm::classes::module_of(info)).into(), vm);
    let _ = dict.set_item("_type_key", vm.ctx.new_str(info.key).into(), vm);
    // A member that cannot be made leaves the class without it (an AttributeError
    // when used), never without a class.
    let _ = crate::vm::classes::fill(vm, info, &dict);
    let created = vm
        .ctx
        .types
        .type_type
        .as_object()
        .call((info.name(), vm.ctx.new_tuple(vec![base.clone().into()]), dict), vm)
        .ok()
        .and_then(|c| c.downcast::<PyType>().ok())
        .unwrap_or(base);
    CLASSES.with(|c| c.borrow_mut().insert(id, created.clone()));
    created
}

/// The Python class of a type key (created on first use).
pub fn class_of(vm: &VirtualMachine, info: &'static TypeInfo) -> PyTypeRef {
    class_for(vm, info)
}

/// Wrap an IR object for the VM.
pub fn wrap(vm: &VirtualMachine, obj: ObjectRef) -> PyObjectRef {
    let cls = class_for(vm, obj.type_info());
    let wrapped: PyObjectRef = PyRef::new_ref(PyIr { obj }, cls, None).into();
    // An IR object holds no Python object, so its wrapper is never part of a cycle;
    // it is tracked only because its class is a heap type. Untracked, the cycle
    // collector no longer scans every wrapper that outlives a collection (variables
    // held for a whole function, a signature's parameters).
    if wrapped.is_gc_tracked() {
        // SAFETY: the object is alive (we hold it) and tracked (checked just now).
        unsafe { rustpython_vm::gc_state::gc_state().untrack_object(std::ptr::NonNull::from(&*wrapped)) };
    }
    wrapped
}

/// `value[key]` for an evaluated body, without making the key (a tuple display, IR
/// values) or the result Python objects: the answer of the item hooks, as Python's
/// subscript would get it. `None` leaves the subscript to Python: `value` is not an
/// IR object of exactly its IR class (a subclass may define `__getitem__`), or no
/// hook answers.
pub fn native_subscript(vm: &VirtualMachine, value: &PyObjectRef, key: &Val) -> Option<PyResult<Val>> {
    let obj = exact_ir(vm, value)?;
    first(|h| &h.item, |h| h(vm, obj, key))
}

/// The IR object inside `obj` when its class is exactly its IR class (the native
/// paths' condition: a subclass may define its own operators or `__getitem__`,
/// which Python calls first).
pub fn exact_ir<'a>(vm: &VirtualMachine, obj: &'a PyObject) -> Option<&'a ObjectRef> {
    let ir = obj.downcast_ref::<PyIr>()?;
    let info = ir.obj.type_info();
    // Compared in the cache, without taking a reference to the class (operators ask
    // this of both operands).
    let id = class_key(vm, info);
    let exact = match CLASSES.with(|c| c.borrow().get(&id).map(|cls| obj.class().is(cls))) {
        Some(exact) => exact,
        None => obj.class().is(&class_for(vm, info)),
    };
    exact.then_some(&ir.obj)
}

/// The IR object inside a Python object, if it is one.
pub fn unwrap_object(obj: &PyObject) -> Option<ObjectRef> {
    obj.downcast_ref::<PyIr>().map(|p| p.obj.clone())
}

fn binary_op(vm: &VirtualMachine, op: PyOp, a: &PyObject, b: &PyObject) -> PyResult {
    let (a, b) = (a.to_owned(), b.to_owned());
    match first(|h| &h.op, |h| h(vm, op, &a, Some(&b))) {
        Some(r) => r,
        None => Ok(vm.ctx.not_implemented()),
    }
}

fn unary_op(vm: &VirtualMachine, op: PyOp, a: &PyObject) -> PyResult {
    let a = a.to_owned();
    match first(|h| &h.op, |h| h(vm, op, &a, None)) {
        Some(r) => r,
        None => Err(vm.new_type_error(format!("bad operand type for unary operator: {}", a.class().name()))),
    }
}

#[pyclass(with(GetAttr, AsNumber, Comparable, AsMapping, Representable, Hashable, Callable), flags(BASETYPE))]
impl PyIr {
    /// TVMScript text of this object (`obj.script(**config)`).
    #[pymethod]
    fn script(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult<String> {
        crate::vm::printing::script(vm, &self.obj, args)
    }

    /// TVMScript text as Relax prints it (TVM's `Scriptable._relax_script`: a type
    /// inside Relax is `R.Tuple(...)`, not `T.Tuple(...)`).
    #[pymethod]
    fn _relax_script(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult<String> {
        crate::vm::printing::script_variant(vm, &self.obj, args, "relax")
    }

    /// Print the script (highlighted on a terminal).
    #[pymethod]
    fn show(&self, mut args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
        // `style` and `black_format` (positional or by name) choose highlighting and
        // reformatting; the text is printed plain, as TVM prints it without Pygments.
        if args.args.len() > 2 {
            return Err(vm.new_type_error(format!("show() takes at most 2 positional arguments ({} given)", args.args.len())));
        }
        args.args.clear();
        args.kwargs.shift_remove("style");
        args.kwargs.shift_remove("black_format");
        let text = crate::vm::printing::script(vm, &self.obj, args)?;
        let print = vm.builtins.get_attr("print", vm)?;
        print.call((text,), vm)?;
        Ok(())
    }

    #[pymethod]
    fn same_as(&self, other: PyObjectRef) -> bool {
        unwrap_object(&other).is_some_and(|o| o.same_as(&self.obj))
    }

    /// `dir(obj)`: the class's attributes and the node's reflected fields.
    #[pymethod]
    fn __dir__(zelf: PyRef<Self>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
        let zelf: PyObjectRef = zelf.into();
        let base = vm.ctx.types.object_type.as_object().get_attr("__dir__", vm)?.call((zelf.clone(),), vm)?;
        let mut names: Vec<String> = vm.extract_elements_with(&base, |o| o.str(vm).map(|s| s.to_string()))?;
        if let Some(obj) = unwrap_object(&zelf) {
            names.extend(obj.type_info().fields.iter().map(|f| f.name.to_string()));
            let mut info = obj.type_info().parent();
            while let Some(p) = info {
                names.extend(p.fields.iter().map(|f| f.name.to_string()));
                info = p.parent();
            }
        }
        names.sort();
        names.dedup();
        Ok(vm.ctx.new_list(names.into_iter().map(|n| vm.ctx.new_str(n).into()).collect()).into())
    }

    #[pymethod]
    fn __str__(&self, vm: &VirtualMachine) -> PyResult<String> {
        crate::vm::printing::script(vm, &self.obj, FuncArgs::default())
    }
}

/// A node's location as Python sees it: `tvm.ir.Span`, or `None`.
fn span_to_py(vm: &VirtualMachine, span: &crate::ir::Span) -> PyResult {
    if span.is_none() {
        return Ok(vm.ctx.none());
    }
    vm.import("tvm.ir.span", 0)?;
    let module = vm.sys_module.get_attr("modules", vm)?.get_item("tvm.ir.span", vm)?;
    let make = module.get_attr("_from_location", vm)?;
    let parts = span.parts();
    let mut spans = Vec::with_capacity(parts.len());
    for d in parts.iter().filter_map(|p| p.data()) {
        spans.push(make.call((d.file.to_string(), d.line, d.col, d.end_line, d.end_col), vm)?);
    }
    match <[_; 1]>::try_from(spans) {
        Ok([one]) => Ok(one),
        Err(spans) => module.get_attr("SequentialSpan", vm)?.call((vm.ctx.new_list(spans),), vm),
    }
}

impl GetAttr for PyIr {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        if let Some(v) = zelf.as_object().generic_getattr_opt(name, None, vm)? {
            return Ok(v);
        }
        let n_owned = name.to_string_lossy(); let n: &str = &n_owned;
        if let Some(v) = zelf.obj.field(n) {
            return Ok(crate::vm::convert::value_to_py(vm, &v));
        }
        if let Some(r) = first(|h| &h.attr, |h| h(vm, &zelf.obj, n)) {
            return r;
        }
        if n == "span" {
            return span_to_py(vm, zelf.obj.span());
        }
        Err(vm.new_attribute_error(format!("'{}' object has no attribute '{n}'", zelf.obj.type_info().name())))
    }
}

impl AsNumber for PyIr {
    fn as_number() -> &'static PyNumberMethods {
        static N: PyNumberMethods = PyNumberMethods {
            add: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::Add), a, b)),
            subtract: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::Sub), a, b)),
            multiply: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::Mul), a, b)),
            true_divide: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::TrueDiv), a, b)),
            floor_divide: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::FloorDiv), a, b)),
            remainder: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::Mod), a, b)),
            lshift: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::LShift), a, b)),
            rshift: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::RShift), a, b)),
            and: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::BitAnd), a, b)),
            or: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::BitOr), a, b)),
            xor: Some(|a, b, vm| binary_op(vm, PyOp::Binary(A::BitXor), a, b)),
            power: Some(|a, b, _c, vm| binary_op(vm, PyOp::Pow, a, b)),
            negative: Some(|a, vm| unary_op(vm, PyOp::Neg, a.obj)),
            positive: Some(|a, vm| unary_op(vm, PyOp::Pos, a.obj)),
            absolute: Some(|a, vm| unary_op(vm, PyOp::Abs, a.obj)),
            invert: Some(|a, vm| unary_op(vm, PyOp::Invert, a.obj)),
            // Constants convert to Python numbers (`int(T.int32(3))`, `float(...)`).
            int: Some(|a, vm| match unwrap_object(a.obj) {
                Some(o) => match o.downcast_ref::<crate::ir::IntImmNode>() {
                    Some(i) => Ok(vm.ctx.new_int(i.value).into()),
                    None => Err(vm.new_type_error(format!("cannot convert {} to int", o.type_key()))),
                },
                None => Err(vm.new_type_error("cannot convert to int")),
            }),
            index: Some(|a, vm| match unwrap_object(a.obj).as_ref().and_then(|o| o.downcast_ref::<crate::ir::IntImmNode>().map(|i| i.value)) {
                Some(v) => Ok(vm.ctx.new_int(v).into()),
                None => Err(vm.new_type_error("only integer constants can be used as an index")),
            }),
            float: Some(|a, vm| match unwrap_object(a.obj) {
                Some(o) => {
                    if let Some(f) = o.downcast_ref::<crate::ir::FloatImmNode>() {
                        Ok(vm.ctx.new_float(f.value).into())
                    } else if let Some(i) = o.downcast_ref::<crate::ir::IntImmNode>() {
                        Ok(vm.ctx.new_float(i.value as f64).into())
                    } else {
                        Err(vm.new_type_error(format!("cannot convert {} to float", o.type_key())))
                    }
                }
                None => Err(vm.new_type_error("cannot convert to float")),
            }),
            boolean: Some(|a, vm| {
                let Some(o) = unwrap_object(a.obj) else { return Ok(true) };
                match first(|h| &h.boolean, |h| h(vm, &o)) {
                    Some(r) => r,
                    None => Ok(true),
                }
            }),
            ..PyNumberMethods::NOT_IMPLEMENTED
        };
        &N
    }
}

impl Comparable for PyIr {
    fn slot_richcompare(
        zelf: &PyObject,
        other: &PyObject,
        op: PyComparisonOp,
        vm: &VirtualMachine,
    ) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
        let pyop = match op {
            PyComparisonOp::Lt => PyOp::Binary(A::Lt),
            PyComparisonOp::Le => PyOp::Binary(A::Le),
            PyComparisonOp::Gt => PyOp::Binary(A::Gt),
            PyComparisonOp::Ge => PyOp::Binary(A::Ge),
            PyComparisonOp::Eq => PyOp::Binary(A::Eq),
            PyComparisonOp::Ne => PyOp::Binary(A::Ne),
        };
        let (a, b) = (zelf.to_owned(), other.to_owned());
        if let Some(r) = first(|h| &h.op, |h| h(vm, pyop, &a, Some(&b))) {
            return r.map(Either::A);
        }
        // Objects without an operator hook compare by identity.
        let same = unwrap_object(other).is_some_and(|o| unwrap_object(zelf).is_some_and(|s| s.same_as(&o)));
        Ok(Either::B(match op {
            PyComparisonOp::Eq => PyComparisonValue::Implemented(same),
            PyComparisonOp::Ne => PyComparisonValue::Implemented(!same),
            _ => PyComparisonValue::NotImplemented,
        }))
    }

    fn cmp(_zelf: &Py<Self>, _other: &PyObject, _op: PyComparisonOp, _vm: &VirtualMachine) -> PyResult<PyComparisonValue> {
        Ok(PyComparisonValue::NotImplemented)
    }
}

impl AsMapping for PyIr {
    fn as_mapping() -> &'static PyMappingMethods {
        static M: PyMappingMethods = PyMappingMethods {
            length: None,
            subscript: Some(|m, key, vm| {
                let z = PyIr::mapping_downcast(m);
                let key = Val::Py(key.to_owned());
                match first(|h| &h.item, |h| h(vm, &z.obj, &key)) {
                    Some(r) => r.map(|v| v.into_py(vm)),
                    None => Err(vm.new_type_error(format!("'{}' object is not subscriptable", z.obj.type_info().name()))),
                }
            }),
            ass_subscript: Some(|m, _key, _value, vm| {
                let z = PyIr::mapping_downcast(m);
                Err(vm.new_type_error(format!(
                    "'{}' object does not support item assignment outside TVMScript",
                    z.obj.type_info().name()
                )))
            }),
        };
        &M
    }
}

impl Representable for PyIr {
    fn repr_str(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<String> {
        crate::vm::printing::script(vm, &zelf.obj, FuncArgs::default())
    }
}

impl Hashable for PyIr {
    fn hash(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<rustpython_vm::common::hash::PyHash> {
        Ok(zelf.obj.addr() as rustpython_vm::common::hash::PyHash)
    }
}

impl Callable for PyIr {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        match first(|h| &h.call, |h| h(vm, &zelf.obj, &args)) {
            Some(r) => r,
            None => Err(vm.new_type_error(format!("'{}' object is not callable", zelf.obj.type_info().name()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wrappers stay out of the cycle collector's lists, and a collection with many
    /// of them alive (and some dropped) leaves the live ones intact.
    #[test]
    fn wrappers_are_not_tracked_by_the_cycle_collector() {
        crate::init();
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let mut kept: Vec<PyObjectRef> =
                (0..5000).map(|i| wrap(vm, crate::ir::int_imm(crate::ir::DataType::INT64, i).into_object())).collect();
            assert!(kept.iter().all(|o| !o.is_gc_tracked()));
            let gc = vm.import("gc", 0).expect("gc imports");
            let tracked = gc.get_attr("is_tracked", vm).unwrap().call((kept[0].clone(),), vm).unwrap();
            assert!(!tracked.try_to_bool(vm).unwrap());
            kept.drain(..2500);
            gc.get_attr("collect", vm).unwrap().call((), vm).expect("collects");
            let last = unwrap_object(&kept[2499]).expect("still an IR object");
            assert_eq!(crate::ir::Expr(last).as_int(), Some(4999));
        });
    }
}
