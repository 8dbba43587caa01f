//! What the frozen `tvm.ir.transform` package needs from Rust (namespace
//! `ir._pass`): the passes registered in `ir::pass` (the built-in ones, and any an
//! embedder registers), run under a context the Python `PassContext` describes,
//! and the module edits function-level passes make.
//!
//! The pass machinery Python sees (Sequential, PassContext, instruments) runs in
//! Python, so a Python pass and a Rust pass compose in one `Sequential` and Python
//! instruments see every pass; a Rust pass runs as one step (the passes a Rust
//! `Sequential` holds are not shown to Python instruments one by one).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::vm::convert::{py_int, py_str, py_to_seq, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};
use crate::ir::expr::{BaseFunc, GlobalVarNode};
use crate::ir::module::{IRModule, IRModuleNode};
use crate::ir::pass::{get_pass, PassContext};
use crate::ir::ObjectRef;

fn arg(vm: &VirtualMachine, args: &FuncArgs, i: usize) -> PyResult<PyObjectRef> {
    args.args.get(i).cloned().ok_or_else(|| vm.new_type_error("ir._pass: missing argument"))
}

fn module_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<IRModule> {
    let obj = unwrap_object(o).ok_or_else(|| vm.new_type_error(format!("expected an IRModule, got {}", o.class().name())))?;
    obj.downcast::<IRModuleNode>().py(vm)
}

fn strings(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<Vec<String>> {
    py_to_seq(vm, o)?.iter().map(|s| py_str(vm, s)).collect()
}

/// `functions(mod)`: `[(GlobalVar, function)]` in the module's order.
fn functions(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let module = module_arg(vm, &arg(vm, &args, 0)?)?;
    let items = module
        .functions()
        .map(|(gv, f)| vm.ctx.new_tuple(vec![wrap(vm, gv.as_ref_obj()), wrap(vm, f.as_object().clone())]).into())
        .collect();
    Ok(vm.ctx.new_list(items).into())
}

/// `with_functions(mod, [(GlobalVar, function or None)])`: the module with those
/// functions replaced (`None` removes one); the same module when nothing changed.
fn with_functions(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let module_py = arg(vm, &args, 0)?;
    let mut module = module_arg(vm, &module_py)?;
    let mut changed = false;
    for pair in py_to_seq(vm, &arg(vm, &args, 1)?)? {
        let pair = py_to_seq(vm, &pair)?;
        let [gv, func] = pair.as_slice() else { return Err(vm.new_type_error("expected (GlobalVar, function) pairs")) };
        let gv = unwrap_object(gv).ok_or_else(|| vm.new_type_error("expected a GlobalVar"))?.downcast::<GlobalVarNode>().py(vm)?;
        if vm.is_none(func) {
            module = module.remove(&gv.name_hint).py(vm)?;
            changed = true;
            continue;
        }
        let obj: ObjectRef = unwrap_object(func)
            .ok_or_else(|| vm.new_type_error(format!("a function pass must return a function or None, got {}", func.class().name())))?;
        let func = BaseFunc::try_from_object(obj).py(vm)?;
        if module.get(&gv).is_some_and(|old| old.same_as(&func)) {
            continue;
        }
        module = module.update(gv, func);
        changed = true;
    }
    Ok(if changed { wrap(vm, module.upcast()) } else { module_py })
}

/// The Rust context for a Python `PassContext`'s settings (its instruments stay in Python).
fn context(vm: &VirtualMachine, args: &FuncArgs, from: usize) -> PyResult<PassContext> {
    let mut ctx = PassContext::new(py_int(vm, &arg(vm, args, from)?)? as i32);
    ctx = ctx.require(strings(vm, &arg(vm, args, from + 1)?)?).disable(strings(vm, &arg(vm, args, from + 2)?)?);
    if let Some(config) = args.args.get(from + 3).filter(|c| !vm.is_none(c)) {
        let dict = config.clone().downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("config must be a dict"))?;
        for (k, v) in &dict {
            ctx.config.insert(py_str(vm, &k)?, py_to_value(vm, &v)?);
        }
    }
    Ok(ctx)
}

/// `info(name)`: `(opt_level, name, required, traceable)` of a registered pass.
fn info(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let name = py_str(vm, &arg(vm, &args, 0)?)?;
    let pass = get_pass(&name).py(vm)?;
    let i = pass.info();
    let required = vm.ctx.new_list(i.required.iter().map(|r| vm.ctx.new_str(r.as_str()).into()).collect());
    Ok(vm
        .ctx
        .new_tuple(vec![
            vm.ctx.new_int(i.opt_level).into(),
            vm.ctx.new_str(i.name.as_str()).into(),
            required.into(),
            vm.ctx.new_bool(i.traceable).into(),
        ])
        .into())
}

/// `run(name, mod, opt_level, required_pass, disabled_pass, config)`: run a
/// registered pass (its body only: the caller runs the instruments).
fn run(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let name = py_str(vm, &arg(vm, &args, 0)?)?;
    let module = module_arg(vm, &arg(vm, &args, 1)?)?;
    let ctx = context(vm, &args, 2)?;
    let pass = get_pass(&name).py(vm)?;
    let out = crate::ir::pass::transform_only(&pass, module, &ctx).py(vm)?;
    Ok(wrap(vm, out.upcast()))
}

/// Define the `ir._pass` namespace the frozen `tvm.ir.transform` package calls.
pub fn register() {
    crate::vm::namespace::register_namespace("ir._pass", |t| {
        t.func("functions", functions);
        t.func("with_functions", with_functions);
        t.func("info", info);
        t.func("run", run);
    });
}
