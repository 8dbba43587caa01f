//! Printer hooks for Relax IR: TVM 0.27's text with `Syntax::Tvm`, the native spelling
//! otherwise (the same but for symbolic signature variables: PEP 695 type parameters
//! `def f[n: T.int64](...)` instead of top-level `n = TypeVar("n")` and quoted shapes).
//!
//! Core nodes print differently inside Relax (`ir.IntImm` is a bare literal, `ir.Var`
//! of a scalar type is a symbolic shape variable, `ir.Tuple` a Python tuple), so their
//! hooks live under the [`TOKEN`] dispatch token, which every Relax frame pushes.
//! Scalar expressions without a Relax hook (arithmetic, float constants) are printed by
//! the TIRx hooks, looked up explicitly so that their operands still print under Relax.

pub mod binding;
pub mod call;
pub mod expr;
pub mod function;
pub mod type_eq;
pub mod types;
pub mod util;

use crate::ir::{ObjectRef, Result};
use crate::printer::engine::ImportSpec;
use crate::printer::{register_import, register_script_entry, register_script_variant, Printer};

/// The dispatch token of Relax printing.
pub const TOKEN: &str = "relax";
/// The `R` namespace import (`# from tvm.script import relax as R`).
pub const IMPORT_R: &str = "relax.R";

/// Header order: after `ir` (I) and `tirx` (T).
const RANK_R: i32 = 30;

/// Printing a Relax object that is not a function (an expression, a binding, a type):
/// a Relax frame for the variables it uses, and the Relax token.
fn fragment_entry(_obj: &ObjectRef, p: &mut Printer) -> Result<()> {
    util::push_frame(p, None, false);
    Ok(())
}

/// Printing a core node on its own (a call, a variable, a tuple): Relax when it is a
/// Relax value (TVM's `ReprPrintCall` / `ReprPrintVar`), TIRx otherwise.
fn core_entry(obj: &ObjectRef, p: &mut Printer) -> Result<()> {
    let tir = if let Some(call) = obj.downcast_ref::<crate::ir::CallNode>() {
        call::prints_as_tir(call)
    } else if let Some(var) = obj.downcast_ref::<crate::ir::VarNode>() {
        var.ty.is::<crate::ir::PrimTypeNode>()
            || var.ty.is::<crate::ir::PointerTypeNode>()
            || crate::dialects::tirx::nodes::buffer_type(var).is_some()
    } else {
        false
    };
    if tir {
        crate::dialects::tirx::printer::util::push_frame(p, None);
        p.set_common_prefix(obj, |o| o.is::<crate::ir::VarNode>());
    } else {
        util::push_frame(p, None, false);
    }
    Ok(())
}

/// Register the imports, hooks and script entries.
pub fn register() -> Result<()> {
    register_import(
        IMPORT_R,
        ImportSpec::comment(RANK_R, |cfg| {
            vec![format!("from tvm.script import relax as {}", cfg.extra_str("relax.prefix", "R"))]
        })
        .reserving(|cfg| cfg.extra_str("relax.prefix", "R").to_string()),
    );
    types::register();
    expr::register();
    call::register();
    binding::register();
    function::register();
    for key in [
        "relax.expr.SeqExpr", "relax.expr.BindingBlock", "relax.expr.DataflowBlock", "relax.expr.VarBinding",
        "relax.expr.MatchCast", "relax.expr.If", "relax.expr.ShapeExpr", "relax.expr.DataflowVar",
        "relax.expr.ExternFunc", "ir.GenericConst", "relax.TensorType", "relax.ShapeType", "relax.FuncType",
        "relax.AnyType", "relax.PackedFuncType",
    ] {
        register_script_entry(key, fragment_entry);
    }
    for key in ["ir.Call", "ir.Var", "ir.Tuple", "ir.TupleGetItem"] {
        register_script_entry(key, core_entry);
    }
    // `obj._relax_script()` (TVM's `ReprPrintRelax`): any object inside a Relax frame.
    register_script_variant(TOKEN, fragment_entry);
    Ok(())
}
