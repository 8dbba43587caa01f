//! The Python classes of the core IR (`tvm.ir`): TVM 0.27's constructors and
//! helpers for types, expressions, functions and modules, on the reflection
//! classes `vm::object` makes (`vm::classes` holds the table).

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::ir::{self, Expr, Span, Type};
use crate::vm::args::bind;
use crate::vm::classes::{define, define_abstract};
use crate::vm::convert::{py_str, py_to_expr, py_to_seq, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

fn dtype(vm: &VirtualMachine, s: &str) -> PyResult<ir::DataType> {
    s.parse::<ir::DataType>().map_err(|e| vm.new_value_error(e.to_string()))
}

/// A type argument: a `tvm.ir.Type`, or a dtype string for a `PrimType`.
pub fn type_arg(vm: &VirtualMachine, obj: &PyObjectRef, what: &str) -> PyResult<Type> {
    if let Some(o) = unwrap_object(obj)
        && o.isinstance(ir::ty::type_info())
    {
        return Ok(Type(o));
    }
    if vm.is_none(obj) {
        return Ok(Type::missing());
    }
    match py_str(vm, obj) {
        Ok(s) => prim_or_handle(vm, &s),
        Err(_) => Err(vm.new_type_error(format!("{what} must be a Type or primitive dtype string"))),
    }
}

/// The type a dtype string names: `handle` is a pointer to void, as TVM's `Var` makes it.
fn prim_or_handle(vm: &VirtualMachine, s: &str) -> PyResult<Type> {
    if s == "handle" {
        return Ok(Type::pointer(Type::prim(ir::DataType::void()), "global"));
    }
    Ok(Type::prim(dtype(vm, s)?))
}

fn types_of(vm: &VirtualMachine, obj: &PyObjectRef, what: &str) -> PyResult<Vec<Type>> {
    py_to_seq(vm, obj)?.iter().map(|t| type_arg(vm, t, what)).collect()
}

fn exprs_of(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<Expr>> {
    py_to_seq(vm, obj)?.iter().map(|t| py_to_expr(vm, t)).collect()
}

fn types() {
    define_abstract(ir::ty::type_info())
        .module("tvm.ir.type")
        .staticmethod("missing", |vm, _| Ok(wrap(vm, ir::Type::missing().into_object())))
        .staticmethod("Missing", |vm, _| Ok(wrap(vm, ir::Type::missing().into_object())))
        .method("is_missing", |vm, t, _| Ok(vm.ctx.new_bool(t.is::<ir::ty::MissingTypeNode>()).into()));
    define("ir.MissingType").module("tvm.ir.type");
    define("ir.PrimType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "PrimType", args, &["dtype", "span"])?;
        let s = py_str(vm, &a.req(vm, "dtype")?)?;
        let d = dtype(vm, &s)?;
        if d.is_handle() {
            return Err(vm.new_type_error(
                "Check failed: (!is_opaque_handle || is_void) is false: PrimType cannot represent an opaque pointer; use PointerType::VoidPointerTy()",
            ));
        }
        Ok(wrap(vm, ir::PrimType::of(d).upcast()))
    });
    define("ir.PointerType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "PointerType", args, &["element_type", "storage_scope"])?;
        let elem = type_arg(vm, &a.req(vm, "element_type")?, "element_type")?;
        // TVM stores the default scope by its name.
        let scope = match a.str_or(vm, "storage_scope", "")?.as_str() {
            "" => "global".to_string(),
            s => s.to_string(),
        };
        Ok(wrap(vm, Type::pointer(elem, &scope).into_object()))
    });
    define("ir.TupleType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "TupleType", args, &["fields", "span"])?;
        let fields = types_of(vm, &a.req(vm, "fields")?, "fields")?;
        Ok(wrap(vm, ir::TupleType::new(ir::TupleTypeNode { fields, span: Span::none() }).upcast()))
    });
    define("ir.FuncType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        let a = bind(vm, "FuncType", args, &["arg_types", "ret_type"])?;
        let arg_types = types_of(vm, &a.req(vm, "arg_types")?, "arg_types")?;
        let ret_type = type_arg(vm, &a.req(vm, "ret_type")?, "ret_type")?;
        Ok(wrap(vm, ir::FuncType::new(ir::FuncTypeNode { arg_types, ret_type, span: Span::none() }).upcast()))
    });
    define("ir.StringType").module("tvm.ir.type").init(|vm, args: FuncArgs| {
        bind(vm, "StringType", args, &[])?;
        Ok(wrap(vm, Type::string().into_object()))
    });
}

/// `Var(name=None, ty=None, span=None, *, name_hint=None)`, TVM 0.27's checks included.
fn make_var(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "Var", args, &["name", "ty", "span", "*", "name_hint"])?;
    let name = match (a.get(vm, "name"), a.get(vm, "name_hint")) {
        (Some(_), Some(_)) => return Err(vm.new_type_error("Specify either name or name_hint, not both")),
        (Some(n), None) | (None, Some(n)) => n,
        (None, None) => return Err(vm.new_type_error("name must be a str")),
    };
    let name = name
        .downcast_ref::<rustpython_vm::builtins::PyStr>()
        .map(|s| s.to_string_lossy().to_string())
        .ok_or_else(|| vm.new_type_error("name must be a str"))?;
    let ty = match a.get(vm, "ty") {
        None => Type::missing(),
        Some(t) => type_arg(vm, &t, "ty")?,
    };
    Ok(wrap(vm, ir::new_var(&name, ty, Span::none()).upcast()))
}

fn exprs() {
    define_abstract(ir::expr_info()).module("tvm.ir.expr");
    define_abstract(ir::base_func_info()).module("tvm.ir.function");
    define("ir.Var").module("tvm.ir.expr").init(make_var);
    define("ir.GlobalVar").module("tvm.ir.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "GlobalVar", args, &["name_hint"])?;
        let name = py_str(vm, &a.req(vm, "name_hint")?)?;
        Ok(wrap(vm, ir::GlobalVar::named(&name).upcast()))
    });
    define("ir.StringImm").module("tvm.ir.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "StringImm", args, &["value", "span"])?;
        let s = py_str(vm, &a.req(vm, "value")?)?;
        Ok(wrap(vm, ir::string_imm(&s).into_object()))
    });
    define("ir.IntImm").module("tvm.ir.prim.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "IntImm", args, &["dtype", "value", "span"])?;
        let d = type_arg(vm, &a.req(vm, "dtype")?, "dtype")?.dtype();
        let v = a.req(vm, "value")?;
        let v: i64 = if v.class().is(vm.ctx.types.bool_type) {
            v.try_to_bool(vm)? as i64
        } else {
            crate::vm::convert::py_int(vm, &v)?
        };
        Ok(wrap(vm, ir::int_imm(d, v).into_object()))
    });
    define("ir.FloatImm").module("tvm.ir.prim.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "FloatImm", args, &["dtype", "value", "span"])?;
        let d = type_arg(vm, &a.req(vm, "dtype")?, "dtype")?.dtype();
        let v: f64 = a.req(vm, "value")?.try_float(vm)?.to_f64();
        Ok(wrap(vm, ir::float_imm(d, v).into_object()))
    });
    define("ir.Range")
        .module("tvm.ir.expr")
        .init(|vm, args: FuncArgs| {
            let a = bind(vm, "Range", args, &["begin", "end", "span"])?;
            let begin = py_to_expr(vm, &a.req(vm, "begin")?)?;
            let range = match a.get(vm, "end") {
                None => ir::Range::from_min_extent(ir::int_imm(begin.dtype(), 0), begin, Span::none()),
                Some(end) => {
                    let end = py_to_expr(vm, &end)?;
                    let extent = ir::arith::binary(ir::BinOp::Sub, end, begin.clone(), Span::none()).py(vm)?;
                    ir::Range::from_min_extent(begin, extent, Span::none())
                }
            };
            Ok(wrap(vm, range.upcast()))
        })
        .staticmethod("from_min_extent", |vm, args: FuncArgs| {
            let a = bind(vm, "from_min_extent", args, &["min_value", "extent", "span"])?;
            let min = py_to_expr(vm, &a.req(vm, "min_value")?)?;
            let extent = py_to_expr(vm, &a.req(vm, "extent")?)?;
            Ok(wrap(vm, ir::Range::from_min_extent(min, extent, Span::none()).upcast()))
        });
    define("ir.Op")
        .module("tvm.ir.op")
        .staticmethod("get", |vm, args: FuncArgs| {
            let a = bind(vm, "get", args, &["op_name"])?;
            let name = py_str(vm, &a.req(vm, "op_name")?)?;
            let op = ir::Op::get(&name).map_err(|_| {
                vm.new_attribute_error(format!("Check failed: (reg != nullptr) is false: Operator {name} is not registered"))
            })?;
            Ok(wrap(vm, op.upcast()))
        })
        .property("num_inputs", |vm, o| Ok(vm.ctx.new_int(op_info(o).num_inputs).into()))
        .property("support_level", |vm, o| Ok(vm.ctx.new_int(op_info(o).support_level).into()))
        .property("attrs_type_key", |vm, o| Ok(vm.ctx.new_str(op_info(o).attrs_type_key).into()))
        .property("description", |vm, o| Ok(vm.ctx.new_str(op_info(o).description).into()))
        .method("_arguments", |vm, o, _| {
            let rows = op_info(o)
                .arguments
                .into_iter()
                .map(|a| vm.ctx.new_tuple(vec![vm.ctx.new_str(a.name).into(), vm.ctx.new_str(a.kind).into(), vm.ctx.new_str(a.doc).into()]).into())
                .collect();
            Ok(vm.ctx.new_list(rows).into())
        })
        .method("get_attr", |vm, o, args| {
            let a = bind(vm, "get_attr", args, &["attr_name"])?;
            let key = py_str(vm, &a.req(vm, "attr_name")?)?;
            let op = o.downcast_ref::<ir::OpNode>().map(|n| n.name.clone()).unwrap_or_default();
            match ir::op::op_attr(&op, &key) {
                Some(v) => Ok(crate::vm::convert::value_to_py(vm, &v)),
                None if op_attr_is_registered(&key) => Ok(vm.ctx.none()),
                None => Err(crate::dialects::ir::module_class::internal_error(vm, format!("Attribute '{key}' is not registered"))),
            }
        });
    define("ir.Call").module("tvm.ir.expr").init(|vm, args: FuncArgs| {
        let a = bind(vm, "Call", args, &["op", "args", "attrs", "ty_args", "span", "ret_ty"])?;
        let op_arg = a.req(vm, "op")?;
        let op: Expr = match unwrap_object(&op_arg) {
            Some(o) if o.isinstance(ir::expr_info()) => Expr(o),
            Some(o) => return Err(vm.new_type_error(format!("Call: op must be an expression, got {}", o.type_key()))),
            None => {
                let name = py_str(vm, &op_arg)?;
                Expr(ir::Op::get(&name).map_err(|_| vm.new_attribute_error(format!("Operator {name} is not registered")))?.upcast())
            }
        };
        let call_args = exprs_of(vm, &a.req(vm, "args")?)?;
        let attrs = match a.get(vm, "attrs") {
            None => ir::Value::None,
            Some(v) => py_to_value(vm, &v)?,
        };
        let ty_args = match a.get(vm, "ty_args") {
            None => Vec::new(),
            Some(t) => types_of(vm, &t, "ty_args")?,
        };
        let ty = match a.get(vm, "ret_ty") {
            None => Type::missing(),
            Some(t) => type_arg(vm, &t, "ret_ty")?,
        };
        let call = ir::Call::new(ir::CallNode { ty, op, args: call_args, attrs, ty_args, span: Span::none() });
        Ok(wrap(vm, call.upcast()))
    })
    // The registered operator's contract, checked apart from construction.
    .method("validate", |vm, o, args| {
        bind(vm, "validate", args, &[])?;
        let call = o.downcast_ref::<ir::CallNode>().ok_or_else(|| vm.new_type_error("validate() needs a Call"))?;
        ir::op::validate_call_node(call).py(vm)?;
        Ok(vm.ctx.none())
    });
}

/// What TVM's `ir.Op` shows of an operator beyond its name.
pub struct OpInfo {
    /// The number of inputs (`-1`: any).
    pub num_inputs: i64,
    /// TVM's support level (10 unless registered otherwise).
    pub support_level: i64,
    /// The type key of the operator's attributes, empty without any.
    pub attrs_type_key: String,
    /// What the operator does.
    pub description: String,
    /// The documented arguments.
    pub arguments: Vec<ir::op::ArgSpec>,
}

/// The registry's facts about an operator object, with TVM's defaults.
pub fn op_info(o: &ir::ObjectRef) -> OpInfo {
    let name = o.downcast_ref::<ir::OpNode>().map(|n| n.name.clone()).unwrap_or_default();
    let entry = ir::op::op_entry(&name);
    let int = |k: &str, d: i64| entry.as_ref().and_then(|e| e.attrs.get(k)).and_then(|v| v.as_int()).unwrap_or(d);
    OpInfo {
        num_inputs: int("num_inputs", -1),
        support_level: int("support_level", 10),
        attrs_type_key: entry
            .as_ref()
            .and_then(|e| e.attrs.get("attrs_type_key"))
            .and_then(|v| v.as_str().map(|s| s.to_string()))
            .unwrap_or_default(),
        description: entry.as_ref().map(|e| e.doc.clone()).unwrap_or_default(),
        arguments: entry.map(|e| e.documented_args.clone()).unwrap_or_default(),
    }
}

/// Whether TVM 0.27 registers an operator attribute of this name (for some operator):
/// `get_attr` of such a name is None where unset, of any other an InternalError.
fn op_attr_is_registered(key: &str) -> bool {
    const TVM_ATTRS: &[&str] = &[
        "FPurity", "TCallEffectKind", "TGlobalSymbol", "TScriptPrinterName", "TScriptDtypePrintLocation",
        "TVectorizable", "FLegalize", "FLowerBuiltin", "FCallPacked", "FNormalize", "FValidate",
        "FInferMixedPrecision", "FRelaxInferLayout", "TMixedPrecisionPolicy", "FPrimalGradient", "FInferType",
        "TAllocator", "FDataDependent", "cuda.FLowerIntrinsic", "llvm.FLowerIntrinsic",
    ];
    TVM_ATTRS.contains(&key)
}

/// Register the core classes' Python faces.
pub fn register() {
    types();
    exprs();
}
