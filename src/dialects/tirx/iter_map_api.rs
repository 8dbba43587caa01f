//! `tvm.sym`'s iterator maps for the frozen Python package (namespace
//! `sym._iter_map`): detection, simplification and normalization of
//! `ir::arith::iter_map`. Iterator forms cross as tuples, `("sum", [splits], base)`,
//! `("split", mark, lower_factor, extent, scale)`, `("mark", id, source, extent)`
//! (marks numbered per call so Python keeps them shared); `stdlib/tvm/sym/iter_affine_map.py`
//! makes its classes of them.

use std::sync::Arc;

use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::frontend::convert::to_expr;
use crate::ir::arith::iter_map::{self, IterMapLevel, IterMark, IterMarkNode, IterSplit, IterSum, MarkSource};
use crate::ir::{Expr, Var};
use crate::vm::args::bind;
use crate::vm::convert::{iterate, py};
use crate::vm::namespace::register_namespace;
use crate::vm::object::unwrap_object;

struct Out<'a> {
    vm: &'a VirtualMachine,
    marks: Vec<IterMark>,
}

impl Out<'_> {
    fn expr(&self, e: &Expr) -> PyObjectRef {
        py(self.vm, e.clone().into_object())
    }
    fn mark(&mut self, m: &IterMark) -> PyObjectRef {
        let id = match self.marks.iter().position(|k| Arc::ptr_eq(k, m)) {
            Some(i) => i,
            None => {
                self.marks.push(m.clone());
                self.marks.len() - 1
            }
        };
        let source = match &m.source {
            MarkSource::Expr(e) => self.expr(e),
            MarkSource::Sum(s) => self.sum(s),
        };
        let vm = self.vm;
        vm.new_tuple((vm.ctx.new_str("mark"), vm.ctx.new_int(id), source, self.expr(&m.extent))).into()
    }
    fn split(&mut self, s: &IterSplit) -> PyObjectRef {
        let mark = self.mark(&s.source);
        let vm = self.vm;
        let items = vec![vm.ctx.new_str("split").into(), mark, self.expr(&s.lower_factor), self.expr(&s.extent), self.expr(&s.scale)];
        vm.new_tuple(items).into()
    }
    fn sum(&mut self, s: &IterSum) -> PyObjectRef {
        let args: Vec<PyObjectRef> = s.args.iter().map(|a| self.split(a)).collect();
        let vm = self.vm;
        vm.new_tuple((vm.ctx.new_str("sum"), vm.ctx.new_list(args), self.expr(&s.base))).into()
    }
}

fn tag(vm: &VirtualMachine, t: &PyObjectRef) -> PyResult<Option<(String, Vec<PyObjectRef>)>> {
    if unwrap_object(t).is_some() {
        return Ok(None);
    }
    let items = iterate(vm, t)?;
    let Some(first) = items.first().and_then(|f| f.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().to_string())) else {
        return Ok(None);
    };
    Ok(Some((first, items[1..].to_vec())))
}

fn in_mark(vm: &VirtualMachine, t: &PyObjectRef) -> PyResult<IterMark> {
    let Some((k, items)) = tag(vm, t)? else { return Err(vm.new_type_error("expected an IterMark")) };
    if k != "mark" || items.len() != 3 {
        return Err(vm.new_type_error("expected an IterMark"));
    }
    let source = match tag(vm, &items[1])? {
        Some((s, _)) if s == "sum" => MarkSource::Sum(in_sum(vm, &items[1])?),
        _ => MarkSource::Expr(to_expr(vm, &items[1])?),
    };
    Ok(Arc::new(IterMarkNode { source, extent: to_expr(vm, &items[2])? }))
}

fn in_split(vm: &VirtualMachine, t: &PyObjectRef) -> PyResult<IterSplit> {
    let Some((k, items)) = tag(vm, t)? else { return Err(vm.new_type_error("expected an IterSplitExpr")) };
    if k != "split" || items.len() != 4 {
        return Err(vm.new_type_error("expected an IterSplitExpr"));
    }
    Ok(IterSplit {
        source: in_mark(vm, &items[0])?,
        lower_factor: to_expr(vm, &items[1])?,
        extent: to_expr(vm, &items[2])?,
        scale: to_expr(vm, &items[3])?,
    })
}

fn in_sum(vm: &VirtualMachine, t: &PyObjectRef) -> PyResult<IterSum> {
    let Some((k, items)) = tag(vm, t)? else { return Err(vm.new_type_error("expected an IterSumExpr")) };
    if k != "sum" || items.len() != 2 {
        return Err(vm.new_type_error("expected an IterSumExpr"));
    }
    let args = iterate(vm, &items[0])?.iter().map(|a| in_split(vm, a)).collect::<PyResult<Vec<_>>>()?;
    Ok(IterSum { args, base: to_expr(vm, &items[1])? })
}

/// `(var, min, extent)` triples.
fn in_iters(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<(Var, Expr, Expr)>> {
    let mut out = Vec::new();
    for t in iterate(vm, obj)? {
        let items = iterate(vm, &t)?;
        let var = unwrap_object(&items[0])
            .and_then(|o| o.downcast::<crate::ir::VarNode>().ok())
            .ok_or_else(|| vm.new_type_error("input_iters: keys are variables"))?;
        out.push((var, to_expr(vm, &items[1])?, to_expr(vm, &items[2])?));
    }
    Ok(out)
}

struct Query {
    indices: Vec<Expr>,
    iters: Vec<(Var, Expr, Expr)>,
    predicate: Expr,
    level: IterMapLevel,
    simplify_trivial: bool,
}

fn query(vm: &VirtualMachine, name: &'static str, args: FuncArgs) -> PyResult<Query> {
    let a = bind(vm, name, args, &["indices", "iters", "predicate", "level", "simplify_trivial"])?;
    let indices = iterate(vm, &a.req(vm, "indices")?)?.iter().map(|e| to_expr(vm, e)).collect::<PyResult<Vec<_>>>()?;
    let iters = in_iters(vm, &a.req(vm, "iters")?)?;
    let predicate = to_expr(vm, &a.req(vm, "predicate")?)?;
    let code: i64 = a.req(vm, "level")?.try_into_value(vm)?;
    let level = IterMapLevel::from_code(code).ok_or_else(|| vm.new_value_error(format!("Unknown check level {code}")))?;
    let simplify_trivial = a.req(vm, "simplify_trivial")?.try_to_bool(vm)?;
    Ok(Query { indices, iters, predicate, level, simplify_trivial })
}

/// Define the `sym._iter_map` namespace.
pub fn register() {
    register_namespace("sym._iter_map", |t| {
        t.func("detect", |vm, args: FuncArgs| {
            let q = query(vm, "detect_iter_map", args)?;
            let res = iter_map::detect_iter_map(&q.indices, &q.iters, &q.predicate, q.level, q.simplify_trivial);
            let mut out = Out { vm, marks: vec![] };
            let indices: Vec<PyObjectRef> = res.indices.iter().map(|s| out.sum(s)).collect();
            let errors: Vec<PyObjectRef> = res.errors.iter().map(|e| vm.ctx.new_str(e.as_str()).into()).collect();
            Ok(vm.new_tuple((vm.ctx.new_list(indices), vm.ctx.new_list(errors), out.expr(&res.padding_predicate))).into())
        });
        t.func("simplify", |vm, args: FuncArgs| {
            let q = query(vm, "iter_map_simplify", args)?;
            let res = iter_map::iter_map_simplify(&q.indices, &q.iters, &q.predicate, q.level, q.simplify_trivial);
            let items: Vec<PyObjectRef> = res.iter().map(|e| py(vm, e.clone().into_object())).collect();
            Ok(vm.ctx.new_list(items).into())
        });
        t.func("normalize", |vm, args: FuncArgs| {
            let a = bind(vm, "normalize_iter_map_to_expr", args, &["expr"])?;
            let e = a.req(vm, "expr")?;
            let out = match tag(vm, &e)? {
                Some((k, _)) if k == "sum" => iter_map::normalize_iter_sum(&in_sum(vm, &e)?),
                Some((k, _)) if k == "split" => iter_map::normalize_iter_split(&in_split(vm, &e)?),
                _ => to_expr(vm, &e)?,
            };
            Ok(py(vm, out.into_object()))
        });
    });
}
