//! The `I` namespace: module classes and module-level settings, plus the shared
//! constructors (`I.dynamic`, `I.Call`, `I.GlobalVar`).

use std::sync::Arc;

use rustpython_vm::builtins::{PyStr, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::GetAttr;
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, TryFromObject, VirtualMachine};

use super::module_frame::{self, IRModuleFrame};
use crate::builder;
use crate::ir::{self, BaseFunc, DataType, GlobalVar, GlobalVarNode, IRModule, Span, Type, Value};
use crate::script::protocol::{self, DecoratorPolicy, DefinitionKind};
use crate::vm::convert::{py_to_expr, py_to_object, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::object::{register_call_hook, wrap};
use crate::program::runtime::{self, DeferredDefinition};

/// Register the `I` namespace's members.
pub fn register() {
    protocol::register_decorator("ir", "ir_module", DecoratorPolicy { kind: DefinitionKind::Module, tvm_spelling: true, jit: false });
    protocol::register_decorator("ir", "pyfunc", DecoratorPolicy { kind: DefinitionKind::Python, tvm_spelling: true, jit: false });
    // `@tvm.script.ir_module` and `tvm.script.parser.ir_module`, as TVM exports them.
    protocol::register_export("tvm.script", "ir", "ir_module");
    protocol::register_export("tvm.script.parser", "ir", "ir_module");
    runtime::register_module_frame_factory(module_frame::enter);
    register_namespace_initializer("ir", members);
    register_call_hook(call_global_var);
    crate::vm::object::register_item_hook(module_item);
    crate::vm::register_class_initializer(init_classes);
}

/// `I`'s documented members (see `vm::namespace::MemberDoc`).
const DOCS: &[crate::vm::namespace::MemberDoc] = &[
    ("ir_module", "ir_module(mod=None, check_well_formed=True, s_tir=False)", "Decorator: parse the class it decorates as an IR module whose methods are its functions."),
    ("module_attrs", "module_attrs(attrs)", "Set attributes of the enclosing module (inside its class body)."),
    ("module_global_infos", "module_global_infos(global_infos)", "Set global infos of the enclosing module (`{'vdevice': [I.vdevice(...)]}` …)."),
    ("dynamic", "dynamic(name, dtype='int32')", "A symbolic dimension shared by the functions of a module (native spelling)."),
    ("pyfunc", "pyfunc(func)", "Decorator: keep a Python function in the module as it is."),
    ("GlobalVar", "GlobalVar(name)", "The name of a module-level function."),
    ("Call", "Call(op, args, attrs=None, ty_args=None, ty=None, *, span=None)", "A call node as written: with `ty` given it is kept, otherwise the operator infers the type."),
];

fn members(t: &mut NamespaceTable) {
    t.func("ir_module", ir_module);
    t.func("module_attrs", |vm, args| {
        let attrs = single_dict(vm, &args, "I.module_attrs")?;
        in_module(vm, "I.module_attrs", |m| m.attrs.extend(attrs))
    });
    t.func("module_global_infos", |vm, args| {
        let infos = single_dict(vm, &args, "I.module_global_infos")?;
        in_module(vm, "I.module_global_infos", |m| m.global_infos.extend(infos))
    });
    t.func("dynamic", dynamic);
    t.func("pyfunc", |_vm, args| {
        // `I.pyfunc` keeps an ordinary Python callable (DefinitionKind::PYTHON).
        args.args.into_iter().next().ok_or_else(|| _vm.new_type_error("I.pyfunc expects a function"))
    });
    t.func("GlobalVar", |vm, args| {
        let name = String::try_from_object(vm, first_arg(vm, &args, "I.GlobalVar")?)?;
        Ok(wrap(vm, GlobalVar::named(&name).upcast()))
    });
    t.func("Call", call);
    t.docs(DOCS);
}

fn first_arg(vm: &VirtualMachine, args: &FuncArgs, what: &str) -> PyResult<PyObjectRef> {
    args.args.first().cloned().ok_or_else(|| vm.new_type_error(format!("{what} expects an argument")))
}

fn single_dict(vm: &VirtualMachine, args: &FuncArgs, what: &str) -> PyResult<Vec<(Value, Value)>> {
    let d = first_arg(vm, args, what)?;
    match py_to_value(vm, &d)? {
        Value::Map(m) => Ok(m.to_vec()),
        _ => Err(vm.new_type_error(format!("{what} expects a dict"))),
    }
}

fn in_module(vm: &VirtualMachine, what: &str, f: impl FnOnce(&mut IRModuleFrame)) -> PyResult {
    builder::find_frame::<IRModuleFrame, _>(f)
        .ok_or_else(|| vm.new_exception_msg(crate::vm::error::diagnostic_error_type(vm), format!("{what} must be used inside an @I.ir_module class").into()))?;
    Ok(vm.ctx.none())
}

/// `I.dynamic("n", dtype="int32")`: a fresh symbolic variable.
fn dynamic(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut it = args.args.into_iter();
    let name = String::try_from_object(vm, it.next().ok_or_else(|| vm.new_type_error("I.dynamic expects a name"))?)?;
    let dtype = match it.next().or_else(|| args.kwargs.get("dtype").cloned()) {
        Some(d) => String::try_from_object(vm, d)?.parse::<DataType>().py(vm)?,
        None => DataType::INT32,
    };
    let symbol = ir::new_var(&name, Type::prim(dtype), Span::none()).upcast();
    crate::builder::declare_symbol(&symbol);
    Ok(wrap(vm, symbol))
}

/// `I.Call(op, args, attrs=None, ty_args=None, ty=None, *, span=None)`: a raw call,
/// with `tvm.ir.Call`'s contract: an explicit `ty` (the missing type included) is
/// kept; without one, or with `ty=None`, the operator's inference runs and its errors
/// propagate. `op` may be a registered operator's name. `call.validate()` checks the
/// operator's contract separately.
fn call(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = crate::vm::args::bind(vm, "Call", args, &["op", "args", "attrs", "ty_args", "ty", "*", "span"])?;
    let op_arg = a.req(vm, "op")?;
    let op = match op_arg.downcast_ref::<PyStr>() {
        Some(name) => {
            let name = name.to_string_lossy();
            ir::Expr(ir::Op::get(&name).map_err(|_| vm.new_attribute_error(format!("Operator {name} is not registered")))?.upcast())
        }
        None => py_to_expr(vm, &op_arg)?,
    };
    let call_args = match a.get(vm, "args") {
        Some(a) => crate::vm::convert::py_to_seq(vm, &a)?.iter().map(|x| py_to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?,
        None => vec![],
    };
    let attrs = match a.get(vm, "attrs") {
        Some(a) => Some(py_to_value(vm, &a)?),
        None => None,
    };
    let ty_args = match a.get(vm, "ty_args") {
        Some(a) => crate::vm::convert::py_to_seq(vm, &a)?
            .iter()
            .map(|x| py_to_object(vm, x).and_then(|o| Type::try_from_object(o).py(vm)))
            .collect::<PyResult<Vec<_>>>()?,
        None => vec![],
    };
    let ty = match a.get(vm, "ty") {
        Some(t) => Some(call_type(vm, &t)?),
        None => None,
    };
    let c = ir::Call::make(ty, op, call_args, attrs, ty_args, Span::none()).py(vm)?;
    Ok(wrap(vm, c.upcast()))
}

/// A call's stored type: an IR type, or a dtype (`"int8"`, `T.int8`) as its PrimType.
fn call_type(vm: &VirtualMachine, t: &PyObjectRef) -> PyResult<Type> {
    if let Some(o) = crate::vm::object::unwrap_object(t)
        && o.isinstance(ir::ty::type_info())
    {
        return Ok(Type(o));
    }
    match crate::dialects::tirx::frontend::convert::to_dtype(vm, t) {
        Ok(d) if d.is_handle() => Ok(Type::pointer(Type::prim(DataType::void()), "global")),
        Ok(d) => Ok(Type::prim(d)),
        Err(_) => Err(vm.new_type_error(format!("Call: ty must be a Type or a dtype, got {}", t.class().name()))),
    }
}

/// Calling a GlobalVar (`Module.f(x)`) builds a call to it.
fn call_global_var(vm: &VirtualMachine, obj: &ir::ObjectRef, args: &FuncArgs) -> Option<PyResult> {
    let gv = obj.downcast_ref::<GlobalVarNode>()?;
    // Inside a Relax function the Relax frontend builds (and types) the call.
    let dialect = builder::current_dialect();
    if dialect == Some("relax") {
        return None;
    }
    // Outside any frame, a typed function's call is left untyped, as TVM's
    // `Call(self, args)`: a builder's normalisation infers it (`relax.BlockBuilder`).
    let ty = if dialect.is_none() && !gv.ty.is_missing() { Type::missing() } else { Type::prim(DataType::INT32) };
    Some((|| {
        let call_args = args.args.iter().map(|a| py_to_expr(vm, a)).collect::<PyResult<Vec<_>>>()?;
        let c = ir::Call::make(Some(ty), ir::Expr(obj.clone()), call_args, None, vec![], Span::none()).py(vm)?;
        Ok(wrap(vm, c.upcast()))
    })())
}

/// `mod["main"]` / `mod[gv]`: a function of a module (`module_class::lookup`).
fn module_item(vm: &VirtualMachine, obj: &ir::ObjectRef, key: &crate::vm::native::Val) -> Option<PyResult<crate::vm::native::Val>> {
    let m = obj.try_downcast::<ir::IRModuleNode>()?;
    Some(super::module_class::lookup(vm, &m, &key.to_py(vm)).map(|f| crate::vm::native::Val::Ir(f.into_object())))
}

/// What a module class's name means while the module is being built: `Module.f`
/// is the GlobalVar of function `f`.
#[pyclass(module = "tvm.script.ir", name = "ModuleRef")]
#[derive(Debug, PyPayload)]
pub struct ModuleRef {
    name: String,
}

#[pyclass(with(GetAttr))]
impl ModuleRef {}

impl GetAttr for ModuleRef {
    fn getattro(zelf: &Py<Self>, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
        if let Some(v) = zelf.as_object().generic_getattr_opt(name, None, vm)? {
            return Ok(v);
        }
        let n = name.to_string_lossy();
        match module_frame::lookup_global_var(&n) {
            Some(gv) => Ok(wrap(vm, gv.upcast())),
            None => Err(vm.new_attribute_error(format!("module {} has no function named {n:?}", zelf.name))),
        }
    }
}

fn init_classes() {
    use rustpython_vm::class::PyClassImpl;
    ModuleRef::make_static_type();
}

/// Bind `name` to `value` where the builder functions will read it: a closure cell
/// if they capture it, else their globals.
fn bind_class_name(vm: &VirtualMachine, scopes: &[PyObjectRef], name: &str, value: &PyObjectRef) -> PyResult<()> {
    for f in scopes {
        let Ok(code) = f.get_attr("__code__", vm) else { continue };
        let freevars: Vec<String> = Vec::<String>::try_from_object(vm, code.get_attr("co_freevars", vm)?)?;
        if let Some(i) = freevars.iter().position(|v| v == name) {
            let closure = f.get_attr("__closure__", vm)?;
            let cells: Vec<PyObjectRef> = Vec::try_from_object(vm, closure)?;
            if let Some(cell) = cells.get(i) {
                cell.set_attr("cell_contents", value.clone(), vm)?;
            }
        } else if let Ok(globals) = f.get_attr("__globals__", vm) {
            globals.set_item(name, value.clone(), vm)?;
        }
    }
    Ok(())
}

/// `@I.ir_module`: build the module from the deferred definitions of the class body.
fn ir_module(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    // `@I.ir_module(check_well_formed=False)`: the decorator with an option.
    if args.args.is_empty() {
        let check = match args.kwargs.get("check_well_formed") {
            Some(v) => v.clone().try_to_bool(vm)?,
            None => true,
        };
        return Ok(crate::vm::closure::closure(vm, "ir_module", move |a: FuncArgs, vm: &VirtualMachine| -> PyResult {
            let on = check && crate::program::settings::check_well_formed();
            crate::program::settings::with_check_well_formed(on, || ir_module(vm, a))
        }));
    }
    let cls = first_arg(vm, &args, "I.ir_module")?;
    let Some(cls_type) = cls.downcast_ref::<PyType>() else {
        return Err(vm.new_type_error("I.ir_module decorates a class: write @I.ir_module above `class Module:`"));
    };
    if !builder::collecting_definitions() {
        return Err(vm.new_type_error(
            "I.ir_module must be applied with @ at the class definition; applying it later is not supported",
        ));
    }
    let class_name = cls_type.name().to_string();
    let depth = builder::depth();
    let result = build_module(vm, &cls, &class_name);
    builder::unwind_to(depth);
    release_definitions(vm, &cls);
    result
}

/// Take the deferred definitions out of the module class once its module is built,
/// and empty them: the class is only ever freed by the cycle collector (it is in its
/// own `__mro__`), and the namespace it was made from may be held longer still.
/// Without this their bodies and builders, and through the builders' globals the
/// module itself, would wait for a collection. Nothing can reach them: the
/// decorated name is the module.
fn release_definitions(vm: &VirtualMachine, cls: &PyObjectRef) {
    for (k, v) in class_members(vm, cls).unwrap_or_default() {
        if let Some(d) = v.downcast_ref::<DeferredDefinition>() {
            d.release();
            if let Some(name) = k.downcast_ref::<PyStr>() {
                let _ = cls.del_attr(name, vm);
            }
        }
    }
}

/// The (name, value) pairs of a class's namespace, in definition order.
fn class_members(vm: &VirtualMachine, cls: &PyObjectRef) -> PyResult<Vec<(PyObjectRef, PyObjectRef)>> {
    let dict = cls.get_attr("__dict__", vm)?;
    let items = vm.call_method(&dict, "items", ())?;
    let mut out = Vec::new();
    for item in vm.extract_elements_with(&items, Ok)? {
        let pair: Vec<PyObjectRef> = vm.extract_elements_with(&item, Ok)?;
        if let [k, v] = pair.as_slice() {
            out.push((k.clone(), v.clone()));
        }
    }
    Ok(out)
}

fn build_module(vm: &VirtualMachine, cls: &PyObjectRef, class_name: &str) -> PyResult {
    // In source order: deferred definitions, and (as TVM's `name = value` in a module
    // class) function values assigned directly, such as `R.ExternFunc("f")`.
    enum Member {
        Deferred(rustpython_vm::PyRef<DeferredDefinition>),
        Value(String, BaseFunc),
    }
    let mut members = Vec::new();
    for (k, v) in &class_members(vm, cls)? {
        if let Ok(d) = v.clone().downcast::<DeferredDefinition>() {
            members.push(Member::Deferred(d));
        } else if let Some(f) = crate::vm::object::unwrap_object(v).and_then(|o| BaseFunc::try_from_object(o).ok())
            && let Some(name) = k.downcast_ref::<PyStr>()
        {
            members.push(Member::Value(name.to_string(), f));
        }
    }
    // Declare every function first: bodies may call functions defined later.
    let mut gvs = Vec::new();
    for m in &members {
        let (name, ty) = match m {
            Member::Deferred(d) => (d.name.clone(), d.declare(vm)?),
            // A function is an expression: its type is the GlobalVar's.
            Member::Value(name, f) => (name.clone(), ir::Expr::from_object_unchecked(f.as_object().clone()).ty()),
        };
        let gv = GlobalVar::new(GlobalVarNode { ty, name_hint: name.as_str().into(), span: Span::none() });
        builder::find_frame::<IRModuleFrame, _>(|m| m.global_vars.insert(name, gv.clone()));
        gvs.push(gv);
    }
    let module_ref: PyObjectRef = ModuleRef { name: class_name.to_string() }.into_ref(&vm.ctx).into();
    for m in &members {
        if let Member::Deferred(d) = m {
            bind_class_name(vm, &d.scopes(), class_name, &module_ref)?;
        }
    }
    let mut funcs = Vec::new();
    // GlobalVars whose type the built function refined, old -> new.
    let mut retyped: Vec<(GlobalVar, GlobalVar)> = Vec::new();
    for (m, gv) in members.iter().zip(gvs) {
        let f = match m {
            Member::Deferred(d) => BaseFunc::try_from_object(d.build(vm)?).py(vm)?,
            Member::Value(_, f) => f.clone(),
        };
        let gv = match module_frame::retype_global_var(&gv, &f) {
            Some(new) => {
                retyped.push((gv, new.clone()));
                new
            }
            None => gv,
        };
        funcs.push((gv, f));
    }
    let funcs = module_frame::replace_global_vars(funcs, &module_frame::with_derived(retyped)).py(vm)?;
    let (attrs, infos) = builder::find_frame::<IRModuleFrame, _>(|m| (m.attrs.clone(), m.global_infos.clone()))
        .unwrap_or_default();
    let mut module = IRModule::from_functions(funcs).py(vm)?;
    if !attrs.is_empty() {
        module = module.with_attrs(Arc::from(attrs));
    }
    if !infos.is_empty() {
        module = module.with_global_infos(Arc::from(infos));
    }
    Ok(wrap(vm, module.upcast()))
}
