//! The constructors behind `tvm.tirx`'s node classes and helpers as scripts use them
//! (`from tvm.tirx import Add as op`, `op(a, b)`; `tvm.tirx.const(1, "int32")`): the
//! native namespace `tirx.nodes`, which the frozen `tvm.tirx` package re-exports.
//! Each entry builds the node as TVM's constructor does (no folding); the table grows
//! into the full Python node API by adding entries.

use rustpython_vm::function::FuncArgs;

use super::args::bind;
use super::convert::{operand, py, to_dtype, Py as _};
use super::exprs;
use crate::ir::{arith, BinOp, Span};
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};

/// The binary node classes, by their `tvm.tirx` names (`T.` has them too).
pub(super) const BINARY: &[(&str, BinOp)] = &[
    ("Add", BinOp::Add),
    ("Sub", BinOp::Sub),
    ("Mul", BinOp::Mul),
    ("Div", BinOp::Div),
    ("Mod", BinOp::Mod),
    ("FloorDiv", BinOp::FloorDiv),
    ("FloorMod", BinOp::FloorMod),
    ("Min", BinOp::Min),
    ("Max", BinOp::Max),
    ("EQ", BinOp::EQ),
    ("NE", BinOp::NE),
    ("LT", BinOp::LT),
    ("LE", BinOp::LE),
    ("GT", BinOp::GT),
    ("GE", BinOp::GE),
    ("And", BinOp::And),
    ("Or", BinOp::Or),
];

fn members(t: &mut NamespaceTable) {
    for &(name, op) in BINARY {
        t.func(name, move |vm, a| exprs::node_fn(vm, op, name, a));
    }
    t.func("Cast", exprs::cast_node);
    t.func("Select", exprs::select);
    t.native("Ramp", exprs::ramp);
    t.native("Broadcast", exprs::broadcast);
    t.func("Range", exprs::range);
    t.func("const", |vm, args: FuncArgs| {
        let a = bind(vm, "const", args, &["value", "dtype", "span"])?;
        let value = operand(vm, &a.req(vm, "value")?)?.ok_or_else(|| vm.new_type_error("const: expected a number"))?;
        let dtype = a.get(vm, "dtype").map(|d| to_dtype(vm, &d)).transpose()?;
        Ok(py(vm, arith::const_value(value, dtype, Span::none()).py(vm)?))
    });
}

/// Register `tirx.nodes`.
pub fn register() {
    register_namespace_initializer("tirx.nodes", members);
}
