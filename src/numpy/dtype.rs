//! NumPy's element types as the array core stores them: integers and bools in
//! `i64` lanes (a `uint64` above `i64::MAX` keeps its bit pattern), floats in `f64`
//! lanes rounded to their type's precision after every operation.

use half::f16;

/// An element type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DType {
    /// `bool`.
    Bool,
    /// `int8`.
    I8,
    /// `int16`.
    I16,
    /// `int32`.
    I32,
    /// `int64`.
    I64,
    /// `uint8`.
    U8,
    /// `uint16`.
    U16,
    /// `uint32`.
    U32,
    /// `uint64`.
    U64,
    /// `float16`.
    F16,
    /// `float32`.
    F32,
    /// `float64`.
    F64,
}

impl DType {
    /// Every type with its NumPy name (`"float32"`).
    pub const ALL: [(DType, &'static str); 12] = [
        (DType::Bool, "bool"),
        (DType::I8, "int8"),
        (DType::I16, "int16"),
        (DType::I32, "int32"),
        (DType::I64, "int64"),
        (DType::U8, "uint8"),
        (DType::U16, "uint16"),
        (DType::U32, "uint32"),
        (DType::U64, "uint64"),
        (DType::F16, "float16"),
        (DType::F32, "float32"),
        (DType::F64, "float64"),
    ];

    /// The type of a NumPy name.
    pub fn parse(name: &str) -> Option<DType> {
        Self::ALL.iter().find(|(_, n)| *n == name).map(|(d, _)| *d)
    }

    /// NumPy's name.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(d, _)| *d == self).map(|(_, n)| *n).unwrap_or("?")
    }

    /// Whether a float type.
    pub fn is_float(self) -> bool {
        matches!(self, DType::F16 | DType::F32 | DType::F64)
    }

    /// Whether an unsigned integer type.
    pub fn is_unsigned(self) -> bool {
        matches!(self, DType::U8 | DType::U16 | DType::U32 | DType::U64)
    }

    /// Bytes per element.
    pub fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::I8 | DType::U8 => 1,
            DType::I16 | DType::U16 | DType::F16 => 2,
            DType::I32 | DType::U32 | DType::F32 => 4,
            DType::I64 | DType::U64 | DType::F64 => 8,
        }
    }

    /// An integer lane wrapped to this integer type (two's complement, as C casts).
    pub fn wrap(self, x: i64) -> i64 {
        match self {
            DType::Bool => (x != 0) as i64,
            DType::I8 => x as i8 as i64,
            DType::I16 => x as i16 as i64,
            DType::I32 => x as i32 as i64,
            DType::U8 => x as u8 as i64,
            DType::U16 => x as u16 as i64,
            DType::U32 => x as u32 as i64,
            _ => x,
        }
    }

    /// A float lane rounded to this float type.
    pub fn round(self, x: f64) -> f64 {
        match self {
            DType::F32 => x as f32 as f64,
            DType::F16 => f16::from_f64(x).to_f64(),
            _ => x,
        }
    }

    /// An integer lane's value as a float (a `uint64` lane is unsigned).
    pub fn int_to_f64(self, x: i64) -> f64 {
        if self == DType::U64 { x as u64 as f64 } else { x as f64 }
    }

    /// A float converted to this integer type as C converts (truncation toward zero).
    pub fn from_f64(self, x: f64) -> i64 {
        match self {
            DType::Bool => (x != 0.0) as i64,
            DType::U64 => (x as u64) as i64,
            _ if x.is_nan() => i64::MIN,
            _ => self.wrap(x as i64),
        }
    }

    /// Little-endian bytes of an integer lane.
    pub fn int_bytes(self, x: i64, out: &mut Vec<u8>) {
        out.extend_from_slice(&x.to_le_bytes()[..self.itemsize()]);
    }

    /// Little-endian bytes of a float lane.
    pub fn float_bytes(self, x: f64, out: &mut Vec<u8>) {
        match self {
            DType::F16 => out.extend_from_slice(&f16::from_f64(x).to_le_bytes()),
            DType::F32 => out.extend_from_slice(&(x as f32).to_le_bytes()),
            _ => out.extend_from_slice(&x.to_le_bytes()),
        }
    }

    /// The lane a little-endian element starts at `b` holds.
    pub fn read(self, b: &[u8]) -> Lane {
        let n = self.itemsize();
        match self {
            DType::F16 => Lane::F(f16::from_le_bytes([b[0], b[1]]).to_f64()),
            DType::F32 => Lane::F(f32::from_le_bytes(b[..4].try_into().unwrap()) as f64),
            DType::F64 => Lane::F(f64::from_le_bytes(b[..8].try_into().unwrap())),
            _ => {
                let mut buf = [0u8; 8];
                buf[..n].copy_from_slice(&b[..n]);
                let raw = i64::from_le_bytes(buf);
                // Sign-extend signed types; unsigned ones are already their value.
                Lane::I(if self.is_unsigned() || self == DType::Bool { raw } else { self.wrap(raw) })
            }
        }
    }
}

/// One element's value.
#[derive(Clone, Copy, Debug)]
pub enum Lane {
    /// An integer or bool.
    I(i64),
    /// A float.
    F(f64),
}
