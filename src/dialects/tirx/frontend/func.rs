//! Definitions: the function decorators (`@T.prim_func`, `@T.function`,
//! `@Ts.function`), the signature context the generated signature builder
//! declares parameters through, finishing a function (naming, S-TIR root block,
//! well-formedness), and macros (`@T.macro`, `@T.inline`).

use crate::program::body::BodyFn;
use std::cell::RefCell;
use std::rc::Rc;

use rustpython_vm::builtins::{PyDict, PyTuple};
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::types::{Callable, GetDescriptor};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::context::{self, close, enter, with_func};
use super::convert::{diag, py, Py as _};
use super::exprs::DtypeCtor;
use super::frames::{seq, PrimFuncFrame};
use crate::builder;
use crate::dialects::tirx::nodes::*;
use crate::ir::{self, DataType, Result, Span, Type, Value, Var, VarNode};
use crate::program::settings;
use crate::vm::object::unwrap_object;
use crate::program::runtime::{Declared, GeneratedBuilder, Prepared};

/// Options of a function decorator.
#[derive(Clone, Debug, Default)]
pub struct FuncOptions {
    /// `private=True`.
    pub private: bool,
    /// `s_tir=True` (or `@Ts.function`).
    pub s_tir: bool,
    /// `persistent=True`.
    pub persistent: bool,
    /// `check_well_formed=` (default true).
    pub check_well_formed: bool,
}

fn options(vm: &VirtualMachine, kwargs: &indexmap::IndexMap<String, PyObjectRef>, s_tir: bool) -> PyResult<FuncOptions> {
    let mut o = FuncOptions { s_tir, check_well_formed: true, ..Default::default() };
    for (k, v) in kwargs {
        let b = v.clone().try_to_bool(vm)?;
        match k.as_str() {
            "private" | "is_private" => o.private = b,
            "s_tir" => o.s_tir = b,
            "persistent" => o.persistent = b,
            "check_well_formed" => o.check_well_formed = b,
            other => return Err(vm.new_type_error(format!("prim_func() got an unexpected keyword argument '{other}'{}", crate::renames::keyword_hint(other)))),
        }
    }
    Ok(o)
}

/// `T.prim_func` / `T.function` (`s_tir` false) and `Ts.function` (`s_tir` true):
/// applied to a generated builder it builds the function; called with options it
/// returns the decorator.
pub fn decorator(vm: &VirtualMachine, args: FuncArgs, s_tir: bool) -> PyResult {
    let opts = options(vm, &args.kwargs, s_tir)?;
    match args.args.len() {
        0 => Ok(crate::vm::closure::decorator(vm, "prim_func", move |vm, target| apply(vm, target, &opts))),
        1 if args.kwargs.is_empty() || true => apply(vm, &args.args[0], &opts),
        _ => Err(vm.new_type_error("prim_func() takes at most one positional argument")),
    }
}

fn apply(vm: &VirtualMachine, target: &PyObjectRef, opts: &FuncOptions) -> PyResult {
    let Some(gb) = target.downcast_ref::<GeneratedBuilder>() else {
        return Err(vm.new_type_error(
            "TVMScript function decorators must be applied with @ at the function definition \
             (the definition is transpiled); later application to an existing function is not supported",
        ));
    };
    if crate::program::runtime::in_module_class() {
        // Inside a module class: kept until the module declares every function
        // (its GlobalVar typed by the signature), then built.
        let build = |vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, prepared: Option<Prepared>| {
            let signed = prepared.and_then(|p| p.downcast::<Signed>().ok()).map(|s| *s);
            build_from(vm, gb, opts, None, signed)
        };
        return crate::program::runtime::DeferredDefinition::of_builder(vm, target.clone(), "tirx", opts, declare, build);
    }
    build(vm, gb, opts)
}

/// A function's frame after its signature ran, off the builder stack: what a
/// module's declaration of the function leaves for its build, which continues with
/// the body (TVM runs the signature again; it would make the same objects anew).
struct Signed {
    frame: Box<dyn builder::Frame>,
    result: Rc<RefCell<Option<PrimFunc>>>,
    /// The signature builder's values: the body builder's arguments.
    params: Vec<PyObjectRef>,
    kw: KwArgs,
}

/// The function type of a definition's signature (its parameters' types and
/// return type, with fresh symbols), and the function's frame to build it from.
fn declare(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult<Declared> {
    declare_with(vm, gb, opts, None)
}

/// [`declare`] with JIT constants bound.
fn declare_with(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, consts: Option<KwArgs>) -> PyResult<Declared> {
    let (depth, result, params, kw) = sign(vm, gb, opts, consts)?;
    let (arg_types, ret) = with_func(|f| (f.params.iter().map(|p| p.ty.clone()).collect(), f.ret_type.clone())).unwrap_or_default();
    let ty: Type = crate::ir::FuncType::new(crate::ir::FuncTypeNode { arg_types, ret_type: ret.unwrap_or_else(Type::unit), span: Span::none() }).into();
    let ty = fresh_symbols(&ty);
    let frame = builder::detach(depth);
    let ty = ty.py(vm)?;
    let prepared = frame.map(|frame| Box::new(Signed { frame, result, params, kw }) as Prepared);
    Ok(Declared { ty, prepared })
}

/// `ty` with each variable replaced by a fresh one of the same name and type.
/// The declared GlobalVar type must not share symbols with the function built later:
/// a shape string makes new symbols on each run of the signature, but a captured
/// `n = I.dynamic("n")` is one object, and the two spellings must build equal modules.
fn fresh_symbols(ty: &Type) -> Result<Type> {
    ir::fresh_vars(ty, |_| true)
}

/// Build a function from its generated builder.
pub fn build(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult {
    build_from(vm, gb, opts, None, None)
}

/// Build with compile-time constants bound to the keyword-only parameters (JIT).
pub fn build_with(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, consts: Option<KwArgs>) -> PyResult {
    build_from(vm, gb, opts, consts, None)
}

/// Enter the function's frame and run its signature builder (with `consts` bound,
/// JIT); returns the frame's depth, where the function will be left, and the
/// body builder's arguments. On an error the frame is gone.
fn sign(
    vm: &VirtualMachine,
    gb: &GeneratedBuilder,
    opts: &FuncOptions,
    consts: Option<KwArgs>,
) -> PyResult<(usize, Rc<RefCell<Option<PrimFunc>>>, Vec<PyObjectRef>, KwArgs)> {
    let result = Rc::new(RefCell::new(None));
    let mut frame = PrimFuncFrame::new(&gb.name, opts.s_tir, opts.private, gb.option_bool("tvm_spelling", vm), result.clone());
    frame.decls = gb.declarations(vm);
    frame.in_signature = true;
    let depth = enter(frame);
    let run = || -> PyResult<(Vec<PyObjectRef>, KwArgs)> {
        let sig = gb.sig.clone().ok_or_else(|| vm.new_type_error("a function definition needs a signature"))?;
        let jit = consts.is_some();
        // Constants go to both builders as keyword arguments; the signature builder
        // of a JIT definition also reads the whole map (absent optional parameters).
        let constexpr = gb.option_names("constexpr", vm);
        let map = vm.ctx.new_dict();
        let mut constants = vec![];
        for (k, v) in consts.into_iter().flatten() {
            map.set_item(k.as_str(), v.clone(), vm)?;
            if constexpr.contains(&k) {
                constants.push((k, v));
            }
        }
        let kw: KwArgs = constants.into_iter().collect();
        let sig = sig_with_type_vars(vm, &sig)?;
        let mut sig_args = vec![SigContext { jit }.into_ref(&vm.ctx).into()];
        if jit {
            sig_args.push(map.into());
        }
        let values = sig.call_signature(vm, FuncArgs::new(sig_args, kw.clone()))?;
        let params: Vec<PyObjectRef> = match values.downcast_ref::<PyTuple>() {
            Some(t) => t.as_slice().to_vec(),
            None => vec![values.clone()],
        };
        Ok((params, kw))
    };
    match run() {
        Ok((params, kw)) => Ok((depth, result, params, kw)),
        Err(e) => {
            if builder::depth() >= depth {
                builder::unwind_to(depth);
            }
            Err(e)
        }
    }
}

/// Build a function: its signature runs now, or ran when the module declared it
/// (`signed`); then its body.
fn build_from(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, consts: Option<KwArgs>, signed: Option<Signed>) -> PyResult {
    let (depth, result, params, kw) = match signed {
        Some(Signed { frame, result, params, kw }) => (builder::enter(frame), result, params, kw),
        None => sign(vm, gb, opts, consts)?,
    };
    let run = || -> PyResult<()> {
        with_func(|f| f.in_signature = false);
        let body = body_with_symbols(vm, gb.body_fn(vm)?)?;
        body.call(vm, FuncArgs::new(params, kw))?;
        close(depth).py(vm).map(|_| ())
    };
    if let Err(e) = run() {
        if builder::depth() >= depth {
            builder::unwind_to(depth);
        }
        return Err(e);
    }
    let func = result.borrow_mut().take().ok_or_else(|| vm.new_runtime_error("the function frame produced no function"))?;
    if opts.check_well_formed && settings::check_well_formed() {
        if let Err((msg, span)) = super::wellformed::check_located(&func) {
            let e = diag(
                vm,
                format!(
                    "error: Program is not well-formed. If this is deliberate, consider setting check_well_formed \
                     in the top-level decorator to False (e.g., @I.ir_module(check_well_formed=False) or \
                     @R.function(check_well_formed=False)).\n{msg}"
                ),
            );
            return Err(crate::vm::error::locate_exception(vm, e, span.as_ref()));
        }
    }
    Ok(py(vm, func))
}

/// The signature builder with the `typing.TypeVar` globals it reads replaced by the
/// function's int64 symbols (TVM 0.27's headers: `n = TypeVar("n")` declares `n`).
fn sig_with_type_vars(vm: &VirtualMachine, sig: &PyObjectRef) -> PyResult<BodyFn> {
    let sig = BodyFn::of(vm, sig)?;
    if !with_func(|f| f.tvm_spelling).unwrap_or(false) {
        return Ok(sig);
    }
    let g = sig.globals(vm)?;
    let mut found = vec![];
    for name in sig.global_names(vm)? {
        if let Ok(Some(v)) = g.get_item_opt(name.as_str(), vm)
            && super::convert::is_type_var(&v)
            && let Some(var) = super::context::type_var_symbol(&name)
        {
            found.push((name, py(vm, var)));
        }
    }
    if found.is_empty() {
        return Ok(sig);
    }
    sig.with_globals(vm, &found)
}

/// The body builder with the function's symbols shadowing module globals of the
/// same name (TVM's variable table shadows globals: `TypeVar` headers, shape strings).
fn body_with_symbols(vm: &VirtualMachine, body: BodyFn) -> PyResult<BodyFn> {
    let symbols: Vec<(String, Var)> = with_func(|f| f.symbols.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
    if symbols.is_empty() {
        return Ok(body);
    }
    let g = body.globals(vm)?;
    let shadowed: Vec<(String, PyObjectRef)> =
        symbols.into_iter().filter(|(k, _)| g.contains_key(k.as_str(), vm)).map(|(k, v)| (k, py(vm, v))).collect();
    if shadowed.is_empty() {
        return Ok(body);
    }
    body.with_globals(vm, &shadowed)
}

/// The object the generated signature builder declares parameters through.
#[pyclass(module = "tvm.script.parser", name = "SignatureContext")]
#[derive(Debug, PyPayload)]
pub struct SigContext {
    /// Building a JIT specialization (`T.Optional` parameters allowed).
    jit: bool,
}

/// The value of `T.constexpr`: a marker the transpiler reads in JIT signatures.
pub const CONSTEXPR: &str = "T.constexpr";

/// `T.Optional(ann)`: a JIT parameter that `specialize(name=None)` removes.
#[pyclass(module = "tvm.tirx", name = "OptionalAnnotation")]
#[derive(Debug, PyPayload)]
pub struct OptionalAnnotation {
    annotation: PyObjectRef,
}

#[pyclass]
impl OptionalAnnotation {
    #[pygetset]
    fn annotation(&self) -> PyObjectRef {
        self.annotation.clone()
    }
}

/// `T.Optional(ann)`.
pub fn optional(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let [annotation]: [PyObjectRef; 1] =
        args.args.try_into().map_err(|_| vm.new_type_error("T.Optional takes exactly one annotation"))?;
    Ok(OptionalAnnotation { annotation }.into_ref(&vm.ctx).into())
}

#[pyclass]
impl SigContext {
    /// Whether the specialization map marks optional parameter `name` absent (None).
    #[pymethod]
    fn absent(&self, const_args: PyObjectRef, name: String, vm: &VirtualMachine) -> PyResult<bool> {
        let Some(map) = const_args.downcast_ref::<PyDict>() else { return Ok(false) };
        Ok(map.get_item_opt(name.as_str(), vm)?.is_some_and(|v| vm.is_none(&v)))
    }

    /// `name: ann` — a parameter.
    #[pymethod]
    fn param(&self, name: String, ann: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if vm.is_none(&ann) {
            return Err(diag(vm, "error: Type annotation required for function parameters."));
        }
        // `T.Optional(ann)` reaches here only in JIT signatures (the transpiler reads
        // it there); elsewhere it is a misplaced marker.
        let ann = match ann.downcast_ref::<OptionalAnnotation>() {
            Some(o) if self.jit => o.annotation.clone(),
            Some(_) => return Err(diag(vm, "error: T.Optional parameter annotations are only supported by @T.jit")),
            None => ann,
        };
        if ann.downcast_ref::<rustpython_vm::builtins::PyStr>().is_some_and(|s| s.to_string_lossy() == CONSTEXPR) {
            return Err(diag(vm, format!("error: T.constexpr parameter {name:?} is only supported by @T.jit")));
        }
        let var = param_var(vm, &name, &ann)?;
        with_func(|f| {
            f.params.push(var.clone());
            f.scope.bind(&name, var.as_ref_obj());
            f.named.insert(var.as_ref_obj().addr());
        });
        Ok(py(vm, var))
    }

    /// `-> ann` — the return type.
    #[pymethod]
    fn ret(&self, ann: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        // `-> None` is TVM's `T.func_ret(None)`: the missing type, which the function
        // makes void, as it does without an annotation.
        if vm.is_none(&ann) {
            return Ok(());
        }
        let t = return_type(vm, &ann)?;
        with_func(|f| f.ret_type = Some(t));
        Ok(())
    }

    /// `def f[n, k: T.int64](...)` — a symbol of the signature.
    #[pymethod]
    fn type_param(&self, name: String, bound: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let tvm = with_func(|f| f.tvm_spelling).unwrap_or(false);
        let dtype = if vm.is_none(&bound) {
            if tvm { DataType::INT64 } else { DataType::INT32 }
        } else if bound.is(vm.ctx.types.int_type) {
            if tvm { DataType::INT64 } else { DataType::INT32 }
        } else {
            super::convert::to_dtype(vm, &bound)?
        };
        let var = Var::scalar(&name, dtype);
        with_func(|f| {
            f.symbols.insert(name.clone(), var.clone());
            f.named.insert(var.as_ref_obj().addr());
        });
        Ok(py(vm, var))
    }

    /// A name no Python scope binds: a symbol of the signature. In TVM's spelling a
    /// shape string may declare it later in the same annotation (`(32, "n", n)`), so
    /// an unknown name declares the symbol.
    #[pymethod]
    fn name(&self, name: String, vm: &VirtualMachine) -> PyResult {
        let found = with_func(|f| {
            if let Some(v) = f.symbols.get(&name) {
                return Some(v.clone());
            }
            if !f.tvm_spelling {
                return None;
            }
            let dtype = f.decls.get(&name).and_then(|d| super::exprs::parse_dtype(d).ok()).unwrap_or(DataType::INT32);
            let v = Var::scalar(&name, dtype);
            f.symbols.insert(name.clone(), v.clone());
            f.named.insert(v.as_ref_obj().addr());
            Some(v)
        })
        .flatten();
        match found {
            Some(v) => Ok(py(vm, v)),
            None => Err(vm.new_name_error(format!("name '{name}' is not defined"), vm.ctx.new_str(name.as_str()))),
        }
    }
}

/// The variable of a parameter `name: ann`.
pub(super) fn param_var(vm: &VirtualMachine, name: &str, ann: &PyObjectRef) -> PyResult<Var> {
    let existing = with_func(|f| f.symbols.get(name).cloned()).flatten();
    if let Some(c) = ann.downcast_ref::<DtypeCtor>() {
        if let Some(sym) = existing {
            if sym.dtype() != c.dtype {
                return Err(diag(vm, format!("error: Expected the same dtype for PrimVars but got {} vs {}", c.dtype, sym.dtype())));
            }
            return Ok(sym);
        }
        return Ok(Var::scalar(name, c.dtype));
    }
    if let Some(o) = unwrap_object(ann) {
        if let Some(v) = o.downcast_ref::<VarNode>() {
            if !v.name.is_empty() {
                // A named variable keeps its identity (`n: n` with a captured symbol).
                return o.downcast::<VarNode>().py(vm);
            }
            if let Some(sym) = existing.filter(|s| s.ty.as_prim().is_some() && v.ty.as_prim().is_some()) {
                return Ok(sym);
            }
            return Ok(ir::new_var(name, v.ty.clone(), Span::none()));
        }
        if o.isinstance(ir::type_info()) {
            return Ok(ir::new_var(name, Type(o), Span::none()));
        }
    }
    if ann.is_callable() {
        let v = ann.call((), vm)?;
        return param_var(vm, name, &v);
    }
    Err(diag(vm, format!("error: unsupported parameter annotation for {name}: {}", ann.class().name())))
}

fn return_type(vm: &VirtualMachine, ann: &PyObjectRef) -> PyResult<Type> {
    if let Some(c) = ann.downcast_ref::<DtypeCtor>() {
        return Ok(Type::prim(c.dtype));
    }
    if let Some(o) = unwrap_object(ann) {
        if o.isinstance(ir::type_info()) {
            return Ok(Type(o));
        }
        if o.isinstance(ir::expr_info()) {
            return Ok(ir::Expr(o).ty());
        }
    }
    if ann.is_callable() {
        let v = ann.call((), vm)?;
        return return_type(vm, &v);
    }
    Err(diag(vm, "error: unsupported return annotation"))
}

/// Turn a finished function frame into the function.
pub fn finish_prim_func(f: PrimFuncFrame) -> Result<PrimFunc> {
    let mut body = seq(f.body);
    if f.s_tir {
        body = crate::dialects::s_tir::frontend::complete_root(body, f.root_alloc_buffers, f.blocks, &f.params)?;
    } else if !f.root_alloc_buffers.is_empty() {
        return Err(ir::Error::diagnostic("T.sblock_alloc_buffer is only allowed in S-TIR functions or inside blocks"));
    }
    let mut attrs: Vec<(Value, Value)> = f.attrs.iter().map(|(k, v)| (Value::str(k), v.clone())).collect();
    // A function built from Python without `T.func_name` has no name: TVM gives it
    // no global symbol (it prints as a private `main`).
    if !f.private && !f.name.is_empty() && !attrs.iter().any(|(k, _)| k.as_str() == Some("global_symbol")) {
        attrs.push((Value::str("global_symbol"), Value::str(&f.name)));
    }
    if f.s_tir {
        attrs.push((Value::str("s_tir"), Value::Bool(true)));
    }
    let ret_type = f.ret_type.unwrap_or_else(Type::unit);
    Ok(PrimFunc::make(f.params, body, ret_type, attrs.into(), Span::none()))
}

// ---------------------------------------------------------------------------
// Macros.

thread_local! {
    /// Block-name suffixes of the macro expansions in progress (innermost last).
    static BLOCK_SUFFIX: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The suffix macro expansion adds to block names (`"_1"` for a second expansion).
pub fn block_name_suffix() -> String {
    BLOCK_SUFFIX.with(|s| s.borrow().last().cloned().unwrap_or_default())
}

/// A macro or inline function: calling it runs its body in the caller's context.
#[pyclass(module = "tvm.tirx", name = "TIRMacro")]
#[derive(Debug, PyPayload)]
pub struct TirMacro {
    /// The macro's name.
    pub name: String,
    /// The body builder.
    pub body: PyObjectRef,
    calls: rustpython_vm::common::lock::PyMutex<usize>,
}

#[pyclass(with(Callable, GetDescriptor))]
impl TirMacro {
    #[pygetset]
    fn __name__(&self) -> String {
        self.name.clone()
    }
    #[pygetset]
    fn __wrapped__(&self) -> PyObjectRef {
        self.body.clone()
    }
}

impl GetDescriptor for TirMacro {
    /// Methods: `obj.method(...)` binds `obj` as the first argument.
    fn descr_get(zelf: PyObjectRef, obj: Option<PyObjectRef>, _cls: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        match obj {
            Some(o) if !vm.is_none(&o) => {
                let method_type = vm.ctx.types.bound_method_type.to_owned();
                method_type.as_object().call((zelf, o), vm)
            }
            _ => Ok(zelf),
        }
    }
}

impl Callable for TirMacro {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let suffix = {
            let mut n = zelf.calls.lock();
            let s = if *n > 0 { format!("_{}", *n) } else { String::new() };
            *n += 1;
            s
        };
        BLOCK_SUFFIX.with(|s| s.borrow_mut().push(suffix));
        crate::vm::location::begin_expansion(vm);
        let r = zelf.body.call(args, vm);
        crate::vm::location::end_expansion();
        BLOCK_SUFFIX.with(|s| s.borrow_mut().pop());
        r
    }
}

/// `@T.macro`, `@T.macro(hygienic=False)`, `@T.inline`.
pub fn macro_decorator(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    crate::program::runtime::bare_or_configured(vm, args, make_macro)
}

fn make_macro(vm: &VirtualMachine, target: &PyObjectRef) -> PyResult {
    let Some(gb) = target.downcast_ref::<GeneratedBuilder>() else {
        return Err(vm.new_type_error(
            "T.macro / T.inline must be applied with @ at the function definition; later application is not supported",
        ));
    };
    Ok(TirMacro { name: gb.name.clone(), body: gb.function(vm)?, calls: Default::default() }.into_ref(&vm.ctx).into())
}

/// Whether construction is inside some TIRx function (for messages).
pub fn in_function() -> bool {
    context::in_func()
}

// ---------------------------------------------------------------------------
// JIT.

/// `@T.jit`: a function specialized on its keyword-only compile-time constants
/// (`T.constexpr` parameters) by `specialize(**consts)`, cached per constants.
#[pyclass(module = "tvm.tirx", name = "JitFunction")]
#[derive(Debug, PyPayload)]
pub struct JitFunction {
    target: PyObjectRef,
    opts: FuncOptions,
    cache: rustpython_vm::common::lock::PyMutex<Vec<(String, PyObjectRef)>>,
}

#[pyclass]
impl JitFunction {
    #[pygetset]
    fn __name__(&self) -> String {
        self.target.downcast_ref::<GeneratedBuilder>().map(|g| g.name.clone()).unwrap_or_default()
    }

    #[pymethod]
    fn specialize(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if !args.args.is_empty() {
            return Err(vm.new_type_error("specialize() takes keyword arguments only"));
        }
        let gb = self.target.downcast_ref::<GeneratedBuilder>().ok_or_else(|| vm.new_type_error("a jit definition"))?;
        let name = &gb.name;
        let (constexpr, optional) = (gb.option_names("constexpr", vm), gb.option_names("optional", vm));
        let py_list = |names: &mut Vec<&str>| {
            names.sort();
            format!("[{}]", names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", "))
        };
        let mut extra: Vec<&str> =
            args.kwargs.keys().map(|k| k.as_str()).filter(|k| !constexpr.iter().chain(&optional).any(|n| n == k)).collect();
        if !extra.is_empty() {
            let mut names: Vec<&str> = constexpr.iter().chain(&optional).map(|n| n.as_str()).collect();
            return Err(vm.new_type_error(format!(
                "{name}.specialize() got unexpected arg(s): {} (specializable params are: {})",
                py_list(&mut extra),
                py_list(&mut names)
            )));
        }
        let given: Vec<(String, PyObjectRef)> = args.kwargs.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let key_parts = check_constants(vm, gb, &given)?;
        let mut key_parts = key_parts;
        key_parts.sort();
        let mut absent: Vec<&str> = optional.iter().filter(|o| args.kwargs.contains_key(o.as_str())).map(|o| o.as_str()).collect();
        let key = format!("{}|{}", key_parts.join(","), py_list(&mut absent));
        if let Some((_, f)) = self.cache.lock().iter().find(|(k, _)| *k == key) {
            return Ok(f.clone());
        }
        let kwargs: rustpython_vm::function::KwArgs = args.kwargs.into_iter().collect();
        let f = build_with(vm, gb, &self.opts, Some(kwargs))?;
        self.cache.lock().push((key, f.clone()));
        Ok(f)
    }
}

/// Check JIT constants against a definition's specializable parameters: optional
/// parameters take only None, every constant has a value (given or declared).
/// Returns `name=repr` of each effective constant.
fn check_constants(vm: &VirtualMachine, gb: &GeneratedBuilder, kwargs: &[(String, PyObjectRef)]) -> PyResult<Vec<String>> {
    let name = &gb.name;
    let (constexpr, optional) = (gb.option_names("constexpr", vm), gb.option_names("optional", vm));
    let py_list = |names: &mut Vec<&str>| {
        names.sort();
        format!("[{}]", names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", "))
    };
    for (k, v) in kwargs {
        if optional.contains(k) && !vm.is_none(v) {
            return Err(vm.new_type_error(format!(
                "{name}.specialize(): T.Optional parameters only accept None; pass actual tensors when calling \
                 the compiled kernel (got: {{'{k}': {}}})",
                v.repr(vm)?
            )));
        }
    }
    // The cache key is the effective constants (supplied over declared defaults)
    // and the absent optional parameters, as TVM keys its specializations.
    let defaults = gb.sig.as_ref().and_then(|s| s.get_attr("__kwdefaults__", vm).ok()).and_then(|d| d.downcast::<PyDict>().ok());
    let mut key_parts = vec![];
    let mut missing = vec![];
    for c in &constexpr {
        let value = match kwargs.iter().find(|(k, _)| k == c) {
            Some((_, v)) => Some(v.clone()),
            None => defaults.as_ref().and_then(|d| d.get_item_opt(c.as_str(), vm).ok().flatten()),
        };
        match value {
            Some(v) => key_parts.push(format!("{c}={}", v.repr(vm)?)),
            None => missing.push(c.as_str()),
        }
    }
    if !missing.is_empty() {
        return Err(vm.new_type_error(format!(
            "{name}.specialize() missing constexpr arg(s) (no default provided): {}",
            py_list(&mut missing)
        )));
    }
    Ok(key_parts)
}

/// A JIT definition in a module class: built with the module, its constants taken
/// from the parse's `const_args` (`from_source`) over its declared defaults.
fn module_constants(vm: &VirtualMachine, gb: &GeneratedBuilder) -> PyResult<KwArgs> {
    let names: Vec<String> = gb.option_names("constexpr", vm).into_iter().chain(gb.option_names("optional", vm)).collect();
    let mut taken = vec![];
    if let Some(map) = settings::jit_constants()
        && let Some(map) = map.downcast_ref::<PyDict>()
    {
        for (k, v) in map {
            let k = k.str(vm)?.to_string();
            if names.contains(&k) {
                taken.push((k, v));
            }
        }
    }
    settings::note_jit_constants_used(taken.iter().map(|(k, _)| k.clone()));
    check_constants(vm, gb, &taken)?;
    Ok(taken.into_iter().collect())
}

fn declare_jit(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult<Declared> {
    declare_with(vm, gb, opts, Some(module_constants(vm, gb)?))
}

/// `@T.jit` / `@T.jit(...)`.
pub fn jit_decorator(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let opts = options(vm, &args.kwargs, false)?;
    let make = move |vm: &VirtualMachine, target: &PyObjectRef, opts: FuncOptions| -> PyResult {
        if target.downcast_ref::<GeneratedBuilder>().is_none() {
            return Err(vm.new_type_error("T.jit must be applied with @ at the function definition"));
        }
        if crate::program::runtime::in_module_class() {
            let build = |vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, prepared: Option<Prepared>| {
                let signed = prepared.and_then(|p| p.downcast::<Signed>().ok()).map(|s| *s);
                match signed {
                    Some(signed) => build_from(vm, gb, opts, None, Some(signed)),
                    None => build_from(vm, gb, opts, Some(module_constants(vm, gb)?), None),
                }
            };
            return crate::program::runtime::DeferredDefinition::of_builder(vm, target.clone(), "tirx", &opts, declare_jit, build);
        }
        Ok(JitFunction { target: target.clone(), opts, cache: Default::default() }.into_ref(&vm.ctx).into())
    };
    match args.args.first() {
        Some(t) => make(vm, t, opts),
        None => Ok(crate::vm::closure::decorator(vm, "jit", move |vm, target| make(vm, target, opts.clone()))),
    }
}
