//! Methods of `tvm.tirx.PrimFunc` beyond the attribute helpers every function has
//! (`ir.BaseFunc`, `dialects::ir::module_class`): `with_body`.

use crate::dialects::tirx::nodes::{PrimFunc, PrimFuncNode, Stmt};
use crate::ir::Span;
use crate::vm::args::bind;
use crate::vm::classes::define;
use crate::vm::object::{unwrap_object, wrap};

/// Register the methods.
pub fn register() {
    // `func.with_body(new_body, span=None)`: the same signature, return type and
    // attributes around another body.
    define("tirx.PrimFunc").method("with_body", |vm, obj, args| {
        let a = bind(vm, "with_body", args, &["new_body", "span"])?;
        let f = obj.try_downcast::<PrimFuncNode>().ok_or_else(|| vm.new_type_error("with_body needs a PrimFunc"))?;
        let body = a.req(vm, "new_body")?;
        let body = unwrap_object(&body)
            .and_then(|o| Stmt::try_from_object(o).ok())
            .ok_or_else(|| vm.new_type_error(format!("with_body expects a statement, got {}", body.class().name())))?;
        let made = PrimFunc::make(f.params.clone(), body, f.ret_type.clone(), f.attrs.clone(), Span::none());
        Ok(wrap(vm, made.upcast()))
    });
}
