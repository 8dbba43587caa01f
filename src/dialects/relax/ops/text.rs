//! Short TVMScript-like renderings of types, shapes, scalar expressions and operators,
//! for the messages of inference errors (TVM's messages embed its printer's text:
//! `R.shape([2, 3])`, `T.int64(4)`, `R.Tensor((2, 3), dtype="float32")`, and the
//! `repr` of the operator). Not the printer: no name deduplication, no vdevice names.

use super::op_fact;
use crate::dialects::relax::nodes::{DataflowVarNode, ShapeExprNode};
use crate::dialects::relax::types::{AnyTypeNode, FuncTypeNode, ShapeTypeNode, TensorTypeNode, UNKNOWN_NDIM};
use crate::ir::{
    BinOp, CallNode, CastNode, DataType, Expr, FloatImmNode, IntImmNode, ObjectRef, OpNode, StringTypeNode,
    TupleTypeNode, Type, VarNode,
};

/// A scalar expression as TVM prints it on its own: `T.int64(4)`, `n`, `n + 1`, `T.min(a, b)`.
pub fn prim_text(e: &Expr) -> String {
    prim(e, false)
}

/// `R.shape([2, n])`.
pub fn shape_text(values: &[Expr]) -> String {
    format!("R.shape([{}])", dims(values))
}

fn dims(values: &[Expr]) -> String {
    values.iter().map(|v| prim(v, true)).collect::<Vec<_>>().join(", ")
}

/// Inside shapes int64 constants print bare (`(2, 3)`), elsewhere typed (`T.int64(2)`).
fn prim(e: &Expr, in_shape: bool) -> String {
    if let Some(i) = e.downcast_ref::<IntImmNode>() {
        let d = i.ty.dtype();
        return if d.is_bool() {
            if i.value != 0 { "True" } else { "False" }.into()
        } else if (in_shape && d == DataType::INT64) || d == DataType::INT32 {
            i.value.to_string()
        } else {
            format!("T.{d}({})", i.value)
        };
    }
    if let Some(f) = e.downcast_ref::<FloatImmNode>() {
        return format!("T.{}({:?})", f.ty.dtype(), f.value);
    }
    if let Some(v) = e.downcast_ref::<VarNode>() {
        return v.name.to_string();
    }
    if let Some(c) = e.downcast_ref::<CastNode>() {
        return format!("T.Cast(\"{}\", {})", c.ty.dtype(), prim(&c.value, in_shape));
    }
    if let Some((op, a, b)) = BinOp::operands(e) {
        let (sym, prec) = match op {
            BinOp::Add => ("+", 1),
            BinOp::Sub => ("-", 1),
            BinOp::Mul => ("*", 2),
            BinOp::FloorDiv => ("//", 2),
            BinOp::FloorMod => ("%", 2),
            BinOp::Min => return format!("T.min({}, {})", prim(a, in_shape), prim(b, in_shape)),
            BinOp::Max => return format!("T.max({}, {})", prim(a, in_shape), prim(b, in_shape)),
            other => {
                let name = other.type_key().rsplit('.').next().unwrap_or("?");
                return format!("T.{name}({}, {})", prim(a, in_shape), prim(b, in_shape));
            }
        };
        let side = |x: &Expr, right: bool| {
            let s = prim(x, in_shape);
            match BinOp::operands(x).map(|(o, _, _)| precedence(o)) {
                Some(p) if p < prec || (right && p == prec) => format!("({s})"),
                _ => s,
            }
        };
        return format!("{} {sym} {}", side(a, false), side(b, true));
    }
    format!("<{}>", e.type_key())
}

fn precedence(op: BinOp) -> i32 {
    match op {
        BinOp::Add | BinOp::Sub => 1,
        BinOp::Mul | BinOp::FloorDiv | BinOp::FloorMod => 2,
        _ => 3,
    }
}

/// A type as TVMScript writes it: `R.Tensor((2, 3), dtype="float32")`, `R.Tensor(ndim=2)`,
/// `R.Shape([n])`, `R.Tuple(..)`, `T.int64`, `R.Any`, `R.Callable(..)`.
pub fn type_text(ty: &Type) -> String {
    if let Some(t) = ty.downcast_ref::<TensorTypeNode>() {
        let mut parts = Vec::new();
        match &t.shape {
            Some(s) => {
                if let Some(se) = s.downcast_ref::<ShapeExprNode>() {
                    let one = if se.values.len() == 1 { "," } else { "" };
                    parts.push(format!("({}{one})", dims(&se.values)));
                } else {
                    parts.push(expr_name(s));
                }
            }
            None => {}
        }
        if let Some(d) = &t.dtype {
            parts.push(format!("dtype=\"{}\"", d.dtype));
        }
        if t.shape.is_none() && t.ndim != UNKNOWN_NDIM {
            parts.push(format!("ndim={}", t.ndim));
        }
        return if parts.is_empty() { "R.Tensor".into() } else { format!("R.Tensor({})", parts.join(", ")) };
    }
    if let Some(s) = ty.downcast_ref::<ShapeTypeNode>() {
        return match &s.values {
            Some(v) => format!("R.Shape([{}])", dims(v)),
            // TVM prints the unknown rank too: `R.Shape(ndim=-1)`.
            None => format!("R.Shape(ndim={})", s.ndim),
        };
    }
    if let Some(t) = ty.downcast_ref::<TupleTypeNode>() {
        if t.fields.is_empty() {
            return "R.Tuple".into();
        }
        return format!("R.Tuple({})", t.fields.iter().map(type_text).collect::<Vec<_>>().join(", "));
    }
    if let Some(f) = ty.downcast_ref::<FuncTypeNode>() {
        return match &f.params {
            None => "R.Callable".into(),
            Some(ps) => {
                let one = if ps.len() == 1 { "," } else { "" };
                let ps = ps.iter().map(type_text).collect::<Vec<_>>().join(", ");
                let purity = if f.purity { "True" } else { "False" };
                format!("R.Callable(({ps}{one}), {}, {purity})", type_text(&f.ret))
            }
        };
    }
    if ty.is::<AnyTypeNode>() {
        return "R.Any".into();
    }
    if ty.is::<StringTypeNode>() {
        return "I.StringType()".into();
    }
    if let Some(d) = ty.as_prim() {
        return format!("T.{d}");
    }
    if ty.is_missing() {
        return "<missing type>".into();
    }
    format!("<{}>", ty.type_key())
}

/// The name of a variable, or a placeholder for other expressions.
pub(crate) fn expr_name(e: &ObjectRef) -> String {
    if let Some(v) = e.downcast_ref::<VarNode>() {
        v.name.to_string()
    } else if let Some(v) = e.downcast_ref::<DataflowVarNode>() {
        v.name.to_string()
    } else if let Some(s) = e.downcast_ref::<ShapeExprNode>() {
        shape_text(&s.values)
    } else if e.is::<IntImmNode>() || e.is::<FloatImmNode>() {
        prim_text(&Expr(e.clone()))
    } else {
        "...".into()
    }
}

/// `R.add(x, y)`: a call as a message shows it.
pub(crate) fn call_text(call: &CallNode) -> String {
    let callee = match call.op.downcast_ref::<OpNode>() {
        Some(op) => format!("R.{}", op.name.strip_prefix("relax.").unwrap_or(&op.name)),
        None => expr_name(&call.op),
    };
    let args: Vec<String> = call.args.iter().map(|a| expr_name(a)).collect();
    format!("{callee}({})", args.join(", "))
}

/// TVM's `repr` of a registered operator, which its messages embed:
/// `ir.Op(span=None, ty=ir.Type(span=None), name="relax.add", description="", arguments=(...), ...)`.
pub fn op_repr(name: &str) -> String {
    let Some(f) = op_fact(name) else {
        return format!("ir.Op(name=\"{name}\")");
    };
    let args: Vec<String> = f
        .args
        .iter()
        .map(|(n, k, d)| format!("ir.ArgumentInfo(name=\"{n}\", type_info=\"{k}\", description=\"{d}\")"))
        .collect();
    let args = if args.len() == 1 { format!("({},)", args[0]) } else { format!("({})", args.join(", ")) };
    format!(
        "ir.Op(span=None, ty=ir.Type(span=None), name=\"{}\", description=\"\", arguments={args}, attrs_type_key=\"{}\", num_inputs={}, support_level={})",
        f.name, f.attrs_type_key, f.num_inputs, f.support_level
    )
}
