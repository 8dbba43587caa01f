//! The Relax frontend (`R` namespace) builds the IR TVM 0.27 builds: signatures and
//! symbolic shapes, bindings and their normalisation (fresh `gv`/`lv` names),
//! dataflow blocks, `if`, `match_cast`, operator calls with attributes, packed and
//! TIR calls, module functions calling each other, macros, local functions, and
//! located errors.

use tvmscript::dialects::relax::nodes::*;
use tvmscript::dialects::relax::types::*;
use tvmscript::ir::{
    CallNode, DataType, ErrorKind, Expr, GlobalVarNode, IRModuleNode, IntImmNode, ObjectRef, OpNode, TupleGetItemNode,
    TupleNode, Type, Value, VarNode,
};
use tvmscript::Session;

fn parse(session: &Session, text: &str) -> Vec<(String, ObjectRef)> {
    session.parse("test.py", text).unwrap_or_else(|e| panic!("parse failed: {}", e.message))
}

fn func(session: &Session, text: &str) -> Function {
    let defs = parse(session, text);
    defs.last().expect("a definition").1.clone().downcast::<FunctionNode>().expect("a Relax function")
}

fn module(session: &Session, text: &str) -> tvmscript::ir::IRModule {
    let defs = parse(session, text);
    defs.last().expect("a definition").1.clone().downcast::<IRModuleNode>().expect("a module")
}

fn module_func(m: &tvmscript::ir::IRModule, name: &str) -> Function {
    m.functions.get(name).expect("the function").1 .0.clone().downcast::<FunctionNode>().expect("a Relax function")
}

/// `(var name, is dataflow var, value)` of every binding of every block, with the block kinds.
fn bindings(seq: &SeqExprNode) -> Vec<(String, bool, Expr)> {
    seq.blocks
        .iter()
        .flat_map(|b| b.bindings().to_vec())
        .map(|b| {
            let v = b.var().expect("a var").clone();
            (v.name().to_string(), v.is_dataflow(), b.value().expect("a value").clone())
        })
        .collect()
}

fn op_of(e: &Expr) -> String {
    let c = e.downcast_ref::<CallNode>().expect("a call");
    match c.op.downcast_ref::<OpNode>() {
        Some(o) => o.name.to_string(),
        None => c.op.type_key().to_string(),
    }
}

fn var_name(e: &Expr) -> String {
    e.downcast_ref::<VarNode>().map(|v| v.name.to_string()).unwrap_or_else(|| format!("<{}>", e.type_key()))
}

fn dims(t: &Type) -> Option<Vec<Option<i64>>> {
    as_tensor(t)?.shape_values().map(|d| d.iter().map(|x| x.downcast_ref::<IntImmNode>().map(|i| i.value)).collect())
}

#[test]
fn signature_types_and_symbols() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def f(x: R.Tensor(("n", 4), "float32"), y: R.Tensor(("n",)), s: R.Shape(ndim=2), t: R.Tuple(R.Tensor, R.Object), p: R.Prim("int64")) -> R.Tensor(("n", 4), "float32"):
    return x
"#,
    );
    assert_eq!(f.params.len(), 5);
    let x = as_tensor(&f.params[0].ty).expect("a tensor");
    assert_eq!(x.ndim, 2);
    assert_eq!(x.elem_dtype(), DataType::FLOAT32);
    let y = as_tensor(&f.params[1].ty).expect("a tensor");
    assert!(y.is_unknown_dtype());
    // The same symbol object in both parameters.
    let n_x = &x.shape_values().unwrap()[0];
    let n_y = &y.shape_values().unwrap()[0];
    assert!(n_x.same_as(n_y));
    assert_eq!(n_x.dtype(), DataType::INT64);
    assert_eq!(as_shape(&f.params[2].ty).map(|s| s.ndim), Some(2));
    let t = as_tuple(&f.params[3].ty).expect("a tuple type");
    assert_eq!(t.fields.len(), 2);
    assert!(is_any(&t.fields[1]));
    assert_eq!(f.params[4].ty.as_prim(), Some(DataType::INT64));
    assert!(f.is_pure);
    assert_eq!(f.attr("global_symbol").and_then(Value::as_str), Some("f"));
    assert!(as_func(&f.ty).is_some());
    assert!(f.body.body.same_as(&f.params[0].as_ref_obj()));
}

#[test]
fn options_private_and_impure() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function(private=True, pure=False)
def g(x: R.Tensor((2,), "float32")):
    R.func_attr({"relax.force_pure": True})
    return x
"#,
    );
    assert!(!f.is_pure);
    assert!(f.attr("global_symbol").is_none());
    assert_eq!(f.attr("relax.force_pure"), Some(&Value::Bool(true)));
    assert_eq!(as_func(&f.ty).map(|t| t.purity), Some(false));
}

#[test]
fn nested_calls_are_bound_to_fresh_names() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def refine(x: R.Tensor(dtype="float32", ndim=2), o: R.Object):
    n = T.int64()
    m = T.int64()
    y = R.match_cast(x, R.Tensor((n, m), "float32"))
    z: R.Tensor((m, n), "float32") = R.permute_dims(y)
    w = R.match_cast(o, R.Tensor((n,), "float32"))
    v = R.add(z, R.permute_dims(y))
    return R.multiply(v, v)
"#,
    );
    let b = bindings(&f.body);
    let names: Vec<&str> = b.iter().map(|(n, _, _)| n.as_str()).collect();
    // Every emitted binding takes one fresh name, even those the script names.
    assert_eq!(names, ["y", "z", "w", "gv3", "v", "gv5"]);
    assert!(f.body.blocks[0].bindings()[0].as_match_cast().is_some());
    assert_eq!(op_of(&b[3].2), "relax.permute_dims");
    let add = b[4].2.downcast_ref::<CallNode>().unwrap();
    assert_eq!(var_name(&add.args[1]), "gv3");
    assert_eq!(var_name(&f.body.body), "gv5");
    // match_cast types: the symbols declared in the body.
    let yt = b[0].2.ty();
    assert!(as_tensor(&yt).map(|t| t.ndim) == Some(2));
    // The return type forgets symbols the parameters do not define.
    let ret = as_tensor(&f.ret_ty).expect("a tensor");
    assert_eq!((ret.ndim, ret.shape.is_none()), (2, true));
}

#[test]
fn annotations_replace_call_types_but_not_alias_types() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function(check_well_formed=False)
def f(a: R.Tensor((2, 3), "float32"), b: R.Tensor((2, 3), "float32")):
    c: R.Tensor(ndim=3) = R.add(a, b)
    d: R.Tensor(ndim=1) = a
    return (c, d)
"#,
    );
    let b = bindings(&f.body);
    assert_eq!(as_tensor(&b[0].2.ty()).map(|t| t.ndim), Some(3));
    let vars: Vec<AnyVar> = f.body.blocks[0].bindings().iter().map(|x| x.var().unwrap().clone()).collect();
    assert_eq!(as_tensor(&vars[0].ty()).map(|t| t.ndim), Some(3));
    assert_eq!(dims(&vars[1].ty()), Some(vec![Some(2), Some(3)]));
    assert!(f.body.body.is::<TupleNode>());
}

#[test]
fn dataflow_blocks_and_outputs() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def g(x: R.Tensor(("n", 4), "float32")):
    with R.dataflow():
        a = R.add(x, R.multiply(x, x))
        b = R.nn.relu(a)
        c = R.sum(b, axis=1)
        R.output(b, c)
    t = (b, c)
    return R.add(t[0], t[0])
"#,
    );
    assert_eq!(f.body.blocks.len(), 2);
    assert!(f.body.blocks[0].is_dataflow());
    assert!(!f.body.blocks[1].is_dataflow());
    let b = bindings(&f.body);
    let df: Vec<(&str, bool)> = b.iter().map(|(n, d, _)| (n.as_str(), *d)).collect();
    assert_eq!(
        df,
        [("lv", true), ("a", true), ("b", false), ("c", false), ("t", false), ("gv1", false), ("gv2", false), ("gv3", false)]
    );
    // Uses after the block refer to the exported variables.
    let exported_b = f.body.blocks[0].bindings()[2].var().unwrap().clone();
    let tuple = b[4].2.downcast_ref::<TupleNode>().expect("a tuple");
    assert!(tuple.fields[0].same_as(exported_b.as_object()));
    let c_in_block = f.body.blocks[0].bindings()[3].value().unwrap().downcast_ref::<CallNode>().unwrap().args[0].clone();
    assert!(c_in_block.same_as(exported_b.as_object()));
    assert!(b[5].2.is::<TupleGetItemNode>());
    // R.sum(axis=1) stores the axis as a list.
    let sum = b[3].2.downcast_ref::<CallNode>().unwrap();
    let attrs = sum.attrs.as_object().expect("attrs");
    assert_eq!(attrs.type_key(), "relax.attrs.StatisticalAttrs");
    assert_eq!(attrs.fields()[0], Value::Array(vec![Value::Int(1)].into()));
}

#[test]
fn if_statements_build_relax_if() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def f(c: R.Tensor((), "bool"), x: R.Tensor((2,), "float32")):
    if c:
        z = x
    else:
        z = R.add(x, R.multiply(x, x))
    w = z
    return w
"#,
    );
    let b = bindings(&f.body);
    assert_eq!(b.len(), 2);
    assert_eq!(b[0].0, "z");
    let iff = b[0].2.downcast_ref::<IfNode>().expect("an If");
    // A leaf branch result stays inline; a call is bound to `<name>_else`.
    assert!(iff.true_branch.blocks.is_empty());
    assert_eq!(var_name(&iff.true_branch.body), "x");
    let eb = bindings(&iff.false_branch);
    assert_eq!(eb.iter().map(|(n, _, _)| n.as_str()).collect::<Vec<_>>(), ["gv1", "z_else"]);
    assert_eq!(var_name(&iff.false_branch.body), "z_else");
    assert_eq!(dims(&iff.ty), Some(vec![Some(2)]));
    // `w = z` after the if refers to the If's variable.
    let z_var = f.body.blocks[0].bindings()[0].var().unwrap().clone();
    assert!(b[1].2.same_as(z_var.as_object()));
    assert_eq!(var_name(&f.body.body), "w");
}

#[test]
fn operator_arguments_and_attributes() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function(pure=False)
def h(x: R.Tensor((3, 4), "float32")):
    k = R.prim_value(7)
    q = R.call_packed("foo", x, 2, ty_args=(R.Tensor((3,), "float32"),))
    l = R.strided_slice(x, axes=[1], begin=[1], end=[3])
    e = R.reshape(x, (6, 2))
    cc = R.const(1.5)
    ci = R.const([[1, 2, 3]])
    sp = R.split(x, indices_or_sections=2, axis=1)
    st = R.str("hi")
    return (k, q, l, e, cc, ci, sp[1], st)
"#,
    );
    let b = bindings(&f.body);
    assert_eq!(b[0].2.downcast_ref::<IntImmNode>().map(|i| (i.value, i.ty.as_prim())), Some((7, Some(DataType::INT64))));
    let q = b[1].2.downcast_ref::<CallNode>().unwrap();
    assert_eq!(q.op.downcast_ref::<ExternFuncNode>().map(|e| e.global_symbol.clone()), Some("foo".to_string()));
    assert_eq!(dims(&b[1].2.ty()), Some(vec![Some(3)]));
    let l = b[2].2.downcast_ref::<CallNode>().unwrap();
    assert_eq!(l.args.len(), 4);
    assert!(l.args[1].is::<TupleNode>());
    assert_eq!(dims(&b[2].2.ty()), Some(vec![Some(3), Some(2)]));
    let e = b[3].2.downcast_ref::<CallNode>().unwrap();
    assert!(e.args[1].is::<ShapeExprNode>());
    assert_eq!(as_tensor(&b[4].2.ty()).map(|t| (t.ndim, t.elem_dtype())), Some((0, DataType::FLOAT32)));
    assert_eq!(dims(&b[5].2.ty()), Some(vec![Some(1), Some(3)]));
    assert_eq!(as_tensor(&b[5].2.ty()).map(|t| t.elem_dtype()), Some(DataType::INT32));
    assert_eq!(as_tuple(&b[6].2.ty()).map(|t| t.fields.len()), Some(2));
    assert!(b[7].2.is::<tvmscript::ir::StringImmNode>());
}

#[test]
fn module_functions_call_each_other_and_prim_funcs() {
    let s = Session::new();
    let m = module(
        &s,
        r#"
@I.ir_module
class Module:
    I.module_attrs({"device": "cpu"})

    @R.function
    def main(x: R.Tensor((16, 16), "float32")):
        cls = Module
        y = cls.helper(x)
        z = R.call_tir(cls.add_one, (y,), out_ty=R.Tensor((16, 16), "float32"))
        return z

    @R.function(private=True)
    def helper(a: R.Tensor(("n", "n"), "float32")) -> R.Tensor(("n", "n"), "float32"):
        return a

    @T.prim_func
    def add_one(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32")):
        for i, j in T.grid(16, 16):
            B[i, j] = A[i, j] + T.float32(1)
"#,
    );
    assert!(m.attrs.iter().any(|(k, _)| k.as_str() == Some("device")));
    let main = module_func(&m, "main");
    let b = bindings(&main.body);
    let call = b[0].2.downcast_ref::<CallNode>().expect("a call");
    assert_eq!(call.op.downcast_ref::<GlobalVarNode>().map(|g| g.name_hint.to_string()), Some("helper".into()));
    // The callee's symbolic parameters are bound to the argument's shape.
    assert_eq!(dims(&b[0].2.ty()), Some(vec![Some(16), Some(16)]));
    let ct = b[1].2.downcast_ref::<CallNode>().expect("a call");
    assert_eq!(op_of(&b[1].2), "relax.call_tir");
    assert!(ct.args[0].is::<GlobalVarNode>());
    assert_eq!(ct.ty_args.len(), 1);
    assert_eq!(dims(&b[1].2.ty()), Some(vec![Some(16), Some(16)]));
    assert!(module_func(&m, "helper").attr("global_symbol").is_none());
}

#[test]
fn macros_expand_inline() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.macro
def affine(x, w, b):
    y = R.matmul(x, w)
    z = R.add(y, b)
    return z

@R.function
def net(x: R.Tensor((1, 4), "float32"), w: R.Tensor((4, 2), "float32"), b: R.Tensor((2,), "float32")):
    h = affine(x, w, b)
    return R.nn.relu(h)
"#,
    );
    let names: Vec<String> = bindings(&f.body).into_iter().map(|(n, _, _)| n).collect();
    assert_eq!(names, ["y", "z", "h", "gv3"]);
}

#[test]
fn local_functions_are_bound_and_may_recurse() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def main(x: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
    @R.function
    def loop(i: R.Tensor((), "int32"), s: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        cond: R.Tensor((), "bool") = R.call_pure_packed("less", i, R.const(10, "int32"), ty_args=(R.Tensor((), "bool"),))
        if cond:
            r = loop(R.add(i, R.const(1, "int32")), s)
        else:
            r = s
        return r

    gv = loop(R.const(0, "int32"), x)
    return gv
"#,
    );
    let outer = f.body.blocks[0].bindings().to_vec();
    let local_var = outer[0].var().unwrap().clone();
    assert_eq!(local_var.name(), "loop");
    let inner = outer[0].value().unwrap().downcast_ref::<FunctionNode>().expect("a local function");
    // The recursive call refers to the binding's variable.
    let iff = inner.body.blocks[0].bindings()[1].value().unwrap().downcast_ref::<IfNode>().expect("an If").clone();
    let rec = bindings(&iff.true_branch).last().unwrap().2.clone();
    assert!(rec.downcast_ref::<CallNode>().unwrap().op.same_as(local_var.as_object()));
    let call = outer[1].value().unwrap().downcast_ref::<CallNode>().unwrap().clone();
    assert!(call.op.same_as(local_var.as_object()));
}

#[test]
fn inference_errors_are_located_diagnostics() {
    let s = Session::new();
    let e = s
        .parse(
            "test.py",
            r#"
@R.function
def bad(x: R.Tensor((4,), "float32"), y: R.Tensor((5,), "float32")):
    z = R.add(x, y)
    return z
"#,
        )
        .expect_err("a shape mismatch");
    assert_eq!(e.kind, ErrorKind::DiagnosticError);
    assert!(e.message.contains("test.py:4:"), "{}", e.message);
    let e = s
        .parse(
            "test.py",
            r#"
@R.function
def bad(x: R.Tensor((4,), "float32")):
    z = R.no_such_operator(x)
    return z
"#,
        )
        .expect_err("an unknown operator");
    assert!(e.message.contains("test.py:4:"), "{}", e.message);
    assert!(e.message.contains("no_such_operator"), "{}", e.message);
}

#[test]
fn call_tir_needs_a_global_var() {
    let s = Session::new();
    let e = s
        .parse(
            "test.py",
            r#"
@R.function
def bad(x: R.Tensor((4,), "float32")):
    z = R.call_tir(x, (x,), out_ty=R.Tensor((4,), "float32"))
    return z
"#,
        )
        .expect_err("not a GlobalVar");
    assert_eq!(e.kind, ErrorKind::DiagnosticError);
    assert!(e.message.contains("GlobalVar"), "{}", e.message);
}

#[test]
fn call_tir_output_mismatch_is_not_well_formed() {
    let s = Session::new();
    let text = r#"
@I.ir_module
class Mod:
    @T.prim_func
    def twice(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
        for i in range(16):
            B[i] = A[i] * T.float32(2)

    @R.function
    def main(x: R.Tensor((16,), "float32")):
        cls = Mod
        y = R.call_tir(cls.twice, (x,), out_ty=R.Tensor((32,), "float32"))
        return y
"#;
    let e = s.parse("test.py", text).expect_err("ill-formed");
    assert!(e.message.contains("not well-formed"), "{}", e.message);
    assert!(s.parse_with("test.py", text, false).is_ok());
}

#[test]
fn parses_printed_scripts_with_type_var_headers() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
# from typing import TypeVar
# from tvm.script import relax as R

m = TypeVar("m")
n = TypeVar("n")
@R.function
def shapes(x: R.Tensor((n, m), dtype="float32"), y: R.Tensor((n, 4), dtype="float32")) -> R.Tensor((n, "m + 4"), dtype="float32"):
    c: R.Tensor((n, m + 4), dtype="float32") = R.concat((x, y), axis=1)
    return c
"#,
    );
    let x = as_tensor(&f.params[0].ty).unwrap();
    let ret = as_tensor(&f.ret_ty).unwrap();
    assert!(x.shape_values().unwrap()[0].same_as(&ret.shape_values().unwrap()[0]));
    assert_eq!(ret.shape_values().unwrap()[1].type_key(), "prim.Add");
    let c = bindings(&f.body)[0].2.ty();
    assert_eq!(as_tensor(&c).map(|t| t.ndim), Some(2));
}

#[test]
fn callable_types_and_vdevices() {
    let s = Session::new();
    let m = module(
        &s,
        r#"
@I.ir_module
class Module:
    I.module_global_infos({"vdevice": [I.vdevice("llvm", 0, "global"), I.vdevice("cuda", 0, "global"), I.vdevice("cuda", 1, "global")]})

    @R.function
    def main(f: R.Callable((R.Tensor((2,), "float32"),), R.Tensor((2,), "float32"), True), g: R.Callable, x: R.Tensor((2,), "float32", vdevice="cuda:1")):
        y = f(x)
        return y
"#,
    );
    let main = module_func(&m, "main");
    let f = as_func(&main.params[0].ty).expect("a function type");
    assert_eq!(f.params.as_ref().map(|p| p.len()), Some(1));
    assert!(f.purity);
    let g = as_func(&main.params[1].ty).expect("a function type");
    assert!(g.params.is_none() && !g.purity);
    let vd = as_tensor(&main.params[2].ty).and_then(|t| t.vdevice.clone()).expect("a vdevice");
    // `cuda:1` is the second cuda device of the module.
    assert_eq!(vd.vdevice_id, 1);
    let y = bindings(&main.body);
    assert!(y[0].2.downcast_ref::<CallNode>().unwrap().op.same_as(&main.params[0].as_ref_obj()));
    assert_eq!(dims(&y[0].2.ty()), Some(vec![Some(2)]));
}

#[test]
fn impure_calls_in_pure_functions_are_not_well_formed() {
    let s = Session::new();
    let text = r#"
@R.function
def f(x: R.Tensor((2,), "float32")):
    R.print(format=R.str("hi"))
    return x
"#;
    let e = s.parse("test.py", text).expect_err("impure call");
    assert!(e.message.contains("not well-formed"), "{}", e.message);
    let f = func(&s, &text.replace("@R.function", "@R.function(pure=False)"));
    let b = bindings(&f.body);
    // An expression statement binds `_`.
    assert_eq!(b[0].0, "_");
    assert_eq!(op_of(&b[0].2), "relax.print");
}

#[test]
fn only_calls_take_their_annotation_and_unit_values_inline() {
    let s = Session::new();
    let f = func(
        &s,
        r#"
@R.function
def g(x: R.Tensor((3,), "float32"), t: R.Tuple(R.Tensor((3,), "float32"), R.Tensor((3,), "float32"))):
    a: R.Tensor(ndim=1) = R.const([1.0, 2.0, 3.0])
    c: R.Tensor(ndim=1) = t[0]
    d: R.Tuple(R.Tensor, R.Tensor) = (x, x)
    e: R.Tensor(ndim=1) = R.add(x, x)
    u = R.tuple()
    return (a, c, d, e, u)
"#,
    );
    let b = bindings(&f.body);
    assert_eq!(dims(&b[0].2.ty()), Some(vec![Some(3)]));
    assert_eq!(dims(&b[1].2.ty()), Some(vec![Some(3)]));
    assert_eq!(as_tuple(&b[2].2.ty()).and_then(|t| dims(&t.fields[0])), Some(vec![Some(3)]));
    assert_eq!(as_tensor(&b[3].2.ty()).map(|t| (t.ndim, t.shape.is_none())), Some((1, true)));
    // A variable of the empty tuple type is used as `()` itself.
    let ret = f.body.body.downcast_ref::<TupleNode>().expect("a tuple");
    assert!(ret.fields[4].downcast_ref::<TupleNode>().is_some_and(|t| t.fields.is_empty()));
    let e = s
        .parse("test.py", "@R.function\ndef f(x: R.Tensor((6,), \"float32\")):\n    a, b = R.split(x, 2)\n    return a\n")
        .expect_err("Relax values do not unpack");
    assert!(e.message.contains("test.py:3:"), "{}", e.message);
}

/// The signature of a module's Relax function runs once, when the module declares
/// it; its build continues from there. Parameters and body share their symbols,
/// while the GlobalVar's type gets copies (same names and dtypes, other objects),
/// which is what a second run of the signature would have made.
#[test]
fn module_functions_are_built_from_their_declared_signatures() {
    let m = module(
        &Session::new(),
        r#"
n = TypeVar("n")

@I.ir_module
class Module:
    @R.function
    def f(x: R.Tensor((n, "m"), "float32")) -> R.Tensor((n, "m"), "float32"):
        y: R.Tensor((n, "m"), "float32") = R.add(x, x)
        return y
"#,
    );
    let (gv, f) = m.functions.iter().next().expect("one function");
    let f = f.downcast_ref::<FunctionNode>().expect("a Relax function");
    let symbols = |t: &Type| as_tensor(t).and_then(|t| t.shape_values()).expect("a shape").to_vec();
    let param = symbols(&f.params[0].ty);
    let (_, _, y) = bindings(&f.body)[0].clone();
    let body = symbols(&y.ty());
    let declared = gv.ty.downcast_ref::<FuncTypeNode>().expect("a Relax function type");
    let declared = symbols(&declared.params.as_ref().expect("parameters")[0]);
    let name = |e: &Expr| e.downcast_ref::<VarNode>().map(|v| (v.name.to_string(), v.dtype()));
    for i in 0..2 {
        assert!(body[i].same_as(&param[i]), "dim {i}: the body's symbol is the parameter's");
        // As TVM's module update: the GlobalVar takes the built function's type.
        assert!(declared[i].same_as(&param[i]), "dim {i}: the GlobalVar's type uses the function's symbols");
        assert_eq!(name(&declared[i]), name(&param[i]));
        assert!(name(&param[i]).is_some());
    }
}
