//! Data types as TVM writes them: `int32`, `uint8`, `float16`, `bfloat16`,
//! `float8_e4m3fn`, `float4_e2m1fn`, `bool`, `handle`, `void`, vectors
//! (`float32x4`) and scalable vectors (`float32xvscalex4`).

use std::fmt;
use std::str::FromStr;

use super::error::{Error, Result};

/// The kind of scalar a [`DataType`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeCode {
    /// Signed integer (`int8` … `int64`).
    Int,
    /// Unsigned integer (`uint8` … `uint64`).
    UInt,
    /// IEEE float (`float16`, `float32`, `float64`).
    Float,
    /// Brain float (`bfloat16`).
    BFloat,
    /// Boolean (`bool`, one bit).
    Bool,
    /// An opaque pointer (`handle`); with 0 bits, `void`.
    Handle,
    /// A small float format, named by its TVM suffix (`e4m3fn` …); `bits` says 8, 6 or 4.
    SmallFloat(SmallFloat),
}

/// The float8/float6/float4 formats TVM knows, each written `float<bits>_<name>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmallFloat {
    /// `float8_e3m4`.
    E3M4,
    /// `float8_e4m3`.
    E4M3,
    /// `float8_e4m3b11fnuz`.
    E4M3B11FNUZ,
    /// `float8_e4m3fn`.
    E4M3FN,
    /// `float8_e4m3fnuz`.
    E4M3FNUZ,
    /// `float8_e5m2`.
    E5M2,
    /// `float8_e5m2fnuz`.
    E5M2FNUZ,
    /// `float8_e8m0fnu`.
    E8M0FNU,
    /// `float6_e2m3fn`.
    E2M3FN,
    /// `float6_e3m2fn`.
    E3M2FN,
    /// `float4_e2m1fn`.
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
    /// The kind of number.
    pub code: TypeCode,
    /// Bits per lane.
    pub bits: u16,
    /// Lanes: 1 for a scalar; negative for a scalable vector (`vscale` × -lanes).
    pub lanes: i32,
}

impl DataType {
    /// A data type from its parts.
    pub const fn new(code: TypeCode, bits: u16, lanes: i32) -> Self {
        DataType { code, bits, lanes }
    }
    /// The scalar signed integer of `bits` bits.
    pub const fn int(bits: u16) -> Self {
        Self::new(TypeCode::Int, bits, 1)
    }
    /// The scalar unsigned integer of `bits` bits.
    pub const fn uint(bits: u16) -> Self {
        Self::new(TypeCode::UInt, bits, 1)
    }
    /// The scalar float of `bits` bits.
    pub const fn float(bits: u16) -> Self {
        Self::new(TypeCode::Float, bits, 1)
    }
    /// `bfloat16`.
    pub const fn bfloat16() -> Self {
        Self::new(TypeCode::BFloat, 16, 1)
    }
    /// TVM 0.27 stores `bool` in 8 bits (`bool1` is a different, 1-bit type).
    pub const fn bool() -> Self {
        Self::new(TypeCode::Bool, 8, 1)
    }
    /// `handle` (64-bit opaque pointer).
    pub const fn handle() -> Self {
        Self::new(TypeCode::Handle, 64, 1)
    }
    /// `void` (a handle of 0 bits).
    pub const fn void() -> Self {
        Self::new(TypeCode::Handle, 0, 0)
    }
    /// `int32`.
    pub const INT32: DataType = DataType::int(32);
    /// `int64`.
    pub const INT64: DataType = DataType::int(64);
    /// `float32`.
    pub const FLOAT32: DataType = DataType::float(32);
    /// `bool`.
    pub const BOOL: DataType = DataType::bool();

    /// The same element type with `lanes` lanes.
    pub fn with_lanes(self, lanes: i32) -> Self {
        DataType { lanes, ..self }
    }
    /// The scalar type of one lane.
    pub fn element_of(self) -> Self {
        self.with_lanes(1)
    }
    /// Whether this is `void`.
    pub fn is_void(self) -> bool {
        self.code == TypeCode::Handle && self.bits == 0 && self.lanes == 0
    }
    /// Whether this is a handle (and not `void`).
    pub fn is_handle(self) -> bool {
        self.code == TypeCode::Handle && !self.is_void()
    }
    /// Whether this is a signed integer.
    pub fn is_int(self) -> bool {
        self.code == TypeCode::Int
    }
    /// Whether this is an unsigned integer (`bool` excluded).
    pub fn is_uint(self) -> bool {
        self.code == TypeCode::UInt
    }
    /// Signed or unsigned integer (not bool).
    pub fn is_integer(self) -> bool {
        matches!(self.code, TypeCode::Int | TypeCode::UInt)
    }
    /// Whether this is `bool`.
    pub fn is_bool(self) -> bool {
        self.code == TypeCode::Bool
    }
    /// Any floating-point format, including bfloat16 and the small floats.
    pub fn is_float(self) -> bool {
        matches!(self.code, TypeCode::Float | TypeCode::BFloat | TypeCode::SmallFloat(_))
    }
    /// Whether this has one lane.
    pub fn is_scalar(self) -> bool {
        self.lanes == 1
    }
    /// Whether this has several lanes (fixed or scalable).
    pub fn is_vector(self) -> bool {
        self.lanes != 1 && !self.is_void()
    }
    /// Whether this is a scalable vector (negative lanes).
    pub fn is_scalable_vector(self) -> bool {
        self.lanes < 0
    }

    /// The name of a common scalar type (`float32`, `int64`, `bool` ...) without
    /// formatting: printers write one per constant, buffer and annotation.
    pub fn static_name(self) -> Option<&'static str> {
        if self.lanes != 1 {
            return None;
        }
        Some(match (self.code, self.bits) {
            (TypeCode::Float, 16) => "float16",
            (TypeCode::Float, 32) => "float32",
            (TypeCode::Float, 64) => "float64",
            (TypeCode::BFloat, 16) => "bfloat16",
            (TypeCode::Int, 8) => "int8",
            (TypeCode::Int, 16) => "int16",
            (TypeCode::Int, 32) => "int32",
            (TypeCode::Int, 64) => "int64",
            (TypeCode::UInt, 8) => "uint8",
            (TypeCode::UInt, 16) => "uint16",
            (TypeCode::UInt, 32) => "uint32",
            (TypeCode::UInt, 64) => "uint64",
            (TypeCode::Bool, 8) => "bool",
            _ => return None,
        })
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_void() {
            return f.write_str("void");
        }
        if let Some(name) = self.static_name() {
            return f.write_str(name);
        }
        match self.code {
            TypeCode::Int => write!(f, "int{}", self.bits)?,
            TypeCode::UInt => write!(f, "uint{}", self.bits)?,
            TypeCode::Float => write!(f, "float{}", self.bits)?,
            TypeCode::BFloat => write!(f, "bfloat{}", self.bits)?,
            TypeCode::Bool if self.bits == 8 => f.write_str("bool")?,
            TypeCode::Bool => write!(f, "bool{}", self.bits)?,
            // TVM writes every pointer-sized opaque value as plain `handle`, lanes included.
            TypeCode::Handle => return f.write_str("handle"),
            TypeCode::SmallFloat(k) => write!(f, "float{}_{}", self.bits, k.suffix())?,
        }
        match self.lanes {
            1 => Ok(()),
            l if l < 0 => write!(f, "xvscalex{}", -(l as i64)),
            l => write!(f, "x{l}"),
        }
    }
}

impl FromStr for DataType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        parse_dtype(s).map_err(Error::value_error)
    }
}

/// The most lanes a fixed-length vector may have: TVM keeps lanes in a signed 16-bit
/// field (a scalable vector's factor may reach 32768, stored as -32768).
pub const MAX_LANES: i32 = i16::MAX as i32;

/// Parse TVM's spelling. Following TVM, a missing or zero bit count means the
/// default width (`int` and `int0` are `int32`), leading zeros are allowed
/// (`int08`), `x1` is a scalar, `""` is `void`, and the short prefixes `i`, `u`, `f`
/// and `bf` before a digit stand for `int`, `uint`, `float` and `bfloat` (`i32`, `bf16`).
fn parse_dtype(whole: &str) -> std::result::Result<DataType, String> {
    if whole == "void" || whole.is_empty() {
        return Ok(DataType::void());
    }
    let expanded = expand_short_name(whole);
    let s = expanded.as_deref().unwrap_or(whole);
    // No scalar name contains an `x`, so the first one starts the lanes suffix.
    // Most dtypes have no `x` at all: a byte search first, the substring only then.
    let scalable = if s.contains('x') { s.find("xvscalex") } else { None };
    let (base, lanes) = match scalable {
        Some(i) => (&s[..i], -parse_lanes(whole, &s[i + 8..], MAX_LANES + 1)?),
        None => match s.find('x') {
            Some(i) => (&s[..i], parse_lanes(whole, &s[i + 1..], MAX_LANES)?),
            None => (s, 1),
        },
    };
    let scalar = parse_scalar(whole, base)?;
    // TVM has no scalable float8/6/4 vectors (its parser rejects them).
    if lanes < 0 && matches!(scalar.code, TypeCode::SmallFloat(_)) {
        return Err(format!("Invalid lanes specification in dtype '{whole}'. Lanes must be a positive integer."));
    }
    Ok(scalar.with_lanes(lanes))
}

fn expand_short_name(s: &str) -> Option<String> {
    const SHORT: [(&str, &str); 4] = [("bf", "bfloat"), ("i", "int"), ("u", "uint"), ("f", "float")];
    SHORT.iter().find_map(|(short, long)| {
        let rest = s.strip_prefix(short)?;
        rest.starts_with(|c: char| c.is_ascii_digit()).then(|| format!("{long}{rest}"))
    })
}

fn parse_lanes(whole: &str, digits: &str, max: i32) -> std::result::Result<i32, String> {
    let invalid = || format!("Invalid lanes specification in dtype '{whole}'. Lanes must be a positive integer.");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    match digits.parse::<u64>() {
        Ok(0) => Err(invalid()),
        Ok(n) if n <= max as u64 => Ok(n as i32),
        _ => Err(format!("Lanes value {digits} is out of range in dtype '{whole}' (at most {max})")),
    }
}

/// Bits after a type name: empty or zero means `default`; at most 255 (TVM keeps a u8).
fn parse_bits(whole: &str, digits: &str, default: u16) -> std::result::Result<u16, String> {
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("unknown dtype `{whole}`"));
    }
    if digits.is_empty() {
        return Ok(default);
    }
    match digits.parse::<u64>() {
        Ok(0) => Ok(default),
        Ok(n) if n <= u8::MAX as u64 => Ok(n as u16),
        _ => Err(format!("Bits value {digits} is out of range for uint8_t in dtype '{whole}'")),
    }
}

fn parse_scalar(whole: &str, s: &str) -> std::result::Result<DataType, String> {
    // Longer prefixes first: `uint` before `int`, `bfloat` before `float`.
    const NAMES: [(&str, TypeCode, u16); 6] = [
        ("bool", TypeCode::Bool, 8),
        ("handle", TypeCode::Handle, 64),
        ("bfloat", TypeCode::BFloat, 16),
        ("uint", TypeCode::UInt, 32),
        ("int", TypeCode::Int, 32),
        ("float", TypeCode::Float, 32),
    ];
    if let Some((bits, fmt)) = s.split_once('_') {
        let kind = SmallFloat::ALL
            .iter()
            .find(|(_, b, name)| *name == fmt && bits == format!("float{b}"))
            .ok_or_else(|| format!("unknown dtype `{whole}`"))?;
        return Ok(DataType::new(TypeCode::SmallFloat(kind.0), kind.1, 1));
    }
    for (name, code, default) in NAMES {
        if let Some(rest) = s.strip_prefix(name) {
            return Ok(DataType::new(code, parse_bits(whole, rest, default)?, 1));
        }
    }
    Err(format!("unknown dtype `{whole}`"))
}
