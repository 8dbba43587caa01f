//! The operator registry: one object per name, duplicate registration is an error,
//! inference runs when a call has no explicit type, validators reject with their kind.

use rstest::rstest;
use tvmscript::ir::{
    self, sig, Call, CallNode, DataType, ErrorKind, Expr, Op, OpDef, Span, Type, Value,
};

fn scalar(name: &str, dtype: DataType) -> Expr {
    ir::Var::scalar(name, dtype).into()
}

/// Result type = the first argument's type, for floats only.
fn infer_same_float(call: &CallNode) -> ir::Result<Type> {
    let t = call.args.first().ok_or_else(|| ir::Error::type_error("test.fadd expects arguments"))?.ty();
    match t.as_prim() {
        Some(d) if d.is_float() => Ok(t),
        _ => Err(ir::Error::type_error("test.fadd expects float operands")),
    }
}

fn validate_two_args(call: &CallNode) -> ir::Result<()> {
    if call.args.iter().any(|a| a.dtype() != call.ty.dtype()) {
        return Err(ir::Error::value_error("test.fadd operands must have the result type"));
    }
    Ok(())
}

fn fadd() -> Op {
    match Op::lookup("test.fadd") {
        Some(op) => op,
        None => OpDef::new("test.fadd", "Add two floats.")
            .signature((sig::arg::<sig::PrimExpr>("a", "lhs"), sig::arg::<sig::PrimExpr>("b", "rhs")))
            .set_infer_type(infer_same_float)
            .set_validator(validate_two_args)
            .set_attr("test.pure", true)
            .register()
            .or_else(|_| Op::get("test.fadd"))
            .expect("registered"),
    }
}

#[test]
fn get_returns_the_single_registered_object() {
    let op = fadd();
    let again = Op::get("test.fadd").unwrap();
    assert!(op.ptr_eq(&again));
    assert!(again.same_as(&op.as_ref_obj()));
    assert_eq!(again.get_attr("test.pure"), Some(Value::Bool(true)));
}

#[test]
fn duplicate_registration_is_a_value_error() {
    let _ = fadd();
    let err = OpDef::new("test.fadd", "again").register().unwrap_err();
    assert_eq!(err.kind, ErrorKind::ValueError);
    assert!(err.message.contains("already registered"), "{}", err.message);
}

#[test]
fn unknown_operator_is_an_error_not_a_panic() {
    let err = Op::get("test.no_such_op").unwrap_err();
    assert_eq!(err.kind, ErrorKind::AttributeError);
}

#[rstest]
#[case(DataType::FLOAT32)]
#[case(DataType::float(16))]
#[case(DataType::bfloat16())]
fn inference_gives_the_result_type(#[case] dtype: DataType) {
    let c = Call::make(None, fadd(), [scalar("a", dtype), scalar("b", dtype)], None, vec![], Span::none()).unwrap();
    assert_eq!(c.ty.as_prim(), Some(dtype));
    c.validate().unwrap();
}

#[test]
fn inference_errors_keep_their_kind() {
    let err = Call::make(None, fadd(), [scalar("a", DataType::INT32), scalar("b", DataType::INT32)], None, vec![], Span::none())
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
}

#[test]
fn explicit_type_is_kept_even_when_missing() {
    let c = Call::make(Some(Type::missing()), fadd(), [scalar("a", DataType::INT32)], None, vec![], Span::none()).unwrap();
    assert!(c.ty.is_missing());
}

#[test]
fn validate_checks_arity_then_the_validator() {
    let f32 = DataType::FLOAT32;
    // Wrong arity: construction is provisional, validation rejects.
    let c = Call::make(Some(Type::prim(f32)), fadd(), [scalar("a", f32)], None, vec![], Span::none()).unwrap();
    let err = c.validate().unwrap_err();
    assert_eq!(err.kind, ErrorKind::TypeError);
    assert!(err.message.contains("expects 2 argument"), "{}", err.message);
    // Right arity, wrong operand type for the stated result type: the validator's ValueError.
    let c = Call::make(
        Some(Type::prim(DataType::float(64))),
        fadd(),
        [scalar("a", f32), scalar("b", f32)],
        None,
        vec![],
        Span::none(),
    )
    .unwrap();
    assert_eq!(c.validate().unwrap_err().kind, ErrorKind::ValueError);
}

#[test]
fn call_without_registered_inference_keeps_missing_type() {
    let op = match Op::lookup("test.opaque") {
        Some(op) => op,
        None => OpDef::new("test.opaque", "No inference.").register().unwrap(),
    };
    let c = Call::make(None, op, [scalar("x", DataType::INT32)], None, vec![], Span::none()).unwrap();
    assert!(c.ty.is_missing());
}
