//! `tensorize`: a block (or the subtree under a loop, blockized first) replaced by
//! a tensor intrinsic's implementation, after checking that it computes what the
//! intrinsic's description computes.
//!
//! The check is TVM's `TensorizeComparator`: the block is walked beside the
//! description's root block. The outermost block's regions give each workload
//! buffer its *base indices* (the region's minimums; a workload region may have
//! more dimensions than the description's, the leading ones of extent 1); inside,
//! loops, blocks, iteration variables and expressions must have the same shape,
//! each workload variable mapped to the description variable at its definition,
//! and every access must equal the description's once its base indices are
//! subtracted. The implementation's buffers are then bound to the matched regions
//! with `match_buffer`s.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::dialects::s_tir::nodes::{MatchBufferRegion, MatchBufferRegionNode, SBlock, SBlockNode, SBlockRealize, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{buffer_region, buffer_type, BufferStoreNode, BufferTypeNode, ForNode, IterVar, PrimFunc, PrimFuncNode, SeqStmtNode, Stmt, TensorRegion};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::expr::{new_var, BinOp, CallNode, CastNode, FloatImmNode, IntImmNode, SelectNode, TensorLoadNode, VarNode};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{arith, structural_equal, DataType, Error, Expr, ObjectRef, Range, Span, Type, TypeCode, Var};
use crate::printer::config::PrinterConfig;

use super::error::{SchError, SchResult, ScheduleError};
use super::prims_inline::substitute;
use super::state::{SRefId, ScheduleState};

/// TVM's text of a statement or expression in a message (`operator<<`).
fn show(obj: &ObjectRef) -> String {
    let cfg = PrinterConfig { syntax: crate::printer::config::Syntax::Tvm, ..PrinterConfig::default() };
    crate::printer::engine::script(obj, &cfg).unwrap_or_else(|_| obj.type_key().to_string())
}

fn scope_of(b: &BufferTypeNode) -> &str {
    if b.storage_scope.is_empty() { "global" } else { &b.storage_scope }
}

/// The structural matcher of a workload block (left) against a description (right).
struct Comparator {
    /// Workload variable (by address) to the description variable it stands for.
    equal_map: HashMap<usize, Expr>,
    /// Description buffer (by address) to the workload buffer matched with it.
    rhs_buffer_map: HashMap<usize, Var>,
    /// Workload buffer (by address) to its base indices.
    buffer_indices: HashMap<usize, Vec<Expr>>,
    is_scope_block: bool,
    messages: Vec<String>,
    analyzer: Analyzer,
}

/// A mismatch found at a loop or a block: TVM's `TensorIntrinMismatchError`.
struct Mismatch(Box<ScheduleError>);

type CmpResult = Result<bool, Mismatch>;

impl Comparator {
    fn new() -> Comparator {
        Comparator {
            equal_map: HashMap::new(),
            rhs_buffer_map: HashMap::new(),
            buffer_indices: HashMap::new(),
            is_scope_block: true,
            messages: Vec::new(),
            analyzer: Analyzer::new(),
        }
    }

    fn emit(&mut self, msg: String) {
        self.messages.push(msg);
    }

    /// `lhs` with the workload variables replaced by the description's.
    fn to_rhs(&self, e: &Expr) -> Expr {
        if self.equal_map.is_empty() {
            return e.clone();
        }
        let pairs: Vec<(usize, Expr)> = self.equal_map.iter().map(|(a, e)| (*a, e.clone())).collect();
        substitute(e.clone().into_object(), &pairs).ok().and_then(|o| Expr::try_from_object(o).ok()).unwrap_or_else(|| e.clone())
    }

    /// Whether a workload expression equals a description expression under the
    /// variable mapping (TVM's analyzer with each workload variable bound).
    fn prove_equal(&self, lhs: &Expr, rhs: &Expr) -> bool {
        self.analyzer.can_prove_equal(&self.to_rhs(lhs), rhs)
    }

    fn def_equal(&mut self, lhs: &Var, rhs: &Var) -> bool {
        if lhs.ptr_eq(rhs) {
            return true;
        }
        let key = lhs.as_ref_obj().addr();
        if let Some(m) = self.equal_map.get(&key) {
            return m.as_object().addr() == rhs.as_ref_obj().addr();
        }
        let (lb, rb) = (buffer_type(lhs), buffer_type(rhs));
        if (lb.is_some() || rb.is_some()) && !structural_equal(&lhs.ty, &rhs.ty, true) {
            return false;
        }
        self.equal_map.insert(key, rhs.clone().into());
        true
    }

    // ---- statements --------------------------------------------------------

    fn visit_stmt(&mut self, lhs: &Stmt, rhs: &Stmt) -> CmpResult {
        let equal = lhs.addr() == rhs.addr() || (lhs.type_key() == rhs.type_key() && self.stmt_inner(lhs, rhs)?);
        let o = lhs.as_object();
        if !equal && (o.is::<ForNode>() || o.is::<SBlockNode>()) {
            let mut detail = format!(
                "The stmt {{0}} doesn't match the tensor intrin\nThe pattern attempting to be matched:\n{}\nDoes not match the tensorize description:\n{}\n",
                show(o),
                show(rhs.as_object())
            );
            for m in std::mem::take(&mut self.messages) {
                detail.push_str(&m);
                detail.push('\n');
            }
            return Err(Mismatch(Box::new(ScheduleError {
                fast: "ScheduleError: The stmt doesn't match the tensor intrin.".into(),
                detail,
                locations: vec![o.clone()],
                plain: false,
            })));
        }
        Ok(equal)
    }

    fn stmt_inner(&mut self, lhs: &Stmt, rhs: &Stmt) -> CmpResult {
        let (l, r) = (lhs.as_object(), rhs.as_object());
        if let (Some(a), Some(b)) = (l.downcast_ref::<ForNode>(), r.downcast_ref::<ForNode>()) {
            return self.visit_for(a, b);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<SeqStmtNode>(), r.downcast_ref::<SeqStmtNode>()) {
            if !self.same_len(a.seq.len(), b.seq.len()) {
                return Ok(false);
            }
            for (x, y) in a.seq.iter().zip(&b.seq) {
                if !self.visit_stmt(x, y)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<BufferStoreNode>(), r.downcast_ref::<BufferStoreNode>()) {
            return Ok(self.buffer_access(&a.buffer, &a.indices, &b.buffer, &b.indices) && self.visit_expr(&a.value, &b.value));
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<SBlockRealizeNode>(), r.downcast_ref::<SBlockRealizeNode>()) {
            return self.visit_realize(a, b);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<SBlockNode>(), r.downcast_ref::<SBlockNode>()) {
            return self.visit_block(a, b);
        }
        Ok(structural_equal(l, r, true))
    }

    fn visit_for(&mut self, a: &ForNode, b: &ForNode) -> CmpResult {
        if !self.def_equal(&a.loop_var, &b.loop_var) {
            self.emit(format!("ForNode loop vars do not match: op->loop_var={} vs rhs->loop_var={}", show(&a.loop_var.as_ref_obj()), show(&b.loop_var.as_ref_obj())));
            return Ok(false);
        }
        if !self.visit_expr(&a.min, &b.min) {
            self.emit(format!("ForNode min values do not match: op->min={} vs rhs->min={}", show(a.min.as_object()), show(b.min.as_object())));
            return Ok(false);
        }
        if !self.visit_expr(&a.extent, &b.extent) {
            self.emit(format!("ForNode extent values do not match: op->extent={} vs rhs->extent={}", show(a.extent.as_object()), show(b.extent.as_object())));
            return Ok(false);
        }
        if a.thread_binding.is_some() != b.thread_binding.is_some() {
            self.emit(format!(
                "ForNode thread_bindings do not match: op->thread_binding.has_value()={} vs rhs->thread_binding.has_value()={}",
                a.thread_binding.is_some() as i32,
                b.thread_binding.is_some() as i32
            ));
            return Ok(false);
        }
        if let (Some(x), Some(y)) = (&a.thread_binding, &b.thread_binding) {
            if !self.def_equal(&x.var, &y.var) || x.thread_tag != y.thread_tag {
                return Ok(false);
            }
        }
        if a.kind != b.kind {
            self.emit(format!("ForNode kinds do not match: op->kind={} vs rhs->kind={}", a.kind.name(), b.kind.name()));
            return Ok(false);
        }
        if !structural_equal(&a.annotations, &b.annotations, true) {
            self.emit("ForNode annotation maps do not match".to_string());
            return Ok(false);
        }
        self.visit_stmt(&a.body, &b.body)
    }

    fn visit_realize(&mut self, a: &SBlockRealizeNode, b: &SBlockRealizeNode) -> CmpResult {
        if !self.is_scope_block {
            let ok = self.same_len(a.iter_values.len(), b.iter_values.len())
                && a.iter_values.iter().zip(&b.iter_values).all(|(x, y)| self.visit_expr(x, y));
            if !ok {
                let list = |v: &[Expr]| tuple(v.iter().map(|e| show(e.as_object())).collect());
                self.emit(format!(
                    "BlockRealizeNode iter_values do not match: op->iter_values={} vs rhs->iter_values={}",
                    list(&a.iter_values),
                    list(&b.iter_values)
                ));
                return Ok(false);
            }
        }
        Ok(self.visit_expr(&a.predicate, &b.predicate) && self.visit_stmt(&a.block.clone().into(), &b.block.clone().into())?)
    }

    fn visit_block(&mut self, a: &SBlockNode, b: &SBlockNode) -> CmpResult {
        for iv in &a.iter_vars {
            if let Some(d) = &iv.dom {
                self.analyzer.bind(&iv.var, &d.min, &d.extent);
            }
        }
        if !self.is_scope_block {
            let ok = self.same_len(a.iter_vars.len(), b.iter_vars.len())
                && a.iter_vars.iter().zip(&b.iter_vars).all(|(x, y)| self.iter_var_equal(x, y));
            if !ok {
                self.emit("BlockNode iter_vars do not match".to_string());
                return Ok(false);
            }
            let ok = self.same_len(a.alloc_buffers.len(), b.alloc_buffers.len())
                && a.alloc_buffers.iter().zip(&b.alloc_buffers).all(|(x, y)| self.compare_buffer(x, y));
            if !ok {
                self.emit("BlockNode alloc_buffers do not match".to_string());
                return Ok(false);
            }
        }
        let regions = |v: &[TensorRegion]| tuple(v.iter().map(|r| show(&r.as_ref_obj())).collect());
        if !self.region_list(&a.writes, &b.writes) {
            self.emit(format!("BlockNode write buffers do not match: op->writes={} vs rhs->writes={}", regions(&a.writes), regions(&b.writes)));
            return Ok(false);
        }
        if !self.region_list(&a.reads, &b.reads) {
            self.emit(format!("BlockNode read buffers regions do not match: op->reads={} vs rhs->reads={}", regions(&a.reads), regions(&b.reads)));
            return Ok(false);
        }
        self.is_scope_block = false;
        self.visit_stmt(&a.body, &b.body)
    }

    fn iter_var_equal(&mut self, a: &IterVar, b: &IterVar) -> bool {
        self.def_equal(&a.var, &b.var) && a.iter_type == b.iter_type
    }

    fn same_len(&mut self, l: usize, r: usize) -> bool {
        if l != r {
            self.emit(format!("CompareArray array size mismatch. lhs.size()={l} vs rhs.size()={r}"));
        }
        l == r
    }

    fn region_list(&mut self, l: &[TensorRegion], r: &[TensorRegion]) -> bool {
        self.same_len(l.len(), r.len()) && l.iter().zip(r).all(|(a, b)| self.compare_region(a, b))
    }

    // ---- buffers -----------------------------------------------------------

    fn compare_buffer(&mut self, lhs: &Var, rhs: &Var) -> bool {
        if lhs.ptr_eq(rhs) {
            return true;
        }
        let rkey = rhs.as_ref_obj().addr();
        if let Some(m) = self.rhs_buffer_map.get(&rkey) {
            return m.ptr_eq(lhs);
        }
        let lkey = lhs.as_ref_obj().addr();
        let equal = match self.equal_map.get(&lkey) {
            Some(m) => m.as_object().addr() == rkey,
            None => {
                let same = match (buffer_type(lhs), buffer_type(rhs)) {
                    (Some(a), Some(b)) => a.elem_dtype() == b.elem_dtype() && scope_of(a) == scope_of(b),
                    _ => false,
                };
                if same {
                    self.equal_map.insert(lkey, rhs.clone().into());
                }
                same
            }
        };
        if equal {
            self.rhs_buffer_map.insert(rkey, lhs.clone());
        } else {
            let describe = |v: &Var| match buffer_type(v) {
                Some(b) => (format!("T.{}", b.elem_dtype()), scope_of(b).to_string()),
                None => (String::new(), String::new()),
            };
            let ((ld, ls), (rd, rs)) = (describe(lhs), describe(rhs));
            self.emit(format!("CompareBuffer buffer mismatch: {} vs {}, dtypes: {ld} vs {rd}, scope(): {ls} vs {rs}", show(&lhs.as_ref_obj()), show(&rhs.as_ref_obj())));
        }
        equal
    }

    fn compare_region(&mut self, lhs: &TensorRegion, rhs: &TensorRegion) -> bool {
        let (Some(lb), Some(rb)) = (region_buffer(lhs), region_buffer(rhs)) else {
            return structural_equal(lhs, rhs, true);
        };
        if !self.compare_buffer(&lb, &rb) {
            self.emit(format!("CompareBufferRegion returning false due to buffer mismatch: lhs->source={} vs rhs->source={}", show(&lb.as_ref_obj()), show(&rb.as_ref_obj())));
            return false;
        }
        let (lr, rr) = (&lhs.region, &rhs.region);
        if lr.len() < rr.len() {
            self.emit(format!(
                "CompareBufferRegion returning false because buffer region sizes do not match: lhs->region.size()={} vs rhs->region.size()={}",
                lr.len(),
                rr.len()
            ));
            return false;
        }
        let offset = lr.len() - rr.len();
        let key = lb.as_ref_obj().addr();
        for r in &lr[..offset] {
            if r.extent.as_int() != Some(1) {
                self.emit(format!(
                    "CompareBufferRegion returning false because buffer extent high-dim region must be element-wise. lhs->region[i]->extent={}",
                    show(r.extent.as_object())
                ));
                return false;
            }
        }
        match self.buffer_indices.get(&key).cloned() {
            None => {
                let mut base: Vec<Expr> = lr[..offset].iter().map(|r| r.min.clone()).collect();
                for (l, r) in lr[offset..].iter().zip(rr) {
                    base.push(l.min.clone());
                    if !self.prove_equal(&l.extent, &r.extent) {
                        self.emit(format!("CompareBufferRegion buffer extent mismatch: lhs->region[i + offset]={} vs rhs->region[i]={}", show_range(l), show_range(r)));
                        return false;
                    }
                }
                self.buffer_indices.insert(key, base);
            }
            Some(base) => {
                for (i, r) in lr[..offset].iter().enumerate() {
                    if !self.analyzer.can_prove_equal(&base[i], &r.min) {
                        self.emit(format!(
                            "BufferVar base index consistency check failed due to unequal index base: indices_base[i]={} vs lhs->region[i]->min={}",
                            show(base[i].as_object()),
                            show(r.min.as_object())
                        ));
                        return false;
                    }
                }
                for (i, (l, r)) in lr[offset..].iter().zip(rr).enumerate() {
                    if !self.prove_equal(&l.extent, &r.extent) {
                        self.emit(format!("CompareBufferRegion buffer region extent mismatch. lhs->region[i + offset]={} vs rhs->region[i]={}", show_range(l), show_range(r)));
                        return false;
                    }
                    let normalized = arith::binary(BinOp::Sub, l.min.clone(), base[i + offset].clone(), Span::none()).map(|e| self.analyzer.simplify(&e));
                    if !normalized.is_ok_and(|n| self.prove_equal(&n, &r.min)) {
                        self.emit(format!("CompareBufferRegion buffer region min mismatch. lhs->region[i + offset]={} vs rhs->region[i]={}", show_range(l), show_range(r)));
                        return false;
                    }
                }
            }
        }
        true
    }

    fn buffer_access(&mut self, lb: &Var, li: &[Expr], rb: &Var, ri: &[Expr]) -> bool {
        if !self.compare_buffer(lb, rb) {
            return false;
        }
        if li.len() < ri.len() {
            self.emit(format!(
                "CompareBufferAccess returning false because buffer indices sizes do not match: lhs->indices.size()={} vs rhs->indices.size()={}",
                li.len(),
                ri.len()
            ));
            return false;
        }
        let offset = li.len() - ri.len();
        let Some(base) = self.buffer_indices.get(&lb.as_ref_obj().addr()).cloned() else { return false };
        if base.len() != li.len() {
            return false;
        }
        for (i, r) in ri.iter().enumerate() {
            let normalized = arith::binary(BinOp::Sub, li[i + offset].clone(), base[i + offset].clone(), Span::none());
            if !normalized.is_ok_and(|n| self.prove_equal(&n, r)) {
                self.emit(format!(
                    "CompareBufferAccess buffer indices mismatch. lhs->indices[i + offset]={} vs rhs->indices[i]={}",
                    show(li[i + offset].as_object()),
                    show(r.as_object())
                ));
                return false;
            }
        }
        true
    }

    // ---- expressions -------------------------------------------------------

    fn visit_expr(&mut self, lhs: &Expr, rhs: &Expr) -> bool {
        let equal = lhs.as_object().addr() == rhs.as_object().addr()
            || (lhs.type_key() == rhs.type_key() && lhs.dtype().code == rhs.dtype().code && self.expr_inner(lhs, rhs));
        if !equal {
            self.emit(format!("Expression mismatch: {} vs {}", show(lhs.as_object()), show(rhs.as_object())));
        }
        equal
    }

    fn expr_inner(&mut self, lhs: &Expr, rhs: &Expr) -> bool {
        let (l, r) = (lhs.as_object(), rhs.as_object());
        if let (Some((_, la, lb)), Some((_, ra, rb))) = (BinOp::operands(l), BinOp::operands(r)) {
            return self.visit_expr(la, ra) && self.visit_expr(lb, rb);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<IntImmNode>(), r.downcast_ref::<IntImmNode>()) {
            if a.value != b.value {
                self.emit(format!("IntImmNode values do not match: op->value={} vs rhs->value={}", a.value, b.value));
            }
            return a.value == b.value;
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<FloatImmNode>(), r.downcast_ref::<FloatImmNode>()) {
            if a.value != b.value {
                self.emit(format!("FloatImmNode values do not match: op->value={} vs rhs->value={}", a.value, b.value));
            }
            return a.value == b.value;
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<CastNode>(), r.downcast_ref::<CastNode>()) {
            return self.visit_expr(&a.value, &b.value);
        }
        if l.is::<VarNode>() {
            return self.equal_map.get(&l.addr()).is_some_and(|m| m.as_object().addr() == r.addr());
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<TensorLoadNode>(), r.downcast_ref::<TensorLoadNode>()) {
            let (Some(la), Some(ra)) = (var_of(&a.source), var_of(&b.source)) else { return false };
            return self.buffer_access(&la, &a.indices, &ra, &b.indices);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<SelectNode>(), r.downcast_ref::<SelectNode>()) {
            return self.visit_expr(&a.condition, &b.condition) && self.visit_expr(&a.true_value, &b.true_value) && self.visit_expr(&a.false_value, &b.false_value);
        }
        if let (Some(a), Some(b)) = (l.downcast_ref::<CallNode>(), r.downcast_ref::<CallNode>()) {
            if !structural_equal(&a.op, &b.op, false) {
                return false;
            }
            if a.args.len() != b.args.len() {
                self.emit(format!("CallNode arg size mismatch: op->args.size()={} vs rhs->args.size()={}", a.args.len(), b.args.len()));
                return false;
            }
            for (i, (x, y)) in a.args.iter().zip(&b.args).enumerate() {
                if !self.compare_arg(x, y) {
                    self.emit(format!("CallNode args do not match at index {i}: op->args[i]={} vs rhs->args[i]={}", show(x.as_object()), show(y.as_object())));
                    return false;
                }
            }
            return true;
        }
        let mapped = self.to_rhs(lhs);
        structural_equal(&mapped, rhs, false)
    }

    /// A call argument: a buffer variable by the buffer mapping, a scalar by value.
    fn compare_arg(&mut self, x: &Expr, y: &Expr) -> bool {
        if let (Some(a), Some(b)) = (var_of(x), var_of(y)) {
            if buffer_type(&a).is_some() || buffer_type(&b).is_some() {
                return self.compare_buffer(&a, &b);
            }
        }
        self.visit_expr(x, y)
    }
}

/// TVM's text of an array in a message: a Python tuple.
fn tuple(items: Vec<String>) -> String {
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}

fn var_of(e: &Expr) -> Option<Var> {
    e.as_object().clone().try_downcast::<VarNode>()
}

fn region_buffer(r: &TensorRegion) -> Option<Var> {
    var_of(&r.source)
}

fn show_range(r: &Range) -> String {
    format!("Range(min={}, extent={})", show(r.min.as_object()), show(r.extent.as_object()))
}

// ---------------------------------------------------------------------------
// The implementation: a fresh copy, its indices widened to the workload's.

/// A copy of `f` with every variable renewed (TVM deep-copies the implementation
/// so that two tensorized blocks share no symbol).
fn renew_vars(f: &PrimFunc) -> SchResult<PrimFunc> {
    let memo: RefCell<HashMap<usize, ObjectRef>> = RefCell::new(HashMap::new());
    fn renew(obj: ObjectRef, memo: &RefCell<HashMap<usize, ObjectRef>>) -> crate::ir::Result<ObjectRef> {
        structural_map(
            obj,
            |n: ObjectRef| -> crate::ir::Result<MapResult> {
                let Some(v) = n.downcast_ref::<VarNode>() else { return Ok(MapResult::Unchanged) };
                if let Some(done) = memo.borrow().get(&n.addr()) {
                    return Ok(MapResult::ReplaceAndSkip(done.clone()));
                }
                let ty = Type(renew(v.ty.as_object().clone(), memo)?);
                let new = new_var(&v.name, ty, v.span.clone()).as_ref_obj();
                memo.borrow_mut().insert(n.addr(), new.clone());
                Ok(MapResult::ReplaceAndSkip(new))
            },
            WalkOrder::PreOrder,
        )
    }
    let out = renew(f.as_ref_obj(), &memo)?;
    out.try_downcast::<PrimFuncNode>().ok_or_else(|| Error::type_error("expected a PrimFunc").into())
}

/// `f` with its int32 index expressions made `dtype` (TVM's
/// `IndexDataTypeNormalizer`): buffer shapes, strides and offsets, and the
/// arithmetic that meets them.
fn widen_indices(f: &PrimFunc, dtype: DataType) -> SchResult<PrimFunc> {
    let memo: RefCell<HashMap<usize, ObjectRef>> = RefCell::new(HashMap::new());
    fn widen(obj: ObjectRef, dtype: DataType, memo: &RefCell<HashMap<usize, ObjectRef>>) -> crate::ir::Result<ObjectRef> {
        let is_index = |e: &Expr| e.dtype().code == TypeCode::Int && e.dtype().bits == 32 && e.dtype().lanes == 1;
        structural_map(
            obj,
            |n: ObjectRef| -> crate::ir::Result<MapResult> {
                if let Some(done) = memo.borrow().get(&n.addr()) {
                    return Ok(MapResult::ReplaceAndSkip(done.clone()));
                }
                if let Some(v) = n.downcast_ref::<VarNode>() {
                    let new = if let Some(b) = buffer_type(v) {
                        let mut node: BufferTypeNode = b.clone();
                        let w = |e: &Expr| -> crate::ir::Result<Expr> {
                            if let (Some(c), true) = (e.as_int(), is_index(e)) {
                                return Ok(crate::ir::int_imm(dtype, c));
                            }
                            Expr::try_from_object(widen(e.clone().into_object(), dtype, memo)?)
                        };
                        node.shape = node.shape.iter().map(w).collect::<crate::ir::Result<_>>()?;
                        node.strides = node.strides.iter().map(w).collect::<crate::ir::Result<_>>()?;
                        node.elem_offset = w(&node.elem_offset)?;
                        new_var(&v.name, Type::from(crate::dialects::tirx::nodes::BufferType::new(node)), v.span.clone()).as_ref_obj()
                    } else if n.clone().try_downcast::<VarNode>().is_some_and(|var| is_index(&var.into())) {
                        new_var(&v.name, Type::prim(dtype), v.span.clone()).as_ref_obj()
                    } else {
                        return Ok(MapResult::Unchanged);
                    };
                    memo.borrow_mut().insert(n.addr(), new.clone());
                    return Ok(MapResult::ReplaceAndSkip(new));
                }
                if let Some(i) = n.downcast_ref::<IntImmNode>() {
                    // Constants alone are left; those meeting a widened operand are
                    // converted by the operator rebuild below.
                    let _ = i;
                    return Ok(MapResult::Unchanged);
                }
                if let Some((op, a, b)) = BinOp::operands(&n) {
                    let a2 = Expr::try_from_object(widen(a.clone().into_object(), dtype, memo)?)?;
                    let b2 = Expr::try_from_object(widen(b.clone().into_object(), dtype, memo)?)?;
                    if a2.as_object().addr() == a.as_object().addr() && b2.as_object().addr() == b.as_object().addr() {
                        return Ok(MapResult::Unchanged);
                    }
                    let r = arith::binary(op, a2, b2, Span::none())?;
                    return Ok(MapResult::ReplaceAndSkip(r.into_object()));
                }
                Ok(MapResult::Unchanged)
            },
            WalkOrder::PreOrder,
        )
    }
    let out = widen(f.as_ref_obj(), dtype, &memo)?;
    out.try_downcast::<PrimFuncNode>().ok_or_else(|| Error::type_error("expected a PrimFunc").into())
}

fn root_realize(f: &PrimFunc, what: &str) -> SchResult<SBlockRealize> {
    f.body
        .as_object()
        .clone()
        .try_downcast::<SBlockRealizeNode>()
        .ok_or_else(|| Error::value_error(format!("The {what} of the tensor intrinsic must have a root block")).into())
}

/// `tensorize(block_or_loop, intrinsic)` with the intrinsic's description and
/// implementation.
pub fn tensorize(state: &mut ScheduleState, id: SRefId, desc: &PrimFunc, impl_: &PrimFunc, preserve: bool) -> SchResult<()> {
    let func = state.sref(id).func.clone();
    let stmt = state.stmt(id, "block")?;
    // Step 1: the block to tensorize (a loop's subtree is blockized first).
    let (realize, old_block, old_stmt): (SBlockRealize, Option<SBlock>, ObjectRef) = if let Some(b) = stmt.as_object().clone().try_downcast::<SBlockNode>() {
        let r = super::prims_reduction::realize_of(state, &func, &b)?;
        (r, Some(b.clone()), b.as_ref_obj())
    } else if stmt.as_object().is::<ForNode>() {
        let (outer, _, _) = super::prims_blockize::blockize_realize(state, id, preserve)?;
        (outer, None, stmt.as_object().clone())
    } else {
        return Err(Error::type_error(format!("Tensorize only support For or SBlock, but gets: {}", stmt.type_key())).into());
    };
    let desc_root = root_realize(desc, "description")?;
    let mut impl_f = renew_vars(impl_)?;
    // The implementation's indices take the widest index type of the block's regions.
    let bits = realize.block.reads.iter().chain(&realize.block.writes).flat_map(|r| r.region.iter()).map(|r| r.min.dtype().bits).max().unwrap_or(32);
    if bits > 32 {
        impl_f = widen_indices(&impl_f, DataType::int(bits))?;
    }
    // Step 2: structural matching.
    let mut cmp = Comparator::new();
    let lhs: Stmt = realize.clone().into();
    let rhs: Stmt = desc_root.clone().into();
    match cmp.visit_stmt(&lhs, &rhs) {
        Ok(_) => {}
        Err(Mismatch(e)) => return Err(SchError::Schedule(e)),
    }
    // Step 3: the implementation's buffers, bound to the matched regions.
    let impl_root = root_realize(&impl_f, "implementation")?;
    let impl_block = impl_root.block.clone();
    if desc.params.len() != impl_f.params.len() {
        return Err(Error::value_error("The number of parameters of the description and the implementation of the tensor intrinsic doesn't match.").into());
    }
    let mut impl_regions: Vec<(usize, Vec<Range>)> = Vec::new();
    for r in impl_block.reads.iter().chain(&impl_block.writes) {
        if let Some(b) = region_buffer(r) {
            let k = b.as_ref_obj().addr();
            if !impl_regions.iter().any(|(a, _)| *a == k) {
                impl_regions.push((k, r.region.clone()));
            }
        }
    }
    let mut matches = Vec::new();
    for (d, i) in desc.params.iter().zip(&impl_f.params) {
        let cur = cmp
            .rhs_buffer_map
            .get(&d.as_ref_obj().addr())
            .cloned()
            .ok_or_else(|| Error::value_error(format!("The buffer {} of the tensor intrinsic's description is not used by the block", d.name)))?;
        let old_region = impl_regions
            .iter()
            .find(|(a, _)| *a == i.as_ref_obj().addr())
            .map(|(_, r)| r.clone())
            .ok_or_else(|| Error::value_error(format!("The buffer {} of the tensor intrinsic's implementation is not in its root block's regions", i.name)))?;
        let base = cmp.buffer_indices.get(&cur.as_ref_obj().addr()).cloned().unwrap_or_default();
        if base.len() < old_region.len() {
            return Err(Error::value_error("tensorize: the implementation's region has more dimensions than the matched buffer").into());
        }
        let offset = base.len() - old_region.len();
        let mut region = Vec::new();
        for m in &base[..offset] {
            region.push(Range::from_min_extent(m.clone(), arith::make_const_int(m.dtype(), 1, Span::none())?, Span::none()));
        }
        for (m, r) in base[offset..].iter().zip(&old_region) {
            let extent = if r.extent.dtype() == m.dtype() { r.extent.clone() } else { arith::cast(m.dtype(), r.extent.clone(), Span::none())? };
            region.push(Range::from_min_extent(m.clone(), extent, Span::none()));
        }
        matches.push(MatchBufferRegion::new(MatchBufferRegionNode { buffer: i.clone(), source: buffer_region(&cur, region, Span::none())?, span: Span::none() }));
    }
    // Step 4: the block's body replaced by the implementation's.
    let mut node: SBlockNode = (*realize.block).clone();
    node.body = impl_block.body.clone();
    node.match_buffers = matches;
    let mut anns: Vec<(crate::ir::Value, crate::ir::Value)> = node.annotations.iter().cloned().collect();
    for (k, v) in impl_block.annotations.iter() {
        if !anns.iter().any(|(a, _)| a == k) {
            anns.push((k.clone(), v.clone()));
        }
    }
    node.annotations = std::sync::Arc::from(anns);
    let new_block = SBlock::new(node);
    match old_block {
        Some(b) => state.replace(&func, &old_stmt, new_block.clone().upcast(), &[(b.upcast(), new_block.upcast())])?,
        None => {
            let mut r: SBlockRealizeNode = (*realize).clone();
            r.block = new_block;
            state.replace(&func, &old_stmt, SBlockRealize::new(r).upcast(), &[])?;
        }
    }
    Ok(())
}

/// `TensorIntrin(desc, impl)`'s checks: as many parameters, all handles or buffers.
pub fn check_intrin(desc: &PrimFunc, impl_: &PrimFunc) -> crate::ir::Result<()> {
    if desc.params.len() != impl_.params.len() {
        return Err(Error::value_error(format!(
            "Check failed: desc->params.size() == impl->params.size() ({} vs. {}) : The number of parameters of the description and the implementation of the tensor intrinsic doesn't match.",
            desc.params.len(),
            impl_.params.len()
        )));
    }
    let is_handle = |v: &Var| buffer_type(v).is_some() || v.ty.as_object().is::<crate::ir::ty::PointerTypeNode>();
    for (d, i) in desc.params.iter().zip(&impl_.params) {
        if !is_handle(d) {
            return Err(Error::value_error("Check failed: (is_handle(desc->params[i])) is false: Parameters of the description of the tensor intrinsic should be handle only."));
        }
        if !is_handle(i) {
            return Err(Error::value_error("Check failed: (is_handle(impl->params[i])) is false: Parameters of the implementation of the tensor intrinsic should be handle only."));
        }
    }
    Ok(())
}
