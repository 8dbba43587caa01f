//! The `my_ext` script namespace: `from tvm.script import my_ext`, then
//! `my_ext.Complex(T.float32)`, `my_ext.complex(re, im)`, `my_ext.cmul(z, w)`,
//! `my_ext.real(z)`, `my_ext.imag(z)` and `my_ext.lower_complex()`.
//!
//! The namespace is *registered* when the extension registers (its name is known, so
//! imports resolve) and *loaded* the first time a script reads one of its members: the
//! initializer passed to `register_namespace_initializer` builds the member table then.

use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use tvmscript::ir::{BaseFunc, Call, IRModule, Op, Span, Type, VarNode};
use tvmscript::script::protocol::register_namespace_path;
use tvmscript::vm::convert::{py_to_expr, py_to_object};
use tvmscript::vm::error::IntoPyResult;
use tvmscript::vm::namespace::{register_namespace_initializer, NamespaceTable};
use tvmscript::vm::object::{unwrap_object, wrap};

use super::lower::lower_complex;
use super::types::ComplexTypeNode;

/// The namespace's canonical path (`tvm.script.my_ext`).
pub const NAMESPACE: &str = "my_ext";

/// Declare the namespace; its members are built on first use.
pub fn register() {
    register_namespace_path(NAMESPACE);
    register_namespace_initializer(NAMESPACE, members);
}

fn members(t: &mut NamespaceTable) {
    t.func("Complex", complex_type);
    for (name, arity) in [("complex", 2), ("cmul", 2), ("real", 1), ("imag", 1)] {
        t.func(name, move |vm, args| build_call(vm, name, arity, args));
    }
    t.func("lower_complex", |vm, args| {
        if !args.args.is_empty() || !args.kwargs.is_empty() {
            return Err(vm.new_type_error("my_ext.lower_complex() takes no arguments"));
        }
        pass_object(vm)
    });
}

/// `my_ext.Complex(elem)`: `elem` is `T.float32`, `"float32"` or a `PrimType`.
fn complex_type(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let elem = match (args.args.as_slice(), args.kwargs.get("elem")) {
        ([e], None) | ([], Some(e)) => e.clone(),
        _ => return Err(vm.new_type_error("my_ext.Complex expects one argument, elem")),
    };
    let dtype = part_dtype(vm, &elem)?;
    Ok(wrap(vm, ComplexTypeNode::make(dtype, Span::none()).py(vm)?.upcast()))
}

/// The data type a part annotation names: a string, a `PrimType`, a typed variable, a
/// dialect's dtype object (it has `_dtype_str`) or a constructor making a variable.
fn part_dtype(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<tvmscript::ir::DataType> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return s.to_string_lossy().parse().py(vm);
    }
    if let Some(o) = unwrap_object(obj) {
        let ty = match o.downcast_ref::<VarNode>() {
            Some(v) => v.ty.clone(),
            None => Type::try_from_object(o).py(vm)?,
        };
        return ty.as_prim().ok_or_else(|| vm.new_type_error("my_ext.Complex expects a scalar float type"));
    }
    if let Ok(s) = obj.get_attr("_dtype_str", vm) {
        return part_dtype(vm, &s);
    }
    if obj.is_callable() {
        return part_dtype(vm, &obj.call((), vm)?);
    }
    Err(vm.new_type_error(format!("my_ext.Complex expects a data type, got {}", obj.class().name())))
}

/// `my_ext.<name>(args…)`: a call of the operator, typed by its inference (whose
/// TypeError reaches the script as a TypeError).
fn build_call(vm: &VirtualMachine, name: &str, arity: usize, args: FuncArgs) -> PyResult {
    if !args.kwargs.is_empty() {
        return Err(vm.new_type_error(format!("my_ext.{name} takes no keyword arguments")));
    }
    if args.args.len() != arity {
        return Err(vm.new_type_error(format!("my_ext.{name} expects {arity} argument(s), got {}", args.args.len())));
    }
    let operands = args.args.iter().map(|a| py_to_expr(vm, a)).collect::<PyResult<Vec<_>>>()?;
    let op = Op::get(&format!("my_ext.{name}")).py(vm)?;
    let call = Call::make(None, op, operands, None, Vec::new(), Span::none()).py(vm)?;
    Ok(wrap(vm, call.upcast()))
}

/// The pass as a Python callable: `lower(mod)` lowers every function of an IRModule,
/// `lower(func)` a single function.
fn pass_object(vm: &VirtualMachine) -> PyResult {
    let pass = lower_complex().py(vm)?;
    let f = vm.new_function("my_ext.LowerComplex", move |args: FuncArgs, vm: &VirtualMachine| -> PyResult {
        let [target] = args.args.as_slice() else {
            return Err(vm.new_type_error("my_ext.LowerComplex expects one IRModule or function"));
        };
        let obj = py_to_object(vm, target)?;
        if let Some(module) = obj.try_downcast::<tvmscript::ir::IRModuleNode>() {
            return Ok(wrap(vm, pass.call(module).py(vm)?.upcast()));
        }
        let func = BaseFunc::try_from_object(obj).py(vm)?;
        let module = IRModule::from_expr(func);
        let name = module.global_vars()[0].name_hint.to_string();
        let lowered = pass.call(module).py(vm)?;
        let out = lowered.lookup(&name).ok_or_else(|| vm.new_runtime_error("my_ext.LowerComplex lost the function"))?;
        Ok(wrap(vm, out.into_object()))
    });
    Ok(f.into())
}
