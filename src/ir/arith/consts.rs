//! Constants: TVM's checked `IntImm`/`FloatImm` constructors and `make_const`.

use super::*;
use crate::ir::dtype::SmallFloat;
use crate::ir::expr::{FloatImm, FloatImmNode, IntImm, IntImmNode};
use crate::ir::ty::Type;

pub(super) fn raw_float_imm(dtype: DataType, value: f64, span: Span) -> Expr {
    FloatImm::new(FloatImmNode { ty: Type::prim(dtype), value, span }).into()
}

pub(super) fn raw_int_imm(dtype: DataType, value: i64, span: Span) -> Expr {
    IntImm::new(IntImmNode { ty: Type::prim(dtype), value, span }).into()
}

/// TVM's checked `IntImm(dtype, value)` constructor: a scalar int, uint or bool type and
/// a value in its range (`bool` and 1-bit types take 0 or 1). `uint64` keeps the value's
/// two's-complement bit pattern, so every `i64` is accepted for it.
pub fn int_imm_checked(dtype: DataType, value: i64, span: Span) -> Result<Expr> {
    if dtype.is_handle() {
        return Err(Error::type_error("PrimType cannot represent an opaque pointer"));
    }
    if dtype.lanes != 1 {
        return Err(Error::value_error(format!("IntImm can only take scalar, but {dtype} was supplied.")));
    }
    if !matches!(dtype.code, TypeCode::Int | TypeCode::UInt | TypeCode::Bool) {
        return Err(Error::value_error(format!("IntImm supports only int or uint type, but {dtype} was supplied.")));
    }
    let bits = dtype.bits as u32;
    if dtype.is_bool() || bits == 1 {
        if value != 0 && value != 1 {
            return Err(Error::value_error(format!("{value} exceeds range of {dtype}")));
        }
    } else if dtype.is_uint() {
        if bits < 64 {
            if value < 0 {
                return Err(Error::value_error(format!(
                    "Literal value {value} is negative for unsigned integer type {dtype}"
                )));
            }
            if value >= 1i64 << bits {
                return Err(Error::value_error(format!("Literal value {value} exceeds maximum of {dtype}")));
            }
        }
    } else if bits < 64 {
        let (lo, hi) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
        if value < lo || value > hi {
            return Err(Error::value_error(format!("Literal value {value} exceeds range of {dtype}")));
        }
    }
    Ok(raw_int_imm(dtype, value, span))
}

/// The largest finite magnitude TVM accepts for a float constant of this type, and
/// whether the format is unsigned (no negative values).
fn float_bound(dtype: DataType) -> Option<(f64, bool)> {
    match dtype.code {
        TypeCode::Float if dtype.bits == 16 => Some((65504.0, false)),
        TypeCode::Float if dtype.bits == 32 => Some((f32::MAX as f64, false)),
        // TVM's kMaxBFloat16 (larger than bfloat16's real maximum; kept for parity).
        TypeCode::BFloat => Some((3.895_313_892_515_355e38, false)),
        TypeCode::SmallFloat(k) => Some(match k {
            SmallFloat::E3M4 => (31.0, false),
            SmallFloat::E4M3 | SmallFloat::E4M3FN => (448.0, false),
            SmallFloat::E4M3FNUZ => (448.0, true),
            SmallFloat::E4M3B11FNUZ => (30.0, true),
            SmallFloat::E5M2 => (57344.0, false),
            SmallFloat::E5M2FNUZ => (57344.0, true),
            SmallFloat::E8M0FNU => (f32::MAX as f64, true),
            SmallFloat::E2M3FN => (7.5, false),
            SmallFloat::E3M2FN => (28.0, false),
            SmallFloat::E2M1FN => (6.0, false),
        }),
        _ => None,
    }
}

/// TVM's checked `FloatImm(dtype, value)` constructor: a scalar float type (IEEE
/// `float<bits>`, `bfloat16`, float8/6/4) and, for finite values, the type's range.
/// The value is kept exactly as given, as TVM does (`float32` constants are not rounded).
pub fn float_imm_checked(dtype: DataType, value: f64, span: Span) -> Result<Expr> {
    if dtype.lanes != 1 {
        return Err(Error::value_error("FloatImm can only take scalar."));
    }
    let float_like = matches!(dtype.code, TypeCode::Float | TypeCode::SmallFloat(_)) || is_bfloat16(dtype);
    if !float_like {
        return Err(Error::value_error(format!("FloatImm supports only float, but {dtype} was supplied.")));
    }
    if value.is_finite()
        && let Some((bound, unsigned)) = float_bound(dtype)
    {
        if unsigned && value < 0.0 {
            return Err(Error::value_error(format!("Literal value {value} below zero for unsigned {dtype}")));
        }
        if value > bound {
            return Err(Error::value_error(format!("Literal value {value} exceeds maximum of {dtype}")));
        }
        if value < -bound {
            return Err(Error::value_error(format!("Literal value {value} exceeds minimum of {dtype}")));
        }
    }
    Ok(raw_float_imm(dtype, value, span))
}

fn make_const_scalar_int(dtype: DataType, value: i64, span: Span) -> Result<Expr> {
    match dtype.code {
        TypeCode::Int | TypeCode::Bool => int_imm_checked(dtype, value, span),
        TypeCode::UInt => {
            if value < 0 {
                return Err(internal(format!("cannot make uint from negative value {value}")));
            }
            int_imm_checked(dtype, value, span)
        }
        TypeCode::Float | TypeCode::BFloat | TypeCode::SmallFloat(_) => float_imm_checked(dtype, value as f64, span),
        TypeCode::Handle => Err(Error::type_error(format!("cannot make a constant of type {dtype}"))),
    }
}

fn make_const_scalar_float(dtype: DataType, value: f64, span: Span) -> Result<Expr> {
    match dtype.code {
        // C++ `static_cast<int64_t>`: truncation toward zero.
        TypeCode::Int | TypeCode::Bool => int_imm_checked(dtype, value as i64, span),
        TypeCode::UInt => {
            if value < 0.0 {
                return Err(internal(format!("cannot make uint from negative value {value}")));
            }
            int_imm_checked(dtype, value as u64 as i64, span)
        }
        TypeCode::Float | TypeCode::BFloat | TypeCode::SmallFloat(_) => float_imm_checked(dtype, value, span),
        TypeCode::Handle => Err(Error::type_error(format!("cannot make a constant of type {dtype}"))),
    }
}

/// TVM's `make_const(dtype, int)`: a constant of `dtype`; for a vector type the scalar
/// constant broadcast over its lanes.
pub fn make_const_int(dtype: DataType, value: i64, span: Span) -> Result<Expr> {
    if dtype.lanes == 1 {
        return make_const_scalar_int(dtype, value, span);
    }
    let scalar = make_const_scalar_int(dtype.element_of(), value, span.clone())?;
    broadcast(scalar, lanes_expr(dtype)?, span)
}

/// TVM's `make_const(dtype, double)`; integer types truncate toward zero.
pub fn make_const_float(dtype: DataType, value: f64, span: Span) -> Result<Expr> {
    if dtype.lanes == 1 {
        return make_const_scalar_float(dtype, value, span);
    }
    let scalar = make_const_scalar_float(dtype.element_of(), value, span.clone())?;
    broadcast(scalar, lanes_expr(dtype)?, span)
}

/// The zero of a type (`make_zero`).
pub fn make_zero(dtype: DataType) -> Result<Expr> {
    make_const_int(dtype, 0, Span::none())
}

/// The data type `tvm.tirx.const(value)` picks without one: `bool`; `int32`, else
/// `int64`; `float32` within its range, else `float64`.
pub fn scalar_type_inference(value: &Operand) -> Result<DataType> {
    match value {
        Operand::Bool(_) => Ok(DataType::bool()),
        Operand::Int(v) => Ok(python_int_dtype(*v)),
        Operand::Float(v) => {
            let fits = (-3.402_823_47e38..=3.402_823_47e38).contains(v);
            Ok(if fits { DataType::FLOAT32 } else { DataType::float(64) })
        }
        Operand::Expr(e) => prim_dtype(e),
    }
}

/// `tvm.tirx.const(value, dtype)`: ints and bools go through `make_const(dtype, int)`,
/// floats through `make_const(dtype, double)` (so `const(1.5, "int32")` is `1`).
pub fn const_value(value: impl Into<Operand>, dtype: Option<DataType>, span: Span) -> Result<Expr> {
    let value = value.into();
    let dtype = match dtype {
        Some(d) => d,
        None => scalar_type_inference(&value)?,
    };
    match value {
        Operand::Int(v) => make_const_int(dtype, v, span),
        Operand::Bool(v) => make_const_int(dtype, v as i64, span),
        Operand::Float(v) => make_const_float(dtype, v, span),
        Operand::Expr(e) => Err(Error::type_error(format!(
            "First argument to tvm.tirx.const must be int, float, or bool, but got {}",
            e.type_key()
        ))),
    }
}
