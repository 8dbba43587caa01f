//! `relax._impl.called_ops(func)`: the names of the operators a Relax function calls,
//! found by a walk in Rust that stays on expressions and bindings (types, shapes
//! and PrimFunc bodies are not entered). `LegalizeOps` asks it first, so a function
//! calling no operator with a rule is not walked in Python at all.

use rustpython_vm::function::FuncArgs;

use crate::ir::map::pre_order_visit;
use crate::ir::{CallNode, ObjectRef, OpNode};
use crate::vm::args::bind;
use crate::vm::namespace::NamespaceTable;
use crate::vm::object::unwrap_object;

/// The type keys whose children can hold a call.
const WALKED: &[&str] = &[
    "relax.expr.Function",
    "relax.expr.SeqExpr",
    "relax.expr.BindingBlock",
    "relax.expr.DataflowBlock",
    "relax.expr.VarBinding",
    "relax.expr.MatchCast",
    "relax.expr.If",
    "ir.Tuple",
    "ir.TupleGetItem",
    "ir.Call",
];

/// The distinct operator names `root` calls, in order of first call.
pub fn called_ops(root: &ObjectRef) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    pre_order_visit(root, |node| {
        if let Some(call) = node.downcast_ref::<CallNode>()
            && let Some(op) = call.op.downcast_ref::<OpNode>()
            && !names.iter().any(|n| **n == *op.name)
        {
            names.push(op.name.to_string());
        }
        WALKED.contains(&node.type_key())
    });
    names
}

/// Add `called_ops` to `relax._impl`.
pub fn register(t: &mut NamespaceTable) {
    t.func("called_ops", |vm, args: FuncArgs| {
        let a = bind(vm, "called_ops", args, &["func"])?;
        let func = a.req(vm, "func")?;
        let func = unwrap_object(&func).ok_or_else(|| vm.new_type_error("called_ops: expected a Relax function"))?;
        let names = called_ops(&func).into_iter().map(|n| vm.ctx.new_str(n).into()).collect();
        Ok(vm.ctx.new_list(names).into())
    });
}
