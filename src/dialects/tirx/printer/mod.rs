//! Printer hooks for TIRx IR: TVM 0.27's text with `Syntax::Tvm`, the native spelling
//! (`@T.function`, `T.Tensor`, PEP 695 symbol headers) otherwise; see docs/syntax.md.
//!
//! Core expression nodes (`ir.Var`, `ir.IntImm`, `prim.Add` ...) print differently in
//! each dialect, so their TIRx hooks live under the [`TOKEN`] dispatch token, which a
//! TIRx function (or a TIRx root object) pushes.

pub mod buffer;
pub mod expr;
pub mod fold;
pub mod function;
pub mod layout;
pub mod stmt;
pub mod types;
pub mod util;

use crate::ir::ObjectRef;
use crate::printer::engine::ImportSpec;
use crate::printer::{register_import, register_script_entry, Printer};

/// The dispatch token of TIRx (and S-TIR) printing.
pub const TOKEN: &str = "tirx";
/// The `T` namespace import (`# from tvm.script import tirx as T` and the `Axis` import).
pub const IMPORT_T: &str = "tirx.T";
/// The `Ts` namespace import of the native S-TIR spelling.
pub const IMPORT_TS: &str = "s_tir.Ts";

/// Header order: after `ir` (I), before `relax` (R).
const RANK_T: i32 = 20;

fn register_imports() {
    register_import(
        IMPORT_T,
        ImportSpec::comment(RANK_T, |cfg| {
            let t = cfg.extra_str("tirx.prefix", "T");
            vec![format!("from tvm.script import tirx as {t}"), "from tvm.tirx.layout import Axis".to_string()]
        })
        .reserving(|cfg| cfg.extra_str("tirx.prefix", "T").to_string()),
    );
    // `Axis` is bound by the T import's second line; no variable may take the name.
    register_import("tirx.Axis", ImportSpec::comment(RANK_T, |_| vec![]).reserving(|_| "Axis".to_string()));
    register_import(
        IMPORT_TS,
        ImportSpec::comment(RANK_T + 1, |cfg| {
            vec![format!("from tvm.script import s_tir as {}", cfg.extra_str("s_tir.prefix", "Ts"))]
        })
        .reserving(|cfg| cfg.extra_str("s_tir.prefix", "Ts").to_string()),
    );
}

/// Printing a TIRx object that is not a function: a frame for the free variables it
/// uses (defined at the top, `n = T.int32()`) and the TIRx token.
fn fragment_entry(obj: &ObjectRef, p: &mut Printer) -> crate::ir::Result<()> {
    util::push_frame(p, None);
    p.set_common_prefix(obj, |o| o.is::<crate::ir::VarNode>());
    Ok(())
}

/// Register the printer hooks.
pub fn register() -> crate::ir::Result<()> {
    register_imports();
    expr::register();
    types::register();
    layout::register();
    stmt::register();
    function::register();
    for key in [
        "tirx.BufferStore", "tirx.Bind", "tirx.SeqStmt", "tirx.For", "tirx.While", "tirx.IfThenElse",
        "tirx.Evaluate", "tirx.AttrStmt", "tirx.AssertStmt", "tirx.AllocBuffer", "tirx.DeclBuffer", "tirx.Break",
        "tirx.Continue", "tirx.Return", "tirx.ScopeIdDefStmt", "tirx.TilePrimitiveCall", "tirx.IterVar",
        "tirx.TileLayout", "tirx.ComposeLayout", "tirx.IndexMap", "te.CommReducer", "s_tir.SBlock",
        "s_tir.SBlockRealize", "s_tir.MatchBufferRegion", "ir.TensorRegion", "ir.TensorLoad",
        // Scalar expressions, constants and the types TIRx prints, printed on their own.
        "prim.Add", "prim.Sub", "prim.Mul", "prim.Div", "prim.Mod", "prim.FloorDiv", "prim.FloorMod", "prim.Min",
        "prim.Max", "prim.EQ", "prim.NE", "prim.LT", "prim.LE", "prim.GT", "prim.GE", "prim.And", "prim.Or",
        "prim.BitwiseAnd", "prim.BitwiseOr", "prim.BitwiseXor", "prim.LShift", "prim.RShift", "prim.Not",
        "prim.BitwiseNot", "prim.Select", "prim.Cast", "prim.Let", "prim.Ramp", "prim.Broadcast", "prim.Shuffle",
        "ir.IntImm", "ir.FloatImm", "ir.StringImm", "ir.PrimType", "ir.PointerType", "ir.TupleType", "ir.FuncType",
        // A range on its own holds scalar expressions, printed as TIRx prints them.
        "ir.Range",
    ] {
        register_script_entry(key, fragment_entry);
    }
    Ok(())
}
