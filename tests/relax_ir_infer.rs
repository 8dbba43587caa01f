//! Relax type inference against TVM 0.27: every row's expectation was produced by the
//! oracle (`relax.BlockBuilder().normalize(call).ty`, or the exception it raised) for
//! the same call. Rows are written in a small spec language:
//!
//! * a call: `op(arg, ...; attr=value, ...)` with the operator's name after `relax.`;
//! * tensor arguments: `f32[2, n]` (dims are ints or the int64 variables `n`, `m`),
//!   `?[2, 3]` (unknown dtype), `f32[?2]` (rank 2, unknown shape), `f32[?]` (unknown
//!   rank), `?[?]`; scalars `prim:f32`; shapes `shape[6, -1]` (a ShapeExpr) or
//!   `shape?2` (a variable of type `R.Shape(ndim=2)`); `tuple(..)` a Tuple of such
//!   arguments; `ints(1, n)` a Tuple of int64 values; `any` an `R.Any` variable;
//! * attributes fill the operator's `relax.attrs.*` node by field name: `[1, 2]`,
//!   `none`, `true`, `-1`, `"float16"`; fields not given are None.
//!
//! An expectation is the type as TVMScript writes it, or `!Kind: message fragment`.
//!
//! `data/relax_infer_corpus.tsv` holds the calls of the conformance corpus in the same
//! language (spec, tab, the type TVM gave the call), exported with the oracle.

use std::cell::RefCell;
use std::collections::HashMap;

use rstest::rstest;
use tvmscript::dialects::relax::nodes::ShapeExpr;
use tvmscript::dialects::relax::ops::type_text;
use tvmscript::dialects::relax::types::{any_type, ShapeType, TensorType, UNKNOWN_NDIM};
use tvmscript::dialects::relax::{self, op_fact};
use tvmscript::ir::{
    int_imm, lookup_type, Call, DataType, Expr, Op, Result, Span, Tuple, TupleNode, TupleTypeNode, Type, Value, Var,
};

struct Env {
    /// Symbolic int64 variables by name, created on first use.
    vars: RefCell<HashMap<String, Var>>,
}

impl Env {
    fn new() -> Self {
        relax::register_dialect().unwrap();
        Env { vars: RefCell::new(HashMap::new()) }
    }

    fn dim(&self, s: &str) -> Expr {
        let s = s.trim();
        match s.parse::<i64>() {
            Ok(i) => int_imm(DataType::INT64, i),
            Err(_) => {
                let mut vars = self.vars.borrow_mut();
                vars.entry(s.to_string()).or_insert_with(|| Var::scalar(s, DataType::INT64)).clone().into()
            }
        }
    }

    fn dims(&self, s: &str) -> Vec<Expr> {
        split_top(s).iter().filter(|d| !d.trim().is_empty()).map(|d| self.dim(d)).collect()
    }

    fn tensor_type(&self, s: &str) -> Type {
        let (dtype, rest) = s.split_once('[').expect("tensor spec has [");
        let dtype = (dtype != "?").then(|| parse_dtype(dtype));
        let inner = rest.strip_suffix(']').expect("tensor spec ends with ]");
        if let Some(nd) = inner.strip_prefix('?') {
            let ndim = if nd.is_empty() { UNKNOWN_NDIM } else { nd.parse().unwrap() };
            return TensorType::with_ndim(ndim, dtype).into();
        }
        let shape = ShapeExpr::make(self.dims(inner), Span::none()).unwrap();
        TensorType::make(Some(shape.into()), dtype, None, UNKNOWN_NDIM, Span::none()).unwrap().into()
    }

    fn arg(&self, s: &str) -> Expr {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix("tuple(") {
            let inner = rest.strip_suffix(')').unwrap();
            let fields = split_top(inner).iter().filter(|a| !a.trim().is_empty()).map(|a| self.arg(a)).collect();
            return tuple(fields);
        }
        if let Some(rest) = s.strip_prefix("ints(") {
            let fields = self.dims(rest.strip_suffix(')').unwrap());
            return tuple(fields);
        }
        if let Some(rest) = s.strip_prefix("shape[") {
            let values = self.dims(rest.strip_suffix(']').unwrap());
            return ShapeExpr::make(values, Span::none()).unwrap().into();
        }
        if let Some(nd) = s.strip_prefix("shape?") {
            return Var::with_type("s", ShapeType::with_ndim(nd.parse().unwrap()), Span::none()).into();
        }
        if let Some(d) = s.strip_prefix("prim:") {
            return Var::with_type("x", Type::prim(parse_dtype(d)), Span::none()).into();
        }
        if s == "any" {
            return Var::with_type("x", any_type(), Span::none()).into();
        }
        Var::with_type("x", self.tensor_type(s), Span::none()).into()
    }

    fn call(&self, spec: &str) -> Result<Call> {
        let (name, rest) = spec.split_once('(').unwrap();
        let rest = rest.strip_suffix(')').unwrap();
        let (args, kwargs) = rest.split_once(';').unwrap_or((rest, ""));
        let op_name = format!("relax.{name}");
        let args: Vec<Expr> = split_top(args).iter().filter(|a| !a.trim().is_empty()).map(|a| self.arg(a)).collect();
        let attrs = attrs_for(&op_name, kwargs)?;
        Call::make(None, Op::get(&op_name)?, args, attrs, vec![], Span::none())
    }
}

fn tuple(fields: Vec<Expr>) -> Expr {
    let ty = TupleTypeNode { fields: fields.iter().map(Expr::ty).collect(), span: Span::none() };
    Tuple::new(TupleNode { ty: tvmscript::ir::TupleType::new(ty).into(), fields, span: Span::none() }).into()
}

fn parse_dtype(s: &str) -> DataType {
    let full = match s {
        "f32" => "float32",
        "f16" => "float16",
        "i32" => "int32",
        "i64" => "int64",
        "bool" => "bool",
        other => other,
    };
    full.parse().unwrap()
}

/// Split at top-level commas.
fn split_top(s: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        out.last_mut().unwrap().push(c);
    }
    out
}

fn attr_value(s: &str) -> Value {
    let s = s.trim();
    match s {
        "none" => Value::None,
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ if s.starts_with('[') => {
            let inner = &s[1..s.len() - 1];
            Value::Array(split_top(inner).iter().filter(|x| !x.trim().is_empty()).map(|x| attr_value(x)).collect())
        }
        _ if s.starts_with('"') => Value::str(&s[1..s.len() - 1]),
        _ => Value::Int(s.parse().unwrap()),
    }
}

/// The operator's attribute node, its fields set by name.
fn attrs_for(op_name: &str, kwargs: &str) -> Result<Option<Value>> {
    let key = op_fact(op_name).unwrap().call_attrs;
    if key.is_empty() {
        return Ok(None);
    }
    let info = lookup_type(key).unwrap();
    let mut values = vec![Value::None; info.fields.len()];
    for kv in split_top(kwargs).iter().filter(|k| !k.trim().is_empty()) {
        let (k, v) = kv.split_once('=').unwrap();
        let i = info.field_index(k.trim()).unwrap_or_else(|| panic!("{key} has no field {k}"));
        values[i] = attr_value(v);
    }
    Ok(Some(Value::Object((info.create.unwrap())(values, Span::none())?)))
}

fn check(spec: &str, expected: &str) {
    let env = Env::new();
    let got = env.call(spec).map(|c| type_text(&c.ty));
    match (expected.strip_prefix('!'), got) {
        (None, Ok(text)) => assert_eq!(text, expected, "{spec}"),
        (Some(err), Err(e)) => {
            let (kind, fragment) = err.split_once(": ").unwrap();
            assert_eq!(e.kind.name(), kind, "{spec}: {}", e.message);
            assert!(e.message.contains(fragment), "{spec}: {:?} does not contain {fragment:?}", e.message);
        }
        (None, Err(e)) => panic!("{spec}: expected {expected}, got error {e}"),
        (Some(_), Ok(text)) => panic!("{spec}: expected an error, got {text}"),
    }
}

#[rstest]
#[case("add(f32[4, 1], f32[5])", r#"R.Tensor((4, 5), dtype="float32")"#)]
#[case("add(f32[n, 1], f32[m])", r#"R.Tensor((n, m), dtype="float32")"#)]
#[case("add(f32[n], f32[m])", r#"R.Tensor(dtype="float32", ndim=1)"#)]
#[case("add(f32[n], f32[4])", r#"R.Tensor(dtype="float32", ndim=1)"#)]
#[case("add(f32[1], f32[n])", r#"R.Tensor((n,), dtype="float32")"#)]
#[case("add(f32[?2], f32[3])", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("add(?[?2], f32[3])", "R.Tensor(ndim=2)")]
#[case("add(?[?], f32[3])", "R.Tensor")]
#[case("less(f32[2, 3], f32[3])", r#"R.Tensor((2, 3), dtype="bool")"#)]
#[case("equal(f32[2, 3], f32[3])", r#"R.Tensor((2, 3), dtype="bool")"#)]
#[case("multiply(f32[2, 3], ?[2, 3])", "R.Tensor((2, 3))")]
#[case("add(prim:f32, prim:f32)", "T.float32")]
#[case("less(prim:i64, prim:i64)", "T.bool")]
#[case("add(prim:f32, f32[3])", r#"R.Tensor((3,), dtype="float32")"#)]
#[case("logical_and(i32[2, 3], i32[2, 3])", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("power(f32[2, 3], f32[2, 3])", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("add(f32[4], f32[5])", "!ValueError: the first input shape at dim 0 is T.int64(4) and the second input shape at dim 0 is T.int64(5), which are not broadcastable.")]
#[case("add(f32[4], f32[5])", "!ValueError: In ir.Op(span=None, ty=ir.Type(span=None), name=\"relax.add\", description=\"\", arguments=(ir.ArgumentInfo(name=\"x1\", type_info=\"Tensor\", description=\"The first input tensor.\"), ir.ArgumentInfo(name=\"x2\", type_info=\"Tensor\", description=\"The second input tensor.\")), attrs_type_key=\"\", num_inputs=2, support_level=10), the first")]
#[case("add(f32[2, 3], i32[3])", "!TypeError: Binary operators must have the same datatype for both operands.  However, R.add(x, x) uses datatype T.float32 on the LHS (Type of R.Tensor((2, 3), dtype=\"float32\")), and datatype T.int32 on the RHS")]
#[case("add(prim:i32, f32[3])", "!TypeError: uses datatype T.int32 on the LHS (Type of T.int32)")]
#[case("add(f32[2, 3], shape?2)", "!TypeError: Arguments to binary operators must be either R.Tensor or R.Prim types, but expression R.add(x, s) has RHS s, which has Type R.Shape(ndim=2)")]
#[case("add(any, f32[3])", "!TypeError: has LHS x, which has Type R.Any")]
fn binary_broadcast(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("abs(i32[2, 3])", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("negative(i32[2, 3])", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("isnan(f32[2, 3])", r#"R.Tensor((2, 3), dtype="bool")"#)]
#[case("isfinite(i32[2, 3])", r#"R.Tensor((2, 3), dtype="bool")"#)]
#[case("abs(?[?])", "R.Tensor")]
#[case("exp(?[?])", "R.Tensor")]
#[case("sqrt(i32[2, 3])", "!TypeError: name=\"relax.sqrt\", description=\"\", arguments=(ir.ArgumentInfo(name=\"x\", type_info=\"Tensor\", description=\"The input tensor.\"),), attrs_type_key=\"\", num_inputs=1, support_level=10) requires the input tensor to have float dtype. However, the given input dtype is T.int32")]
#[case("exp(i32[2, 3])", "!TypeError: requires the input tensor to have float dtype")]
#[case("nn.gelu(i32[2, 3])", "!TypeError: requires the input tensor to have float dtype")]
#[case("nn.relu(i32[2, 3])", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("abs(prim:f32)", "!TypeError: requires argument 0 (x) to be a tensor.  However, the argument x is instead of type T.float32")]
#[case("nn.softmax(f32[2, 3]; axis=-1)", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("nn.softmax(i32[2, 3]; axis=-1)", "!TypeError: Softmax requires the input tensor to have float dtype. However, the given input dtype is T.int32")]
#[case("nn.log_softmax(i32[2, 3]; axis=-1)", "!TypeError: Softmax requires")]
#[case("nn.softmax(f32[2, 3]; axis=2)", "!ValueError: the input axis 2 is out of range. The input tensor has 2 dimensions, so axis should be in range [-2, 2).")]
#[case("astype(f32[2, 3]; dtype=\"float16\")", r#"R.Tensor((2, 3), dtype="float16")"#)]
#[case("astype(?[?2]; dtype=\"float16\")", r#"R.Tensor(dtype="float16", ndim=2)"#)]
#[case("clip(i32[2, 3], prim:i64, prim:i64)", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("ewise_fma(f32[2, 3], f32[2, 3], f32[2, 3])", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("ewise_fma(f32[2, 3], f32[3], f32[2, 3])", "!ValueError: The 3 arguments of EwiseFMA must have the same number of dimensions")]
#[case("ewise_fma(f32[2, 3], f32[2, 4], f32[2, 3])", "!ValueError: The 3 arguments of EwiseFMA must have the same shape")]
#[case("ewise_fma(f32[2, 3], i32[2, 3], f32[2, 3])", "!TypeError: Data types T.float32, T.int32, and T.float32 must be equal for EwiseFMA")]
fn unary_and_friends(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("matmul(f32[2, 3], f32[3, 5])", r#"R.Tensor((2, 5), dtype="float32")"#)]
#[case("matmul(f32[3], f32[3, 5])", r#"R.Tensor((5,), dtype="float32")"#)]
#[case("matmul(f32[7, 2, 3], f32[3])", r#"R.Tensor((7, 2), dtype="float32")"#)]
#[case("matmul(f32[3], f32[3])", r#"R.Tensor((), dtype="float32")"#)]
#[case("matmul(f32[1, 2, 3], f32[6, 3, 5])", r#"R.Tensor((6, 2, 5), dtype="float32")"#)]
#[case("matmul(f32[n, 3], f32[3, m])", r#"R.Tensor((n, m), dtype="float32")"#)]
#[case("matmul(f32[2, n], f32[m, 4])", r#"R.Tensor((2, 4), dtype="float32")"#)]
#[case("matmul(f16[2, 3], f16[3, 4]; out_dtype=\"float32\")", r#"R.Tensor((2, 4), dtype="float32")"#)]
#[case("matmul(?[2, 3], f32[3, 4])", "R.Tensor((2, 4))")]
#[case("matmul(f32[?2], f32[3, 4])", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("matmul(f32[?], f32[3, 4])", r#"R.Tensor(dtype="float32")"#)]
#[case("matmul(f32[5, 2, 3], f32[?2])", r#"R.Tensor(dtype="float32", ndim=3)"#)]
#[case("matmul(f32[2, 3], f32[4, 5])", "!ValueError: Matmul requires the reduction length of the operands to be equal.  However, the LHS x has shape R.shape([2, 3]), while the RHS x has shape R.shape([4, 5]).  The reduction dimensions of T.int64(3) and T.int64(4) are not equal.")]
#[case("matmul(f32[2, 2, 3], f32[6, 3, 5])", "!ValueError: the first input shape at dim 0 is T.int64(2) and the second input shape at dim 0 is T.int64(6), which are not broadcastable.")]
#[case("matmul(f16[2, 3], f32[3, 4])", "!TypeError: Binary operators must have the same datatype for both operands.")]
#[case("matmul(f32[2, 3], f32[])", "!ValueError: Matmul operands must not be scalar.  However, the expression R.matmul(x, x) has a RHS of x with type R.Tensor((), dtype=\"float32\"), which is scalar (zero-dimensional) tensor.")]
fn matmul(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("reshape(f32[2, 3, 4], shape[6, 4])", r#"R.Tensor((6, 4), dtype="float32")"#)]
#[case("reshape(f32[2, 3, 4], shape[6, -1])", r#"R.Tensor((6, 4), dtype="float32")"#)]
#[case("reshape(f32[n, 4], shape[2, -1])", r#"R.Tensor((2, n * 2), dtype="float32")"#)]
#[case("reshape(f32[n, 4], shape[-1])", r#"R.Tensor((n * 4,), dtype="float32")"#)]
#[case("reshape(f32[n, m], shape[-1])", r#"R.Tensor((n * m,), dtype="float32")"#)]
#[case("reshape(f32[n, m], shape[2, -1])", r#"R.Tensor((2, n * m // 2), dtype="float32")"#)]
#[case("reshape(f32[n, m], shape[m, n])", r#"R.Tensor((m, n), dtype="float32")"#)]
#[case("reshape(f32[6, n], shape[3, -1])", r#"R.Tensor((3, n * 2), dtype="float32")"#)]
#[case("reshape(f32[n, 6], shape[4, -1])", r#"R.Tensor((4, n * 6 // 4), dtype="float32")"#)]
#[case("reshape(f32[n, m, 6], shape[3, -1])", r#"R.Tensor((3, n * m * 2), dtype="float32")"#)]
#[case("reshape(f32[2, 3], shape?2)", r#"R.Tensor(s, dtype="float32")"#)]
#[case("reshape(f32[2, 3, 4], shape[5, -1])", "!ValueError: Reshape expects the new shape to be convertible from the old shape. However, the old shape is R.shape([2, 3, 4]), with product T.int64(24), while the new shape is R.shape([5, 4]), with product T.int64(20)")]
#[case("reshape(f32[2, 3, 4], shape[5, 4])", "!ValueError: with product T.int64(20)")]
#[case("reshape(f32[?2], shape[3, -1])", "!RuntimeError: Reshape expects the input tensor to have known shape when there is some dimension length to infer.")]
#[case("reshape(f32[2, 3], shape[-1, -1])", "!RuntimeError: Reshape accepts at most one \"-1\" in the new shape.")]
#[case("permute_dims(f32[2, 3, 4]; axes=none)", r#"R.Tensor((4, 3, 2), dtype="float32")"#)]
#[case("permute_dims(f32[2, 3, 4]; axes=[2, 0, 1])", r#"R.Tensor((4, 2, 3), dtype="float32")"#)]
#[case("permute_dims(f32[2, 3, 4]; axes=[-1, 0, 1])", r#"R.Tensor((4, 2, 3), dtype="float32")"#)]
#[case("permute_dims(f32[?3]; axes=[2, 0, 1])", r#"R.Tensor(dtype="float32", ndim=3)"#)]
#[case("permute_dims(f32[?]; axes=none)", r#"R.Tensor(dtype="float32")"#)]
#[case("permute_dims(f32[n, m]; axes=[1, 0])", r#"R.Tensor((m, n), dtype="float32")"#)]
#[case("permute_dims(f32[2, 3, 4]; axes=[0, 0, 1])", "!ValueError: the input axes is required to be non-repetitive. However, there are multiple given axes referring to axis 0")]
#[case("permute_dims(f32[2, 3, 4]; axes=[0, 1])", "!ValueError: PermuteDims expects the number of input axes to equal the ndim of the input tensor. However, the tensor ndim is 3 while the given number of axes is 2")]
#[case("permute_dims(f32[2, 3, 4]; axes=[0, 1, 3])", "!ValueError: the input axis 3 is out of range. The input tensor has 3 dimensions, so axis should be in range [-3, 3).")]
#[case("permute_dims(f32[?]; axes=[2, 0, 1])", "!RuntimeError: The ndim is required to be known for this function.")]
#[case("concat(tuple(f32[2, 3], f32[2, 4]); axis=1)", r#"R.Tensor((2, 7), dtype="float32")"#)]
#[case("concat(tuple(f32[n, 3], f32[m, 3]); axis=0)", r#"R.Tensor((n + m, 3), dtype="float32")"#)]
#[case("concat(tuple(f32[n, 3], f32[n, 4]); axis=1)", r#"R.Tensor((n, 7), dtype="float32")"#)]
#[case("concat(tuple(f32[n, m], f32[n, 4]); axis=1)", r#"R.Tensor((n, m + 4), dtype="float32")"#)]
#[case("concat(tuple(f32[n, 3], f32[m, 3]); axis=-1)", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("concat(tuple(f32[2, 3], f32[?2]); axis=1)", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("concat(tuple(f32[2, 3], ?[2, 4]); axis=1)", "R.Tensor((2, 7))")]
#[case("concat(tuple(f32[2, 3], f32[2, 4]); axis=0)", "!ValueError: Concat expects the input tensors to have the same shape on every dimension except the one indicated by the input axis. However, the input contains tensors whose shapes on dimension 1 is T.int64(3) and T.int64(4)")]
#[case("concat(tuple(f32[2, 3], i32[2, 4]); axis=1)", "!TypeError: Concat expects all input tensors to have the same dtype. However, the input contains tensors with dtype T.float32 and T.int32")]
#[case("concat(tuple(f32[2, 3], f32[3]); axis=0)", "!ValueError: Concat expects all input tensors to have same ndim. However, the input contains tensors with ndim 2 and 1")]
#[case("concat(tuple(f32[2, 3], f32[2, 4]); axis=none)", "!ValueError: the input contains tensors with ndim 1 and 2")]
#[case("concat(tuple(f32[2, 3], f32[2, 4]); axis=2)", "!ValueError: the input axis 2 is out of range. The input tensor has 2 dimensions, so axis should be in range [-2, 2).")]
#[case("concat(tuple(); axis=1)", "!ValueError: Concat op expects at least one tensor in the input Tuple. However, the given input Tuple is empty.")]
fn reshape_permute_concat(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("split(f32[6, 4]; indices_or_sections=2, axis=0)", r#"R.Tuple(R.Tensor((3, 4), dtype="float32"), R.Tensor((3, 4), dtype="float32"))"#)]
#[case("split(f32[7, 4]; indices_or_sections=2, axis=0)", r#"R.Tuple(R.Tensor((4, 4), dtype="float32"), R.Tensor((3, 4), dtype="float32"))"#)]
#[case("split(f32[6, 4]; indices_or_sections=4, axis=0)", r#"R.Tuple(R.Tensor((2, 4), dtype="float32"), R.Tensor((2, 4), dtype="float32"), R.Tensor((2, 4), dtype="float32"), R.Tensor((0, 4), dtype="float32"))"#)]
#[case("split(f32[6, 4]; indices_or_sections=[2, 5], axis=0)", r#"R.Tuple(R.Tensor((2, 4), dtype="float32"), R.Tensor((3, 4), dtype="float32"), R.Tensor((1, 4), dtype="float32"))"#)]
#[case("split(f32[6, 4]; indices_or_sections=[2, 8], axis=0)", r#"R.Tuple(R.Tensor((2, 4), dtype="float32"), R.Tensor((4, 4), dtype="float32"), R.Tensor((0, 4), dtype="float32"))"#)]
#[case("split(f32[6, 4]; indices_or_sections=[4, 2], axis=0)", r#"R.Tuple(R.Tensor((4, 4), dtype="float32"), R.Tensor((0, 4), dtype="float32"), R.Tensor((4, 4), dtype="float32"))"#)]
#[case("split(f32[n, 4]; indices_or_sections=2, axis=0)", r#"R.Tuple(R.Tensor(((n + 1) // 2, 4), dtype="float32"), R.Tensor((n - (n + 1) // 2, 4), dtype="float32"))"#)]
#[case("split(f32[n, 4]; indices_or_sections=[2], axis=0)", r#"R.Tuple(R.Tensor((T.max(T.min(2, n) - T.min(0, n), 0), 4), dtype="float32"), R.Tensor((T.max(n - 2, 0), 4), dtype="float32"))"#)]
#[case("split(f32[6, 4]; indices_or_sections=1, axis=0)", r#"R.Tensor((6, 4), dtype="float32")"#)]
#[case("split(f32[?2]; indices_or_sections=3, axis=0)", r#"R.Tuple(R.Tensor(dtype="float32", ndim=2), R.Tensor(dtype="float32", ndim=2), R.Tensor(dtype="float32", ndim=2))"#)]
#[case("split(f32[6, 4]; indices_or_sections=2, axis=2)", "!ValueError: the input axis 2 is out of range.")]
#[case("split(f32[6, 4]; indices_or_sections=0, axis=0)", "!RuntimeError: Split op expects the input number of sections to be a positive integer. However, the given number of sections is 0")]
#[case("expand_dims(f32[2, 3]; axis=[1])", r#"R.Tensor((2, 1, 3), dtype="float32")"#)]
#[case("expand_dims(f32[2, 3]; axis=[0, -1])", r#"R.Tensor((1, 2, 3, 1), dtype="float32")"#)]
#[case("expand_dims(f32[?]; axis=[0])", r#"R.Tensor(dtype="float32")"#)]
#[case("expand_dims(f32[?2]; axis=[0])", r#"R.Tensor(dtype="float32", ndim=3)"#)]
#[case("expand_dims(f32[2, 3]; axis=[0, 4])", "!ValueError: the input axis 4 is out of range. The input tensor has 4 dimensions, so axis should be in range [-4, 4).")]
#[case("expand_dims(f32[2, 3]; axis=[0, 0])", "!ValueError: there are multiple given axes referring to axis 0")]
#[case("squeeze(f32[1, 3, 1]; axis=none)", r#"R.Tensor((3,), dtype="float32")"#)]
#[case("squeeze(f32[1, 3, 1]; axis=[0])", r#"R.Tensor((3, 1), dtype="float32")"#)]
#[case("squeeze(f32[1, 3, 1]; axis=[1])", r#"R.Tensor((1, 3, 1), dtype="float32")"#)]
#[case("squeeze(f32[1, 3, 1]; axis=[-1])", r#"R.Tensor((1, 3), dtype="float32")"#)]
#[case("squeeze(f32[n, 3, 1]; axis=none)", r#"R.Tensor(dtype="float32")"#)]
#[case("squeeze(f32[n, 3, 1]; axis=[0])", r#"R.Tensor((3, 1), dtype="float32")"#)]
#[case("squeeze(f32[?3]; axis=none)", r#"R.Tensor(dtype="float32")"#)]
#[case("squeeze(f32[?3]; axis=[0])", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("squeeze(f32[?]; axis=[0])", r#"R.Tensor(dtype="float32")"#)]
#[case("flatten(f32[2, 3, 4])", r#"R.Tensor((24,), dtype="float32")"#)]
#[case("flatten(f32[n, 4])", r#"R.Tensor((n * 4,), dtype="float32")"#)]
#[case("flatten(f32[])", r#"R.Tensor((1,), dtype="float32")"#)]
#[case("flatten(f32[?3])", r#"R.Tensor(dtype="float32", ndim=1)"#)]
#[case("flatten(f32[?])", r#"R.Tensor(dtype="float32", ndim=1)"#)]
#[case("broadcast_to(f32[2, 1], shape[2, 5])", r#"R.Tensor((2, 5), dtype="float32")"#)]
#[case("broadcast_to(f32[2, 1], shape[3, 2, 5])", r#"R.Tensor((3, 2, 5), dtype="float32")"#)]
#[case("broadcast_to(f32[n, 1], shape[m, 5])", r#"R.Tensor((m, 5), dtype="float32")"#)]
#[case("broadcast_to(f32[2, 1], shape?2)", r#"R.Tensor(s, dtype="float32")"#)]
#[case("broadcast_to(f32[2, 3], shape[2, 5])", "!ValueError: broadcast_to expects the input tensor shape is broadcastable to the target shape. The target shape at dim 1 is T.int64(5) while the input tensor shape at dim 1 is T.int64(3), which are not equal.")]
#[case("broadcast_to(f32[2, 3], shape[3])", "!ValueError: broadcast_to expects the input shape to have the number of ndim at least as the input tensor's. However, the given tensor has ndim 2 while the target shape has ndim 1")]
#[case("broadcast_to(f32[?3], shape[2, 5])", "!ValueError: the given tensor has ndim 3 while the target shape has ndim 2")]
#[case("strided_slice(f32[2, 3, 4], ints(2), ints(1), ints(3); assume_inbound=false)", r#"R.Tensor((2, 3, 2), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(0, 2), ints(0, 1), ints(10, 3); assume_inbound=false)", r#"R.Tensor((2, 3, 2), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(2), ints(-3), ints(-1); assume_inbound=false)", r#"R.Tensor((2, 3, 2), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(2), ints(0), ints(4), ints(2); assume_inbound=false)", r#"R.Tensor((2, 3, 2), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(2), ints(3), ints(0), ints(-1); assume_inbound=false)", r#"R.Tensor((2, 3, 3), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(2), ints(1), ints(3); assume_inbound=true)", r#"R.Tensor((2, 3, 2), dtype="float32")"#)]
#[case("strided_slice(f32[2, 3, 4], ints(3), ints(0), ints(1); assume_inbound=false)", "!ValueError: the input axis 3 is out of range.")]
fn split_expand_squeeze_flatten_broadcast_slice(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("sum(f32[2, 3, 4]; axis=none, keepdims=false)", r#"R.Tensor((), dtype="float32")"#)]
#[case("sum(f32[2, 3, 4]; axis=[1, 2], keepdims=false)", r#"R.Tensor((2,), dtype="float32")"#)]
#[case("sum(f32[2, 3, 4]; axis=[1], keepdims=false)", r#"R.Tensor((2, 4), dtype="float32")"#)]
#[case("sum(f32[2, 3, 4]; axis=[-1], keepdims=true)", r#"R.Tensor((2, 3, 1), dtype="float32")"#)]
#[case("sum(f32[2, 3, 4]; axis=none, keepdims=true)", r#"R.Tensor((1, 1, 1), dtype="float32")"#)]
#[case("sum(f32[2, 3, 4]; axis=[], keepdims=false)", r#"R.Tensor((2, 3, 4), dtype="float32")"#)]
#[case("sum(f32[?3]; axis=[1], keepdims=false)", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("sum(f32[?3]; axis=[1], keepdims=true)", r#"R.Tensor(dtype="float32", ndim=3)"#)]
#[case("sum(f32[?]; axis=[1], keepdims=false)", r#"R.Tensor(dtype="float32")"#)]
#[case("sum(f32[?]; axis=none, keepdims=false)", r#"R.Tensor((), dtype="float32")"#)]
#[case("sum(f32[?]; axis=none, keepdims=true)", r#"R.Tensor(dtype="float32")"#)]
#[case("mean(i32[2, 3, 4]; axis=[0], keepdims=false)", r#"R.Tensor((3, 4), dtype="int32")"#)]
#[case("max(f32[2, 3, 4]; axis=[-1], keepdims=false)", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("variance(f32[2, 3, 4]; axis=[0], keepdims=true)", r#"R.Tensor((1, 3, 4), dtype="float32")"#)]
#[case("std(f32[2, 3, 4]; axis=none, keepdims=false)", r#"R.Tensor((), dtype="float32")"#)]
#[case("min(f32[n, 3, 4]; axis=[1], keepdims=false)", r#"R.Tensor((n, 4), dtype="float32")"#)]
#[case("prod(f32[2, 3, 4]; axis=[1], keepdims=false)", r#"R.Tensor((2, 4), dtype="float32")"#)]
#[case("argmax(f32[2, 3]; axis=1, keepdims=false)", r#"R.Tensor((2,), dtype="int64")"#)]
#[case("argmax(f32[2, 3]; axis=none, keepdims=false)", r#"R.Tensor((), dtype="int64")"#)]
#[case("argmin(f32[2, 3]; axis=1, keepdims=true)", r#"R.Tensor((2, 1), dtype="int64")"#)]
#[case("sum(f32[2, 3, 4]; axis=[1, 1], keepdims=false)", "!ValueError: the input axes is required to be non-repetitive. However, there are multiple given axes referring to axis 1")]
#[case("sum(f32[2, 3, 4]; axis=[3], keepdims=false)", "!ValueError: the input axis 3 is out of range. The input tensor has 3 dimensions, so axis should be in range [-3, 3).")]
#[case("sum(prim:i32; axis=none, keepdims=false)", "!TypeError: requires argument 0 (x) to be a tensor.")]
fn reductions(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[rstest]
#[case("zeros(shape[2, 3]; dtype=\"float32\")", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("ones(shape[2, n]; dtype=\"int32\")", r#"R.Tensor((2, n), dtype="int32")"#)]
#[case("zeros(shape?2; dtype=\"float32\")", r#"R.Tensor(s, dtype="float32")"#)]
#[case("full(shape[2, 3], i32[]; dtype=none)", r#"R.Tensor((2, 3), dtype="int32")"#)]
#[case("full(shape[2, 3], f32[]; dtype=\"float16\")", r#"R.Tensor((2, 3), dtype="float16")"#)]
#[case("zeros_like(f32[2, 3]; dtype=none)", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("zeros_like(f32[2, 3]; dtype=\"int8\")", r#"R.Tensor((2, 3), dtype="int8")"#)]
#[case("ones_like(f32[?2]; dtype=none)", r#"R.Tensor(dtype="float32", ndim=2)"#)]
#[case("full_like(f32[2, 3], i32[]; dtype=none)", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("tril(f32[2, 3], prim:i64)", r#"R.Tensor((2, 3), dtype="float32")"#)]
#[case("shape_of(f32[2, n])", "R.Shape([2, n])")]
#[case("shape_of(f32[?2])", "R.Shape(ndim=2)")]
#[case("shape_to_tensor(shape?3)", r#"R.Tensor((3,), dtype="int64")"#)]
#[case("tensor_to_shape(i64[n])", "R.Shape(ndim=-1)")]
#[case("null_value()", "R.Any")]
#[case("grad.start_checkpoint(f32[2, 3])", r#"R.Tensor((2, 3), dtype="float32")"#)]
fn creation_and_shapes(#[case] spec: &str, #[case] expected: &str) {
    check(spec, expected);
}

#[test]
fn calls_with_missing_argument_types_stay_missing() {
    let env = Env::new();
    let unknown: Expr = Var::with_type("u", Type::missing(), Span::none()).into();
    let call = Call::make(None, Op::get("relax.add").unwrap(), [unknown, env.arg("f32[3]")], None, vec![], Span::none())
        .unwrap();
    assert!(call.ty.is_missing());
    // An operator without a rule keeps the missing type too.
    let call = Call::make(None, Op::get("relax.nn.pixel_shuffle").unwrap(), [env.arg("f32[1, 4, 8, 8]")], None, vec![], Span::none())
        .unwrap();
    assert!(call.ty.is_missing());
}

#[test]
fn ty_args_give_the_type_of_call_tir_and_packed_calls() {
    let env = Env::new();
    let out: Type = TensorType::static_shape(&[2], DataType::FLOAT32).into();
    let x = env.arg("f32[2]");
    let gv = tvmscript::ir::GlobalVar::named("add_one");
    let args = tuple(vec![x.clone()]);
    let call = Call::make(None, Op::get("relax.call_tir").unwrap(), [gv.clone().into(), args.clone()], None, vec![out.clone()], Span::none())
        .unwrap();
    assert!(call.ty.same_as(&out));
    // The callee must be a GlobalVar.
    let err = Call::make(None, Op::get("relax.call_tir").unwrap(), [x.clone(), args.clone()], None, vec![out.clone()], Span::none())
        .unwrap_err();
    assert!(err.message.contains("expects the first argument to be a GlobalVar referring to a TIR PrimFunc"), "{}", err.message);
    let two = vec![out.clone(), TensorType::static_shape(&[3], DataType::FLOAT32).into()];
    let call = Call::make(None, Op::get("relax.call_pure_packed").unwrap(), [x.clone()], None, two, Span::none()).unwrap();
    assert_eq!(type_text(&call.ty), r#"R.Tuple(R.Tensor((2,), dtype="float32"), R.Tensor((3,), dtype="float32"))"#);
    let call = Call::make(None, Op::get("relax.print").unwrap(), [x], None, vec![], Span::none()).unwrap();
    assert_eq!(type_text(&call.ty), "R.Tuple");
}

/// Every call of an operator with a rule in the corpus (arguments of plain shapes).
#[test]
fn corpus_calls_infer_as_tvm() {
    let data = include_str!("data/relax_infer_corpus.tsv");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (spec, expected) = line.split_once('\t').expect("spec<TAB>type");
        count += 1;
        let env = Env::new();
        match env.call(spec) {
            Ok(call) if type_text(&call.ty) == expected => {}
            Ok(call) => failures.push(format!("{spec}: got {}, want {expected}", type_text(&call.ty))),
            Err(e) => failures.push(format!("{spec}: error {e}, want {expected}")),
        }
    }
    assert!(count > 600, "{count} cases");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

/// `R.add(x, "not a tensor")` (err_relax_op_arg_type.py): the string is an `ir.StringImm`.
#[test]
fn a_string_operand_is_a_type_error() {
    let env = Env::new();
    let s = tvmscript::ir::string_imm("not a tensor");
    let err = Call::make(None, Op::get("relax.add").unwrap(), [env.arg("f32[3]"), s], None, vec![], Span::none())
        .unwrap_err();
    assert_eq!(err.kind, tvmscript::ir::ErrorKind::TypeError);
    assert!(
        err.message.contains(r#"but expression R.add(x, R.str("not a tensor")) has RHS "not a tensor", which has Type"#),
        "{}",
        err.message
    );
}
