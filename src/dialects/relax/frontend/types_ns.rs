//! The type constructors of the `R` namespace: `R.Tensor`, `R.Shape`, `R.Tuple`,
//! `R.Prim`, `R.Object` / `R.Any` and `R.Callable`. Each is a callable object; written
//! bare in an annotation (`x: R.Tensor`) it means the type built with no arguments.

use rustpython_vm::builtins::PyStr;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::Callable;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::convert::{seq_v, to_dim, to_dim_v, to_dtype, to_expr_v, to_type, to_type_v};
use crate::vm::native::{self, Val};
use crate::dialects::relax::types::{any_type, tuple_type, FuncType, ShapeType, TensorType, VDevice, UNKNOWN_NDIM};
use crate::vm::convert::{diag, py, py_int, py_str, seq};
use crate::ir::{Span, Type, Value};

/// Which type a constructor builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeKind {
    /// `R.Tensor`.
    Tensor,
    /// `R.Shape`.
    Shape,
    /// `R.Tuple`.
    Tuple,
    /// `R.Prim`.
    Prim,
    /// `R.Object`.
    Any,
    /// `R.Callable`.
    Callable,
}

#[pyclass(module = "tvm.script.relax", name = "TypeConstructor")]
#[derive(Debug, PyPayload)]
/// A Relax type constructor (`R.Tensor`, `R.Shape` …): called, subscripted or used as an annotation.
pub struct TypeCtor {
    /// Which type it makes.
    pub kind: TypeKind,
}

#[pyclass(with(Callable))]
impl TypeCtor {}

impl Callable for TypeCtor {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let t = zelf.build(vm, native::Args::from_func_args(vm, args))?;
        Ok(py(vm, t))
    }
}

/// Type constructors take native calls: `R.call_tir(..., out_ty=R.Tensor(...))`
/// passes the type on without wrapping it.
pub fn native_kind() -> native::NativeKind {
    native::NativeKind {
        accepts: |o| o.downcast_ref::<TypeCtor>().is_some(),
        call: |o, vm, args| match o.downcast_ref::<TypeCtor>() {
            Some(c) => Ok(Val::Ir(c.build(vm, args)?.into_object())),
            None => Err(vm.new_type_error("not a type constructor")),
        },
    }
}

/// Positional-or-keyword arguments by parameter name.
struct Bound {
    values: Vec<Option<Val>>,
}

fn bind_args(vm: &VirtualMachine, what: &str, args: native::Args, names: &[&str]) -> PyResult<Bound> {
    let mut values: Vec<Option<Val>> = vec![None; names.len()];
    if args.args.len() > names.len() {
        return Err(vm.new_type_error(format!("{what} takes at most {} positional arguments", names.len())));
    }
    for (i, a) in args.args.into_iter().enumerate() {
        values[i] = Some(a);
    }
    for (k, v) in args.kwargs {
        match names.iter().position(|n| *n == k) {
            Some(i) => values[i] = Some(v),
            None => return Err(vm.new_type_error(format!("{what} got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(k)))),
        }
    }
    Ok(Bound { values })
}

impl Bound {
    /// A given (not None) argument.
    fn val(&self, vm: &VirtualMachine, i: usize) -> Option<&Val> {
        self.values[i].as_ref().filter(|v| !v.is_none(vm))
    }
    /// A given (not None) argument as a Python value.
    fn get(&self, vm: &VirtualMachine, i: usize) -> Option<PyObjectRef> {
        self.val(vm, i).map(|v| v.to_py(vm))
    }
}

impl TypeCtor {
    /// The type these arguments describe.
    pub fn build(&self, vm: &VirtualMachine, args: native::Args) -> PyResult<Type> {
        match self.kind {
            TypeKind::Tensor => tensor(vm, args),
            TypeKind::Shape => {
                let b = bind_args(vm, "R.Shape", args, &["values", "ndim"])?;
                let ndim = match b.get(vm, 1) {
                    Some(n) => py_int(vm, &n)?,
                    None => UNKNOWN_NDIM,
                };
                match b.get(vm, 0) {
                    Some(v) => {
                        let items = seq(&v).ok_or_else(|| diag(vm, "error: R.Shape expects a list of dimensions"))?;
                        let dims = items.iter().map(|x| to_dim(vm, x)).collect::<PyResult<Vec<_>>>()?;
                        Ok(ShapeType::of_values(dims).map_err(|e| diag(vm, format!("error: {}", e.message)))?.into())
                    }
                    None => Ok(ShapeType::with_ndim(ndim).into()),
                }
            }
            TypeKind::Tuple => {
                let mut items = args.args;
                if items.len() == 1
                    && let Some(inner) = seq_v(&items[0])
                {
                    items = inner.into_owned();
                }
                let fields = items.iter().map(|x| to_type_v(vm, x)).collect::<PyResult<Vec<_>>>()?;
                Ok(tuple_type(fields))
            }
            TypeKind::Prim => {
                let b = bind_args(vm, "R.Prim", args, &["dtype", "value"])?;
                if let Some(v) = b.get(vm, 1) {
                    let e = crate::dialects::tirx::frontend::convert::to_expr(vm, &v)?;
                    return Ok(e.ty());
                }
                match b.get(vm, 0) {
                    Some(d) => Ok(Type::prim(to_dtype(vm, &d)?)),
                    None => Err(diag(vm, "error: R.Prim needs a dtype or a value")),
                }
            }
            TypeKind::Any => Ok(any_type()),
            TypeKind::Callable => {
                let b = bind_args(vm, "R.Callable", args, &["params", "ret", "purity", "derive_func"])?;
                let ret = match b.get(vm, 1) {
                    Some(r) => Some(to_type(vm, &r)?),
                    None => None,
                };
                let purity = b.get(vm, 2).map(|p| p.try_to_bool(vm)).transpose()?;
                match b.get(vm, 0) {
                    Some(p) => {
                        let items = seq(&p).ok_or_else(|| diag(vm, "error: R.Callable expects a list of parameter types"))?;
                        let params = items.iter().map(|x| to_type(vm, x)).collect::<PyResult<Vec<_>>>()?;
                        Ok(FuncType::make(params, ret.unwrap_or_else(any_type), purity.unwrap_or(true)).into())
                    }
                    None => {
                        let derive = b.get(vm, 3).map(|d| py_str(vm, &d)).transpose()?;
                        Ok(FuncType::opaque(ret, derive.as_deref(), purity.unwrap_or(false)).into())
                    }
                }
            }
        }
    }
}

/// `R.Tensor(shape=None, dtype=None, vdevice=None, ndim=-1)`; a string first argument
/// is the dtype (`R.Tensor("float32")`).
fn tensor(vm: &VirtualMachine, args: native::Args) -> PyResult<Type> {
    let b = bind_args(vm, "R.Tensor", args, &["shape", "dtype", "vdevice", "ndim"])?;
    let mut shape = b.val(vm, 0);
    let mut dtype = b.val(vm, 1);
    if let Some(Val::Py(s)) = shape
        && s.downcast_ref::<PyStr>().is_some()
    {
        if dtype.is_some() {
            return Err(diag(vm, "error: R.Tensor: the shape must be a list of dimensions, got a string"));
        }
        dtype = shape.take();
    }
    let ndim = match b.get(vm, 3) {
        Some(n) => py_int(vm, &n)?,
        None => UNKNOWN_NDIM,
    };
    let shape_expr = match shape {
        Some(s) => Some(match seq_v(s) {
            Some(items) => {
                let dims = items.iter().map(|x| to_dim_v(vm, x)).collect::<PyResult<Vec<_>>>()?;
                super::convert::shape_expr(vm, dims)?.into()
            }
            None => to_expr_v(vm, s)?,
        }),
        None => None,
    };
    let dtype = dtype.map(|d| to_dtype(vm, &d.to_py(vm))).transpose()?;
    let vdevice = match b.get(vm, 2) {
        Some(v) => Some(lookup_vdevice(vm, &py_str(vm, &v)?)?),
        None => None,
    };
    let t = TensorType::make(shape_expr, dtype, vdevice, ndim, Span::none()).map_err(|e| diag(vm, format!("error: {}", e.message)))?;
    Ok(t.into())
}

/// `"cuda:0"` / `"llvm"` / `"opencl:1:global"`: the i-th vdevice of that target kind
/// among the module's `global_infos["vdevice"]`.
pub fn lookup_vdevice(vm: &VirtualMachine, text: &str) -> PyResult<VDevice> {
    let mut parts = text.split(':');
    let kind = parts.next().unwrap_or_default().to_string();
    let index: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let infos = crate::builder::find_frame::<crate::dialects::ir::module_frame::IRModuleFrame, _>(|m| m.global_infos.clone())
        .unwrap_or_default();
    let devices: Vec<Value> = infos
        .iter()
        .filter(|(k, _)| k.as_str() == Some("vdevice"))
        .filter_map(|(_, v)| v.as_array().map(|a| a.to_vec()))
        .flatten()
        .collect();
    let mut seen = 0;
    for d in devices {
        let Some(o) = d.as_object() else { continue };
        let Some(vd) = o.downcast_ref::<crate::dialects::relax::types::VDeviceNode>() else { continue };
        if target_kind(&vd.target) == kind {
            if seen == index {
                return o.clone().downcast().map_err(|e| diag(vm, e.message));
            }
            seen += 1;
        }
    }
    Err(diag(vm, format!("error: no vdevice {text:?} among the module's global infos")))
}

/// The target kind of a vdevice's target (a target, or a config map with `kind`).
fn target_kind(target: &Value) -> String {
    match target {
        Value::Object(o) => o.downcast_ref::<crate::ir::target::TargetNode>().map(|t| t.kind.name.clone()).unwrap_or_default(),
        Value::Str(s) => s.split_whitespace().next().unwrap_or_default().to_string(),
        Value::Map(m) => m
            .iter()
            .find(|(k, _)| k.as_str() == Some("kind"))
            .and_then(|(_, v)| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        _ => String::new(),
    }
}
