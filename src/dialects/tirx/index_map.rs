//! `tvm.tirx.IndexMap`'s algorithms (TVM's `index_map.cc`): mapping indices,
//! ranges and shapes through a map, its inverse (with the padding predicate of a
//! non-surjective one, from `ir::arith::affine_inverse`), index types made to
//! match a buffer's, equivalence, and the Python text a trace writes it as.
//! The native functions behind the Python class are the namespace
//! `tirx._index_map` (`stdlib/tvm/tirx/index_map.py` is the class).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::nodes::{IndexMap, IndexMapNode};
use crate::ir::arith::affine_inverse;
use crate::ir::arith::int_set::{eval_set, IntSet};
use crate::ir::arith::simplify::Analyzer;
use crate::ir::map::{structural_map, MapResult, WalkOrder};
use crate::ir::{self, arith, BinOp, DataType, Error, Expr, ObjectRef, Result, Span, Value, Var};
use crate::vm::convert::{iterate, py, py_array, py_to_expr};
use crate::vm::error::IntoPyResult;
use crate::vm::object::unwrap_object;

/// A new index map.
pub fn make(initial: Vec<Var>, finals: Vec<Expr>, inverse: Option<IndexMap>) -> IndexMap {
    IndexMap::new(IndexMapNode {
        initial_indices: initial,
        final_indices: finals,
        inverse_index_map: inverse.map(|m| Value::Object(m.upcast())).unwrap_or(Value::None),
        span: Span::none(),
    })
}

/// The pre-defined inverse of a map, if it has one.
pub fn given_inverse(m: &IndexMapNode) -> Option<IndexMap> {
    m.inverse_index_map.as_object().and_then(|o| o.clone().try_downcast::<IndexMapNode>())
}

/// `e` with variables (by address) replaced, binary operations rebuilt so their
/// operand types match again (TVM's `SubstituteWithDataTypeLegalization`).
pub fn substitute(e: &Expr, pairs: &[(usize, Expr)]) -> Result<Expr> {
    let out = structural_map(
        e.clone(),
        |n: ObjectRef| -> Result<MapResult> {
            if let Some((_, r)) = pairs.iter().find(|(a, _)| *a == n.addr()) {
                return Ok(MapResult::ReplaceAndSkip(r.clone().into_object()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    let out = structural_map(
        out,
        |n: ObjectRef| -> Result<MapResult> {
            match BinOp::operands(&n) {
                Some((op, a, b)) if a.dtype() != b.dtype() => Ok(MapResult::Replace(arith::binary(op, a.clone(), b.clone(), Span::none())?.into_object())),
                _ => Ok(MapResult::Unchanged),
            }
        },
        WalkOrder::PostOrder,
    )?;
    Expr::try_from_object(out)
}

/// The map applied to `indices`, simplified.
pub fn map_indices(m: &IndexMapNode, indices: &[Expr], an: &Analyzer) -> Result<Vec<Expr>> {
    if indices.len() != m.initial_indices.len() {
        return Err(Error::value_error(format!(
            "Check failed: indices.size() == initial_indices.size() ({} vs. {})",
            indices.len(),
            m.initial_indices.len()
        )));
    }
    let pairs: Vec<(usize, Expr)> = m.initial_indices.iter().zip(indices).map(|(v, e)| (v.as_ref_obj().addr(), e.clone())).collect();
    m.final_indices.iter().map(|f| Ok(an.simplify(&substitute(f, &pairs)?))).collect()
}

/// The ranges the map's outputs cover when its inputs cover `ranges` (min, extent).
pub fn map_ranges(m: &IndexMapNode, ranges: &[(Expr, Expr)], an: &Analyzer) -> Result<Vec<(Expr, Expr)>> {
    if ranges.len() != m.initial_indices.len() {
        return Err(Error::value_error("Check failed: ranges.size() == initial_indices.size()"));
    }
    let consts: Option<Vec<(usize, i64)>> = m
        .initial_indices
        .iter()
        .zip(ranges)
        .map(|(v, (min, ext))| (min.as_int() == Some(0)).then_some(()).and(ext.as_int()).map(|n| (v.as_ref_obj().addr(), n)))
        .collect();
    let forms: Option<Vec<affine_inverse::AffineForm>> =
        consts.as_ref().and_then(|keys| m.final_indices.iter().map(|f| affine_inverse::affine_form(f, keys)).collect());
    let mut out = Vec::new();
    match forms {
        Some(forms) => {
            for (f, e) in forms.iter().zip(&m.final_indices) {
                out.push((ir::int_imm(e.dtype(), f.base), ir::int_imm(e.dtype(), f.extent())));
            }
        }
        None => {
            let dom: arith::int_set::DomMap =
                m.initial_indices.iter().zip(ranges).map(|(v, (min, ext))| (v.as_ref_obj().addr(), IntSet::from_min_extent(min, ext))).collect();
            for f in &m.final_indices {
                let set = eval_set(f, &dom);
                let (Some(lo), Some(hi)) = (set.min(), set.max()) else {
                    return Err(Error::value_error("Could not determine the range of an index map output"));
                };
                let ext = arith::binary(BinOp::Add, arith::binary(BinOp::Sub, hi.clone(), lo.clone(), Span::none())?, 1i64, Span::none())?;
                out.push((an.simplify(lo), an.simplify(&ext)));
            }
        }
    }
    let bits = ranges.iter().map(|(_, e)| e.dtype().bits).max().unwrap_or(32);
    let dtype = DataType::int(bits);
    out.into_iter()
        .map(|(lo, ext)| {
            let c = |e: Expr| -> Result<Expr> {
                if e.dtype() == dtype {
                    Ok(e)
                } else {
                    arith::cast(dtype, e, Span::none())
                }
            };
            Ok((c(lo)?, c(ext)?))
        })
        .collect()
}

/// The shape of a buffer of shape `shape` after the map.
pub fn map_shape(m: &IndexMapNode, shape: &[Expr], an: &Analyzer) -> Result<Vec<Expr>> {
    let ranges: Vec<(Expr, Expr)> = shape.iter().map(|d| (ir::int_imm(d.dtype(), 0), d.clone())).collect();
    Ok(map_ranges(m, &ranges, an)?.into_iter().map(|(_, e)| e).collect())
}

/// The inverse over `ranges` (min, extent) and the predicate of the outputs no
/// input reaches (`false` for none). `bijective` refuses padding (TVM's
/// `Inverse`; otherwise `NonSurjectiveInverse`).
pub fn inverse(m: &IndexMapNode, ranges: &[(Expr, Expr)], bijective: bool, an: &Analyzer) -> Result<(IndexMap, Expr)> {
    if let Some(inv) = given_inverse(m) {
        return Ok((inv, ir::bool_imm(false)));
    }
    let outputs: Vec<Var> = m
        .final_indices
        .iter()
        .enumerate()
        .map(|(i, e)| match e.as_object().try_downcast::<ir::VarNode>() {
            Some(v) => Var::scalar(&v.name, e.dtype()),
            None => Var::scalar(&format!("axis{i}"), e.dtype()),
        })
        .collect();
    let mut inputs = Vec::new();
    for (v, (min, ext)) in m.initial_indices.iter().zip(ranges) {
        match (min.as_int(), ext.as_int()) {
            (Some(0), Some(n)) => inputs.push((v.clone(), n)),
            _ => return Err(Error::runtime("Could not parse mapping as sum of iterators.  Error: symbolic ranges are not supported")),
        }
    }
    let inv = affine_inverse::inverse(&m.final_indices, &inputs, &outputs, false, an)
        .map_err(|e| Error::runtime(format!("Check failed: (padded_iter_map->errors.empty()) is false: Could not parse mapping as sum of iterators.  Error: {e}")))?;
    let mut out_an = Analyzer::new();
    for (v, (_, ext)) in outputs.iter().zip(map_ranges(m, ranges, an)?) {
        out_an.bind(v, &ir::int_imm(ext.dtype(), 0), &ext);
    }
    let pred = match inv.padding {
        Some(p) => out_an.simplify(&p),
        None => ir::bool_imm(false),
    };
    if bijective && pred.as_int() != Some(0) {
        return Err(Error::runtime(format!(
            "Bijective inverse should not contain padding, but inverse of {} resulted in a padding predicate of {}",
            to_python_string(m),
            expr_text(&pred)
        )));
    }
    Ok((make(outputs, inv.inputs, None), pred))
}

/// The map with its inputs retyped to the types of `args` (TVM's `LegalizeIndexMapDType`).
pub fn legalize_dtype(m: &IndexMap, dtypes: &[DataType]) -> Result<IndexMap> {
    let Some(&dtype) = dtypes.first() else { return Ok(m.clone()) };
    if m.initial_indices.iter().all(|v| v.dtype() == dtype) {
        return Ok(m.clone());
    }
    let initial: Vec<Var> = m.initial_indices.iter().map(|v| if v.dtype() == dtype { v.clone() } else { Var::scalar(&v.name, dtype) }).collect();
    let pairs: Vec<(usize, Expr)> = m.initial_indices.iter().zip(&initial).map(|(o, n)| (o.as_ref_obj().addr(), n.clone().into())).collect();
    let finals = m
        .final_indices
        .iter()
        .map(|e| match e.as_int() {
            Some(c) if e.as_object().is::<ir::IntImmNode>() => Ok(ir::int_imm(dtype, c)),
            _ => substitute(e, &pairs),
        })
        .collect::<Result<Vec<_>>>()?;
    let inverse = match given_inverse(m) {
        Some(inv) => {
            let ds: Vec<DataType> = finals.iter().map(|e| e.dtype()).collect();
            Some(legalize_dtype(&inv, &ds)?)
        }
        None => None,
    };
    Ok(make(initial, finals, inverse))
}

/// Whether two maps agree on every input (provably).
pub fn is_equivalent(a: &IndexMapNode, b: &IndexMapNode) -> Result<bool> {
    if a.initial_indices.len() != b.initial_indices.len() || a.final_indices.len() != b.final_indices.len() {
        return Ok(false);
    }
    let an = Analyzer::new();
    let args: Vec<Expr> = a.initial_indices.iter().map(|v| v.clone().into()).collect();
    let mapped = map_indices(b, &args, &an)?;
    Ok(a.final_indices.iter().zip(&mapped).all(|(x, y)| an.can_prove_equal(x, y)))
}

/// An expression as TVM's `operator<<` writes it.
pub fn expr_text(e: &Expr) -> String {
    let cfg = crate::printer::config::PrinterConfig::default();
    crate::printer::engine::script(e.as_object(), &cfg).unwrap_or_default()
}

fn lambda_text(initial: &[Var], finals: &[Expr]) -> String {
    let params: Vec<String> = initial.iter().map(|v| v.name.to_string()).collect();
    let body: Vec<String> = finals
        .iter()
        .map(|e| match e.as_object().downcast_ref::<ir::VarNode>() {
            Some(v) => format!("{},", v.name),
            None => format!("{},", expr_text(e)),
        })
        .collect();
    format!("lambda {}: ({})", params.join(", "), body.join(" "))
}

/// The map as Python source (TVM's `IndexMap::ToPythonString`), as traces print it.
pub fn to_python_string(m: &IndexMapNode) -> String {
    let forward = lambda_text(&m.initial_indices, &m.final_indices);
    match given_inverse(m) {
        None => forward,
        Some(inv) => format!("tvm.tirx.IndexMap.from_func({forward}, inverse_index_map={})", lambda_text(&inv.initial_indices, &inv.final_indices)),
    }
}

// ---------------------------------------------------------------------------
// The Python side (`tirx._index_map`)

fn index_map_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<IndexMap> {
    unwrap_object(obj).and_then(|o| o.try_downcast::<IndexMapNode>()).ok_or_else(|| vm.new_type_error("expected an IndexMap"))
}

fn exprs_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<Expr>> {
    iterate(vm, obj)?.iter().map(|x| py_to_expr(vm, x)).collect()
}

fn arg(vm: &VirtualMachine, args: &FuncArgs, i: usize) -> PyResult<PyObjectRef> {
    args.args.get(i).cloned().ok_or_else(|| vm.new_type_error("missing argument"))
}

/// `(min, extent)` pairs of a list of `Range`s.
fn ranges_arg(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<(Expr, Expr)>> {
    iterate(vm, obj)?
        .iter()
        .map(|x| match unwrap_object(x).and_then(|o| o.try_downcast::<ir::RangeNode>()) {
            Some(r) => Ok((r.min.clone(), r.extent.clone())),
            None => {
                let e = py_to_expr(vm, x)?;
                Ok((ir::int_imm(e.dtype(), 0), e))
            }
        })
        .collect()
}

/// `IndexMap(initial_indices, final_indices, inverse_index_map=None)`; the inverse
/// may be a function (made a map with `IndexMap.from_func`).
fn construct(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = crate::vm::args::bind(vm, "IndexMap", args, &["initial_indices", "final_indices", "inverse_index_map"])?;
    let initial: Vec<Var> = iterate(vm, &a.req(vm, "initial_indices")?)?
        .iter()
        .map(|x| unwrap_object(x).and_then(|o| o.try_downcast::<ir::VarNode>()).ok_or_else(|| vm.new_type_error("IndexMap: initial_indices must be Vars")))
        .collect::<PyResult<_>>()?;
    let finals = exprs_arg(vm, &a.req(vm, "final_indices")?)?;
    let inverse = match a.get(vm, "inverse_index_map") {
        Some(o) if !vm.is_none(&o) => match unwrap_object(&o).and_then(|x| x.try_downcast::<IndexMapNode>()) {
            Some(m) => Some(m),
            None => {
                let tvm = vm.import("tvm.tirx.index_map", 0)?;
                let module = tvm.get_attr("tirx", vm)?.get_attr("index_map", vm)?;
                let made = module.get_attr("_from_func", vm)?.call((o,), vm)?;
                Some(index_map_arg(vm, &made)?)
            }
        },
        _ => None,
    };
    Ok(py(vm, make(initial, finals, inverse).upcast()))
}

fn functions(t: &mut crate::vm::namespace::NamespaceTable) {
    t.func("map_indices", |vm, args: FuncArgs| {
        let m = index_map_arg(vm, &arg(vm, &args, 0)?)?;
        let r = map_indices(&m, &exprs_arg(vm, &arg(vm, &args, 1)?)?, &Analyzer::new()).py(vm)?;
        Ok(py_array(vm, r.into_iter().map(|e| py(vm, e.into_object())).collect()))
    });
    t.func("map_shape", |vm, args: FuncArgs| {
        let m = index_map_arg(vm, &arg(vm, &args, 0)?)?;
        let r = map_shape(&m, &exprs_arg(vm, &arg(vm, &args, 1)?)?, &Analyzer::new()).py(vm)?;
        Ok(py_array(vm, r.into_iter().map(|e| py(vm, e.into_object())).collect()))
    });
    // inverse(map, ranges, bijective) -> (map, predicate)
    t.func("inverse", |vm, args: FuncArgs| {
        let m = index_map_arg(vm, &arg(vm, &args, 0)?)?;
        let ranges = ranges_arg(vm, &arg(vm, &args, 1)?)?;
        let bijective = arg(vm, &args, 2)?.try_to_bool(vm)?;
        let (inv, pred) = inverse(&m, &ranges, bijective, &Analyzer::new()).py(vm)?;
        Ok(vm.ctx.new_tuple(vec![py(vm, inv.upcast()), py(vm, pred.into_object())]).into())
    });
    t.func("is_equivalent", |vm, args: FuncArgs| {
        let a = index_map_arg(vm, &arg(vm, &args, 0)?)?;
        let b = index_map_arg(vm, &arg(vm, &args, 1)?)?;
        Ok(vm.ctx.new_bool(is_equivalent(&a, &b).py(vm)?).into())
    });
    t.func("to_python_string", |vm, args: FuncArgs| {
        let m = index_map_arg(vm, &arg(vm, &args, 0)?)?;
        Ok(vm.ctx.new_str(to_python_string(&m)).into())
    });
}

/// Register `tirx._index_map`.
pub fn register() {
    crate::vm::classes::define("tirx.IndexMap").init(construct);
    crate::vm::namespace::register_namespace_initializer("tirx._index_map", functions);
}
