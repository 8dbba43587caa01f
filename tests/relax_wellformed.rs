//! Relax well-formedness (TVM's `relax.analysis.well_formed`): one small ill-formed
//! script per rule, each also parsed with the check off to show only the rule fails.

use tvmscript::Session;

const HEAD: &str = "from tvm.script import ir as I\nfrom tvm.script import tirx as T\nfrom tvm.script import relax as R\n";

/// The check's message for `text`, which must parse when the check is off.
fn rejected(text: &str) -> String {
    let s = Session::new();
    let text = format!("{HEAD}{text}");
    assert!(s.parse_with("wf.py", &text, false).is_ok(), "must parse without the check");
    let e = s.parse("wf.py", &text).expect_err("ill-formed");
    assert!(e.message.contains("not well-formed"), "{}", e.message);
    e.message
}

fn accepted(text: &str) {
    let s = Session::new();
    let text = format!("{HEAD}{text}");
    if let Err(e) = s.parse("wf.py", &text) {
        panic!("well-formed program rejected: {}", e.message);
    }
}

#[test]
fn dataflow_var_used_outside_its_block() {
    let m = rejected(
        r#"
@R.function
def f(x: R.Tensor((4,), "float32")):
    with R.dataflow():
        y = R.add(x, x)
        z = R.add(y, y)
        R.output(z)
    w = R.add(y, z)
    return w
"#,
    );
    assert!(m.contains("DataflowVar y is used outside DataflowBlock"), "{m}");
}

#[test]
fn symbolic_var_must_be_defined() {
    let m = rejected(
        r#"
@R.function
def f(x: R.Tensor((4,), "float32")):
    n = T.int64()
    y = R.call_dps_packed("ext", (x,), out_ty=R.Tensor((n,), "float32"))
    return y
"#,
    );
    assert!(m.contains("Symbolic Var n is not defined"), "{m}");
    // Defined by R.match_cast first, the same use is fine.
    accepted(
        r#"
@R.function
def f(x: R.Tensor((4,), "float32")):
    n = T.int64()
    x1 = R.match_cast(x, R.Tensor((n,), "float32"))
    y = R.call_dps_packed("ext", (x1,), out_ty=R.Tensor((n,), "float32"))
    return y
"#,
    );
}

#[test]
fn call_annotation_must_agree_with_inference() {
    let m = rejected(
        r#"
@R.function
def f(a: R.Tensor((2, 3), "float32"), b: R.Tensor((2, 3), "float32")):
    c: R.Tensor((2, 3), "int32") = R.add(a, b)
    return c
"#,
    );
    assert!(m.contains("cannot be assigned"), "{m}");
    // A less precise annotation is fine.
    accepted(
        r#"
@R.function
def f(a: R.Tensor((2, 3), "float32"), b: R.Tensor((2, 3), "float32")):
    c: R.Tensor(ndim=2) = R.add(a, b)
    return c
"#,
    );
}

const ADD_ONE: &str = r#"
    @T.prim_func
    def add_one(A: T.Buffer((16,), "float16"), B: T.Buffer((16,), "float16")):
        for i in range(16):
            B[i] = A[i] + T.float16(1)
"#;

#[test]
fn call_tir_input_must_match_the_callee() {
    let m = rejected(&format!(
        r#"
@I.ir_module
class Mod:{ADD_ONE}
    @R.function
    def main(A: R.Tensor((16,), "float32")):
        cls = Mod
        B = R.call_tir(cls.add_one, (A,), out_ty=R.Tensor((16,), "float16"))
        return B
"#
    ));
    assert!(m.contains("Argument 0 of R.call_tir") && m.contains("dtype"), "{m}");
}

#[test]
fn call_tir_output_rank_must_match_the_callee() {
    let m = rejected(&format!(
        r#"
@I.ir_module
class Mod:{ADD_ONE}
    @R.function
    def main(A: R.Tensor((16,), "float16")):
        cls = Mod
        B = R.call_tir(cls.add_one, (A,), out_ty=R.Tensor((4, 4), "float16"))
        return B
"#
    ));
    assert!(m.contains("output 0 of R.call_tir") && m.contains("ndim"), "{m}");
}

#[test]
fn global_symbol_must_name_the_global_var() {
    let m = rejected(
        r#"
@I.ir_module
class Mod:
    @R.function
    def f(x: R.Tensor((4,), "float32")):
        R.func_attr({"global_symbol": "g"})
        return x
"#,
    );
    assert!(m.contains("Name in GlobalVar is not equal to name in gsymbol: f != g"), "{m}");
}
