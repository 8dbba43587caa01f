//! Bindings, blocks and sequences: `lv: R.Tensor(...) = value`, `R.match_cast`,
//! `if`/`else` bindings, `with R.dataflow():` blocks ending in `R.output(...)`, and the
//! statements of a `SeqExpr` (a function body, an `if` branch).

use crate::dialects::relax::nodes::{
    AnyVar, BindingBlockNode, DataflowBlockNode, DataflowVarNode, FunctionNode, IfNode,
    MatchCastNode, SeqExpr, SeqExprNode, VarBindingNode,
};
use crate::ir::{AccessPath, CallNode, Error, Expr, ObjectRef, OpNode, Result, TupleGetItemNode, TupleNode, TupleTypeNode, Type};
use crate::printer::doc::{Doc, ExprDoc, StmtBlockDoc, StmtDoc, StmtKind};
use crate::printer::{register_print_hook, Printer, DEFAULT_TOKEN};

use super::util::{define_var, r, with_frame};

/// The type a value has by itself, to leave out an annotation that repeats it.
fn own_type(value: &Expr) -> Option<Type> {
    if let Some(call) = value.downcast_ref::<CallNode>() {
        if let Some(op) = call.op.downcast_ref::<OpNode>() {
            // Their inference rules give the single `out_ty` or fail (then the fallback
            // below gives it too): no need to run them.
            if matches!(&*op.name, "relax.call_tir" | "relax.call_dps_packed") {
                return match call.ty_args.as_slice() {
                    [one] => Some(one.clone()),
                    _ => None,
                };
            }
            let inferred = crate::ir::op::infer_call_type(call).ok().filter(|t| !t.is_missing());
            // The output type of a DPS call is its `out_ty`, even where the callee's type
            // is not known well enough to check it.
            if inferred.is_none() && matches!(&*op.name, "relax.call_tir" | "relax.call_dps_packed")
                && let [one] = call.ty_args.as_slice() {
                    return Some(one.clone());
                }
            return inferred;
        }
        return None;
    }
    if let Some(t) = value.downcast_ref::<TupleNode>() {
        return Some(crate::dialects::relax::types::tuple_type(t.fields.iter().map(|f| f.ty()).collect()));
    }
    if let Some(g) = value.downcast_ref::<TupleGetItemNode>() {
        let ty = g.tuple_value.ty();
        let t = ty.downcast_ref::<TupleTypeNode>()?;
        return usize::try_from(g.index).ok().and_then(|i| t.fields.get(i).cloned());
    }
    // A trivial binding (a DataflowVar is a Var to TVM's check too).
    if value.as_var().is_some() || value.is::<crate::dialects::relax::nodes::DataflowVarNode>() {
        return Some(value.ty());
    }
    None
}

/// TVM's `TypeAsAnn`: the annotation of a bound variable. With `relax.show_all_ty`
/// off, or for `call_tir` / `call_dps_packed` values, it is left out when it equals the
/// value's own type.
pub fn binding_annotation(
    p: &mut Printer,
    var: &AnyVar,
    var_path: &AccessPath,
    rhs: Option<&Expr>,
) -> Result<Option<ExprDoc>> {
    let ty = var.ty();
    if ty.is_missing() {
        return Ok(None);
    }
    let mut hide = !p.config().extra_bool("relax.show_all_ty", true);
    if let Some(call) = rhs.and_then(|v| v.downcast_ref::<CallNode>())
        && let Some(op) = call.op.downcast_ref::<OpNode>()
            && matches!(&*op.name, "relax.call_tir" | "relax.call_dps_packed") {
                hide = true;
            }
    if hide
        && let Some(own) = rhs.and_then(own_type)
            && super::type_eq::quick_equal(&own, &ty).unwrap_or_else(|| crate::ir::structural_equal(&own, &ty, false)) {
                return Ok(None);
            }
    p.to_doc(&ty, &var_path.attr("ty")).map(Some)
}

fn current_frame(p: &Printer) -> Result<crate::printer::FrameId> {
    p.current_frame().ok_or_else(|| Error::runtime("printer: no frame"))
}

/// `if cond: ... else: ...`, each branch ending in `var: ann = <branch result>` when
/// the `If` is bound.
fn if_doc(p: &mut Printer, n: &IfNode, path: &AccessPath, var: Option<(ExprDoc, Option<ExprDoc>)>) -> Result<StmtDoc> {
    let cond = p.to_doc(&n.cond, &path.attr("cond"))?;
    let mut branches = [
        seq_stmts(p, &n.true_branch, &path.attr("true_branch"), false)?,
        seq_stmts(p, &n.false_branch, &path.attr("false_branch"), false)?,
    ];
    if let Some((lhs, ann)) = var {
        for stmts in branches.iter_mut() {
            if let Some(last) = stmts.pop() {
                let StmtKind::Expr(ret) = last.kind else {
                    return Err(Error::type_error("the last statement of an if branch must be its result"));
                };
                stmts.push(StmtDoc::new(StmtKind::Assign { lhs: lhs.clone(), rhs: Some(ret), annotation: ann.clone() }));
            }
        }
    }
    let [then_branch, else_branch] = branches;
    Ok(StmtDoc::if_(cond, then_branch, else_branch))
}

fn is_void(ty: &ObjectRef) -> bool {
    ty.downcast_ref::<TupleTypeNode>().is_some_and(|t| t.fields.is_empty())
}

fn var_binding(p: &mut Printer, n: &VarBindingNode, path: &AccessPath) -> Result<Doc> {
    let var_obj: &ObjectRef = &n.var.0;
    let var_path = path.attr("var");
    if let Some(if_) = n.value.downcast_ref::<IfNode>() {
        let mut ann = binding_annotation(p, &n.var, &var_path, Some(&n.value))?;
        if ann.is_none() && n.var.ty().as_prim().is_some() {
            ann = Some(p.to_doc(&n.var.ty(), &var_path.attr("ty"))?);
        }
        let frame = current_frame(p)?;
        let lhs = define_var(p, var_obj, frame)?;
        return Ok(Doc::from(if_doc(p, if_, &path.attr("value"), Some((lhs, ann)))?));
    }
    if n.value.is::<FunctionNode>() {
        // A local function prints as a nested `def` named after its variable.
        let frame = current_frame(p)?;
        let lhs = define_var(p, var_obj, frame)?;
        let name = lhs.as_id().unwrap_or_default().to_string();
        p.push_binding_name(&name);
        let doc = p.as_doc(&n.value, &path.attr("value"));
        p.pop_binding_name();
        return doc;
    }
    if p.config().syntax_sugar && n.value.expr_ty().is_some_and(is_void) && n.var.expr_ty().is_some_and(is_void) {
        let rhs = p.to_doc(&n.value, &path.attr("value"))?;
        return Ok(Doc::from(StmtDoc::expr(rhs)));
    }
    let rhs = p.to_doc(&n.value, &path.attr("value"))?;
    let mut ann = binding_annotation(p, &n.var, &var_path, Some(&n.value))?;
    if ann.is_none() && n.var.ty().as_prim().is_some() {
        ann = Some(p.to_doc(&n.var.ty(), &var_path.attr("ty"))?);
    }
    let frame = current_frame(p)?;
    let lhs = define_var(p, var_obj, frame)?;
    Ok(Doc::from(StmtDoc::new(StmtKind::Assign { lhs, rhs: Some(rhs), annotation: ann })))
}

fn match_cast(p: &mut Printer, n: &MatchCastNode, path: &AccessPath) -> Result<Doc> {
    let var_path = path.attr("var");
    let ann = if p.config().extra_bool("relax.show_all_ty", true) {
        binding_annotation(p, &n.var, &var_path, Some(&n.value))?
    } else {
        None
    };
    let value = p.to_doc(&n.value, &path.attr("value"))?;
    let ty = p.to_doc(&n.ty, &path.attr("ty"))?;
    let rhs = r(p, "match_cast").call(vec![value, ty]);
    let frame = current_frame(p)?;
    let lhs = define_var(p, &n.var.0, frame)?;
    Ok(Doc::from(StmtDoc::new(StmtKind::Assign { lhs, rhs: Some(rhs), annotation: ann })))
}

/// The statements of a block's bindings; `outputs` collects the variables a dataflow
/// block exports.
fn block_stmts(
    p: &mut Printer,
    bindings: &[crate::dialects::relax::nodes::Binding],
    path: &AccessPath,
    mut outputs: Option<&mut Vec<ExprDoc>>,
) -> Result<Vec<StmtDoc>> {
    let bp = path.attr("bindings");
    // Most bindings are one statement each.
    let mut stmts = Vec::with_capacity(bindings.len() + 1);
    for (i, b) in bindings.iter().enumerate() {
        let p_i = bp.index(i);
        p.as_doc(b, &p_i)?.append_stmts_to(&mut stmts);
        if let (Some(out), Some(var)) = (outputs.as_deref_mut(), b.var())
            && !var.0.is::<DataflowVarNode>() {
                out.push(p.to_doc(&var.0, &p_i.attr("var"))?);
            }
    }
    Ok(stmts)
}

/// The statements of a sequence, in a frame of its own: its blocks, then its result
/// as `return x` (a function body) or as an expression statement (an `if` branch).
pub fn seq_stmts(p: &mut Printer, seq: &SeqExpr, path: &AccessPath, use_ret: bool) -> Result<Vec<StmtDoc>> {
    let (_, stmts) = with_frame(p, Some(seq.as_ref_obj()), false, |p, _| {
        let blp = path.attr("blocks");
        for (i, block) in seq.blocks.iter().enumerate() {
            let doc = p.as_doc(block, &blp.index(i))?;
            for s in doc.into_stmts() {
                p.emit(s)?;
            }
        }
        let ret = p.to_doc(&seq.body, &path.attr("body"))?;
        p.emit(if use_ret { StmtDoc::return_(ret) } else { StmtDoc::expr(ret) })
    })?;
    Ok(stmts)
}

/// Register the binding, block and sequence hooks.
pub fn register() {
    register_print_hook(DEFAULT_TOKEN, "relax.expr.VarBinding", |obj, path, p| {
        let n = obj.downcast_ref::<VarBindingNode>().ok_or_else(|| Error::type_error("expected a VarBinding"))?;
        var_binding(p, n, path)
    });
    register_print_hook(DEFAULT_TOKEN, "relax.expr.MatchCast", |obj, path, p| {
        let n = obj.downcast_ref::<MatchCastNode>().ok_or_else(|| Error::type_error("expected a MatchCast"))?;
        match_cast(p, n, path)
    });
    register_print_hook(DEFAULT_TOKEN, "relax.expr.If", |obj, path, p| {
        let n = obj.downcast_ref::<IfNode>().ok_or_else(|| Error::type_error("expected an If"))?;
        Ok(Doc::from(if_doc(p, n, path, None)?))
    });
    register_print_hook(DEFAULT_TOKEN, "relax.expr.BindingBlock", |obj, path, p| {
        let n = obj.downcast_ref::<BindingBlockNode>().ok_or_else(|| Error::type_error("expected a BindingBlock"))?;
        Ok(Doc::Block(StmtBlockDoc::new(block_stmts(p, &n.bindings, path, None)?)))
    });
    register_print_hook(DEFAULT_TOKEN, "relax.expr.DataflowBlock", |obj, path, p| {
        let n = obj.downcast_ref::<DataflowBlockNode>().ok_or_else(|| Error::type_error("expected a DataflowBlock"))?;
        let mut outputs = Vec::new();
        let mut stmts = block_stmts(p, &n.bindings, path, Some(&mut outputs))?;
        stmts.push(StmtDoc::expr(r(p, "output").call(outputs)));
        Ok(Doc::from(StmtDoc::scope(None, r(p, "dataflow").call(vec![]), stmts)))
    });
    register_print_hook(DEFAULT_TOKEN, "relax.expr.SeqExpr", |obj, path, p| {
        let seq: SeqExpr = obj.downcast::<SeqExprNode>()?;
        Ok(Doc::Block(StmtBlockDoc::new(seq_stmts(p, &seq, path, false)?)))
    });
}
