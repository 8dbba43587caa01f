//! `and`, `or` and `not` inside TVMScript definitions: on IR conditions they build
//! `prim.And`/`prim.Or`/`prim.Not` (TVM's parser semantics); on Python values they
//! behave as Python's operators, including short-circuiting.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::error::IntoPyResult;
use super::object::{unwrap_object, wrap};
use crate::ir::{self, arith, Expr, Span};

/// An IR boolean-ish operand: an expression, or a Python bool (as a bool constant).
fn ir_operand(vm: &VirtualMachine, v: &PyObjectRef) -> Option<Expr> {
    if let Some(o) = unwrap_object(v) {
        return o.isinstance(ir::expr_info()).then_some(Expr(o));
    }
    if v.class().is(vm.ctx.types.bool_type) {
        return v.clone().try_to_bool(vm).ok().map(ir::bool_imm);
    }
    None
}

fn is_ir(v: &PyObjectRef) -> bool {
    unwrap_object(v).is_some_and(|o| o.isinstance(ir::expr_info()))
}

pub fn combine(vm: &VirtualMachine, args: FuncArgs, is_and: bool) -> PyResult {
    let mut it = args.args.into_iter();
    let mut acc = it.next().unwrap_or_else(|| vm.ctx.none());
    for thunk in it {
        if !is_ir(&acc) {
            // Python semantics: stop at the deciding operand.
            let truthy = acc.clone().try_to_bool(vm)?;
            if truthy != is_and {
                return Ok(acc);
            }
            acc = thunk.call((), vm)?;
            continue;
        }
        let rhs = thunk.call((), vm)?;
        let (Some(a), Some(b)) = (ir_operand(vm, &acc), ir_operand(vm, &rhs)) else {
            return Err(vm.new_type_error("`and`/`or` on an IR condition needs IR or bool operands"));
        };
        let scalar = |e: &Expr| e.ty().as_prim().is_some_and(|d| d.lanes == 1);
        let e = if scalar(&a) && scalar(&b) {
            let op = if is_and { ir::BinOp::And } else { ir::BinOp::Or };
            arith::make_binary(op, a, b, Span::none()).py(vm)?
        } else if is_and {
            arith::bitwise_and(a, b).py(vm)?
        } else {
            arith::bitwise_or(a, b).py(vm)?
        };
        acc = wrap(vm, e.into_object());
    }
    Ok(acc)
}

pub fn not(vm: &VirtualMachine, v: PyObjectRef) -> PyResult {
    match unwrap_object(&v) {
        Some(o) if o.isinstance(ir::expr_info()) => {
            let e = arith::make_not(Expr(o), Span::none()).py(vm)?;
            Ok(wrap(vm, e.into_object()))
        }
        _ => Ok(vm.ctx.new_bool(!v.try_to_bool(vm)?).into()),
    }
}
