//! `tvm.relax.analysis.has_reshape_pattern` (TVM's `HasReshapePattern`): whether an
//! S-TIR function copies its first buffer parameter into its last one element by
//! element in flattened order (a reshape), judged on the single block its loop nest
//! leads to: the flattened indices of both sides must agree, through the iterator
//! map of the block's iterators.

use crate::dialects::s_tir::nodes::{SBlock, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_type, BufferStoreNode, ForNode, IterVarType, PrimFunc};
use crate::ir::arith::iter_map::{iter_map_simplify, IterMapLevel};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{bool_imm, int_imm, BinOp, TensorLoadNode};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{DataType, Expr, ObjectRef, Span, Var, VarNode};

fn op(o: BinOp, a: &Expr, b: &Expr) -> Expr {
    crate::ir::arith::binary(o, a.clone(), b.clone(), Span::none()).unwrap_or_else(|_| a.clone())
}

struct Detector {
    src: ObjectRef,
    dst: ObjectRef,
    an: Analyzer,
    found: bool,
}

impl Detector {
    fn visit(&mut self, stmt: &ObjectRef) {
        if let Some(l) = stmt.downcast_ref::<ForNode>() {
            self.an.bind(&l.loop_var, &l.min, &l.extent);
            let body = l.body.as_object();
            if body.is::<ForNode>() || body.is::<SBlockRealizeNode>() {
                self.visit(&body.clone());
            }
        } else if let Some(r) = stmt.downcast_ref::<SBlockRealizeNode>() {
            if r.block.iter_vars.iter().all(|iv| iv.iter_type == IterVarType::DataPar) {
                self.visit_block(&r.block);
            }
        }
    }

    fn flattened(&self, buffer: &ObjectRef, indices: &[Expr], iters: &[(Var, Expr, Expr)]) -> Option<Expr> {
        let shape = &buffer_type(buffer.downcast_ref::<VarNode>()?)?.shape;
        if shape.len() != indices.len() {
            return None;
        }
        let dt = indices.first().map(|e| e.dtype()).unwrap_or(DataType::INT64);
        let mut idx = int_imm(dt, 0);
        for (s, i) in shape.iter().zip(indices) {
            idx = op(BinOp::Add, &op(BinOp::Mul, &idx, s), i);
        }
        let idx = self.an.simplify(&idx);
        iter_map_simplify(std::slice::from_ref(&idx), iters, &bool_imm(true), IterMapLevel::Surjective, true).pop()
    }

    fn visit_block(&mut self, block: &SBlock) {
        let body = block.body.as_object();
        if body.is::<ForNode>() {
            self.visit(&body.clone());
            return;
        }
        let mut iters: Vec<(Var, Expr, Expr)> = Vec::new();
        for iv in &block.iter_vars {
            let Some(dom) = &iv.dom else { return };
            self.an.bind(&iv.var, &dom.min, &dom.extent);
            iters.push((iv.var.clone(), dom.min.clone(), dom.extent.clone()));
        }
        let Some(store) = body.downcast_ref::<BufferStoreNode>() else { return };
        let Some(load) = store.value.as_object().downcast_ref::<TensorLoadNode>() else { return };
        if !store.buffer.as_ref_obj().same_as(&self.dst) || !load.source.as_object().same_as(&self.src) {
            return;
        }
        let trivial = |buffer: &ObjectRef, indices: &[Expr]| {
            let Some(shape) = buffer.downcast_ref::<VarNode>().and_then(buffer_type).map(|t| &t.shape) else { return false };
            indices.len() == block.iter_vars.len()
                && shape.len() == indices.len()
                && block.iter_vars.iter().zip(indices).zip(shape).all(|((iv, i), s)| {
                    iv.dom.as_ref().is_some_and(|d| {
                        i.as_object().same_as(&iv.var.as_ref_obj())
                            && self.an.can_prove_equal(&d.min, &int_imm(DataType::INT64, 0))
                            && self.an.can_prove_equal(s, &d.extent)
                    })
                })
        };
        let nontrivial = if trivial(&self.dst, &store.indices) {
            Some((self.src.clone(), load.indices.clone()))
        } else if trivial(&self.src, &load.indices) {
            Some((self.dst.clone(), store.indices.clone()))
        } else {
            None
        };
        let zero_extent = iters.iter().any(|(_, _, e)| self.an.can_prove_equal(e, &int_imm(e.dtype(), 0)));
        // Check 1: the non-trivial side's flattened index, its iterators written as
        // splits of one fused iterator, simplifies to that iterator.
        if let Some((buffer, indices)) = nontrivial
            && !zero_extent
        {
            let dt = iters.first().map(|(v, _, _)| v.dtype()).unwrap_or(DataType::INT64);
            let fused = Var::new(VarNode { ty: crate::ir::PrimType::of(dt).into(), name: "fused".into(), span: Span::none() });
            let fused_e: Expr = fused.clone().into();
            let mut stride = int_imm(dt, 1);
            let mut inverse: Vec<(usize, Expr)> = Vec::new();
            for (v, _, extent) in iters.iter().rev() {
                inverse.push((v.as_ref_obj().addr(), op(BinOp::FloorMod, &op(BinOp::FloorDiv, &fused_e, &stride), extent)));
                stride = op(BinOp::Mul, &stride, extent);
            }
            if let Some(flat) = self.flattened(&buffer, &indices, &iters) {
                let substituted = structural_map(
                    flat.into_object(),
                    |n: ObjectRef| match inverse.iter().find(|(a, _)| *a == n.addr()) {
                        Some((_, e)) => MapResult::ReplaceAndSkip(e.clone().into_object()),
                        None => MapResult::Unchanged,
                    },
                    WalkOrder::PreOrder,
                );
                if let Ok(obj) = substituted {
                    let e = Expr::from_object_unchecked(obj);
                    let domain = [(fused.clone(), int_imm(dt, 0), stride.clone())];
                    let res = iter_map_simplify(&[e], &domain, &bool_imm(true), IterMapLevel::Surjective, true);
                    if res.first().is_some_and(|r| r.as_object().same_as(&fused.as_ref_obj())) {
                        self.found = true;
                        return;
                    }
                }
            }
        }
        // Check 2: both flattened indices provably equal.
        let (Some(s), Some(d)) = (self.flattened(&self.src, &load.indices, &iters), self.flattened(&self.dst, &store.indices, &iters)) else {
            return;
        };
        if self.an.can_prove_equal(&s, &d) {
            self.found = true;
        }
    }
}

/// Whether `func` is a reshape of its first buffer parameter into its last.
pub fn has_reshape_pattern(func: &PrimFunc) -> bool {
    let buffers: Vec<&Var> = func.params.iter().filter(|p| buffer_type(p).is_some()).collect();
    if buffers.len() < 2 {
        return false;
    }
    let mut d = Detector {
        src: buffers[0].as_ref_obj(),
        dst: buffers[buffers.len() - 1].as_ref_obj(),
        an: Analyzer::new(),
        found: false,
    };
    if let Some(root) = func.body.as_object().downcast_ref::<SBlockRealizeNode>() {
        if root.block.iter_vars.iter().all(|iv| iv.iter_type == IterVarType::DataPar) {
            d.visit_block(&root.block);
        }
    }
    d.found
}

/// Define `s_tir._analysis.has_reshape_pattern` for `tvm.relax.analysis`.
pub fn register() {
    crate::vm::namespace::register_namespace("s_tir._analysis", |t| {
        t.func("has_reshape_pattern", |vm, args: rustpython_vm::function::FuncArgs| -> rustpython_vm::PyResult<rustpython_vm::PyObjectRef> {
            let a = crate::vm::args::bind(vm, "has_reshape_pattern", args, &["func"])?;
            let obj = a.req(vm, "func")?;
            let f = crate::vm::object::unwrap_object(&obj)
                .and_then(|o| o.downcast::<crate::dialects::tirx::nodes::PrimFuncNode>().ok())
                .ok_or_else(|| vm.new_type_error("has_reshape_pattern: expected a PrimFunc"))?;
            Ok(vm.ctx.new_bool(has_reshape_pattern(&f)).into())
        });
    });
}
