//! Shared helpers of the TIRx printer: the `T` prefix, frames, variable definitions.

use crate::dialects::tirx::nodes::is_buffer_var;
use crate::ir::{AccessPath, DataType, Error, ObjectRef, Result, VarNode};
use crate::printer::doc::{Doc, ExprDoc, StmtDoc, Text};
use crate::printer::{FrameId, Printer};

use super::{IMPORT_T, TOKEN};

/// The frame kind of every TIRx scope (function, loop, block ...).
pub const FRAME: &str = "tirx";

/// Per-frame state: whether the statement being printed is the last of its scope,
/// so that it may print "concisely" (its body at the same level instead of nested).
#[derive(Default)]
pub struct TirFrame {
    /// The statement being printed is the last of its scope (its body may print at the same level).
    pub concise: bool,
    /// Set on a function's frame: whether it is an S-TIR function (buffers default to
    /// no layout, blocks are allowed).
    pub s_tir: Option<bool>,
}

/// Whether the innermost enclosing function is an S-TIR function.
pub fn in_s_tir(p: &Printer) -> bool {
    p.frames().iter().rev().find_map(|f| f.data::<TirFrame>().and_then(|d| d.s_tir)).unwrap_or(false)
}

/// The alias of the TIRx namespace (`T`).
pub fn prefix(p: &Printer) -> String {
    p.config().extra_str("tirx.prefix", "T").to_string()
}

/// `T.<attr>` (dotted attributes nest: `T.axis.remap`), recording the import.
pub fn t(p: &mut Printer, attr: &str) -> ExprDoc {
    p.namespace_attr(IMPORT_T, "tirx.prefix", "T", attr)
}

/// Whether the TVM 0.27 spelling is wanted.
pub fn tvm_syntax(p: &Printer) -> bool {
    p.tvm_syntax()
}

/// `T.float32` etc.
pub fn dtype_doc(p: &mut Printer, d: DataType) -> ExprDoc {
    t(p, Text::from(d).as_str())
}

/// Push a TIRx frame owned by `owner`, with the dispatch token pushed in it.
pub fn push_frame(p: &mut Printer, owner: Option<ObjectRef>) -> FrameId {
    let id = p.push_frame(FRAME, owner);
    if let Some(f) = p.frame_mut(id) {
        f.data = Some(Box::new(TirFrame::default()));
    }
    if p.dispatch_token() != TOKEN {
        p.add_dispatch_token(TOKEN);
    }
    id
}

/// Run `f` in a new TIRx frame; returns its result and the frame's statements.
pub fn with_frame<R>(
    p: &mut Printer,
    owner: Option<ObjectRef>,
    f: impl FnOnce(&mut Printer, FrameId) -> Result<R>,
) -> Result<(R, Vec<StmtDoc>)> {
    let id = push_frame(p, owner);
    let result = f(p, id);
    while p.frames().len() > id.0 + 1 {
        p.pop_frame()?;
    }
    let frame = p.pop_frame()?;
    Ok((result?, frame.stmts))
}

fn set_concise(p: &mut Printer, id: FrameId, concise: bool) {
    if let Some(f) = p.frame_mut(id).and_then(|f| f.data_mut::<TirFrame>()) {
        f.concise = concise;
    }
}

/// Whether the statement being printed may scope its body concisely (it is the last
/// statement of the innermost TIRx frame and no annotation asks to keep it apart).
pub fn allow_concise(p: &Printer, obj: &ObjectRef) -> bool {
    if p.config().obj_to_annotate.iter().any(|(o, _)| o.same_as(obj)) {
        return false;
    }
    match p.frames().last().and_then(|f| f.data::<TirFrame>()) {
        Some(f) => f.concise,
        None => false,
    }
}

/// Emit a doc's statements into the current frame.
pub fn emit_doc(p: &mut Printer, doc: Doc) -> Result<()> {
    for s in doc.into_stmts() {
        p.emit(s)?;
    }
    Ok(())
}

/// Print a statement body into the current frame: the statements of a `SeqStmt` one
/// by one (only the last may scope concisely), anything else as one statement.
pub fn as_doc_body(p: &mut Printer, stmt: &ObjectRef, path: &AccessPath) -> Result<()> {
    let id = p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))?;
    if let Some(seq) = stmt.downcast_ref::<crate::dialects::tirx::nodes::SeqStmtNode>() {
        // Only a statement that is its scope's whole body may scope concisely.
        let n = seq.seq.len();
        set_concise(p, id, n == 1);
        let mut i = 0;
        while i < n {
            let sp = path.attr("seq").index(i);
            if let Some(next) = seq.seq.get(i + 1) {
                if let Some((alloc, store)) = super::stmt::scalar_merge_pair(p, &seq.seq[i], next) {
                    let mut doc = super::stmt::merged_scalar(p, alloc, &sp, store, &path.attr("seq").index(i + 1))?;
                    // As TVM: the line has no path of its own (a path to either
                    // statement underlines its nearest visible parent), takes the
                    // allocation's decorations, and the store's comment.
                    p.decorate_stmt(Some(&mut doc), &seq.seq[i], &sp);
                    for (o, note) in &p.config().obj_to_annotate.clone() {
                        if o.same_as(next) {
                            doc.add_comment(note);
                        }
                    }
                    doc.source_paths.push(path.clone());
                    p.emit(doc)?;
                    i += 2;
                    continue;
                }
            }
            let mut doc = p.as_doc(&seq.seq[i], &sp)?;
            doc.source_paths_mut().push(path.clone());
            emit_doc(p, doc)?;
            i += 1;
        }
    } else {
        set_concise(p, id, true);
        let doc = p.as_doc(stmt, path)?;
        emit_doc(p, doc)?;
    }
    Ok(())
}

/// The name hint of a variable: its name, or `v` (`buffer` for a buffer) when empty.
pub fn var_hint(var: &VarNode, obj: &ObjectRef) -> String {
    if !var.name.is_empty() {
        var.name.to_string()
    } else if is_buffer_var(obj) {
        "buffer".to_string()
    } else {
        "v".to_string()
    }
}

/// Define a variable in a frame under its own name (deduplicated) and return its id.
pub fn define_var(p: &mut Printer, obj: &ObjectRef, frame: FrameId) -> Result<ExprDoc> {
    let var = obj.downcast_ref::<VarNode>().ok_or_else(|| Error::type_error("expected a Var"))?;
    let hint = var_hint(var, obj);
    p.define(obj, &hint, frame)
}

/// The frame to define a free variable in: the innermost TIRx frame owning an
/// ancestor shared by all of the variable's uses, else the innermost TIRx frame.
pub fn find_lowest_var_def(p: &Printer, var: &ObjectRef) -> Option<FrameId> {
    let prefix = p.common_prefix(var)?;
    let frames = p.frames();
    for anc in prefix.iter().rev() {
        if let Some(i) = frames.iter().rposition(|f| f.kind == FRAME && f.owner.as_ref().is_some_and(|o| o.same_as(anc)))
        {
            return Some(FrameId(i));
        }
    }
    frames.iter().rposition(|f| f.kind == FRAME && f.owner.is_none()).map(FrameId)
}

/// Append a statement to a frame other than the current one (a definition hoisted
/// to the scope it belongs to).
pub fn push_to_frame(p: &mut Printer, frame: FrameId, stmt: StmtDoc) -> Result<()> {
    p.frame_mut(frame).ok_or_else(|| Error::runtime("printer: frame gone"))?.stmts.push(stmt);
    Ok(())
}
