//! The well-formedness check run after a Relax function is parsed (TVM's
//! `relax.analysis.well_formed`): scoping of variables (defined before use, once,
//! dataflow variables only inside their block), symbolic shape variables defined
//! by a parameter or `R.match_cast` before use, purity, call annotations that agree
//! with inference, `R.call_tir` arguments and outputs that agree with the callee,
//! and (in a module) GlobalVars the module defines and `global_symbol` names.

use std::collections::HashSet;

use crate::dialects::relax::nodes::{AnyBlock, DataflowVarNode, Function, FunctionNode, SeqExprNode};
use crate::dialects::relax::types::{as_func, as_shape, as_tensor, as_tuple, is_any, symbolic_vars};
use crate::ir::{CallNode, Expr, ObjectRef, Type, Value, VarNode};

/// `Err(message)` when the function is not well formed.
pub fn check(func: &Function) -> Result<(), String> {
    Checker::new(None).function(func)
}

/// The check of a module's function `name`: also its `global_symbol` must be `name`.
pub fn check_named(func: &Function, name: Option<&str>) -> Result<(), String> {
    if let Some(name) = name {
        global_symbol(func, name)?;
    }
    check(func)
}

/// TVM: a function's `global_symbol` attribute names its GlobalVar.
fn global_symbol(func: &FunctionNode, name: &str) -> Result<(), String> {
    match func.attr("global_symbol") {
        Some(Value::Str(s)) if &**s != name => {
            Err(format!("Name in GlobalVar is not equal to name in gsymbol: {name} != {s}"))
        }
        _ => Ok(()),
    }
}

/// Check every Relax function of a module (or one function); `true` when well formed.
pub fn check_object(obj: &ObjectRef) -> bool {
    check_object_message(obj).is_ok()
}

/// Like [`check_object`], with the first problem found.
pub fn check_object_message(obj: &ObjectRef) -> Result<(), String> {
    if let Some(f) = obj.clone().try_downcast::<FunctionNode>() {
        return check(&f);
    }
    if let Some(m) = obj.downcast_ref::<crate::ir::IRModuleNode>() {
        let names: HashSet<String> = m.functions.iter().map(|(g, _)| g.name_hint.to_string()).collect();
        for (g, f) in m.functions.iter() {
            if let Some(f) = f.0.clone().try_downcast::<FunctionNode>() {
                global_symbol(&f, &g.name_hint)?;
                Checker::new(Some(names.clone())).function(&f)?;
            }
        }
    }
    Ok(())
}

/// The walk's state. Scopes (a nested sequence or function) clone the sets.
struct Checker {
    /// Relax variables in scope.
    defined: HashSet<usize>,
    /// Every Relax variable defined so far (TVM: each is defined once).
    ever: HashSet<usize>,
    /// Dataflow variables whose block has ended.
    dataflow_done: HashSet<usize>,
    /// Symbolic shape variables in scope.
    sym: HashSet<usize>,
    in_dataflow: bool,
    /// Whether the function being checked must not call impure functions.
    pure: bool,
    /// The module's function names, when checking a whole module.
    globals: Option<HashSet<String>>,
}

fn var_name(obj: &ObjectRef) -> String {
    obj.downcast_ref::<VarNode>()
        .map(|v| v.name.to_string())
        .or_else(|| obj.downcast_ref::<DataflowVarNode>().map(|v| v.name.to_string()))
        .unwrap_or_default()
}

/// Scalar (symbolic shape) variables, as opposed to Relax variables.
fn is_prim_var(obj: &ObjectRef) -> bool {
    obj.downcast_ref::<VarNode>().is_some_and(|v| v.ty.as_prim().is_some())
}

/// A pure function without `relax.force_pure` may only call pure functions.
fn checks_purity(f: &FunctionNode) -> bool {
    f.is_pure && f.attr("relax.force_pure") != Some(&Value::Bool(true))
}

/// Calls a pure function may not make: impure operators (`R.print`, `R.assert_op` …)
/// and packed functions called directly (`R.call_packed`).
fn impure_call(c: &CallNode) -> Option<String> {
    if let Some(op) = c.op.downcast_ref::<crate::ir::OpNode>() {
        let op_ref = crate::ir::Op::lookup(&op.name)?;
        return (op_ref.get_attr("FPurity") == Some(Value::Bool(false))).then(|| format!("R.{}", op.name.trim_start_matches("relax.")));
    }
    if let Some(e) = c.op.downcast_ref::<crate::dialects::relax::nodes::ExternFuncNode>() {
        return Some(format!("the packed function {:?}", e.global_symbol));
    }
    None
}

impl Checker {
    fn new(globals: Option<HashSet<String>>) -> Checker {
        Checker {
            defined: HashSet::new(),
            ever: HashSet::new(),
            dataflow_done: HashSet::new(),
            sym: HashSet::new(),
            in_dataflow: false,
            pure: false,
            globals,
        }
    }

    /// A function (top level or local): parameters define variables and the
    /// symbolic variables of their types; the body runs in its own scope.
    fn function(&mut self, f: &FunctionNode) -> Result<(), String> {
        let saved = (self.defined.clone(), self.sym.clone(), self.dataflow_done.clone(), self.in_dataflow, self.pure);
        self.pure = checks_purity(f);
        self.in_dataflow = false;
        for p in &f.params {
            let p = p.as_ref_obj();
            if p.is::<DataflowVarNode>() {
                return Err(format!("DataflowVar {} is used as a function parameter", var_name(&p)));
            }
            self.define(&p)?;
        }
        for p in &f.params {
            for s in symbolic_vars(&p.ty) {
                self.sym.insert(s.addr());
            }
        }
        let r = self.seq(&f.body.blocks, &f.body.body).and_then(|_| self.sym_in_type(&f.ret_ty, "the return type"));
        (self.defined, self.sym, self.dataflow_done, self.in_dataflow, self.pure) = saved;
        r
    }

    fn define(&mut self, var: &ObjectRef) -> Result<(), String> {
        if !self.ever.insert(var.addr()) {
            let kind = if var.is::<DataflowVarNode>() { "DataflowVar" } else { "Var" };
            return Err(format!("{kind} {} is defined more than once.", var_name(var)));
        }
        self.defined.insert(var.addr());
        Ok(())
    }

    /// Symbolic variables a type mentions must be in scope.
    fn sym_in_type(&self, ty: &Type, what: &str) -> Result<(), String> {
        for s in symbolic_vars(ty) {
            if !self.sym.contains(&s.addr()) {
                return Err(format!("Symbolic Var {} is not defined (in {what}).", var_name(&s)));
            }
        }
        Ok(())
    }

    fn seq(&mut self, blocks: &[AnyBlock], body: &Expr) -> Result<(), String> {
        for b in blocks {
            let dataflow = b.is_dataflow();
            self.in_dataflow = dataflow;
            let mut block_vars = Vec::new();
            for binding in b.bindings() {
                let value = binding.value();
                let Some(var) = binding.var() else { continue };
                let var = var.as_object().clone();
                if var.is::<DataflowVarNode>() && !dataflow {
                    return Err(format!("DataflowVar {} is defined outside DataflowBlock.", var_name(&var)));
                }
                // A local function may call itself through its variable.
                let recursive = value.is_some_and(|v| v.is::<FunctionNode>());
                if recursive {
                    self.define(&var)?;
                }
                if let Some(v) = value {
                    self.uses(v.as_object())?;
                }
                if let Some(mc) = binding.as_match_cast() {
                    // R.match_cast defines the symbolic variables its type introduces.
                    for s in symbolic_vars(&mc.ty) {
                        self.sym.insert(s.addr());
                    }
                }
                if !recursive {
                    self.define(&var)?;
                }
                let vty = crate::dialects::relax::nodes::AnyVar(var.clone()).ty();
                self.sym_in_type(&vty, &format!("the type of {}", var_name(&var)))?;
                if var.is::<DataflowVarNode>() {
                    block_vars.push(var.addr());
                }
            }
            // Dataflow variables go out of scope with their block.
            for v in block_vars {
                self.defined.remove(&v);
                self.dataflow_done.insert(v);
            }
            self.in_dataflow = false;
        }
        self.uses(body.as_object())
    }

    fn uses(&mut self, obj: &ObjectRef) -> Result<(), String> {
        if let Some(c) = obj.downcast_ref::<CallNode>() {
            self.call(c)?;
            // Attributes (an index map's own variables …) are not Relax scope.
            self.uses(&c.op)?;
            return c.args.iter().try_for_each(|a| self.uses(a.as_object()));
        }
        if obj.is::<DataflowVarNode>() {
            if self.dataflow_done.contains(&obj.addr()) || (!self.in_dataflow && !self.defined.contains(&obj.addr())) {
                return Err(format!("DataflowVar {} is used outside DataflowBlock.", var_name(obj)));
            }
            if !self.defined.contains(&obj.addr()) {
                return Err(format!("DataflowVar {} is not defined.", var_name(obj)));
            }
            return Ok(());
        }
        if obj.is::<VarNode>() {
            // A Relax variable of a primitive type looks like a symbolic one: scope decides.
            if self.defined.contains(&obj.addr()) {
                return Ok(());
            }
            if is_prim_var(obj) {
                if !self.sym.contains(&obj.addr()) {
                    return Err(format!("Symbolic Var {} is not defined.", var_name(obj)));
                }
            } else {
                return Err(format!("Var {} is not defined.", var_name(obj)));
            }
            return Ok(());
        }
        if let Some(g) = obj.downcast_ref::<crate::ir::GlobalVarNode>() {
            if let Some(names) = &self.globals
                && !names.contains(&*g.name_hint)
            {
                return Err(format!("GlobalVar {} is not defined.", g.name_hint));
            }
            return Ok(());
        }
        if let Some(s) = obj.downcast_ref::<SeqExprNode>() {
            let saved = (self.defined.clone(), self.sym.clone());
            let r = self.seq(&s.blocks, &s.body);
            (self.defined, self.sym) = saved;
            return r;
        }
        if let Some(f) = obj.downcast_ref::<FunctionNode>() {
            return self.function(f);
        }
        if obj.isinstance(crate::ir::type_info()) {
            return Ok(());
        }
        for v in obj.fields() {
            self.value(&v)?;
        }
        Ok(())
    }

    fn value(&mut self, v: &Value) -> Result<(), String> {
        match v {
            Value::Object(o) => self.uses(o),
            Value::Array(a) => a.iter().try_for_each(|x| self.value(x)),
            _ => Ok(()),
        }
    }

    fn call(&mut self, c: &CallNode) -> Result<(), String> {
        if self.pure
            && let Some(what) = impure_call(c)
        {
            return Err(format!("Impure function call {what} occurs within a pure function"));
        }
        for t in &c.ty_args {
            self.sym_in_type(t, "a call's type argument")?;
        }
        call_tir(c)?;
        annotation_agrees(c)
    }
}

/// TVM: a call's type (an annotation replaces it) may only add nothing to what
/// inference knows: it must be a base of the inferred type.
fn annotation_agrees(c: &CallNode) -> Result<(), String> {
    if !c.op.is::<crate::ir::OpNode>() {
        return Ok(());
    }
    let Ok(inferred) = crate::dialects::relax::ops::infer_op_call(c) else { return Ok(()) };
    if !may_be_base_of(&c.ty, &inferred) {
        return Err(format!(
            "Expression of type {} cannot be assigned to a variable of type {}",
            crate::dialects::relax::ops::type_text(&inferred),
            crate::dialects::relax::ops::type_text(&c.ty)
        ));
    }
    Ok(())
}

/// `false` only when `base` certainly is not a base of `derived` (a conflicting
/// dtype, rank or static dimension); unknown parts are given the benefit of doubt.
fn may_be_base_of(base: &Type, derived: &Type) -> bool {
    if is_any(base) {
        return true;
    }
    if let (Some(b), Some(d)) = (as_tensor(base), as_tensor(derived)) {
        return tensors_agree(b, d).is_none();
    }
    if let (Some(b), Some(d)) = (as_tuple(base), as_tuple(derived)) {
        return b.fields.len() == d.fields.len() && b.fields.iter().zip(&d.fields).all(|(x, y)| may_be_base_of(x, y));
    }
    true
}

/// Why two tensor types conflict (dtype, rank, a static dimension), if they do.
fn tensors_agree(
    a: &crate::dialects::relax::types::TensorTypeNode,
    b: &crate::dialects::relax::types::TensorTypeNode,
) -> Option<String> {
    if !a.is_unknown_dtype() && !b.is_unknown_dtype() && a.elem_dtype() != b.elem_dtype() {
        return Some(format!("dtype {} vs {}", a.elem_dtype(), b.elem_dtype()));
    }
    if !a.is_unknown_ndim() && !b.is_unknown_ndim() && a.ndim != b.ndim {
        return Some(format!("ndim {} vs {}", a.ndim, b.ndim));
    }
    if let (Some(x), Some(y)) = (a.shape_values(), b.shape_values())
        && x.len() == y.len()
    {
        for (i, (p, q)) in x.iter().zip(y).enumerate() {
            if let (Some(p), Some(q)) = (p.as_int(), q.as_int())
                && p != q
            {
                return Some(format!("dimension {i}: {p} vs {q}"));
            }
        }
    }
    None
}

/// `R.call_tir(f, args, out_ty)` (and `_inplace`, `_with_grad`): each argument must
/// agree with the callee's parameter, each output with the parameter after the
/// inputs (or, in place, with the argument it overwrites), where both are known.
fn call_tir(c: &CallNode) -> Result<(), String> {
    let Some(op) = c.op.downcast_ref::<crate::ir::OpNode>() else { return Ok(()) };
    let name = &*op.name;
    if !matches!(name, "relax.call_tir" | "relax.call_tir_with_grad" | "relax.call_tir_inplace") {
        return Ok(());
    }
    let short = name.trim_start_matches("relax.");
    let (Some(callee), Some(args), Some(out)) = (c.args.first(), c.args.get(1), c.ty_args.first()) else { return Ok(()) };
    let Some(params) = as_func(&callee.ty()).and_then(|f| f.params.clone()) else { return Ok(()) };
    let arg_tys: Vec<Type> = match args.downcast_ref::<crate::ir::TupleNode>() {
        Some(t) => t.fields.iter().map(|f| f.ty()).collect(),
        None => match as_tuple(&args.ty()) {
            Some(t) => t.fields.clone(),
            None => vec![args.ty()],
        },
    };
    let inplace: Vec<i64> = match &c.attrs {
        Value::Object(o) => o
            .downcast_ref::<crate::dialects::relax::ops::attrs::CallTIRInplaceAttrsNode>()
            .map(|a| a.inplace_indices.clone())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    for (i, (a, p)) in arg_tys.iter().zip(&params).enumerate() {
        if as_shape(a).is_some() && p.as_prim().is_some() {
            return Err(format!(
                "Argument {i} of R.{short} is a shape expression, but the callee's parameter {i} is a primitive value \
                 (pass symbolic values as tir_vars)"
            ));
        }
        if let (Some(at), Some(pt)) = (as_tensor(a), as_tensor(p))
            && let Some(why) = tensors_agree(at, pt)
        {
            return Err(format!("Argument {i} of R.{short} does not match the callee's parameter {i}: {why}"));
        }
    }
    let outs: Vec<Type> = match as_tuple(out) {
        Some(t) => t.fields.clone(),
        None => vec![out.clone()],
    };
    let mut next_param = arg_tys.len();
    for (j, o) in outs.iter().enumerate() {
        let expected = match inplace.get(j) {
            Some(&k) if k >= 0 => arg_tys.get(k as usize).cloned(),
            _ => {
                next_param += 1;
                params.get(next_param - 1).cloned()
            }
        };
        let Some(e) = expected else { continue };
        if let (Some(ot), Some(et)) = (as_tensor(o), as_tensor(&e))
            && let Some(why) = tensors_agree(ot, et)
        {
            return Err(format!("The output {j} of R.{short} does not match the callee's output buffer: {why}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Rules the script frontend cannot break (it makes fresh variables and puts
    //! dataflow variables only in dataflow blocks): built by hand.
    use super::*;
    use crate::dialects::relax::nodes::{AnyVar, DataflowVar, SeqExpr, VarBinding};
    use crate::dialects::relax::types::{any_type, TensorType};
    use crate::ir::{new_var, Span};

    fn tensor() -> Type {
        TensorType::static_shape(&[4], crate::ir::DataType::float(32)).into()
    }

    fn func(dataflow: bool, bindings: Vec<(AnyVar, Expr)>, ret: Expr, params: Vec<crate::ir::Var>) -> Function {
        let bs = bindings.into_iter().map(|(v, e)| VarBinding::make(v, e, Span::none()).into()).collect();
        let body = SeqExpr::make(vec![AnyBlock::make(dataflow, bs, Span::none())], ret, Span::none());
        Function::make(params, body, Some(any_type()), true, Default::default(), Span::none())
    }

    #[test]
    fn a_variable_is_defined_once() {
        let x = new_var("x", tensor(), Span::none());
        let y: AnyVar = new_var("y", tensor(), Span::none()).into();
        let f = func(false, vec![(y.clone(), Expr(x.as_ref_obj())), (y.clone(), Expr(x.as_ref_obj()))], y.as_expr(), vec![x.clone()]);
        assert_eq!(check(&f).unwrap_err(), "Var y is defined more than once.");
        let z: AnyVar = new_var("z", tensor(), Span::none()).into();
        let ok = func(false, vec![(y.clone(), Expr(x.as_ref_obj())), (z.clone(), y.as_expr())], z.as_expr(), vec![x]);
        assert!(check(&ok).is_ok());
    }

    #[test]
    fn a_dataflow_variable_is_bound_in_a_dataflow_block() {
        let x = new_var("x", tensor(), Span::none());
        let d: AnyVar = DataflowVar::make("d", tensor(), Span::none()).into();
        let f = func(false, vec![(d.clone(), Expr(x.as_ref_obj()))], Expr(x.as_ref_obj()), vec![x.clone()]);
        assert_eq!(check(&f).unwrap_err(), "DataflowVar d is defined outside DataflowBlock.");
        let ok = func(true, vec![(d.clone(), Expr(x.as_ref_obj()))], Expr(x.as_ref_obj()), vec![x]);
        assert!(check(&ok).is_ok());
    }

    #[test]
    fn a_module_defines_the_global_vars_called() {
        let x = new_var("x", tensor(), Span::none());
        let missing = crate::ir::GlobalVar::named("g");
        let call = crate::ir::Call::new(crate::ir::CallNode {
            ty: tensor(),
            op: Expr(missing.as_ref_obj()),
            args: vec![Expr(x.as_ref_obj())],
            attrs: Value::None,
            ty_args: vec![],
            span: Span::none(),
        });
        let y: AnyVar = new_var("y", tensor(), Span::none()).into();
        let f = func(false, vec![(y.clone(), Expr(call.as_ref_obj()))], y.as_expr(), vec![x]);
        let module = |names: &[&str]| {
            let pairs = names.iter().map(|n| (crate::ir::GlobalVar::named(n), crate::ir::BaseFunc(f.as_ref_obj())));
            crate::ir::IRModule::from_functions(pairs).unwrap().as_ref_obj()
        };
        assert_eq!(check_object_message(&module(&["main"])).unwrap_err(), "GlobalVar g is not defined.");
        assert!(check_object_message(&module(&["main", "g"])).is_ok());
    }
}
