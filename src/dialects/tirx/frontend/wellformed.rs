//! The well-formedness check run after parsing (TVM's `verify_well_formed`),
//! for the mistakes scripts make: a variable bound twice, an S-TIR block using an
//! outer loop variable directly instead of through its iteration variables.

use std::collections::HashSet;

use crate::dialects::tirx::nodes::*;
use crate::ir::ObjectRef;

/// `Err(message)` naming the first problem found.
pub fn check(func: &PrimFunc) -> Result<(), String> {
    let mut defined: HashSet<usize> = func.params.iter().map(|p| p.as_ref_obj().addr()).collect();
    let mut problem = None;
    crate::ir::pre_order_visit(&func.body.clone().into_object(), |n: &ObjectRef| {
        if problem.is_some() {
            return false;
        }
        if let Some(b) = n.downcast_ref::<BindNode>()
            && !defined.insert(b.var.as_ref_obj().addr())
        {
            problem = Some(format!("Variable {} is bound more than once", b.var.name));
        }
        true
    });
    if let Some(p) = problem {
        return Err(p);
    }
    if let Some(p) = crate::dialects::s_tir::frontend::check_outer_loop_use(&func.body) {
        return Err(p);
    }
    Ok(())
}
