//! Giving an exception that leaves an evaluated body the traceback entry the
//! compiled body would have given it: a function of the same name, in the same
//! class headers, compiled with one statement, `raise exc`, placed at the range
//! of the construct that failed, re-raises it. Tracebacks and located diagnostics
//! then read it exactly as they read the compiled body's frame. Compiling happens
//! only on this error path.

use std::rc::Rc;

use ruff_text_size::TextRange;
use rustpython_vm::builtins::{PyBaseExceptionRef, PyCode, PyDictRef};
use rustpython_vm::compiler::ast::{self, Identifier};
use rustpython_vm::compiler::codegen;
use rustpython_vm::compiler::core::bytecode::CodeObject;
use rustpython_vm::compiler::CompileOpts;
use rustpython_vm::{PyRef, PyResult, VirtualMachine};

use super::run::{Fail, Frame};
use super::FastBody;

const EXC: &str = "__tvm_exc";

/// `fail`'s exception, re-raised at its range from a frame standing for the body
/// (or for the lambda at `lambda` inside it).
pub fn located(vm: &VirtualMachine, frame: &Rc<Frame>, fail: Fail, lambda: Option<TextRange>) -> PyBaseExceptionRef {
    let Fail { exc, range } = fail;
    match raiser(vm, frame, range, lambda) {
        Some(f) => match f.call((exc.clone(),), vm) {
            Err(e) => e,
            Ok(_) => exc,
        },
        None => exc,
    }
}

fn raiser(vm: &VirtualMachine, frame: &Rc<Frame>, range: TextRange, lambda: Option<TextRange>) -> Option<rustpython_vm::PyObjectRef> {
    let body = &frame.body;
    let exc = ast::Expr::Name(ast::ExprName { node_index: node(), range, id: EXC.into(), ctx: ast::ExprContext::Load });
    let raise = ast::Stmt::Raise(ast::StmtRaise { node_index: node(), range, exc: Some(Box::new(exc)), cause: None });
    let (def, path) = match lambda {
        Some(l) => (function_def(&body.name, body.def_range, false, function_def("<lambda>", l, true, raise)), &["<lambda>"][..]),
        None => (function_def(&body.name, body.def_range, true, raise), &[][..]),
    };
    make_function(vm, vm.ctx.new_code(compile_inside(body, def, path)?), frame.globals.clone()).ok()
}

/// A Python function of `code` with `globals`, as `MAKE_FUNCTION` makes one without
/// defaults or closure.
pub fn make_function(vm: &VirtualMachine, code: PyRef<PyCode>, globals: PyDictRef) -> PyResult {
    vm.import("types", 0)?.get_attr("FunctionType", vm)?.call((code, globals), vm)
}

/// The code of a function made by `lambda` in `body`, compiled as the body would
/// compile it (in its class headers, so its qualified name and name mangling are
/// the same), for a lambda that reads no local of the body.
pub fn lambda_code(body: &FastBody, lambda: &ast::ExprLambda) -> Option<CodeObject> {
    let range = lambda.range;
    let ret = ast::Stmt::Return(ast::StmtReturn { node_index: node(), range, value: Some(Box::new(ast::Expr::Lambda(lambda.clone()))) });
    compile_inside(body, function_def(&body.name, body.def_range, false, ret), &["<lambda>"])
}

fn node() -> ast::AtomicNodeIndex {
    Default::default()
}

/// `def id(__tvm_exc): stmt` (the parameter when `param`), everything at `range`.
fn function_def(id: &str, range: TextRange, param: bool, stmt: ast::Stmt) -> ast::Stmt {
    let mut parameters = ast::Parameters { range, node_index: node(), posonlyargs: vec![], args: vec![], vararg: None, kwonlyargs: vec![], kwarg: None };
    if param {
        parameters.args.push(ast::ParameterWithDefault {
            range,
            node_index: node(),
            parameter: ast::Parameter { range, node_index: node(), name: Identifier::new(EXC, range), annotation: None },
            default: None,
        });
    }
    ast::Stmt::FunctionDef(ast::StmtFunctionDef {
        node_index: node(),
        range,
        is_async: false,
        decorator_list: vec![],
        name: Identifier::new(id, range),
        type_params: None,
        parameters: Box::new(parameters),
        returns: None,
        body: vec![stmt],
    })
}

/// Compile `def` (a function standing for `body`) inside the body's class headers
/// after the module's declarations, and take the code at `path` inside it.
fn compile_inside(body: &FastBody, def: ast::Stmt, path: &[&str]) -> Option<CodeObject> {
    let mut stmt = def;
    for (n, r) in body.classes.iter().rev() {
        stmt = ast::Stmt::ClassDef(ast::StmtClassDef {
            node_index: node(),
            range: *r,
            decorator_list: vec![],
            name: Identifier::new(n.as_str(), *r),
            type_params: None,
            arguments: None,
            body: vec![stmt],
        });
    }
    let mut stmts = body.decls.to_vec();
    stmts.push(stmt);
    let module = ast::ModModule { node_index: node(), range: body.def_range, body: stmts };
    let code = codegen::compile::compile_program(&module, body.source.clone(), CompileOpts::default()).ok()?;
    let names = body.classes.iter().map(|(n, _)| n.as_str()).chain([body.name.as_str()]).chain(path.iter().copied());
    crate::program::lazy::nested_code(&code, names).cloned()
}
