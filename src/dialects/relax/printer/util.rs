//! Shared helpers of the Relax printer: the `R` prefix, Relax frames, variable
//! definitions, the symbolic-variable bookkeeping of signatures.

use crate::dialects::relax::nodes::DataflowVarNode;
use crate::ir::{AccessPath, Error, ObjectRef, Result, Type, VarNode};
use crate::printer::doc::{ExprDoc, StmtDoc};
use crate::printer::engine::Hook;
use crate::printer::{FrameId, Printer};

use super::{IMPORT_R, TOKEN};

/// The frame kind of every Relax scope (function, sequence expression, fragment).
pub const FRAME: &str = "relax";

/// What a function frame records while its signature prints: the scalar variables the
/// parameter and return types mention (`func_vars`), those of them that are not
/// parameters themselves (`type_vars`: TVM's `TypeVar`s, native type parameters), and
/// the scalar parameters.
#[derive(Default)]
pub struct Signature {
    /// Function-typed variables of the signature.
    pub func_vars: Vec<ObjectRef>,
    /// Symbolic shape variables the signature defines.
    pub type_vars: Vec<ObjectRef>,
    /// Parameters of `R.Prim` type with a symbolic value.
    pub prim_params: Vec<ObjectRef>,
}

/// Per-frame state (TVM's `RelaxFrame`).
#[derive(Default)]
pub struct RelaxFrame {
    /// The frame of a function (symbolic variables and `cls = Module` go here).
    pub is_func: bool,
    /// Whether `cls = Module` was written into this function.
    pub alias_printed: bool,
    /// Set while the function's signature prints.
    pub signature: Option<Signature>,
}

/// The alias of the Relax namespace (`R`).
pub fn prefix(p: &Printer) -> String {
    p.config().extra_str("relax.prefix", "R").to_string()
}

/// `R.<attr>` (`attr` may be dotted: `R.nn.softmax`), recording the import.
pub fn r(p: &mut Printer, attr: &str) -> ExprDoc {
    p.namespace_attr(IMPORT_R, "relax.prefix", "R", attr)
}

/// Whether the TVM 0.27 spelling is wanted.
pub fn tvm_syntax(p: &Printer) -> bool {
    p.tvm_syntax()
}

/// Push a Relax frame owned by `owner` (with the Relax token pushed in it).
pub fn push_frame(p: &mut Printer, owner: Option<ObjectRef>, is_func: bool) -> FrameId {
    let id = p.push_frame(FRAME, owner);
    if let Some(f) = p.frame_mut(id) {
        f.data = Some(Box::new(RelaxFrame { is_func, ..RelaxFrame::default() }));
    }
    if p.dispatch_token() != TOKEN {
        p.add_dispatch_token(TOKEN);
    }
    id
}

/// Run `f` in a new Relax frame; returns its result and the frame's statements.
pub fn with_frame<R>(
    p: &mut Printer,
    owner: Option<ObjectRef>,
    is_func: bool,
    f: impl FnOnce(&mut Printer, FrameId) -> Result<R>,
) -> Result<(R, Vec<StmtDoc>)> {
    let id = push_frame(p, owner, is_func);
    let result = f(p, id);
    while p.frames().len() > id.0 + 1 {
        p.pop_frame()?;
    }
    let frame = p.pop_frame()?;
    Ok((result?, frame.stmts))
}

/// The Relax data of a printer frame.
pub fn relax_data(p: &Printer, id: FrameId) -> Option<&RelaxFrame> {
    p.frame(id)?.data::<RelaxFrame>()
}

/// The Relax data of a printer frame, to change.
pub fn relax_data_mut(p: &mut Printer, id: FrameId) -> Option<&mut RelaxFrame> {
    p.frame_mut(id)?.data_mut::<RelaxFrame>()
}

/// TVM's `GetRelaxFrame`: the innermost function frame, else the innermost Relax frame.
pub fn relax_frame(p: &Printer) -> Option<FrameId> {
    let frames = p.frames();
    let mut fallback = None;
    for i in (0..frames.len()).rev() {
        if let Some(d) = frames[i].data::<RelaxFrame>() {
            if d.is_func {
                return Some(FrameId(i));
            }
            fallback.get_or_insert(FrameId(i));
        }
    }
    fallback
}

/// The innermost enclosing function frame, if any.
pub fn function_frame(p: &Printer) -> Option<FrameId> {
    p.frames().iter().rposition(|f| f.data::<RelaxFrame>().is_some_and(|d| d.is_func)).map(FrameId)
}

/// The outermost frame whose signature is being printed (TVM searches from the outside).
pub fn signature_frame(p: &Printer) -> Option<FrameId> {
    p.frames().iter().position(|f| f.data::<RelaxFrame>().is_some_and(|d| d.signature.is_some())).map(FrameId)
}

/// Whether `o` is in `list` (by identity).
pub fn contains(list: &[ObjectRef], o: &ObjectRef) -> bool {
    list.iter().any(|x| x.same_as(o))
}

/// The name and type of a Relax variable (`ir.Var` or `relax.expr.DataflowVar`).
pub fn var_parts(obj: &ObjectRef) -> Option<(&str, &Type)> {
    if let Some(v) = obj.downcast_ref::<VarNode>() {
        return Some((&v.name, &v.ty));
    }
    obj.downcast_ref::<DataflowVarNode>().map(|v| (&*v.name, &v.ty))
}

/// Define a variable in a frame under its own name (`v` when it has none).
pub fn define_var(p: &mut Printer, obj: &ObjectRef, frame: FrameId) -> Result<ExprDoc> {
    let (name, _) = var_parts(obj).ok_or_else(|| Error::type_error(format!("expected a Var, got {}", obj.type_key())))?;
    let hint = if name.is_empty() { "v" } else { name };
    p.define(obj, hint, frame)
}

/// Append a statement to a frame other than the current one.
pub fn push_to_frame(p: &mut Printer, frame: FrameId, stmt: StmtDoc) -> Result<()> {
    p.frame_mut(frame).ok_or_else(|| Error::runtime("printer: frame gone"))?.stmts.push(stmt);
    Ok(())
}

/// The TIRx hook for a type key: scalar expressions Relax has no hook of its own for.
pub fn tirx_hook(p: &mut Printer, type_key: &str) -> Option<Hook> {
    p.push_dispatch_token(crate::dialects::tirx::printer::TOKEN);
    let hook = p.find_hook(type_key);
    p.pop_dispatch_token();
    hook
}

/// Print `obj` with the TIRx hook of its type (its operands still print under Relax).
pub fn via_tirx(p: &mut Printer, obj: &ObjectRef, path: &AccessPath) -> Result<crate::printer::Doc> {
    match tirx_hook(p, obj.type_key()) {
        Some(h) => h(obj, path, p),
        None => Ok(crate::printer::Doc::Expr(p.generic_doc(obj, path)?)),
    }
}

/// A statement `lhs: annotation` / `lhs` without a value (a parameter).
pub fn param_stmt(lhs: ExprDoc, annotation: Option<ExprDoc>) -> StmtDoc {
    StmtDoc::new(crate::printer::StmtKind::Assign { lhs, rhs: None, annotation })
}

#[cfg(test)]
mod tests {
    use super::{r, IMPORT_R};
    use crate::ir::Value;
    use crate::printer::{to_python, Doc, Printer, PrinterConfig};

    #[test]
    fn namespace_names_print_whole() {
        for (prefix, attr) in [("R", "Tensor"), ("R", "nn.softmax"), ("relax_namespace", "call_tir_inplace")] {
            let cfg = PrinterConfig::default().with_extra("relax.prefix", Value::str(prefix));
            let mut p = Printer::new(cfg.clone());
            let doc = r(&mut p, attr);
            let text = to_python(&Doc::Expr(doc), &cfg).expect("prints");
            assert_eq!(text.trim_end(), format!("{prefix}.{attr}"));
            assert!(p.uses_import(IMPORT_R));
        }
    }
}
