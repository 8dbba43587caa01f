//! `tirx.StmtSimplify` (`tvm.tirx.transform.StmtSimplify`) on what needs no
//! arithmetic analyzer, with TVM 0.27's results on those inputs:
//! - scalar arithmetic is rebuilt with the IR's own constructors (`ir::arith`), which
//!   fold constants and identities as TVM's do (`x + 0`, `x * 1`, `x * 0` for
//!   integers, `7 // 2`, `T.min(3, 5)`, comparisons of constants);
//! - `x - x` (operands structurally equal, integers) is 0, and `(x + c1) + c2` is
//!   `x + (c1 + c2)` for integer constants;
//! - an `if` with a constant condition becomes the branch taken (nothing, when that
//!   is a missing `else`);
//! - a loop of extent 1 keeps its loop, and its variable is replaced in the body by
//!   the loop's start (what the analyzer concludes from the loop's range);
//! - `T.evaluate(0)` disappears from a sequence (a sequence left empty is one
//!   `T.evaluate(0)`), as TVM's sequence flattening drops it.
//!
//! Where it stops: no facts are learnt from conditions or other loop ranges (`if i <
//! 16` inside `for i in range(16)` stays), no canonical forms (`x * 2 + x` stays),
//! no division or modulus simplification beyond constants, no buffer or block
//! rewriting; types, and so buffer shapes, are left as they are (as TVM leaves
//! them). A loop whose body becomes a no-op stays (that is `RemoveNoOp`'s).

use super::nodes::{is_evaluate_zero, no_op, ForNode, IfThenElseNode, PrimFunc, PrimFuncNode, SeqStmt, SeqStmtNode};
use crate::ir::arith;
use crate::ir::expr::{BinOp, IntImmNode};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{structural_equal, Expr, ObjectRef, Result, Value};

fn int_const(e: &Expr) -> Option<i64> {
    let i = e.as_object().downcast_ref::<IntImmNode>()?;
    e.prim_dtype().filter(|t| t.is_int() || t.is_uint()).map(|_| i.value)
}

fn is_integer(e: &Expr) -> bool {
    e.prim_dtype().is_some_and(|t| (t.is_int() || t.is_uint()) && t.lanes == 1)
}

/// The simplified form of a binary expression whose operands are simplified.
fn binary(node: &ObjectRef, op: BinOp, a: &Expr, b: &Expr) -> Result<MapResult> {
    let span = Default::default();
    if op == BinOp::Sub && is_integer(a) && structural_equal(a.as_object(), b.as_object(), false) {
        return Ok(MapResult::Replace(arith::make_zero(a.dtype())?.into_object()));
    }
    // (x + c1) + c2 -> x + (c1 + c2)
    if op == BinOp::Add
        && let Some(c2) = int_const(b)
        && let Some((BinOp::Add, x, c1)) = BinOp::operands(a.as_object())
        && let Some(c1) = int_const(c1)
    {
        let sum = arith::binary(BinOp::Add, arith::make_const_int(b.dtype(), c1, span)?, arith::make_const_int(b.dtype(), c2, Default::default())?, Default::default())?;
        return Ok(MapResult::Replace(arith::binary(BinOp::Add, x.clone(), sum, Default::default())?.into_object()));
    }
    let rebuilt = arith::binary(op, a.clone(), b.clone(), Default::default())?;
    // The constructors fold; a node they rebuild as it was stays the original.
    match BinOp::operands(rebuilt.as_object()) {
        Some((o, x, y)) if o == op && x.same_as(a) && y.same_as(b) => Ok(MapResult::Unchanged),
        _ => Ok(MapResult::Replace(rebuilt.into_object())),
    }
    .map(|r| match r {
        MapResult::Replace(n) if n.same_as(node) => MapResult::Unchanged,
        r => r,
    })
}

/// A field value with every object in it simplified; `None` when none changed.
fn simplify_value(v: &Value) -> Result<Option<Value>> {
    match v {
        Value::Object(o) => {
            let new = simplify(o.clone())?;
            Ok((!new.same_as(o)).then_some(Value::Object(new)))
        }
        Value::Array(items) => {
            let mut out: Option<Vec<Value>> = None;
            for (i, item) in items.iter().enumerate() {
                if let Some(new) = simplify_value(item)? {
                    out.get_or_insert_with(|| items.to_vec())[i] = new;
                }
            }
            Ok(out.map(|v| Value::Array(v.into())))
        }
        _ => Ok(None),
    }
}

/// The children of `node` simplified (each field through [`simplify`]).
fn with_children_simplified(node: &ObjectRef) -> Result<ObjectRef> {
    let mut fields = node.fields();
    let mut changed = false;
    for v in fields.iter_mut() {
        if let Some(new) = simplify_value(v)? {
            *v = new;
            changed = true;
        }
    }
    if changed { node.rebuild(fields) } else { Ok(node.clone()) }
}

/// One node whose children are simplified already.
fn simplify_simplified(node: ObjectRef) -> Result<ObjectRef> {
    if let Some((op, a, b)) = BinOp::operands(&node) {
        let (a, b) = (a.clone(), b.clone());
        return Ok(match binary(&node, op, &a, &b)? {
            MapResult::Replace(n) | MapResult::ReplaceAndSkip(n) => n,
            MapResult::Unchanged => node,
        });
    }
    if let Some(seq) = node.downcast_ref::<SeqStmtNode>() {
        if !seq.seq.iter().any(|s| is_evaluate_zero(s.as_object())) {
            return Ok(node);
        }
        let kept: Vec<_> = seq.seq.iter().filter(|s| !is_evaluate_zero(s.as_object())).cloned().collect();
        return Ok(match kept.len() {
            0 => no_op(),
            1 => kept[0].as_object().clone(),
            _ => SeqStmt::new(SeqStmtNode { seq: kept, span: seq.span.clone() }).upcast(),
        });
    }
    if let Some(i) = node.downcast_ref::<IfThenElseNode>()
        && let Some(c) = i.condition.as_object().downcast_ref::<IntImmNode>()
    {
        return Ok(match (c.value != 0, &i.else_case) {
            (true, _) => i.then_case.as_object().clone(),
            (false, Some(e)) => e.as_object().clone(),
            (false, None) => no_op(),
        });
    }
    Ok(node)
}

/// The pre-order step: types are left as they are (a buffer's shape is not
/// simplified, as TVM's statement mutator does not visit it); the nodes with a rule
/// are rebuilt bottom-up here; the walk descends into the others.
fn step(node: ObjectRef) -> Result<MapResult> {
    if node.type_info().derives_from(crate::ir::Type::category_info()) {
        return Ok(MapResult::ReplaceAndSkip(node));
    }
    if let Some(f) = node.downcast_ref::<ForNode>()
        && int_const(&f.extent) == Some(1)
    {
        // The analyzer knows the variable of a one-trip loop is its start.
        let (var, start) = (f.loop_var.as_ref_obj(), f.min.as_object().clone());
        let body = structural_map(
            f.body.as_object().clone(),
            |n: ObjectRef| if n.same_as(&var) { MapResult::Replace(start.clone()) } else { MapResult::Unchanged },
            WalkOrder::PostOrder,
        )?;
        let node = if body.same_as(f.body.as_object()) { node.clone() } else { node.with_field("body", Value::Object(body))? };
        return Ok(MapResult::ReplaceAndSkip(with_children_simplified(&node)?));
    }
    let has_rule = BinOp::operands(&node).is_some() || node.is::<SeqStmtNode>() || node.is::<IfThenElseNode>();
    if !has_rule {
        return Ok(MapResult::Unchanged);
    }
    Ok(MapResult::ReplaceAndSkip(simplify_simplified(with_children_simplified(&node)?)?))
}

/// A statement or expression simplified.
fn simplify(root: ObjectRef) -> Result<ObjectRef> {
    structural_map(root, step, WalkOrder::PreOrder)
}

/// A scalar expression simplified by the rules above (constants folded).
pub fn simplify_expr(e: Expr) -> Result<Expr> {
    Ok(Expr(simplify(e.as_object().clone())?))
}

/// The pass's body on one function: always a new function, as TVM's pass returns
/// one even when nothing changed (`same_as` the input is false).
pub fn stmt_simplify(f: PrimFunc) -> Result<Option<PrimFunc>> {
    let new = simplify(f.body.as_object().clone())?;
    Ok(Some(f.as_ref_obj().with_field("body", Value::Object(new))?.downcast::<PrimFuncNode>()?))
}
