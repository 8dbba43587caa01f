//! S-TIR script construction: blocks (`T.sblock`), block axes (`T.axis.*`), block
//! signatures (`T.reads`, `T.writes`, `T.where`, `T.init`, `T.sblock_attr`,
//! `T.sblock_alloc_buffer`, region `T.match_buffer`), the completion TVM applies
//! to finished S-TIR functions (root block, inferred read/write regions), and the
//! `Ts` namespace with its `@Ts.function` decorator.

pub(crate) mod regions;

use rustpython_vm::builtins::{PyDict, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

pub use regions::{check_outer_loop_use, contains_block};

use super::nodes::*;
use crate::builder;
use crate::dialects::tirx::frontend::args::{bind, bind_native, BoundExpr};
use crate::dialects::tirx::frontend::buffers::{self, region_of_val};
use crate::vm::native::{Args, Val};
use crate::dialects::tirx::frontend::context::{enter, with_func, NameSpec};
use crate::dialects::tirx::frontend::convert::{to_dtype, to_expr};
use crate::vm::convert::{diag, py, py_list, py_str, py_to_value as to_value, seq, Py as _};
use crate::dialects::tirx::frontend::frames::{Kind, StmtFrame};
use crate::dialects::tirx::frontend::handle::FrameHandle;
use crate::dialects::tirx::nodes::{IterVar, IterVarNode, IterVarType, Stmt};
use crate::ir::{self, int_imm, DataType, Error, Expr, Range, Result, Span, Value, Var};

/// Annotation key marking a block whose regions the parser infers (TVM's
/// `tir.script_parsing_detect_access`: 1 reads, 2 writes, 3 both).
pub const DETECT_ACCESS: &str = "tir.script_parsing_detect_access";

/// What blocks a function body built, as its block frames closed.
#[derive(Clone, Copy, Default, Debug)]
pub struct BlocksBuilt {
    /// Whether any block was built.
    pub any: bool,
    /// One of them left its read or write regions to be inferred.
    pub infer_regions: bool,
}

impl BlocksBuilt {
    /// Record a block (`infers_regions`: it left its regions to be inferred).
    pub fn saw(&mut self, infers_regions: bool) {
        self.any = true;
        self.infer_regions |= infers_regions;
    }
}

/// A block under construction.
#[derive(Default)]
pub struct BlockState {
    /// The block's name.
    pub name: String,
    /// `T.sblock(no_realize=True)`: no `SBlockRealize` around it.
    pub no_realize: bool,
    /// Its iteration variables (`T.axis.*`).
    pub iter_vars: Vec<IterVar>,
    /// The values bound to them.
    pub iter_values: Vec<Expr>,
    /// `T.where(...)`, if given.
    pub predicate: Option<Expr>,
    /// `T.reads(...)`, if given (else inferred).
    pub reads: Option<Vec<TensorRegion>>,
    /// `T.writes(...)`, if given (else inferred).
    pub writes: Option<Vec<TensorRegion>>,
    /// Buffers allocated in the block.
    pub alloc_buffers: Vec<Var>,
    /// `T.match_buffer` regions.
    pub match_buffers: Vec<MatchBufferRegion>,
    /// `T.block_attr(...)` annotations.
    pub annotations: Vec<(Value, Value)>,
    /// The `with T.init():` body, if any.
    pub init: Option<Stmt>,
    /// The next statement added to the frame is the block's init (`with T.init():` closing).
    pub filling_init: bool,
}

/// Build the block (and its realize) when its frame closes.
pub fn finish_block(state: BlockState, body: Stmt) -> Result<Stmt> {
    let mut annotations = state.annotations;
    let detect = (state.reads.is_none() as i64) | ((state.writes.is_none() as i64) << 1);
    if detect != 0 {
        annotations.push((Value::str(DETECT_ACCESS), Value::Int(detect)));
    }
    let block = SBlock::new(SBlockNode {
        iter_vars: state.iter_vars,
        reads: state.reads.unwrap_or_default(),
        writes: state.writes.unwrap_or_default(),
        name_hint: state.name,
        alloc_buffers: state.alloc_buffers,
        match_buffers: state.match_buffers,
        annotations: annotations.into(),
        init: state.init,
        body,
        span: Span::none(),
    });
    if state.no_realize {
        return Ok(block.into());
    }
    Ok(SBlockRealize::new(SBlockRealizeNode {
        iter_values: state.iter_values,
        predicate: state.predicate.unwrap_or_else(|| ir::bool_imm(true)),
        block,
        span: Span::none(),
    })
    .into())
}

/// Run `f` on the innermost open block (the top frame must be that block when
/// `direct` is set, as for `T.init`).
fn with_block<R>(vm: &VirtualMachine, what: &str, direct: bool, f: impl FnOnce(&mut BlockState) -> R) -> PyResult<R> {
    in_block(direct, f).ok_or_else(|| diag(vm, format!("error: {what} must be used inside a T.sblock")))
}

/// [`with_block`], `None` outside a block (for builders that have somewhere else to go).
fn in_block<R>(direct: bool, f: impl FnOnce(&mut BlockState) -> R) -> Option<R> {
    if direct {
        builder::top_frame::<StmtFrame, _>(|fr| match &mut fr.kind {
            Kind::Block(b) => Some(f(b)),
            _ => None,
        })
        .flatten()
    } else {
        let mut f = Some(f);
        builder::search_frames(|fr| {
            let s = fr.downcast_mut::<StmtFrame>()?;
            match &mut s.kind {
                Kind::Block(b) => Some((f.take()?)(b)),
                _ => None,
            }
        })
    }
}

// ---------------------------------------------------------------------------
// Namespace functions.

/// `T.sblock(name="", no_realize=False)`.
pub fn sblock(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "sblock", args, &["name", "no_realize", "exec_scope"])?;
    let mut name = a.str_or(vm, "name", "")?;
    let no_realize = a.bool_or(vm, "no_realize", false)?;
    let suffix = crate::dialects::tirx::frontend::func::block_name_suffix();
    if !name.is_empty() {
        name.push_str(&suffix);
    }
    let h = FrameHandle::new(
        "T.sblock",
        Box::new(move |vm: &VirtualMachine, _names: Option<&NameSpec>| {
            enter(StmtFrame::new(Kind::Block(Box::new(BlockState { name, no_realize, ..Default::default() }))));
            Ok(vm.ctx.none())
        }),
    );
    Ok(h.into_py(vm))
}

/// `T.init()`: the reduction init of the enclosing block.
pub fn init(vm: &VirtualMachine, _args: FuncArgs) -> PyResult {
    let h = FrameHandle::new(
        "T.init",
        Box::new(move |vm: &VirtualMachine, _names: Option<&NameSpec>| {
            with_block(vm, "T.init()", true, |b| b.filling_init = true)?;
            enter(StmtFrame::new(Kind::Init));
            Ok(vm.ctx.none())
        }),
    );
    Ok(h.into_py(vm))
}

/// `T.where(predicate)`.
pub fn where_(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "where", args, &["predicate"])?;
    let p = a.req(vm, "predicate")?;
    let pred = if p.class().is(vm.ctx.types.bool_type) {
        ir::bool_imm(p.try_to_bool(vm)?)
    } else if crate::vm::convert::is_python_int(vm, &p) {
        let v = crate::vm::convert::py_int(vm, &p)?;
        if v != 0 && v != 1 {
            return Err(vm.new_value_error(format!("Invalid value for predicate: {v}")));
        }
        ir::bool_imm(v == 1)
    } else {
        to_expr(vm, &p)?
    };
    with_block(vm, "T.where", false, |b| b.predicate = Some(pred))?;
    Ok(vm.ctx.none())
}

/// The regions of `T.reads`/`T.writes`: the positional arguments, or the items of
/// a single list or tuple argument. Native, so loads written as regions
/// (`A[i, j]`) arrive as the IR values they are.
fn regions(vm: &VirtualMachine, args: Args, what: &str) -> PyResult<Vec<TensorRegion>> {
    let mut items = args.args;
    if items.len() == 1 {
        match &items[0] {
            Val::Tuple(inner) => items = inner.clone(),
            Val::Py(obj) => {
                if let Some(inner) = seq(obj) {
                    items = inner.into_iter().map(Val::Py).collect();
                }
            }
            Val::Ir(_) => {}
        }
    }
    items
        .iter()
        .map(|x| region_of_val(vm, x)?.ok_or_else(|| vm.new_type_error(format!("{what} expects buffer regions"))))
        .collect()
}

/// `T.reads(*regions)`.
pub fn reads(vm: &VirtualMachine, args: Args) -> PyResult<Val> {
    let r = regions(vm, args, "T.reads")?;
    with_block(vm, "T.reads", false, |b| b.reads = Some(r))?;
    Ok(Val::Py(vm.ctx.none()))
}

/// `T.writes(*regions)`.
pub fn writes(vm: &VirtualMachine, args: Args) -> PyResult<Val> {
    let r = regions(vm, args, "T.writes")?;
    with_block(vm, "T.writes", false, |b| b.writes = Some(r))?;
    Ok(Val::Py(vm.ctx.none()))
}

/// `T.sblock_attr({...})`: block annotations.
pub fn sblock_attr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "sblock_attr", args, &["attrs"])?;
    let d = a.req(vm, "attrs")?;
    let dict = d.downcast_ref::<PyDict>().ok_or_else(|| vm.new_type_error("T.sblock_attr expects a dict"))?;
    let mut items = vec![];
    for (k, v) in dict {
        items.push((Value::str(&py_str(vm, &k)?), to_value(vm, &v)?));
    }
    let mut conflict = None;
    with_block(vm, "T.sblock_attr", false, |b| {
        let mut merged = std::mem::take(&mut b.annotations);
        conflict = merge_annotations(&mut merged, items).err();
        b.annotations = merged;
    })?;
    match conflict {
        Some(msg) => Err(vm.new_value_error(msg)),
        None => Ok(vm.ctx.none()),
    }
}

/// An annotation value in a message.
fn value_text(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => s.to_string(),
        Value::Object(o) => match crate::ir::Expr(o.clone()).as_int() {
            Some(i) if o.isinstance(crate::ir::expr_info()) => i.to_string(),
            _ => o.type_key().to_string(),
        },
        other => other.kind_name().to_string(),
    }
}

/// Merge annotations into earlier ones as TVM's block frame does: dictionaries under
/// one key merge key by key, equal values stay, other values conflict.
fn merge_annotations(into: &mut Vec<(Value, Value)>, items: Vec<(Value, Value)>) -> Result<(), String> {
    for (k, v) in items {
        let Some(slot) = into.iter_mut().find(|(x, _)| x == &k) else {
            into.push((k, v));
            continue;
        };
        match (&slot.1, v) {
            (Value::Map(old), Value::Map(new)) => {
                let mut inner = old.to_vec();
                merge_annotations(&mut inner, new.to_vec())?;
                slot.1 = Value::Map(inner.into());
            }
            (old, new) if crate::ir::structural_equal(old, &new, false) => {}
            (old, new) => {
                return Err(format!(
                    "Try to merge two annotations with different values for key `{}`, previous one is {}, new one is {}",
                    k.as_str().unwrap_or_default(),
                    value_text(old),
                    value_text(&new)
                ));
            }
        }
    }
    Ok(())
}

const SBLOCK_ALLOC_PARAMS: &[&str] =
    &["shape", "dtype", "data", "strides", "elem_offset", "scope", "align", "offset_factor", "layout", "allocated_addr"];

/// `T.sblock_alloc_buffer(...)`: allocated by the enclosing block (the root block at
/// function level).
pub fn sblock_alloc_buffer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "sblock_alloc_buffer", args, SBLOCK_ALLOC_PARAMS)?;
    let b = buffers::buffer_args(vm, &a, -1)?;
    let buf = b.spec.to_buffer("", Span::none()).py(vm)?;
    if in_block(false, |s| s.alloc_buffers.push(buf.clone())).is_none() {
        with_func(|f| f.root_alloc_buffers.push(buf.clone()))
            .ok_or_else(|| vm.new_runtime_error("T.sblock_alloc_buffer must be used inside a function"))?;
    }
    Ok(py(vm, buf))
}

/// A region `T.match_buffer` inside a block.
pub fn add_match_buffer(vm: &VirtualMachine, buffer: Var, source: TensorRegion) -> PyResult<()> {
    let m = MatchBufferRegion::new(MatchBufferRegionNode { buffer, source, span: Span::none() });
    with_block(vm, "T.match_buffer of a region", false, |b| b.match_buffers.push(m))
}

/// The domain of a block axis: a `Range`, a `(min, max)` pair, or an extent.
fn axis_dom(vm: &VirtualMachine, dom: &PyObjectRef) -> PyResult<Range> {
    if let Some(o) = crate::vm::object::unwrap_object(dom)
        && let Some(r) = o.try_downcast::<ir::RangeNode>()
    {
        return Ok(r);
    }
    if let Some(pair) = seq(dom) {
        if pair.len() != 2 {
            return Err(vm.new_value_error("an axis domain pair must have two elements"));
        }
        let lo = to_expr(vm, &pair[0])?;
        let hi = to_expr(vm, &pair[1])?;
        let extent = buffers::extent_of(&lo, &hi).py(vm)?;
        return Ok(Range::from_min_extent(lo, extent, Span::none()));
    }
    let e = to_expr(vm, dom)?;
    Ok(Range::from_min_extent(int_imm(e.dtype(), 0), e, Span::none()))
}

/// `T.axis.spatial/reduce/scan/opaque(dom, binding, dtype="int32")`.
pub fn axis(vm: &VirtualMachine, kind: IterVarType, args: Args) -> PyResult<Val> {
    let name = kind.axis_name().unwrap_or("axis");
    let a = bind_native(vm, name, args, &["dom", "binding", "dtype"])?;
    let dom = axis_dom(vm, &a.req(vm, "dom")?)?;
    // Native: a binding computed by operators arrives as the expression it is.
    let value = a.expr(vm, "binding")?;
    // The variable takes the domain's type: TVM checks `dtype` names a type, then
    // ignores a differing one.
    if let Some(d) = a.get(vm, "dtype") {
        to_dtype(vm, &d)?;
    }
    let var = Var::scalar("", dom.extent.dtype());
    push_axis(vm, kind, dom, var.clone(), value)?;
    Ok(Val::Ir(var.into()))
}

fn push_axis(vm: &VirtualMachine, kind: IterVarType, dom: Range, var: Var, value: Expr) -> PyResult<()> {
    let iv = IterVar::new(IterVarNode { dom: Some(dom), var, iter_type: kind, thread_tag: String::new(), span: Span::none() });
    with_block(vm, "T.axis", false, |b| {
        b.iter_vars.push(iv);
        b.iter_values.push(value);
    })
}

/// `T.axis.remap("SSR", [i, j, k])`: axes over the loops of the given variables.
pub fn remap(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "remap", args, &["kinds", "bindings", "dtype"])?;
    let kinds = py_str(vm, &a.req(vm, "kinds")?)?;
    let bindings = crate::vm::convert::iterate(vm, &a.req(vm, "bindings")?)?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::INT32,
    };
    if kinds.chars().count() != bindings.len() {
        return Err(diag(
            vm,
            format!(
                "error: Length of kinds ({}) and bindings ({}) of T.axis.remap must be the same",
                kinds.chars().count(),
                bindings.len()
            ),
        ));
    }
    let mut vars = vec![];
    for (c, b) in kinds.chars().zip(bindings) {
        let kind = match c {
            'S' => IterVarType::DataPar,
            'R' => IterVarType::CommReduce,
            other => return Err(diag(vm, format!("error: Unknown axis kind '{other}' in T.axis.remap, expected 'S' or 'R'"))),
        };
        let value = to_expr(vm, &b)?;
        let dom = value
            .as_var()
            .and_then(|_| loop_range(&value))
            .ok_or_else(|| diag(vm, "error: The bindings of T.axis.remap must be loop variables"))?;
        let _ = dtype;
        let var = Var::scalar("", dom.extent.dtype());
        push_axis(vm, kind, dom, var.clone(), value)?;
        vars.push(var);
    }
    Ok(if vars.len() == 1 { py(vm, vars[0].clone()) } else { py_list(vm, vars.into_iter().map(|v| v.as_ref_obj())) })
}

/// The range of the loop whose variable is `var`, from the open loop frames.
fn loop_range(var: &Expr) -> Option<Range> {
    builder::search_frames(|fr| {
        let s = fr.downcast_mut::<StmtFrame>()?;
        let Kind::Loops(loops) = &s.kind else { return None };
        loops
            .iter()
            .find(|l| l.var.as_ref_obj().same_as(var.as_object()))
            .map(|l| Range::from_min_extent(l.min.clone(), l.extent.clone(), Span::none()))
    })
}

/// TVM's `ScriptComplete` for an S-TIR function body: infer the regions of blocks
/// that did not declare them, and wrap the body in the root block when it has
/// blocks or root allocations (a lone top-level block without axes is the root).
/// `blocks` says what blocks the body has, so a body without any (or without
/// regions to infer) is not walked for them; `params` are the function's
/// parameters (its buffers are defined around every block).
pub fn complete_root(body: Stmt, root_allocs: Vec<Var>, blocks: BlocksBuilt, params: &[Var]) -> Result<Stmt> {
    let mut outer: Vec<Var> =
        params.iter().filter(|p| crate::dialects::tirx::nodes::buffer_type(p).is_some()).cloned().collect();
    outer.extend(root_allocs.iter().cloned());
    let is_root = |s: &Stmt| {
        s.downcast_ref::<SBlockRealizeNode>().is_some_and(|r| r.block.iter_vars.is_empty() && r.iter_values.is_empty())
    };
    if root_allocs.is_empty()
        && is_root(&body)
        && let Some(r) = body.downcast_ref::<SBlockRealizeNode>()
    {
        outer.extend(r.block.alloc_buffers.iter().cloned());
    }
    let complete = |s: &Stmt| if blocks.infer_regions { regions::complete(s, &outer) } else { Ok(s.clone()) };
    if root_allocs.is_empty() && is_root(&body) {
        // The root keeps its regions as written; only its inner blocks are completed.
        let r = body.downcast_ref::<SBlockRealizeNode>().ok_or_else(|| Error::runtime("root block"))?;
        let block = &r.block;
        let inner = complete(&block.body)?;
        let init = match &block.init {
            Some(i) => Some(complete(i)?),
            None => None,
        };
        let mut node = (**block).clone();
        node.body = inner;
        node.init = init;
        node.annotations = node.annotations.iter().filter(|(k, _)| k.as_str() != Some(DETECT_ACCESS)).cloned().collect();
        let mut rn = (*r).clone();
        rn.block = SBlock::new(node);
        return Ok(SBlockRealize::new(rn).into());
    }
    let body = complete(&body)?;
    if !blocks.any && root_allocs.is_empty() {
        return Ok(body);
    }
    let block = SBlock::new(SBlockNode {
        iter_vars: vec![],
        reads: vec![],
        writes: vec![],
        name_hint: "root".into(),
        alloc_buffers: root_allocs,
        match_buffers: vec![],
        annotations: Vec::new().into(),
        init: None,
        body,
        span: Span::none(),
    });
    Ok(SBlockRealize::new(SBlockRealizeNode { iter_values: vec![], predicate: ir::bool_imm(true), block, span: Span::none() }).into())
}

/// Register the `Ts` namespace (its own decorator, then every `T` member).
pub fn register() -> Result<()> {
    super::nodes::register()?;
    crate::dialects::tirx::frontend::register_s_tir_namespace()
}

#[allow(dead_code)]
fn unused(_: &PyStr) {}
