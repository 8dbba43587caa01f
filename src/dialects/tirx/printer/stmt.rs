//! TIRx statements.

use crate::dialects::tirx::nodes::{
    AllocBufferNode, AssertStmtNode, AttrStmtNode, BindNode, BufferStoreNode, DeclBufferNode, EvaluateNode,
    ExecScopeKind, ForKind, ForNode, IfThenElseNode, IterVarNode, ReturnNode, ScopeBinding, ScopeIdDefStmtNode,
    SeqStmtNode, TilePrimitiveCallNode, WhileNode,
};
use crate::ir::{
    structural_equal, AccessPath, CallNode, DataType, Error, Expr, ObjectRef, OpNode, Result, Value, VarNode,
};
use crate::printer::Text;
use crate::printer::doc::{Doc, ExprDoc, StmtBlockDoc, StmtDoc};
use crate::printer::{register_print_hook, Printer};

use super::buffer::{buffer_args, buffer_of, call_with, is_scalar_buffer, Form};
use super::expr::store_indices;
use super::fold;
use super::types::type_annotation;
use super::util::{allow_concise, as_doc_body, define_var, dtype_doc, t, with_frame};
use super::TOKEN;

fn sugar(p: &Printer) -> bool {
    p.config().syntax_sugar
}

/// `with rhs as lhs: body`, or concisely `lhs = rhs` / `rhs` followed by the body at
/// the same level.
fn concise_scope(lhs: Option<ExprDoc>, rhs: ExprDoc, mut body: Vec<StmtDoc>, concise: bool) -> Doc {
    if concise {
        let head = match lhs {
            Some(l) => StmtDoc::assign(l, rhs),
            None => StmtDoc::expr(rhs),
        };
        body.insert(0, head);
        Doc::Block(StmtBlockDoc::new(body))
    } else {
        Doc::from(StmtDoc::scope(lhs, rhs, body))
    }
}

fn expr(p: &mut Printer, e: &Expr, path: &AccessPath) -> Result<ExprDoc> {
    p.to_doc(e, path)
}

// ---- stores and scalars -------------------------------------------------------------

fn buffer_store(p: &mut Printer, s: &BufferStoreNode, path: &AccessPath) -> Result<Doc> {
    let buf = s.buffer.as_ref_obj();
    let lhs = p.to_doc(&buf, &path.attr("buffer"))?;
    let value = expr(p, &s.value, &path.attr("value"))?;
    if is_scalar_buffer(&buf) && s.indices.len() == 1 {
        return Ok(StmtDoc::assign(lhs, value).into());
    }
    let idx = store_indices(p, &s.indices, &path.attr("indices"))?;
    Ok(StmtDoc::assign(lhs.index(idx), value).into())
}

/// `T.local_scalar(T.float32)`, `T.shared_scalar(...)`, `T.alloc_scalar(..., scope=...)`.
fn scalar_ctor(p: &mut Printer, buf: &ObjectRef, annotations: &[(Value, Value)], path: &AccessPath) -> Result<ExprDoc> {
    let bt = buffer_of(buf).ok_or_else(|| Error::type_error("expected a buffer"))?;
    let dt = dtype_doc(p, bt.elem_dtype());
    let mut kwargs = Vec::new();
    let callee = match bt.storage_scope.as_str() {
        "local" => t(p, "local_scalar"),
        "shared" => t(p, "shared_scalar"),
        other => {
            kwargs.push(("scope".into(), ExprDoc::str(Text::copy(other))));
            t(p, "alloc_scalar")
        }
    };
    if !annotations.is_empty() {
        kwargs.push(("annotations".into(), p.value_to_doc(&Value::Map(annotations.into()), &path.attr("annotations"))?));
    }
    Ok(callee.call_kw(vec![dt], kwargs))
}

/// `x: T.float32 = v`: a local scalar allocated and stored to at once.
pub fn merged_scalar(
    p: &mut Printer,
    alloc: &AllocBufferNode,
    alloc_path: &AccessPath,
    store: &BufferStoreNode,
    store_path: &AccessPath,
) -> Result<StmtDoc> {
    let buf = alloc.buffer.as_ref_obj();
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    let lhs = define_var(p, &buf, frame)?;
    let ann = dtype_doc(p, super::buffer::elem_dtype(&buf)).with_path(alloc_path.attr("buffer"));
    let value = expr(p, &store.value, &store_path.attr("value"))?;
    Ok(StmtDoc::assign_annotated(lhs, Some(value), ann))
}

/// Whether statement `a` allocates a local scalar that statement `b` then sets.
pub fn scalar_merge_pair<'a>(
    p: &Printer,
    a: &'a ObjectRef,
    b: &'a ObjectRef,
) -> Option<(&'a AllocBufferNode, &'a BufferStoreNode)> {
    if !sugar(p) {
        return None;
    }
    let alloc = a.downcast_ref::<AllocBufferNode>()?;
    let store = b.downcast_ref::<BufferStoreNode>()?;
    let buf = alloc.buffer.as_ref_obj();
    (is_scalar_buffer(&buf)
        && store.buffer.same_as(&buf)
        && store.indices.len() == 1
        && store.indices[0].as_int() == Some(0)
        && !uses_any(&store.value, std::slice::from_ref(&buf)))
    .then_some((alloc, store))
}

fn alloc_buffer(p: &mut Printer, a: &AllocBufferNode, path: &AccessPath) -> Result<Doc> {
    let buf = a.buffer.as_ref_obj();
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    if is_scalar_buffer(&buf) {
        if sugar(p) {
            let lhs = define_var(p, &buf, frame)?;
            let ann = dtype_doc(p, super::buffer::elem_dtype(&buf));
            return Ok(StmtDoc::assign_annotated(lhs, None, ann).into());
        }
        let rhs = scalar_ctor(p, &buf, &a.annotations, path)?;
        let lhs = define_var(p, &buf, frame)?;
        return Ok(StmtDoc::assign(lhs, rhs).into());
    }
    let scope = buffer_of(&buf).map(|b| b.storage_scope.clone()).unwrap_or_default();
    let mut args = buffer_args(p, &buf, &path.attr("buffer"), Form::Decl, None)?;
    let method = match scope.as_str() {
        "local" => "alloc_local",
        "shared" => "alloc_shared",
        _ => "alloc_buffer",
    };
    if method != "alloc_buffer" {
        args.kwargs.retain(|(k, _)| k != "scope");
    }
    if !a.annotations.is_empty() {
        let d = p.value_to_doc(&Value::Map(a.annotations.clone()), &path.attr("annotations"))?;
        args.kwargs.push(("annotations".into(), d));
    }
    let rhs = call_with(t(p, method), args, vec![]);
    let lhs = define_var(p, &buf, frame)?;
    Ok(StmtDoc::assign(lhs, rhs).into())
}

/// The buffer a `buffer_data(X)` call reads, if `data` is one.
fn data_source(data: &Expr) -> Option<&Expr> {
    let call = data.downcast_ref::<CallNode>()?;
    let op = call.op.downcast_ref::<OpNode>()?;
    (&*op.name == "tirx.buffer_data").then(|| call.args.first()).flatten()
}

fn same_exprs(a: &[Expr], b: &[Expr]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| structural_equal(&Value::Object(x.0.clone()), &Value::Object(y.0.clone()), true))
}

fn same_opt(a: &Option<crate::dialects::tirx::nodes::Layout>, b: &Option<crate::dialects::tirx::nodes::Layout>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => structural_equal(&Value::Object(x.0.clone()), &Value::Object(y.0.clone()), true),
        _ => false,
    }
}

/// Layout axes that name threads rather than memory (a per-thread view of a buffer
/// laid out over them is `A.local(...)`).
fn is_thread_axis(name: &str) -> bool {
    matches!(
        name,
        "bx" | "by" | "bz" | "cbx" | "cby" | "cbz" | "tx" | "warpid" | "laneid" | "wgid" | "tid_in_wg" | "wid_in_wg"
    )
}

fn tile_of(layout: &Option<crate::dialects::tirx::nodes::Layout>) -> Option<&crate::dialects::tirx::nodes::TileLayoutNode> {
    let l = layout.as_ref()?;
    l.downcast_ref::<crate::dialects::tirx::nodes::TileLayoutNode>().or_else(|| {
        l.downcast_ref::<crate::dialects::tirx::nodes::ComposeLayoutNode>().map(|c| &*c.tile_layout)
    })
}

/// Whether a layout spreads a buffer over threads.
fn has_thread_axis(layout: &Option<crate::dialects::tirx::nodes::Layout>) -> bool {
    tile_of(layout).is_some_and(|t| {
        t.shard.iter().chain(t.replica.iter()).any(|it| is_thread_axis(&it.axis.name))
            || t.offset.iter().any(|(k, _)| {
                k.as_object()
                    .and_then(|o| o.downcast_ref::<crate::dialects::tirx::nodes::AxisNode>())
                    .is_some_and(|a| is_thread_axis(&a.name))
            })
    })
}

/// The span of a layout's per-thread storage (its memory iters), when constant.
fn storage_span(layout: &Option<crate::dialects::tirx::nodes::Layout>) -> Option<i64> {
    let t = tile_of(layout)?;
    let mut span = 1;
    for it in t.shard.iter().chain(t.replica.iter()).filter(|it| !is_thread_axis(&it.axis.name)) {
        span += (it.extent.as_int()? - 1) * it.stride.as_int()?.abs();
    }
    Some(span)
}

/// The dimension order `b` is `a.permute(...)` in: shape and one-iter-per-dimension
/// tile layout permuted alike (not the identity).
fn permutation(a: &crate::dialects::tirx::nodes::BufferTypeNode, b: &crate::dialects::tirx::nodes::BufferTypeNode) -> Option<Vec<usize>> {
    let (ta, tb) = (a.layout.as_ref()?.downcast_ref::<crate::dialects::tirx::nodes::TileLayoutNode>()?, b.layout.as_ref()?.downcast_ref::<crate::dialects::tirx::nodes::TileLayoutNode>()?);
    let n = a.shape.len();
    if n < 2 || b.shape.len() != n || ta.shard.len() != n || tb.shard.len() != n || !ta.replica.is_empty() || !tb.replica.is_empty() || !ta.offset.is_empty() || !tb.offset.is_empty() {
        return None;
    }
    let mut perm = Vec::with_capacity(n);
    for i in 0..n {
        let j = (0..n).find(|&j| {
            !perm.contains(&j)
                && structural_equal(&b.shape[i], &a.shape[j], false)
                && structural_equal(&tb.shard[i], &ta.shard[j], false)
        })?;
        perm.push(j);
    }
    (perm.iter().enumerate().any(|(i, &j)| i != j)).then_some(perm)
}

/// The number of elements of a layout's per-thread storage, when constant.
fn storage_size(layout: &Option<crate::dialects::tirx::nodes::Layout>) -> Option<i64> {
    let t = tile_of(layout)?;
    let mut size = 1;
    for it in t.shard.iter().filter(|it| !is_thread_axis(&it.axis.name)) {
        size *= it.extent.as_int()?;
    }
    Some(size)
}

/// `B = A.view(shape..., layout=...)`, `A.view("float16")` or `A.local(...)`: a
/// re-declaration of another buffer's storage changing only its shape, element type or
/// layout (what `Buffer.view` / `Buffer.local` build).
fn view_doc(p: &mut Printer, d: &DeclBufferNode, path: &AccessPath) -> Result<Option<ExprDoc>> {
    if !sugar(p) {
        return Ok(None);
    }
    let Some(src) = data_source(&d.data) else { return Ok(None) };
    let dst = d.buffer.as_ref_obj();
    let (Some(a), Some(b)) = (buffer_of(src), buffer_of(&dst)) else { return Ok(None) };
    if !p.is_defined(src)
        || a.storage_scope != b.storage_scope
        || a.data_alignment != b.data_alignment
        || a.offset_factor != b.offset_factor
        || !same_exprs(&a.allocated_addr, &b.allocated_addr)
        || !same_exprs(&a.strides, &b.strides)
    {
        return Ok(None);
    }
    let same_offset = same_exprs(std::slice::from_ref(&a.elem_offset), std::slice::from_ref(&b.elem_offset));
    let tp = path.attr("buffer").attr("ty");
    // `A.view("float16")`: the last extent scales with the element size.
    if a.elem_dtype() != b.elem_dtype() {
        let (ab, bb) = (a.elem_dtype().bits as i64, b.elem_dtype().bits as i64);
        let ok_shape = a.shape.len() == b.shape.len()
            && !a.shape.is_empty()
            && same_exprs(&a.shape[..a.shape.len() - 1], &b.shape[..b.shape.len() - 1])
            && match (a.shape.last().and_then(|e| e.as_int()), b.shape.last().and_then(|e| e.as_int())) {
                (Some(x), Some(y)) => x * ab == y * bb,
                _ => false,
            };
        let ok_offset = match (a.elem_offset.as_int(), b.elem_offset.as_int()) {
            (Some(x), Some(y)) => x * ab == y * bb,
            _ => false,
        };
        if !ok_shape || !ok_offset {
            return Ok(None);
        }
        let s = expr(p, src, &path.attr("data").attr("args").index(0))?;
        let dt = ExprDoc::str(b.elem_dtype()).with_path(tp.attr("dtype"));
        return Ok(Some(s.attr("view").call(vec![dt])));
    }
    if !same_offset {
        return Ok(None);
    }
    if let Some(perm) = permutation(a, b) {
        let s = expr(p, src, &path.attr("data").attr("args").index(0))?;
        return Ok(Some(s.attr("permute").call(perm.into_iter().map(|i| ExprDoc::int(i as i64)).collect())));
    }
    let local = has_thread_axis(&a.layout);
    if !local && same_exprs(&a.shape, &b.shape) {
        return Ok(None);
    }
    let default_layout = b.layout.as_ref().is_some_and(|l| super::buffer::is_default_layout(l, &b.shape));
    let mut args = Vec::new();
    let mut kwargs = Vec::new();
    if local {
        // `A.local()` is the whole per-thread storage, flat, in the default layout.
        // (`A.local(layout=L)` is as many elements as the storage holds.)
        let whole_extent = if default_layout { storage_span(&a.layout) } else { storage_size(&a.layout) };
        let whole = b.shape.len() == 1 && b.shape[0].as_int().is_some() && b.shape[0].as_int() == whole_extent;
        if !whole {
            for (i, e) in b.shape.iter().enumerate() {
                args.push(expr(p, e, &tp.attr("shape").index(i))?);
            }
        }
        if !default_layout {
            let l = match &b.layout {
                Some(l) => super::layout::layout_doc(p, l, &tp.attr("layout"))?,
                None => ExprDoc::none(),
            };
            kwargs.push(("layout".into(), l));
        }
    } else {
        for (i, e) in b.shape.iter().enumerate() {
            args.push(expr(p, e, &tp.attr("shape").index(i))?);
        }
        // A reshape between default layouts needs no `layout=` (each shape has its own).
        let parent_default = a.layout.as_ref().is_some_and(|l| super::buffer::is_default_layout(l, &a.shape));
        if !same_opt(&a.layout, &b.layout) && !(default_layout && parent_default) {
            let l = match &b.layout {
                Some(l) => super::layout::layout_doc(p, l, &tp.attr("layout"))?,
                None => ExprDoc::none(),
            };
            kwargs.push(("layout".into(), l));
        }
    }
    let s = expr(p, src, &path.attr("data").attr("args").index(0))?;
    let method = if local { "local" } else { "view" };
    Ok(Some(s.attr(method).call_kw(args, kwargs)))
}

fn decl_buffer(p: &mut Printer, d: &DeclBufferNode, path: &AccessPath) -> Result<Doc> {
    let buf = d.buffer.as_ref_obj();
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    let rhs = if buffer_of(&buf).is_some_and(super::buffer::is_scalar_shape) {
        let bt = buffer_of(&buf).ok_or_else(|| Error::type_error("expected a buffer"))?;
        let dt = dtype_doc(p, bt.elem_dtype());
        let data = expr(p, &d.data, &path.attr("data"))?;
        let mut kwargs = vec![("data".into(), data)];
        if bt.elem_offset.as_int() != Some(0) {
            kwargs.push(("elem_offset".into(), expr(p, &bt.elem_offset, &path.attr("buffer").attr("ty").attr("elem_offset"))?));
        }
        kwargs.push(("scope".into(), ExprDoc::str(bt.storage_scope.clone())));
        t(p, "decl_scalar").call_kw(vec![dt], kwargs)
    } else if let Some(v) = view_doc(p, d, path)? {
        v
    } else {
        let data = expr(p, &d.data, &path.attr("data"))?;
        let args = super::function::buffer_param_args(
            p,
            &buf,
            &path.attr("buffer"),
            Form::Decl,
            frame,
            vec![],
            vec![],
            false,
            false,
        )?;
        let mut kwargs = vec![("data".into(), data)];
        kwargs.extend(args.kwargs);
        let mut pos = vec![args.shape];
        pos.extend(args.dtype);
        t(p, "decl_buffer").call_kw(pos, kwargs)
    };
    let lhs = define_var(p, &buf, frame)?;
    Ok(StmtDoc::assign(lhs, rhs).into())
}

// ---- lets, evaluation, assertions ---------------------------------------------------

fn bind(p: &mut Printer, b: &BindNode, path: &AccessPath) -> Result<Doc> {
    let var = b.var.as_ref_obj();
    let value = expr(p, &b.value, &path.attr("value"))?;
    if p.is_defined(&var) {
        let lhs = p.to_doc(&var, &path.attr("var"))?;
        // A variable bound again (ill-formed IR): TVM 0.27 prints a plain assignment,
        // which its parser reads as a new local; the native spelling keeps the rebinding.
        if super::util::tvm_syntax(p) {
            return Ok(StmtDoc::assign(lhs, value).into());
        }
        return Ok(StmtDoc::expr(t(p, "bind").call_kw(vec![value], vec![("var".into(), lhs)])).into());
    }
    let ty = b.var.ty.clone();
    let ann = type_annotation(p, &ty, &path.attr("var").attr("ty"))?;
    let ann = t(p, "let").index(vec![ann]);
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    let lhs = define_var(p, &var, frame)?;
    Ok(StmtDoc::assign_annotated(lhs, Some(value), ann).into())
}

fn evaluate(p: &mut Printer, e: &EvaluateNode, path: &AccessPath) -> Result<Doc> {
    let v = expr(p, &e.value, &path.attr("value"))?;
    let is_call = e.value.as_call().is_some_and(|c| {
        !c.op.downcast_ref::<OpNode>().is_some_and(|o| &*o.name == "tirx.buffer_data")
    });
    if is_call {
        return Ok(StmtDoc::expr(v).into());
    }
    Ok(StmtDoc::expr(t(p, "evaluate").call(vec![v])).into())
}

fn assert_stmt(p: &mut Printer, a: &AssertStmtNode, path: &AccessPath) -> Result<Doc> {
    let cond = expr(p, &a.condition, &path.attr("condition"))?;
    let kind = ExprDoc::str(&a.error_kind.value).with_path(path.attr("error_kind"));
    let mut parts = Vec::new();
    for (i, s) in a.message_parts.iter().enumerate() {
        let pp = path.attr("message_parts").index(i);
        let d = if s.value.contains('\n') {
            p.add_metadata(&Value::Object(s.as_ref_obj())).with_path(pp)
        } else {
            ExprDoc::str(&s.value).with_path(pp)
        };
        parts.push(d);
    }
    Ok(StmtDoc::assert(cond, Some(ExprDoc::tuple(vec![kind, ExprDoc::list(parts)]))).into())
}

// ---- control flow -------------------------------------------------------------------

fn is_zero(e: &Expr) -> bool {
    e.as_int() == Some(0)
}

fn uses_any(e: &Expr, vars: &[ObjectRef]) -> bool {
    if vars.is_empty() {
        return false;
    }
    let mut found = false;
    crate::ir::pre_order_visit(&Value::Object(e.0.clone()), &mut |o: &ObjectRef| {
        if vars.iter().any(|v| v.same_as(o)) {
            found = true;
        }
        !found
    });
    found
}

fn for_loop(p: &mut Printer, obj: &ObjectRef, lp: &ForNode, path: &AccessPath) -> Result<Doc> {
    // `T.grid` for perfectly nested plain serial loops starting at 0.
    let mut grid: Vec<&ForNode> = Vec::new();
    let mut grid_vars: Vec<ObjectRef> = Vec::new();
    if sugar(p) {
        let mut cur: Option<&ForNode> = Some(lp);
        while let Some(l) = cur {
            let plain = l.kind == ForKind::Serial
                && is_zero(&l.min)
                && l.annotations.is_empty()
                && l.thread_binding.is_none()
                && l.step.as_ref().is_none_or(|s| s.as_int() == Some(1))
                && !uses_any(&l.extent, &grid_vars);
            if !plain {
                break;
            }
            grid.push(l);
            grid_vars.push(l.loop_var.as_ref_obj());
            cur = l.body.downcast_ref::<ForNode>();
        }
    }
    if grid.len() > 1 {
        let n = grid.len();
        let ((lhs, rhs), body) = with_frame(p, Some(obj.clone()), |p, f| {
            let mut lhs = Vec::with_capacity(n);
            let mut rhs = Vec::with_capacity(n);
            let mut lpath = path.clone();
            for l in &grid {
                lhs.push(define_var(p, &l.loop_var.as_ref_obj(), f)?);
                rhs.push(expr(p, &l.extent, &lpath.attr("extent"))?);
                lpath = lpath.attr("body");
            }
            let last = grid[n - 1];
            as_doc_body(p, &last.body, &lpath)?;
            Ok((lhs, rhs))
        })?;
        return Ok(StmtDoc::for_(ExprDoc::tuple(lhs), t(p, "grid").call(rhs), body).into());
    }
    let ((lhs, rhs), body) = with_frame(p, Some(obj.clone()), |p, f| {
        let lhs = define_var(p, &lp.loop_var.as_ref_obj(), f)?;
        let step = lp.step.as_ref().filter(|s| s.as_int() != Some(1));
        let mut args = Vec::new();
        if is_zero(&lp.min) && step.is_none() {
            args.push(expr(p, &lp.extent, &path.attr("extent"))?);
        } else {
            args.push(expr(p, &lp.min, &path.attr("min"))?);
            let end = fold::add(&lp.min, &lp.extent);
            args.push(expr(p, &end, &path.attr("extent"))?);
        }
        let mut kwargs = Vec::new();
        let callee = match lp.kind {
            ForKind::Serial if lp.annotations.is_empty() && step.is_none() => ExprDoc::id("range"),
            ForKind::Serial if lp.annotations.is_empty() => ExprDoc::id("range"),
            ForKind::Serial => t(p, "serial"),
            ForKind::Parallel => t(p, "parallel"),
            ForKind::Vectorized => t(p, "vectorized"),
            ForKind::Unrolled => t(p, "unroll"),
            ForKind::ThreadBinding => {
                let tag = lp.thread_binding.as_ref().map(|iv| iv.thread_tag.clone()).unwrap_or_default();
                kwargs.push(("thread".into(), ExprDoc::str(tag).with_path(path.attr("thread_binding"))));
                t(p, "thread_binding")
            }
        };
        // `T.serial(..., unroll=...)` stands for the unroll pragmas it adds.
        let mut annotations: Vec<(Value, Value)> = lp.annotations.to_vec();
        let mut unroll = None;
        if lp.kind == ForKind::Serial {
            if let Some(i) = annotations.iter().position(|(k, _)| k.as_str() == Some("pragma_unroll")) {
                unroll = match &annotations[i].1 {
                    Value::Bool(true) => Some(ExprDoc::bool(true)),
                    Value::Int(n) if *n >= 1 => Some(ExprDoc::int(*n)),
                    _ => None,
                };
                if unroll.is_some() {
                    annotations.remove(i);
                }
            } else if let Some(i) = annotations
                .iter()
                .position(|(k, v)| k.as_str() == Some("disable_unroll") && matches!(v, Value::Bool(true)))
            {
                unroll = Some(ExprDoc::bool(false));
                annotations.remove(i);
            }
        }
        if !annotations.is_empty() {
            let d = p.value_to_doc(&Value::Map(annotations.into()), &path.attr("annotations"))?;
            kwargs.push(("annotations".into(), d));
        }
        if let Some(u) = unroll {
            kwargs.push(("unroll".into(), u));
        }
        // `range(start, stop, step)`; the `T.` loop functions take `step=` by keyword.
        if let Some(s) = step {
            let d = expr(p, s, &path.attr("step"))?;
            if lp.kind == ForKind::Serial && lp.annotations.is_empty() {
                args.push(d);
            } else {
                kwargs.push(("step".into(), d));
            }
        }
        let rhs = callee.call_kw(args, kwargs);
        as_doc_body(p, &lp.body, &path.attr("body"))?;
        Ok((lhs, rhs))
    })?;
    Ok(StmtDoc::for_(lhs, rhs, body).into())
}

fn while_loop(p: &mut Printer, obj: &ObjectRef, w: &WhileNode, path: &AccessPath) -> Result<Doc> {
    let cond = expr(p, &w.condition, &path.attr("condition"))?;
    let ((), body) = with_frame(p, Some(obj.clone()), |p, _| as_doc_body(p, &w.body, &path.attr("body")))?;
    Ok(StmtDoc::while_(cond, body).into())
}

/// Each branch gets a frame owned by the branch statement, as TVM's: a variable
/// used in both branches is defined above the `if`, in the frame of an enclosing
/// statement (the `if` itself owns none).
fn if_then_else(p: &mut Printer, _obj: &ObjectRef, s: &IfThenElseNode, path: &AccessPath) -> Result<Doc> {
    let cond = expr(p, &s.condition, &path.attr("condition"))?;
    let then_owner = s.then_case.as_object().clone();
    let ((), then_b) = with_frame(p, Some(then_owner), |p, _| as_doc_body(p, &s.then_case, &path.attr("then_case")))?;
    let else_b = match &s.else_case {
        Some(e) => with_frame(p, Some(e.as_object().clone()), |p, _| as_doc_body(p, e, &path.attr("else_case")))?.1,
        None => Vec::new(),
    };
    Ok(StmtDoc::if_(cond, then_b, else_b).into())
}

// ---- attributes ---------------------------------------------------------------------

/// The node of `T.attr({...})`: the plain integer 0 (an `IntImm` zero, written
/// `T.attr(T.int32(0), key, value)`, prints as itself).
fn is_zero_node(v: &Value) -> bool {
    matches!(v, Value::Int(0))
}

fn attr_stmt(p: &mut Printer, obj: &ObjectRef, a: &AttrStmtNode, path: &AccessPath) -> Result<Doc> {
    let concise = allow_concise(p, obj);
    // `tx = T.launch_thread("threadIdx.x", 32)`
    if a.attr_key == "thread_extent" || a.attr_key == "virtual_thread" {
        if let Some(iv) = a.node.as_object().and_then(|o| o.downcast_ref::<IterVarNode>()) {
            let var = iv.var.as_ref_obj();
            let value = expr(p, &a.value, &path.attr("value"))?;
            // A thread variable used outside this attribute too is declared where all
            // its uses meet: `tx = T.env_thread("threadIdx.x")`.
            let local = p.common_prefix(&var).is_none_or(|pre| pre.iter().any(|o| o.same_as(obj)));
            if !p.is_defined(&var) && !local {
                if let Some(frame) = super::util::find_lowest_var_def(p, &var) {
                    let lhs = define_var(p, &var, frame)?;
                    let tag = ExprDoc::str(iv.thread_tag.clone()).with_path(path.attr("node").attr("thread_tag"));
                    let rhs = t(p, "env_thread").call(vec![tag]);
                    super::util::push_to_frame(p, frame, StmtDoc::assign(lhs, rhs))?;
                }
            }
            let defined = p.is_defined(&var);
            let ((lhs, rhs), body) = with_frame(p, Some(obj.clone()), |p, f| {
                if defined {
                    let v = p.to_doc(&var, &path.attr("node").attr("var"))?;
                    let rhs = t(p, "launch_thread").call(vec![v, value]);
                    as_doc_body(p, &a.body, &path.attr("body"))?;
                    Ok((None, rhs))
                } else {
                    let lhs = define_var(p, &var, f)?;
                    let tag = ExprDoc::str(iv.thread_tag.clone()).with_path(path.attr("node").attr("thread_tag"));
                    let rhs = t(p, "launch_thread").call(vec![tag, value]);
                    as_doc_body(p, &a.body, &path.attr("body"))?;
                    Ok((Some(lhs), rhs))
                }
            })?;
            return Ok(concise_scope(lhs, rhs, body, concise));
        }
    }
    // `with T.hint("message", key=value):`
    if a.attr_key == "tirx_hint" {
        if let Value::Map(items) = &a.node {
            let mut args = Vec::new();
            let mut kwargs = Vec::new();
            for (k, v) in items.iter() {
                let Some(k) = k.as_str() else { continue };
                let d = p.value_to_doc(v, &path.attr("node").map_key(Value::str(k)))?;
                if k == "message" {
                    args.push(d);
                } else {
                    kwargs.push((Text::copy(k), d));
                }
            }
            let rhs = t(p, "hint").call_kw(args, kwargs);
            let ((), body) = with_frame(p, Some(obj.clone()), |p, _| as_doc_body(p, &a.body, &path.attr("body")))?;
            return Ok(concise_scope(None, rhs, body, concise));
        }
    }
    // `T.attr({"k1": v1, "k2": v2})` for a chain of attributes on nothing.
    if is_zero_node(&a.node) {
        let mut items = Vec::new();
        let mut cur = a;
        let mut cur_path = path.clone();
        loop {
            let key = ExprDoc::str(cur.attr_key.clone()).with_path(cur_path.attr("attr_key"));
            let value = expr(p, &cur.value, &cur_path.attr("value"))?;
            items.push((key, value));
            match cur.body.downcast_ref::<AttrStmtNode>() {
                Some(next) if is_zero_node(&next.node) => {
                    cur = next;
                    cur_path = cur_path.attr("body");
                }
                _ => break,
            }
        }
        let rhs = t(p, "attr").call(vec![ExprDoc::dict(items)]);
        let body_stmt = cur.body.clone();
        let ((), body) = with_frame(p, Some(obj.clone()), |p, _| as_doc_body(p, &body_stmt, &cur_path.attr("body")))?;
        return Ok(concise_scope(None, rhs, body, concise));
    }
    let node = p.value_to_doc(&a.node, &path.attr("node"))?;
    let key = ExprDoc::str(a.attr_key.clone()).with_path(path.attr("attr_key"));
    let value = expr(p, &a.value, &path.attr("value"))?;
    let rhs = t(p, "attr").call(vec![node, key, value]);
    let ((), body) = with_frame(p, Some(obj.clone()), |p, _| as_doc_body(p, &a.body, &path.attr("body")))?;
    Ok(concise_scope(None, rhs, body, concise))
}

// ---- TIRx kernels: scope ids and tile primitives ---------------------------------------

fn scope_id_def(p: &mut Printer, s: &ScopeIdDefStmtNode, path: &AccessPath) -> Result<Doc> {
    let def = &s.def;
    let dp = path.attr("def");
    let name = ScopeBinding::from_i64(def.scope).map_or("scope_id", |b| b.script_name());
    let mut args = Vec::new();
    if let Some(ext) = &def.extents {
        let mut items = Vec::new();
        for (i, e) in ext.iter().enumerate() {
            items.push(expr(p, e, &dp.attr("extents").index(i))?);
        }
        args.push(ExprDoc::list(items));
    }
    let mut kwargs = Vec::new();
    if let Some(pref) = &def.preferred_extents {
        let mut items = Vec::new();
        for (i, e) in pref.iter().enumerate() {
            items.push(expr(p, e, &dp.attr("preferred_extents").index(i))?);
        }
        kwargs.push(("preferred".into(), ExprDoc::list(items)));
    }
    if let Some(v) = def.def_ids.first() {
        let d = v.dtype();
        if d != DataType::INT32 {
            kwargs.push(("dtype".into(), ExprDoc::str(d)));
        }
    }
    let rhs = t(p, name).call_kw(args, kwargs);
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    let mut lhs = Vec::new();
    for v in &def.def_ids {
        lhs.push(define_var(p, &v.as_ref_obj(), frame)?);
    }
    let lhs = if lhs.len() == 1 { lhs.pop().unwrap() } else { ExprDoc::tuple(lhs) };
    Ok(StmtDoc::assign(lhs, rhs).into())
}

/// Two values are the same region of the same tensor.
fn same_region(a: &Value, b: &Value) -> bool {
    let r = |v: &Value| v.as_object().and_then(|o| o.try_downcast::<crate::dialects::tirx::nodes::TensorRegionNode>());
    match (r(a), r(b)) {
        (Some(x), Some(y)) => {
            x.source.same_as(&y.source)
                && x.region.len() == y.region.len()
                && x.region.iter().zip(&y.region).all(|(u, v)| {
                    structural_equal(&u.min, &v.min, false) && structural_equal(&u.extent, &v.extent, false)
                })
        }
        _ => false,
    }
}

fn tile_call(p: &mut Printer, c: &TilePrimitiveCallNode, path: &AccessPath) -> Result<Doc> {
    let scope = ExecScopeKind::from_i64(c.scope.kind).unwrap_or(ExecScopeKind::Thread);
    let op = crate::ir::Op::lookup(&c.op.name);
    let name = op
        .as_ref()
        .and_then(|o| o.get_attr(crate::dialects::tirx::ops::ATTR_SCRIPT_NAME))
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| c.op.name.trim_start_matches("tirx.tile.").to_string());
    let callee = t(p, &format!("{}.{name}", scope.script_prefix()));
    let mut args = Vec::new();
    // Trailing `None`s are defaults the script leaves out.
    let mut n = c.args.iter().rposition(|a| !a.is_none()).map_or(0, |i| i + 1);
    // An in-place operation's source defaults to its destination.
    if n == 2 && same_region(&c.args[0], &c.args[1]) {
        n = 1;
    }
    for (i, a) in c.args[..n].iter().enumerate() {
        args.push(p.value_to_doc(a, &path.attr("args").index(i))?);
    }
    let mut kwargs = Vec::new();
    if let Some(d) = &c.dispatch {
        kwargs.push(("dispatch".into(), ExprDoc::str(d.clone())));
    }
    if !c.workspace.is_empty() {
        let d = p.value_to_doc(&Value::Map(c.workspace.clone()), &path.attr("workspace"))?;
        kwargs.push(("workspace".into(), d));
    }
    let mut config: Vec<&(Value, Value)> = c.config.iter().collect();
    config.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
    for (k, v) in config {
        if let Some(k) = k.as_str() {
            let d = p.value_to_doc(v, &path.attr("config").map_key(Value::str(k)))?;
            kwargs.push((Text::copy(k), d));
        }
    }
    Ok(StmtDoc::expr(callee.call_kw(args, kwargs)).into())
}

fn hook<T: crate::ir::Object + 'static>(
    key: &str,
    f: fn(&mut Printer, &ObjectRef, &T, &AccessPath) -> Result<Doc>,
) {
    register_print_hook(TOKEN, key, move |obj, path, p| {
        let node = obj.downcast_ref::<T>().ok_or_else(|| Error::type_error(format!("expected {}", obj.type_key())))?;
        f(p, obj, node, path)
    });
}

/// Register the statement hooks under the TIRx token.
pub fn register() {
    hook::<BufferStoreNode>("tirx.BufferStore", |p, _, n, path| buffer_store(p, n, path));
    hook::<BindNode>("tirx.Bind", |p, _, n, path| bind(p, n, path));
    hook::<SeqStmtNode>("tirx.SeqStmt", |p, obj, _, path| {
        let ((), body) = with_frame(p, None, |p, _| as_doc_body(p, obj, path))?;
        Ok(Doc::Block(StmtBlockDoc::new(body)))
    });
    hook::<ForNode>("tirx.For", for_loop);
    hook::<WhileNode>("tirx.While", while_loop);
    hook::<IfThenElseNode>("tirx.IfThenElse", if_then_else);
    hook::<EvaluateNode>("tirx.Evaluate", |p, _, n, path| evaluate(p, n, path));
    hook::<AttrStmtNode>("tirx.AttrStmt", attr_stmt);
    hook::<AssertStmtNode>("tirx.AssertStmt", |p, _, n, path| assert_stmt(p, n, path));
    hook::<AllocBufferNode>("tirx.AllocBuffer", |p, _, n, path| alloc_buffer(p, n, path));
    hook::<DeclBufferNode>("tirx.DeclBuffer", |p, _, n, path| decl_buffer(p, n, path));
    register_print_hook(TOKEN, "tirx.Break", |_, _, _| Ok(StmtDoc::break_().into()));
    register_print_hook(TOKEN, "tirx.Continue", |_, _, _| Ok(StmtDoc::continue_().into()));
    hook::<ReturnNode>("tirx.Return", |p, _, n, path| {
        Ok(StmtDoc::return_(expr(p, &n.value, &path.attr("value"))?).into())
    });
    hook::<ScopeIdDefStmtNode>("tirx.ScopeIdDefStmt", |p, _, n, path| scope_id_def(p, n, path));
    hook::<TilePrimitiveCallNode>("tirx.TilePrimitiveCall", |p, _, n, path| tile_call(p, n, path));
    let _ = std::marker::PhantomData::<VarNode>;
}
