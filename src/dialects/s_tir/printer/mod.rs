//! Printer hooks for S-TIR IR: blocks (`with T.sblock("B"):` with `T.axis.*` bindings,
//! `T.where`, `T.reads`/`T.writes`, `T.sblock_attr`, allocations, `T.match_buffer`,
//! `with T.init():`) and the implicit root block of an S-TIR function.

use crate::dialects::s_tir::nodes::{MatchBufferRegionNode, SBlockNode, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{ForNode, IterVarType, TensorRegionNode};
use crate::dialects::tirx::printer::buffer::{buffer_args, call_with, Form};
use crate::dialects::tirx::printer::function::{buffer_param_args, is_function_body};
use crate::dialects::tirx::printer::util::{as_doc_body, define_var, t, with_frame};
use crate::dialects::tirx::printer::{fold, TOKEN};
use crate::ir::{structural_equal, AccessPath, Error, Expr, ObjectRef, Result, Value};
use crate::printer::doc::{Doc, ExprDoc, StmtBlockDoc, StmtDoc};
use crate::printer::{register_print_hook, FrameId, Printer};

/// The loop variables of the loops around the current point, with their loops.
fn enclosing_loops(p: &Printer) -> Vec<(ObjectRef, Expr, Expr)> {
    let mut out = Vec::new();
    for f in p.frames() {
        let Some(owner) = &f.owner else { continue };
        let mut cur = owner.downcast_ref::<ForNode>();
        while let Some(l) = cur {
            out.push((l.loop_var.as_ref_obj(), l.min.clone(), l.extent.clone()));
            cur = l.body.downcast_ref::<ForNode>();
        }
    }
    out
}

fn same(a: &Expr, b: &Expr) -> bool {
    structural_equal(a, b, false)
}

fn contains_realize(stmt: &ObjectRef) -> bool {
    let mut found = false;
    crate::ir::pre_order_visit(stmt, |o: &ObjectRef| {
        if o.is::<SBlockRealizeNode>() {
            found = true;
        }
        !found
    });
    found
}

/// The implicit root block TVM adds to S-TIR functions, printed as a comment.
fn is_implicit_root(r: &SBlockRealizeNode) -> bool {
    let b = &r.block;
    if !r.iter_values.is_empty() || r.predicate.as_int() != Some(1) {
        return false;
    }
    if !b.annotations.is_empty() || !b.match_buffers.is_empty() || !b.reads.is_empty() || !b.writes.is_empty() {
        return false;
    }
    if b.init.is_some() {
        return false;
    }
    let inner = b.body.downcast_ref::<SBlockRealizeNode>();
    !b.alloc_buffers.is_empty()
        || inner.is_some_and(|i| !i.block.iter_vars.is_empty())
        || (inner.is_none() && contains_realize(&b.body))
}

fn alloc_stmt(p: &mut Printer, buf: &ObjectRef, path: &AccessPath, frame: FrameId) -> Result<StmtDoc> {
    let args = buffer_args(p, buf, path, Form::Decl, None)?;
    let rhs = call_with(t(p, "sblock_alloc_buffer"), args, vec![]);
    let lhs = define_var(p, buf, frame)?;
    Ok(StmtDoc::assign(lhs, rhs))
}

fn region_list(p: &mut Printer, regions: &[crate::dialects::tirx::nodes::TensorRegion], path: &AccessPath) -> Result<Vec<ExprDoc>> {
    let mut out = Vec::with_capacity(regions.len());
    for (i, r) in regions.iter().enumerate() {
        out.push(p.to_doc(&r.as_ref_obj(), &path.index(i))?);
    }
    Ok(out)
}

fn axis_kind(kind: IterVarType) -> Result<&'static str> {
    kind.axis_name().ok_or_else(|| Error::value_error(format!("Unknown IterVarType in block signature: {}", kind.name())))
}

fn block_doc(
    p: &mut Printer,
    block_obj: &ObjectRef,
    b: &SBlockNode,
    bp: &AccessPath,
    realize: Option<(&SBlockRealizeNode, &AccessPath)>,
) -> Result<Doc> {
    let sugar = p.config().syntax_sugar;
    let loops = enclosing_loops(p);
    let ((), body) = with_frame(p, Some(block_obj.clone()), |p, frame| {
        // Block variables: runs of variables bound to their own loops print as one
        // `T.axis.remap("SSR", [i, j, k])`.
        let mut remap: Vec<usize> = Vec::new();
        let n = b.iter_vars.len();
        let single = |p: &mut Printer, i: usize| -> Result<()> {
            let iv = &b.iter_vars[i];
            let ip = bp.attr("iter_vars").index(i);
            let kind = axis_kind(iv.iter_type)?;
            let dom = iv.dom.as_ref().ok_or_else(|| Error::value_error("block variable without a domain"))?;
            let dom_doc = if dom.min.as_int() == Some(0) {
                p.to_doc(&dom.extent, &ip.attr("dom").attr("extent"))?
            } else {
                let min = p.to_doc(&dom.min, &ip.attr("dom").attr("min"))?;
                let end = fold::add(&dom.min, &dom.extent);
                let max = p.to_doc(&end, &ip.attr("dom").attr("extent"))?;
                ExprDoc::tuple(vec![min, max])
            };
            let mut args = vec![dom_doc];
            if let Some((r, rp)) = realize {
                args.push(p.to_doc(&r.iter_values[i], &rp.attr("iter_values").index(i))?);
            }
            let rhs = t(p, &format!("axis.{kind}")).call(args);
            let lhs = define_var(p, &iv.var.as_ref_obj(), frame)?;
            p.emit(StmtDoc::assign(lhs, rhs))
        };
        let flush = |p: &mut Printer, remap: &mut Vec<usize>| -> Result<()> {
            match remap.len() {
                0 => Ok(()),
                1 => {
                    let i = remap[0];
                    remap.clear();
                    single(p, i)
                }
                _ => {
                    let (r, rp) = realize.expect("remapped variables have bindings");
                    let mut lhs = Vec::new();
                    let mut vals = Vec::new();
                    let mut kinds = String::new();
                    for &i in remap.iter() {
                        let iv = &b.iter_vars[i];
                        lhs.push(define_var(p, &iv.var.as_ref_obj(), frame)?);
                        vals.push(p.to_doc(&r.iter_values[i], &rp.attr("iter_values").index(i))?);
                        kinds.push(if iv.iter_type == IterVarType::DataPar { 'S' } else { 'R' });
                    }
                    remap.clear();
                    let rhs = t(p, "axis.remap").call(vec![ExprDoc::str(kinds), ExprDoc::list(vals)]);
                    p.emit(StmtDoc::assign(ExprDoc::tuple(lhs), rhs))
                }
            }
        };
        for i in 0..n {
            let iv = &b.iter_vars[i];
            let remappable = sugar
                && matches!(iv.iter_type, IterVarType::DataPar | IterVarType::CommReduce)
                && realize.is_some_and(|(r, _)| {
                    let v = &r.iter_values[i];
                    loops.iter().any(|(lv, min, extent)| {
                        v.same_as(lv)
                            && iv.dom.as_ref().is_some_and(|d| same(min, &d.min) && same(extent, &d.extent))
                    })
                });
            if remappable {
                remap.push(i);
            } else {
                flush(p, &mut remap)?;
                single(p, i)?;
            }
        }
        flush(p, &mut remap)?;
        if let Some((r, rp)) = realize {
            if r.predicate.as_int() != Some(1) {
                let pred = p.to_doc(&r.predicate, &rp.attr("predicate"))?;
                let call = t(p, "where").call(vec![pred]);
                p.emit(StmtDoc::expr(call))?;
            }
        }
        let reads = region_list(p, &b.reads, &bp.attr("reads"))?;
        let call = t(p, "reads").call(reads);
        p.emit(StmtDoc::expr(call))?;
        let writes = region_list(p, &b.writes, &bp.attr("writes"))?;
        let call = t(p, "writes").call(writes);
        p.emit(StmtDoc::expr(call))?;
        if !b.annotations.is_empty() {
            let d = p.value_to_doc(&Value::Map(b.annotations.clone()), &bp.attr("annotations"))?;
            let call = t(p, "sblock_attr").call(vec![d]);
            p.emit(StmtDoc::expr(call))?;
        }
        for (i, buf) in b.alloc_buffers.iter().enumerate() {
            let s = alloc_stmt(p, &buf.as_ref_obj(), &bp.attr("alloc_buffers").index(i), frame)?;
            p.emit(s)?;
        }
        for (i, m) in b.match_buffers.iter().enumerate() {
            let d = p.as_doc(&m.as_ref_obj(), &bp.attr("match_buffers").index(i))?;
            for s in d.into_stmts() {
                p.emit(s)?;
            }
        }
        if let Some(init) = &b.init {
            let ((), stmts) = with_frame(p, Some(init.0.clone()), |p, _| as_doc_body(p, init, &bp.attr("init")))?;
            let call = t(p, "init").call(vec![]);
            p.emit(StmtDoc::scope(None, call, stmts))?;
        }
        as_doc_body(p, &b.body, &bp.attr("body"))
    })?;
    let mut kwargs = Vec::new();
    if realize.is_none() {
        kwargs.push(("no_realize".into(), ExprDoc::bool(true)));
    }
    let name = ExprDoc::str(b.name_hint.clone()).with_path(bp.attr("name_hint"));
    let head = t(p, "sblock").call_kw(vec![name], kwargs);
    Ok(Doc::from(StmtDoc::scope(None, head, body)))
}

fn realize_doc(p: &mut Printer, obj: &ObjectRef, r: &SBlockRealizeNode, path: &AccessPath) -> Result<Doc> {
    if p.config().syntax_sugar && is_function_body(p, obj) && is_implicit_root(r) {
        // The root block: its allocations and body at function level, under a comment.
        let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
        let bp = path.attr("block");
        p.emit(StmtDoc::comment("with T.sblock(\"root\"):"))?;
        for (i, buf) in r.block.alloc_buffers.iter().enumerate() {
            let s = alloc_stmt(p, &buf.as_ref_obj(), &bp.attr("alloc_buffers").index(i), frame)?;
            p.emit(s)?;
        }
        as_doc_body(p, &r.block.body, &bp.attr("body"))?;
        return Ok(Doc::Block(StmtBlockDoc::default()));
    }
    let block_obj = r.block.as_ref_obj();
    let mut doc = block_doc(p, &block_obj, &r.block, &path.attr("block"), Some((r, path)))?;
    p.decorate_part(&mut doc, &block_obj, &path.attr("block"));
    Ok(doc)
}

fn match_buffer_doc(p: &mut Printer, m: &MatchBufferRegionNode, path: &AccessPath) -> Result<Doc> {
    let frame = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    let buf = m.buffer.as_ref_obj();
    let lhs = define_var(p, &buf, frame)?;
    let src = p.to_doc(&m.source.as_ref_obj(), &path.attr("source"))?;
    let args = buffer_param_args(p, &buf, &path.attr("buffer"), Form::Decl, frame, vec![], vec![], false, true)?;
    let rhs = call_with(t(p, "match_buffer"), args, vec![src]);
    Ok(Doc::from(StmtDoc::assign(lhs, rhs)))
}

/// Register the printer hooks.
pub fn register() -> crate::ir::Result<()> {
    register_print_hook(TOKEN, "s_tir.SBlockRealize", |obj, path, p| {
        let r = obj.downcast_ref::<SBlockRealizeNode>().ok_or_else(|| Error::type_error("expected an SBlockRealize"))?;
        realize_doc(p, obj, r, path)
    });
    register_print_hook(TOKEN, "s_tir.SBlock", |obj, path, p| {
        let b = obj.downcast_ref::<SBlockNode>().ok_or_else(|| Error::type_error("expected an SBlock"))?;
        block_doc(p, obj, b, path, None)
    });
    register_print_hook(TOKEN, "s_tir.MatchBufferRegion", |obj, path, p| {
        let m = obj.downcast_ref::<MatchBufferRegionNode>().ok_or_else(|| Error::type_error("expected a MatchBufferRegion"))?;
        match_buffer_doc(p, m, path)
    });
    let _ = std::marker::PhantomData::<TensorRegionNode>;
    Ok(())
}
