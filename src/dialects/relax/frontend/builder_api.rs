//! `tvm.script.ir_builder.relax` (the `_ib_relax` namespace the stdlib module reads):
//! a Relax function built from Python — `R.function()` as a frame, `R.arg`,
//! `R.func_name`, `R.func_ret_ty`, `R.emit`, `R.emit_match_cast`,
//! `R.func_ret_value` — on the function frame the parser uses (`frame.rs`), with
//! its normalisation and fresh names (`lv`, `gv` …). `R.dataflow()`, `R.output`,
//! `R.func_attr` and the operators are the `R` namespace's.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use super::convert::{to_expr, to_type};
use super::emit;
use super::frame::{resolve, with_func, RelaxFuncFrame};
use crate::builder;
use crate::dialects::relax::nodes::MatchCast;
use crate::vm::convert::{diag, py};
use crate::ir::{self, Span};
use crate::vm::args::bind;
use crate::vm::ir_builder::BuilderFrame;
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};

fn ir_err(vm: &VirtualMachine, e: ir::Error) -> rustpython_vm::builtins::PyBaseExceptionRef {
    crate::vm::convert::err(vm, e)
}

fn in_function(vm: &VirtualMachine, what: &str) -> PyResult<()> {
    with_func(|_| ()).ok_or_else(|| diag(vm, format!("error: {what} must be called inside an R.function() frame")))
}

/// `R.function(is_pure=True, is_private=False)`.
fn function(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "function", args, &["is_pure", "is_private"])?;
    let pure = a.bool_or(vm, "is_pure", true)?;
    let private = a.bool_or(vm, "is_private", false)?;
    let open = Box::new(move |vm: &VirtualMachine| {
        let mut frame = RelaxFuncFrame::new("", private, pure);
        frame.in_signature = false;
        builder::enter(Box::new(frame));
        Ok(vm.ctx.none())
    });
    let close = Box::new(|vm: &VirtualMachine, depth: usize| {
        if builder::depth() != depth {
            return Err(diag(vm, "error: a frame opened inside R.function() is still open"));
        }
        let frame = builder::top_frame::<RelaxFuncFrame, _>(|f| std::mem::replace(f, RelaxFuncFrame::new("", false, true)))
            .ok_or_else(|| vm.new_runtime_error("the Relax function frame is gone"))?;
        builder::unwind_to(depth);
        let name = frame.name.clone();
        let func = super::func::finish(vm, frame)?;
        crate::dialects::ir::module_frame::deliver_function(vm, (!name.is_empty()).then_some(name.as_str()), func.into())
    });
    Ok(BuilderFrame::with_close("R.function", open, close).into_py(vm))
}

/// `R.arg(name, ty)`: a parameter.
fn arg(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "arg", args, &["name", "ty"])?;
    in_function(vm, "R.arg")?;
    let name = crate::vm::convert::py_str(vm, &a.req(vm, "name")?)?;
    let ty = to_type(vm, &a.req(vm, "ty")?)?;
    let var = ir::new_var(&name, ty, Span::none());
    with_func(|f| f.params.push(var.clone()));
    Ok(py(vm, var))
}

fn func_name(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_name", args, &["name"])?;
    in_function(vm, "R.func_name")?;
    let name = crate::vm::convert::py_str(vm, &a.req(vm, "name")?)?;
    with_func(|f| f.name = name);
    Ok(vm.ctx.none())
}

fn func_ret_ty(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_ret_ty", args, &["ret_ty"])?;
    in_function(vm, "R.func_ret_ty")?;
    let ty = to_type(vm, &a.req(vm, "ret_ty")?)?;
    with_func(|f| f.ret_ty = Some(ty));
    Ok(vm.ctx.none())
}

fn func_ret_value(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "func_ret_value", args, &["value"])?;
    in_function(vm, "R.func_ret_value")?;
    let e = resolve(to_expr(vm, &a.req(vm, "value")?)?).map_err(|e| ir_err(vm, e))?;
    let e = emit::normalize_arg(e).map_err(|e| ir_err(vm, e))?;
    let again = with_func(|f| f.ret.replace(e).is_some()).unwrap_or(false);
    if again {
        return Err(diag(vm, "error: the function's return value is already set (R.func_ret_value was called twice)"));
    }
    Ok(vm.ctx.none())
}

/// `R.emit(value, annotate_ty=None)`: bind the value to a fresh variable.
fn emit_value(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "emit", args, &["value", "annotate_ty"])?;
    in_function(vm, "R.emit")?;
    let value = resolve(to_expr(vm, &a.req(vm, "value")?)?).map_err(|e| ir_err(vm, e))?;
    let mut value = emit::normalize_children(value).map_err(|e| ir_err(vm, e))?;
    // An annotation replaces a call's inferred type; other values keep their own.
    if let Some(t) = a.get(vm, "annotate_ty")
        && value.is::<crate::ir::CallNode>()
    {
        value = emit::with_type(value, to_type(vm, &t)?).map_err(|e| ir_err(vm, e))?;
    }
    let var = emit::bind_fresh(value).map_err(|e| ir_err(vm, e))?;
    Ok(py(vm, var.into_object()))
}

/// `R.emit_match_cast(value, ty)`: a match cast to a fresh variable.
fn emit_match_cast(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "emit_match_cast", args, &["value", "ty"])?;
    in_function(vm, "R.emit_match_cast")?;
    let value = resolve(to_expr(vm, &a.req(vm, "value")?)?).map_err(|e| ir_err(vm, e))?;
    let value = emit::normalize_arg(value).map_err(|e| ir_err(vm, e))?;
    let ty = to_type(vm, &a.req(vm, "ty")?)?;
    let name = with_func(|f| f.fresh_name())
        .ok_or_else(|| diag(vm, "error: R.emit_match_cast must be called inside an R.function() frame"))?;
    // Made outside the frame's borrow: a binding variable reads the frame (dataflow or not).
    let var = emit::new_binding_var(&name, ty.clone());
    let binding = MatchCast::make(var.clone(), value, ty, Span::none()).into();
    with_func(|f| f.seq().current.push(binding));
    Ok(py(vm, var.into_object()))
}

/// `R.emit_var_binding(binding)`: a `VarBinding` made by the caller, emitted as it
/// is; returns its variable.
fn emit_var_binding(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "emit_var_binding", args, &["value"])?;
    in_function(vm, "R.emit_var_binding")?;
    let given = a.req(vm, "value")?;
    let binding = crate::vm::object::unwrap_object(&given)
        .and_then(|o| o.try_downcast::<crate::dialects::relax::nodes::VarBindingNode>())
        .ok_or_else(|| vm.new_type_error("R.emit_var_binding expects a relax.VarBinding"))?;
    let var = binding.var.clone();
    with_func(|f| f.seq().current.push(binding.into()));
    Ok(py(vm, var.into_object()))
}

/// An `R.If` frame being filled: its condition and finished branches.
struct IfState {
    cond: ir::Expr,
    then_seq: Option<super::construct::Seq>,
    else_seq: Option<super::construct::Seq>,
}

thread_local! {
    static IFS: std::cell::RefCell<Vec<IfState>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `R.If(condition)`: a conditional whose branches are `R.Then()` and `R.Else()`;
/// each branch's last binding is its result, and both must bind the same name
/// (`IRBuilder.name`). `with R.If(c) as frame:` binds an object whose `var` is the
/// conditional's variable once the frame is closed.
fn if_frame(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "If", args, &["condition"])?;
    in_function(vm, "R.If")?;
    let cond = resolve(to_expr(vm, &a.req(vm, "condition")?)?).map_err(|e| ir_err(vm, e))?;
    let cond = emit::normalize_arg(cond).map_err(|e| ir_err(vm, e))?;
    let holder = vm.import("types", 0)?.get_attr("SimpleNamespace", vm)?.call((), vm)?;
    holder.set_attr("var", vm.ctx.none(), vm)?;
    let (opened, finished) = (holder.clone(), holder);
    let open = Box::new(move |_vm: &VirtualMachine| {
        IFS.with(|s| s.borrow_mut().push(IfState { cond, then_seq: None, else_seq: None }));
        Ok(opened)
    });
    let after = Box::new(move |vm: &VirtualMachine, _: Option<crate::ir::ObjectRef>| {
        let state = IFS.with(|s| s.borrow_mut().pop()).ok_or_else(|| vm.new_runtime_error("the R.If frame is gone"))?;
        let (Some(t), Some(e)) = (state.then_seq, state.else_seq) else {
            return Err(diag(vm, "error: R.If needs both an R.Then() and an R.Else() branch"));
        };
        let var = super::hooks::finish_if(vm, state.cond, t, e)?;
        finished.set_attr("var", py(vm, var.into_object()), vm)?;
        Ok(())
    });
    Ok(BuilderFrame::new("R.If", open, after).into_py(vm))
}

fn branch_frame(vm: &VirtualMachine, args: FuncArgs, then: bool) -> PyResult {
    let what = if then { "Then" } else { "Else" };
    bind(vm, what, args, &[])?;
    let open = Box::new(move |vm: &VirtualMachine| {
        let ok = IFS.with(|s| {
            s.borrow().last().is_some_and(|st| if then { st.then_seq.is_none() } else { st.then_seq.is_some() && st.else_seq.is_none() })
        });
        if !ok {
            let msg = if then { "error: R.Then() must be used directly inside R.If(), once" } else { "error: R.Else() must follow R.Then() inside R.If(), once" };
            return Err(diag(vm, msg));
        }
        with_func(|f| f.build.seqs.push(super::construct::Seq::default()));
        Ok(vm.ctx.none())
    });
    let after = Box::new(move |vm: &VirtualMachine, _: Option<crate::ir::ObjectRef>| {
        let mut seq = with_func(|f| f.build.seqs.pop()).flatten().ok_or_else(|| vm.new_runtime_error("the branch is gone"))?;
        // The branch's result is its last binding, under the name it has now.
        let last = seq.current.last().or_else(|| seq.blocks.last().and_then(|b| b.bindings().last())).and_then(|b| b.var().cloned());
        seq.last_name = last.map(|v| v.name().to_string());
        IFS.with(|s| {
            if let Some(st) = s.borrow_mut().last_mut() {
                if then { st.then_seq = Some(seq) } else { st.else_seq = Some(seq) }
            }
        });
        Ok(())
    });
    Ok(BuilderFrame::new(if then { "R.Then" } else { "R.Else" }, open, after).into_py(vm))
}

fn members(t: &mut NamespaceTable) {
    t.func("If", if_frame);
    t.func("Then", |vm, a| branch_frame(vm, a, true));
    t.func("Else", |vm, a| branch_frame(vm, a, false));
    t.func("emit_var_binding", emit_var_binding);
    t.func("function", function);
    t.func("arg", arg);
    t.func("func_name", func_name);
    t.func("func_ret_ty", func_ret_ty);
    t.func("func_ret_type", func_ret_ty);
    t.func("func_ret_value", func_ret_value);
    t.func("emit", emit_value);
    t.func("emit_match_cast", emit_match_cast);
}

/// Register the `_ib_relax` namespace.
pub fn register() {
    register_namespace_initializer("_ib_relax", members);
}
