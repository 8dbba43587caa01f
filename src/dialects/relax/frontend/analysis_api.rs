//! The type analyses of `tvm.relax.analysis` (`type_analysis`) for the frozen
//! Python package, as members of the `relax._impl` namespace.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::convert::{to_expr, to_type};
use crate::dialects::relax::type_analysis as ta;
use crate::ir::{Expr, ObjectRef};
use crate::vm::args::bind;
use crate::vm::convert::{err, iterate, py, py_list};
use crate::vm::namespace::NamespaceTable;
use crate::vm::object::unwrap_object;

fn type_param(vm: &VirtualMachine, a: &crate::vm::args::Bound, name: &str) -> PyResult<crate::ir::Type> {
    to_type(vm, &a.req(vm, name)?)
}

/// The `(key, value)` pairs of a Python dict or IR map (`None` is empty).
fn pairs(vm: &VirtualMachine, m: Option<PyObjectRef>) -> PyResult<Vec<(PyObjectRef, PyObjectRef)>> {
    let Some(m) = m else { return Ok(Vec::new()) };
    let items = vm.call_method(&m, "items", ())?;
    iterate(vm, &items)?
        .into_iter()
        .map(|kv| Ok((kv.get_item(&0, vm)?, kv.get_item(&1, vm)?)))
        .collect()
}

fn is_prim_var(o: &ObjectRef) -> bool {
    o.downcast_ref::<crate::ir::VarNode>().is_some_and(|v| v.ty.as_prim().is_some())
}

/// Add the analyses to `relax._impl`.
pub fn register(t: &mut NamespaceTable) {
    t.func("type_lca", |vm, args: FuncArgs| {
        let a = bind(vm, "type_lca", args, &["lhs", "rhs"])?;
        Ok(py(vm, ta::type_lca(&type_param(vm, &a, "lhs")?, &type_param(vm, &a, "rhs")?).into_object()))
    });
    t.func("get_static_type", |vm, args: FuncArgs| {
        let a = bind(vm, "get_static_type", args, &["ty"])?;
        Ok(py(vm, ta::static_type(&type_param(vm, &a, "ty")?).into_object()))
    });
    t.func("erase_to_well_defined", |vm, args: FuncArgs| {
        let a = bind(vm, "erase_to_well_defined", args, &["ty", "shape_var_map", "var_map"])?;
        let ty = type_param(vm, &a, "ty")?;
        let mut map: Vec<(ObjectRef, Expr)> = Vec::new();
        for (k, v) in pairs(vm, a.get(vm, "shape_var_map"))? {
            let key = unwrap_object(&k).filter(is_prim_var).ok_or_else(|| {
                let shown = vm.call_method(&k, "__str__", ()).ok().and_then(|s| s.str(vm).ok()).map(|s| s.to_string()).unwrap_or_default();
                vm.new_type_error(format!("Expected an exact primitive Var, but received {shown}"))
            })?;
            map.push((key, crate::dialects::tirx::frontend::convert::to_expr(vm, &v)?));
        }
        for (k, v) in pairs(vm, a.get(vm, "var_map"))? {
            let key = unwrap_object(&k).ok_or_else(|| vm.new_type_error("erase_to_well_defined: var_map keys are variables"))?;
            map.push((key, to_expr(vm, &v)?));
        }
        let value_of = |v: &ObjectRef| map.iter().find(|(k, _)| k.same_as(v)).map(|(_, e)| e.clone());
        // No map at all: nothing is defined (TVM's null lookup).
        let erased = ta::erase_to_well_defined_with(&ty, &value_of).map_err(|e| err(vm, e))?;
        Ok(py(vm, erased.into_object()))
    });
    t.func("tir_vars_in_type", |vm, args: FuncArgs| {
        let a = bind(vm, "tir_vars_in_type", args, &["ty"])?;
        Ok(py_list(vm, ta::tir_vars_in_type(&type_param(vm, &a, "ty")?, false)))
    });
    t.func("definable_tir_vars_in_type", |vm, args: FuncArgs| {
        let a = bind(vm, "definable_tir_vars_in_type", args, &["ty"])?;
        Ok(py_list(vm, ta::tir_vars_in_type(&type_param(vm, &a, "ty")?, true)))
    });
    t.func("collect_non_negative_expressions", |vm, args: FuncArgs| {
        let a = bind(vm, "collect_non_negative_expressions", args, &["ty"])?;
        let exprs = ta::non_negative_expressions(&type_param(vm, &a, "ty")?);
        Ok(py_list(vm, exprs.into_iter().map(|e| e.as_object().clone())))
    });
    t.func("symbolic_vars", |vm, args: FuncArgs| {
        let a = bind(vm, "symbolic_vars", args, &["func", "free"])?;
        let f = a.req(vm, "func")?;
        let f = unwrap_object(&f).ok_or_else(|| vm.new_type_error("expected a relax.Function"))?;
        let (defined, free) = ta::function_symbolic_vars(&f);
        Ok(py_list(vm, if a.bool_or(vm, "free", false)? { free } else { defined }))
    });
    t.func("contains_impure_call", |vm, args: FuncArgs| {
        let a = bind(vm, "contains_impure_call", args, &["expr", "own_name"])?;
        let e = a.req(vm, "expr")?;
        let e = unwrap_object(&e).ok_or_else(|| vm.new_type_error("contains_impure_call expects a Relax expression"))?;
        let own = match a.get(vm, "own_name") {
            None => None,
            Some(o) => Some(
                unwrap_object(&o)
                    .filter(|o| o.is::<crate::ir::VarNode>() || o.is::<crate::ir::expr::GlobalVarNode>())
                    .ok_or_else(|| vm.new_value_error("Must pass a Var or GlobalVar for own_name"))?,
            ),
        };
        Ok(vm.ctx.new_bool(crate::dialects::relax::transform::contains_impure_call(&e, own.as_ref(), None)).into())
    });
    t.func("remove_all_unused", |vm, args: FuncArgs| {
        let a = bind(vm, "remove_all_unused", args, &["func"])?;
        let f = a.req(vm, "func")?;
        let f = unwrap_object(&f).ok_or_else(|| vm.new_type_error("remove_all_unused expects a Relax expression"))?;
        let out = crate::dialects::relax::transform::remove_all_unused(f).map_err(|e| err(vm, e))?;
        Ok(py(vm, out))
    });
}
