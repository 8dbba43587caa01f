//! Emitting bindings the way TVM's block builder normalises them: a call nested in
//! another call's arguments (or in a tuple, or indexed) is bound first to a fresh
//! variable (`gv`, `gv1` … / `lv` … in dataflow blocks); variables, constants,
//! shapes, prim values, strings and functions stay inline. Every emitted binding
//! uses one fresh name, even when the script then names the variable.

use crate::dialects::relax::nodes::{
    AnyVar, DataflowVar, DataflowVarNode, ExternFuncNode, FunctionNode, GenericConstNode, MatchCast, ShapeExprNode,
    VarBinding,
};
use crate::ir::{
    self, Call, ObjectRef, CallNode, Error, Expr, GlobalVarNode, OpNode, Result, Span, Tuple, TupleGetItem, TupleGetItemNode,
    TupleNode, Type, Var, VarNode,
};

use super::frame::with_func;

/// Whether an expression stays inline where it is used (TVM's leaf nodes).
pub fn is_leaf(e: &Expr) -> bool {
    e.is::<VarNode>()
        || e.is::<DataflowVarNode>()
        || e.is::<GenericConstNode>()
        || e.is::<ShapeExprNode>()
        || e.is::<ir::StringImmNode>()
        || e.is::<GlobalVarNode>()
        || e.is::<ExternFuncNode>()
        || e.is::<OpNode>()
        || e.is::<FunctionNode>()
        || (!e.is::<CallNode>()
            && !e.is::<TupleNode>()
            && !e.is::<TupleGetItemNode>()
            && !e.is::<crate::dialects::relax::nodes::IfNode>()
            && !e.is::<crate::dialects::relax::nodes::SeqExprNode>())
}

/// Where normalisation binds the operands it takes out of an expression: a
/// script's function frame ([`bind_fresh`]) or a `relax.BlockBuilder`.
pub type Bind<'a> = &'a mut dyn FnMut(Expr) -> Result<AnyVar>;

/// Normalise the operands of `e` (not `e` itself), binding them in the current
/// function frame.
pub fn normalize_children(e: Expr) -> Result<Expr> {
    normalize_children_with(e, &mut bind_fresh)
}

/// An operand, bound in the current function frame when it is not a leaf.
pub fn normalize_arg(e: Expr) -> Result<Expr> {
    normalize_arg_with(e, &mut bind_fresh)
}

/// Normalise the operands of `e` (not `e` itself), binding each non-leaf operand
/// (innermost first) through `bind`.
pub fn normalize_children_with(e: Expr, bind: Bind) -> Result<Expr> {
    if let Some(c) = e.downcast_ref::<CallNode>() {
        let mut changed = false;
        let mut args = Vec::with_capacity(c.args.len());
        for a in &c.args {
            let n = normalize_arg_with(a.clone(), bind)?;
            changed |= !n.same_as(a);
            args.push(n);
        }
        // A call made without a type (`relax.Call(gv, args)`, as TVM's builders leave
        // it for normalisation) gets its inferred type here, as TVM's normaliser does.
        let missing = c.ty.is_missing();
        if !changed && !missing {
            return Ok(e);
        }
        let mut node = (*c).clone();
        node.args = args;
        if missing {
            // A PrimFunc's GlobalVar is seen from Relax as an `R.Callable` (as the
            // parser's calls see it), in the callee's place or as an argument.
            node.op = super::special::relax_callee(node.op);
            node.args = node.args.into_iter().map(super::special::relax_callee).collect();
            node.ty = crate::dialects::relax::ops::infer_relax_call(&node)?;
        }
        return Ok(Call::new(node).into());
    }
    if let Some(t) = e.downcast_ref::<TupleNode>() {
        let mut changed = false;
        let mut fields = Vec::with_capacity(t.fields.len());
        for f in &t.fields {
            let n = normalize_arg_with(f.clone(), bind)?;
            changed |= !n.same_as(f);
            fields.push(n);
        }
        if !changed {
            return Ok(e);
        }
        let mut node = (*t).clone();
        node.fields = fields;
        return Ok(Tuple::new(node).into());
    }
    if let Some(g) = e.downcast_ref::<TupleGetItemNode>() {
        let n = normalize_arg_with(g.tuple_value.clone(), bind)?;
        if n.same_as(&g.tuple_value) {
            return Ok(e);
        }
        let mut node = (*g).clone();
        node.tuple_value = n;
        return Ok(TupleGetItem::new(node).into());
    }
    Ok(e)
}

/// An operand: leaves stay, tuples are normalised field by field, anything else is
/// bound (through `bind`) to a fresh variable.
pub fn normalize_arg_with(e: Expr, bind: Bind) -> Result<Expr> {
    if is_leaf(&e) {
        return Ok(e);
    }
    if e.is::<TupleNode>() {
        return normalize_children_with(e, bind);
    }
    let e = normalize_children_with(e, bind)?;
    Ok(bind(e)?.as_expr())
}

/// A new binding variable: a `DataflowVar` inside a dataflow block.
pub fn new_binding_var(name: &str, ty: Type) -> AnyVar {
    binding_var(name, ty, with_func(|f| f.seq().dataflow).unwrap_or(false))
}

/// A binding variable of a block of this kind (`DataflowVar` in dataflow blocks).
pub fn binding_var(name: &str, ty: Type, dataflow: bool) -> AnyVar {
    if dataflow {
        DataflowVar::make(name, ty, Span::none()).into()
    } else {
        ir::new_var(name, ty, Span::none()).into()
    }
}

fn push(binding: crate::dialects::relax::nodes::Binding) -> Result<()> {
    with_func(|f| f.seq().current.push(binding))
        .ok_or_else(|| Error::diagnostic("Relax bindings must be inside an R.function"))
}

/// Bind an already-normalised value to a fresh variable.
pub fn bind_fresh(value: Expr) -> Result<AnyVar> {
    let name = with_func(|f| f.fresh_name()).ok_or_else(|| Error::diagnostic("Relax bindings must be inside an R.function"))?;
    let var = new_binding_var(&name, value.ty());
    push(VarBinding::make(var.clone(), value, Span::none()).into())?;
    Ok(var)
}

/// `name = value` / `name: ann = value`: emit the binding (normalising the value's
/// operands first) and return its variable. An annotation replaces a call's type
/// (TVM's `Emit(value, annotation)`, even when it contradicts inference); other
/// values (variables, tuples, constants, shapes, items) keep their own type.
pub fn emit_named(name: &str, value: Expr, ann: Option<Type>) -> Result<AnyVar> {
    let value = normalize_children(value)?;
    let is_call = value.is::<CallNode>();
    let (value, ty) = match ann {
        Some(t) if is_call => (with_type(value, t.clone())?, t),
        _ => {
            let t = value.ty();
            (value, t)
        }
    };
    // One visit to the frame (this runs for every binding).
    with_func(|f| {
        // The fresh name TVM's builder takes before the script's name replaces it.
        f.skip_name();
        let seq = f.seq();
        let var = binding_var(name, ty, seq.dataflow);
        seq.current.push(VarBinding::make(var.clone(), value, Span::none()).into());
        seq.last_name = Some(name.to_string());
        var
    })
    .ok_or_else(|| Error::diagnostic("Relax bindings must be inside an R.function"))
}

/// Bind `value` to an existing variable (a local function's, declared before its body).
pub fn bind_to(var: AnyVar, value: Expr) -> Result<()> {
    with_func(|f| f.skip_name());
    push(VarBinding::make(var, value, Span::none()).into())?;
    with_func(|f| f.seq().last_name = None);
    Ok(())
}

/// `name = R.match_cast(value, ty)`.
pub fn emit_match_cast(name: &str, value: Expr, ty: Type) -> Result<AnyVar> {
    let value = normalize_arg(value)?;
    with_func(|f| f.skip_name());
    let var = new_binding_var(name, ty.clone());
    push(MatchCast::make(var.clone(), value, ty, Span::none()).into())?;
    with_func(|f| f.seq().last_name = Some(name.to_string()));
    Ok(var)
}

/// A sequence typed as its result, forgetting shape variables bound inside it
/// (they are out of scope where the sequence's value is used).
pub fn seq_expr(blocks: Vec<crate::dialects::relax::nodes::AnyBlock>, body: Expr) -> crate::dialects::relax::nodes::SeqExpr {
    let inner: std::collections::HashSet<ObjectRef> =
        blocks.iter().flat_map(|b| b.bindings().iter().filter_map(|x| x.var().map(|v| v.as_object().clone())).collect::<Vec<_>>()).collect();
    let mut s = crate::dialects::relax::nodes::SeqExpr::make(blocks, body, Span::none());
    if !inner.is_empty() {
        let ty = crate::dialects::relax::types::erase_where(&s.ty, &|v| inner.contains(v));
        if !ty.same_as(&s.ty) {
            let mut node = (*s).clone();
            node.ty = ty;
            s = crate::dialects::relax::nodes::SeqExpr::new(node);
        }
    }
    s
}

/// The same expression with another type.
pub fn with_type(e: Expr, ty: Type) -> Result<Expr> {
    let info = e.type_info();
    let idx = info.field_index("ty").ok_or_else(|| Error::type_error(format!("{} has no type", e.type_key())))?;
    let mut fields = e.fields();
    fields[idx] = crate::ir::Value::Object(ty.into_object());
    Ok(Expr(e.rebuild(fields)?))
}

/// A plain variable with the name and type of `v` (what `R.output` exports).
pub fn exported(v: &AnyVar) -> Var {
    ir::new_var(v.name(), v.ty(), Span::none())
}
