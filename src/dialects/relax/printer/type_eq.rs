//! A quick exact answer to `structural_equal(a, b, false)` for the types bindings are
//! annotated with (tensors of static or symbolic shapes), which the printer compares
//! for every binding to decide whether to print the annotation. The general engine
//! reflects every node into a vector of values; this walks the typed fields instead.
//!
//! Exactness: outside a definition region, structural equality of two variables is
//! identity, and only the nodes handled here are walked; none of them has a
//! definition field, so no comparison can bind a variable. Any other node makes the
//! answer `None` and the caller asks the general engine.

use crate::dialects::relax::nodes::ShapeExprNode;
use crate::dialects::relax::types::{ShapeTypeNode, TensorTypeNode};
use std::ops::Deref;

use crate::ir::{EqKind, IntImmNode, ObjectRef, PrimTypeNode, TupleTypeNode};

/// `Some(structural_equal(a, b, false))` when both sides are made of handled nodes.
pub fn quick_equal(a: &ObjectRef, b: &ObjectRef) -> Option<bool> {
    // Structural equality is reflexive (a variable equals itself).
    if a.same_as(b) {
        return Some(true);
    }
    let info = a.type_info();
    if !std::ptr::eq(info, b.type_info()) {
        return if info.key == b.type_key() { None } else { Some(false) };
    }
    if info.eq_kind == EqKind::Var {
        // Distinct variables, nothing bound: unequal.
        return Some(false);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<TensorTypeNode>(), b.downcast_ref::<TensorTypeNode>()) {
        if x.vdevice.is_some() || y.vdevice.is_some() {
            return None;
        }
        let shape = match (&x.shape, &y.shape) {
            (None, None) => true,
            (Some(s), Some(t)) => quick_equal(s, t)?,
            _ => false,
        };
        let dtype = match (&x.dtype, &y.dtype) {
            (None, None) => true,
            (Some(s), Some(t)) => s.dtype == t.dtype,
            _ => false,
        };
        return Some(shape && dtype && x.ndim == y.ndim);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<ShapeExprNode>(), b.downcast_ref::<ShapeExprNode>()) {
        return Some(quick_equal(&x.ty, &y.ty)? && all_equal(&x.values, &y.values)?);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<ShapeTypeNode>(), b.downcast_ref::<ShapeTypeNode>()) {
        let values = match (&x.values, &y.values) {
            (None, None) => true,
            (Some(s), Some(t)) => all_equal(s, t)?,
            _ => false,
        };
        return Some(values && x.ndim == y.ndim);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<IntImmNode>(), b.downcast_ref::<IntImmNode>()) {
        return Some(quick_equal(&x.ty, &y.ty)? && x.value == y.value);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<PrimTypeNode>(), b.downcast_ref::<PrimTypeNode>()) {
        return Some(x.dtype == y.dtype);
    }
    if let (Some(x), Some(y)) = (a.downcast_ref::<TupleTypeNode>(), b.downcast_ref::<TupleTypeNode>()) {
        return all_equal(&x.fields, &y.fields);
    }
    None
}

/// Element-wise; `None` as soon as any element is not handled (a later unhandled
/// element could bind a variable an earlier answer depends on).
fn all_equal<T: Deref<Target = ObjectRef>>(a: &[T], b: &[T]) -> Option<bool> {
    if a.len() != b.len() {
        return Some(false);
    }
    let mut equal = true;
    for (s, t) in a.iter().zip(b) {
        equal &= quick_equal(s, t)?;
    }
    Some(equal)
}

#[cfg(test)]
mod tests {
    use super::quick_equal;
    use crate::dialects::relax::nodes::ShapeExpr;
    use crate::dialects::relax::types::TensorType;
    use crate::ir::{structural_equal, DataType, Expr, ObjectRef, Span, Type, Var};

    fn tensor(shape: Vec<Expr>, dtype: DataType) -> ObjectRef {
        let ndim = shape.len() as i64;
        let shape = ShapeExpr::make(shape, Span::none()).expect("shape");
        let t = TensorType::make(Some(shape.into()), Some(dtype), None, ndim, Span::none()).expect("tensor type");
        let ty: Type = t.into();
        ty.0
    }

    fn int(v: i64) -> Expr {
        crate::ir::int_imm(DataType::INT64, v)
    }

    #[test]
    fn agrees_with_structural_equality() {
        let n: Expr = Var::scalar("n", DataType::INT64).into();
        let m: Expr = Var::scalar("n", DataType::INT64).into();
        let f16 = DataType::float(16);
        let cases = [
            (tensor(vec![int(1), int(4)], f16), tensor(vec![int(1), int(4)], f16)),
            (tensor(vec![int(1), int(4)], f16), tensor(vec![int(1), int(5)], f16)),
            (tensor(vec![int(1), int(4)], f16), tensor(vec![int(1), int(4), int(1)], f16)),
            (tensor(vec![int(1), int(4)], f16), tensor(vec![int(1), int(4)], DataType::FLOAT32)),
            (tensor(vec![n.clone(), int(4)], f16), tensor(vec![n.clone(), int(4)], f16)),
            (tensor(vec![n.clone(), int(4)], f16), tensor(vec![m.clone(), int(4)], f16)),
        ];
        let expected = [true, false, false, false, true, false];
        for ((a, b), want) in cases.iter().zip(expected) {
            assert_eq!(structural_equal(a, b, false), want, "{a:?} vs {b:?}");
            assert_eq!(quick_equal(a, b), Some(want), "{a:?} vs {b:?}");
        }
    }
}
