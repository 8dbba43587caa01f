//! Argument binding for the native `T.*` functions: the VM's binder
//! (`crate::vm::args`), plus reading an argument as an expression.

pub use crate::vm::args::{bind, bind_native, Bound};
use crate::vm::native::Val;
use crate::ir::Expr;
use rustpython_vm::{PyResult, VirtualMachine};

/// Expression arguments of a bound call.
pub trait BoundExpr {
    /// A required expression argument: an IR expression as it is, anything else
    /// converted as [`super::convert::to_expr`] converts it.
    fn expr(&self, vm: &VirtualMachine, name: &str) -> PyResult<Expr>;
}

impl BoundExpr for Bound {
    fn expr(&self, vm: &VirtualMachine, name: &str) -> PyResult<Expr> {
        match self.value(name) {
            Some(Val::Ir(o)) if super::convert::is_expression(o) => Ok(Expr(o.clone())),
            Some(v) => super::convert::to_expr(vm, &v.to_py(vm)),
            None => Err(self.missing(vm, name)),
        }
    }
}
