//! The IR data of the S-TIR dialect (schedulable TensorIR), mirroring Apache TVM
//! 0.27: `s_tir.SBlock`, `s_tir.SBlockRealize` and `s_tir.MatchBufferRegion`.
//!
//! S-TIR reuses TIRx's statements, buffers and iteration variables. A block's
//! read/write regions are `ir.TensorRegion`s typed `tirx.BufferRegionType`
//! (TVM 0.27 has no `BufferRegion` node; `tirx.BufferRegion(..)` builds one of those).

use std::sync::OnceLock;

use crate::dialects::tirx::nodes::{stmt_info, IterVar, Stmt};
use crate::ir::{object_info, AttrMap, Expr, Result, Var};
use crate::ir_node;

pub use crate::dialects::tirx::nodes::{buffer_region, IterVarType, TensorRegion, TensorRegionNode};


ir_node! {
    /// A block: iteration variables, read/write regions, buffers it allocates or
    /// matches, annotations, an optional reduction init and a body.
    pub struct SBlockNode as SBlock: "s_tir.SBlock", base stmt_info, isa [Stmt] {
        pub iter_vars: Vec<IterVar>,
        pub reads: Vec<TensorRegion>,
        pub writes: Vec<TensorRegion>,
        [ignore] pub name_hint: String,
        [def] pub alloc_buffers: Vec<Var>,
        pub match_buffers: Vec<MatchBufferRegion>,
        pub annotations: AttrMap,
        pub init: Option<Stmt>,
        pub body: Stmt,
    }
}

ir_node! {
    /// A block instance: values for the block's iteration variables and a predicate.
    pub struct SBlockRealizeNode as SBlockRealize: "s_tir.SBlockRealize", base stmt_info, isa [Stmt] {
        pub iter_values: Vec<Expr>,
        pub predicate: Expr,
        pub block: SBlock,
    }
}

ir_node! {
    /// `buffer = T.match_buffer(source_region, ...)` inside a block.
    pub struct MatchBufferRegionNode as MatchBufferRegion: "s_tir.MatchBufferRegion", base object_info {
        [def] pub buffer: Var,
        pub source: TensorRegion,
    }
}

/// Register the S-TIR node types (and TIRx's, which S-TIR builds on). Idempotent.
pub fn register() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        crate::dialects::tirx::ops::register()?;
        crate::ir::register_type::<SBlockNode>()?;
        crate::ir::register_type::<SBlockRealizeNode>()?;
        crate::ir::register_type::<MatchBufferRegionNode>()?;
        Ok(())
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialects::tirx::nodes::{new_buffer, BufferStore, BufferStoreNode, IterVarNode};
    use crate::ir::{int_imm, lookup_type, DataType, FieldRole, NodeType, Range, RangeNode, Span};

    fn i32(v: i64) -> Expr {
        int_imm(DataType::INT32, v)
    }

    #[test]
    fn reflection_follows_tvm() {
        let info = SBlockNode::static_info();
        let names: Vec<_> = info.fields.iter().map(|f| f.name).collect();
        assert_eq!(
            names,
            ["iter_vars", "reads", "writes", "name_hint", "alloc_buffers", "match_buffers", "annotations", "init", "body"]
        );
        let role = |n: &str| info.fields[info.field_index(n).unwrap()].role;
        assert_eq!(role("name_hint"), FieldRole::Ignore);
        assert_eq!(role("alloc_buffers"), FieldRole::Def);
        assert_eq!(role("iter_vars"), FieldRole::Normal);
        let names: Vec<_> = SBlockRealizeNode::static_info().fields.iter().map(|f| f.name).collect();
        assert_eq!(names, ["iter_values", "predicate", "block"]);
        assert_eq!(MatchBufferRegionNode::static_info().fields[0].role, FieldRole::Def);
        register().unwrap();
        register().unwrap();
        for key in ["s_tir.SBlock", "s_tir.SBlockRealize", "s_tir.MatchBufferRegion", "tirx.For"] {
            assert!(lookup_type(key).is_some(), "{key}");
        }
    }

    #[test]
    fn a_block_realize_holds_a_block() {
        let a = new_buffer("A", DataType::FLOAT32, vec![i32(4)]).unwrap();
        let vi = Var::scalar("vi", DataType::INT32);
        let dom = Range::new(RangeNode { min: i32(0), extent: i32(4), span: Span::none() });
        let iv = IterVar::new(IterVarNode {
            dom: Some(dom.clone()),
            var: vi.clone(),
            iter_type: IterVarType::DataPar,
            thread_tag: String::new(),
            span: Span::none(),
        });
        let region = buffer_region(&a, vec![dom], Span::none()).unwrap();
        let body: Stmt = BufferStore::new(BufferStoreNode {
            buffer: a,
            value: crate::ir::float_imm(DataType::FLOAT32, 0.0),
            indices: vec![vi.into()],
            span: Span::none(),
        })
        .into();
        let block = SBlock::new(SBlockNode {
            iter_vars: vec![iv],
            reads: vec![],
            writes: vec![region],
            name_hint: "B".into(),
            alloc_buffers: vec![],
            match_buffers: vec![],
            annotations: std::sync::Arc::from(Vec::new()),
            init: None,
            body,
            span: Span::none(),
        });
        let realize = SBlockRealize::new(SBlockRealizeNode {
            iter_values: vec![i32(1)],
            predicate: int_imm(DataType::bool(), 1),
            block: block.clone(),
            span: Span::none(),
        });
        let stmt: Stmt = realize.clone().into();
        assert_eq!(stmt.type_key(), "s_tir.SBlockRealize");
        assert!(realize.block.ptr_eq(&block));
        assert_eq!(block.iter_vars[0].iter_type.axis_name(), Some("spatial"));
        // Rebuilding from reflected fields gives back an equal node.
        let again = block.as_ref_obj().rebuild(block.as_ref_obj().fields()).unwrap();
        assert_eq!(again.downcast_ref::<SBlockNode>().unwrap().name_hint, "B");
    }
}
