//! Built-in Relax passes whose meaning needs no code generator, registered by name in
//! the pass registry (`ir::pass`) for `tvm.relax.transform` and Rust callers:
//! `relax.CanonicalizeRelaxBindings` and `relax.CanonicalizeTIRVariables` (the two
//! passes of TVM's `CanonicalizeBindings`), `relax.DeadCodeElimination` and
//! `relax.Normalize`; and the analyses dead code elimination shares with
//! `tvm.relax.analysis`: `contains_impure_call`, `remove_all_unused`.
//!
//! Where they stop: `CanonicalizeTIRVariables` and `Normalize` return their input
//! (functions built by the parser are normalised already, and symbolic variables
//! are not yet unified); `CanonicalizeRelaxBindings` removes trivial rebindings
//! (`y = x` with equal types); `DeadCodeElimination` removes unused bindings of
//! pure values and functions no public function reaches.

use std::collections::{HashMap, HashSet};

use super::nodes::{
    AnyBlock, BindingBlockNode, DataflowBlockNode, DataflowVarNode, ExternFuncNode, Function, FunctionNode, SeqExprNode,
};
use super::types::FuncTypeNode;
use crate::ir::map::{pre_order_visit, structural_map, structural_walk, DefRegion, MapResult, WalkControl, WalkOrder};
use crate::ir::module::IRModule;
use crate::ir::object::EqKind;
use crate::ir::pass::{register_pass, FunctionPass, ModulePass, Pass, PassContext, PassInfo, Sequential};
use crate::ir::{structural_equal, BaseFunc, ObjectRef, Result, Value};

fn is_var(o: &ObjectRef) -> bool {
    o.type_info().eq_kind == EqKind::Var && !o.is::<crate::ir::expr::GlobalVarNode>()
}

/// A binding block with the bindings `keep` accepts (the same block when it keeps all).
fn filter_block(block: &ObjectRef, keep: impl Fn(&ObjectRef) -> bool) -> Option<ObjectRef> {
    let (bindings, dataflow, span) = if let Some(b) = block.downcast_ref::<DataflowBlockNode>() {
        (&b.bindings, true, b.span.clone())
    } else if let Some(b) = block.downcast_ref::<BindingBlockNode>() {
        (&b.bindings, false, b.span.clone())
    } else {
        return None;
    };
    let var_of = |b: &super::nodes::Binding| b.var().map(|v| v.0.clone());
    if bindings.iter().all(|b| var_of(b).is_none_or(|v| keep(&v))) {
        return None;
    }
    let kept = bindings.iter().filter(|b| var_of(b).is_none_or(|v| keep(&v))).cloned().collect();
    Some(AnyBlock::make(dataflow, kept, span).0)
}

/// `f` without the binding blocks that became empty.
fn drop_empty_blocks(f: ObjectRef) -> Result<ObjectRef> {
    structural_map(
        f,
        |s: ObjectRef| -> Result<MapResult> {
            let Some(seq) = s.downcast_ref::<SeqExprNode>() else { return Ok(MapResult::Unchanged) };
            if seq.blocks.iter().all(|b| !b.bindings().is_empty()) {
                return Ok(MapResult::Unchanged);
            }
            let blocks = seq.blocks.iter().filter(|b| !b.bindings().is_empty()).cloned().collect();
            let new = super::nodes::SeqExpr::new(SeqExprNode { ty: seq.ty.clone(), blocks, body: seq.body.clone(), span: seq.span.clone() });
            Ok(MapResult::Replace(new.upcast()))
        },
        WalkOrder::PostOrder,
    )
}

// ---------------------------------------------------------------------------
// CanonicalizeRelaxBindings.

/// Remove `y = x` where both are variables of equal types: uses of `y` become `x`;
/// when `y` is a block output and `x` a dataflow variable, `x`'s definition becomes `y`'s.
fn canonicalize_bindings(f: Function) -> Result<Option<Function>> {
    let mut replace: HashMap<usize, ObjectRef> = HashMap::new();
    let mut removed: HashSet<usize> = HashSet::new();
    pre_order_visit(&f.as_ref_obj(), |n| {
        if let Some(b) = n.downcast_ref::<super::nodes::VarBindingNode>() {
            let value = b.value.as_object().clone();
            let same_type = value.expr_ty().is_some_and(|xt| structural_equal(b.var.ty().as_object(), xt, false));
            if is_var(&value) && same_type {
                let y = b.var.0.clone();
                let x = replace.get(&value.addr()).cloned().unwrap_or(value);
                removed.insert(y.addr());
                if y.is::<DataflowVarNode>() || !x.is::<DataflowVarNode>() {
                    replace.insert(y.addr(), x);
                } else {
                    // `y` (an output) takes over the definition of the dataflow variable `x`.
                    replace.insert(x.addr(), y);
                }
            }
        }
        true
    });
    if removed.is_empty() {
        return Ok(None);
    }
    let out = structural_map(
        f.upcast(),
        |node: ObjectRef, _region: DefRegion| -> Result<MapResult> {
            if is_var(&node) {
                return Ok(match replace.get(&node.addr()) {
                    Some(t) => MapResult::Replace(t.clone()),
                    None => MapResult::Unchanged,
                });
            }
            Ok(match filter_block(&node, |v| !removed.contains(&v.addr())) {
                Some(b) => MapResult::Replace(b),
                None => MapResult::Unchanged,
            })
        },
        WalkOrder::PreOrder,
    )?;
    let out = drop_empty_blocks(out)?;
    Ok(Some(out.downcast::<FunctionNode>()?))
}

// ---------------------------------------------------------------------------
// DeadCodeElimination.

/// Whether a call has a visible effect (TVM's `IsImpureCall`): an operator whose
/// `FPurity` is false, an extern function, or a callee whose function type is
/// impure. With a module, a GlobalVar callee is judged by the function it names.
pub fn is_impure_call(c: &crate::ir::CallNode, module: Option<&IRModule>) -> bool {
    let op = c.op.as_object();
    if let Some(o) = op.downcast_ref::<crate::ir::OpNode>() {
        return crate::ir::Op::lookup(&o.name).and_then(|r| r.get_attr("FPurity")) == Some(Value::Bool(false));
    }
    if op.is::<ExternFuncNode>() {
        return true;
    }
    if let (Some(module), Some(g)) = (module, op.downcast_ref::<crate::ir::expr::GlobalVarNode>()) {
        return match module.lookup(&g.name_hint) {
            Some(f) => f.as_object().downcast_ref::<FunctionNode>().is_none_or(|f| !f.is_pure),
            None => true,
        };
    }
    op.expr_ty().and_then(|t| t.downcast_ref::<FuncTypeNode>().map(|t| !t.purity)).unwrap_or(true)
}

/// Whether evaluating `value` may have an effect: an impure call outside the
/// functions it defines (TVM's `ContainsImpureCall`; a function is judged by its
/// body, and calls of `own_name` are the function's own recursion).
pub fn contains_impure_call(value: &ObjectRef, own_name: Option<&ObjectRef>, module: Option<&IRModule>) -> bool {
    let root = match value.downcast_ref::<FunctionNode>() {
        Some(f) => f.body.as_ref_obj(),
        None => value.clone(),
    };
    let mut found = false;
    pre_order_visit(&root, |n| {
        if found || n.is::<FunctionNode>() || n.type_info().derives_from(crate::ir::Type::category_info()) {
            return false;
        }
        if let Some(c) = n.downcast_ref::<crate::ir::CallNode>() {
            let recursive = own_name.is_some_and(|o| c.op.as_object().same_as(o));
            found |= !recursive && is_impure_call(c, module);
        }
        !found
    });
    found
}

fn impure(value: &ObjectRef, module: &IRModule) -> bool {
    contains_impure_call(value, None, Some(module))
}

// ---------------------------------------------------------------------------
// remove_all_unused.

/// Who uses each variable (TVM's `UDChain`): the variables whose bound values use
/// it; a use outside any binding's value (a sequence's result, a `match_cast`'s
/// value at the top, anything in a nested function) makes it an output.
#[derive(Default)]
struct Usage {
    users: Vec<(ObjectRef, Vec<ObjectRef>)>,
    outputs: Vec<ObjectRef>,
    bound: Vec<(ObjectRef, ObjectRef)>,
}

impl Usage {
    fn define(&mut self, v: &ObjectRef) {
        if !self.users.iter().any(|(k, _)| k.same_as(v)) {
            self.users.push((v.clone(), Vec::new()));
        }
    }
    fn use_var(&mut self, v: &ObjectRef, user: Option<&ObjectRef>) {
        match user {
            Some(u) => match self.users.iter_mut().find(|(k, _)| k.same_as(v)) {
                Some((_, us)) => {
                    if !us.iter().any(|x| x.same_as(u)) {
                        us.push(u.clone());
                    }
                }
                None => self.users.push((v.clone(), vec![u.clone()])),
            },
            None => {
                if !self.outputs.iter().any(|x| x.same_as(v)) {
                    self.outputs.push(v.clone());
                }
            }
        }
    }
    fn visit(&mut self, e: &ObjectRef, user: Option<&ObjectRef>) {
        if let Some(f) = e.downcast_ref::<FunctionNode>() {
            for p in &f.params {
                self.define(&p.as_ref_obj());
            }
            self.visit(&f.body.as_ref_obj(), None);
            return;
        }
        if let Some(seq) = e.downcast_ref::<SeqExprNode>() {
            for block in &seq.blocks {
                for b in block.bindings() {
                    let Some(var) = b.var().map(|v| v.0.clone()) else { continue };
                    let value = b.value().map(|v| v.as_object().clone());
                    self.define(&var);
                    if let Some(value) = value {
                        if b.as_object().is::<super::nodes::VarBindingNode>() {
                            self.bound.push((var.clone(), value.clone()));
                            self.visit(&value, Some(&var));
                        } else {
                            self.visit(&value, user);
                        }
                    }
                }
            }
            self.visit(seq.body.as_object(), user);
            return;
        }
        if is_var(e) {
            self.use_var(e, user);
            return;
        }
        if e.type_info().derives_from(crate::ir::Type::category_info()) {
            return;
        }
        for f in e.fields() {
            self.visit_value(&f, user);
        }
    }
    fn visit_value(&mut self, v: &Value, user: Option<&ObjectRef>) {
        match v {
            Value::Object(o) => self.visit(o, user),
            Value::Array(items) => items.iter().for_each(|x| self.visit_value(x, user)),
            _ => {}
        }
    }
}

/// `expr` without the variable bindings nothing uses, transitively (TVM's
/// `relax.analysis.remove_all_unused`): a binding outside a dataflow block stays
/// when its value has an effect; blocks left empty go.
pub fn remove_all_unused(expr: ObjectRef) -> Result<ObjectRef> {
    let mut usage = Usage::default();
    usage.visit(&expr, None);
    let mut exposed = usage.outputs.clone();
    for (var, value) in &usage.bound {
        if contains_impure_call(value, None, None) {
            exposed.push(var.clone());
        }
    }
    let mut users = usage.users;
    let mut unused: Vec<ObjectRef> = Vec::new();
    loop {
        let newly: Vec<ObjectRef> = users
            .iter()
            .filter(|(v, us)| us.is_empty() && !exposed.iter().any(|x| x.same_as(v)) && !unused.iter().any(|x| x.same_as(v)))
            .map(|(v, _)| v.clone())
            .collect();
        if newly.is_empty() {
            break;
        }
        for (_, us) in users.iter_mut() {
            us.retain(|u| !newly.iter().any(|n| n.same_as(u)));
        }
        users.retain(|(v, _)| !newly.iter().any(|n| n.same_as(v)));
        unused.extend(newly);
    }
    let unused: HashSet<usize> = unused.iter().map(|v| v.addr()).collect();
    let removable = |block: &ObjectRef| -> Option<ObjectRef> {
        let dataflow = block.is::<DataflowBlockNode>();
        let (bindings, span) = if let Some(b) = block.downcast_ref::<DataflowBlockNode>() {
            (&b.bindings, b.span.clone())
        } else if let Some(b) = block.downcast_ref::<BindingBlockNode>() {
            (&b.bindings, b.span.clone())
        } else {
            return None;
        };
        let drop = |b: &super::nodes::Binding| {
            b.as_object().is::<super::nodes::VarBindingNode>()
                && b.var().is_some_and(|v| unused.contains(&v.0.addr()))
                && (dataflow || b.value().is_none_or(|v| !contains_impure_call(v.as_object(), None, None)))
        };
        if !bindings.iter().any(drop) {
            return None;
        }
        let kept = bindings.iter().filter(|b| !drop(b)).cloned().collect();
        Some(AnyBlock::make(dataflow, kept, span).0)
    };
    let out = structural_map(
        expr,
        |node: ObjectRef| -> Result<MapResult> {
            Ok(match removable(&node) {
                Some(b) => MapResult::Replace(b),
                None => MapResult::Unchanged,
            })
        },
        WalkOrder::PostOrder,
    )?;
    drop_empty_blocks(out)
}

fn eliminate_in_function(f: Function, module: &IRModule) -> Result<Option<Function>> {
    let mut current = f.upcast();
    let mut changed = false;
    loop {
        let mut used: HashSet<usize> = HashSet::new();
        structural_walk(
            &current,
            |n, region| {
                if region == DefRegion::Use && is_var(n) {
                    used.insert(n.addr());
                }
                Ok(WalkControl::Advance)
            },
            WalkOrder::PreOrder,
        )?;
        let mut dead: HashSet<usize> = HashSet::new();
        pre_order_visit(&current, |n| {
            if let Some(b) = n.downcast_ref::<super::nodes::VarBindingNode>() {
                if !used.contains(&b.var.0.addr()) && !impure(b.value.as_object(), module) {
                    dead.insert(b.var.0.addr());
                }
            } else if let Some(b) = n.downcast_ref::<super::nodes::MatchCastNode>()
                && !used.contains(&b.var.0.addr())
                && !impure(b.value.as_object(), module)
            {
                dead.insert(b.var.0.addr());
            }
            true
        });
        if dead.is_empty() {
            break;
        }
        changed = true;
        current = structural_map(
            current,
            |node: ObjectRef| -> Result<MapResult> {
                Ok(match filter_block(&node, |v| !dead.contains(&v.addr())) {
                    Some(b) => MapResult::Replace(b),
                    None => MapResult::Unchanged,
                })
            },
            WalkOrder::PreOrder,
        )?;
    }
    if !changed {
        return Ok(None);
    }
    Ok(Some(drop_empty_blocks(current)?.downcast::<FunctionNode>()?))
}

fn is_public(f: &BaseFunc) -> bool {
    match f.as_object().field("attrs") {
        Some(Value::Map(m)) => m.iter().any(|(k, _)| matches!(k, Value::Str(s) if &**s == "global_symbol")),
        _ => false,
    }
}

/// The module without the functions no public function reaches.
fn remove_unreachable(module: IRModule) -> Result<IRModule> {
    let mut reached: HashSet<String> = HashSet::new();
    let mut todo: Vec<String> = module.functions().filter(|(_, f)| is_public(f)).map(|(g, _)| g.name_hint.to_string()).collect();
    if todo.is_empty() {
        return Ok(module);
    }
    while let Some(name) = todo.pop() {
        if !reached.insert(name.clone()) {
            continue;
        }
        if let Some(f) = module.lookup(&name) {
            pre_order_visit(f.as_object(), |n| {
                if let Some(g) = n.downcast_ref::<crate::ir::expr::GlobalVarNode>() {
                    todo.push(g.name_hint.to_string());
                }
                true
            });
        }
    }
    let unreached: Vec<String> = module.functions().map(|(g, _)| g.name_hint.to_string()).filter(|n| !reached.contains(n)).collect();
    unreached.iter().try_fold(module, |m, name| m.remove(name))
}

fn dead_code_elimination(module: IRModule, _ctx: PassContext) -> Result<IRModule> {
    let module = remove_unreachable(module)?;
    let mut out = module.clone();
    for (gv, f) in module.functions() {
        if let Some(func) = f.as_object().try_downcast::<FunctionNode>() {
            let new = match eliminate_in_function(func.clone(), &module)? {
                Some(new) => new,
                None => rebuilt(&func),
            };
            out = out.update(gv.clone(), new);
        }
    }
    Ok(out)
}

/// The function as TVM's expression mutators return it even when nothing changed: a
/// new function, body sequence and blocks over the same bindings and parameters.
fn rebuilt(f: &Function) -> Function {
    let seq = &f.body;
    let blocks = seq.blocks.iter().map(|b| AnyBlock::make(b.is_dataflow(), b.bindings().to_vec(), crate::ir::Span::none())).collect();
    let body = super::nodes::SeqExpr::new(SeqExprNode { ty: seq.ty.clone(), blocks, body: seq.body.clone(), span: seq.span.clone() });
    Function::new(FunctionNode {
        ty: f.ty.clone(),
        attrs: f.attrs.clone(),
        params: f.params.clone(),
        body,
        ret_ty: f.ret_ty.clone(),
        is_pure: f.is_pure,
        span: f.span.clone(),
    })
}

// ---------------------------------------------------------------------------
// Registration.

fn function_pass(f: fn(Function) -> Result<Option<Function>>, level: i32, name: &str) -> Pass {
    FunctionPass::new(
        move |func: Function, _m: IRModule, _c: PassContext| Ok(Some(f(func.clone())?.unwrap_or_else(|| rebuilt(&func)))),
        PassInfo::new(level, name),
    )
    .into()
}

fn canonicalize_relax_bindings_pass() -> Pass {
    let p = function_pass(canonicalize_bindings, 1, "CanonicalizeRelaxBindings");
    ModulePass::new(move |m, c| crate::ir::pass::transform_only(&p, m, &c), PassInfo::new(1, "CanonicalizeRelaxBindings")).into()
}

fn canonicalize_tir_variables_pass() -> Pass {
    ModulePass::new(|m, _| Ok(m), PassInfo::new(1, "CanonicalizeTIRVariables")).into()
}

fn dead_code_elimination_pass() -> Pass {
    ModulePass::new(dead_code_elimination, PassInfo::new(1, "DeadCodeElimination")).into()
}

fn normalize_pass() -> Pass {
    function_pass(
        |f| {
            // An unchanged function comes back rebuilt, as TVM's pass returns it.
            let n = super::normalize::normalize_function(&f)?;
            Ok((!n.ptr_eq(&f)).then_some(n))
        },
        1,
        "Normalize",
    )
}

fn canonicalize_bindings_pass() -> Pass {
    Sequential::new([canonicalize_tir_variables_pass(), canonicalize_relax_bindings_pass()], PassInfo::new(0, "CanonicalizeBindings")).into()
}

/// Register the Relax passes, under their names here and TVM's global names
/// (`relax.transform.<name>`, which `get_pass` and `required` lists use).
pub fn register() {
    register_pass("relax.CanonicalizeRelaxBindings", canonicalize_relax_bindings_pass);
    register_pass("relax.CanonicalizeTIRVariables", canonicalize_tir_variables_pass);
    register_pass("relax.DeadCodeElimination", dead_code_elimination_pass);
    register_pass("relax.Normalize", normalize_pass);
    register_pass("relax.transform.Normalize", normalize_pass);
    register_pass("relax.transform.DeadCodeElimination", dead_code_elimination_pass);
    register_pass("relax.transform.CanonicalizeBindings", canonicalize_bindings_pass);
}
