//! Core types: `PrimType`, `PointerType`, `TupleType`, `FuncType` and the missing type.

use std::sync::OnceLock;

use super::dtype::{DataType, TypeCode};
use super::object::{object_info, ObjectRef, TypeInfo};
use super::span::Span;
use crate::{ir_category, ir_node};

/// The abstract base of all types (`ir.Type`).
pub fn type_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ir.Type", Some(object_info));
    &INFO
}

ir_category! {
    /// Any IR type.
    pub struct Type: type_info
}

ir_node! {
    /// The type of a scalar or vector of a data type (`T.int32`).
    pub struct PrimTypeNode as PrimType: "ir.PrimType", base type_info, isa [Type] {
        pub dtype: DataType,
    }
}

ir_node! {
    /// A pointer to values of `element_type` in a storage scope (`T.handle("float32", "global")`).
    pub struct PointerTypeNode as PointerType: "ir.PointerType", base type_info, isa [Type] {
        pub element_type: Type,
        pub storage_scope: String,
    }
}

ir_node! {
    /// A tuple of types; the empty tuple is the unit type.
    pub struct TupleTypeNode as TupleType: "ir.TupleType", base type_info, isa [Type] {
        pub fields: Vec<Type>,
    }
}

ir_node! {
    /// A function type.
    pub struct FuncTypeNode as FuncType: "ir.FuncType", base type_info, isa [Type] {
        pub arg_types: Vec<Type>,
        pub ret_type: Type,
    }
}

ir_node! {
    /// The type of a string (`StringImm`).
    pub struct StringTypeNode as StringType: "ir.StringType", base type_info, isa [Type] {}
}

ir_node! {
    /// "No type known": what a Call keeps when inference has nothing to say.
    pub struct MissingTypeNode as MissingType: "ir.MissingType", base type_info, isa [Type] {}
}

impl PrimType {
    /// The `PrimType` of `dtype`. Types are immutable and compared structurally, so
    /// the common scalar ones are one shared object each: a parse makes one per
    /// constant, variable and load, and a print then reads each from a hot line
    /// instead of from a node of its own, long evicted.
    pub fn of(dtype: DataType) -> PrimType {
        const CODES: usize = 5;
        static COMMON: [OnceLock<PrimType>; CODES * 7] = [const { OnceLock::new() }; CODES * 7];
        let code = match dtype.code {
            TypeCode::Int => 0,
            TypeCode::UInt => 1,
            TypeCode::Float => 2,
            TypeCode::BFloat => 3,
            TypeCode::Bool => 4,
            _ => CODES,
        };
        let make = || PrimType::new(PrimTypeNode { dtype, span: Span::none() });
        if dtype.lanes == 1 && code < CODES && matches!(dtype.bits, 1 | 8 | 16 | 32 | 64) {
            // Slots by bits: 1, (2, 4,) 8, 16, 32, 64.
            let slot = code * 7 + dtype.bits.trailing_zeros() as usize;
            return COMMON[slot].get_or_init(make).clone();
        }
        make()
    }
}

impl Type {
    /// The shared missing type (`Type.missing()`).
    pub fn missing() -> Type {
        static MISSING: OnceLock<ObjectRef> = OnceLock::new();
        Type(MISSING.get_or_init(|| ObjectRef::new(MissingTypeNode { span: Span::none() })).clone())
    }
    /// Whether this is the missing type (nothing known).
    pub fn is_missing(&self) -> bool {
        self.0.is::<MissingTypeNode>()
    }
    /// The `PrimType` of `dtype` (see [`PrimType::of`]).
    pub fn prim(dtype: DataType) -> Type {
        PrimType::of(dtype).into()
    }
    /// The data type of a `PrimType`, if this is one.
    pub fn as_prim(&self) -> Option<DataType> {
        self.0.downcast_ref::<PrimTypeNode>().map(|p| p.dtype)
    }
    /// The empty tuple type `()`.
    pub fn unit() -> Type {
        TupleType::new(TupleTypeNode { fields: vec![], span: Span::none() }).into()
    }
    /// A pointer to `element` in a storage scope (`""` is global).
    pub fn pointer(element: Type, scope: &str) -> Type {
        PointerType::new(PointerTypeNode { element_type: element, storage_scope: scope.into(), span: Span::none() })
            .into()
    }
    /// The string type.
    pub fn string() -> Type {
        StringType::new(StringTypeNode { span: Span::none() }).into()
    }
    /// The data type an expression of this type carries: the PrimType's dtype,
    /// `handle` for pointers, `void` otherwise.
    pub fn dtype(&self) -> DataType {
        if let Some(d) = self.as_prim() {
            d
        } else if self.0.is::<PointerTypeNode>() {
            DataType::handle()
        } else {
            DataType::void()
        }
    }
}

/// Register the core type nodes.
pub(crate) fn register() -> super::Result<()> {
    use super::object::register_type;
    register_type::<PrimTypeNode>()?;
    register_type::<PointerTypeNode>()?;
    register_type::<TupleTypeNode>()?;
    register_type::<FuncTypeNode>()?;
    register_type::<StringTypeNode>()?;
    register_type::<MissingTypeNode>()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_prim_types_are_shared_and_keep_their_dtype() {
        let codes = [TypeCode::Int, TypeCode::UInt, TypeCode::Float, TypeCode::BFloat, TypeCode::Bool];
        for code in codes {
            for bits in [1u16, 2, 4, 8, 16, 32, 64] {
                for lanes in [1, 4] {
                    let d = DataType::new(code, bits, lanes);
                    let (a, b) = (PrimType::of(d), PrimType::of(d));
                    assert_eq!((a.dtype, b.dtype), (d, d), "{d:?}");
                    let shared = lanes == 1 && bits != 2 && bits != 4;
                    assert_eq!(a.ptr_eq(&b), shared, "{d:?}");
                }
            }
        }
        // Other codes and wider types are made each time, with their dtype.
        let wide = DataType::new(TypeCode::Int, 128, 1);
        assert_eq!(PrimType::of(wide).dtype, wide);
        assert_eq!(Type::prim(DataType::INT32).as_prim(), Some(DataType::INT32));
    }
}
