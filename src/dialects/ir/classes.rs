//! The Python classes of the core IR (`tvm.ir`): TVM 0.27's constructors and
//! helpers for types, expressions, functions and modules, on the reflection
//! classes `vm::object` makes (`vm::classes` holds the table).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use crate::ir;
use crate::vm::args::bind;
use crate::vm::classes::{define, define_abstract};
use crate::vm::convert::py_str;
use crate::vm::error::IntoPyResult;
use crate::vm::object::wrap;

fn dtype(vm: &VirtualMachine, s: &str) -> PyResult<ir::DataType> {
    s.parse::<ir::DataType>().py(vm)
}

fn types() {
    define_abstract(ir::ty::type_info())
        .module("tvm.ir.type")
        .staticmethod("missing", |vm, _| Ok(wrap(vm, ir::Type::missing().into_object())))
        .method("is_missing", |vm, t, _| Ok(vm.ctx.new_bool(t.is::<ir::ty::MissingTypeNode>()).into()));
    define("ir.PrimType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "PrimType", args, &["dtype", "span"])?;
        let d = dtype(vm, &py_str(vm, &a.req(vm, "dtype")?)?)?;
        Ok(wrap(vm, ir::PrimType::of(d).upcast()))
    });
}

/// Register the core classes' Python faces.
pub fn register() {
    types();
}
