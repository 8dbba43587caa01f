//! Built-in TIRx passes whose meaning needs no code generator, registered by name in
//! the pass registry (`ir::pass`) for `tvm.tirx.transform` and Rust callers:
//! `tirx.RemoveNoOp` and `tirx.ConvertSSA` (and `tirx.StmtSimplify`, in `simplify.rs`).
//!
//! Where they stop: `RemoveNoOp` removes what is a no-op without the arithmetic
//! analyzer (evaluations without calls, loops and conditionals whose bodies do
//! nothing, empty or zero-trip loops, stores of a value to where it was loaded
//! from); it does not prove conditions or drop stores later overwritten.
//! `ConvertSSA` renames a variable at each definition after its first one, across
//! the module's functions (parameters and buffer-parameter shapes included); a later
//! use outside the redefinition's scope also sees the new name.

use std::collections::{HashMap, HashSet};

use super::nodes::{
    no_op, AttrStmtNode, BufferStoreNode, EvaluateNode, ForNode, IfThenElse, IfThenElseNode, PrimFuncNode, SeqStmt, SeqStmtNode,
};
use crate::ir::map::{pre_order_visit, structural_map, DefRegion, MapResult, WalkOrder};
use crate::ir::module::IRModule;
use crate::ir::object::EqKind;
use crate::ir::pass::{register_pass, FunctionPass, ModulePass, PassContext, PassInfo};
use crate::ir::{structural_equal, ObjectRef, Result, Value};

fn has_call(e: &ObjectRef) -> bool {
    let mut found = false;
    pre_order_visit(e, |n| {
        found |= n.is::<crate::ir::CallNode>();
        !found
    });
    found
}

/// Whether a statement (its children already simplified) does nothing.
fn is_no_op(s: &ObjectRef) -> bool {
    if let Some(e) = s.downcast_ref::<EvaluateNode>() {
        return !has_call(e.value.as_object());
    }
    if let Some(seq) = s.downcast_ref::<SeqStmtNode>() {
        return seq.seq.is_empty();
    }
    false
}

fn is_zero(e: &ObjectRef) -> bool {
    e.downcast_ref::<crate::ir::expr::IntImmNode>().is_some_and(|i| i.value == 0)
}

/// The simplified form of one statement whose children are simplified already.
fn simplify(s: ObjectRef) -> Result<MapResult> {
    let replace = |o: ObjectRef| Ok(MapResult::Replace(o));
    if let Some(seq) = s.downcast_ref::<SeqStmtNode>() {
        if !seq.seq.iter().any(|c| is_no_op(c.as_object())) {
            return Ok(MapResult::Unchanged);
        }
        let kept: Vec<_> = seq.seq.iter().filter(|c| !is_no_op(c.as_object())).cloned().collect();
        return match kept.len() {
            0 => replace(no_op()),
            1 => replace(kept[0].as_object().clone()),
            _ => replace(SeqStmt::new(SeqStmtNode { seq: kept, span: seq.span.clone() }).upcast()),
        };
    }
    if let Some(f) = s.downcast_ref::<ForNode>() {
        if is_no_op(f.body.as_object()) || is_zero(f.extent.as_object()) {
            return replace(no_op());
        }
        return Ok(MapResult::Unchanged);
    }
    if let Some(i) = s.downcast_ref::<IfThenElseNode>() {
        let else_no_op = i.else_case.as_ref().is_none_or(|e| is_no_op(e.as_object()));
        if is_no_op(i.then_case.as_object()) && else_no_op && !has_call(i.condition.as_object()) {
            return replace(no_op());
        }
        // Only the else branch does something: `if not cond:` it, as TVM's pass writes.
        if let Some(else_case) = i.else_case.as_ref().filter(|_| !else_no_op && is_no_op(i.then_case.as_object())) {
            let not = crate::ir::expr::Not::new(crate::ir::expr::NotNode {
                ty: i.condition.ty(),
                a: i.condition.clone(),
                span: Default::default(),
            });
            return replace(
                IfThenElse::new(IfThenElseNode { condition: not.into(), then_case: else_case.clone(), else_case: None, span: i.span.clone() })
                    .upcast(),
            );
        }
        if i.else_case.is_some() && else_no_op {
            return replace(s.with_field("else_case", Value::None)?);
        }
        return Ok(MapResult::Unchanged);
    }
    if let Some(a) = s.downcast_ref::<AttrStmtNode>() {
        return if is_no_op(a.body.as_object()) { replace(no_op()) } else { Ok(MapResult::Unchanged) };
    }
    if let Some(st) = s.downcast_ref::<BufferStoreNode>()
        && let Some(load) = st.value.as_object().downcast_ref::<crate::ir::expr::TensorLoadNode>()
        && load.source.as_object().same_as(&st.buffer.as_ref_obj())
        && structural_equal(&load.indices, &st.indices, false)
    {
        return replace(no_op());
    }
    Ok(MapResult::Unchanged)
}

fn remove_no_op(f: super::nodes::PrimFunc) -> Result<Option<super::nodes::PrimFunc>> {
    let body = f.body.as_object().clone();
    let new = structural_map(body.clone(), simplify, WalkOrder::PostOrder)?;
    if new.same_as(&body) {
        return Ok(None);
    }
    Ok(Some(f.as_ref_obj().with_field("body", Value::Object(new))?.downcast::<PrimFuncNode>()?))
}

/// The variables a statement defines directly (a loop variable, a `Bind`'s variable,
/// an allocated buffer), in pre-order over `body`.
fn direct_definitions(body: &ObjectRef) -> Vec<usize> {
    let stmt = super::nodes::stmt_info();
    let mut out = Vec::new();
    pre_order_visit(body, |n| {
        let info = n.type_info();
        if info.derives_from(stmt) {
            for (field, value) in info.fields.iter().zip(n.fields()) {
                if field.role == crate::ir::object::FieldRole::Def
                    && let Value::Object(v) = value
                    && v.type_info().eq_kind == EqKind::Var
                {
                    out.push(v.addr());
                }
            }
        }
        true
    });
    out
}

/// A variable of a function's signature that an earlier function of the module
/// defined already gets a fresh variable of the same name and type, as TVM's
/// `IRConvertSSA::VisitPrimFunc` gives one: first the scalar parameters and the
/// variables of buffer parameters' shapes, then the buffer parameters, whose types
/// take the fresh shape variables.
fn signature_remap(f: &ObjectRef, defined: &mut HashSet<usize>) -> Result<HashMap<usize, ObjectRef>> {
    let mut remap: HashMap<usize, ObjectRef> = HashMap::new();
    let params: Vec<ObjectRef> = match f.field("params") {
        Some(Value::Array(items)) => items.iter().filter_map(|v| if let Value::Object(o) = v { Some(o.clone()) } else { None }).collect(),
        _ => Vec::new(),
    };
    let is_buffer = |o: &ObjectRef| o.downcast_ref::<crate::ir::VarNode>().is_some_and(|v| super::nodes::buffer_type(v).is_some());
    let mut scalars: Vec<ObjectRef> = params.iter().filter(|p| !is_buffer(p)).cloned().collect();
    for p in params.iter().filter(|p| is_buffer(p)) {
        crate::ir::map::post_order_visit(&p.field("ty").unwrap_or(Value::None), |n| {
            if n.type_info().eq_kind == EqKind::Var && !scalars.iter().any(|s| s.same_as(n)) {
                scalars.push(n.clone());
            }
        });
    }
    for v in scalars {
        if !defined.insert(v.addr()) {
            remap.insert(v.addr(), v.rebuild(v.fields())?);
        }
    }
    for p in params.iter().filter(|p| is_buffer(p)) {
        let ty = p.field("ty").unwrap_or(Value::None);
        let new_ty = crate::ir::map::structural_map_value(
            &ty,
            |n: ObjectRef| -> Result<MapResult> {
                Ok(match remap.get(&n.addr()) {
                    Some(r) => MapResult::ReplaceAndSkip(r.clone()),
                    None => MapResult::Unchanged,
                })
            },
            WalkOrder::PreOrder,
        )?;
        let reused = !defined.insert(p.addr());
        if reused || !matches!((&ty, &new_ty), (Value::Object(a), Value::Object(b)) if a.same_as(b)) {
            let mut fields = p.fields();
            if let Some(i) = p.type_info().fields.iter().position(|fd| fd.name == "ty") {
                fields[i] = new_ty;
            }
            remap.insert(p.addr(), p.rebuild(fields)?);
        }
    }
    Ok(remap)
}

/// `tirx.ConvertSSA`: a variable defined again (by a statement of the same function,
/// or by a later function of the module) becomes a fresh variable of the same name
/// and type, used in place of the old one from there on.
fn convert_ssa(module: IRModule, _ctx: PassContext) -> Result<IRModule> {
    let mut defined: HashSet<usize> = HashSet::new();
    let mut out = module.clone();
    for (gv, f) in module.functions() {
        let Some(pf) = f.as_object().downcast_ref::<PrimFuncNode>() else { continue };
        let sig_remap = signature_remap(f.as_object(), &mut defined)?;
        let body = pf.body.as_object().clone();
        // Occurrences of direct definitions: the first of a variable not defined
        // before keeps it; each later one gets a fresh variable.
        let mut redefine: HashMap<usize, usize> = HashMap::new();
        let mut direct: HashMap<usize, usize> = HashMap::new();
        for v in direct_definitions(&body) {
            *direct.entry(v).or_default() += 1;
            if !defined.insert(v) {
                *redefine.entry(v).or_default() += 1;
            }
        }
        if redefine.is_empty() && sig_remap.is_empty() {
            continue;
        }
        let mut seen: HashMap<usize, usize> = HashMap::new();
        let mut remap: HashMap<usize, ObjectRef> = HashMap::new();
        let new_body = structural_map(
            body.clone(),
            |node: ObjectRef, region: DefRegion| -> Result<MapResult> {
                if node.type_info().eq_kind != EqKind::Var {
                    return Ok(MapResult::Unchanged);
                }
                let a = node.addr();
                if region == DefRegion::Def && redefine.contains_key(&a) {
                    let count = seen.entry(a).or_default();
                    *count += 1;
                    // Variables defined before the body keep no definition here;
                    // others keep their first one. (A definition field's nested
                    // variables count too: rare, and then a later one is renamed.)
                    if *count > direct[&a] - redefine[&a] {
                        let fresh = node.rebuild(node.fields())?;
                        remap.insert(a, fresh.clone());
                        return Ok(MapResult::ReplaceAndSkip(fresh));
                    }
                    remap.remove(&a);
                    return Ok(MapResult::Unchanged);
                }
                Ok(match remap.get(&a).or_else(|| sig_remap.get(&a)) {
                    Some(v) => MapResult::ReplaceAndSkip(v.clone()),
                    None => MapResult::Unchanged,
                })
            },
            WalkOrder::PreOrder,
        )?;
        let mut func = f.as_object().with_field("body", Value::Object(new_body))?;
        if !sig_remap.is_empty() {
            let params = f.as_object().field("params").unwrap_or(Value::None);
            let new_params = match params {
                Value::Array(items) => Value::Array(
                    items
                        .iter()
                        .map(|v| match v {
                            Value::Object(o) => Value::Object(sig_remap.get(&o.addr()).cloned().unwrap_or_else(|| o.clone())),
                            other => other.clone(),
                        })
                        .collect::<Vec<_>>()
                        .into(),
                ),
                other => other,
            };
            func = func.with_field("params", new_params)?;
        }
        out = out.update(gv.clone(), crate::ir::BaseFunc::try_from_object(func)?);
    }
    Ok(out)
}

fn remove_no_op_pass() -> crate::ir::pass::Pass {
    // As TVM's, a new function even when its body is unchanged (and shared).
    let pass = |f: super::nodes::PrimFunc, _m: IRModule, _c: PassContext| match remove_no_op(f.clone())? {
        Some(new) => Ok(Some(new)),
        None => Ok(f.as_ref_obj().rebuild(f.as_ref_obj().fields())?.try_downcast::<super::nodes::PrimFuncNode>()),
    };
    FunctionPass::new(pass, PassInfo::new(0, "tirx.RemoveNoOp")).into()
}

fn stmt_simplify_pass() -> crate::ir::pass::Pass {
    let pass = |f: super::nodes::PrimFunc, _m: IRModule, _c: PassContext| super::simplify::stmt_simplify(f);
    FunctionPass::new(pass, PassInfo::new(0, "tirx.StmtSimplify")).into()
}

fn convert_ssa_pass() -> crate::ir::pass::Pass {
    ModulePass::new(convert_ssa, PassInfo::new(0, "tirx.ConvertSSA")).into()
}

/// Register the TIRx passes, under their names here and TVM's global names
/// (`tirx.transform.<name>`, which `get_pass` and `required` lists use).
pub fn register() {
    for (name, factory) in [
        ("RemoveNoOp", remove_no_op_pass as crate::ir::pass::PassFactory),
        ("StmtSimplify", stmt_simplify_pass),
        ("ConvertSSA", convert_ssa_pass),
    ] {
        register_pass(&format!("tirx.{name}"), factory);
        register_pass(&format!("tirx.transform.{name}"), factory);
    }
}
