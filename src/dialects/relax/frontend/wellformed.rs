//! The well-formedness check run after a Relax function is parsed (TVM's
//! `relax.analysis.well_formed`), reduced to what the frontend can get wrong:
//! every Relax variable used is defined before (a parameter or an earlier binding).

use std::collections::HashSet;

use crate::dialects::relax::nodes::{AnyBlock, DataflowVarNode, Function, FunctionNode, SeqExprNode};
use crate::ir::{Expr, ObjectRef, Value, VarNode};

/// `Err(message)` when the function is not well formed.
pub fn check(func: &Function) -> Result<(), String> {
    let mut defined: HashSet<usize> = func.params.iter().map(|p| p.as_ref_obj().addr()).collect();
    PURE.with(|p| p.set(checks_purity(func)));
    let r = seq(&func.body.blocks, &func.body.body, &mut defined);
    PURE.with(|p| p.set(false));
    r
}

thread_local! {
    /// Whether the function being checked must not call impure functions.
    static PURE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A pure function without `relax.force_pure` may only call pure functions.
fn checks_purity(f: &FunctionNode) -> bool {
    f.is_pure && f.attr("relax.force_pure") != Some(&Value::Bool(true))
}

/// Calls a pure function may not make: impure operators (`R.print`, `R.assert_op` …)
/// and packed functions called directly (`R.call_packed`).
fn impure_call(c: &crate::ir::CallNode) -> Option<String> {
    if let Some(op) = c.op.downcast_ref::<crate::ir::OpNode>() {
        let op_ref = crate::ir::Op::lookup(&op.name)?;
        return (op_ref.get_attr("FPurity") == Some(Value::Bool(false))).then(|| format!("R.{}", op.name.trim_start_matches("relax.")));
    }
    if let Some(e) = c.op.downcast_ref::<crate::dialects::relax::nodes::ExternFuncNode>() {
        return Some(format!("the packed function {:?}", e.global_symbol));
    }
    None
}

fn seq(blocks: &[AnyBlock], body: &Expr, defined: &mut HashSet<usize>) -> Result<(), String> {
    for b in blocks {
        for binding in b.bindings() {
            let value = binding.value();
            let var = binding.var();
            // A local function may call itself through its variable.
            let recursive = value.is_some_and(|v| v.is::<FunctionNode>());
            if recursive && let Some(var) = var {
                defined.insert(var.as_object().addr());
            }
            if let Some(v) = value {
                uses(v.as_object(), defined)?;
            }
            if let Some(var) = var {
                defined.insert(var.as_object().addr());
            }
        }
    }
    uses(body.as_object(), defined)
}

fn uses(obj: &ObjectRef, defined: &mut HashSet<usize>) -> Result<(), String> {
    if let Some(c) = obj.downcast_ref::<crate::ir::CallNode>() {
        call_tir_outputs(c)?;
        if PURE.with(|p| p.get())
            && let Some(what) = impure_call(c)
        {
            return Err(format!("Impure function call {what} occurs within a pure function"));
        }
    }
    if obj.is::<DataflowVarNode>() || (obj.is::<VarNode>() && !is_prim_var(obj)) {
        if !defined.contains(&obj.addr()) {
            let name = obj.downcast_ref::<VarNode>().map(|v| v.name.to_string()).unwrap_or_default();
            return Err(format!("Var {name} is used before it is defined"));
        }
        return Ok(());
    }
    if let Some(s) = obj.downcast_ref::<SeqExprNode>() {
        let mut inner = defined.clone();
        return seq(&s.blocks, &s.body, &mut inner);
    }
    if let Some(f) = obj.downcast_ref::<FunctionNode>() {
        let mut inner = defined.clone();
        inner.extend(f.params.iter().map(|p| p.as_ref_obj().addr()));
        let outer = PURE.with(|p| p.replace(checks_purity(f)));
        let r = seq(&f.body.blocks, &f.body.body, &mut inner);
        PURE.with(|p| p.set(outer));
        return r;
    }
    if obj.isinstance(crate::ir::type_info()) {
        return Ok(());
    }
    for v in obj.fields() {
        value(&v, defined)?;
    }
    Ok(())
}

fn value(v: &Value, defined: &mut HashSet<usize>) -> Result<(), String> {
    match v {
        Value::Object(o) => uses(o, defined),
        Value::Array(a) => a.iter().try_for_each(|x| value(x, defined)),
        _ => Ok(()),
    }
}

/// Scalar (symbolic shape) variables are defined by the types that mention them.
fn is_prim_var(obj: &ObjectRef) -> bool {
    obj.downcast_ref::<VarNode>().is_some_and(|v| v.ty.as_prim().is_some())
}

/// `R.call_tir(f, args, out_ty)`: the output types must agree with the callee's
/// output parameters (the parameters after the inputs) where both are static.
fn call_tir_outputs(c: &crate::ir::CallNode) -> Result<(), String> {
    use crate::dialects::relax::types::{as_func, as_tensor, as_tuple};
    let Some(op) = c.op.downcast_ref::<crate::ir::OpNode>() else { return Ok(()) };
    if !matches!(&*op.name, "relax.call_tir" | "relax.call_tir_with_grad") {
        return Ok(());
    }
    let (Some(callee), Some(args), Some(out)) = (c.args.first(), c.args.get(1), c.ty_args.first()) else { return Ok(()) };
    let Some(params) = as_func(&callee.ty()).and_then(|f| f.params.clone()) else { return Ok(()) };
    let n_in = args.downcast_ref::<crate::ir::TupleNode>().map(|t| t.fields.len()).unwrap_or(1);
    let outs: Vec<crate::ir::Type> = match as_tuple(out) {
        Some(t) => t.fields.clone(),
        None => vec![out.clone()],
    };
    for (i, o) in outs.iter().enumerate() {
        let Some(p) = params.get(n_in + i) else { break };
        let (Some(pt), Some(ot)) = (as_tensor(p), as_tensor(o)) else { continue };
        let (Some(pd), Some(od)) = (pt.shape_values(), ot.shape_values()) else { continue };
        let static_dims = |d: &[Expr]| d.iter().map(|x| x.as_int()).collect::<Option<Vec<i64>>>();
        if let (Some(a), Some(b)) = (static_dims(pd), static_dims(od))
            && a != b
        {
            return Err(format!(
                "The output of R.call_tir does not match the callee's output buffer: shape {b:?} vs {a:?}"
            ));
        }
    }
    Ok(())
}

/// Check every Relax function of a module (or one function); `true` when well formed.
pub fn check_object(obj: &ObjectRef) -> bool {
    if let Ok(f) = obj.clone().downcast::<FunctionNode>() {
        return check(&f).is_ok();
    }
    if let Some(m) = obj.downcast_ref::<crate::ir::IRModuleNode>() {
        return m.functions.iter().all(|(_, f)| match f.0.clone().downcast::<FunctionNode>() {
            Ok(f) => check(&f).is_ok(),
            Err(_) => true,
        });
    }
    true
}
