//! Buffers in scripts: `T.Buffer(...)` types (with TVM 0.27's shape strings in
//! signatures), allocation and declaration statements, `match_buffer`, local
//! scalars, subscripts (`A[i]` loads, `A[0:4]` regions) and stores.

use rustpython_vm::builtins::{PySlice, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::args::{bind, Bound};
use crate::ir::arith::{self, Operand};
use super::context::{self, emit, with_func};
use super::convert::{diag, iterate, py, py_int, py_str, seq, to_dtype, to_expr, Py as _};
use super::exprs::make_ramp;
use super::linear::const_diff;
use crate::dialects::tirx::nodes::*;
use crate::ir::{
    self, int_imm, AttrMap, BinOp, DataType, Error, Expr, ObjectRef, Range, Result, Span, TensorLoad, TensorLoadNode, Type,
    Value, Var, VarNode,
};
use crate::vm::native::Val;
use crate::vm::object::unwrap_object;

/// The buffer variable inside a Python object, if it is one.
pub fn as_buffer(obj: &PyObjectRef) -> Option<Var> {
    let o = unwrap_object(obj)?;
    if is_buffer_var(&o) { o.try_downcast::<VarNode>() } else { None }
}

/// The buffer `obj` is, or a TypeError naming `what`.
pub fn expect_buffer_obj(vm: &VirtualMachine, obj: &PyObjectRef, what: &str) -> PyResult<Var> {
    as_buffer(obj).ok_or_else(|| vm.new_type_error(format!("{what} expects a buffer, got {}", obj.class().name())))
}

/// The buffer type of a buffer variable.
pub fn btype(buf: &Var) -> &BufferTypeNode {
    buffer_type(buf).expect("a buffer variable")
}

// ---------------------------------------------------------------------------
// Shapes.

/// One shape (or stride) element: an int, an expression, a TypeVar symbol, or
/// (inside a TVM-spelling signature) a string naming symbols.
fn dim(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return shape_string(vm, &s.to_string_lossy());
    }
    to_expr(vm, obj)
}

/// A shape argument: a sequence, or a single int/expression.
pub fn shape_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<Expr>> {
    match seq(obj) {
        Some(items) => items.iter().map(|x| dim(vm, x)).collect(),
        None => {
            if let Some(text) = obj.downcast_ref::<PyStr>() {
                // Strings name symbols only as elements: `("n",)`, never the whole shape.
                return Err(vm.new_type_error(format!(
                    "a buffer shape must be a tuple of dimensions, got the string {:?}",
                    text.to_string_lossy()
                )));
            }
            if unwrap_object(obj).is_some() || super::convert::is_python_int(vm, obj) {
                Ok(vec![dim(vm, obj)?])
            } else {
                iterate(vm, obj)?.iter().map(|x| dim(vm, x)).collect()
            }
        }
    }
}

/// A shape string such as `"n"` or `"n * 2"` in a TVM-spelling signature: each
/// name is the function's symbol, declared on first use (int32 unless a scalar
/// parameter or a `T.int64()` declaration says otherwise).
fn shape_string(vm: &VirtualMachine, text: &str) -> PyResult<Expr> {
    let allowed = with_func(|f| f.tvm_spelling && f.in_signature).unwrap_or(false);
    if !allowed {
        return Err(vm.new_type_error(format!(
            "a buffer shape element must be an integer or an expression, got the string {text:?} \
             (strings declare symbols only in @T.prim_func signatures; use T.dynamic(\"n\") or a type parameter)"
        )));
    }
    let parsed = rustpython_vm::compiler::parser::parse_expression(text)
        .map_err(|_| vm.new_value_error(format!("invalid shape expression {text:?}")))?;
    let body = parsed.into_syntax().body;
    let mut names = vec![];
    collect_names(&body, &mut names);
    // Names the signature's Python scope defines (`T`, constants) keep their values;
    // the others are the function's symbols.
    let scope = vm.ctx.new_dict();
    let globals = crate::program::eval::current_globals(vm);
    if let Some(g) = &globals {
        for (k, v) in g {
            scope.set_item(&*k, v, vm)?;
        }
    }
    for n in names {
        // A TypeVar global is the function's int64 symbol.
        if let Some(g) = &globals
            && let Ok(Some(v)) = g.get_item_opt(n.as_str(), vm)
            && super::convert::is_type_var(&v)
            && let Some(var) = context::type_var_symbol(&n)
        {
            scope.set_item(n.as_str(), py(vm, var), vm)?;
            continue;
        }
        let defined = globals.as_ref().is_some_and(|g| g.contains_key(n.as_str(), vm))
            || vm.builtins.get_attr(&vm.ctx.new_str(n.as_str()), vm).is_ok();
        let is_symbol = with_func(|f| f.symbols.contains_key(&n)).unwrap_or(false);
        if defined && !is_symbol {
            continue;
        }
        let var = with_func(|f| {
            if let Some(v) = f.symbols.get(&n) {
                return v.clone();
            }
            let dtype = f.decls.get(&n).and_then(|d| super::exprs::parse_dtype(d).ok()).unwrap_or(DataType::INT32);
            let v = Var::scalar(&n, dtype);
            f.symbols.insert(n.clone(), v.clone());
            f.named.insert(v.as_ref_obj().addr());
            v
        })
        .ok_or_else(|| vm.new_runtime_error("shape strings need an enclosing function"))?;
        scope.set_item(n.as_str(), py(vm, var), vm)?;
    }
    if let Some(value) = shape_arithmetic(vm, &body, &scope) {
        return to_expr(vm, &value);
    }
    let code = vm
        .compile(text, rustpython_vm::compiler::Mode::Eval, "<shape>".to_owned())
        .map_err(|e| vm.new_syntax_error(&e, Some(text)))?;
    let value = vm.run_code_obj(code, rustpython_vm::scope::Scope::with_builtins(None, scope, vm))?;
    to_expr(vm, &value)
}

/// A shape string's value computed without compiling it, when it is arithmetic
/// (`+ - * // %`, unary `-`) on integer literals and names bound to integers or IR
/// values (`"batch * seq_len"`): the operator calls its compiled code would make, in
/// the same order. `None` for anything else, and when an operation fails, so the
/// string is compiled and run as before and its error is the same (these operations
/// have no effects, so running them again shows nothing).
fn shape_arithmetic(vm: &VirtualMachine, e: &rustpython_vm::compiler::ast::Expr, scope: &rustpython_vm::builtins::PyDictRef) -> Option<PyObjectRef> {
    use rustpython_vm::compiler::ast::{Expr as E, Number, Operator, UnaryOp};
    match e {
        E::Name(n) => {
            let v = scope.get_item_opt(n.id.as_str(), vm).ok()??;
            (super::convert::is_python_int(vm, &v) || unwrap_object(&v).is_some()).then_some(v)
        }
        E::NumberLiteral(l) => match &l.value {
            Number::Int(i) => Some(vm.ctx.new_int(i.as_i64()?).into()),
            _ => None,
        },
        E::BinOp(b) => {
            let op = match b.op {
                Operator::Add => VirtualMachine::_add,
                Operator::Sub => VirtualMachine::_sub,
                Operator::Mult => VirtualMachine::_mul,
                Operator::FloorDiv => VirtualMachine::_floordiv,
                Operator::Mod => VirtualMachine::_mod,
                _ => return None,
            };
            let left = shape_arithmetic(vm, &b.left, scope)?;
            let right = shape_arithmetic(vm, &b.right, scope)?;
            op(vm, &left, &right).ok()
        }
        E::UnaryOp(u) if u.op == UnaryOp::USub => {
            let operand = shape_arithmetic(vm, &u.operand, scope)?;
            vm._neg(&operand).ok()
        }
        _ => None,
    }
}

fn collect_names(e: &rustpython_vm::compiler::ast::Expr, out: &mut Vec<String>) {
    use rustpython_vm::compiler::ast::visitor::{walk_expr, Visitor};
    struct V<'a>(&'a mut Vec<String>);
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_expr(&mut self, e: &'a rustpython_vm::compiler::ast::Expr) {
            if let rustpython_vm::compiler::ast::Expr::Name(n) = e {
                let s = n.id.to_string();
                if !self.0.contains(&s) {
                    self.0.push(s);
                }
            }
            walk_expr(self, e);
        }
    }
    V(out).visit_expr(e);
}

// ---------------------------------------------------------------------------
// Buffer types.

/// The common buffer options of `T.Buffer`, `T.alloc_buffer`, `T.decl_buffer` ….
pub struct BufferArgs {
    /// The buffer's declaration.
    pub spec: BufferSpec,
    /// The `data=` pointer, if given.
    pub data: Option<PyObjectRef>,
}

/// Read the buffer options from bound arguments (`shape` and `dtype` required or defaulted).
pub fn buffer_args(vm: &VirtualMachine, a: &Bound, default_align: i64) -> PyResult<BufferArgs> {
    let shape_obj = a.req(vm, "shape")?;
    let shape = shape_arg(vm, &shape_obj)?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::FLOAT32,
    };
    let mut spec = BufferSpec::new(dtype, shape);
    if let Some(s) = a.get(vm, "strides") {
        let items = iterate(vm, &s)?;
        let idx_dtype = spec.shape.first().map(|e| e.dtype()).filter(|d| d.is_integer()).unwrap_or(DataType::INT32);
        spec.strides = items
            .iter()
            .map(|x| match x.downcast_ref::<PyStr>() {
                Some(s) => Ok(Var::scalar(&s.to_string_lossy(), idx_dtype).into()),
                None => to_expr(vm, x),
            })
            .collect::<PyResult<_>>()?;
    }
    spec.elem_offset = match (a.get(vm, "elem_offset"), a.get(vm, "byte_offset")) {
        (Some(_), Some(_)) => return Err(vm.new_value_error("elem_offset and byte_offset cannot be set at the same time")),
        (Some(e), None) => Some(to_expr(vm, &e)?),
        (None, Some(b)) => {
            let b = to_expr(vm, &b)?;
            let bits = dtype.bits as i64 * dtype.lanes.max(1) as i64;
            let x = arith::binary(ir::BinOp::Mul, b, Operand::Int(8), Span::none()).py(vm)?;
            Some(arith::binary(ir::BinOp::FloorDiv, x, Operand::Int(bits), Span::none()).py(vm)?)
        }
        (None, None) => None,
    };
    spec.scope = a.str_or(vm, "scope", "global")?;
    spec.data_alignment = a.int_or(vm, "align", default_align)?;
    spec.offset_factor = a.int_or(vm, "offset_factor", 0)?;
    spec.layout = layout_choice(vm, a.raw(vm, "layout"), &spec.scope)?;
    if let Some(addr) = a.get(vm, "allocated_addr") {
        spec.allocated_addr = match seq(&addr) {
            Some(items) => items.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?,
            None => vec![to_expr(vm, &addr)?],
        };
    }
    Ok(BufferArgs { spec, data: a.get(vm, "data") })
}

/// `layout=`: `"default"` (absent) is the row-major tile layout in TIRx functions
/// and none in S-TIR ones (and for Trainium scopes); `None` is none.
pub fn layout_choice(vm: &VirtualMachine, layout: Option<PyObjectRef>, scope: &str) -> PyResult<LayoutChoice> {
    let default = || {
        if context::is_s_tir() || scope == "trn.sbuf" || scope == "trn.psum" {
            LayoutChoice::None
        } else {
            LayoutChoice::Default
        }
    };
    let Some(l) = layout else { return Ok(default()) };
    if vm.is_none(&l) {
        return Ok(LayoutChoice::None);
    }
    if let Some(s) = l.downcast_ref::<PyStr>() {
        if &*s.to_string_lossy() == "default" {
            return Ok(default());
        }
        return Err(vm.new_value_error(format!("unsupported layout string {:?}", s.to_string_lossy())));
    }
    if let Some(o) = unwrap_object(&l)
        && o.isinstance(layout_info())
    {
        return Ok(LayoutChoice::Given(Layout(o)));
    }
    Err(vm.new_type_error(format!("layout must be a Layout, \"default\" or None, got {}", l.class().name())))
}

const BUFFER_PARAMS: &[&str] = &[
    "shape",
    "dtype",
    "data",
    "strides",
    "elem_offset",
    "byte_offset",
    "scope",
    "align",
    "offset_factor",
    "layout",
    "allocated_addr",
    "buffer_name",
];

/// `T.Buffer(shape, dtype="float32", ...)`: a buffer variable (unnamed until bound).
pub fn buffer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Buffer", args, BUFFER_PARAMS)?;
    let b = buffer_args(vm, &a, 0)?;
    let name = a.str_or(vm, "buffer_name", "")?;
    Ok(py(vm, b.spec.to_buffer(&name, Span::none()).py(vm)?))
}

const ALLOC_PARAMS: &[&str] = &[
    "shape",
    "dtype",
    "data",
    "strides",
    "elem_offset",
    "byte_offset",
    "scope",
    "align",
    "offset_factor",
    "layout",
    "allocated_addr",
    "annotations",
];

/// `T.alloc_buffer(...)`: an `AllocBuffer` statement; returns the buffer.
pub fn alloc_buffer(vm: &VirtualMachine, args: FuncArgs, scope: Option<&str>) -> PyResult {
    let a = bind(vm, "alloc_buffer", args, ALLOC_PARAMS)?;
    let mut b = buffer_args(vm, &a, -1)?;
    if let Some(s) = scope
        && a.get(vm, "scope").is_none()
    {
        b.spec.scope = s.to_string();
        b.spec.layout = layout_choice(vm, a.raw(vm, "layout"), s)?;
    }
    let annotations = match a.get(vm, "annotations") {
        Some(d) => alloc_annotations(vm, &d)?,
        None => AttrMap::from(Vec::new()),
    };
    let buf = b.spec.to_buffer("", Span::none()).py(vm)?;
    emit(vm, AllocBuffer::new(AllocBufferNode { buffer: buf.clone(), annotations, span: Span::none() }))?;
    Ok(py(vm, buf))
}

/// Allocation annotations store ints as `int32` constants and bools as `bool` ones.
fn alloc_annotations(vm: &VirtualMachine, d: &PyObjectRef) -> PyResult<AttrMap> {
    let dict = d.downcast_ref::<rustpython_vm::builtins::PyDict>().ok_or_else(|| vm.new_type_error("annotations must be a dict"))?;
    let mut items = vec![];
    for (k, v) in dict {
        let key = py_str(vm, &k)?;
        let value = if v.class().is(vm.ctx.types.bool_type) {
            Value::Object(ir::bool_imm(v.try_to_bool(vm)?).into_object())
        } else if super::convert::is_python_int(vm, &v) {
            Value::Object(int_imm(DataType::INT32, py_int(vm, &v)?).into_object())
        } else if let Some(f) = super::exprs::py_float(&v) {
            Value::Object(ir::float_imm(DataType::FLOAT32, f).into_object())
        } else {
            super::convert::to_value(vm, &v)?
        };
        items.push((Value::str(&key), value));
    }
    Ok(items.into())
}

/// `T.decl_buffer(...)`: with `data`, a `DeclBuffer` view; without, an allocation.
pub fn decl_buffer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "decl_buffer", args, BUFFER_PARAMS)?;
    let mut b = buffer_args(vm, &a, 0)?;
    // A view of existing data is in that data's storage scope (TVM reads a buffer's
    // scope from its data pointer), unless a scope is given.
    let data = b.data.as_ref().map(|d| data_expr(vm, d)).transpose()?;
    if let Some(d) = &data
        && a.get(vm, "scope").is_none()
        && let Some(p) = d.ty().as_object().downcast_ref::<ir::PointerTypeNode>()
    {
        b.spec.scope = p.storage_scope.clone();
    }
    let buf = b.spec.to_buffer("", Span::none()).py(vm)?;
    match data {
        Some(data) => {
            emit(vm, DeclBuffer::new(DeclBufferNode { buffer: buf.clone(), data, span: Span::none() }))?;
        }
        None => {
            emit(vm, AllocBuffer::new(AllocBufferNode { buffer: buf.clone(), annotations: AttrMap::from(Vec::new()), span: Span::none() }))?;
        }
    }
    Ok(py(vm, buf))
}

/// The data of a declared buffer: a pointer expression, or another buffer's data.
fn data_expr(vm: &VirtualMachine, d: &PyObjectRef) -> PyResult<Expr> {
    if let Some(b) = as_buffer(d) {
        return buffer_data(&b).py(vm);
    }
    to_expr(vm, d)
}

/// `T.alloc_scalar` / `T.local_scalar` / `T.shared_scalar`: a `(1,)` buffer with the
/// layout `T.TileLayout(T.S[1])`; returns the load `buf[0]`.
pub fn alloc_scalar(vm: &VirtualMachine, dtype: DataType, scope: &str) -> PyResult<(Var, Expr)> {
    let one = int_imm(DataType::INT32, 1);
    let mut spec = BufferSpec::new(dtype, vec![one.clone()]);
    spec.scope = scope.to_string();
    spec.layout = LayoutChoice::Given(TileLayout::row_major(&[one]).py(vm)?.into());
    let buf = spec.to_buffer("", Span::none()).py(vm)?;
    emit(vm, AllocBuffer::new(AllocBufferNode { buffer: buf.clone(), annotations: AttrMap::from(Vec::new()), span: Span::none() }))?;
    let load = load(&buf, vec![int_imm(DataType::INT32, 0)]).py(vm)?;
    Ok((buf, load))
}

/// A scalar declaration (`T.int32()`, `T.handle(...)`) of the type `name`.
pub fn scalar_fn(vm: &VirtualMachine, args: FuncArgs, name: &'static str, scope: Option<&str>) -> PyResult {
    let a = bind(vm, name, args, &["dtype", "scope"])?;
    let dtype = match a.get(vm, "dtype") {
        Some(d) => to_dtype(vm, &d)?,
        None => DataType::FLOAT32,
    };
    let scope = match scope {
        Some(s) => s.to_string(),
        None => a.str_or(vm, "scope", "global")?,
    };
    let load = alloc_scalar(vm, dtype, &scope)?.1;
    super::context::mark_scalar_load(load.as_object());
    Ok(py(vm, load))
}

/// `T.decl_scalar(dtype, data, scope, elem_offset=None, byte_offset=None)`.
pub fn decl_scalar(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "decl_scalar", args, &["dtype", "data", "scope", "elem_offset", "byte_offset"])?;
    let dtype = to_dtype(vm, &a.req(vm, "dtype")?)?;
    let one = int_imm(DataType::INT32, 1);
    let mut spec = BufferSpec::new(dtype, vec![one.clone()]);
    spec.scope = a.str_or(vm, "scope", "global")?;
    spec.elem_offset = super::convert::opt_expr(vm, a.get(vm, "elem_offset"))?;
    spec.data_alignment = -1;
    spec.layout = LayoutChoice::Given(TileLayout::row_major(&[one]).py(vm)?.into());
    let buf = spec.to_buffer("", Span::none()).py(vm)?;
    let data = data_expr(vm, &a.req(vm, "data")?)?;
    emit(vm, DeclBuffer::new(DeclBufferNode { buffer: buf.clone(), data, span: Span::none() }))?;
    let load = load(&buf, vec![int_imm(DataType::INT32, 0)]).py(vm)?;
    super::context::mark_scalar_load(load.as_object());
    Ok(py(vm, load))
}

const MATCH_PARAMS: &[&str] =
    &["param", "shape", "dtype", "data", "strides", "elem_offset", "scope", "align", "offset_factor", "layout"];

/// `T.match_buffer(param, shape, dtype, ...)`: on a handle parameter, the buffer
/// replaces the parameter; on a region inside a block, a `MatchBufferRegion`.
pub fn match_buffer(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let mut a = bind(vm, "match_buffer", args, MATCH_PARAMS)?;
    let param = a.req(vm, "param")?;
    let region = region_of(vm, &param)?;
    if let Some(r) = &region
        && a.get(vm, "shape").is_none()
    {
        let shape: Vec<PyObjectRef> = r.region.iter().map(|rg| py(vm, rg.extent.clone())).collect();
        a.set("shape", vm.ctx.new_tuple(shape).into());
        // TVM takes the region's element type here, over a `dtype` given with it.
        let src = r.source.as_var().map(|v| btype_of(v).elem_dtype()).unwrap_or(DataType::FLOAT32);
        a.set("dtype", vm.ctx.new_str(src.to_string()).into());
    }
    if a.get(vm, "shape").is_none() {
        return Err(vm.new_value_error("Shape must be specified when binding input param"));
    }
    let b = buffer_args(vm, &a, -1)?;
    let buf = b.spec.to_buffer("", Span::none()).py(vm)?;
    match region {
        Some(r) => crate::dialects::s_tir::frontend::add_match_buffer(vm, buf.clone(), r)?,
        None => {
            let var = unwrap_object(&param)
                .and_then(|o| o.try_downcast::<VarNode>())
                .ok_or_else(|| vm.new_type_error("match_buffer expects a function parameter or a buffer region"))?;
            let replaced = with_func(|f| {
                match f.params.iter().position(|p| p.ptr_eq(&var)) {
                    Some(i) => {
                        f.params[i] = buf.clone();
                        true
                    }
                    None => false,
                }
            })
            .unwrap_or(false);
            if !replaced {
                return Err(diag(vm, "error: T.match_buffer expects a parameter of the function"));
            }
        }
    }
    Ok(py(vm, buf))
}

fn btype_of(v: &VarNode) -> &BufferTypeNode {
    buffer_type(v).expect("buffer")
}

/// A buffer region from a region or a load (`A[i, 0:4]` or `A[i, j]`).
pub fn region_of(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Option<TensorRegion>> {
    match unwrap_object(obj) {
        Some(o) => region_of_object(vm, o),
        None => Ok(None),
    }
}

/// [`region_of`] of an argument of a native call.
pub fn region_of_val(vm: &VirtualMachine, v: &Val) -> PyResult<Option<TensorRegion>> {
    match v {
        Val::Ir(o) => region_of_object(vm, o.clone()),
        Val::Py(obj) => region_of(vm, obj),
        Val::Tuple(_) => Ok(None),
    }
}

fn region_of_object(vm: &VirtualMachine, o: ObjectRef) -> PyResult<Option<TensorRegion>> {
    if let Some(r) = o.try_downcast::<TensorRegionNode>() {
        return Ok(Some(r));
    }
    if let Some(l) = o.downcast_ref::<TensorLoadNode>() {
        let Some(buf) = l.source.as_object().try_downcast::<VarNode>() else { return Ok(None) };
        let ranges = l.indices.iter().map(point_range).collect();
        return Ok(Some(buffer_region(&buf, ranges, Span::none()).py(vm)?));
    }
    Ok(None)
}


/// `Range(i, 1)`, or for a ramp index `Range(base, lanes)`.
pub fn point_range(i: &Expr) -> Range {
    if let Some(r) = i.downcast_ref::<ir::RampNode>()
        && r.stride.as_int() == Some(1)
    {
        return Range::from_min_extent(r.base.clone(), r.lanes.clone(), Span::none());
    }
    Range::from_min_extent(i.clone(), int_imm(i.dtype(), 1), Span::none())
}

// ---------------------------------------------------------------------------
// Subscripts.

/// One index of a subscript: a point or a slice.
enum Index {
    Point(Expr),
    Slice(Option<Expr>, Option<Expr>, Option<Expr>),
}

fn indices(vm: &VirtualMachine, key: &Val) -> PyResult<Vec<Index>> {
    let items: Vec<Val> = match key {
        // A tuple display of an evaluated body: its items as they are.
        Val::Tuple(items) => items.clone(),
        Val::Ir(o) => vec![Val::Ir(o.clone())],
        Val::Py(key) => match seq(key) {
            Some(items) => items.into_iter().map(Val::Py).collect(),
            None => vec![Val::Py(key.clone())],
        },
    };
    let mut out = vec![];
    for it in items {
        let it = match it {
            Val::Ir(o) if super::convert::is_expression(&o) => {
                out.push(Index::Point(Expr(o)));
                continue;
            }
            other => other.into_py(vm),
        };
        if let Some(s) = it.downcast_ref::<PySlice>() {
            let opt = |o: &Option<PyObjectRef>| -> PyResult<Option<Expr>> {
                match o {
                    Some(v) if !vm.is_none(v) => Ok(Some(to_expr(vm, v)?)),
                    _ => Ok(None),
                }
            };
            let start = opt(&s.start.clone())?;
            let stop = opt(&Some(s.stop.clone()))?;
            let step = opt(&s.step.clone())?;
            out.push(Index::Slice(start, stop, step));
        } else if let Some(inner) = seq(&it) {
            // `A[(*spatial, r)]` leaves a list of indices inside the tuple.
            for x in inner {
                out.push(Index::Point(to_expr(vm, &x)?));
            }
        } else {
            out.push(Index::Point(to_expr(vm, &it)?));
        }
    }
    Ok(out)
}

/// A load `buf[indices]`, typed as the element (lanes from a vector index).
pub fn load(buf: &Var, indices: Vec<Expr>) -> Result<Expr> {
    let bt = expect_buffer(buf, "TensorLoad")?;
    let mut dtype = bt.elem_dtype();
    if let Some(last) = indices.last() {
        let lanes = last.dtype().lanes;
        if lanes != 1 {
            dtype = dtype.with_lanes(dtype.lanes * lanes);
        }
    }
    if indices.len() != bt.shape.len() {
        return Err(Error::value_error(format!(
            "Buffer {} has {} dimension(s) but is indexed with {}",
            buf.name,
            bt.shape.len(),
            indices.len()
        )));
    }
    Ok(TensorLoad::new(TensorLoadNode { ty: Type::prim(dtype), source: buf.clone().into(), indices, span: Span::none() }).into())
}

/// `buf[key]`: a load for point indices, a region when any index is a slice.
pub fn subscript(vm: &VirtualMachine, buf: &Var, key: &Val) -> PyResult<Val> {
    let idx = indices(vm, key)?;
    let bt = btype(buf);
    if !idx.iter().any(|i| matches!(i, Index::Slice(..))) {
        let points = idx.into_iter().map(|i| if let Index::Point(e) = i { e } else { unreachable!() }).collect();
        let mut load = load(buf, points).map_err(|e| diag_err(vm, e))?.into_object();
        crate::vm::location::stamp(vm, &mut load);
        return Ok(Val::Ir(load));
    }
    let mut ranges = vec![];
    for (d, i) in idx.into_iter().enumerate() {
        match i {
            Index::Point(e) => ranges.push(point_range(&e)),
            Index::Slice(start, stop, step) => {
                if let Some(s) = &step
                    && s.as_int() != Some(1)
                {
                    return Err(vm.new_value_error("Buffer slices with a non-unit step are not supported"));
                }
                let dim = bt.shape.get(d).cloned().unwrap_or_else(|| int_imm(DataType::INT32, 0));
                let start = start.unwrap_or_else(|| int_imm(dim.dtype(), 0));
                let stop = stop.unwrap_or(dim);
                let extent = extent_of(&start, &stop).py(vm)?;
                ranges.push(Range::from_min_extent(start, extent, Span::none()));
            }
        }
    }
    Ok(Val::Ir(buffer_region(buf, ranges, Span::none()).py(vm)?.into()))
}

/// `stop - start`, simplified to a constant where it is one.
pub fn extent_of(start: &Expr, stop: &Expr) -> Result<Expr> {
    if let Some(c) = const_diff(start, stop) {
        let t = if start.dtype().bits >= stop.dtype().bits { start.dtype() } else { stop.dtype() };
        return Ok(int_imm(t, c));
    }
    let t = if start.dtype().bits >= stop.dtype().bits { start.dtype() } else { stop.dtype() };
    Ok(super::linear::Linear::of(stop).add(&super::linear::Linear::of(start), -1).to_expr(t))
}

/// `(stop - start + step - 1) // step` for a symbolic length whose terms all divide by `step`.
fn symbolic_lanes(start: &Expr, stop: &Expr, step: i64) -> Option<Expr> {
    use super::linear::Linear;
    let diff = Linear::of(stop).add(&Linear::of(start), -1);
    if diff.terms.is_empty() || diff.terms.iter().any(|(_, c)| c % step != 0) {
        return None;
    }
    let lanes = Linear {
        constant: (diff.constant + step - 1).div_euclid(step),
        terms: diff.terms.iter().map(|(t, c)| (t.clone(), c / step)).collect(),
    };
    let t = if start.dtype().bits >= stop.dtype().bits { start.dtype() } else { stop.dtype() };
    Some(lanes.to_expr(t))
}

fn diag_err(vm: &VirtualMachine, e: Error) -> rustpython_vm::builtins::PyBaseExceptionRef {
    super::convert::err(vm, e)
}

/// `buf[index] = value`: slices become ramps, a bool is a `bool` constant.
pub fn store(vm: &VirtualMachine, buf: &Var, index: &Val, value: &PyObjectRef) -> PyResult<()> {
    let idx = indices(vm, index)?;
    let mut exprs = vec![];
    for i in idx {
        match i {
            Index::Point(e) => exprs.push(e),
            Index::Slice(start, stop, step) => {
                let start = start.ok_or_else(|| vm.new_value_error("a stored slice needs a start"))?;
                let stop = stop.ok_or_else(|| vm.new_value_error("a stored slice needs a stop"))?;
                let step = step.unwrap_or_else(|| int_imm(start.dtype(), 1));
                match (const_diff(&start, &stop), step.as_int()) {
                    (Some(n), Some(s)) if s != 0 => {
                        let lanes = (n + s - 1).div_euclid(s);
                        if lanes == 1 {
                            exprs.push(start);
                        } else {
                            exprs.push(make_ramp(start, step, int_imm(DataType::INT32, lanes)).py(vm)?);
                        }
                    }
                    // A symbolic length (scalable vectors: `A[0:T.vscale() * 4]`).
                    (None, Some(1)) => {
                        let lanes = extent_of(&start, &stop).py(vm)?;
                        exprs.push(make_ramp(start, step, lanes).py(vm)?);
                    }
                    // `A[b:b + T.vscale() * 4 * 2:2]`: lanes `(stop - start + step - 1) // step`,
                    // exact when every symbolic term divides by the step.
                    (None, Some(s)) if s > 1 && symbolic_lanes(&start, &stop, s).is_some() => {
                        let lanes = symbolic_lanes(&start, &stop, s).expect("checked by the guard");
                        exprs.push(make_ramp(start, step, lanes).py(vm)?);
                    }
                    _ => return Err(vm.new_value_error("a stored slice needs a unit step or a constant length")),
                }
            }
        }
    }
    let bt = btype(buf);
    let value = store_value(vm, bt.elem_dtype(), value)?;
    emit(vm, make_store(buf, value, exprs).py(vm)?)
}

/// The stored value: Python scalars take the buffer's element type.
pub fn store_value(vm: &VirtualMachine, dtype: DataType, value: &PyObjectRef) -> PyResult<Expr> {
    match super::convert::operand(vm, value)? {
        Some(Operand::Expr(e)) => Ok(e),
        Some(Operand::Bool(b)) if dtype.is_bool() => Ok(ir::bool_imm(b)),
        Some(Operand::Int(v)) if dtype.is_float() => Ok(ir::float_imm(dtype, v as f64)),
        Some(Operand::Int(v)) if dtype.is_integer() => super::exprs::const_cast(dtype, int_imm(arith::python_int_dtype(v), v)).py(vm),
        Some(Operand::Float(v)) if dtype.is_float() => Ok(ir::float_imm(dtype, v)),
        Some(other) => other.into_expr().py(vm),
        None => Err(vm.new_type_error(format!("cannot store a Python {} into a buffer", value.class().name()))),
    }
}

/// A `BufferStore`, with the value cast when only its lanes differ from a ramp store.
pub fn make_store(buf: &Var, value: Expr, indices: Vec<Expr>) -> Result<Stmt> {
    let bt = expect_buffer(buf, "BufferStore")?;
    if indices.len() != bt.shape.len() {
        return Err(Error::value_error(format!(
            "Buffer {} has {} dimension(s) but is stored with {} indices",
            buf.name,
            bt.shape.len(),
            indices.len()
        )));
    }
    let lanes = indices.last().map(|i| i.dtype().lanes).unwrap_or(1);
    let value = if lanes != 1 && value.dtype().lanes == 1 { arith::broadcast(value, lanes, Span::none())? } else { value };
    // A value of another element type is cast to the buffer's (TVM's builder does,
    // folding constants: `T.float32(0)` stored in a float16 buffer is `T.float16(0)`).
    let elem = bt.elem_dtype();
    // (Not a call of another function: its type is the callee's, declared later.)
    let calls_function = value.as_call().is_some_and(|c| c.op.is::<ir::GlobalVarNode>());
    let value = match value.prim_dtype() {
        Some(vt) if !calls_function && !elem.is_handle() && !elem.is_void() && vt != elem.with_lanes(vt.lanes) && vt.lanes == elem.lanes * lanes => {
            arith::cast(elem.with_lanes(vt.lanes), value.clone(), Span::none()).unwrap_or(value)
        }
        _ => value,
    };
    Ok(BufferStore::new(BufferStoreNode { buffer: buf.clone(), value, indices, span: Span::none() }).into())
}

// ---------------------------------------------------------------------------
// Attributes of buffer variables (`A.shape`, `A.dtype`, `A.data` …).

/// A buffer's attribute as Python reads it (`A.shape`, `A.data` …).
pub fn buffer_attr(vm: &VirtualMachine, buf: &Var, name: &str) -> Option<PyResult> {
    let bt = buffer_type(buf)?;
    let list = |items: &[Expr]| -> PyObjectRef { crate::vm::convert::py_array(vm, items.iter().map(|e| py(vm, e.clone())).collect()) };
    Some(Ok(match name {
        "shape" => list(&bt.shape),
        "strides" => list(&bt.strides),
        "dtype" => vm.ctx.new_str(bt.elem_dtype().to_string()).into(),
        "elem_offset" => py(vm, bt.elem_offset.clone()),
        "data" => return Some(buffer_data(buf).py(vm).map(|d| py(vm, d))),
        "layout" => match &bt.layout {
            Some(l) => py(vm, l.clone()),
            None => vm.ctx.none(),
        },
        "ndim" => vm.ctx.new_int(bt.shape.len()).into(),
        "offset_factor" => vm.ctx.new_int(bt.offset_factor).into(),
        "data_alignment" => vm.ctx.new_int(bt.data_alignment).into(),
        "local" => bound_method(vm, buf, "local", local),
        "access_ptr" => bound_method(vm, buf, "access_ptr", access_ptr),
        "vload" => bound_method(vm, buf, "vload", vload),
        "offset_of" => bound_method(vm, buf, "offset_of", offset_of),
        "get_flattened_buffer" => bound_method(vm, buf, "get_flattened_buffer", flattened),
        "view" => bound_method(vm, buf, "view", view),
        "permute" => bound_method(vm, buf, "permute", permute),
        "scope" => {
            let s = bt.storage_scope.clone();
            crate::vm::closure::closure(vm, "scope", move |_a: FuncArgs, vm: &VirtualMachine| -> PyResult { Ok(vm.ctx.new_str(s.clone()).into()) })
        }
        _ => return None,
    }))
}

/// `buf.<name>` as a method bound to the buffer.
fn bound_method(vm: &VirtualMachine, buf: &Var, name: &'static str, f: fn(&VirtualMachine, &Var, FuncArgs) -> PyResult) -> PyObjectRef {
    let b = buf.clone();
    crate::vm::closure::closure(vm, name, move |a: FuncArgs, vm: &VirtualMachine| -> PyResult { f(vm, &b, a) })
}

/// A buffer-typed object check for hooks.
pub fn is_buffer(obj: &ObjectRef) -> bool {
    is_buffer_var(obj)
}

/// `buf.local(*shape, layout=None)`: the per-thread storage of a distributed buffer
/// as a buffer of its own (shape from the layout's memory iterators when not given).
pub fn local(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let bt = btype(buf);
    let layout_arg = args.kwargs.get("layout").cloned().filter(|l| !vm.is_none(l));
    let mut shape: Vec<Expr> = args.args.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    if shape.is_empty() {
        let tile = bt
            .layout
            .as_ref()
            .and_then(|l| l.downcast_ref::<TileLayoutNode>())
            .ok_or_else(|| vm.new_value_error("Buffer.local cannot infer a shape because the parent buffer has no tile layout"))?;
        // The storage is the memory-axis iterators: its span, or its size when a layout is given.
        let mut span = 1i64;
        let mut size = 1i64;
        for it in tile.shard.iter().filter(|it| it.axis.name == "m") {
            let (Some(e), Some(st)) = (it.extent.as_int(), it.stride.as_int()) else {
                return Err(vm.new_value_error("Buffer.local needs a constant storage layout"));
            };
            span += (e - 1) * st;
            size *= e;
        }
        shape = vec![int_imm(DataType::INT32, if layout_arg.is_some() { size } else { span })];
    }
    let mut spec = BufferSpec::new(bt.elem_dtype(), shape);
    spec.strides = bt.strides.clone();
    spec.elem_offset = Some(bt.elem_offset.clone());
    spec.scope = bt.storage_scope.clone();
    spec.data_alignment = bt.data_alignment;
    spec.offset_factor = bt.offset_factor;
    spec.layout = layout_choice(vm, layout_arg, &bt.storage_scope)?;
    let new = spec.to_buffer("", Span::none()).py(vm)?;
    let data = buffer_data(buf).py(vm)?;
    emit(vm, DeclBuffer::new(DeclBufferNode { buffer: new.clone(), data, span: Span::none() }))?;
    Ok(py(vm, new))
}

/// `buf.view("float16")`: the same storage as another element type. The last extent
/// and the element offset scale by the size ratio; the row-major layout is unpacked
/// (`S[(8, 8, 2):(16, 2, 1)]`) or packed as TVM's `Layout.unpack` / `pack` do for it.
fn dtype_view(vm: &VirtualMachine, buf: &Var, dtype: &PyObjectRef) -> PyResult {
    let bt = btype(buf);
    let to = to_dtype(vm, dtype)?;
    let from = bt.elem_dtype();
    let (fb, tb) = (from.bits as i64, to.bits as i64);
    let Some(last) = bt.shape.last().cloned() else {
        return Err(vm.new_value_error("a scalar buffer has no last extent to view as another dtype"));
    };
    let row_major = match &bt.layout {
        None => true,
        Some(l) => TileLayout::row_major(&bt.shape).is_ok_and(|d| crate::ir::structural_equal(l, &d.upcast(), false)),
    };
    if !row_major || fb == 0 || tb == 0 || (fb % tb != 0 && tb % fb != 0) {
        return Err(vm.new_not_implemented_error("a dtype view needs a row-major buffer and element sizes that divide"));
    }
    let mut shape: Vec<Expr> = bt.shape[..bt.shape.len() - 1].to_vec();
    let i32c = |v: i64| int_imm(last.dtype(), v);
    let (new_last, offset, layout_shape) = if tb > fb {
        let r = tb / fb;
        let new_last = arith::binary(BinOp::FloorDiv, Operand::Expr(last.clone()), Operand::Expr(i32c(r)), Span::none()).py(vm)?;
        let off = arith::binary(BinOp::FloorDiv, Operand::Expr(bt.elem_offset.clone()), Operand::Int(r), Span::none()).py(vm)?;
        let mut ls = shape.clone();
        ls.push(new_last.clone());
        (new_last, off, ls)
    } else {
        let r = fb / tb;
        let new_last = arith::binary(BinOp::Mul, Operand::Expr(last.clone()), Operand::Expr(i32c(r)), Span::none()).py(vm)?;
        let off = arith::binary(BinOp::Mul, Operand::Expr(bt.elem_offset.clone()), Operand::Int(r), Span::none()).py(vm)?;
        let mut ls = bt.shape.clone();
        ls.push(i32c(r));
        (new_last, off, ls)
    };
    shape.push(new_last);
    let mut spec = BufferSpec::new(to, shape);
    spec.strides = bt.strides.clone();
    spec.elem_offset = Some(offset);
    spec.scope = bt.storage_scope.clone();
    spec.data_alignment = bt.data_alignment;
    spec.offset_factor = bt.offset_factor;
    spec.layout = LayoutChoice::Given(TileLayout::row_major(&layout_shape).py(vm)?.into());
    let new = spec.to_buffer("", Span::none()).py(vm)?;
    let data = buffer_data(buf).py(vm)?;
    emit(vm, DeclBuffer::new(DeclBufferNode { buffer: new.clone(), data, span: Span::none() }))?;
    Ok(py(vm, new))
}

/// `buf.permute(*dims)`: the same storage with its dimensions reordered. Supported for
/// layouts with one iterator per dimension (the default row-major one included), where
/// TVM's `permute_by_groups` reorders those iterators.
fn permute(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let bt = btype(buf);
    let n = bt.shape.len();
    if !args.kwargs.is_empty() {
        return Err(vm.new_type_error("permute() takes dimensions only"));
    }
    let dims: Vec<usize> = args
        .args
        .iter()
        .map(|d| py_int(vm, d).map(|i| if i < 0 { (i + n as i64) as usize } else { i as usize }))
        .collect::<PyResult<_>>()?;
    let mut seen = vec![false; n];
    if dims.len() != n || dims.iter().any(|&d| d >= n || std::mem::replace(&mut seen[d], true)) {
        return Err(vm.new_value_error(format!("permute() needs a permutation of the {n} dimensions")));
    }
    let layout = match &bt.layout {
        Some(l) => l.clone(),
        None => TileLayout::row_major(&bt.shape).py(vm)?.into(),
    };
    let tile = layout.downcast_ref::<TileLayoutNode>().filter(|t| {
        t.shard.len() == n
            && t.replica.is_empty()
            && t.offset.is_empty()
            && t.shard.iter().zip(&bt.shape).all(|(it, e)| crate::ir::structural_equal(&it.extent, e, false))
    });
    let Some(tile) = tile else {
        return Err(vm.new_not_implemented_error("permute() of a layout with grouped or replicated iterators"));
    };
    let shard = dims.iter().map(|&d| tile.shard[d].clone()).collect();
    let mut spec = BufferSpec::new(bt.elem_dtype(), dims.iter().map(|&d| bt.shape[d].clone()).collect());
    spec.strides = bt.strides.clone();
    spec.elem_offset = Some(bt.elem_offset.clone());
    spec.scope = bt.storage_scope.clone();
    spec.data_alignment = bt.data_alignment;
    spec.offset_factor = bt.offset_factor;
    spec.layout = LayoutChoice::Given(TileLayout::from_iters(shard, vec![], tile.offset.clone()).into());
    let new = spec.to_buffer("", Span::none()).py(vm)?;
    let data = buffer_data(buf).py(vm)?;
    emit(vm, DeclBuffer::new(DeclBufferNode { buffer: new.clone(), data, span: Span::none() }))?;
    Ok(py(vm, new))
}

/// `buf.view(*shape, layout=None)`: a `DeclBuffer` over the same data with another
/// shape (and the parent's layout unless one is given).
pub fn view(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let bt = btype(buf);
    let mut layout_arg = None;
    for (k, v) in &args.kwargs {
        if k == "layout" {
            layout_arg = Some(v.clone());
        } else {
            return Err(vm.new_type_error(format!("Unsupported kwargs for view: {k}")));
        }
    }
    if args.args.len() == 1 && args.args[0].downcast_ref::<PyStr>().is_some() && args.kwargs.is_empty() {
        return dtype_view(vm, buf, &args.args[0]);
    }
    let mut shape: Vec<Expr> = args.args.iter().map(|x| to_expr(vm, x)).collect::<PyResult<_>>()?;
    if layout_arg.is_none() && shape.iter().filter(|e| e.as_int() == Some(-1)).count() == 1 {
        let total: Option<i64> = bt.shape.iter().map(|e| e.as_int()).product();
        let known: Option<i64> = shape.iter().filter(|e| e.as_int() != Some(-1)).map(|e| e.as_int()).product();
        if let (Some(t), Some(k)) = (total, known) {
            let i = shape.iter().position(|e| e.as_int() == Some(-1)).unwrap_or(0);
            shape[i] = int_imm(DataType::INT32, t / k.max(1));
        }
    }
    let mut spec = BufferSpec::new(bt.elem_dtype(), shape);
    spec.strides = bt.strides.clone();
    spec.elem_offset = Some(bt.elem_offset.clone());
    spec.scope = bt.storage_scope.clone();
    spec.data_alignment = bt.data_alignment;
    spec.offset_factor = bt.offset_factor;
    spec.layout = match layout_arg {
        Some(l) => layout_choice(vm, Some(l), &bt.storage_scope)?,
        None => match &bt.layout {
            Some(l) => LayoutChoice::Given(l.clone()),
            None => LayoutChoice::None,
        },
    };
    let new = spec.to_buffer("", Span::none()).py(vm)?;
    let data = buffer_data(buf).py(vm)?;
    emit(vm, DeclBuffer::new(DeclBufferNode { buffer: new.clone(), data, span: Span::none() }))?;
    Ok(py(vm, new))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computing a shape string's arithmetic directly gives what its compiled code
    /// gives; anything else is left to the compiler.
    #[test]
    fn shape_arithmetic_computes_what_the_compiled_string_computes() {
        crate::init();
        let interp = crate::vm::new_interpreter(&Default::default());
        interp.enter(|vm| {
            let scope = vm.ctx.new_dict();
            scope.set_item("K", vm.ctx.new_int(4).into(), vm).unwrap();
            scope.set_item("n", py(vm, Var::scalar("n", DataType::INT64)), vm).unwrap();
            scope.set_item("m", py(vm, Var::scalar("m", DataType::INT64)), vm).unwrap();
            scope.set_item("s", vm.ctx.new_str("n").into(), vm).unwrap();
            let parse = |text: &str| rustpython_vm::compiler::parser::parse_expression(text).unwrap().into_syntax().body;
            for text in ["n * K", "n + 1", "-n", "n // 2 % 3", "(n - 1) * (m + K)", "K * 3 - 2", "n % m"] {
                let direct = shape_arithmetic(vm, &parse(text), &scope).unwrap_or_else(|| panic!("{text}: not computed"));
                let code = vm.compile(text, rustpython_vm::compiler::Mode::Eval, "<shape>".to_owned()).unwrap();
                let compiled = vm.run_code_obj(code, rustpython_vm::scope::Scope::with_builtins(None, scope.clone(), vm)).unwrap();
                let (direct, compiled) = (to_expr(vm, &direct).unwrap(), to_expr(vm, &compiled).unwrap());
                assert!(crate::ir::structural_equal(&direct, &compiled, false), "{text}: {direct:?} vs {compiled:?}");
            }
            // Calls, attributes, floats, other operators, strings and unknown names compile.
            for text in ["T.int64(4)", "n.dtype", "n * 2.5", "n ** 2", "n << 1", "s * 2", "q + 1", "+n"] {
                assert!(shape_arithmetic(vm, &parse(text), &scope).is_none(), "{text}: computed");
            }
            // A failing operation is left to the compiled string (whose error is the one reported).
            scope.set_item("b", py(vm, Var::scalar("b", DataType::bool())), vm).unwrap();
            assert!(shape_arithmetic(vm, &parse("b // n"), &scope).is_none());
        });
    }
}

/// `A.access_ptr(mask, ptr_type="handle", content_lanes=1, offset=0, extent=None)`:
/// TVM's `Buffer.access_ptr`, a `T.tvm_access_ptr` call over the buffer's data from
/// `elem_offset + offset`, whose extent is the rest of the buffer unless given.
fn access_ptr(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let a = bind(vm, "access_ptr", args, &["access_mask", "ptr_type", "content_lanes", "offset", "extent"])?;
    let mask_obj = a.req(vm, "access_mask")?;
    let mask = if mask_obj.downcast_ref::<rustpython_vm::builtins::PyStr>().is_some() {
        let mut m = 0;
        for c in py_str(vm, &mask_obj)?.chars() {
            m |= match c {
                'r' => 1,
                'w' => 2,
                _ => return Err(vm.new_value_error(format!("Unknown access_mask {}", py_str(vm, &mask_obj)?))),
            };
        }
        m
    } else {
        py_int(vm, &mask_obj)?
    };
    let lanes = a.int_or(vm, "content_lanes", 1)?;
    let bt = btype(buf);
    let offset = match a.get(vm, "offset") {
        Some(o) => to_expr(vm, &o)?,
        None => int_imm(DataType::INT32, 0),
    };
    let whole = if bt.shape.is_empty() {
        int_imm(DataType::INT32, 1)
    } else if bt.strides.len() == bt.shape.len() {
        arith::mul(bt.strides[0].clone(), bt.shape[0].clone()).py(vm)?
    } else {
        let mut p: Expr = int_imm(DataType::INT32, 1);
        for d in &bt.shape {
            p = arith::mul(p, d.clone()).py(vm)?;
        }
        p
    };
    let mut extent = arith::sub(whole, offset.clone()).py(vm)?;
    let mut elem_offset = arith::add(bt.elem_offset.clone(), offset).py(vm)?;
    let elem = bt.elem_dtype();
    let ptype = if lanes > 1 {
        extent = arith::div(extent, lanes).py(vm)?;
        elem_offset = arith::div(bt.elem_offset.clone(), lanes).py(vm)?;
        arith::make_zero(elem.with_lanes(lanes as i32)).py(vm)?
    } else {
        super::intrinsics::type_annotation(vm, &vm.ctx.new_str(elem.to_string()).into())?
    };
    if let Some(e) = a.get(vm, "extent") {
        extent = to_expr(vm, &e)?;
    }
    let data = buffer_data(buf).py(vm)?;
    let scope = data.ty().as_object().downcast_ref::<ir::PointerTypeNode>().map_or("global".to_string(), |p| p.storage_scope.clone());
    let ty = Type::pointer(ptype.ty(), &scope);
    let call = super::ops::call("tirx.tvm_access_ptr", Some(ty), vec![ptype, data, elem_offset, extent, int_imm(DataType::INT32, mask)]).py(vm)?;
    Ok(py(vm, call))
}

/// `A.vload(begin, dtype=None)`: the element at `begin` (TVM's `Buffer.vload`).
/// `A.offset_of(indices)`: TVM's `ElemOffset`, the element offset of an index into
/// the buffer (row-major over the shape, or by the strides), plus a non-zero
/// `elem_offset`, simplified; a one-element list.
fn offset_of(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let a = bind(vm, "offset_of", args, &["indices"])?;
    let indices = iterate(vm, &a.req(vm, "indices")?)?.iter().map(|i| to_expr(vm, i)).collect::<PyResult<Vec<_>>>()?;
    let bt = btype(buf);
    if bt.shape.len() != indices.len() {
        return Err(vm.new_value_error(format!(
            "BufferType is {}-dimensional, cannot be indexed with the {}-dimensional indices provided.",
            bt.shape.len(),
            indices.len()
        )));
    }
    let mut out: Expr = int_imm(DataType::INT32, 0);
    for (i, index) in indices.iter().enumerate() {
        out = if bt.strides.is_empty() {
            arith::add(arith::mul(out, bt.shape[i].clone()).py(vm)?, index.clone()).py(vm)?
        } else {
            arith::add(out, arith::mul(index.clone(), bt.strides[i].clone()).py(vm)?).py(vm)?
        };
    }
    if bt.elem_offset.as_int() != Some(0) {
        out = arith::add(out, bt.elem_offset.clone()).py(vm)?;
    }
    let simplified = crate::ir::arith::simplify::Analyzer::new().simplify(&out);
    Ok(crate::vm::convert::py_array(vm, vec![py(vm, simplified)]))
}

/// `A.get_flattened_buffer()`: TVM's one-dimensional view of the buffer (extent the
/// product of the shape, or the outer stride times the outer extent), a new buffer
/// variable of the same name; a one-dimensional buffer without strides is itself.
fn flattened(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    bind(vm, "get_flattened_buffer", args, &[])?;
    let bt = btype(buf);
    if bt.shape.len() == 1 && bt.strides.is_empty() {
        return Ok(py(vm, Expr(buf.as_ref_obj())));
    }
    let extent = if bt.strides.is_empty() {
        let mut n: Expr = int_imm(DataType::INT32, 1);
        for d in &bt.shape {
            n = arith::mul(n, d.clone()).py(vm)?;
        }
        n
    } else {
        arith::mul(bt.strides[0].clone(), bt.shape[0].clone()).py(vm)?
    };
    let mut node = bt.clone();
    node.shape = vec![extent];
    node.strides = vec![];
    node.layout = None;
    let ty = Type(BufferType::new(node).upcast());
    Ok(py(vm, Expr(crate::ir::new_var(&buf.name, ty, Span::none()).as_ref_obj())))
}

fn vload(vm: &VirtualMachine, buf: &Var, args: FuncArgs) -> PyResult {
    let a = bind(vm, "vload", args, &["begin", "dtype"])?;
    let begin = a.req(vm, "begin")?;
    let items = match super::convert::seq(&begin) {
        Some(items) => items,
        None => vec![begin],
    };
    let indices = items.iter().map(|i| to_expr(vm, i)).collect::<PyResult<Vec<_>>>()?;
    if let Some(d) = a.get(vm, "dtype")
        && to_dtype(vm, &d)? != btype(buf).elem_dtype()
    {
        return Err(vm.new_not_implemented_error("vload with another dtype than the buffer's".to_string()));
    }
    Ok(py(vm, load(buf, indices).py(vm)?))
}
