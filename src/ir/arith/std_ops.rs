//! `std::ops` for Rust code (seed 003 writes `&a * &c - &b * &d`).

use super::*;
use crate::ir::expr::{BinOp, Var};
use crate::ir::ty::Type;

/// The operator impls cannot return errors, so when TVM would reject the operands
/// (say `handle + int`) they return the plain node built from the operands as given,
/// without matching or folding. Use the `Result` functions ([`add`] …) to see errors.
fn infallible(op: BinOp, a: Operand, b: Operand) -> Expr {
    match binary(op, a.clone(), b.clone(), Span::none()) {
        Ok(e) => e,
        Err(_) => {
            let (a, b) = (a.to_expr_lossy(), b.to_expr_lossy());
            let ty = match a.prim_dtype() {
                Some(t) if op.is_comparison() => Type::prim(DataType::bool().with_lanes(t.lanes)),
                _ => a.ty(),
            };
            op.make(ty, a, b, Span::none())
        }
    }
}

fn infallible_neg(a: Operand) -> Expr {
    match neg(a.clone()) {
        Ok(e) => e,
        Err(_) => {
            let a = a.to_expr_lossy();
            let minus_one = crate::ir::expr::int_imm(DataType::INT32, -1);
            BinOp::Mul.make(a.ty(), a, minus_one, Span::none())
        }
    }
}

macro_rules! expr_ops {
    ($($lhs:ty),*) => {$(
        expr_ops!(@one $lhs, Add, add, Add);
        expr_ops!(@one $lhs, Sub, sub, Sub);
        expr_ops!(@one $lhs, Mul, mul, Mul);
        expr_ops!(@one $lhs, Div, div, Div);
        expr_ops!(@one $lhs, Rem, rem, Mod);
        expr_ops!(@one $lhs, BitAnd, bitand, BitwiseAnd);
        expr_ops!(@one $lhs, BitOr, bitor, BitwiseOr);
        expr_ops!(@one $lhs, BitXor, bitxor, BitwiseXor);
        expr_ops!(@one $lhs, Shl, shl, LShift);
        expr_ops!(@one $lhs, Shr, shr, RShift);
        impl std::ops::Neg for $lhs {
            type Output = Expr;
            /// `self * -1`, as TVM's Python `__neg__`.
            fn neg(self) -> Expr {
                infallible_neg(Operand::from(self))
            }
        }
    )*};
    (@one $lhs:ty, $trait:ident, $method:ident, $op:ident) => {
        impl<R: Into<Operand>> std::ops::$trait<R> for $lhs {
            type Output = Expr;
            fn $method(self, rhs: R) -> Expr {
                infallible(BinOp::$op, Operand::from(self), rhs.into())
            }
        }
    };
}

// `/` is TVM's C++ `operator/` (`div`), `%` its `operator%` (`truncmod`): Rust's own
// integer `/` and `%` truncate too.
expr_ops!(Expr, &Expr, Var, &Var);

macro_rules! scalar_lhs_ops {
    ($($scalar:ty),*) => {$(
        scalar_lhs_ops!(@one $scalar, Add, add, Add);
        scalar_lhs_ops!(@one $scalar, Sub, sub, Sub);
        scalar_lhs_ops!(@one $scalar, Mul, mul, Mul);
        scalar_lhs_ops!(@one $scalar, Div, div, Div);
    )*};
    (@one $scalar:ty, $trait:ident, $method:ident, $op:ident) => {
        impl std::ops::$trait<Expr> for $scalar {
            type Output = Expr;
            fn $method(self, rhs: Expr) -> Expr {
                infallible(BinOp::$op, Operand::from(self), Operand::Expr(rhs))
            }
        }
        impl std::ops::$trait<&Expr> for $scalar {
            type Output = Expr;
            fn $method(self, rhs: &Expr) -> Expr {
                infallible(BinOp::$op, Operand::from(self), Operand::from(rhs))
            }
        }
    };
}

scalar_lhs_ops!(i32, i64, f64);
