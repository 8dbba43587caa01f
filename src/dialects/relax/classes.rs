//! The Python classes of Relax (`tvm.relax`): TVM 0.27's constructors and helpers
//! for the Relax types (`TensorType`, `ShapeType`, `FuncType`, `AnyType`,
//! `PackedFuncType`, `is_base_of`) and nodes (`DataflowVar`, `ShapeExpr`,
//! `Function`, `SeqExpr`, bindings and blocks, `If`, `ExternFunc`), on the
//! reflection classes `vm::object` makes (`vm::classes` holds the table).
//!
//! TVM 0.27 folds Relax's variables, calls and tuples into the core (`relax.Var is
//! ir.Var`, `relax.Call is ir.Call`, `relax.Tuple is ir.Tuple`): their constructors
//! are defined here too, since Relax is what gives them meaning beyond TIR's
//! scalars (a call of a Relax operator infers its type as the parser's does).
//!
//! Constructors type what they make where our IR does at construction (a call
//! of an operator, a tuple, a sequence); TVM's leave some of that to the block
//! builder's normalisation, which gives the same types.

use rustpython_vm::builtins::{PyDict, PyStr};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use super::frontend::convert::{to_dim, to_expr, to_type};
use super::nodes::{
    AnyBlock, Binding, DataflowVar, ExternFunc, Function, If, MatchCast, SeqExpr, SeqExprNode, ShapeExpr, VarBinding,
};
use super::types::{any_type, is_base_of, AnyType, AnyTypeNode, FuncType, PackedFuncType, PackedFuncTypeNode, ShapeType, TensorType, VDevice, UNKNOWN_NDIM};
use crate::vm::convert::seq;
use crate::ir::{self, Expr, ObjectRef, Span, Type, Value, Var};
use crate::vm::args::{bind, Bound};
use crate::vm::classes::{define, define_abstract};
use crate::vm::convert::{py_str, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

fn out(vm: &VirtualMachine, o: impl Into<ObjectRef>) -> PyResult {
    Ok(wrap(vm, o.into()))
}

/// An argument that must be an IR object of some kind (TVM's FFI conversion error).
fn ir_arg(vm: &VirtualMachine, what: &str, v: &PyObjectRef) -> PyResult<ObjectRef> {
    unwrap_object(v).ok_or_else(|| vm.new_type_error(format!("{what}: expected an IR object, got {}", v.class().name())))
}

fn expr_arg(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Expr> {
    to_expr(vm, v)
}

fn list_arg(vm: &VirtualMachine, what: &str, v: &PyObjectRef) -> PyResult<Vec<PyObjectRef>> {
    seq(v).ok_or_else(|| vm.new_type_error(format!("{what} must be a list or tuple, got {}", v.class().name())))
}

fn type_arg(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Type> {
    to_type(vm, v)
}

fn opt_type(vm: &VirtualMachine, a: &Bound, name: &str) -> PyResult<Option<Type>> {
    a.get(vm, name).map(|t| type_arg(vm, &t)).transpose()
}

/// A tensor's element type argument: a dtype string (`""` unknown) or a `PrimType`.
fn dtype_arg(vm: &VirtualMachine, v: Option<PyObjectRef>) -> PyResult<Option<ir::DataType>> {
    let Some(v) = v else { return Ok(None) };
    if let Some(o) = unwrap_object(&v)
        && let Some(p) = o.downcast_ref::<ir::PrimTypeNode>()
    {
        return Ok(Some(p.dtype));
    }
    let s = py_str(vm, &v)?;
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<ir::DataType>().py(vm).map(Some)
}

/// Shape values: Python ints and int scalars as int64 dimensions.
fn dims(vm: &VirtualMachine, what: &str, v: &PyObjectRef) -> PyResult<Vec<Expr>> {
    list_arg(vm, what, v)?.iter().map(|x| to_dim(vm, x)).collect()
}

/// A `ShapeType`'s `values`/`ndim` check, TVM's wording.
fn check_ndim(vm: &VirtualMachine, given: i64, actual: usize) -> PyResult<()> {
    if given != UNKNOWN_NDIM && given != actual as i64 {
        return Err(vm.new_value_error(format!("ndim {given} does not match the {actual} values given")));
    }
    Ok(())
}

/// TVM's script parser hands out type proxies (`R.Tensor(...)` is a `TensorProxy`)
/// that become types through `as_ty`; our `R` constructors make the types, which
/// answer the proxies' methods (`tvm.relax.script.parser.entry` says which proxy
/// class stands for which type).
fn proxy_methods() {
    for key in ["relax.TensorType", "relax.ShapeType", "ir.TupleType", "ir.PrimType", "relax.AnyType", "relax.FuncType"] {
        define(key)
            .method("as_ty", |vm, t, args| {
                bind(vm, "as_ty", args, &["dict_globals"])?;
                out(vm, t.clone())
            })
            .method("asobject", |vm, t, args| {
                bind(vm, "asobject", args, &[])?;
                out(vm, t.clone())
            })
            .method("get_symbolic_vars", |vm, t, args| {
                bind(vm, "get_symbolic_vars", args, &[])?;
                let ty = Type(t.clone());
                // A callable's symbols are its parameters' (as TVM's `CallableProxy`).
                let parts: Vec<Type> = match super::types::as_func(&ty) {
                    Some(f) => f.params.clone().unwrap_or_default(),
                    None => vec![ty],
                };
                let mut names: Vec<PyObjectRef> = Vec::new();
                for part in &parts {
                    for v in super::types::symbolic_vars(part) {
                        if let Some(var) = v.downcast_ref::<ir::VarNode>() {
                            names.push(vm.ctx.new_str(&*var.name.to_arc()).into());
                        }
                    }
                }
                vm.ctx.types.set_type.as_object().call((vm.ctx.new_list(names),), vm)
            });
    }
}

fn types() {
    proxy_methods();
    // `is_base_of` is Relax's subtyping; TVM has it on every type.
    define_abstract(ir::ty::type_info()).method("is_base_of", |vm, t, args| {
        let a = bind(vm, "is_base_of", args, &["derived"])?;
        let d = type_arg(vm, &a.req(vm, "derived")?)?;
        Ok(vm.ctx.new_bool(is_base_of(&Type(t.clone()), &d)).into())
    });

    define("relax.TensorType").module("tvm.relax.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "TensorType", args, &["shape", "dtype", "vdevice", "ndim", "span"])?;
        let shape = match a.get(vm, "shape") {
            None => None,
            Some(s) if seq(&s).is_some() => Some(ShapeExpr::make(dims(vm, "shape", &s)?, Span::none()).py(vm)?.into()),
            Some(s) => Some(expr_arg(vm, &s)?),
        };
        let dtype = match a.raw(vm, "dtype") {
            None => Some(ir::DataType::float(32)),
            Some(d) if vm.is_none(&d) => None,
            Some(d) => dtype_arg(vm, Some(d))?,
        };
        let vdevice = match a.get(vm, "vdevice") {
            None => None,
            Some(v) => match unwrap_object(&v).and_then(|o| o.downcast::<super::types::VDeviceNode>().ok()) {
                Some(d) => Some(VDevice::from(d)),
                None => return Err(vm.new_type_error("TensorType: vdevice must be a relax.VDevice (a vdevice string needs the module's global infos)")),
            },
        };
        let ndim = a.int_or(vm, "ndim", UNKNOWN_NDIM)?;
        out(vm, TensorType::make(shape, dtype, vdevice, ndim, Span::none()).py(vm)?)
    });

    define("relax.ShapeType").module("tvm.relax.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "ShapeType", args, &["values", "ndim", "span"])?;
        let ndim = a.int_or(vm, "ndim", UNKNOWN_NDIM)?;
        match a.get(vm, "values") {
            Some(v) => {
                let values = dims(vm, "values", &v)?;
                check_ndim(vm, ndim, values.len())?;
                out(vm, ShapeType::of_values(values).py(vm)?)
            }
            None => out(vm, ShapeType::with_ndim(ndim)),
        }
    });

    define("relax.FuncType")
        .module("tvm.relax.type")
        .init(|vm, args: FuncArgs| {
            let a = bind(vm, "FuncType", args, &["params", "ret", "purity", "span"])?;
            let params = list_arg(vm, "params", &a.req(vm, "params")?)?.iter().map(|p| type_arg(vm, p)).collect::<PyResult<Vec<_>>>()?;
            let ret = type_arg(vm, &a.req(vm, "ret")?)?;
            out(vm, FuncType::make(params, ret, a.bool_or(vm, "purity", true)?))
        })
        .staticmethod("opaque_func", |vm, args| {
            let a = bind(vm, "opaque_func", args, &["*", "ret", "derive_func", "purity", "span"])?;
            let ret = opt_type(vm, &a, "ret")?;
            let derive = match a.get(vm, "derive_func") {
                None => None,
                Some(d) => match unwrap_object(&d).and_then(|o| o.downcast_ref::<super::types::EnvFuncNode>().map(|e| e.name.clone())) {
                    Some(name) => Some(name),
                    None => Some(py_str(vm, &d)?),
                },
            };
            out(vm, FuncType::opaque(ret, derive.as_deref(), a.bool_or(vm, "purity", false)?))
        });

    define("relax.AnyType").module("tvm.relax.type").init(|vm, args: FuncArgs| {
        bind(vm, "AnyType", args, &["span"])?;
        let _ = AnyType::new(AnyTypeNode { span: Span::none() });
        out(vm, any_type())
    });

    define("relax.PackedFuncType").module("tvm.relax.type").init(|vm, args: FuncArgs| {
        bind(vm, "PackedFuncType", args, &["span"])?;
        out(vm, PackedFuncType::new(PackedFuncTypeNode { span: Span::none() }))
    });
}

/// `Var(name=None, ty=None, span=None, *, name_hint=None)` as TVM 0.27's `ir.Var`
/// (and `relax.DataflowVar`): a dtype string is a `PrimType` (`"handle"` a pointer).
fn var_parts(vm: &VirtualMachine, what: &'static str, args: FuncArgs) -> PyResult<(String, Type)> {
    let a = bind(vm, what, args, &["name", "ty", "span", "*", "name_hint"])?;
    let name = match (a.get(vm, "name"), a.get(vm, "name_hint")) {
        (Some(_), Some(_)) => return Err(vm.new_type_error("Specify either name or name_hint, not both")),
        (Some(n), None) | (None, Some(n)) => n,
        (None, None) => return Err(vm.new_type_error("name must be a str")),
    };
    if !name.fast_isinstance(vm.ctx.types.str_type) {
        return Err(vm.new_type_error("name must be a str"));
    }
    let name = name.downcast_ref::<PyStr>().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
    let ty = match a.get(vm, "ty") {
        None => Type::missing(),
        Some(t) if t.fast_isinstance(vm.ctx.types.str_type) => {
            let s = py_str(vm, &t)?;
            if s == "handle" {
                Type::pointer(Type::prim(ir::DataType::void()), "")
            } else {
                Type::prim(s.parse::<ir::DataType>().py(vm)?)
            }
        }
        Some(t) => match unwrap_object(&t) {
            Some(o) if o.isinstance(ir::type_info()) => Type(o),
            _ => return Err(vm.new_type_error("ty must be a Type or primitive dtype string")),
        },
    };
    Ok((name, ty))
}

/// A Relax function body: a `SeqExpr` as given, any other expression as the
/// result of an empty sequence (TVM's constructors wrap it so).
fn seq_body(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<SeqExpr> {
    let e = expr_arg(vm, v)?;
    match e.as_object().downcast::<SeqExprNode>() {
        Ok(s) => Ok(SeqExpr::from(s)),
        Err(_) => Ok(super::frontend::emit::seq_expr(vec![], e)),
    }
}

fn binding_arg(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Binding> {
    let o = ir_arg(vm, "bindings", v)?;
    if !o.isinstance(super::nodes::binding_info()) {
        return Err(vm.new_type_error(format!("bindings must hold relax.Binding objects, got {}", o.type_key())));
    }
    Ok(Binding(o))
}

fn var_arg(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<super::nodes::AnyVar> {
    let o = ir_arg(vm, "var", v)?;
    if !o.is::<ir::VarNode>() && !o.is::<super::nodes::DataflowVarNode>() {
        return Err(vm.new_type_error(format!("var must be a relax.Var, got {}", o.type_key())));
    }
    Ok(super::nodes::AnyVar(o))
}

/// Function attributes from a dict or a `DictAttrs`-like map.
pub fn attr_map(vm: &VirtualMachine, v: Option<PyObjectRef>) -> PyResult<ir::AttrMap> {
    let Some(v) = v else { return Ok(std::sync::Arc::from(Vec::new())) };
    // TVM's own attribute type, `tvm.ir.DictAttrs` (a function's `.attrs`), as its dict.
    let v = if &*v.class().name() == "DictAttrs" { vm.call_method(&v, "_dict", ())? } else { v };
    if v.downcast_ref::<PyDict>().is_none() && unwrap_object(&v).is_none() && !vm.is_none(&v) {
        return Err(vm.new_type_error(format!("attrs must be a dict, got {}", v.class().name())));
    }
    match py_to_value(vm, &v)? {
        Value::Map(m) => Ok(m.iter().cloned().collect::<Vec<_>>().into()),
        Value::None => Ok(std::sync::Arc::from(Vec::new())),
        _ => Err(vm.new_type_error("attrs must be a dict")),
    }
}

fn nodes() {
    // Categories `isinstance` tests against (`relax.Expr`, `relax.Binding`).
    define_abstract(ir::expr_info()).module("tvm.ir.expr");
    define_abstract(ir::base_func_info()).module("tvm.ir.function");
    define_abstract(super::nodes::binding_info()).module("tvm.relax.expr");
    define("relax.expr.DataflowVar").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let (name, ty) = var_parts(vm, "DataflowVar", args)?;
        out(vm, DataflowVar::make(&name, ty, Span::none()))
    });

    define("ir.Tuple").module("tvm.ir.expr").init(super::frontend::constructors::tuple_node);
    define("ir.TupleGetItem").module("tvm.ir.expr").init(super::frontend::constructors::tuple_get_item);

    define("relax.expr.ShapeExpr").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "ShapeExpr", args, &["values", "span"])?;
        // TVM's check is an ICHECK: an InternalError (a RuntimeError) from Python.
        let made = ShapeExpr::make(dims(vm, "values", &a.req(vm, "values")?)?, Span::none())
            .map_err(|e| crate::dialects::ir::module_class::internal_error(vm, e.message))?;
        out(vm, made)
    });

    define("relax.expr.VarBinding").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "VarBinding", args, &["var", "value", "span"])?;
        let var = var_arg(vm, &a.req(vm, "var")?)?;
        out(vm, VarBinding::make(var, expr_arg(vm, &a.req(vm, "value")?)?, Span::none()))
    });
    define("relax.expr.MatchCast").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "MatchCast", args, &["var", "value", "ty", "span"])?;
        let var = var_arg(vm, &a.req(vm, "var")?)?;
        let value = expr_arg(vm, &a.req(vm, "value")?)?;
        out(vm, MatchCast::make(var, value, type_arg(vm, &a.req(vm, "ty")?)?, Span::none()))
    });
    for (key, name, dataflow) in [("relax.expr.BindingBlock", "BindingBlock", false), ("relax.expr.DataflowBlock", "DataflowBlock", true)] {
        define(key).module("tvm.relax.expr").init(move |vm, args: FuncArgs| {
            let a = bind(vm, name, args, &["bindings", "span"])?;
            let bindings = list_arg(vm, "bindings", &a.req(vm, "bindings")?)?.iter().map(|b| binding_arg(vm, b)).collect::<PyResult<Vec<_>>>()?;
            out(vm, AnyBlock::make(dataflow, bindings, Span::none()))
        });
    }

    define("relax.expr.SeqExpr").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "SeqExpr", args, &["blocks", "body", "span"])?;
        let blocks = list_arg(vm, "blocks", &a.req(vm, "blocks")?)?
            .iter()
            .map(|b| {
                let o = ir_arg(vm, "blocks", b)?;
                if !o.isinstance(<super::nodes::BindingBlockNode as crate::ir::NodeType>::static_info()) {
                    return Err(vm.new_type_error(format!("blocks must hold relax.BindingBlock objects, got {}", o.type_key())));
                }
                Ok(AnyBlock(o))
            })
            .collect::<PyResult<Vec<_>>>()?;
        out(vm, super::frontend::emit::seq_expr(blocks, expr_arg(vm, &a.req(vm, "body")?)?))
    });

    define("relax.expr.If").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "If", args, &["cond", "true_branch", "false_branch", "span"])?;
        let cond = expr_arg(vm, &a.req(vm, "cond")?)?;
        let t = seq_body(vm, &a.req(vm, "true_branch")?)?;
        let f = seq_body(vm, &a.req(vm, "false_branch")?)?;
        out(vm, If::make(cond, t, f, Span::none()))
    });

    define("relax.expr.Function")
        .module("tvm.relax.expr")
        .init(|vm, args: FuncArgs| {
            let a = bind(vm, "Function", args, &["params", "body", "ret_ty", "is_pure", "attrs", "span"])?;
            let params = function_params(vm, &a.req(vm, "params")?)?;
            let body = seq_body(vm, &a.req(vm, "body")?)?;
            let ret_ty = opt_type(vm, &a, "ret_ty")?;
            let attrs = attr_map(vm, a.get(vm, "attrs"))?;
            out(vm, Function::make(params, body, ret_ty, a.bool_or(vm, "is_pure", true)?, attrs, Span::none()))
        })
        .staticmethod("create_empty", |vm, args| {
            // TVM's placeholder body: `output: ret_ty = R.call_packed("_dummy_function")`.
            let a = bind(vm, "create_empty", args, &["params", "ret_ty", "is_pure", "attrs", "span"])?;
            let params = function_params(vm, &a.req(vm, "params")?)?;
            let ret_ty = type_arg(vm, &a.req(vm, "ret_ty")?)?;
            let attrs = attr_map(vm, a.get(vm, "attrs"))?;
            let callee: Expr = ExternFunc::make("_dummy_function", Span::none()).into();
            let call: Expr = ir::Call::make(None, callee, Vec::<Expr>::new(), None, vec![], Span::none()).py(vm)?.into();
            let output = ir::new_var("output", ret_ty.clone(), Span::none());
            let block = AnyBlock::make(false, vec![VarBinding::make(output.clone(), call, Span::none()).into()], Span::none());
            let body = super::frontend::emit::seq_expr(vec![block], output.into());
            out(vm, Function::make(params, body, Some(ret_ty), a.bool_or(vm, "is_pure", true)?, attrs, Span::none()))
        });

    define("relax.expr.ExternFunc").module("tvm.relax.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "ExternFunc", args, &["global_symbol", "ty", "span"])?;
        let name = py_str(vm, &a.req(vm, "global_symbol")?)?;
        let f = ExternFunc::make(&name, Span::none());
        match opt_type(vm, &a, "ty")? {
            Some(t) => out(vm, super::frontend::emit::with_type(f.into(), t).py(vm)?),
            None => out(vm, f),
        }
    });
}

fn function_params(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Vec<Var>> {
    list_arg(vm, "params", v)?
        .iter()
        .map(|p| {
            let o = ir_arg(vm, "params", p)?;
            // A DataflowVar is refused as TVM's well-formedness does later; here only kinds.
            o.downcast::<ir::VarNode>().map(Var::from).map_err(|_| vm.new_type_error(format!("params must hold relax.Var objects, got {}", o.type_key())))
        })
        .collect()
}

/// Register the Relax classes' Python faces.
pub fn register() {
    types();
    nodes();
    tensors();
}

/// `tvm.runtime.Tensor`, the data of a constant: TVM 0.27's `numpy()` and how it
/// prints (through NumPy, imported on first use), and `tvm.runtime.tensor`'s maker.
fn tensors() {
    use super::nodes::{TensorValue, TensorValueNode};
    fn node(o: &ObjectRef) -> &TensorValueNode {
        o.downcast_ref::<TensorValueNode>().expect("registered for ffi.Tensor")
    }
    fn numpy(vm: &VirtualMachine, o: &ObjectRef) -> PyResult {
        let t = node(o);
        let np = vm.import("numpy", 0)?;
        let shape: Vec<PyObjectRef> = t.shape.iter().map(|&d| vm.ctx.new_int(d).into()).collect();
        let kwargs = rustpython_vm::function::KwArgs::from_iter([("buffer".to_string(), vm.ctx.new_bytes(t.data.0.to_vec()).into())]);
        let args = FuncArgs::new(vec![vm.ctx.new_tuple(shape).into(), vm.ctx.new_str(t.dtype.to_string()).into()], kwargs);
        np.get_attr("ndarray", vm)?.call(args, vm)
    }
    define("ffi.Tensor")
        .module("tvm.runtime")
        .method("numpy", |vm, o, _| numpy(vm, o))
        .method("asnumpy", |vm, o, _| numpy(vm, o))
        .property("ndim", |vm, o| Ok(vm.ctx.new_int(node(o).shape.len()).into()))
        .property("size", |vm, o| Ok(vm.ctx.new_int(node(o).numel()).into()))
        .method("numel", |vm, o, _| Ok(vm.ctx.new_int(node(o).numel()).into()))
        .method("__str__", |vm, o, _| Ok(numpy(vm, o)?.str(vm)?.into()))
        .method("__repr__", |vm, o, _| {
            let t = node(o);
            let dims: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
            let shape = if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
            let arr = numpy(vm, o)?.repr(vm)?;
            Ok(vm.ctx.new_str(format!("<tvm.runtime.Tensor shape={shape}, cpu:0>\n{arr}")).into())
        })
        // `tvm.runtime.tensor(array)`: the dtype, shape and little-endian bytes of an array.
        .staticmethod("_from_parts", |vm, args: FuncArgs| {
            let (dt, shape, data): (String, Vec<i64>, rustpython_vm::builtins::PyBytesRef) = args.bind(vm)?;
            let d: ir::DataType = dt.parse().map_err(|_| vm.new_type_error(format!("unsupported dtype {dt}")))?;
            let t = TensorValue::make(shape, d, data.as_bytes().to_vec()).map_err(|e| vm.new_value_error(e.message))?;
            out(vm, t.upcast())
        });
}
