//! The four operators, registered through `OpDef` chains, with their type inference
//! and validation.
//!
//! | operator | meaning | result type (`float32` parts) |
//! |---|---|---|
//! | `my_ext.complex(re, im)` | construct `re + im * i` | `my_ext.Complex(T.float32)` |
//! | `my_ext.cmul(z, w)` | multiply two complex values | `my_ext.Complex(T.float32)` |
//! | `my_ext.real(z)` | the real part | `T.float32` |
//! | `my_ext.imag(z)` | the imaginary part | `T.float32` |

use std::sync::Arc;

use tvmscript::dialects::tirx::ops::{CallEffectKind, ATTR_CALL_EFFECT_KIND};
use tvmscript::ir::op::{sig, ATTR_DOC_TRANSLATE};
use tvmscript::ir::{
    require, structural_equal, CallNode, Error, OpDef, OpNode, PrimType, Result, Type, Value,
};
use tvmscript::printer::engine::PrintHook;

use super::types::{as_complex, ComplexTypeNode};

/// TVM's `TCallEffectKind` attribute, as the TIRx dialect names it.
pub const CALL_EFFECT_KIND: &str = ATTR_CALL_EFFECT_KIND;

/// An argument that must be a complex value (for signatures and messages).
pub struct ComplexExpr;
impl sig::ArgKind for ComplexExpr {
    const KIND: &'static str = "my_ext.Complex";
}

/// Register the four operators. A second registration of a name is a ValueError
/// (the registry keeps one `Op` object per name).
pub fn register() -> Result<()> {
    OpDef::new("my_ext.complex", "Construct the complex number re + im * i.")
        .signature((
            sig::arg::<sig::PrimExpr>("re", "The real part."),
            sig::arg::<sig::PrimExpr>("im", "The imaginary part."),
        ))
        .set_infer_type(infer_complex)
        .set_validator(validate_call)
        .set_attr(CALL_EFFECT_KIND, CallEffectKind::Pure.as_i64())
        .set_attr(ATTR_DOC_TRANSLATE, print_hook())
        .register()?;
    OpDef::new("my_ext.cmul", "Multiply two complex values.")
        .signature((
            sig::arg::<ComplexExpr>("z", "The left factor."),
            sig::arg::<ComplexExpr>("w", "The right factor."),
        ))
        .set_infer_type(infer_cmul)
        .set_validator(validate_call)
        .set_attr(CALL_EFFECT_KIND, CallEffectKind::Pure.as_i64())
        .set_attr(ATTR_DOC_TRANSLATE, print_hook())
        .register()?;
    OpDef::new("my_ext.real", "The real part of a complex value.")
        .signature((sig::arg::<ComplexExpr>("z", "The complex value."),))
        .set_infer_type(infer_real)
        .set_validator(validate_call)
        .set_attr(CALL_EFFECT_KIND, CallEffectKind::Pure.as_i64())
        .set_attr(ATTR_DOC_TRANSLATE, print_hook())
        .register()?;
    OpDef::new("my_ext.imag", "The imaginary part of a complex value.")
        .signature((sig::arg::<ComplexExpr>("z", "The complex value."),))
        .set_infer_type(infer_imag)
        .set_validator(validate_call)
        .set_attr(CALL_EFFECT_KIND, CallEffectKind::Pure.as_i64())
        .set_attr(ATTR_DOC_TRANSLATE, print_hook())
        .register()?;
    Ok(())
}

fn print_hook() -> Value {
    let hook: PrintHook = Arc::new(super::printer::print_call);
    Value::native(hook)
}

// ---------------------------------------------------------------------------
// Type inference: check the arguments, compute the result type.

/// `complex(re, im)`: two scalar float parts of one type give a complex of that type.
pub fn infer_complex(call: &CallNode) -> Result<Type> {
    check_call(call, "my_ext.complex", 2)?;
    let elem = float_part(&call.args[0].ty(), "my_ext.complex")?;
    let im = float_part(&call.args[1].ty(), "my_ext.complex")?;
    require(elem.dtype == im.dtype, "my_ext.complex expects parts of the same type")?;
    Ok(ComplexTypeNode::make(elem.dtype, call.span.clone())?.into())
}

/// `cmul(z, w)`: two complex values of one type give that type.
pub fn infer_cmul(call: &CallNode) -> Result<Type> {
    check_call(call, "my_ext.cmul", 2)?;
    let z = call.args[0].ty();
    let w = call.args[1].ty();
    let zc = complex_part(&z, "my_ext.cmul")?;
    let wc = complex_part(&w, "my_ext.cmul")?;
    require(zc.elem.dtype == wc.elem.dtype, "my_ext.cmul expects complex values of the same type")?;
    Ok(z)
}

/// `real(z)`: the part type of `z`.
pub fn infer_real(call: &CallNode) -> Result<Type> {
    part_type(call, "my_ext.real")
}

/// `imag(z)`: the part type of `z`.
pub fn infer_imag(call: &CallNode) -> Result<Type> {
    part_type(call, "my_ext.imag")
}

fn part_type(call: &CallNode, op: &str) -> Result<Type> {
    check_call(call, op, 1)?;
    let z = call.args[0].ty();
    Ok(complex_part(&z, op)?.elem.clone().into())
}

/// The inference of one of the four operators, by name.
pub fn inference_of(op: &str) -> Option<fn(&CallNode) -> Result<Type>> {
    Some(match op {
        "my_ext.complex" => infer_complex,
        "my_ext.cmul" => infer_cmul,
        "my_ext.real" => infer_real,
        "my_ext.imag" => infer_imag,
        _ => return None,
    })
}

/// Validate a call whose type may have been given rather than inferred: the
/// arguments pass the operator's checks and the call's type is the inferred one.
pub fn validate_call(call: &CallNode) -> Result<()> {
    let op = call
        .op
        .downcast_ref::<OpNode>()
        .ok_or_else(|| Error::type_error("my_ext: validate_call expects a call of an operator"))?;
    let infer = inference_of(&op.name)
        .ok_or_else(|| Error::value_error(format!("my_ext: {} is not a my_ext operator", op.name)))?;
    let inferred = infer(call)?;
    if !structural_equal(&call.ty, &inferred, false) {
        return Err(Error::type_error(format!(
            "{}: the call has type {}, but its arguments give {}",
            op.name,
            describe(&call.ty),
            describe(&inferred)
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Checks shared by the operators.

/// The argument count (a TypeError naming the operator).
pub fn check_call(call: &CallNode, op: &str, arity: usize) -> Result<()> {
    if call.args.len() != arity {
        return Err(Error::type_error(format!("{op} expects {arity} argument(s), got {}", call.args.len())));
    }
    Ok(())
}

/// A scalar float type, the only kind a part may have.
pub fn float_part(ty: &Type, op: &str) -> Result<PrimType> {
    match ty.as_prim() {
        Some(d) if d.is_float() && d.is_scalar() => Ok(ty.downcast::<tvmscript::ir::PrimTypeNode>()?),
        _ => Err(Error::type_error(format!("{op} expects scalar float parts, got {}", describe(ty)))),
    }
}

/// The complex type of an operand.
pub fn complex_part<'a>(ty: &'a Type, op: &str) -> Result<&'a ComplexTypeNode> {
    as_complex(ty).ok_or_else(|| Error::type_error(format!("{op} expects a complex value")))
}

/// A type for messages: `float32`, `my_ext.Complex(float32)`.
pub fn describe(ty: &Type) -> String {
    if let Some(d) = ty.as_prim() {
        return d.to_string();
    }
    if let Some(c) = as_complex(ty) {
        return format!("my_ext.Complex({})", c.elem.dtype);
    }
    if ty.is_missing() {
        return "no type".into();
    }
    ty.type_key().to_string()
}
