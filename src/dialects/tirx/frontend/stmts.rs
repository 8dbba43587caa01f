//! Statement constructors of the `T` namespace: loops (`range`, `T.serial`,
//! `T.grid`, `T.thread_binding` …), attribute scopes (`T.attr`, `T.hint`,
//! `T.launch_thread`, `T.device_entry`), bindings (`T.bind`), scope ids
//! (`T.cta_id` …), `T.evaluate`, `T.func_attr` and friends.

use rustpython_vm::builtins::{PyDict, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::args::bind;
use crate::ir::arith;
use super::buffers::extent_of;
use super::context::{self, emit, enter, mark_named, with_func, NameSpec};
use super::convert::{diag, is_python_int, py, py_list, py_str, seq, to_dtype, to_expr, to_value, Py as _};
use super::frames::{range, Kind, LoopSpec, StmtFrame};
use super::handle::FrameHandle;
use crate::dialects::tirx::nodes::*;
use crate::ir::target::{Target, TargetNode};
use crate::ir::{self, int_imm, AttrMap, DataType, Expr, Span, Type, Value, Var};

// ---------------------------------------------------------------------------
// Loops.

/// What one loop of a loop frame will be, before its variable exists.
struct PendingLoop {
    min: Expr,
    extent: Expr,
    dtype: DataType,
    kind: ForKind,
    thread: Option<String>,
    annotations: AttrMap,
    step: Option<Expr>,
}

fn loop_handle(loops: Vec<PendingLoop>, py_range: Option<PyObjectRef>) -> FrameHandle {
    let n = loops.len();
    let mut h = FrameHandle::new_loop(Box::new(move |vm: &VirtualMachine, names: Option<&NameSpec>| {
        let names = match names {
            Some(spec) => spec.expand(vm, n)?,
            None => vec![String::new(); n],
        };
        let mut specs = Vec::with_capacity(n);
        let mut vars = Vec::with_capacity(n);
        for (l, name) in loops.into_iter().zip(names) {
            let var = Var::scalar(&name, l.dtype);
            mark_named(&var);
            let thread_binding = l.thread.map(|tag| {
                IterVar::new(IterVarNode {
                    dom: None,
                    var: Var::scalar("iter", l.dtype),
                    iter_type: IterVarType::ThreadIndex,
                    thread_tag: tag,
                    span: Span::none(),
                })
            });
            vars.push(var.clone());
            specs.push(LoopSpec {
                var,
                min: l.min,
                extent: l.extent,
                kind: l.kind,
                thread_binding,
                annotations: l.annotations,
                step: l.step,
            });
        }
        let mut frame = StmtFrame::new(Kind::Loops(specs));
        for (v, name) in vars.iter().zip(frame_names(&vars)) {
            frame.scope.bind(&name, v.as_ref_obj());
        }
        enter(frame);
        Ok(if vars.len() == 1 { py(vm, vars[0].clone()) } else { py_list(vm, vars.into_iter().map(|v| v.as_ref_obj())) })
    }));
    h.py_range = py_range;
    h
}

fn frame_names(vars: &[Var]) -> Vec<String> {
    vars.iter().map(|v| v.name.to_string()).collect()
}

/// Bounds of a loop: `(start, stop)` or `(0, start)`; the loop variable takes the
/// bounds' type (a Python int follows the other bound).
fn bounds(vm: &VirtualMachine, start: PyObjectRef, stop: Option<PyObjectRef>, dtype: Option<DataType>) -> PyResult<(Expr, Expr, DataType)> {
    let (start, stop) = match stop {
        Some(s) => (start, s),
        None => (vm.ctx.new_int(0).into(), start),
    };
    let start_lit = is_python_int(vm, &start);
    let stop_lit = is_python_int(vm, &stop);
    let (a, b) = (to_expr(vm, &start)?, to_expr(vm, &stop)?);
    let dtype = match dtype {
        Some(d) => d,
        None if start_lit && !stop_lit => b.dtype(),
        None if stop_lit && !start_lit => a.dtype(),
        None => {
            if a.dtype().bits >= b.dtype().bits { a.dtype() } else { b.dtype() }
        }
    };
    let a = arith::cast(dtype, a, Span::none()).py(vm)?;
    let b = arith::cast(dtype, b, Span::none()).py(vm)?;
    Ok((a, b, dtype))
}

fn annotations_arg(vm: &VirtualMachine, obj: Option<PyObjectRef>) -> PyResult<AttrMap> {
    let Some(d) = obj else { return Ok(AttrMap::from(Vec::new())) };
    let dict = d.downcast_ref::<PyDict>().ok_or_else(|| vm.new_type_error("annotations must be a dict"))?;
    let mut items = vec![];
    for (k, v) in dict {
        items.push((Value::str(&py_str(vm, &k)?), to_value(vm, &v)?));
    }
    Ok(items.into())
}

/// `T.serial`/`T.parallel`/`T.vectorized`/`T.unroll(start, stop=None, *, annotations, step, dtype)`.
pub fn for_kind(vm: &VirtualMachine, kind: ForKind, name: &'static str, args: FuncArgs) -> PyResult {
    let a = bind(vm, name, args, &["start", "stop", "*", "annotations", "step", "unroll", "dtype"])?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => Some(to_dtype(vm, &d)?),
        None => None,
    };
    let (min, stop, dtype) = bounds(vm, a.req(vm, "start")?, a.get(vm, "stop"), dtype)?;
    let mut annotations = annotations_arg(vm, a.get(vm, "annotations"))?;
    if let Some(u) = a.get(vm, "unroll").filter(|u| !vm.is_none(u)) {
        if kind != ForKind::Serial {
            return Err(vm.new_type_error(format!("{name}() got an unexpected keyword argument 'unroll'")));
        }
        let mut items = annotations.to_vec();
        if u.class().is(vm.ctx.types.bool_type) {
            let key = if u.try_to_bool(vm)? { "pragma_unroll" } else { "disable_unroll" };
            items.push((Value::str(key), Value::Bool(true)));
        } else {
            if !u.fast_isinstance(vm.ctx.types.int_type) {
                return Err(vm.new_type_error("unroll must be a bool, a positive integer, or None"));
            }
            let n = super::convert::py_int(vm, &u)?;
            if n < 1 {
                return Err(vm.new_value_error("unroll must be a positive integer"));
            }
            items.push((Value::str("pragma_unroll"), Value::Int(n)));
        }
        annotations = items.into();
    }
    let step = match a.get(vm, "step") {
        Some(s) => Some(arith::cast(dtype, to_expr(vm, &s)?, Span::none()).py(vm)?),
        None => None,
    };
    let extent = extent_of(&min, &stop).py(vm)?;
    let l = PendingLoop { min, extent, dtype, kind, thread: None, annotations, step };
    Ok(loop_handle(vec![l], None).into_py(vm))
}

/// `range(...)` inside a TIRx function: `T.serial` (TVM's parser makes `range` that),
/// with a step and `annotations=` when given; still a Python range when iterated by
/// Python code (comprehensions).
pub fn range_fn(vm: &VirtualMachine, mut args: FuncArgs) -> PyResult {
    let n = args.args.len();
    if !(1..=3).contains(&n) {
        return Err(diag(vm, "error: range() takes 1 to 3 arguments"));
    }
    let annotations = annotations_arg(vm, args.kwargs.swap_remove("annotations"))?;
    if let Some(s) = args.kwargs.swap_remove("step") {
        if n == 3 {
            return Err(diag(vm, "error: range() got multiple values for argument 'step'"));
        }
        if n == 1 {
            args.args.insert(0, vm.ctx.new_int(0).into());
        }
        args.args.push(s);
    }
    if let Some((k, _)) = args.kwargs.first() {
        return Err(diag(vm, format!("error: range() got an unexpected keyword argument '{k}'")));
    }
    let all_ints = args.args.iter().all(|a| is_python_int(vm, a));
    let py_range = if all_ints { Some(vm.builtins.get_attr("range", vm)?.call(args.args.clone(), vm)?) } else { None };
    let mut it = args.args.into_iter();
    let first = it.next().unwrap_or_else(|| vm.ctx.none());
    let (start, stop) = match it.next() {
        Some(s) => (first, Some(s)),
        None => (first, None),
    };
    let (min, stop, dtype) = bounds(vm, start, stop, None)?;
    let step = match it.next() {
        Some(s) => Some(arith::cast(dtype, to_expr(vm, &s)?, Span::none()).py(vm)?),
        None => None,
    };
    let extent = extent_of(&min, &stop).py(vm)?;
    let l = PendingLoop { min, extent, dtype, kind: ForKind::Serial, thread: None, annotations, step };
    Ok(loop_handle(vec![l], py_range).into_py(vm))
}

/// `T.thread_binding(start, stop=None, thread=None, *, annotations)`.
pub fn thread_binding(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "thread_binding", args, &["start", "stop", "thread", "*", "annotations"])?;
    let start = a.req(vm, "start")?;
    let (stop, thread) = match (a.get(vm, "stop"), a.get(vm, "thread")) {
        (Some(s), None) if s.downcast_ref::<PyStr>().is_some() => (None, py_str(vm, &s)?),
        (stop, Some(t)) => (stop, py_str(vm, &t)?),
        (_, None) => return Err(vm.new_value_error("Thread cannot be None for thread_binding")),
    };
    let (min, stop, dtype) = bounds(vm, start, stop, None)?;
    let extent = extent_of(&min, &stop).py(vm)?;
    let annotations = annotations_arg(vm, a.get(vm, "annotations"))?;
    let l = PendingLoop { min, extent, dtype, kind: ForKind::ThreadBinding, thread: Some(thread), annotations, step: None };
    Ok(loop_handle(vec![l], None).into_py(vm))
}

/// `T.grid(*extents, dtype=None)`: nested serial loops; an extent may be a
/// `(start, extent)` pair.
pub fn grid(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut dtype = None;
    for (k, v) in &args.kwargs {
        if k == "dtype" {
            if !vm.is_none(v) {
                dtype = Some(to_dtype(vm, v)?);
            }
        } else {
            return Err(vm.new_type_error(format!("grid() got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(k))));
        }
    }
    let imm = dtype.unwrap_or(DataType::INT32);
    let conv = |o: &PyObjectRef| -> PyResult<Expr> {
        if is_python_int(vm, o) {
            Ok(int_imm(imm, super::convert::py_int(vm, o)?))
        } else if o.downcast_ref::<rustpython_vm::builtins::PyStr>().is_some() {
            Err(vm.new_type_error(format!("T.grid extents must be integers or expressions, got the string {}", o.repr(vm)?)))
        } else {
            to_expr(vm, o)
        }
    };
    let mut loops = vec![];
    for e in &args.args {
        let (min, extent) = match seq(e) {
            Some(pair) if pair.len() == 2 => (conv(&pair[0])?, conv(&pair[1])?),
            _ => {
                let extent = conv(e)?;
                (int_imm(extent.dtype(), 0), extent)
            }
        };
        let dt = extent.dtype();
        loops.push(PendingLoop {
            min,
            extent,
            dtype: dt,
            kind: ForKind::Serial,
            thread: None,
            annotations: AttrMap::from(Vec::new()),
            step: None,
        });
    }
    Ok(loop_handle(loops, None).into_py(vm))
}

// ---------------------------------------------------------------------------
// Attribute scopes.

fn attr_value(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Expr> {
    if v.class().is(vm.ctx.types.bool_type) {
        return Ok(ir::bool_imm(v.clone().try_to_bool(vm)?));
    }
    if let Some(s) = v.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(&s.to_string_lossy()));
    }
    to_expr(vm, v)
}

fn attr_frames(frames: Vec<(Value, String, Expr)>) -> FrameHandle {
    FrameHandle::new(
        "T.attr",
        Box::new(move |vm: &VirtualMachine, _names: Option<&NameSpec>| {
            for (node, key, value) in frames {
                enter(StmtFrame::new(Kind::Attr { node, key, value }));
            }
            Ok(vm.ctx.none())
        }),
    )
}

/// `T.attr(node, key, value)` or `T.attr({key: value, ...})` (node `0`).
pub fn attr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "attr", args, &["node_or_dict", "attr_key", "value"])?;
    let first = a.req(vm, "node_or_dict")?;
    if let Some(d) = first.downcast_ref::<PyDict>() {
        let mut frames = vec![];
        for (k, v) in d {
            frames.push((Value::Int(0), py_str(vm, &k)?, attr_value(vm, &v)?));
        }
        return Ok(attr_frames(frames).into_py(vm));
    }
    let (Some(key), Some(value)) = (a.get(vm, "attr_key"), a.get(vm, "value")) else {
        return Err(vm.new_value_error("T.attr(node, attr_key, value) requires all three arguments"));
    };
    let node = attr_node(vm, &first)?;
    Ok(attr_frames(vec![(node, py_str(vm, &key)?, attr_value(vm, &value)?)]).into_py(vm))
}

fn attr_node(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Value> {
    if let Some(b) = super::buffers::as_buffer(obj) {
        return Ok(Value::Object(b.as_ref_obj()));
    }
    to_value(vm, obj)
}

/// `T.hint(message="", **attrs)`: `AttrStmt(node={"message": ..., **attrs}, "tirx_hint", 1)`.
pub fn hint(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut items = vec![];
    let message = match args.args.first() {
        Some(m) => py_str(vm, m)?,
        None => match args.kwargs.get("message") {
            Some(m) => py_str(vm, m)?,
            None => String::new(),
        },
    };
    items.push((Value::str("message"), Value::str(&message)));
    for (k, v) in &args.kwargs {
        if k != "message" {
            items.push((Value::str(k), to_value(vm, v)?));
        }
    }
    Ok(attr_frames(vec![(Value::Map(items.into()), "tirx_hint".into(), int_imm(DataType::INT32, 1))]).into_py(vm))
}

/// `T.device_entry()`: the rest of the function is the device region.
pub fn device_entry(vm: &VirtualMachine, _args: FuncArgs) -> PyResult {
    enter(StmtFrame::new(Kind::Attr {
        node: Value::Int(0),
        key: "tirx.device_entry".into(),
        value: ir::bool_imm(true),
    }));
    Ok(vm.ctx.none())
}

/// `T.env_thread(tag, dtype="int32")`: an environment thread (an IterVar without domain).
pub fn env_thread(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "env_thread", args, &["thread_tag", "dtype"])?;
    let tag = py_str(vm, &a.req(vm, "thread_tag")?)?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::INT32,
    };
    Ok(py(
        vm,
        IterVar::new(IterVarNode {
            dom: None,
            var: Var::scalar("", dtype),
            iter_type: IterVarType::ThreadIndex,
            thread_tag: tag,
            span: Span::none(),
        }),
    ))
}

/// `T.launch_thread(thread, extent)`: `AttrStmt(IterVar, "thread_extent", extent)`
/// over the body; the value is the thread variable.
pub fn launch_thread(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "launch_thread", args, &["thread", "extent"])?;
    let thread = a.req(vm, "thread")?;
    let extent = to_expr(vm, &a.req(vm, "extent")?)?;
    let env = crate::vm::object::unwrap_object(&thread).and_then(|o| o.try_downcast::<IterVarNode>());
    let tag = match &env {
        Some(iv) => iv.thread_tag.clone(),
        None => py_str(vm, &thread)?,
    };
    let handle = FrameHandle::new(
        "T.launch_thread",
        Box::new(move |vm: &VirtualMachine, names: Option<&NameSpec>| {
            let var = match &env {
                Some(iv) => iv.var.clone(),
                None => {
                    let name = match names {
                        Some(NameSpec::Name(n)) => n.clone(),
                        _ => String::new(),
                    };
                    Var::scalar(&name, extent.dtype())
                }
            };
            mark_named(&var);
            let dom = range(int_imm(extent.dtype(), 0), extent.clone());
            let iv = IterVar::new(IterVarNode {
                dom: Some(dom),
                var: var.clone(),
                iter_type: IterVarType::ThreadIndex,
                thread_tag: tag.clone(),
                span: Span::none(),
            });
            let key = if tag.starts_with("vthread") { "virtual_thread" } else { "thread_extent" };
            enter(StmtFrame::new(Kind::Attr { node: Value::Object(iv.as_ref_obj()), key: key.into(), value: extent }));
            Ok(py(vm, var))
        }),
    );
    Ok(handle.into_py(vm))
}

// ---------------------------------------------------------------------------
// Leaf statements.

/// `T.evaluate(value)`.
pub fn evaluate(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "evaluate", args, &["value"])?;
    let v = a.req(vm, "value")?;
    if super::buffers::region_of(vm, &v)?.is_some()
        && crate::vm::object::unwrap_object(&v).is_some_and(|o| o.is::<TensorRegionNode>())
    {
        return Err(vm.new_type_error(
            "T.evaluate does not accept TensorRegion values; construct a BufferLoad with explicit indices",
        ));
    }
    let e = attr_value(vm, &v)?;
    emit(vm, super::frames::evaluate(e))?;
    Ok(vm.ctx.none())
}

/// `T.bind(value, type_annotation=None, *, var=None)`: a `Bind` statement; returns the variable.
pub fn bind_fn(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "bind", args, &["value", "type_annotation", "*", "var"])?;
    let value = to_expr(vm, &a.req(vm, "value")?)?;
    let var = match a.get(vm, "var") {
        Some(v) => crate::vm::object::unwrap_object(&v)
            .and_then(|o| o.try_downcast::<ir::VarNode>())
            .ok_or_else(|| vm.new_type_error("T.bind: var must be a Var"))?,
        None => {
            let ty = match a.get(vm, "type_annotation") {
                Some(t) => super::exprs::annotation_var(vm, &t)?.ty.clone(),
                None => value.ty(),
            };
            ir::new_var("", ty, Span::none())
        }
    };
    emit(vm, Bind::new(BindNode { var: var.clone(), value, span: Span::none() }))?;
    Ok(py(vm, var))
}

/// `T.func_attr({...})`.
pub fn func_attr(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_attr", args, &["attrs"])?;
    let d = a.req(vm, "attrs")?;
    let dict = d.downcast_ref::<PyDict>().ok_or_else(|| vm.new_type_error("T.func_attr expects a dict"))?;
    let mut items = vec![];
    for (k, v) in dict {
        items.push((py_str(vm, &k)?, to_value(vm, &v)?));
    }
    with_func(|f| {
        for (k, v) in items {
            match f.attrs.iter_mut().find(|(x, _)| *x == k) {
                Some(slot) => slot.1 = v,
                None => f.attrs.push((k, v)),
            }
        }
    })
    .ok_or_else(|| diag(vm, "error: T.func_attr must be used inside a function"))?;
    Ok(vm.ctx.none())
}

/// `T.func_name(name)`.
pub fn func_name(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_name", args, &["name"])?;
    let name = py_str(vm, &a.req(vm, "name")?)?;
    with_func(|f| f.name = name);
    Ok(vm.ctx.none())
}

/// `T.func_ret(type)`.
pub fn func_ret(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_ret", args, &["ret_type"])?;
    let t = super::ops::result_type(vm, &a.req(vm, "ret_type")?)?;
    with_func(|f| f.ret_type = Some(t.clone()));
    Ok(py(vm, t))
}

/// `T.Return(value)` (`return value` in a function body).
pub fn return_value(vm: &VirtualMachine, value: Expr) -> PyResult<()> {
    emit(vm, Return::new(ReturnNode { value, span: Span::none() }))
}

/// `T.cta_id([extents], preferred=None, dtype="int32")` and the other scope ids.
pub fn scope_id(vm: &VirtualMachine, binding: ScopeBinding, args: FuncArgs) -> PyResult {
    let name = binding.script_name();
    let a = bind(vm, name, args, &["extents", "preferred", "dtype"])?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::INT32,
    };
    let extents = match a.get(vm, "extents") {
        Some(e) => Some(match seq(&e) {
            Some(items) => items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?,
            None => vec![to_expr(vm, &e)?],
        }),
        None => None,
    };
    let preferred = match a.get(vm, "preferred") {
        Some(e) => Some(match seq(&e) {
            Some(items) => items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<Vec<_>>>()?,
            None => vec![to_expr(vm, &e)?],
        }),
        None => None,
    };
    let n = extents.as_ref().map_or(1, |e| e.len().max(1));
    let vars: Vec<Var> = (0..n).map(|_| Var::scalar("", dtype)).collect();
    let def = ScopeIdDef::new(ScopeIdDefNode {
        def_ids: vars.clone(),
        extents,
        scope: binding.as_i64(),
        preferred_extents: preferred,
        span: Span::none(),
    });
    emit(vm, ScopeIdDefStmt::new(ScopeIdDefStmtNode { def, span: Span::none() }))?;
    Ok(if n == 1 { py(vm, vars[0].clone()) } else { py_list(vm, vars.into_iter().map(|v| v.as_ref_obj())) })
}

/// `T.Assert(cond, message, error_kind="RuntimeError")` / `assert cond, msg`.
pub fn assert_stmt(vm: &VirtualMachine, cond: &PyObjectRef, msg: &PyObjectRef) -> PyResult<()> {
    let stmt = make_assert(vm, cond, msg)?;
    emit(vm, stmt)
}

/// The assertion `assert cond, msg` (a message, a list of parts, or a `(kind, parts)` tuple).
pub fn make_assert(vm: &VirtualMachine, cond: &PyObjectRef, msg: &PyObjectRef) -> PyResult<AssertStmt> {
    let cond = if cond.class().is(vm.ctx.types.bool_type) { ir::bool_imm(cond.clone().try_to_bool(vm)?) } else { to_expr(vm, cond)? };
    let mut kind = "RuntimeError".to_string();
    let mut message = msg.clone();
    if let Some(items) = msg.downcast_ref::<rustpython_vm::builtins::PyTuple>().map(|t| t.as_slice().to_vec()) {
        if items.len() != 2 {
            return Err(diag(
                vm,
                format!("error: Assert message tuple must have exactly 2 elements (kind, [parts...]), got {} elements", items.len()),
            ));
        }
        kind = py_str(vm, &items[0])?;
        message = items[1].clone();
    }
    let parts: Vec<String> = if vm.is_none(&message) {
        vec![]
    } else if let Some(items) = seq(&message) {
        items.iter().map(|p| py_str(vm, p).or_else(|_| Ok::<_, rustpython_vm::builtins::PyBaseExceptionRef>(p.str(vm)?.to_string()))).collect::<PyResult<_>>()?
    } else {
        vec![py_str(vm, &message).or_else(|_| Ok::<_, rustpython_vm::builtins::PyBaseExceptionRef>(message.str(vm)?.to_string()))?]
    };
    let sim = |s: &str| ir::StringImm::new(ir::StringImmNode { ty: Type::string(), value: s.into(), span: Span::none() });
    Ok(AssertStmt::new(AssertStmtNode {
        condition: cond,
        error_kind: sim(&kind),
        message_parts: parts.iter().map(|p| sim(p)).collect(),
        span: Span::none(),
    }))
}

/// `T.Assert(...)` as a function.
pub fn assert_fn(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Assert", args, &["condition", "message", "error_kind"])?;
    let cond = a.req(vm, "condition")?;
    let msg = a.req(vm, "message")?;
    let msg = match a.get(vm, "error_kind") {
        Some(k) => vm.ctx.new_tuple(vec![k, msg]).into(),
        None => msg,
    };
    assert_stmt(vm, &cond, &msg)?;
    Ok(vm.ctx.none())
}

/// A scalar of the current function's scope chain (for messages).
pub fn in_function(vm: &VirtualMachine) -> PyResult<()> {
    if context::in_func() { Ok(()) } else { Err(diag(vm, "error: this construct must be used inside a TIRx function")) }
}

/// `T.target(config, host=None)`: a target from its configuration map (as printed
/// scripts spell it), a JSON string, a tag or a kind name, built by the core's target
/// registry with TVM's defaults (`crate::ir::target`); `host` is a config, a string or
/// a target, as TVM's `T.target` accepts.
pub fn target(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "target", args, &["target_config", "host"])?;
    let cfg = a.req(vm, "target_config")?;
    let class = |o: &PyObjectRef| -> PyResult<String> { Ok(o.class().as_object().repr(vm)?.to_string()) };
    if !cfg.fast_isinstance(vm.ctx.types.str_type) && !cfg.fast_isinstance(vm.ctx.types.dict_type) {
        return Err(vm.new_value_error(format!("T.target expected a config dict or string, but got {}", class(&cfg)?)));
    }
    let host = a.get(vm, "host").filter(|h| !vm.is_none(h));
    if let Some(h) = &host {
        let is_target = crate::vm::object::unwrap_object(h).is_some_and(|o| o.is::<TargetNode>());
        if !is_target && !h.fast_isinstance(vm.ctx.types.str_type) && !h.fast_isinstance(vm.ctx.types.dict_type) {
            return Err(vm.new_value_error(format!(
                "T.target expected the host to be a config dict, string, or T.target, but got {}",
                class(h)?
            )));
        }
        if cfg.downcast_ref::<PyDict>().is_some_and(|d| d.contains_key("host", vm)) {
            return Err(vm.new_value_error(
                "T.target expects to either receive the host as part of the target's config dictionary, or as a separate argument, but not both.",
            ));
        }
    }
    let build = |o: &PyObjectRef| -> PyResult<Target> {
        let v = crate::vm::convert::py_to_value(vm, o)?;
        crate::ir::target::from_value(&v).map_err(|m| vm.new_value_error(m))
    };
    let mut t = build(&cfg)?;
    if let Some(h) = &host {
        t = crate::ir::target::with_host(&t, build(h)?);
    }
    Ok(py(vm, t))
}
