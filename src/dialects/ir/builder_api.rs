//! `tvm.script.ir_builder.ir` (the `_ib_ir` namespace the stdlib module reads):
//! `I.ir_module()` as a frame, `I.decl_function`, `I.def_function` and the module
//! attribute helpers, on the module frame the parser uses (`module_frame`).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyResult, VirtualMachine};

use super::module_frame::{self, IRModuleFrame};
use crate::builder;
use crate::ir::{BaseFunc, Value};
use crate::vm::args::bind;
use crate::vm::convert::{py_str, py_to_value, value_to_py};
use crate::vm::error::IntoPyResult;
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};
use crate::vm::object::{unwrap_object, wrap};

fn func_arg(vm: &VirtualMachine, a: &crate::vm::args::Bound, name: &str) -> PyResult<BaseFunc> {
    let obj = a.req(vm, name)?;
    unwrap_object(&obj)
        .and_then(|o| BaseFunc::try_from_object(o).ok())
        .ok_or_else(|| vm.new_type_error(format!("expected a function, got {}", obj.class().name())))
}

fn no_module(vm: &VirtualMachine, what: &str) -> rustpython_vm::builtins::PyBaseExceptionRef {
    vm.new_value_error(format!("{what} must be called inside an I.ir_module() frame"))
}

fn members(t: &mut NamespaceTable) {
    t.func("ir_module", |vm, args: FuncArgs| {
        bind(vm, "ir_module", args, &[])?;
        Ok(module_frame::open_from_python(vm))
    });
    t.func("decl_function", |vm, args| {
        let a = bind(vm, "decl_function", args, &["func_name", "func_signature"])?;
        let name = py_str(vm, &a.req(vm, "func_name")?)?;
        let gv = module_frame::decl_function(&name, &func_arg(vm, &a, "func_signature")?).py(vm)?;
        Ok(wrap(vm, gv.upcast()))
    });
    t.func("def_function", |vm, args| {
        let a = bind(vm, "def_function", args, &["func_name", "func"])?;
        let name = py_str(vm, &a.req(vm, "func_name")?)?;
        module_frame::def_function(&name, func_arg(vm, &a, "func")?).py(vm)?;
        Ok(vm.ctx.none())
    });
    t.func("module_attrs", |vm, args| {
        let a = bind(vm, "module_attrs", args, &["attrs", "allow_overwrite"])?;
        let overwrite = a.bool_or(vm, "allow_overwrite", false)?;
        let Value::Map(attrs) = py_to_value(vm, &a.req(vm, "attrs")?)? else {
            return Err(vm.new_type_error("module_attrs expects a dict"));
        };
        let previous = builder::find_frame::<IRModuleFrame, _>(|m| m.attrs.clone()).ok_or_else(|| no_module(vm, "I.module_attrs"))?;
        if !previous.is_empty() && !overwrite {
            // TVM's message shows the attributes already set, printed as a DictAttrs.
            let dict = value_to_py(vm, &Value::Map(previous.into()));
            let attrs_class = vm.import("tvm.ir.attrs", 0)?.get_attr("ir", vm)?.get_attr("attrs", vm)?.get_attr("DictAttrs", vm)?;
            let shown = attrs_class.call((dict,), vm)?.str(vm)?;
            return Err(vm.new_value_error(format!("Duplicate module attrs, previous one is:\n{shown}")));
        }
        builder::find_frame::<IRModuleFrame, _>(|m| m.attrs = attrs.to_vec());
        Ok(vm.ctx.none())
    });
    t.func("module_get_attr", |vm, args| {
        let a = bind(vm, "module_get_attr", args, &["attr_key"])?;
        let key = Value::str(&py_str(vm, &a.req(vm, "attr_key")?)?);
        let found = builder::find_frame::<IRModuleFrame, _>(|m| m.attrs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()))
            .ok_or_else(|| no_module(vm, "I.module_get_attr"))?;
        Ok(found.map_or_else(|| vm.ctx.none(), |v| value_to_py(vm, &v)))
    });
    t.func("module_set_attr", |vm, args| {
        let a = bind(vm, "module_set_attr", args, &["attr_key", "attr_value", "allow_overwrite"])?;
        let key = py_str(vm, &a.req(vm, "attr_key")?)?;
        let value = py_to_value(vm, &a.req(vm, "attr_value")?)?;
        let overwrite = a.bool_or(vm, "allow_overwrite", false)?;
        let k = Value::str(&key);
        let done = builder::find_frame::<IRModuleFrame, _>(|m| match m.attrs.iter_mut().find(|(x, _)| *x == k) {
            Some(_) if !overwrite => Err(format!("Duplicate module attr {key}")),
            Some(e) => {
                e.1 = value;
                Ok(())
            }
            None => {
                m.attrs.push((k.clone(), value));
                Ok(())
            }
        });
        match done {
            None => Err(no_module(vm, "I.module_set_attr")),
            Some(Err(msg)) => Err(vm.new_value_error(msg)),
            Some(Ok(())) => Ok(vm.ctx.none()),
        }
    });
}

/// Register the `_ib_ir` namespace.
pub fn register() {
    register_namespace_initializer("_ib_ir", members);
}
