//! The Relax IR data against TVM 0.27: type keys, bases, field names, order and
//! structural-equality roles (from `type(x).__tvm_ffi_type_info__`), the operator
//! table, and what construction builds (checked against the IR the oracle builds for
//! the same script).

use std::sync::Arc;

use rstest::rstest;
use tvmscript::dialects::relax::nodes::*;
use tvmscript::dialects::relax::ops::{attrs, op_repr, type_text};
use tvmscript::dialects::relax::types::*;
use tvmscript::dialects::relax::{self, infer_relax_call, op_fact, op_facts, op_name_of_script, script_name_of_op};
use tvmscript::ir::{
    int_imm, lookup_type, structural_equal, Call, DataType, ErrorKind, Expr, FieldRole, GlobalVar, GlobalVarNode,
    NodeType, Op, Span, Type, TypeInfo, Value, Var,
};

fn setup() {
    relax::register_dialect().unwrap();
    relax::register_dialect().unwrap();
}

fn info(key: &str) -> &'static TypeInfo {
    setup();
    lookup_type(key).unwrap_or_else(|| panic!("{key} is not registered"))
}

/// Field names of a registered type, and the roles that are not Normal.
fn fields(key: &str) -> String {
    info(key)
        .fields
        .iter()
        .map(|f| match f.role {
            FieldRole::Normal => f.name.to_string(),
            FieldRole::Def => format!("[def] {}", f.name),
            FieldRole::Ignore => format!("[ignore] {}", f.name),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

// TVM lists inherited fields first (`ir.Expr`: span, ty; `ir.BaseFunc`: attrs;
// `relax.expr.Binding`: span, var); our span trails and is not reflected.
#[rstest]
#[case("relax.expr.Function", "ir.BaseFunc", "ty, attrs, [def] params, body, ret_ty, is_pure")]
#[case("relax.expr.ExternFunc", "ir.BaseFunc", "ty, attrs, global_symbol")]
#[case("relax.expr.SeqExpr", "ir.Expr", "ty, blocks, body")]
#[case("relax.expr.If", "ir.Expr", "ty, cond, true_branch, false_branch")]
#[case("relax.expr.ShapeExpr", "ir.Expr", "ty, values")]
#[case("relax.expr.DataflowVar", "ir.Var", "ty, [ignore] name")]
#[case("relax.expr.VarBinding", "relax.expr.Binding", "[def] var, value")]
#[case("relax.expr.MatchCast", "relax.expr.Binding", "[def] var, value, [def] ty")]
#[case("relax.expr.BindingBlock", "ffi.Object", "bindings")]
#[case("relax.expr.DataflowBlock", "relax.expr.BindingBlock", "bindings")]
#[case("ir.GenericConst", "ir.Constant", "ty, value")]
#[case("relax.TensorType", "ir.Type", "shape, dtype, vdevice, ndim")]
#[case("relax.ShapeType", "ir.Type", "values, ndim")]
#[case("relax.FuncType", "ir.Type", "[def] params, ret, derive_func, purity")]
#[case("relax.AnyType", "ir.Type", "")]
#[case("relax.PackedFuncType", "ir.Type", "")]
#[case("relax.VDevice", "ir.GlobalInfo", "target, vdevice_id, memory_scope")]
#[case("relax.DummyGlobalInfo", "ir.GlobalInfo", "")]
#[case("ir.EnvFunc", "ffi.Object", "name, [ignore] func")]
#[case("relax.attrs.StatisticalAttrs", "ir.Attrs", "axis, keepdims")]
#[case("relax.attrs.Conv2DAttrs", "ir.Attrs", "strides, padding, dilation, groups, data_layout, kernel_layout, out_layout, out_dtype")]
#[case("relax.attrs.Resize3DAttrs", "ir.Attrs", "roi, layout, method, coordinate_transformation_mode, rounding_method, cubic_alpha, cubic_exclude, extrapolation_value, out_dtype")]
#[case("relax.attrs.SplitAttrs", "ir.Attrs", "indices_or_sections, axis")]
#[case("relax.attrs.LayoutTransformAttrs", "ir.Attrs", "index_map, pad_value")]
#[case("relax.attrs.ToVDeviceAttrs", "ir.Attrs", "dst_vdevice")]
fn reflection_follows_tvm(#[case] key: &str, #[case] parent: &str, #[case] expected: &str) {
    let i = info(key);
    assert_eq!(fields(key), expected, "{key}");
    assert_eq!(i.parent().map(|p| p.key), Some(parent), "{key}");
}

#[test]
fn hierarchy() {
    setup();
    let var_info = <tvmscript::ir::VarNode as NodeType>::static_info();
    assert!(DataflowVarNode::static_info().derives_from(var_info));
    assert!(DataflowVarNode::static_info().derives_from(tvmscript::ir::expr_info()));
    assert!(DataflowBlockNode::static_info().derives_from(BindingBlockNode::static_info()));
    assert!(FunctionNode::static_info().derives_from(tvmscript::ir::base_func_info()));
    assert!(GenericConstNode::static_info().derives_from(tvmscript::ir::constant_info()));
    assert!(MatchCastNode::static_info().derives_from(binding_info()));
    assert!(!BindingBlockNode::static_info().derives_from(DataflowBlockNode::static_info()));
    assert_eq!(attrs::ATTRS_TYPE_KEYS.len(), 79);
    for key in attrs::ATTRS_TYPE_KEYS {
        assert_eq!(info(key).parent().unwrap().key, "ir.Attrs", "{key}");
    }
}

#[test]
fn operator_table() {
    setup();
    assert_eq!(op_facts().len(), 230);
    assert_eq!(op_facts().iter().filter(|f| f.in_corpus).count(), 161);
    assert_eq!(op_name_of_script("nn.softmax"), Some("relax.nn.softmax"));
    assert_eq!(op_name_of_script("call_tir"), Some("relax.call_tir"));
    assert_eq!(op_name_of_script("memory.alloc_tensor"), Some("relax.memory.alloc_tensor"));
    for not_an_op in ["Tensor", "function", "const", "shape", "call_packed", "dataflow", "output", "match_cast"] {
        assert_eq!(op_name_of_script(not_an_op), None, "{not_an_op}");
    }
    assert_eq!(script_name_of_op("relax.image.resize2d"), Some("image.resize2d"));
    assert_eq!(script_name_of_op("relax.inspect.tensor_ndim"), None);
    for f in op_facts() {
        let op = Op::get(f.name).unwrap();
        assert!(op.same_as(&Op::get(f.name).unwrap().upcast()));
        if let Some(s) = f.script_name {
            assert_eq!(f.name.strip_prefix("relax."), Some(s));
        }
    }
    let sum = op_fact("relax.sum").unwrap();
    assert_eq!((sum.attrs_type_key, sum.call_attrs), ("", "relax.attrs.StatisticalAttrs"));
    assert_eq!(sum.script_signature, "x, axis=None, keepdims=False");
    let print = Op::get("relax.print").unwrap();
    assert_eq!(print.get_attr("FPurity"), Some(Value::Bool(false)));
    assert_eq!(Op::get("relax.add").unwrap().get_attr("FPurity"), Some(Value::Bool(true)));
    assert_eq!(Op::get("relax.nn.softmax").unwrap().get_attr("script_name"), Some(Value::str("nn.softmax")));
    assert_eq!(op_fact("relax.call_pure_packed").unwrap().num_inputs, -1);
    // TVM's repr of an operator, as its inference messages embed it.
    assert_eq!(
        op_repr("relax.add"),
        r#"ir.Op(span=None, ty=ir.Type(span=None), name="relax.add", description="", arguments=(ir.ArgumentInfo(name="x1", type_info="Tensor", description="The first input tensor."), ir.ArgumentInfo(name="x2", type_info="Tensor", description="The second input tensor.")), attrs_type_key="", num_inputs=2, support_level=10)"#
    );
}

fn tensor(dims: &[i64], dtype: DataType) -> Type {
    TensorType::static_shape(dims, dtype).into()
}

fn i64c(v: i64) -> Expr {
    int_imm(DataType::INT64, v)
}

#[test]
fn tensor_types_follow_tvm_constructor() {
    setup();
    let n = Var::scalar("n", DataType::INT64);
    let t = TensorType::of(Some(vec![n.clone().into(), i64c(4)]), DataType::FLOAT32).unwrap();
    assert_eq!(t.ndim, 2);
    assert_eq!(t.shape_values().unwrap().len(), 2);
    assert_eq!(type_text(&t.clone().into()), r#"R.Tensor((n, 4), dtype="float32")"#);
    // `R.Tensor(ndim=2)`: no dtype, no shape.
    let t = TensorType::with_ndim(2, None);
    assert!(t.dtype.is_none() && t.shape.is_none());
    assert_eq!(type_text(&t.into()), "R.Tensor(ndim=2)");
    // A void dtype means unknown.
    let t = TensorType::make(None, Some(DataType::void()), None, UNKNOWN_NDIM, Span::none()).unwrap();
    assert_eq!(type_text(&t.into()), "R.Tensor");
    // Shape and ndim must agree; the shape must be a shape.
    let shape: Expr = ShapeExpr::of_ints(&[2, 3]).into();
    let err = TensorType::make(Some(shape.clone()), None, None, 3, Span::none()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    let err = TensorType::make(Some(i64c(3)), None, None, UNKNOWN_NDIM, Span::none()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    // A shape variable: `R.Tensor(s, "float32")` takes the variable's rank.
    let s = Var::with_type("s", ShapeType::with_ndim(3), Span::none());
    let t = TensorType::make(Some(s.into()), Some(DataType::FLOAT32), None, UNKNOWN_NDIM, Span::none()).unwrap();
    assert_eq!(t.ndim, 3);
    assert_eq!(type_text(&t.into()), r#"R.Tensor(s, dtype="float32")"#);
}

#[test]
fn shape_values_are_int64() {
    setup();
    // `R.shape([T.int32(3)])` holds `T.int64(3)`; an int32 variable is refused with TVM's message.
    let s = ShapeExpr::make(vec![int_imm(DataType::INT32, 3)], Span::none()).unwrap();
    assert_eq!(s.values[0].dtype(), DataType::INT64);
    assert_eq!(s.values[0].as_int(), Some(3));
    assert_eq!(type_text(&s.ty), "R.Shape([3])");
    let v = Var::scalar("k", DataType::INT32);
    let err = ShapeExpr::make(vec![v.into()], Span::none()).unwrap_err();
    // TVM's message alone: the hint naming an int64 declaration is the native
    // front end's, for the symbols its declarations made.
    assert_eq!(err.message, "the value in ShapeType can only have dtype of int64");
    assert_eq!(type_text(&ShapeType::with_ndim(UNKNOWN_NDIM).into()), "R.Shape(ndim=-1)");
}

#[test]
fn constants() {
    setup();
    // R.const(1.5, "float32"): a rank-0 tensor typed R.Tensor((), dtype="float32").
    let c = GenericConst::scalar_float(1.5, DataType::FLOAT32, Span::none()).unwrap();
    assert_eq!(type_text(&c.ty), r#"R.Tensor((), dtype="float32")"#);
    let data = c.tensor().unwrap();
    assert_eq!(data.data.0.as_ref(), 1.5f32.to_le_bytes());
    assert_eq!(data.scalar_float(), Some(1.5));
    let two = GenericConst::scalar_int(-2, DataType::INT32, Span::none()).unwrap();
    assert_eq!(two.tensor().unwrap().scalar_int(), Some(-2));
    let flag = GenericConst::scalar_int(1, DataType::bool(), Span::none()).unwrap();
    assert_eq!(type_text(&flag.ty), r#"R.Tensor((), dtype="bool")"#);
    assert_eq!(flag.tensor().unwrap().data.0.len(), 1);
    // Data reflects as hex, so equal data compares equal and different data does not.
    let again = GenericConst::scalar_float(1.5, DataType::FLOAT32, Span::none()).unwrap();
    let other = GenericConst::scalar_float(2.5, DataType::FLOAT32, Span::none()).unwrap();
    assert!(structural_equal(&c, &again, false));
    assert!(!structural_equal(&c, &other, false));
    let value = c.value.as_object().unwrap();
    assert_eq!(value.type_key(), "ffi.Tensor");
    assert_eq!(value.field("data"), Some(Value::str("0000c03f")));
    // A tensor of shape (2,) int32.
    let t = TensorValue::make(vec![2], DataType::INT32, [1i32, 2].iter().flat_map(|v| v.to_le_bytes()).collect()).unwrap();
    let c2 = GenericConst::from_tensor(t.clone(), Span::none());
    assert_eq!(type_text(&c2.ty), r#"R.Tensor((2,), dtype="int32")"#);
    assert!(TensorValue::make(vec![3], DataType::INT32, vec![0; 8]).is_err());
    // Rebuilding from reflected fields round-trips the data.
    let rebuilt = t.as_ref_obj().rebuild(t.as_ref_obj().fields()).unwrap();
    assert!(structural_equal(&rebuilt, &t.as_ref_obj(), false));
    // R.dtype("float32"): a GenericConst holding a data type, typed R.Any.
    let d = GenericConst::dtype(DataType::FLOAT32, Span::none());
    assert_eq!(d.as_dtype(), Some(DataType::FLOAT32));
    assert_eq!(type_text(&d.ty), "R.Any");
}

#[test]
fn extern_func_is_an_opaque_impure_callable() {
    setup();
    let f = ExternFunc::make("my_func", Span::none());
    let ty = as_func(&f.ty).unwrap();
    assert!(ty.params.is_none() && !ty.purity);
    assert!(is_any(&ty.ret));
    assert_eq!(ty.derive_func.as_ref().unwrap().name, "tvm.relax.type.infer_by_ty_args");
    assert_eq!(type_text(&f.ty), "R.Callable");
    // R.call_packed("my_func", x, ty_args=...) takes its type from ty_args.
    let x: Expr = Var::with_type("x", tensor(&[4], DataType::FLOAT32), Span::none()).into();
    let out = tensor(&[4], DataType::FLOAT32);
    let call = Call::make(Some(Type::missing()), f, [x], None, vec![out.clone()], Span::none()).unwrap();
    assert!(infer_relax_call(&call).unwrap().same_as(&out));
}

/// `refine` of the oracle session: `y = R.match_cast(x, R.Tensor((n, m)))` then a
/// tuple of tensors; the function's ret_ty forgets n and m (defined in the body).
#[test]
fn functions_erase_body_variables_from_ret_ty() {
    setup();
    let x = Var::with_type("x", TensorType::with_ndim(2, Some(DataType::FLOAT32)), Span::none());
    let n = Var::scalar("n", DataType::INT64);
    let m = Var::scalar("m", DataType::INT64);
    let nm: Type = TensorType::of(Some(vec![n.clone().into(), m.clone().into()]), DataType::FLOAT32).unwrap().into();
    let y = Var::with_type("y", nm.clone(), Span::none());
    let cast = MatchCast::make(&y, x.clone().into(), nm.clone(), Span::none());
    let block = AnyBlock::make(false, vec![cast.into()], Span::none());
    assert!(!block.is_dataflow());
    let body = SeqExpr::make(vec![block], y.clone().into(), Span::none());
    assert_eq!(type_text(&body.ty), r#"R.Tensor((n, m), dtype="float32")"#);
    let f = Function::make(vec![x.clone()], body.clone(), None, true, Arc::from(Vec::new()), Span::none());
    assert_eq!(type_text(&f.ret_ty), r#"R.Tensor(dtype="float32", ndim=2)"#);
    assert_eq!(type_text(&f.ty), r#"R.Callable((R.Tensor(dtype="float32", ndim=2),), R.Tensor(dtype="float32", ndim=2), True)"#);
    // Variables a parameter defines stay.
    let p = Var::with_type("p", nm.clone(), Span::none());
    let body = SeqExpr::make(vec![], p.clone().into(), Span::none());
    let g = Function::make(vec![p], body, None, false, Arc::from(Vec::new()), Span::none());
    assert_eq!(type_text(&g.ret_ty), r#"R.Tensor((n, m), dtype="float32")"#);
    assert_eq!(type_text(&g.ty), r#"R.Callable((R.Tensor((n, m), dtype="float32"),), R.Tensor((n, m), dtype="float32"), False)"#);
    // Reflection round trip.
    let again = f.as_ref_obj().rebuild(f.as_ref_obj().fields()).unwrap();
    assert!(structural_equal(&again, &f.as_ref_obj(), false));
}

/// The branch joins TVM computed for `if c: a = ... else: a = ...`.
#[rstest]
#[case(&[2, 3], "float32", &[2, 3], "int32", "R.Tensor((2, 3))")]
#[case(&[2, 3], "float32", &[2, 4], "float32", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case(&[2, 3], "float32", &[2, 3], "float32", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case(&[2, 3], "float32", &[3], "float32", r#"R.Tensor(dtype="float32")"#)]
fn if_joins_its_branches(
    #[case] a: &[i64],
    #[case] da: &str,
    #[case] b: &[i64],
    #[case] db: &str,
    #[case] expected: &str,
) {
    setup();
    let cond: Expr = Var::with_type("c", tensor(&[], DataType::bool()), Span::none()).into();
    let branch = |dims: &[i64], d: &str| {
        let v = Var::with_type("v", tensor(dims, d.parse().unwrap()), Span::none());
        SeqExpr::make(vec![], v.into(), Span::none())
    };
    let e = If::make(cond, branch(a, da), branch(b, db), Span::none());
    assert_eq!(type_text(&e.ty), expected);
}

#[test]
fn other_joins() {
    setup();
    let t = tensor(&[2], DataType::FLOAT32);
    // Tuples of different lengths: R.Any; shapes of one rank: R.Shape(ndim=2).
    assert!(is_any(&tvmscript::dialects::relax::type_analysis::type_lca(&tuple_type(vec![t.clone(), t.clone()]), &tuple_type(vec![t.clone()]))));
    let s1: Type = ShapeType::with_ndim(2).into();
    let s2: Type = ShapeType::of_values(vec![i64c(1), i64c(2)]).unwrap().into();
    assert_eq!(type_text(&tvmscript::dialects::relax::type_analysis::type_lca(&s1, &s2)), "R.Shape(ndim=2)");
}

#[test]
fn calls_of_functions_bind_symbolic_parameters() {
    setup();
    // subroutine(Input: R.Tensor((n, m))) -> R.Tensor((n, m)), called with (16, 16).
    let n = Var::scalar("n", DataType::INT64);
    let m = Var::scalar("m", DataType::INT64);
    let nm: Type = TensorType::make(
        Some(ShapeExpr::make(vec![n.into(), m.into()], Span::none()).unwrap().into()),
        None,
        None,
        UNKNOWN_NDIM,
        Span::none(),
    )
    .unwrap()
    .into();
    let fty: Type = FuncType::make(vec![nm.clone()], nm, true).into();
    let gv = GlobalVar::new(GlobalVarNode { ty: fty, name_hint: "subroutine".into(), span: Span::none() });
    let a: Expr = Var::with_type("A", TensorType::make(Some(ShapeExpr::of_ints(&[16, 16]).into()), None, None, -1, Span::none()).unwrap(), Span::none()).into();
    let call = Call::make(Some(Type::missing()), gv.clone(), [a], None, vec![], Span::none()).unwrap();
    assert_eq!(type_text(&infer_relax_call(&call).unwrap()), "R.Tensor((16, 16))");
    // With an argument of unknown shape the result keeps only its rank.
    let b: Expr = Var::with_type("B", TensorType::with_ndim(2, None), Span::none()).into();
    let call = Call::make(Some(Type::missing()), gv, [b], None, vec![], Span::none()).unwrap();
    assert_eq!(type_text(&infer_relax_call(&call).unwrap()), "R.Tensor(ndim=2)");
}

#[test]
fn dataflow_vars_and_bindings() {
    setup();
    let t = tensor(&[4], DataType::FLOAT32);
    let lv = DataflowVar::make("lv", t.clone(), Span::none());
    let gv = Var::with_type("gv", t.clone(), Span::none());
    let x = Var::with_type("x", t.clone(), Span::none());
    let add = Call::make(None, Op::get("relax.add").unwrap(), [Expr::from(x.clone()), x.clone().into()], None, vec![], Span::none()).unwrap();
    assert!(structural_equal(&add.ty, &t, false));
    let b1 = VarBinding::make(lv.clone(), add.into(), Span::none());
    let b2 = VarBinding::make(&gv, lv.clone().into(), Span::none());
    let block = AnyBlock::make(true, vec![b1.into(), b2.into()], Span::none());
    assert!(block.is_dataflow());
    assert_eq!(block.type_key(), "relax.expr.DataflowBlock");
    let names: Vec<(&str, bool)> = block.bindings().iter().map(|b| (b.var().unwrap().name(), b.var().unwrap().is_dataflow())).collect();
    assert_eq!(names, [("lv", true), ("gv", false)]);
    // A DataflowVar is an ir.Var for isinstance, has identity, and converts to an Expr.
    assert!(lv.as_ref_obj().isinstance(<tvmscript::ir::VarNode as NodeType>::static_info()));
    let other = DataflowVar::make("lv", t, Span::none());
    assert!(!structural_equal(&lv, &other, false));
    assert!(structural_equal(&lv, &other, true));
    // Binding vars must be variables.
    let bad = VarBinding::new(VarBindingNode { var: AnyVar(i64c(1).into_object()), value: i64c(1), span: Span::none() });
    assert!(bad.as_ref_obj().rebuild(bad.as_ref_obj().fields()).is_err());
}

#[test]
fn prim_values_strings_and_vdevices() {
    setup();
    // R.prim_value(7) is the IntImm itself, typed T.int64; R.str is an ir.StringImm.
    let s = string_imm("hello");
    assert_eq!(s.type_key(), "ir.StringImm");
    assert_eq!(type_text(&s.ty()), "I.StringType()");
    assert_eq!(type_text(&i64c(7).ty()), "T.int64");
    // A vdevice as I.vdevice({"kind": "llvm", ...}, 0, "global").
    let target = Value::Map(vec![(Value::str("kind"), Value::str("llvm"))].into());
    let vd = VDevice::make(target, 0, "global");
    let t = TensorType::make(Some(ShapeExpr::of_ints(&[2]).into()), Some(DataType::FLOAT32), Some(vd.clone()), -1, Span::none()).unwrap();
    assert!(t.vdevice.as_ref().unwrap().ptr_eq(&vd));
    assert_eq!(vd.as_ref_obj().field("memory_scope"), Some(Value::str("global")));
}
