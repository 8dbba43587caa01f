//! TVM 0.27's analyses of Relax types (`tvm.relax.analysis`, TVM's
//! `src/relax/analysis/type_analysis.cc`): the least common ancestor of two types
//! (`type_lca`), the static part of a type (`get_static_type`), erasing what a type
//! says through variables that are not defined (`erase_to_well_defined`), and the
//! symbolic variables a type or function mentions, defines or leaves free.
//!
//! Symbolic dimensions are compared as TVM's analyzer does on what needs no facts:
//! structurally, after constant folding.

use crate::dialects::relax::nodes::{DataflowVarNode, FunctionNode, MatchCastNode, ShapeExpr, ShapeExprNode, VarBindingNode};
use crate::dialects::relax::types::{
    any_type, as_func, as_shape, as_tensor, as_tuple, is_any, tuple_type, FuncType, FuncTypeNode, PackedFuncType,
    PackedFuncTypeNode, ShapeType, ShapeTypeNode, TensorType, TensorTypeNode, UNKNOWN_NDIM,
};
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{structural_equal, Expr, IntImmNode, ObjectRef, Result, Span, Type, Value, VarNode};

// ---------------------------------------------------------------------------
// Least common ancestor.

/// Whether two shapes (a `ShapeExpr`, a shape variable) are provably the same.
fn shape_exprs_equal(a: &Expr, b: &Expr) -> bool {
    if a.same_as(b) {
        return true;
    }
    match (a.as_object().downcast_ref::<ShapeExprNode>(), b.as_object().downcast_ref::<ShapeExprNode>()) {
        (Some(x), Some(y)) => dims_equal(&x.values, &y.values),
        _ => false,
    }
}

fn dims_equal(a: &[Expr], b: &[Expr]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| structural_equal(&simplified(x), &simplified(y), false))
}

/// A dimension with its constants folded.
fn simplified(e: &Expr) -> Expr {
    crate::dialects::tirx::simplify::simplify_expr(e.clone()).unwrap_or_else(|_| e.clone())
}

/// The most specific type both `lhs` and `rhs` belong to (TVM's `TypeLCA`): what
/// both agree on is kept, the rest becomes unknown; types of different kinds meet
/// at `R.Any`. `lhs` itself is returned where it is the answer.
pub fn type_lca(lhs: &Type, rhs: &Type) -> Type {
    if lhs.same_as(rhs) || is_any(lhs) {
        return lhs.clone();
    }
    if let Some(p) = lhs.as_prim() {
        return match rhs.as_prim() {
            Some(q) if p == q => lhs.clone(),
            _ => any_type(),
        };
    }
    if let Some(l) = as_shape(lhs) {
        let Some(r) = as_shape(rhs) else { return any_type() };
        let ndim = if l.ndim == r.ndim { l.ndim } else { UNKNOWN_NDIM };
        let same = l.ndim == r.ndim && matches!((&l.values, &r.values), (Some(a), Some(b)) if dims_equal(a, b));
        if same {
            return lhs.clone();
        }
        if l.values.is_none() && l.ndim == ndim {
            return lhs.clone();
        }
        return ShapeType::with_ndim(ndim).into();
    }
    if let Some(l) = as_tensor(lhs) {
        let Some(r) = as_tensor(rhs) else { return any_type() };
        let dtype = match (&l.dtype, &r.dtype) {
            (Some(a), Some(b)) if a.dtype == b.dtype => Some(a.clone()),
            _ => None,
        };
        let ndim = if l.ndim == r.ndim { l.ndim } else { UNKNOWN_NDIM };
        let vdevice = match (&l.vdevice, &r.vdevice) {
            (Some(a), Some(b)) if structural_equal(a, b, false) => Some(a.clone()),
            _ => None,
        };
        let same_dtype = l.dtype.as_ref().map(|d| d.dtype) == dtype.as_ref().map(|d| d.dtype);
        let shapes_equal = l.ndim == r.ndim && matches!((&l.shape, &r.shape), (Some(a), Some(b)) if shape_exprs_equal(a, b));
        if !shapes_equal {
            if l.shape.is_none() && same_dtype && l.ndim == ndim && (l.vdevice.is_none() || vdevice.is_some()) {
                return lhs.clone();
            }
            return tensor(None, dtype, vdevice, ndim);
        }
        if !same_dtype || (l.vdevice.is_some() && vdevice.is_none()) {
            return tensor(l.shape.clone(), dtype, vdevice, l.ndim);
        }
        return lhs.clone();
    }
    if let Some(l) = as_tuple(lhs) {
        let Some(r) = as_tuple(rhs) else { return any_type() };
        return match unify(&l.fields, &r.fields) {
            None => any_type(),
            Some(fields) if same_items(&fields, &l.fields) => lhs.clone(),
            Some(fields) => tuple_type(fields),
        };
    }
    if let Some(l) = as_func(lhs) {
        let Some(r) = as_func(rhs) else { return any_type() };
        let purity = l.purity && r.purity;
        let Some(lp) = &l.params else {
            if l.derive_func.is_some() {
                let same = match (&l.derive_func, &r.derive_func) {
                    (Some(a), Some(b)) => a.ptr_eq(b),
                    _ => false,
                };
                return if same { lhs.clone() } else { opaque(any_type(), purity) };
            }
            let ret = type_lca(&l.ret, &r.ret);
            return if ret.same_as(&l.ret) { lhs.clone() } else { opaque(ret, purity) };
        };
        let Some(rp) = &r.params else {
            return opaque(type_lca(&l.ret, &r.ret), purity);
        };
        if structural_equal(lhs, rhs, false) {
            return lhs.clone();
        }
        let params = unify(lp, rp);
        let ret = type_lca(&l.ret, &r.ret);
        if params.as_ref().is_some_and(|p| same_items(p, lp)) && ret.same_as(&l.ret) {
            return lhs.clone();
        }
        return match params {
            None => opaque(ret, purity),
            Some(params) => FuncType::make(params, ret, purity).into(),
        };
    }
    // Other types (PackedFuncType ...) meet at Any unless identical.
    if structural_equal(lhs, rhs, false) { lhs.clone() } else { any_type() }
}

fn unify(a: &[Type], b: &[Type]) -> Option<Vec<Type>> {
    (a.len() == b.len()).then(|| a.iter().zip(b).map(|(x, y)| type_lca(x, y)).collect())
}

fn same_items(a: &[Type], b: &[Type]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
}

fn tensor(shape: Option<Expr>, dtype: Option<crate::ir::PrimType>, vdevice: Option<crate::dialects::relax::types::VDevice>, ndim: i64) -> Type {
    TensorType::new(TensorTypeNode { shape, dtype, vdevice, ndim, span: Span::none() }).into()
}

fn opaque(ret: Type, purity: bool) -> Type {
    FuncType::new(FuncTypeNode { params: None, ret, derive_func: None, purity, span: Span::none() }).into()
}

// ---------------------------------------------------------------------------
// Static types.

/// What a type says without symbolic values (TVM's `GetStaticType`): shapes keep
/// their rank, an opaque function is a packed function.
pub fn static_type(ty: &Type) -> Type {
    if let Some(t) = as_tensor(ty) {
        return tensor(None, t.dtype.clone(), t.vdevice.clone(), t.ndim);
    }
    if let Some(s) = as_shape(ty) {
        return ShapeType::with_ndim(s.ndim).into();
    }
    if let Some(t) = as_tuple(ty) {
        return tuple_type(t.fields.iter().map(static_type).collect());
    }
    if let Some(f) = as_func(ty) {
        return match &f.params {
            None => PackedFuncType::new(PackedFuncTypeNode { span: Span::none() }).into(),
            Some(params) => FuncType::make(params.iter().map(static_type).collect(), static_type(&f.ret), f.purity).into(),
        };
    }
    if let Some(d) = ty.as_prim() {
        return Type::prim(d);
    }
    if ty.is::<crate::dialects::relax::distributed::types::DTensorTypeNode>() {
        return any_type();
    }
    ty.clone()
}

// ---------------------------------------------------------------------------
// Erasing to well-defined.

/// TVM's `EraseToWellDefined`: each variable a type's shapes mention is replaced by
/// what `value_of` gives it (a dimension by an int64 expression, a shape variable by
/// a shape); a shape or tensor shape that mentions one it gives nothing for (or a
/// dataflow variable) is forgotten, keeping the rank. Function types stay.
pub fn erase_to_well_defined_with(ty: &Type, value_of: &dyn Fn(&ObjectRef) -> Option<Expr>) -> Result<Type> {
    if let Some(s) = as_shape(ty) {
        let Some(values) = &s.values else { return Ok(ty.clone()) };
        let mut undefined = false;
        let new: Vec<Expr> = values.iter().map(|v| substitute_dim(v, value_of, &mut undefined)).collect::<Result<_>>()?;
        if undefined {
            return Ok(ShapeType::with_ndim(s.ndim).into());
        }
        if same_exprs(&new, values) {
            return Ok(ty.clone());
        }
        return Ok(ShapeType::new(ShapeTypeNode { values: Some(new), ndim: s.ndim, span: Span::none() }).into());
    }
    if let Some(t) = as_tensor(ty) {
        let Some(shape) = &t.shape else { return Ok(ty.clone()) };
        let mut undefined = false;
        let new = if let Some(se) = shape.as_object().downcast_ref::<ShapeExprNode>() {
            let values: Vec<Expr> = se.values.iter().map(|v| substitute_dim(v, value_of, &mut undefined)).collect::<Result<_>>()?;
            if same_exprs(&values, &se.values) { shape.clone() } else { ShapeExpr::make(values, Span::none())?.into() }
        } else if shape.as_object().is::<DataflowVarNode>() {
            undefined = true;
            shape.clone()
        } else {
            match value_of(shape.as_object()) {
                Some(v) => v,
                None => {
                    undefined = true;
                    shape.clone()
                }
            }
        };
        if undefined {
            return Ok(tensor(None, t.dtype.clone(), t.vdevice.clone(), t.ndim));
        }
        if new.same_as(shape) {
            return Ok(ty.clone());
        }
        return Ok(tensor(Some(new), t.dtype.clone(), t.vdevice.clone(), t.ndim));
    }
    if let Some(t) = as_tuple(ty) {
        let fields: Vec<Type> = t.fields.iter().map(|f| erase_to_well_defined_with(f, value_of)).collect::<Result<_>>()?;
        if same_items(&fields, &t.fields) {
            return Ok(ty.clone());
        }
        return Ok(tuple_type(fields));
    }
    Ok(ty.clone())
}

fn same_exprs(a: &[Expr], b: &[Expr]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
}

/// A dimension with its variables replaced (`undefined` set when one has no value),
/// simplified when anything was replaced. Constants given for a variable are int64.
fn substitute_dim(e: &Expr, value_of: &dyn Fn(&ObjectRef) -> Option<Expr>, undefined: &mut bool) -> Result<Expr> {
    let mut missing = false;
    let out = structural_map(
        e.as_object().clone(),
        |n: ObjectRef| -> Result<MapResult> {
            if n.is::<DataflowVarNode>() {
                missing = true;
                return Ok(MapResult::Unchanged);
            }
            if !n.is::<VarNode>() {
                return Ok(MapResult::Unchanged);
            }
            match value_of(&n) {
                None => {
                    missing = true;
                    Ok(MapResult::Unchanged)
                }
                Some(v) if v.as_object().same_as(&n) => Ok(MapResult::Unchanged),
                Some(v) => {
                    let v = match v.as_object().downcast_ref::<IntImmNode>() {
                        Some(i) => crate::ir::int_imm(crate::ir::DataType::INT64, i.value),
                        None => v,
                    };
                    Ok(MapResult::ReplaceAndSkip(v.as_object().clone()))
                }
            }
        },
        WalkOrder::PreOrder,
    )?;
    *undefined |= missing;
    if out.same_as(e.as_object()) {
        return Ok(e.clone());
    }
    Ok(simplified(&Expr(out)))
}

// ---------------------------------------------------------------------------
// Symbolic variables.

/// The scalar variables a type's shapes mention (TVM's `TIRVarsInType`), or, with
/// `definable`, those a shape dimension is exactly (`DefinableTIRVarsInType`): once
/// each, in order of appearance.
pub fn tir_vars_in_type(ty: &Type, definable: bool) -> Vec<ObjectRef> {
    let mut out = Vec::new();
    for dim in shape_dims(ty) {
        if definable {
            if is_prim_var(dim.as_object()) && !out.contains(dim.as_object()) {
                out.push(dim.as_object().clone());
            }
        } else {
            let mut vars = Vec::new();
            crate::dialects::relax::types::collect_vars(&Value::Object(dim.as_object().clone()), &mut vars);
            for v in vars.into_iter().filter(is_prim_var) {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// The expressions a type's shapes hold, which are non-negative where the type is
/// used (TVM's `CollectNonNegativeExpressions`): once each (structurally), leaving
/// out non-negative constants.
pub fn non_negative_expressions(ty: &Type) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    for dim in shape_dims(ty) {
        if dim.as_object().downcast_ref::<IntImmNode>().is_some_and(|i| i.value >= 0) {
            continue;
        }
        if !out.iter().any(|e| structural_equal(e, &dim, false)) {
            out.push(dim);
        }
    }
    out
}

/// The dimensions of every shape a type holds, in order: a tensor's shape (a
/// `ShapeExpr`'s values or a shape variable's type's), a shape type's values, a
/// tuple's fields, a function's parameters then result. Scalars hold none.
fn shape_dims(ty: &Type) -> Vec<Expr> {
    let mut out = Vec::new();
    walk_dims(ty, &mut out);
    out
}

fn walk_dims(ty: &Type, out: &mut Vec<Expr>) {
    if let Some(t) = as_tensor(ty) {
        if let Some(shape) = &t.shape {
            walk_dims(&shape.ty(), out);
        }
    } else if let Some(s) = as_shape(ty) {
        out.extend(s.values.iter().flatten().cloned());
    } else if let Some(t) = as_tuple(ty) {
        t.fields.iter().for_each(|f| walk_dims(f, out));
    } else if let Some(f) = as_func(ty) {
        f.params.iter().flatten().for_each(|p| walk_dims(p, out));
        walk_dims(&f.ret, out);
    }
}

fn is_prim_var(o: &ObjectRef) -> bool {
    o.downcast_ref::<VarNode>().is_some_and(|v| v.ty.as_prim().is_some())
}

/// The symbolic variables a function defines (by its parameters' types, by a
/// `match_cast`, or as a scalar-typed variable it binds) and those it uses without
/// a definition (TVM's `DefinedSymbolicVars` / `FreeSymbolicVars`), each once.
pub fn function_symbolic_vars(func: &ObjectRef) -> (Vec<ObjectRef>, Vec<ObjectRef>) {
    fn add(v: ObjectRef, to: &mut Vec<ObjectRef>) {
        if !to.contains(&v) {
            to.push(v);
        }
    }
    let mut defined: Vec<ObjectRef> = Vec::new();
    if let Some(f) = func.downcast_ref::<FunctionNode>() {
        for p in &f.params {
            for v in tir_vars_in_type(&p.ty, true) {
                add(v, &mut defined);
            }
            if is_prim_var(&p.as_ref_obj()) {
                add(p.as_ref_obj(), &mut defined);
            }
        }
    }
    crate::ir::map::pre_order_visit(func, |o: &ObjectRef| {
        if let Some(mc) = o.downcast_ref::<MatchCastNode>() {
            for v in tir_vars_in_type(&mc.ty, true) {
                add(v, &mut defined);
            }
            add_if_scalar(mc.var.as_object(), &mut defined);
        }
        if let Some(b) = o.downcast_ref::<VarBindingNode>() {
            add_if_scalar(b.var.as_object(), &mut defined);
        }
        true
    });
    fn add_if_scalar(v: &ObjectRef, to: &mut Vec<ObjectRef>) {
        if is_prim_var(v) {
            add(v.clone(), to);
        }
    }
    let mut all = Vec::new();
    crate::dialects::relax::types::collect_vars(&Value::Object(func.clone()), &mut all);
    let free = all.into_iter().filter(|v| is_prim_var(v) && !defined.contains(v)).collect();
    (defined, free)
}
