//! Relax printing of IR built directly in Rust, compared with the text TVM 0.27 prints
//! for the same IR (produced with the oracle from the script in each test's comment, or
//! copied from the conformance corpus), and with the native spelling.

use tvmscript::dialects::relax::nodes::*;
use tvmscript::dialects::relax::ops::attrs;
use tvmscript::dialects::relax::types::*;
use tvmscript::dialects::tirx::nodes::{BufferSpec, Evaluate, EvaluateNode, PrimFunc};
use tvmscript::ir::{
    attr_map, int_imm, AttrMap, Call, DataType, Expr, GlobalVar, GlobalVarNode, IRModule, Op, ObjectRef,
    Span, Tuple, TupleGetItem, TupleGetItemNode, TupleNode, Type, Value, Var,
};
use tvmscript::printer::{script, PrinterConfig, Syntax};

const F32: DataType = DataType::FLOAT32;

fn show(obj: &ObjectRef, syntax: Syntax) -> String {
    tvmscript::init();
    script(obj, &PrinterConfig { syntax, ..Default::default() }).unwrap()
}
fn tvm(obj: &ObjectRef) -> String {
    show(obj, Syntax::Tvm)
}
fn native(obj: &ObjectRef) -> String {
    show(obj, Syntax::Native)
}

fn i64c(v: i64) -> Expr {
    int_imm(DataType::INT64, v)
}
fn sym(name: &str) -> Var {
    Var::scalar(name, DataType::INT64)
}
fn tensor(dims: Vec<Expr>, dtype: DataType) -> Type {
    TensorType::of(Some(dims), dtype).unwrap().into()
}
fn param(name: &str, ty: Type) -> Var {
    Var::with_type(name, ty, Span::none())
}
fn e(v: &Var) -> Expr {
    v.clone().into()
}
fn op(name: &str) -> Op {
    tvmscript::init();
    Op::get(name).unwrap()
}
/// A call typed by inference.
fn call(name: &str, args: Vec<Expr>, attrs: Option<Value>) -> Expr {
    Call::make(None, op(name), args, attrs, vec![], Span::none()).unwrap().into()
}
fn tuple(fields: Vec<Expr>) -> Expr {
    let ty = tuple_type(fields.iter().map(Expr::ty).collect());
    Tuple::new(TupleNode { ty, fields, span: Span::none() }).into()
}
fn bind(var: impl Into<AnyVar>, value: Expr) -> Binding {
    VarBinding::make(var, value, Span::none()).into()
}
/// `name = value` typed as the value.
fn let_(name: &str, value: &Expr) -> (Var, Binding) {
    let v = param(name, value.ty());
    (v.clone(), bind(v, value.clone()))
}
fn dlet(name: &str, value: &Expr) -> (Expr, Binding) {
    let v = DataflowVar::make(name, value.ty(), Span::none());
    (v.clone().into(), bind(AnyVar(v.as_ref_obj()), value.clone()))
}
fn block(bindings: Vec<Binding>) -> AnyBlock {
    AnyBlock::make(false, bindings, Span::none())
}
fn dataflow(bindings: Vec<Binding>) -> AnyBlock {
    AnyBlock::make(true, bindings, Span::none())
}
fn seq(blocks: Vec<AnyBlock>, body: Expr) -> SeqExpr {
    SeqExpr::make(blocks, body, Span::none())
}
fn func(params: Vec<Var>, body: SeqExpr, ret: Type, pure: bool, attrs: AttrMap) -> Function {
    Function::make(params, body, Some(ret), pure, attrs, Span::none())
}
fn global_symbol(name: &str) -> AttrMap {
    attr_map([("global_symbol", Value::str(name))])
}
fn obj<T: tvmscript::ir::NodeType>(r: &tvmscript::ir::Ref<T>) -> ObjectRef {
    r.as_ref_obj()
}

#[test]
fn dataflow_block_and_attrs() {
    // @R.function
    // def f1(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    //     with R.dataflow():
    //         lv = R.add(x, y); lv1 = R.multiply(lv, x); gv = R.sum(lv1, axis=1)
    //         R.output(lv1)
    //     return lv1
    let t23 = tensor(vec![i64c(2), i64c(3)], F32);
    let (x, y) = (param("x", t23.clone()), param("y", t23.clone()));
    let (lv, b0) = dlet("lv", &call("relax.add", vec![e(&x), e(&y)], None));
    let (lv1, b1) = let_("lv1", &call("relax.multiply", vec![lv, e(&x)], None));
    let sum_attrs = attrs::StatisticalAttrs::new(attrs::StatisticalAttrsNode { axis: Some(vec![1]), keepdims: false, span: Span::none() });
    let (_gv, b2) = dlet("gv", &call("relax.sum", vec![e(&lv1)], Some(Value::Object(sum_attrs.as_ref_obj()))));
    let body = seq(vec![dataflow(vec![b0, b1, b2])], e(&lv1));
    let f = func(vec![x, y], body, t23, true, global_symbol("f1"));
    let expected = r#"# from tvm.script import relax as R

@R.function
def f1(x: R.Tensor((2, 3), dtype="float32"), y: R.Tensor((2, 3), dtype="float32")) -> R.Tensor((2, 3), dtype="float32"):
    with R.dataflow():
        lv: R.Tensor((2, 3), dtype="float32") = R.add(x, y)
        lv1: R.Tensor((2, 3), dtype="float32") = R.multiply(lv, x)
        gv: R.Tensor((2,), dtype="float32") = R.sum(lv1, axis=[1], keepdims=False)
        R.output(lv1)
    return lv1"#;
    assert_eq!(tvm(&obj(&f)).trim_end(), expected);
    // Nothing here differs between the spellings.
    assert_eq!(native(&obj(&f)).trim_end(), expected);
}

/// The function of the second oracle script (see `symbolic_signature_and_values`).
fn values_function() -> Function {
    // @R.function(private=True, pure=False)
    // def f2(x: R.Tensor(("n", 4), "float32"), s: R.Shape(["n", 4])) -> R.Tensor(("n + 1",), "float32"):
    //     R.func_attr({"a": 1, "b": "x"})
    //     m = T.int64()
    //     y = R.match_cast(x, R.Tensor((m, 4), "float32"))
    //     c = R.const(1.5, "float32"); t = (x, y); t0 = t[0]
    //     z: R.Tensor(ndim=1, dtype="float32") = R.reshape(x, (-1,))
    //     k = R.prim_value(7); st = R.str("hi"); dt = R.dtype("float16"); sh = R.shape([m, 2])
    //     e = R.call_packed("ext", x, 2, ty_args=(R.Tensor(ndim=2),))
    //     return z
    let n = sym("n");
    let m = sym("m");
    let x = param("x", tensor(vec![e(&n), i64c(4)], F32));
    let s = param("s", ShapeType::of_values(vec![e(&n), i64c(4)]).unwrap().into());
    let ty_m4 = tensor(vec![e(&m), i64c(4)], F32);
    let y = param("y", ty_m4.clone());
    let mc: Binding = MatchCast::make(y.clone(), e(&x), ty_m4, Span::none()).into();
    let (_c, bc) = let_("c", &GenericConst::scalar_float(1.5, F32, Span::none()).unwrap().into());
    let (t, bt) = let_("t", &tuple(vec![e(&x), e(&y)]));
    let t_ty = t.ty.clone();
    let get = TupleGetItem::new(TupleGetItemNode {
        ty: t_ty.downcast_ref::<tvmscript::ir::TupleTypeNode>().unwrap().fields[0].clone(),
        tuple_value: e(&t),
        index: 0,
        span: Span::none(),
    });
    let (_t0, bt0) = let_("t0", &get.into());
    let n4 = tvmscript::ir::BinOp::Mul.make(Type::prim(DataType::INT64), e(&n), i64c(4), Span::none());
    let reshape = Call::make(
        Some(TensorType::with_ndim(1, Some(F32)).into()),
        op("relax.reshape"),
        [e(&x), ShapeExpr::make(vec![n4], Span::none()).unwrap().into()],
        None,
        vec![],
        Span::none(),
    )
    .unwrap();
    let (z, bz) = let_("z", &reshape.into());
    let (_k, bk) = let_("k", &i64c(7));
    let (_st, bst) = let_("st", &string_imm("hi"));
    let (_dt, bdt) = let_("dt", &GenericConst::dtype(DataType::float(16), Span::none()).into());
    let (_sh, bsh) = let_("sh", &ShapeExpr::make(vec![e(&m), i64c(2)], Span::none()).unwrap().into());
    let ext = ExternFunc::make("ext", Span::none());
    let packed = Call::make(
        Some(TensorType::with_ndim(2, None).into()),
        ext,
        [e(&x), int_imm(DataType::INT64, 2)],
        None,
        vec![TensorType::with_ndim(2, None).into()],
        Span::none(),
    )
    .unwrap();
    let (_e, be) = let_("e", &packed.into());
    let ret = tensor(vec![tvmscript::ir::BinOp::Add.make(Type::prim(DataType::INT64), e(&n), i64c(1), Span::none())], F32);
    let body = seq(vec![block(vec![mc, bc, bt, bt0, bz, bk, bst, bdt, bsh, be])], e(&z));
    let attrs = attr_map([("a", Value::Int(1)), ("b", Value::str("x"))]);
    func(vec![x, s], body, ret, false, attrs)
}

const VALUES_BODY: &str = r#"    R.func_attr({"a": 1, "b": "x"})
    m = T.int64()
    y: R.Tensor((m, 4), dtype="float32") = R.match_cast(x, R.Tensor((m, 4), dtype="float32"))
    c: R.Tensor((), dtype="float32") = R.const(1.5, "float32")
    t: R.Tuple(R.Tensor((n, 4), dtype="float32"), R.Tensor((m, 4), dtype="float32")) = x, y
    t0: R.Tensor((n, 4), dtype="float32") = t[0]
    z: R.Tensor(dtype="float32", ndim=1) = R.reshape(x, R.shape([n * 4]))
    k: T.int64 = 7
    st: I.StringType() = R.str("hi")
    dt: R.Any = R.dtype("float16")
    sh: R.Shape([m, 2]) = R.shape([m, 2])
    e: R.Tensor(ndim=2) = R.call_packed("ext", x, 2, ty_args=(R.Tensor(ndim=2),))
    return z"#;

#[test]
fn symbolic_signature_and_values() {
    let f = values_function();
    let expected = format!(
        r#"# from typing import TypeVar
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

n = TypeVar("n")
@R.function(pure=False, private=True)
def main(x: R.Tensor((n, 4), dtype="float32"), s: R.Shape([n, 4])) -> R.Tensor(("n + 1",), dtype="float32"):
{VALUES_BODY}"#
    );
    assert_eq!(tvm(&obj(&f)).trim_end(), expected);
}

#[test]
fn native_type_parameters() {
    let f = values_function();
    let expected = format!(
        r#"# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

@R.function(pure=False, private=True)
def main[n: T.int64](x: R.Tensor((n, 4), dtype="float32"), s: R.Shape([n, 4])) -> R.Tensor((n + 1,), dtype="float32"):
{VALUES_BODY}"#
    );
    assert_eq!(native(&obj(&f)).trim_end(), expected);
}

fn gvar(name: &str, ty: Type) -> GlobalVar {
    GlobalVar::new(GlobalVarNode { ty, name_hint: name.into(), span: Span::none() })
}

#[test]
fn module_with_call_tir_if_and_extern() {
    // Oracle: `tvm.script.from_source(src, check_well_formed=False).script()` of
    // @I.ir_module
    // class Module:
    //     @T.prim_func(private=True)
    //     def copy(a: T.handle, b: T.handle):
    //         n = T.int64(); A = T.match_buffer(a, (n,), "float32"); B = T.match_buffer(b, (n,), "float32")
    //         T.evaluate(0)
    //     @R.function
    //     def helper(x: R.Tensor(("n",), "float32")) -> R.Tensor(("n",), "float32"):
    //         n = T.int64(); cls = Module
    //         y = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), "float32"))
    //         z: R.Tensor((n,), "float32") = R.call_tir(cls.copy, (y,), out_ty=R.Tensor((n + 1,), "float32"))
    //         return z
    //     @R.function
    //     def main(x: R.Tensor(("n",), "float32"), c: R.Tensor((), "bool")) -> R.Tensor(("n",), "float32"):
    //         n = T.int64(); cls = Module
    //         if c:
    //             y = cls.helper(x)
    //             w = y
    //         else:
    //             w = x
    //         ext = R.ExternFunc("my_ext")
    //         w2 = R.call_dps_packed("my_ext", (w,), out_ty=[R.Tensor((n,), "float32"), R.Tensor((n,), "float32")])
    //         return w
    tvmscript::init();
    // Each function has its own `n`, as the parser makes them.
    let n0 = sym("n");
    let bufs: Vec<Var> =
        ["A", "B"].iter().map(|b| BufferSpec::new(F32, vec![e(&n0)]).to_buffer(b, Span::none()).unwrap()).collect();
    let body = Evaluate::new(EvaluateNode { value: tvmscript::ir::int_imm(DataType::INT32, 0), span: Span::none() });
    let copy = PrimFunc::make(bufs, body.into(), Type::unit(), attr_map([]), Span::none());
    // TVM types a PrimFunc's GlobalVar with a Relax `R.Callable`.
    let copy_ty: Type = FuncType::make(vec![tensor(vec![e(&n0)], F32); 2], tuple_type(vec![]), false).into();
    let copy_gv = gvar("copy", copy_ty);

    let call_tir = |f: &GlobalVar, arg: Expr, out: Type, ty: Type| -> Expr {
        Call::make(Some(ty), op("relax.call_tir"), [f.clone().into(), tuple(vec![arg])], None, vec![out], Span::none())
            .unwrap()
            .into()
    };
    let n1 = sym("n");
    let tn1 = tensor(vec![e(&n1)], F32);
    let x1 = param("x", tn1.clone());
    let (y1, by1) = let_("y", &call_tir(&copy_gv, e(&x1), tn1.clone(), tn1.clone()));
    let n1p1 = tvmscript::ir::BinOp::Add.make(Type::prim(DataType::INT64), e(&n1), i64c(1), Span::none());
    let tn1p1 = tensor(vec![n1p1], F32);
    // The annotation differs from the call's type, so it is printed.
    let z1 = param("z", tn1.clone());
    let bz1 = bind(z1.clone(), call_tir(&copy_gv, e(&y1), tn1p1.clone(), tn1.clone()));
    let helper = func(vec![x1], seq(vec![block(vec![by1, bz1])], e(&z1)), tn1, true, global_symbol("helper"));
    let helper_gv = gvar("helper", helper.ty.clone());

    let n2 = sym("n");
    let tn2 = tensor(vec![e(&n2)], F32);
    let x2 = param("x", tn2.clone());
    let c = param("c", tensor(vec![], DataType::bool()));
    let helper_call: Expr =
        Call::make(Some(tn2.clone()), helper_gv.clone(), [e(&x2)], None, vec![], Span::none()).unwrap().into();
    let (y2, by2) = let_("y", &helper_call);
    let then_ = seq(vec![block(vec![by2])], e(&y2));
    let else_ = seq(vec![], e(&x2));
    let if_ = If::make(e(&c), then_, else_, Span::none());
    let w = param("w", if_.ty.clone());
    let bw = bind(w.clone(), if_.into());
    let (_ext, bext) = let_("ext", &ExternFunc::make("my_ext", Span::none()).into());
    let out = tuple_type(vec![tn2.clone(), tn2.clone()]);
    let dps: Expr = Call::make(
        Some(out.clone()),
        op("relax.call_dps_packed"),
        [ExternFunc::make("my_ext", Span::none()).into(), tuple(vec![e(&w)])],
        None,
        vec![out],
        Span::none(),
    )
    .unwrap()
    .into();
    let (_w2, bw2) = let_("w2", &dps);
    let main = func(vec![x2, c], seq(vec![block(vec![bw, bext, bw2])], e(&w)), tn2, true, global_symbol("main"));
    let main_gv = gvar("main", main.ty.clone());
    // Insertion order is not printing order.
    let m = IRModule::from_functions([
        (main_gv, main.into()),
        (helper_gv, helper.into()),
        (copy_gv, copy.into()),
    ])
    .unwrap();
    let expected = r#"# from typing import TypeVar
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

n = TypeVar("n")
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        T.evaluate(0)

    @R.function
    def helper(x: R.Tensor((n,), dtype="float32")) -> R.Tensor((n,), dtype="float32"):
        cls = Module
        y = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), dtype="float32"))
        z: R.Tensor((n,), dtype="float32") = R.call_tir(cls.copy, (y,), out_ty=R.Tensor((n + 1,), dtype="float32"))
        return z

    @R.function
    def main(x: R.Tensor((n,), dtype="float32"), c: R.Tensor((), dtype="bool")) -> R.Tensor((n,), dtype="float32"):
        cls = Module
        if c:
            y: R.Tensor((n,), dtype="float32") = cls.helper(x)
            w: R.Tensor((n,), dtype="float32") = y
        else:
            w: R.Tensor((n,), dtype="float32") = x
        ext: R.Callable = R.ExternFunc("my_ext")
        w2 = R.call_dps_packed("my_ext", (w,), out_ty=[R.Tensor((n,), dtype="float32"), R.Tensor((n,), dtype="float32")])
        return w"#;
    assert_eq!(tvm(&obj(&m)).trim_end(), expected);
    // Native: each function declares its own symbol as a type parameter; no TypeVars.
    let nat = native(&obj(&m));
    assert!(!nat.contains("TypeVar"), "{nat}");
    for line in [
        "    def copy[n: T.int64](A: T.Tensor((n,), \"float32\"), B: T.Tensor((n,), \"float32\")):",
        "    def helper[n: T.int64](x: R.Tensor((n,), dtype=\"float32\")) -> R.Tensor((n,), dtype=\"float32\"):",
        "    def main[n: T.int64](x: R.Tensor((n,), dtype=\"float32\"), c: R.Tensor((), dtype=\"bool\")) -> R.Tensor((n,), dtype=\"float32\"):",
        "        z: R.Tensor((n,), dtype=\"float32\") = R.call_tir(cls.copy, (y,), out_ty=R.Tensor((n + 1,), dtype=\"float32\"))",
    ] {
        assert!(nat.lines().any(|l| l == line), "missing {line:?} in\n{nat}");
    }
}

/// A `relax.attrs.*` node from its field values, in field order.
fn attrs_of(key: &str, values: Vec<Value>) -> Option<Value> {
    tvmscript::init();
    let info = tvmscript::ir::lookup_type(key).unwrap();
    Some(Value::Object((info.create.unwrap())(values, Span::none()).unwrap()))
}
fn ints(v: &[i64]) -> Value {
    Value::Array(v.iter().map(|&i| Value::Int(i)).collect::<Vec<_>>().into())
}
fn ones(dims: &[i64]) -> Expr {
    let shape: Expr = ShapeExpr::of_ints(dims).into();
    call("relax.ones", vec![shape], attrs_of("relax.attrs.InitAttrs", vec![Value::DType(F32)]))
}

#[test]
fn operators_constants_and_vdevices() {
    // Oracle: the module of /tmp-style script below, parsed without the well-formed check:
    //   I.module_global_infos({"vdevice": [I.vdevice("llvm", 0, "global"), I.vdevice("cuda", 0, "global"),
    //                                      I.vdevice("cuda", 1, "global")]})
    //   @R.function(pure=False)
    //   def main(x: R.Tensor((2, 3), "float32"), w: R.Tensor((3, 4), "float32")) -> R.Tensor((2, 4), "float32"):
    //       a = R.permute_dims(w); b = R.matmul(x, w); c = R.strided_slice(x, axes=[1], begin=[0], end=[2])
    //       d = R.nn.softmax(x, axis=-1); e = R.astype(x, "float16")
    //       f = R.call_pure_packed("pk", x, R.prim_value(T.float32(0.25)), ty_args=R.Tensor((2, 3), "float32"))
    //       g = R.assert_op(R.const(True, "bool"), x, format="bad {}"); h = R.print(x, format="p {}")
    //       i = R.hint_on_device(x, R.device(2, 0)); j = R.to_vdevice(x, "cuda:1")
    //       l = R.nn.layer_norm(x, R.ones((3,), "float32"), R.ones((3,), "float32"), axes=[-1])
    //       m = R.const(-3, "int32"); n = R.const(2.5, "float16"); o = R.split(x, 3, axis=1)
    //       p = R.nn.attention(q, q, q, scale=0.5)   # q: R.ones((1, 2, 3, 4), "float32")
    //       q = R.null_value(); s = R.const(3, "uint8")
    //       r: R.Callable(...) = R.ExternFunc("ee", R.Callable((R.Tensor((2, 3), "float32"),), R.Tensor((2, 3), "float32"), True))
    //       return b
    // (The vdevice targets are kept as strings here, so `I.vdevice` prints them as given.)
    let t23 = tensor(vec![i64c(2), i64c(3)], F32);
    let x = param("x", t23.clone());
    let w = param("w", tensor(vec![i64c(3), i64c(4)], F32));
    let vd: Vec<VDevice> = [("llvm", 0), ("cuda", 0), ("cuda", 1)]
        .iter()
        .map(|(t, i)| VDevice::make(Value::str(*t), *i, "global"))
        .collect();
    let mut bindings = Vec::new();
    let mut push = |name: &str, value: Expr| -> Var {
        let (v, b) = let_(name, &value);
        bindings.push(b);
        v
    };
    push("a", call("relax.permute_dims", vec![e(&w)], attrs_of("relax.attrs.PermuteDimsAttrs", vec![Value::None])));
    let b = push("b", call("relax.matmul", vec![e(&x), e(&w)], attrs_of("relax.attrs.MatmulAttrs", vec![Value::None])));
    let one = |v: i64| tuple(vec![i64c(v)]);
    push(
        "c",
        call(
            "relax.strided_slice",
            vec![e(&x), one(1), one(0), one(2)],
            attrs_of("relax.attrs.StridedSliceAttrs", vec![Value::Bool(false)]),
        ),
    );
    push("d", call("relax.nn.softmax", vec![e(&x)], attrs_of("relax.attrs.SoftmaxAttrs", vec![Value::Int(-1)])));
    push("e", call("relax.astype", vec![e(&x)], attrs_of("relax.attrs.AstypeAttrs", vec![Value::DType(DataType::float(16))])));
    let pk = Call::make(
        Some(t23.clone()),
        op("relax.call_pure_packed"),
        [ExternFunc::make("pk", Span::none()).into(), e(&x), tvmscript::ir::float_imm(F32, 0.25)],
        None,
        vec![t23.clone()],
        Span::none(),
    )
    .unwrap();
    push("f", pk.into());
    let yes: Expr = GenericConst::scalar_int(1, DataType::bool(), Span::none()).unwrap().into();
    push("g", call("relax.assert_op", vec![yes, string_imm("bad {}"), e(&x)], None));
    push("h", call("relax.print", vec![string_imm("p {}"), e(&x)], None));
    let hint = attrs_of("relax.attrs.HintOnDeviceAttrs", vec![Value::Int(2), Value::Int(0), Value::str("global")]);
    push("i", call("relax.hint_on_device", vec![e(&x)], hint));
    let to_vd = attrs_of("relax.attrs.ToVDeviceAttrs", vec![Value::Object(vd[2].as_ref_obj())]);
    push("j", call("relax.to_vdevice", vec![e(&x)], to_vd));
    let g11 = push("gv11", ones(&[3]));
    let g12 = push("gv12", ones(&[3]));
    let ln = attrs_of("relax.attrs.LayerNormAttrs", vec![ints(&[-1]), Value::Float(1e-5), Value::Bool(true), Value::Bool(true)]);
    // Operators without an inference rule here: typed as TVM types them.
    let typed = |name: &str, args: Vec<Expr>, attrs: Option<Value>, ty: Type| -> Expr {
        Call::make(Some(ty), op(name), args, attrs, vec![], Span::none()).unwrap().into()
    };
    push("l", typed("relax.nn.layer_norm", vec![e(&x), e(&g11), e(&g12)], ln, t23.clone()));
    push("m", GenericConst::scalar_int(-3, DataType::INT32, Span::none()).unwrap().into());
    push("n", GenericConst::scalar_float(2.5, DataType::float(16), Span::none()).unwrap().into());
    let split = attrs_of("relax.attrs.SplitAttrs", vec![Value::Object(int_imm(DataType::INT64, 3).0), Value::Int(1)]);
    push("o", call("relax.split", vec![e(&x)], split));
    let qs: Vec<Expr> = ["gv17", "gv18", "gv19"].iter().map(|n| e(&push(n, ones(&[1, 2, 3, 4])))).collect();
    let att = attrs_of(
        "relax.attrs.AttentionAttrs",
        vec![Value::Object(tvmscript::ir::float_imm(F32, 0.5).0), Value::None, Value::None],
    );
    push("p", typed("relax.nn.attention", qs, att, tensor(vec![i64c(1), i64c(2), i64c(3), i64c(4)], F32)));
    push("q", call("relax.null_value", vec![], None));
    let callable: Type = FuncType::make(vec![t23.clone()], t23.clone(), true).into();
    let mut ee = (*ExternFunc::make("ee", Span::none())).clone();
    ee.ty = callable;
    push("r", ExternFunc::new(ee).into());
    let u8c = TensorValue::make(vec![], DataType::uint(8), vec![3]).unwrap();
    push("s", GenericConst::from_tensor(u8c, Span::none()).into());
    drop(push);
    let body = seq(vec![block(bindings)], e(&b));
    let main = func(vec![x, w], body, tensor(vec![i64c(2), i64c(4)], F32), false, global_symbol("main"));
    let infos = attr_map([("vdevice", Value::Array(vd.iter().map(|v| Value::Object(v.as_ref_obj())).collect::<Vec<_>>().into()))]);
    let m = IRModule::from_functions([(gvar("main", main.ty.clone()), main.into())]).unwrap().with_global_infos(infos);
    let expected = r#"# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

@I.ir_module
class Module:
    I.module_global_infos({"vdevice": [I.vdevice("llvm", 0, "global"), I.vdevice("cuda", 0, "global"), I.vdevice("cuda", 1, "global")]})
    @R.function(pure=False)
    def main(x: R.Tensor((2, 3), dtype="float32"), w: R.Tensor((3, 4), dtype="float32")) -> R.Tensor((2, 4), dtype="float32"):
        a: R.Tensor((4, 3), dtype="float32") = R.permute_dims(w, axes=None)
        b: R.Tensor((2, 4), dtype="float32") = R.matmul(x, w, out_dtype=None)
        c: R.Tensor((2, 2), dtype="float32") = R.strided_slice(x, (1,), (0,), (2,), assume_inbound=False)
        d: R.Tensor((2, 3), dtype="float32") = R.nn.softmax(x, axis=-1)
        e: R.Tensor((2, 3), dtype="float16") = R.astype(x, dtype="float16")
        f: R.Tensor((2, 3), dtype="float32") = R.call_pure_packed("pk", x, T.float32(0.25), ty_args=(R.Tensor((2, 3), dtype="float32"),))
        R.assert_op(R.const(True, "bool"), x, format=R.str("bad {}"))
        R.print(x, format=R.str("p {}"))
        i: R.Tensor((2, 3), dtype="float32") = R.hint_on_device(x, R.device(device_type=2, index=0), "global")
        j: R.Tensor((2, 3), dtype="float32", vdevice="cuda:1:global") = R.to_vdevice(x, dst_vdevice="cuda:1:global")
        gv11: R.Tensor((3,), dtype="float32") = R.ones(R.shape([3]), dtype="float32")
        gv12: R.Tensor((3,), dtype="float32") = R.ones(R.shape([3]), dtype="float32")
        l: R.Tensor((2, 3), dtype="float32") = R.nn.layer_norm(x, gv11, gv12, axes=[-1], epsilon=1.0000000000000001e-05, center=True, scale=True)
        m: R.Tensor((), dtype="int32") = R.const(-3, "int32")
        n: R.Tensor((), dtype="float16") = R.const(2.5, "float16")
        o: R.Tuple(R.Tensor((2, 1), dtype="float32"), R.Tensor((2, 1), dtype="float32"), R.Tensor((2, 1), dtype="float32")) = R.split(x, indices_or_sections=3, axis=1)
        gv17: R.Tensor((1, 2, 3, 4), dtype="float32") = R.ones(R.shape([1, 2, 3, 4]), dtype="float32")
        gv18: R.Tensor((1, 2, 3, 4), dtype="float32") = R.ones(R.shape([1, 2, 3, 4]), dtype="float32")
        gv19: R.Tensor((1, 2, 3, 4), dtype="float32") = R.ones(R.shape([1, 2, 3, 4]), dtype="float32")
        p: R.Tensor((1, 2, 3, 4), dtype="float32") = R.nn.attention(gv17, gv18, gv19, scale=T.float32(0.5), causal_mask=None, window_size=None)
        q: R.Any = R.null_value()
        r: R.Callable((R.Tensor((2, 3), dtype="float32"),), R.Tensor((2, 3), dtype="float32"), True) = R.ExternFunc("ee", R.Callable((R.Tensor((2, 3), dtype="float32"),), R.Tensor((2, 3), dtype="float32"), True))
        s: R.Tensor((), dtype="uint8") = metadata["ir.GenericConst"][0]
        return b

# Metadata omitted. Use show_meta=True in script() method to show it."#;
    assert_eq!(tvm(&obj(&m)).trim_end(), expected);
}

/// `@R.function def <name>(x): R.func_attr({"Composite": ...}); with R.dataflow(): gv = R.<op>(...)`.
fn composite(param_names: &[&str], composite: &str, opname: &str, out: &str) -> Function {
    let t10 = tensor(vec![i64c(10)], F32);
    let params: Vec<Var> = param_names.iter().map(|n| param(n, t10.clone())).collect();
    let (gv, b) = let_(out, &call(opname, params.iter().map(e).collect(), None));
    let body = seq(vec![dataflow(vec![b])], e(&gv));
    func(params, body, t10, true, attr_map([("Composite", Value::str(composite))]))
}

#[test]
fn nested_functions_carry_a_header() {
    // corpus 00e680fc64fe (its first function)
    let t10 = tensor(vec![i64c(10)], F32);
    let (lv2, lv1) = (param("lv2", t10.clone()), param("lv1", t10.clone()));
    let f1 = composite(&["x21"], "compiler_A.gelu", "relax.nn.gelu", "gv3");
    let f2 = composite(&["lv", "gelu1"], "compiler_A.add", "relax.add", "gv");
    let (g1, b1) = let_("gv1", &f1.clone().into());
    let call_local = |f: &Var, args: Vec<Expr>| -> Expr {
        Call::make(Some(t10.clone()), f.clone(), args, None, vec![], Span::none()).unwrap().into()
    };
    let (lv3, b2) = let_("lv3", &call_local(&g1, vec![e(&lv2)]));
    let (g2, b3) = let_("gv2", &f2.clone().into());
    let (gv, b4) = let_("gv", &call_local(&g2, vec![e(&lv1), e(&lv3)]));
    let name = "fused_relax_nn_gelu_relax_add_compiler_A";
    let attrs = attr_map([("Codegen", Value::str("compiler_A")), ("global_symbol", Value::str(name))]);
    let outer = func(vec![lv2, lv1], seq(vec![block(vec![b1, b2, b3, b4])], e(&gv)), t10, true, attrs);
    let m = IRModule::from_functions([(gvar(name, outer.ty.clone()), outer.into())]).unwrap();
    let expected = r#"# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def fused_relax_nn_gelu_relax_add_compiler_A(lv2: R.Tensor((10,), dtype="float32"), lv1: R.Tensor((10,), dtype="float32")) -> R.Tensor((10,), dtype="float32"):
        R.func_attr({"Codegen": "compiler_A"})
        # from tvm.script import relax as R
        
        @R.function
        def gv1(x21: R.Tensor((10,), dtype="float32")) -> R.Tensor((10,), dtype="float32"):
            R.func_attr({"Composite": "compiler_A.gelu"})
            with R.dataflow():
                gv3: R.Tensor((10,), dtype="float32") = R.nn.gelu(x21)
                R.output(gv3)
            return gv3

        lv3: R.Tensor((10,), dtype="float32") = gv1(lv2)
        # from tvm.script import relax as R
        
        @R.function
        def gv2(lv: R.Tensor((10,), dtype="float32"), gelu1: R.Tensor((10,), dtype="float32")) -> R.Tensor((10,), dtype="float32"):
            R.func_attr({"Composite": "compiler_A.add"})
            with R.dataflow():
                gv: R.Tensor((10,), dtype="float32") = R.add(lv, gelu1)
                R.output(gv)
            return gv

        gv: R.Tensor((10,), dtype="float32") = gv2(lv1, lv3)
        return gv"#;
    assert_eq!(tvm(&obj(&m)).trim_end(), expected);
}

#[test]
fn index_map_attribute_and_module_function_by_name() {
    // corpus 0dd62dbe3f2d (in part): an index map prints under Relax (bare integers);
    // a GlobalVar object other than the module's, of the same name, is the module's
    // function (`cls.f`).
    tvmscript::init();
    let t16 = tensor(vec![i64c(16)], F32);
    let t44 = tensor(vec![i64c(4), i64c(4)], F32);
    let x = param("x", t16.clone());
    let i = sym("i");
    let fi = |op: tvmscript::ir::BinOp| op.make(Type::prim(DataType::INT64), e(&i), i64c(4), Span::none());
    let imap = tvmscript::dialects::tirx::nodes::IndexMap::new(tvmscript::dialects::tirx::nodes::IndexMapNode {
        initial_indices: vec![i.clone()],
        final_indices: vec![fi(tvmscript::ir::BinOp::FloorDiv), fi(tvmscript::ir::BinOp::FloorMod)],
        inverse_index_map: Value::None,
        span: Span::none(),
    });
    let lt_attrs = attrs_of(
        "relax.attrs.LayoutTransformAttrs",
        vec![Value::Object(imap.as_ref_obj()), Value::None],
    );
    let lt = Call::make(Some(t44.clone()), op("relax.layout_transform"), [e(&x)], lt_attrs, vec![], Span::none()).unwrap();
    let (lv, b0) = let_("lv", &lt.into());
    let other_gv = gvar("f", FuncType::make(vec![t44.clone()], t44.clone(), true).into());
    let (gv, b1) = let_("gv", &Call::make(Some(t44.clone()), other_gv, [e(&lv)], None, vec![], Span::none()).unwrap().into());
    let main = func(vec![x], seq(vec![block(vec![b0, b1])], e(&gv)), t44.clone(), true, global_symbol("main"));
    let y = param("y", t44.clone());
    let f = func(vec![y.clone()], seq(vec![], e(&y)), t44, true, global_symbol("f"));
    let m = IRModule::from_functions([
        (gvar("main", main.ty.clone()), main.into()),
        (gvar("f", f.ty.clone()), f.into()),
    ])
    .unwrap();
    let expected = r#"# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def f(y: R.Tensor((4, 4), dtype="float32")) -> R.Tensor((4, 4), dtype="float32"):
        return y

    @R.function
    def main(x: R.Tensor((16,), dtype="float32")) -> R.Tensor((4, 4), dtype="float32"):
        cls = Module
        lv: R.Tensor((4, 4), dtype="float32") = R.layout_transform(x, index_map=T.index_map(lambda i: (i // 4, i % 4)), pad_value=None)
        gv: R.Tensor((4, 4), dtype="float32") = cls.f(lv)
        return gv"#;
    assert_eq!(tvm(&obj(&m)).trim_end(), expected);
}

#[test]
fn expressions_and_types_alone() {
    // Oracle: `relax.op.add(x, y).script()`, `relax.TensorType((2, 3), "float32").script()`,
    // `relax.ShapeExpr([n, 2]).script()` with `n = tvm.tirx.Var("n", "int64")`.
    let t23 = tensor(vec![i64c(2), i64c(3)], F32);
    let (x, y) = (param("x", t23.clone()), param("y", t23.clone()));
    let add = call("relax.add", vec![e(&x), e(&y)], None);
    assert_eq!(tvm(&add).trim_end(), "R.add(x, y)");
    assert_eq!(tvm(&t23).trim_end(), r#"R.Tensor((2, 3), dtype="float32")"#);
    let n = sym("n");
    let shape: Expr = ShapeExpr::make(vec![e(&n), i64c(2)], Span::none()).unwrap().into();
    assert_eq!(tvm(&shape).trim_end(), "R.shape([n, 2])");
    assert_eq!(native(&shape).trim_end(), "R.shape([n, 2])");
}

#[test]
fn extern_function_in_a_module() {
    // corpus 58aca48db1ba
    let f = ExternFunc::make("extern_func", Span::none());
    let m = IRModule::from_functions([(gvar("extern_func", f.ty.clone()), f.into())]).unwrap();
    let expected = r#"# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    extern_func = R.ExternFunc("extern_func")"#;
    assert_eq!(tvm(&obj(&m)).trim_end(), expected);
}
