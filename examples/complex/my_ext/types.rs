//! The complex type: `my_ext.ComplexType`, written `my_ext.Complex(T.float32)` in scripts.

use tvmscript::ir::{register_type, type_info, DataType, Error, PrimType, PrimTypeNode, Result, Span, Type};
use tvmscript::ir_node;

ir_node! {
    /// A complex number whose real and imaginary parts share a scalar type.
    pub struct ComplexTypeNode as ComplexType: "my_ext.ComplexType", base type_info, isa [Type] {
        /// The scalar float type of each part.
        pub elem: PrimType,
    }
}

impl ComplexTypeNode {
    /// The complex type with parts of `elem`; a TypeError unless `elem` is a scalar float
    /// type (`float32`, `float64`, `bfloat16` …).
    pub fn make(elem: DataType, span: Span) -> Result<ComplexType> {
        if !elem.is_float() || !elem.is_scalar() {
            return Err(Error::type_error(format!("my_ext.Complex expects a scalar float type, got {elem}")));
        }
        let elem = PrimType::new(PrimTypeNode { dtype: elem, span: Span::none() });
        Ok(ComplexType::new(ComplexTypeNode { elem, span }))
    }

    /// The data type of each part.
    pub fn elem_dtype(&self) -> DataType {
        self.elem.dtype
    }
}

/// The complex type behind `ty`, if it is one.
pub fn as_complex(ty: &Type) -> Option<&ComplexTypeNode> {
    ty.downcast_ref::<ComplexTypeNode>()
}

/// Make the type known by key (IR loading, Python class, printer fallback).
pub fn register() -> Result<()> {
    register_type::<ComplexTypeNode>()
}
