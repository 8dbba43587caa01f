//! Printer hooks: the type prints as `my_ext.Complex(T.float32)`, calls of the four
//! operators as `my_ext.cmul(z, w)`, and a script that uses either gets the header
//! comment `# from tvm.script import my_ext`.

use tvmscript::ir::{AccessPath, CallNode, ObjectRef, OpNode, Result};
use tvmscript::printer::{register_import, register_print_hook, Doc, ExprDoc, ImportSpec, Printer, DEFAULT_TOKEN};

use super::types::ComplexTypeNode;

/// The import name hooks record with `Printer::use_import`.
pub const IMPORT: &str = "tvm.script.my_ext";
/// The name scripts use for the namespace.
pub const PREFIX: &str = "my_ext";

/// Register the type hook and the import. The operator hook is an operator attribute
/// (`FDocTranslate`, set in `ops::register`), so the dialect printing a call finds it.
pub fn register() {
    // After the built-in dialects' imports (`T`, `I` …), which rank lower.
    register_import(
        IMPORT,
        ImportSpec::comment(100, |_| vec![format!("from tvm.script import {PREFIX}")]).reserving(|_| PREFIX.into()),
    );
    register_print_hook(DEFAULT_TOKEN, "my_ext.ComplexType", print_type);
}

/// `my_ext.Complex(T.float32)`: the part type prints as the current dialect prints types.
pub fn print_type(obj: &ObjectRef, path: &AccessPath, p: &mut Printer) -> Result<Doc> {
    let ty = obj.downcast_ref::<ComplexTypeNode>().expect("dispatched by type key");
    p.use_import(IMPORT);
    let elem = p.to_doc(&ty.elem.as_ref_obj(), &path.attr("elem"))?;
    Ok(ExprDoc::id(PREFIX).attr("Complex").call(vec![elem]).into())
}

/// `my_ext.cmul(z, w)`: a call of one of the four operators, by its name in the namespace.
pub fn print_call(obj: &ObjectRef, path: &AccessPath, p: &mut Printer) -> Result<Doc> {
    let call = obj.downcast_ref::<CallNode>().expect("an FDocTranslate hook gets the call");
    let name = call.op.downcast_ref::<OpNode>().map_or("", |op| &op.name);
    let short = name.strip_prefix("my_ext.").unwrap_or(name);
    p.use_import(IMPORT);
    let mut args = Vec::with_capacity(call.args.len());
    for (i, a) in call.args.iter().enumerate() {
        args.push(p.to_doc(a, &path.attr("args").index(i))?);
    }
    Ok(ExprDoc::id(PREFIX).attr(short).call(args).into())
}
