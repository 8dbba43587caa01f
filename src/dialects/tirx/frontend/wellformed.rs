//! The well-formedness check run after parsing (TVM's `verify_well_formed`),
//! for the mistakes scripts make: a variable bound twice, an S-TIR block using an
//! outer loop variable directly instead of through its iteration variables.

use std::collections::HashSet;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use crate::dialects::tirx::nodes::*;
use crate::ir::ObjectRef;

/// `Err(message)` naming the first problem found.
pub fn check(func: &PrimFunc) -> Result<(), String> {
    check_located(func).map_err(|(msg, _)| msg)
}

/// [`check`], with where in the source the problem is, when the IR knows.
pub fn check_located(func: &PrimFunc) -> Result<(), (String, Option<crate::ir::Span>)> {
    let mut defined: HashSet<usize> = func.params.iter().map(|p| p.as_ref_obj().addr()).collect();
    let mut problem = None;
    crate::ir::pre_order_visit(&func.body.clone().into_object(), |n: &ObjectRef| {
        if problem.is_some() {
            return false;
        }
        if let Some(b) = n.downcast_ref::<BindNode>()
            && !defined.insert(b.var.as_ref_obj().addr())
        {
            problem = Some((format!("Variable {} is bound more than once", b.var.name), Some(n.span().clone())));
        }
        true
    });
    if let Some(p) = problem {
        return Err(p);
    }
    let s_tir = func.attr("s_tir").is_some_and(|v| matches!(v, crate::ir::Value::Bool(true)));
    if !s_tir && crate::dialects::s_tir::frontend::contains_block(&func.body) {
        let realize = crate::ir::innermost_span(func.body.as_object(), &|n: &ObjectRef| n.type_key() == "s_tir.SBlock");
        return Err(("TIR verifier does not support statement s_tir.SBlockRealize (use @T.prim_func(s_tir=True))".into(), realize));
    }
    if let Some(p) = crate::dialects::s_tir::frontend::check_outer_loop_use(&func.body) {
        return Err(p);
    }
    Ok(())
}

/// `verify_well_formed(func_or_module, assert_mode=True)`: `True` when well formed;
/// otherwise a DiagnosticError, or `False` with `assert_mode=False`.
pub fn verify(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = super::args::bind(vm, "verify_well_formed", args, &["obj", "assert_mode", "variables"])?;
    let obj = a.req(vm, "obj")?;
    let assert_mode = a.bool_or(vm, "assert_mode", true)?;
    let o = crate::vm::object::unwrap_object(&obj).ok_or_else(|| vm.new_type_error("verify_well_formed expects IR"))?;
    let mut funcs = vec![];
    if let Some(f) = o.try_downcast::<PrimFuncNode>() {
        funcs.push(f);
    } else if let Some(m) = o.downcast_ref::<crate::ir::IRModuleNode>() {
        funcs.extend(m.functions.iter().filter_map(|(_, f)| f.try_downcast::<PrimFuncNode>()));
    }
    // TVM's variable checks come first, over all functions (a module shares one record);
    // `check_well_formed` (the construction checks alone) leaves them out.
    let variables = a.bool_or(vm, "variables", true)?;
    if let (true, Err(msg)) = (variables, crate::dialects::tirx::verify_vars::verify(&funcs)) {
        if assert_mode {
            return Err(crate::dialects::ir::module_class::internal_error(vm, format!("ValueError: {msg}")));
        }
        return Ok(vm.ctx.new_bool(false).into());
    }
    for f in funcs {
        if let Err(msg) = check(&f) {
            if assert_mode {
                return Err(super::convert::diag(vm, format!("error: The IR is not well-formed: {msg}")));
            }
            return Ok(vm.ctx.new_bool(false).into());
        }
    }
    Ok(vm.ctx.new_bool(true).into())
}
