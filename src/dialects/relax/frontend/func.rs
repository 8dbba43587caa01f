//! Definitions: `@R.function` (with `private`, `pure`, `check_well_formed`), the
//! signature context the generated signature builder declares parameters through,
//! deferral inside module classes, finishing a function, and `@R.macro`.

use crate::program::body::BodyFn;
use rustpython_vm::builtins::PyTuple;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::Callable;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::convert::to_type;
use super::emit;
use super::frame::{with_func, RelaxFuncFrame};
use crate::builder;
use crate::dialects::relax::nodes::Function;
use crate::dialects::relax::types::{any_type, is_base_of, FuncType};
use crate::vm::convert::{diag, is_type_var, py, py_str};
use crate::ir::{self, Span, Type, Value};
use crate::program::settings;
use crate::vm::object::unwrap_object;
use crate::fast_hash::FastSet;
use crate::program::runtime::{Declared, GeneratedBuilder, Prepared};

/// Options of `@R.function`.
#[derive(Clone, Debug)]
pub struct FuncOptions {
    /// `private=True`.
    pub private: bool,
    /// `pure=` (default true).
    pub pure: bool,
    /// `check_well_formed=` (default true).
    pub check_well_formed: bool,
    /// The GlobalVar name of a module's function (its `global_symbol` must agree).
    pub global_name: Option<String>,
}

fn options(vm: &VirtualMachine, kwargs: &indexmap::IndexMap<String, PyObjectRef>) -> PyResult<FuncOptions> {
    let mut o = FuncOptions { private: false, pure: true, check_well_formed: true, global_name: None };
    for (k, v) in kwargs {
        let b = v.clone().try_to_bool(vm)?;
        match k.as_str() {
            "private" => o.private = b,
            "pure" => o.pure = b,
            "check_well_formed" => o.check_well_formed = b,
            other => return Err(vm.new_type_error(format!("function() got an unexpected keyword argument '{other}'{}", crate::renames::keyword_hint(other)))),
        }
    }
    Ok(o)
}

/// `R.function` / `R.function(private=True, pure=False)`.
pub fn decorator(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let opts = options(vm, &args.kwargs)?;
    match args.args.first() {
        Some(t) => apply(vm, t, &opts),
        None => Ok(crate::vm::closure::decorator(vm, "function", move |vm, target| apply(vm, target, &opts))),
    }
}

fn apply(vm: &VirtualMachine, target: &PyObjectRef, opts: &FuncOptions) -> PyResult {
    let Some(gb) = target.downcast_ref::<GeneratedBuilder>() else {
        return Err(vm.new_type_error(
            "R.function must be applied with @ at the function definition (the definition is transpiled); \
             later application to an existing function is not supported",
        ));
    };
    if crate::program::runtime::in_module_class() {
        // Inside a module class: kept until the module declares every function
        // (its GlobalVar typed by the signature), then built.
        // Built as a module member: its well-formedness check knows its global name.
        let opts = FuncOptions { global_name: Some(gb.name.clone()), ..opts.clone() };
        // The signature runs once, when the module declares the function; its build
        // continues in the frame the declaration left.
        let build = |vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, prepared: Option<Prepared>| {
            build_from(vm, gb, opts, prepared.and_then(|p| p.downcast::<Signed>().ok()).map(|s| *s))
        };
        return crate::program::runtime::DeferredDefinition::of_builder(vm, target.clone(), "relax", &opts, declare_member, build);
    }
    if super::frame::in_func() {
        return build_local(vm, gb, opts);
    }
    build(vm, gb, opts)
}

/// A function defined inside another: bound to a variable of the outer function
/// (declared first, so the body may call itself), which the definition's name means.
fn build_local(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult {
    let ty = declare(vm, gb, opts)?;
    let var = emit::new_binding_var(&gb.name, ty);
    let var_py = py(vm, var.clone().into_object());
    set_free_var(vm, &gb.body, &gb.name, &var_py)?;
    // The enclosing function's check covers it (the body may use its own variable).
    let local = FuncOptions { private: true, check_well_formed: false, global_name: None, ..opts.clone() };
    let f = build(vm, gb, &local)?;
    let f = unwrap_object(&f).ok_or_else(|| vm.new_runtime_error("the function builder produced no IR"))?;
    // The variable takes the built function's type; recursive uses follow it.
    let f = ir::Expr(f);
    let typed = emit::new_binding_var(&gb.name, f.ty());
    let mut map = crate::fast_hash::FastMap::default();
    map.insert(var.as_object().addr(), typed.as_expr());
    let f = super::frame::substitute(f, &map).map_err(|e| diag(vm, e.message))?;
    with_func(|fr| fr.replace(var.as_object().clone(), typed.as_expr()));
    emit::bind_to(typed.clone(), f).map_err(|e| diag(vm, e.message))?;
    let _ = var_py;
    Ok(py(vm, typed.into_object()))
}

/// Set the closure cell of a free variable of a Python function.
fn set_free_var(vm: &VirtualMachine, func: &PyObjectRef, name: &str, value: &PyObjectRef) -> PyResult<()> {
    let code = func.get_attr("__code__", vm)?;
    let freevars: Vec<String> = crate::vm::convert::iterate(vm, &code.get_attr("co_freevars", vm)?)?
        .iter()
        .map(|x| py_str(vm, x))
        .collect::<PyResult<_>>()?;
    if let Some(i) = freevars.iter().position(|v| v == name) {
        let closure = func.get_attr("__closure__", vm)?;
        let cells = crate::vm::convert::iterate(vm, &closure)?;
        if let Some(cell) = cells.get(i) {
            cell.set_attr("cell_contents", value.clone(), vm)?;
        }
    }
    Ok(())
}

/// Run the signature builder in a fresh frame; returns the frame's depth.
fn run_signature(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult<(usize, Vec<PyObjectRef>)> {
    let depth = builder::enter(Box::new(RelaxFuncFrame::new(&gb.name, opts.private, opts.pure)));
    let run = || -> PyResult<Vec<PyObjectRef>> {
        let sig = gb.sig.clone().ok_or_else(|| vm.new_type_error("a function definition needs a signature"))?;
        let sig = with_symbol_globals(vm, BodyFn::of(vm, &sig)?)?;
        let values = sig.call_signature(vm, FuncArgs::new(vec![RelaxSig.into_ref(&vm.ctx).into()], rustpython_vm::function::KwArgs::default()))?;
        Ok(match values.downcast_ref::<PyTuple>() {
            Some(t) => t.as_slice().to_vec(),
            None => vec![values.clone()],
        })
    };
    match run() {
        Ok(p) => Ok((depth, p)),
        Err(e) => {
            builder::unwind_to(depth);
            Err(e)
        }
    }
}

/// The `R.Callable` type of a local function's signature (for its variable).
fn declare(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult<Type> {
    let (depth, _) = run_signature(vm, gb, opts)?;
    let ty = signature_type(opts.pure);
    builder::unwind_to(depth);
    Ok(ty)
}

/// The `R.Callable` type of the signature that ran in the current function frame.
fn signature_type(pure: bool) -> Type {
    let (params, ret) = with_func(|f| (f.params.iter().map(|p| p.ty.clone()).collect(), f.ret_ty.clone())).unwrap_or_default();
    FuncType::make(params, ret.unwrap_or_else(any_type), pure).into()
}

/// A module member's frame after its signature ran, off the builder stack: what the
/// module's declaration of the function leaves for its build, which continues with
/// the body (TVM runs the signature again; it would make the same objects anew).
struct Signed {
    frame: Box<dyn builder::Frame>,
    /// The signature builder's values: the body builder's arguments.
    params: Vec<PyObjectRef>,
}

/// A module member's `R.Callable` type (for its GlobalVar), and its frame to build
/// it from. The type gets fresh copies of the symbols the signature made (shape
/// strings, `TypeVar` headers), as a second run of the signature would: the
/// GlobalVar's type must not share them with the built function. Symbols captured
/// from outside are one object in both, as before.
fn declare_member(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult<Declared> {
    let (depth, params) = run_signature(vm, gb, opts)?;
    let made: FastSet<usize> = with_func(|f| f.symbols.values().map(|v| v.as_ref_obj().addr()).collect()).unwrap_or_default();
    let ty = ir::fresh_vars(&signature_type(opts.pure), |v| made.contains(&v.addr()));
    let frame = builder::detach(depth);
    let ty = ty.map_err(|e| diag(vm, e.message))?;
    let prepared = frame.map(|frame| Box::new(Signed { frame, params }) as Prepared);
    Ok(Declared { ty, prepared })
}

/// Build a function from its generated builder.
pub fn build(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions) -> PyResult {
    build_from(vm, gb, opts, None)
}

/// Build a function: its signature runs now, or ran when the module declared it
/// (`signed`).
fn build_from(vm: &VirtualMachine, gb: &GeneratedBuilder, opts: &FuncOptions, signed: Option<Signed>) -> PyResult {
    let (depth, params) = match signed {
        Some(s) => (builder::enter(s.frame), s.params),
        None => run_signature(vm, gb, opts)?,
    };
    let run = || -> PyResult<Function> {
        with_func(|f| f.in_signature = false);
        let body = with_symbol_globals(vm, gb.body_fn(vm)?)?;
        body.call(vm, FuncArgs::new(params, rustpython_vm::function::KwArgs::default()))?;
        let frame = builder::find_frame::<RelaxFuncFrame, _>(|f| {
            std::mem::replace(f, RelaxFuncFrame::new("", false, true))
        })
        .ok_or_else(|| vm.new_runtime_error("the Relax function frame is gone"))?;
        finish(vm, frame)
    };
    let r = run();
    builder::unwind_to(depth);
    let func = r?;
    if opts.check_well_formed && settings::check_well_formed() {
        super::wellformed::check_named(&func, opts.global_name.as_deref()).map_err(|msg| {
            diag(
                vm,
                format!(
                    "error: Program is not well-formed. If this is deliberate, consider setting check_well_formed \
                     in the top-level decorator to False (e.g., @I.ir_module(check_well_formed=False) or \
                     @R.function(check_well_formed=False)). {msg}"
                ),
            )
        })?;
    }
    Ok(py(vm, func))
}

/// Turn a finished frame into the function.
pub(super) fn finish(vm: &VirtualMachine, mut f: RelaxFuncFrame) -> PyResult<Function> {
    if f.build.seqs.len() != 1 {
        return Err(diag(vm, "error: unbalanced Relax construction frames"));
    }
    f.seq().flush();
    let ret = f.ret.clone().ok_or_else(|| diag(vm, format!("error: Function {} must have a return value", f.name)))?;
    let seq = f.build.seqs.pop().expect("checked above");
    let body = emit::seq_expr(seq.blocks, ret);
    let mut attrs: Vec<(Value, Value)> = vec![];
    // Built from Python without `R.func_name`: no name, no global symbol (as TVM).
    if !f.private && !f.name.is_empty() && !f.attrs.iter().any(|(k, _)| k.as_str() == Some("global_symbol")) {
        attrs.push((Value::str("global_symbol"), Value::str(&f.name)));
    }
    attrs.extend(f.attrs.iter().cloned());
    // As TVM's function frame: a declared return type that the body's (well-defined)
    // type refines gives way to it (`-> R.Tensor` returning `R.Tensor((2, 3))`).
    let inferred = Function::well_defined_ret_ty(&f.params, &body);
    let ret_ty = match &f.ret_ty {
        Some(declared) if !is_base_of(declared, &inferred) => declared.clone(),
        _ => inferred,
    };
    Ok(Function::make(f.params.clone(), body, Some(ret_ty), f.is_pure, attrs.into(), Span::none()))
}

/// A builder function whose `typing.TypeVar` globals are replaced by the
/// function's symbolic variables (TVM 0.27 headers: `n = TypeVar("n")`).
fn with_symbol_globals(vm: &VirtualMachine, func: BodyFn) -> PyResult<BodyFn> {
    let Ok(g) = func.globals(vm) else { return Ok(func) };
    let mut found: Vec<(String, PyObjectRef)> = vec![];
    for name in func.global_names(vm)? {
        if let Ok(Some(v)) = g.get_item_opt(name.as_str(), vm)
            && is_type_var(&v)
        {
            let symbol = py(vm, super::convert::symbol(&name));
            found.push((name, symbol));
        }
    }
    if found.is_empty() {
        return Ok(func);
    }
    func.with_globals(vm, &found)
}

/// The object the generated signature builder declares parameters through.
#[pyclass(module = "tvm.script.parser", name = "RelaxSignatureContext")]
#[derive(Debug, PyPayload)]
pub struct RelaxSig;

#[pyclass]
impl RelaxSig {
    #[pymethod]
    fn param(&self, name: String, ann: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if vm.is_none(&ann) {
            return Err(diag(vm, "error: Type annotation required for function parameters."));
        }
        let ty = to_type(vm, &ann)?;
        let var = ir::new_var(&name, ty, Span::none());
        with_func(|f| f.params.push(var.clone()));
        Ok(py(vm, var))
    }

    #[pymethod]
    fn ret(&self, ann: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let t = to_type(vm, &ann)?;
        with_func(|f| f.ret_ty = Some(t));
        Ok(())
    }

    #[pymethod]
    /// `def f[m: T.int64](...)`: a symbol of the signature. Without a dtype (or with
    /// `int`) it keeps the header's int32 default, which a Relax shape then refuses,
    /// naming the int64 declaration to write.
    fn type_param(&self, name: String, bound: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let dtype = if vm.is_none(&bound) || rustpython_vm::AsObject::is(&bound, vm.ctx.types.int_type) {
            ir::DataType::INT32
        } else {
            crate::dialects::tirx::frontend::convert::to_dtype(vm, &bound)?
        };
        let v = ir::Var::scalar(&name, dtype);
        crate::builder::declare_symbol(&v.as_ref_obj());
        with_func(|f| f.symbols.insert(name.clone(), v.clone()));
        Ok(py(vm, v))
    }

    /// A name no Python scope binds: a symbolic variable of the signature.
    #[pymethod]
    fn name(&self, name: String, vm: &VirtualMachine) -> PyResult {
        Ok(py(vm, super::convert::symbol(&name)))
    }
}

/// A Relax macro: calling it runs its body where it is called; its `return` value
/// is normalised like a binding's operand.
#[pyclass(module = "tvm.relax", name = "RelaxMacro")]
#[derive(Debug, PyPayload)]
pub struct RelaxMacro {
    /// The macro's name.
    pub name: String,
    /// The body builder.
    pub body: PyObjectRef,
}

#[pyclass(with(Callable))]
impl RelaxMacro {
    #[pygetset]
    fn __name__(&self) -> String {
        self.name.clone()
    }
}

impl Callable for RelaxMacro {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        crate::vm::location::begin_expansion(vm);
        let r = zelf.body.call(args, vm);
        crate::vm::location::end_expansion();
        let r = r?;
        if let Some(o) = unwrap_object(&r)
            && o.isinstance(ir::expr_info())
            && super::frame::in_func()
        {
            let e = super::frame::resolve(ir::Expr(o)).map_err(|e| diag(vm, e.message))?;
            let e = emit::normalize_arg(e).map_err(|e| diag(vm, e.message))?;
            return Ok(py(vm, e));
        }
        Ok(r)
    }
}

/// `@R.macro` / `@R.macro(hygienic=...)`.
pub fn macro_decorator(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    crate::program::runtime::bare_or_configured(vm, args, make_macro)
}

fn make_macro(vm: &VirtualMachine, target: &PyObjectRef) -> PyResult {
    let Some(gb) = target.downcast_ref::<GeneratedBuilder>() else {
        return Err(vm.new_type_error("R.macro must be applied with @ at the function definition"));
    };
    Ok(RelaxMacro { name: gb.name.clone(), body: gb.function(vm)? }.into_ref(&vm.ctx).into())
}
