//! The well-formedness check run after a Relax function is parsed (TVM's
//! `relax.analysis.well_formed`), reduced to what the frontend can get wrong:
//! every Relax variable used is defined before (a parameter or an earlier binding).

use std::collections::HashSet;

use crate::dialects::relax::nodes::{AnyBlock, DataflowVarNode, Function, FunctionNode, SeqExprNode};
use crate::ir::{Expr, ObjectRef, Value, VarNode};

/// `Err(message)` when the function is not well formed.
pub fn check(func: &Function) -> Result<(), String> {
    let mut defined: HashSet<usize> = func.params.iter().map(|p| p.as_ref_obj().addr()).collect();
    seq(&func.body.blocks, &func.body.body, &mut defined)
}

fn seq(blocks: &[AnyBlock], body: &Expr, defined: &mut HashSet<usize>) -> Result<(), String> {
    for b in blocks {
        for binding in b.bindings() {
            if let Some(v) = binding.value() {
                uses(v.as_object(), defined)?;
            }
            if let Some(var) = binding.var() {
                defined.insert(var.as_object().addr());
            }
        }
    }
    uses(body.as_object(), defined)
}

fn uses(obj: &ObjectRef, defined: &mut HashSet<usize>) -> Result<(), String> {
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
        return seq(&f.body.blocks, &f.body.body, &mut inner);
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
