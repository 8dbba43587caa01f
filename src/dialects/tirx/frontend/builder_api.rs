//! `tvm.script.ir_builder.tirx` (the `_ib_tirx` namespace the stdlib module reads):
//! the TIRx frames and statements called from Python rather than parsed —
//! `T.prim_func()` as a frame, `T.arg`, `T.buffer_store`, `T.If`/`T.Then`/`T.Else`.
//! They open the same frames the parser does (`frames.rs`); everything else the
//! builder module offers (`T.serial`, `T.func_name`, `T.evaluate` …) is the `T`
//! namespace itself.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyResult, VirtualMachine};

use super::args::bind;
use super::context::{enter, with_func};
use super::convert::{diag, py, seq, to_expr};
use super::frames::{Branch, Kind, PrimFuncFrame, StmtFrame};
use crate::builder;
use crate::dialects::tirx::nodes::PrimFunc;
use crate::vm::ir_builder::{deliver_to_builder, BuilderFrame};
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::native::Val;

/// `T.prim_func(is_private=False, s_tir=False, persistent=False, *, private=None)`.
fn prim_func(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "prim_func", args, &["is_private", "s_tir", "persistent", "*", "private"])?;
    let private = match a.get(vm, "private") {
        Some(p) => p.try_to_bool(vm)?,
        None => a.bool_or(vm, "is_private", false)?,
    };
    let s_tir = a.bool_or(vm, "s_tir", false)?;
    let result: Rc<RefCell<Option<PrimFunc>>> = Rc::new(RefCell::new(None));
    let name = Rc::new(RefCell::new(String::new()));
    let (slot, name_cell) = (result.clone(), name.clone());
    let open = Box::new(move |vm: &VirtualMachine| {
        // No name until `T.func_name`: the function then has no global symbol.
        let mut frame = PrimFuncFrame::new("", s_tir, private, true, result);
        frame.name_out = Some(name);
        enter(frame);
        Ok(vm.ctx.none())
    });
    let after = Box::new(move |vm: &VirtualMachine, _: Option<crate::ir::ObjectRef>| {
        let func = slot.borrow_mut().take().ok_or_else(|| vm.new_runtime_error("the function frame produced no function"))?;
        let name = name_cell.borrow().clone();
        crate::dialects::ir::module_frame::deliver_function(vm, (!name.is_empty()).then_some(name.as_str()), func.into())
    });
    Ok(BuilderFrame::new("T.prim_func", open, after).into_py(vm))
}

fn in_prim_func(vm: &VirtualMachine, what: &str) -> PyResult<()> {
    if with_func(|_| ()).is_none() {
        return Err(diag(vm, format!("error: {what} must be called inside a T.prim_func() frame")));
    }
    Ok(())
}

/// `T.arg(name, obj)`: a parameter of the function being built (a scalar variable
/// or a buffer); returns it.
fn arg(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "arg", args, &["name", "obj"])?;
    in_prim_func(vm, "T.arg")?;
    let name = super::convert::py_str(vm, &a.req(vm, "name")?)?;
    let var = super::func::param_var(vm, &name, &a.req(vm, "obj")?)?;
    with_func(|f| {
        f.params.push(var.clone());
        f.scope.bind(&name, var.as_ref_obj());
        f.named.insert(var.as_ref_obj().addr());
    });
    Ok(py(vm, var))
}

/// `T.buffer_store(buffer, value, indices)`.
fn buffer_store(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "buffer_store", args, &["buffer", "value", "indices"])?;
    let buffer = a.req(vm, "buffer")?;
    let buf = super::buffers::expect_buffer_obj(vm, &buffer, "T.buffer_store")?;
    let indices = a.req(vm, "indices")?;
    let indices = seq(&indices).unwrap_or_else(|| vec![indices]);
    let key = vm.ctx.new_tuple(indices).into();
    super::buffers::store(vm, &buf, &Val::Py(key), &a.req(vm, "value")?)?;
    Ok(vm.ctx.none())
}

/// `T.If(condition)`: an if statement; its branches are `T.Then()` and `T.Else()`.
fn if_frame(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "If", args, &["condition"])?;
    let cond = to_expr(vm, &a.req(vm, "condition")?)?;
    let open = Box::new(move |vm: &VirtualMachine| {
        enter(StmtFrame::new(Kind::If { cond, then_case: None, else_case: None, filling: None }));
        Ok(vm.ctx.none())
    });
    Ok(BuilderFrame::new("T.If", open, deliver_to_builder()).into_py(vm))
}

fn branch(vm: &VirtualMachine, args: FuncArgs, which: Branch) -> PyResult {
    let what = if which == Branch::Then { "Then" } else { "Else" };
    bind(vm, what, args, &[])?;
    let open = Box::new(move |vm: &VirtualMachine| {
        let ok = builder::top_frame::<StmtFrame, _>(|f| match &mut f.kind {
            Kind::If { then_case, else_case, filling, .. } => {
                let taken = if which == Branch::Then { then_case.is_some() } else { else_case.is_some() };
                if taken || (which == Branch::Else && then_case.is_none()) {
                    return false;
                }
                *filling = Some(which);
                true
            }
            _ => false,
        })
        .unwrap_or(false);
        if !ok {
            let msg = if which == Branch::Then {
                "error: T.Then() must be used directly inside T.If(), once"
            } else {
                "error: T.Else() must follow T.Then() directly inside T.If(), once"
            };
            return Err(diag(vm, msg));
        }
        enter(StmtFrame::new(Kind::Branch(which)));
        Ok(vm.ctx.none())
    });
    let name = if which == Branch::Then { "T.Then" } else { "T.Else" };
    Ok(BuilderFrame::new(name, open, Box::new(|_, _| Ok(()))).into_py(vm))
}

/// `T.Assert(condition, message, error_kind="RuntimeError")`: a frame whose statements
/// follow the assertion (TVM's `AssertFrame`: the assertion alone when the body is
/// empty, else a sequence of the assertion and the body).
fn assert_frame(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Assert", args, &["condition", "message", "error_kind"])?;
    let message = a.req(vm, "message")?;
    let kind = a.get(vm, "error_kind").unwrap_or_else(|| vm.ctx.new_str("RuntimeError").into());
    let parts = if seq(&message).is_some() { message } else { vm.ctx.new_list(vec![message]).into() };
    let msg = vm.ctx.new_tuple(vec![kind, parts]).into();
    let assertion = super::stmts::make_assert(vm, &a.req(vm, "condition")?, &msg)?;
    let open = Box::new(move |vm: &VirtualMachine| {
        enter(StmtFrame::new(Kind::Assert(assertion.clone().into())));
        Ok(vm.ctx.none())
    });
    Ok(BuilderFrame::new("T.Assert", open, deliver_to_builder()).into_py(vm))
}

/// `T.While(condition)`: a while loop over the frame's statements.
fn while_frame(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "While", args, &["condition"])?;
    let cond = a.req(vm, "condition")?;
    let cond = if cond.class().is(vm.ctx.types.bool_type) { crate::ir::bool_imm(cond.try_to_bool(vm)?) } else { to_expr(vm, &cond)? };
    let open = Box::new(move |vm: &VirtualMachine| {
        enter(StmtFrame::new(Kind::While(cond.clone())));
        Ok(vm.ctx.none())
    });
    Ok(BuilderFrame::new("T.While", open, deliver_to_builder()).into_py(vm))
}

/// `_emit_stmt(stmt)`: a statement built elsewhere added to the innermost frame
/// (what `te.create_prim_func` does with an extern operation's body).
fn emit_stmt(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "_emit_stmt", args, &["stmt"])?;
    let stmt = a.req(vm, "stmt")?;
    let obj = crate::vm::object::unwrap_object(&stmt)
        .ok_or_else(|| vm.new_type_error("_emit_stmt expects a tirx.Stmt"))?;
    let stmt = crate::dialects::tirx::nodes::Stmt::try_from_object(obj).map_err(|e| vm.new_type_error(e.message))?;
    super::context::emit(vm, stmt)?;
    Ok(vm.ctx.none())
}

fn members(t: &mut NamespaceTable) {
    t.func("_emit_stmt", emit_stmt);
    t.func("Assert", assert_frame);
    t.func("While", while_frame);
    t.func("prim_func", prim_func);
    t.func("arg", arg);
    t.func("buffer_store", buffer_store);
    t.func("If", if_frame);
    t.func("Then", |vm, a| branch(vm, a, Branch::Then));
    t.func("Else", |vm, a| branch(vm, a, Branch::Else));
}

/// Register the `_ib_tirx` namespace.
pub fn register() {
    register_namespace_initializer("_ib_tirx", members);
}
