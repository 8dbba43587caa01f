//! Data types as TVM writes them: `int32`, `uint8`, `float16`, `bfloat16`,
//! `float8_e4m3fn`, `float4_e2m1fn`, `bool`, `handle`, `void`, vectors
//! (`float32x4`) and scalable vectors (`float32xvscalex4`).

use std::fmt;
use std::str::FromStr;

use super::error::{Error, Result};

/// The kind of scalar a [`DataType`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeCode {
    Int,
    UInt,
    Float,
    BFloat,
    Bool,
    Handle,
    /// A small float format, named by its TVM suffix (`e4m3fn` …); `bits` says 8, 6 or 4.
    SmallFloat(SmallFloat),
}

/// The float8/float6/float4 formats TVM knows, each written `float<bits>_<name>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmallFloat {
    E3M4,
    E4M3,
    E4M3B11FNUZ,
    E4M3FN,
    E4M3FNUZ,
    E5M2,
    E5M2FNUZ,
    E8M0FNU,
    E2M3FN,
    E3M2FN,
    E2M1FN,
}

impl SmallFloat {
    const ALL: [(SmallFloat, u16, &'static str); 11] = [
        (SmallFloat::E3M4, 8, "e3m4"),
        (SmallFloat::E4M3, 8, "e4m3"),
        (SmallFloat::E4M3B11FNUZ, 8, "e4m3b11fnuz"),
        (SmallFloat::E4M3FN, 8, "e4m3fn"),
        (SmallFloat::E4M3FNUZ, 8, "e4m3fnuz"),
        (SmallFloat::E5M2, 8, "e5m2"),
        (SmallFloat::E5M2FNUZ, 8, "e5m2fnuz"),
        (SmallFloat::E8M0FNU, 8, "e8m0fnu"),
        (SmallFloat::E2M3FN, 6, "e2m3fn"),
        (SmallFloat::E3M2FN, 6, "e3m2fn"),
        (SmallFloat::E2M1FN, 4, "e2m1fn"),
    ];
    fn suffix(self) -> &'static str {
        Self::ALL.iter().find(|(f, _, _)| *f == self).map(|(_, _, s)| *s).unwrap_or("?")
    }
}

/// A scalar or vector data type. `lanes < 0` means a scalable vector of
/// `vscale * -lanes` elements; `void` is a handle with zero bits and lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataType {
    pub code: TypeCode,
    pub bits: u16,
    pub lanes: i32,
}

impl DataType {
    pub const fn new(code: TypeCode, bits: u16, lanes: i32) -> Self {
        DataType { code, bits, lanes }
    }
    pub const fn int(bits: u16) -> Self {
        Self::new(TypeCode::Int, bits, 1)
    }
    pub const fn uint(bits: u16) -> Self {
        Self::new(TypeCode::UInt, bits, 1)
    }
    pub const fn float(bits: u16) -> Self {
        Self::new(TypeCode::Float, bits, 1)
    }
    pub const fn bfloat16() -> Self {
        Self::new(TypeCode::BFloat, 16, 1)
    }
    pub const fn bool() -> Self {
        Self::new(TypeCode::Bool, 1, 1)
    }
    pub const fn handle() -> Self {
        Self::new(TypeCode::Handle, 64, 1)
    }
    pub const fn void() -> Self {
        Self::new(TypeCode::Handle, 0, 0)
    }
    pub const INT32: DataType = DataType::int(32);
    pub const INT64: DataType = DataType::int(64);
    pub const FLOAT32: DataType = DataType::float(32);
    pub const BOOL: DataType = DataType::bool();

    pub fn with_lanes(self, lanes: i32) -> Self {
        DataType { lanes, ..self }
    }
    pub fn element_of(self) -> Self {
        self.with_lanes(1)
    }
    pub fn is_void(self) -> bool {
        self.code == TypeCode::Handle && self.bits == 0 && self.lanes == 0
    }
    pub fn is_handle(self) -> bool {
        self.code == TypeCode::Handle && !self.is_void()
    }
    pub fn is_int(self) -> bool {
        self.code == TypeCode::Int
    }
    pub fn is_uint(self) -> bool {
        self.code == TypeCode::UInt
    }
    /// Signed or unsigned integer (not bool).
    pub fn is_integer(self) -> bool {
        matches!(self.code, TypeCode::Int | TypeCode::UInt)
    }
    pub fn is_bool(self) -> bool {
        self.code == TypeCode::Bool
    }
    /// Any floating-point format, including bfloat16 and the small floats.
    pub fn is_float(self) -> bool {
        matches!(self.code, TypeCode::Float | TypeCode::BFloat | TypeCode::SmallFloat(_))
    }
    pub fn is_scalar(self) -> bool {
        self.lanes == 1
    }
    pub fn is_vector(self) -> bool {
        self.lanes != 1 && !self.is_void()
    }
    pub fn is_scalable_vector(self) -> bool {
        self.lanes < 0
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_void() {
            return f.write_str("void");
        }
        match self.code {
            TypeCode::Int => write!(f, "int{}", self.bits)?,
            TypeCode::UInt => write!(f, "uint{}", self.bits)?,
            TypeCode::Float => write!(f, "float{}", self.bits)?,
            TypeCode::BFloat => write!(f, "bfloat{}", self.bits)?,
            TypeCode::Bool => f.write_str("bool")?,
            TypeCode::Handle => f.write_str("handle")?,
            TypeCode::SmallFloat(k) => write!(f, "float{}_{}", self.bits, k.suffix())?,
        }
        match self.lanes {
            1 => Ok(()),
            l if l < 0 => write!(f, "xvscalex{}", -l),
            l => write!(f, "x{l}"),
        }
    }
}

impl FromStr for DataType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_dtype(s).ok_or_else(|| Error::value_error(format!("unknown data type {s:?}")))
    }
}

fn parse_dtype(s: &str) -> Option<DataType> {
    if s == "void" {
        return Some(DataType::void());
    }
    // Split off the lanes suffix: `x4` or `xvscalex4`.
    let (base, lanes) = match s.find("xvscalex") {
        Some(i) => (&s[..i], -parse_count(&s[i + 8..])?),
        None => match s.rfind('x') {
            Some(i) if i > 0 && s[i + 1..].bytes().all(|b| b.is_ascii_digit()) && !s[i + 1..].is_empty() => {
                (&s[..i], parse_count(&s[i + 1..])?)
            }
            _ => (s, 1),
        },
    };
    let scalar = parse_scalar(base)?;
    Some(scalar.with_lanes(lanes))
}

fn parse_count(s: &str) -> Option<i32> {
    let n: i32 = s.parse().ok()?;
    (n > 0).then_some(n)
}

fn parse_bits(s: &str, default: u16) -> Option<u16> {
    if s.is_empty() {
        return Some(default);
    }
    let bits: u16 = s.parse().ok()?;
    (bits > 0 && s.bytes().all(|b| b.is_ascii_digit())).then_some(bits)
}

fn parse_scalar(s: &str) -> Option<DataType> {
    match s {
        "bool" => return Some(DataType::bool()),
        "handle" => return Some(DataType::handle()),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix("bfloat") {
        return (parse_bits(rest, 16)? == 16).then(DataType::bfloat16);
    }
    if let Some(rest) = s.strip_prefix("uint") {
        return Some(DataType::uint(parse_bits(rest, 32)?));
    }
    if let Some(rest) = s.strip_prefix("int") {
        return Some(DataType::int(parse_bits(rest, 32)?));
    }
    if let Some(rest) = s.strip_prefix("float") {
        if let Some((bits, fmt)) = rest.split_once('_') {
            let bits = parse_bits(bits, 0)?;
            let (kind, want, _) = SmallFloat::ALL.iter().find(|(_, _, name)| *name == fmt)?;
            return (bits == *want).then_some(DataType::new(TypeCode::SmallFloat(*kind), bits, 1));
        }
        let bits = parse_bits(rest, 32)?;
        return matches!(bits, 16 | 32 | 64 | 8 | 128).then_some(DataType::float(bits));
    }
    None
}
