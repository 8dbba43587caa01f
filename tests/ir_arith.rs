//! Scalar expression construction (`ir::arith`) against TVM 0.27.
//!
//! Every expectation below was recorded from TVM 0.27 (`tvm-oracle python`): the
//! Python column of each case's name is what TVM was asked (`x + 1`, `tirx.truncdiv(-7, 2)`,
//! `tirx.Cast('int8', c(300))` …) and the expected text renders TVM's result node by node:
//! `Add<int32>(x, 1:int32)` is a `prim.Add` of type int32 whose operands are the variable
//! `x` and the int32 constant 1; `ERR:ValueError` means TVM raised that error class
//! (TVM's `InternalError` is a `RuntimeError`).

use rstest::rstest;
use tvmscript::ir::arith::*;
use tvmscript::ir::{
    BinOp, BitwiseNotNode, BroadcastNode, CallNode, CastNode, DataType, Error, Expr, FloatImmNode, IntImmNode, NotNode,
    OpNode, RampNode, SelectNode, Span, Type, Var, VarNode,
};

/// The variables every case may use, named as in the TVM session that recorded them.
struct Vars {
    x: Expr,
    y: Expr,
    n: Expr,
    l: Expr,
    i1: Expr,
    i8: Expr,
    i16: Expr,
    i128: Expr,
    u8: Expr,
    u32: Expr,
    u64: Expr,
    f: Expr,
    h: Expr,
    d: Expr,
    bf: Expr,
    bf32: Expr,
    b: Expr,
    b2: Expr,
    b1: Expr,
    f8: Expr,
    f8b: Expr,
    fl8: Expr,
    f4: Expr,
    f6: Expr,
    hd: Expr,
    v4: Expr,
    fv4: Expr,
    v8: Expr,
    sv: Expr,
    svi: Expr,
    bv: Expr,
    xv: Var,
    yv: Var,
}

fn dt(s: &str) -> DataType {
    s.parse().expect("test dtype")
}

fn var(name: &str, dtype: &str) -> Expr {
    Var::scalar(name, dt(dtype)).into()
}

impl Vars {
    fn new() -> Vars {
        let xv = Var::scalar("x", DataType::INT32);
        let yv = Var::scalar("y", DataType::INT32);
        Vars {
            x: xv.clone().into(),
            y: yv.clone().into(),
            n: var("n", "int32"),
            l: var("l", "int64"),
            i1: var("i1", "int1"),
            i8: var("i8", "int8"),
            i16: var("i16", "int16"),
            i128: var("i128", "int128"),
            u8: var("u8", "uint8"),
            u32: var("u32", "uint32"),
            u64: var("u64", "uint64"),
            f: var("f", "float32"),
            h: var("h", "float16"),
            d: var("d", "float64"),
            bf: var("bf", "bfloat16"),
            bf32: var("bf32", "bfloat32"),
            b: var("b", "bool"),
            b2: var("b2", "bool"),
            b1: var("b1", "bool1"),
            f8: var("f8", "float8_e4m3fn"),
            f8b: var("f8b", "float8_e5m2"),
            fl8: var("fl8", "float8"),
            f4: var("f4", "float4_e2m1fn"),
            f6: var("f6", "float6_e2m3fn"),
            // A handle is a pointer, not a PrimType, as in TVM 0.27.
            hd: Var::with_type("hd", Type::pointer(Type::prim(DataType::void()), ""), Span::none()).into(),
            v4: var("v4", "int32x4"),
            fv4: var("fv4", "float32x4"),
            v8: var("v8", "int32x8"),
            sv: var("sv", "float32xvscalex4"),
            svi: var("svi", "int32xvscalex4"),
            bv: var("bv", "boolx4"),
            xv,
            yv,
        }
    }
}

fn sp() -> Span {
    Span::none()
}

/// `tvm.tirx.const(v)`.
fn c(v: impl Into<Operand>) -> Expr {
    const_value(v, None, sp()).expect("test constant")
}

/// `tvm.tirx.const(v, dtype)`.
fn ct(v: impl Into<Operand>, dtype: &str) -> Expr {
    const_value(v, Some(dt(dtype)), sp()).expect("test constant")
}

/// A uint64 constant beyond i64: its bit pattern is kept in the i64 value.
fn u64_imm(v: u64) -> Expr {
    int_imm_checked(dt("uint64"), v as i64, sp()).expect("test constant")
}

/// Python's `repr` of a float.
fn py_float(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let s = format!("{v:?}");
    match s.split_once('e') {
        Some((mantissa, exp)) => {
            let e: i32 = exp.parse().expect("exponent");
            format!("{mantissa}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
        }
        None => s,
    }
}

/// Render an expression as the recording script rendered TVM's.
fn render(e: &Expr) -> String {
    let dtype = e.dtype();
    let name = e.type_key().rsplit('.').next().unwrap_or_default();
    if let Some(i) = e.downcast_ref::<IntImmNode>() {
        let value =
            if dtype.is_uint() && dtype.bits == 64 { (i.value as u64).to_string() } else { i.value.to_string() };
        return format!("{value}:{dtype}");
    }
    if let Some(f) = e.downcast_ref::<FloatImmNode>() {
        return format!("{}:{dtype}", py_float(f.value));
    }
    if let Some(v) = e.downcast_ref::<VarNode>() {
        return v.name.to_string();
    }
    if let Some(call) = e.downcast_ref::<CallNode>() {
        let op = call.op.downcast_ref::<OpNode>().map(|o| o.name.to_string()).unwrap_or_default();
        let args: String = call.args.iter().map(|a| format!(", {}", render(a))).collect();
        return format!("Call<{dtype}>({op}{args})");
    }
    if let Some((_, a, b)) = BinOp::operands(e) {
        return format!("{name}<{dtype}>({}, {})", render(a), render(b));
    }
    if let Some(n) = e.downcast_ref::<NotNode>() {
        return format!("{name}<{dtype}>({})", render(&n.a));
    }
    if let Some(n) = e.downcast_ref::<BitwiseNotNode>() {
        return format!("{name}<{dtype}>({})", render(&n.a));
    }
    if let Some(n) = e.downcast_ref::<CastNode>() {
        return format!("Cast<{dtype}>({})", render(&n.value));
    }
    if let Some(n) = e.downcast_ref::<BroadcastNode>() {
        return format!("Broadcast<{dtype}>({}, {})", render(&n.value), render(&n.lanes));
    }
    if let Some(n) = e.downcast_ref::<RampNode>() {
        return format!("Ramp<{dtype}>({}, {}, {})", render(&n.base), render(&n.stride), render(&n.lanes));
    }
    if let Some(n) = e.downcast_ref::<SelectNode>() {
        return format!(
            "Select<{dtype}>({}, {}, {})",
            render(&n.condition),
            render(&n.true_value),
            render(&n.false_value)
        );
    }
    format!("<unrendered {}>", e.type_key())
}

fn outcome(result: Result<Expr, Error>) -> String {
    match result {
        Ok(e) => render(&e),
        Err(err) => format!("ERR:{}", err.kind.name()),
    }
}

type Build = fn(&Vars) -> Result<Expr, Error>;

#[rstest]
#[case::add_int_literal(|v: &Vars| add(&v.x, 1), "Add<int32>(x, 1:int32)")]
#[case::radd_int_literal(|v: &Vars| add(1, &v.x), "Add<int32>(1:int32, x)")]
#[case::add_int64_literal(|v: &Vars| add(&v.x, 1i64 << 40), "Add<int64>(Cast<int64>(x), 1099511627776:int64)")]
#[case::add_int32_max(|v: &Vars| add(&v.x, i32::MAX), "Add<int32>(x, 2147483647:int32)")]
#[case::add_just_above_int32(|v: &Vars| add(&v.x, 1i64 << 31), "Add<int64>(Cast<int64>(x), 2147483648:int64)")]
#[case::add_int32_min(|v: &Vars| add(&v.x, i32::MIN), "Add<int32>(x, -2147483648:int32)")]
#[case::add_just_below_int32(|v: &Vars| add(&v.x, -(1i64 << 31) - 1), "Add<int64>(Cast<int64>(x), -2147483649:int64)")]
#[case::add_python_bool(|v: &Vars| add(&v.x, true), "Add<int32>(x, 1:int32)")]
#[case::add_python_float(|v: &Vars| add(&v.x, 1.5), "Add<float32>(Cast<float32>(x), 1.5:float32)")]
#[case::int64_plus_literal(|v: &Vars| add(&v.l, 1), "Add<int64>(l, 1:int64)")]
#[case::int8_plus_literal_widens(|v: &Vars| add(&v.i8, 1), "Add<int32>(Cast<int32>(i8), 1:int32)")]
#[case::int8_plus_300(|v: &Vars| add(&v.i8, 300), "Add<int32>(Cast<int32>(i8), 300:int32)")]
#[case::uint8_plus_255(|v: &Vars| add(&v.u8, 255), "Add<int32>(Cast<int32>(u8), 255:int32)")]
#[case::uint8_plus_negative(|v: &Vars| add(&v.u8, -1), "Add<int32>(Cast<int32>(u8), -1:int32)")]
#[case::uint32_plus_literal(|v: &Vars| add(&v.u32, 1), "Add<uint32>(u32, 1:uint32)")]
#[case::uint32_plus_negative(|v: &Vars| add(&v.u32, -1), "ERR:RuntimeError")]
#[case::int32_plus_uint32(|v: &Vars| add(&v.x, &v.u32), "Add<uint32>(Cast<uint32>(x), u32)")]
#[case::int32_plus_uint8(|v: &Vars| add(&v.x, &v.u8), "Add<int32>(x, Cast<int32>(u8))")]
#[case::int8_plus_uint8(|v: &Vars| add(&v.i8, &v.u8), "Add<uint8>(Cast<uint8>(i8), u8)")]
#[case::int64_plus_int32(|v: &Vars| add(&v.l, &v.x), "Add<int64>(l, Cast<int64>(x))")]
#[case::int32_plus_int64(|v: &Vars| add(&v.x, &v.l), "Add<int64>(Cast<int64>(x), l)")]
#[case::uint8_plus_uint32(|v: &Vars| add(&v.u8, &v.u32), "Add<uint32>(Cast<uint32>(u8), u32)")]
#[case::uint32_plus_int8(|v: &Vars| add(&v.u32, &v.i8), "Add<uint32>(u32, Cast<uint32>(i8))")]
#[case::int64_plus_uint32(|v: &Vars| add(&v.l, &v.u32), "Add<int64>(l, Cast<int64>(u32))")]
#[case::uint64_plus_int64(|v: &Vars| add(&v.u64, &v.l), "Add<uint64>(u64, Cast<uint64>(l))")]
#[case::int64_plus_uint64(|v: &Vars| add(&v.l, &v.u64), "Add<uint64>(Cast<uint64>(l), u64)")]
#[case::int128_plus_int64(|v: &Vars| add(&v.i128, &v.l), "Add<int128>(i128, Cast<int128>(l))")]
#[case::half_plus_int(|v: &Vars| add(&v.h, 1), "Add<float16>(h, 1.0:float16)")]
#[case::half_plus_float(|v: &Vars| add(&v.h, 1.5), "Add<float32>(Cast<float32>(h), 1.5:float32)")]
#[case::half_plus_f32(|v: &Vars| add(&v.h, &v.f), "Add<float32>(Cast<float32>(h), f)")]
#[case::f32_plus_f64(|v: &Vars| add(&v.f, &v.d), "Add<float64>(Cast<float64>(f), d)")]
#[case::f32_plus_1_1_unrounded(|v: &Vars| add(&v.f, 1.1), "Add<float32>(f, 1.1:float32)")]
#[case::f64_plus_1_1(|v: &Vars| add(&v.d, 1.1), "Add<float64>(d, 1.1:float64)")]
#[case::f64_plus_huge_literal(|v: &Vars| add(&v.d, 1e40), "ERR:ValueError")]
#[case::f32_plus_int_var(|v: &Vars| add(&v.f, &v.x), "Add<float32>(f, Cast<float32>(x))")]
#[case::int_var_plus_f32(|v: &Vars| add(&v.x, &v.f), "Add<float32>(Cast<float32>(x), f)")]
#[case::bf16_plus_int(|v: &Vars| add(&v.bf, 1), "Add<bfloat16>(bf, 1.0:bfloat16)")]
#[case::bf16_plus_float(|v: &Vars| add(&v.bf, 1.5), "Add<float32>(Cast<float32>(bf), 1.5:float32)")]
#[case::bf16_plus_f32(|v: &Vars| add(&v.bf, &v.f), "Add<float32>(Cast<float32>(bf), f)")]
#[case::bf16_plus_f16(|v: &Vars| add(&v.bf, &v.h), "Add<float16>(Cast<float16>(bf), h)")]
#[case::f16_plus_bf16(|v: &Vars| add(&v.h, &v.bf), "Add<float16>(h, Cast<float16>(bf))")]
#[case::bf16_plus_int_var(|v: &Vars| add(&v.bf, &v.x), "Add<bfloat16>(bf, Cast<bfloat16>(x))")]
#[case::int_var_plus_bf16(|v: &Vars| add(&v.x, &v.bf), "Add<bfloat16>(Cast<bfloat16>(x), bf)")]
#[case::bf16_plus_f8(|v: &Vars| add(&v.bf, &v.f8), "Add<bfloat16>(bf, Cast<bfloat16>(f8))")]
#[case::bf32_plus_bf16(|v: &Vars| add(&v.bf32, &v.bf), "ERR:RuntimeError")]
#[case::f8_plus_int(|v: &Vars| add(&v.f8, 1), "Add<float8_e4m3fn>(f8, 1.0:float8_e4m3fn)")]
#[case::f8_plus_float(|v: &Vars| add(&v.f8, 1.5), "Add<float32>(Cast<float32>(f8), 1.5:float32)")]
#[case::f8_plus_f32(|v: &Vars| add(&v.f8, &v.f), "Add<float32>(Cast<float32>(f8), f)")]
#[case::f32_plus_f8(|v: &Vars| add(&v.f, &v.f8), "Add<float32>(f, Cast<float32>(f8))")]
#[case::f8_plus_bf16(|v: &Vars| add(&v.f8, &v.bf), "Add<bfloat16>(Cast<bfloat16>(f8), bf)")]
#[case::f8_plus_int_var(|v: &Vars| add(&v.f8, &v.x), "Add<float8_e4m3fn>(f8, Cast<float8_e4m3fn>(x))")]
#[case::f8_plus_other_f8(|v: &Vars| add(&v.f8, &v.f8b), "ERR:RuntimeError")]
#[case::plain_float8_plus_f8(|v: &Vars| add(&v.fl8, &v.f8), "Add<float8>(fl8, Cast<float8>(f8))")]
#[case::f4_plus_int(|v: &Vars| add(&v.f4, 1), "Add<float4_e2m1fn>(f4, 1.0:float4_e2m1fn)")]
#[case::f6_plus_int(|v: &Vars| add(&v.f6, 1), "Add<float6_e2m3fn>(f6, 1.0:float6_e2m3fn)")]
#[case::f4_plus_f8(|v: &Vars| add(&v.f4, &v.f8), "Add<float8_e4m3fn>(Cast<float8_e4m3fn>(f4), f8)")]
#[case::f6_plus_f8(|v: &Vars| add(&v.f6, &v.f8), "Add<float8_e4m3fn>(Cast<float8_e4m3fn>(f6), f8)")]
#[case::f6_plus_f4(|v: &Vars| add(&v.f6, &v.f4), "Add<float6_e2m3fn>(f6, Cast<float6_e2m3fn>(f4))")]
#[case::f4_plus_f6(|v: &Vars| add(&v.f4, &v.f6), "Add<float6_e2m3fn>(Cast<float6_e2m3fn>(f4), f6)")]
#[case::f6_plus_f16(|v: &Vars| add(&v.f6, &v.h), "Add<float16>(Cast<float16>(f6), h)")]
#[case::f4_plus_bool(|v: &Vars| add(&v.f4, &v.b), "Add<float4_e2m1fn>(f4, Cast<float4_e2m1fn>(b))")]
#[case::bool_plus_int(|v: &Vars| add(&v.b, 1), "Add<int32>(Cast<int32>(b), 1:int32)")]
#[case::bool_plus_int_var(|v: &Vars| add(&v.b, &v.x), "Add<int32>(Cast<int32>(b), x)")]
#[case::int_var_plus_bool(|v: &Vars| add(&v.x, &v.b), "Add<int32>(x, Cast<int32>(b))")]
#[case::bool_plus_bool(|v: &Vars| add(&v.b, &v.b2), "Add<bool>(b, b2)")]
#[case::bool_plus_true(|v: &Vars| add(&v.b, true), "Add<bool>(b, 1:bool)")]
#[case::bool_plus_float(|v: &Vars| add(&v.b, 1.5), "Add<float32>(Cast<float32>(b), 1.5:float32)")]
#[case::bool_plus_f32(|v: &Vars| add(&v.b, &v.f), "Add<float32>(Cast<float32>(b), f)")]
#[case::int1_plus_bool(|v: &Vars| add(&v.i1, &v.b), "Add<int1>(i1, Cast<int1>(b))")]
#[case::bool1_plus_bool(|v: &Vars| add(&v.b1, &v.b), "ERR:RuntimeError")]
#[case::handle_plus_int(|v: &Vars| add(&v.hd, 1), "ERR:TypeError")]
#[case::int_plus_handle(|v: &Vars| add(&v.x, &v.hd), "ERR:TypeError")]
#[case::float_literal_out_of_f32(|v: &Vars| add(&v.f, 1e40), "ERR:ValueError")]
#[case::vector_plus_int(|v: &Vars| add(&v.v4, 1), "Add<int32x4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::vector_plus_scalar_var(|v: &Vars| add(&v.v4, &v.x), "Add<int32x4>(v4, Broadcast<int32x4>(x, 4:int32))")]
#[case::scalar_var_plus_vector(|v: &Vars| add(&v.x, &v.v4), "Add<int32x4>(Broadcast<int32x4>(x, 4:int32), v4)")]
#[case::vector_plus_int64(|v: &Vars| add(&v.v4, &v.l), "Add<int64x4>(Cast<int64x4>(v4), Broadcast<int64x4>(l, 4:int32))")]
#[case::vector_plus_float(|v: &Vars| add(&v.v4, 1.5), "Add<float32x4>(Cast<float32x4>(v4), Broadcast<float32x4>(1.5:float32, 4:int32))")]
#[case::vector_lanes_mismatch(|v: &Vars| add(&v.v4, &v.v8), "ERR:RuntimeError")]
#[case::float_vector_plus_int_vector(|v: &Vars| add(&v.fv4, &v.v4), "Add<float32x4>(fv4, Cast<float32x4>(v4))")]
#[case::scalable_plus_float(|v: &Vars| add(&v.sv, 1.0), "Add<float32xvscalex4>(sv, Broadcast<float32xvscalex4>(1.0:float32, Mul<int32>(Call<int32>(prim.vscale), 4:int32)))")]
#[case::scalable_plus_fixed(|v: &Vars| add(&v.sv, &v.fv4), "ERR:RuntimeError")]
#[case::scalar_plus_scalable(|v: &Vars| add(&v.f, &v.sv), "Add<float32xvscalex4>(Broadcast<float32xvscalex4>(f, Mul<int32>(Call<int32>(prim.vscale), 4:int32)), sv)")]
#[case::scalable_times_int(|v: &Vars| mul(&v.sv, 2), "Mul<float32xvscalex4>(sv, Broadcast<float32xvscalex4>(2.0:float32, Mul<int32>(Call<int32>(prim.vscale), 4:int32)))")]
#[case::fold_3_plus_4(|_v: &Vars| add(c(3), c(4)), "7:int32")]
#[case::fold_python_ints(|_v: &Vars| add(3, 4), "7:int32")]
#[case::fold_int32_wraps(|_v: &Vars| add(c(i32::MAX as i64), 1), "-2147483648:int32")]
#[case::fold_int8_wraps(|_v: &Vars| add(ct(127, "int8"), ct(1, "int8")), "-128:int8")]
#[case::fold_uint8_wraps(|_v: &Vars| add(ct(255, "uint8"), ct(1, "uint8")), "0:uint8")]
#[case::fold_uint8_zero_minus_one(|_v: &Vars| sub(ct(0, "uint8"), ct(1, "uint8")), "ERR:RuntimeError")]
#[case::fold_uint8_underflow_wraps(|_v: &Vars| sub(ct(1, "uint8"), ct(2, "uint8")), "255:uint8")]
#[case::uint_zero_minus_var(|v: &Vars| sub(ct(0, "uint32"), &v.u32), "Sub<uint32>(0:uint32, u32)")]
#[case::fold_int64_wraps(|_v: &Vars| add(ct(i64::MAX, "int64"), ct(1, "int64")), "-9223372036854775808:int64")]
#[case::fold_int8_mul_wraps(|_v: &Vars| mul(ct(100, "int8"), ct(3, "int8")), "44:int8")]
#[case::fold_int32_min_times_minus_one(|_v: &Vars| mul(c(i32::MIN as i64), -1), "-2147483648:int32")]
#[case::x_plus_0(|v: &Vars| add(&v.x, 0), "x")]
#[case::n0_plus_x(|v: &Vars| add(0, &v.x), "x")]
#[case::x_minus_0(|v: &Vars| sub(&v.x, 0), "x")]
#[case::n0_minus_x(|v: &Vars| sub(0, &v.x), "Sub<int32>(0:int32, x)")]
#[case::x_times_1(|v: &Vars| mul(&v.x, 1), "x")]
#[case::n1_times_x(|v: &Vars| mul(1, &v.x), "x")]
#[case::x_times_0(|v: &Vars| mul(&v.x, 0), "0:int32")]
#[case::n0_times_x(|v: &Vars| mul(0, &v.x), "0:int32")]
#[case::f_plus_int_0(|v: &Vars| add(&v.f, 0), "f")]
#[case::f_plus_0_0(|v: &Vars| add(&v.f, 0.0), "f")]
#[case::n0_0_plus_f(|v: &Vars| add(0.0, &v.f), "f")]
#[case::f_minus_0_0(|v: &Vars| sub(&v.f, 0.0), "f")]
#[case::f_times_1_0(|v: &Vars| mul(&v.f, 1.0), "f")]
#[case::f_times_0_0(|v: &Vars| mul(&v.f, 0.0), "0.0:float32")]
#[case::n0_0_times_f(|v: &Vars| mul(0.0, &v.f), "0.0:float32")]
#[case::neg_zero_plus_f(|v: &Vars| add(c(-0.0), &v.f), "f")]
#[case::f_times_neg_zero(|v: &Vars| mul(&v.f, c(-0.0)), "-0.0:float32")]
#[case::f16_times_0(|v: &Vars| mul(&v.h, 0), "0.0:float16")]
#[case::f16_plus_0(|v: &Vars| add(&v.h, 0), "h")]
#[case::uint8_times_0(|v: &Vars| mul(&v.u8, 0), "0:int32")]
#[case::f8_times_0(|v: &Vars| mul(&v.f8, 0), "0.0:float8_e4m3fn")]
#[case::f_div_1_0(|v: &Vars| div(&v.f, 1.0), "f")]
#[case::f_div_0_0(|v: &Vars| div(&v.f, 0.0), "ERR:RuntimeError")]
#[case::n0_0_div_f(|v: &Vars| div(0.0, &v.f), "0.0:float32")]
#[case::f_div_2_0(|v: &Vars| div(&v.f, 2.0), "Div<float32>(f, 2.0:float32)")]
#[case::fold_f32_exact(|_v: &Vars| add(c(1.5), c(2.25)), "3.75:float32")]
#[case::fold_f32_single_precision(|_v: &Vars| add(c(1.1), c(2.2)), "3.3000001907348633:float32")]
#[case::fold_f64(|_v: &Vars| add(ct(1.1, "float64"), ct(2.2, "float64")), "3.3000000000000003:float64")]
#[case::no_fold_f16(|_v: &Vars| add(ct(1.1, "float16"), ct(2.2, "float16")), "Add<float16>(1.1:float16, 2.2:float16)")]
#[case::f16_times_one_const(|_v: &Vars| mul(ct(1.0, "float16"), ct(2.0, "float16")), "2.0:float16")]
#[case::fold_f32_div(|_v: &Vars| div(c(1.0), c(3.0)), "0.3333333432674408:float32")]
#[case::fold_f32_overflow_inf(|_v: &Vars| mul(c(3e38), c(10.0)), "inf:float32")]
#[case::no_fold_bf16(|_v: &Vars| add(ct(1.5, "bfloat16"), ct(2.0, "bfloat16")), "Add<bfloat16>(1.5:bfloat16, 2.0:bfloat16)")]
#[case::bf16_times_zero_const(|_v: &Vars| mul(ct(1.5, "bfloat16"), ct(0.0, "bfloat16")), "0.0:bfloat16")]
#[case::no_fold_f8(|_v: &Vars| add(ct(1.0, "float8_e4m3fn"), ct(2.0, "float8_e4m3fn")), "Add<float8_e4m3fn>(1.0:float8_e4m3fn, 2.0:float8_e4m3fn)")]
#[case::f16_div_zero(|_v: &Vars| div(ct(1.0, "float16"), ct(0.0, "float16")), "ERR:RuntimeError")]
#[case::f32_const_div_zero(|_v: &Vars| div(c(1.0), c(0.0)), "ERR:RuntimeError")]
#[case::neg_var(|v: &Vars| neg(&v.x), "Mul<int32>(x, -1:int32)")]
#[case::neg_float_var(|v: &Vars| neg(&v.f), "Mul<float32>(f, -1.0:float32)")]
#[case::neg_const(|_v: &Vars| neg(c(3)), "-3:int32")]
#[case::neg_float_const(|_v: &Vars| neg(c(1.5)), "-1.5:float32")]
#[case::neg_uint(|v: &Vars| neg(&v.u32), "ERR:RuntimeError")]
#[case::neg_bool(|v: &Vars| neg(&v.b), "ERR:ValueError")]
#[case::neg_vector(|v: &Vars| neg(&v.v4), "Mul<int32x4>(v4, Broadcast<int32x4>(-1:int32, 4:int32))")]
#[case::neg_int8(|v: &Vars| neg(&v.i8), "Mul<int8>(i8, -1:int8)")]
#[case::bool_true_plus_true(|_v: &Vars| add(true, true), "ERR:ValueError")]
#[case::bool_true_times_true(|_v: &Vars| mul(true, true), "1:bool")]
#[case::bool_false_minus_true(|_v: &Vars| sub(false, true), "ERR:ValueError")]
#[case::bool_true_minus_true(|_v: &Vars| sub(true, true), "0:bool")]
#[case::bool_max(|_v: &Vars| max(true, false), "1:bool")]
#[case::bool_lt(|_v: &Vars| less(true, false), "0:bool")]
#[case::true_plus_bool_var(|v: &Vars| add(true, &v.b), "Add<bool>(1:bool, b)")]
#[case::false_plus_bool_var(|v: &Vars| add(false, &v.b), "b")]
#[case::bool_var_times_true(|v: &Vars| mul(&v.b, true), "b")]
#[case::bool_var_times_false(|v: &Vars| mul(&v.b, false), "0:bool")]
#[case::div_vars(|v: &Vars| div(&v.x, &v.y), "Div<int32>(x, y)")]
#[case::div_by_one(|v: &Vars| div(&v.x, 1), "x")]
#[case::div_zero_by_var(|v: &Vars| div(0, &v.x), "0:int32")]
#[case::div_by_zero(|v: &Vars| div(&v.x, 0), "ERR:RuntimeError")]
#[case::div_fold(|_v: &Vars| div(7, 2), "3:int32")]
#[case::div_fold_truncates(|_v: &Vars| div(-7, 2), "-3:int32")]
#[case::div_const_by_zero(|_v: &Vars| div(7, 0), "ERR:RuntimeError")]
#[case::div_zero_by_zero(|_v: &Vars| div(0, 0), "ERR:RuntimeError")]
#[case::python_int_truediv(|v: &Vars| python_binary(PyOp::TrueDiv, &v.x, &v.y, sp()), "ERR:RuntimeError")]
#[case::python_int_truediv_literal(|v: &Vars| python_binary(PyOp::TrueDiv, &v.x, 2, sp()), "ERR:RuntimeError")]
#[case::python_truediv_float(|v: &Vars| python_binary(PyOp::TrueDiv, &v.x, 2.0, sp()), "Div<float32>(Cast<float32>(x), 2.0:float32)")]
#[case::python_truediv_uint(|v: &Vars| python_binary(PyOp::TrueDiv, &v.u8, &v.u32, sp()), "Div<uint32>(Cast<uint32>(u8), u32)")]
#[case::truncdiv_fold(|_v: &Vars| truncdiv(-7, 2), "-3:int32")]
#[case::truncdiv_by_one(|v: &Vars| truncdiv(&v.x, 1), "x")]
#[case::truncdiv_float(|v: &Vars| truncdiv(&v.f, 1.0), "ERR:RuntimeError")]
#[case::truncdiv_int64_min(|_v: &Vars| truncdiv(ct(i64::MIN, "int64"), ct(-1, "int64")), "-9223372036854775808:int64")]
#[case::truncdiv_int32_min(|_v: &Vars| truncdiv(c(i32::MIN as i64), c(-1)), "-2147483648:int32")]
#[case::truncdiv_int16_const_zero(|_v: &Vars| truncdiv(ct(-7, "int16"), ct(0, "int16")), "ERR:RuntimeError")]
#[case::truncdiv_int16_var_zero(|v: &Vars| truncdiv(&v.i16, ct(0, "int16")), "ERR:RuntimeError")]
#[case::truncdiv_vector_broadcast_zero(|v: &Vars| (|| -> Result<Expr, Error> { truncdiv(&v.v4, broadcast(0, 4, sp())?) })(), "Div<int32x4>(v4, Broadcast<int32x4>(0:int32, 4:int32))")]
#[case::truncmod_fold(|_v: &Vars| truncmod(-7, 2), "-1:int32")]
#[case::truncmod_by_one(|v: &Vars| truncmod(&v.x, 1), "0:int32")]
#[case::truncmod_zero_by_var(|v: &Vars| truncmod(0, &v.x), "0:int32")]
#[case::truncmod_by_zero(|v: &Vars| truncmod(&v.x, 0), "ERR:RuntimeError")]
#[case::truncmod_vars(|v: &Vars| truncmod(&v.x, &v.y), "Mod<int32>(x, y)")]
#[case::truncmod_int8_no_fold(|_v: &Vars| truncmod(ct(7, "int8"), ct(2, "int8")), "Mod<int8>(7:int8, 2:int8)")]
#[case::truncmod_float(|v: &Vars| truncmod(&v.f, 2.0), "Mod<float32>(f, 2.0:float32)")]
#[case::truncmod_float_consts(|_v: &Vars| truncmod(c(7.0), c(2.0)), "Mod<float32>(7.0:float32, 2.0:float32)")]
#[case::truncmod_float_zero(|v: &Vars| truncmod(&v.f, 0.0), "Mod<float32>(f, 0.0:float32)")]
#[case::truncmod_uint8_zero(|v: &Vars| truncmod(&v.u8, ct(0, "uint8")), "Mod<uint8>(u8, 0:uint8)")]
#[case::floordiv_vars(|v: &Vars| floordiv(&v.x, &v.y), "FloorDiv<int32>(x, y)")]
#[case::floordiv_fold_negative(|_v: &Vars| floordiv(c(-7), 2), "-4:int32")]
#[case::floordiv_fold_negative_divisor(|_v: &Vars| floordiv(c(7), -2), "-4:int32")]
#[case::floordiv_by_one(|v: &Vars| floordiv(&v.x, 1), "x")]
#[case::floordiv_zero_by_var(|v: &Vars| floordiv(0, &v.x), "0:int32")]
#[case::floordiv_by_zero(|v: &Vars| floordiv(&v.x, 0), "ERR:RuntimeError")]
#[case::floordiv_zero_by_zero(|_v: &Vars| floordiv(c(0), 0), "ERR:RuntimeError")]
#[case::floordiv_float(|v: &Vars| floordiv(&v.f, 2.0), "ERR:RuntimeError")]
#[case::floordiv_float_consts(|_v: &Vars| floordiv(c(7.0), c(2.0)), "ERR:RuntimeError")]
#[case::floordiv_int8_by_one(|v: &Vars| floordiv(&v.i8, ct(1, "int8")), "i8")]
#[case::floordiv_int16_fold(|_v: &Vars| floordiv(ct(-7, "int16"), ct(2, "int16")), "-4:int16")]
#[case::floordiv_int16_var_zero(|v: &Vars| floordiv(&v.i16, ct(0, "int16")), "ERR:RuntimeError")]
#[case::floordiv_int32_min(|_v: &Vars| floordiv(c(i32::MIN as i64), c(-1)), "-2147483648:int32")]
#[case::floordiv_vector_by_one(|v: &Vars| floordiv(&v.v4, 1), "FloorDiv<int32x4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::floormod_vars(|v: &Vars| floormod(&v.x, &v.y), "FloorMod<int32>(x, y)")]
#[case::floormod_fold_negative(|_v: &Vars| floormod(c(-7), 2), "1:int32")]
#[case::floormod_fold_negative_divisor(|_v: &Vars| floormod(c(7), -2), "-1:int32")]
#[case::floormod_by_one(|v: &Vars| floormod(&v.x, 1), "0:int32")]
#[case::floormod_zero_by_var(|v: &Vars| floormod(0, &v.x), "0:int32")]
#[case::floormod_by_zero(|v: &Vars| floormod(&v.x, 0), "ERR:RuntimeError")]
#[case::floormod_int8_no_fold(|_v: &Vars| floormod(ct(-7, "int8"), ct(2, "int8")), "FloorMod<int8>(-7:int8, 2:int8)")]
#[case::floormod_int8_by_one(|v: &Vars| floormod(&v.i8, ct(1, "int8")), "FloorMod<int8>(i8, 1:int8)")]
#[case::floormod_uint8_by_one(|v: &Vars| floormod(&v.u8, ct(1, "uint8")), "FloorMod<uint8>(u8, 1:uint8)")]
#[case::floormod_int8_by_zero(|v: &Vars| floormod(&v.i8, ct(0, "int8")), "FloorMod<int8>(i8, 0:int8)")]
#[case::floormod_int64_by_one(|v: &Vars| floormod(&v.l, 1), "0:int64")]
#[case::floormod_vector_by_one(|v: &Vars| floormod(&v.v4, 1), "FloorMod<int32x4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::floormod_int32_min(|_v: &Vars| floormod(c(i32::MIN as i64), c(-1)), "0:int32")]
#[case::ceildiv_fold(|_v: &Vars| ceildiv(7, 2), "4:int32")]
#[case::ceildiv_var(|v: &Vars| ceildiv(&v.x, 2), "FloorDiv<int32>(Sub<int32>(Add<int32>(x, 2:int32), 1:int32), 2:int32)")]
#[case::indexdiv(|v: &Vars| indexdiv(&v.x, 2), "FloorDiv<int32>(x, 2:int32)")]
#[case::indexmod(|v: &Vars| indexmod(&v.x, 2), "FloorMod<int32>(x, 2:int32)")]
#[case::min_vars(|v: &Vars| min(&v.x, &v.y), "Min<int32>(x, y)")]
#[case::min_consts(|_v: &Vars| min(c(3), c(4)), "3:int32")]
#[case::min_same(|v: &Vars| min(&v.x, &v.x), "x")]
#[case::max_same(|v: &Vars| max(&v.x, &v.x), "x")]
#[case::max_float_consts(|_v: &Vars| max(c(3.5), c(1.0)), "3.5:float32")]
#[case::max_int_float(|v: &Vars| max(&v.x, 1.5), "Max<float32>(Cast<float32>(x), 1.5:float32)")]
#[case::max_var_literal(|v: &Vars| max(&v.x, 1), "Max<int32>(x, 1:int32)")]
#[case::min_int32_int64(|v: &Vars| min(&v.x, &v.l), "Min<int64>(Cast<int64>(x), l)")]
#[case::max_int8_const_literal(|_v: &Vars| max(ct(3, "int8"), 4), "4:int32")]
#[case::max_uint8_consts(|_v: &Vars| max(ct(3, "uint8"), ct(200, "uint8")), "200:uint8")]
#[case::max_f16_consts(|_v: &Vars| max(ct(3.0, "float16"), ct(1.0, "float16")), "3.0:float16")]
#[case::min_nan_first(|_v: &Vars| min(c(f64::NAN), c(1.0)), "nan:float64")]
#[case::min_nan_second(|_v: &Vars| min(c(1.0), c(f64::NAN)), "1.0:float64")]
#[case::max_nan_first(|_v: &Vars| max(c(f64::NAN), c(1.0)), "nan:float64")]
#[case::max_nan_second(|_v: &Vars| max(c(1.0), c(f64::NAN)), "1.0:float64")]
#[case::max_uint64_big(|_v: &Vars| max(u64_imm(u64::MAX - 1), ct(1, "uint64")), "18446744073709551614:uint64")]
#[case::lt_vars(|v: &Vars| less(&v.x, &v.y), "LT<bool>(x, y)")]
#[case::lt_fold(|_v: &Vars| less(c(3), 4), "1:bool")]
#[case::lt_float_int_fold(|_v: &Vars| less(c(3.0), 4), "1:bool")]
#[case::ge_float_fold(|_v: &Vars| greater_equal(c(3.0), c(4.0)), "0:bool")]
#[case::eq_vars(|v: &Vars| equal(&v.x, &v.y), "EQ<bool>(x, y)")]
#[case::eq_fold(|_v: &Vars| equal(c(3), 3), "1:bool")]
#[case::ne_fold(|_v: &Vars| not_equal(3, 3), "0:bool")]
#[case::eq_same_var(|v: &Vars| equal(&v.x, &v.x), "EQ<bool>(x, x)")]
#[case::lt_int_float(|v: &Vars| less(&v.x, 1.5), "LT<bool>(Cast<float32>(x), 1.5:float32)")]
#[case::lt_vector(|v: &Vars| less(&v.v4, 1), "LT<boolx4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::lt_bools(|v: &Vars| less(&v.b, &v.b2), "LT<bool>(b, b2)")]
#[case::lt_f8(|v: &Vars| less(&v.f8, 1), "LT<bool>(f8, 1.0:float8_e4m3fn)")]
#[case::eq_nan(|_v: &Vars| equal(c(f64::NAN), c(f64::NAN)), "0:bool")]
#[case::ne_nan(|_v: &Vars| not_equal(c(f64::NAN), c(f64::NAN)), "1:bool")]
#[case::lt_uint64_big(|_v: &Vars| less(ct(i64::MAX, "uint64"), u64_imm(u64::MAX - 1)), "1:bool")]
#[case::gt_scalable(|v: &Vars| greater(&v.sv, 1.0), "GT<boolxvscalex4>(sv, Broadcast<float32xvscalex4>(1.0:float32, Mul<int32>(Call<int32>(prim.vscale), 4:int32)))")]
#[case::and_true_right(|v: &Vars| logical_and(&v.b, true), "b")]
#[case::and_true_left(|v: &Vars| logical_and(true, &v.b), "b")]
#[case::and_false_right(|v: &Vars| logical_and(&v.b, false), "0:bool")]
#[case::and_false_left(|v: &Vars| logical_and(false, &v.b), "0:bool")]
#[case::or_true_right(|v: &Vars| logical_or(&v.b, true), "1:bool")]
#[case::or_true_left(|v: &Vars| logical_or(true, &v.b), "1:bool")]
#[case::or_false_right(|v: &Vars| logical_or(&v.b, false), "b")]
#[case::or_false_left(|v: &Vars| logical_or(false, &v.b), "b")]
#[case::or_vars(|v: &Vars| logical_or(&v.b, &v.b2), "Or<bool>(b, b2)")]
#[case::all_vars(|v: &Vars| logical_and(&v.b, &v.b2), "And<bool>(b, b2)")]
#[case::and_int_operand(|v: &Vars| logical_and(&v.x, &v.b), "ERR:RuntimeError")]
#[case::and_int_literal(|v: &Vars| logical_and(&v.b, 1), "ERR:RuntimeError")]
#[case::and_cmp_bool_const(|v: &Vars| (|| -> Result<Expr, Error> { logical_and(less(&v.x, &v.y)?, ct(1, "bool")) })(), "LT<bool>(x, y)")]
#[case::and_vector_scalar(|v: &Vars| logical_and(&v.bv, &v.b), "ERR:TypeError")]
#[case::not_node(|v: &Vars| make_not(&v.b, sp()), "Not<bool>(b)")]
#[case::not_node_no_fold(|_v: &Vars| make_not(true, sp()), "Not<bool>(1:bool)")]
#[case::not_node_int(|v: &Vars| make_not(&v.x, sp()), "ERR:RuntimeError")]
#[case::not_node_vector(|v: &Vars| make_not(&v.bv, sp()), "Not<boolx4>(bv)")]
#[case::bitand_vars(|v: &Vars| bitwise_and(&v.x, &v.y), "BitwiseAnd<int32>(x, y)")]
#[case::bitand_literal(|v: &Vars| bitwise_and(&v.x, 3), "BitwiseAnd<int32>(x, 3:int32)")]
#[case::bitand_fold(|_v: &Vars| bitwise_and(c(3), 5), "1:int32")]
#[case::bitor_fold(|_v: &Vars| bitwise_or(c(3), 5), "7:int32")]
#[case::bitxor_fold(|_v: &Vars| bitwise_xor(c(3), 5), "6:int32")]
#[case::bitand_int8_no_fold(|_v: &Vars| bitwise_and(ct(3, "int8"), ct(5, "int8")), "BitwiseAnd<int8>(3:int8, 5:int8)")]
#[case::bitand_bools(|v: &Vars| bitwise_and(&v.b, &v.b2), "BitwiseAnd<bool>(b, b2)")]
#[case::bitand_int_bool(|v: &Vars| bitwise_and(&v.x, &v.b), "BitwiseAnd<int32>(x, Cast<int32>(b))")]
#[case::bitand_float_left(|v: &Vars| bitwise_and(&v.f, &v.x), "ERR:RuntimeError")]
#[case::bitand_float_right(|v: &Vars| bitwise_and(&v.x, &v.f), "ERR:RuntimeError")]
#[case::bitor_widens(|v: &Vars| bitwise_or(&v.x, &v.l), "BitwiseOr<int64>(Cast<int64>(x), l)")]
#[case::bitand_zero_kept(|v: &Vars| bitwise_and(&v.x, 0), "BitwiseAnd<int32>(x, 0:int32)")]
#[case::bitand_literal_takes_int8(|v: &Vars| bitwise_and(&v.i8, 3), "BitwiseAnd<int8>(i8, 3:int8)")]
#[case::rbitand_literal_takes_int8(|v: &Vars| bitwise_and(3, &v.i8), "BitwiseAnd<int8>(3:int8, i8)")]
#[case::bitor_literal_takes_uint8(|v: &Vars| bitwise_or(&v.u8, 1), "BitwiseOr<uint8>(u8, 1:uint8)")]
#[case::bitxor_literal_takes_bool(|v: &Vars| bitwise_xor(&v.b, 1), "BitwiseXor<bool>(b, 1:bool)")]
#[case::bitxor_literal_out_of_bool(|v: &Vars| bitwise_xor(&v.b, 2), "ERR:ValueError")]
#[case::bitxor_literal_out_of_int8(|v: &Vars| bitwise_xor(&v.i8, 300), "ERR:ValueError")]
#[case::bitand_literal_truncated_to_c_int(|v: &Vars| bitwise_and(&v.x, 1i64 << 40), "BitwiseAnd<int32>(x, 0:int32)")]
#[case::bitand_float_literal(|v: &Vars| bitwise_and(&v.i8, 1.5), "ERR:RuntimeError")]
#[case::bitand_float_var_literal(|v: &Vars| bitwise_and(&v.f, 1), "ERR:RuntimeError")]
#[case::bitand_python_bool(|v: &Vars| bitwise_and(&v.x, true), "BitwiseAnd<int32>(x, 1:int32)")]
#[case::rbitand_python_bool(|v: &Vars| bitwise_and(true, &v.x), "BitwiseAnd<int32>(1:int32, x)")]
#[case::bitand_vector_literal(|v: &Vars| bitwise_and(&v.v4, 1), "BitwiseAnd<int32x4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::bitand_int8_int64(|v: &Vars| bitwise_and(&v.i8, &v.l), "BitwiseAnd<int64>(Cast<int64>(i8), l)")]
#[case::invert_var(|v: &Vars| python_invert(&v.x), "BitwiseNot<int32>(x)")]
#[case::invert_const_no_fold(|_v: &Vars| python_invert(c(3)), "BitwiseNot<int32>(3:int32)")]
#[case::invert_bool(|v: &Vars| python_invert(&v.b), "BitwiseNot<bool>(b)")]
#[case::invert_float(|v: &Vars| python_invert(&v.f), "ERR:RuntimeError")]
#[case::bitwise_not_float(|v: &Vars| bitwise_not(&v.f), "ERR:RuntimeError")]
#[case::shl_literal(|v: &Vars| left_shift(&v.x, 2), "LShift<int32>(x, 2:int32)")]
#[case::shl_zero(|v: &Vars| left_shift(&v.x, 0), "x")]
#[case::shr_zero(|v: &Vars| right_shift(&v.x, 0), "x")]
#[case::shl_fold(|_v: &Vars| left_shift(c(3), 2), "12:int32")]
#[case::shr_fold_arithmetic(|_v: &Vars| right_shift(c(-8), 1), "-4:int32")]
#[case::shl_fold_overflow(|_v: &Vars| left_shift(c(1), 31), "ERR:ValueError")]
#[case::shl_fold_30(|_v: &Vars| left_shift(c(1), c(30)), "1073741824:int32")]
#[case::shl_fold_overflow_30(|_v: &Vars| left_shift(c(3), c(30)), "ERR:ValueError")]
#[case::shl_fold_min(|_v: &Vars| left_shift(c(-1), c(31)), "-2147483648:int32")]
#[case::shl_fold_int64_min(|_v: &Vars| left_shift(ct(-1, "int64"), ct(63, "int64")), "-9223372036854775808:int64")]
#[case::shl_amount_too_big(|v: &Vars| left_shift(&v.x, 32), "ERR:RuntimeError")]
#[case::shl_amount_negative(|v: &Vars| left_shift(&v.x, -1), "ERR:RuntimeError")]
#[case::shr_amount_negative_const(|v: &Vars| right_shift(&v.x, c(-1)), "ERR:RuntimeError")]
#[case::shr_const_amount_too_big(|_v: &Vars| right_shift(c(-1), c(40)), "ERR:RuntimeError")]
#[case::shl_vars(|v: &Vars| left_shift(&v.x, &v.y), "LShift<int32>(x, y)")]
#[case::shl_int8_literal(|v: &Vars| left_shift(&v.i8, 2), "LShift<int8>(i8, 2:int8)")]
#[case::shl_int8_no_range_check(|v: &Vars| left_shift(&v.i8, ct(9, "int8")), "LShift<int8>(i8, 9:int8)")]
#[case::shl_float(|v: &Vars| left_shift(&v.f, 2), "ERR:RuntimeError")]
#[case::rshl_literal(|v: &Vars| left_shift(1, &v.x), "LShift<int32>(1:int32, x)")]
#[case::shl_int64_int32(|v: &Vars| left_shift(&v.l, &v.x), "LShift<int64>(l, Cast<int64>(x))")]
#[case::shl_int32_int64(|v: &Vars| left_shift(&v.x, &v.l), "LShift<int64>(Cast<int64>(x), l)")]
#[case::shr_uint_literal(|v: &Vars| right_shift(&v.u32, 1), "RShift<uint32>(u32, 1:uint32)")]
#[case::shr_int64_literal(|v: &Vars| right_shift(&v.l, 1), "RShift<int64>(l, 1:int64)")]
#[case::rshl_literal_int64(|v: &Vars| left_shift(1, &v.l), "LShift<int64>(1:int64, l)")]
#[case::shl_bool(|v: &Vars| left_shift(&v.b, 1), "ERR:RuntimeError")]
#[case::shr_uint_negative_literal(|v: &Vars| right_shift(&v.u8, -1), "ERR:RuntimeError")]
#[case::shl_vector_literal(|v: &Vars| left_shift(&v.v4, 1), "LShift<int32x4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::cast_const_out_of_range(|_v: &Vars| cast(dt("int8"), c(300), sp()), "ERR:ValueError")]
#[case::cast_const_int8(|_v: &Vars| cast(dt("int8"), c(127), sp()), "127:int8")]
#[case::cast_same_type(|v: &Vars| cast(dt("int32"), &v.x, sp()), "x")]
#[case::cast_var(|v: &Vars| cast(dt("int64"), &v.x, sp()), "Cast<int64>(x)")]
#[case::cast_int_const_to_float(|_v: &Vars| cast(dt("float32"), c(3), sp()), "3.0:float32")]
#[case::cast_float_const_truncates(|_v: &Vars| cast(dt("int32"), c(3.7), sp()), "3:int32")]
#[case::cast_negative_float_const_truncates(|_v: &Vars| cast(dt("int32"), c(-3.7), sp()), "-3:int32")]
#[case::cast_negative_to_uint(|_v: &Vars| cast(dt("uint8"), c(-1), sp()), "ERR:RuntimeError")]
#[case::cast_3_to_bool(|_v: &Vars| cast(dt("bool"), c(3), sp()), "ERR:ValueError")]
#[case::cast_1_to_bool(|_v: &Vars| cast(dt("bool"), c(1), sp()), "1:bool")]
#[case::cast_half_to_bool(|_v: &Vars| cast(dt("bool"), c(0.5), sp()), "0:bool")]
#[case::cast_const_out_of_f16(|_v: &Vars| cast(dt("float16"), c(1e6), sp()), "ERR:ValueError")]
#[case::cast_scalar_to_vector(|v: &Vars| cast(dt("int32x4"), &v.x, sp()), "Broadcast<int32x4>(x, 4:int32)")]
#[case::cast_scalar_to_wider_vector(|v: &Vars| cast(dt("int64x4"), &v.x, sp()), "Broadcast<int64x4>(Cast<int64>(x), 4:int32)")]
#[case::cast_const_to_vector(|_v: &Vars| cast(dt("int64x4"), c(3), sp()), "Broadcast<int64x4>(3:int64, 4:int32)")]
#[case::cast_vector_to_float(|v: &Vars| cast(dt("float32x4"), &v.v4, sp()), "Cast<float32x4>(v4)")]
#[case::cast_vector_widen(|v: &Vars| cast(dt("int64x4"), &v.v4, sp()), "Cast<int64x4>(v4)")]
#[case::cast_vector_lanes_mismatch(|v: &Vars| cast(dt("int64x8"), &v.v4, sp()), "ERR:RuntimeError")]
#[case::cast_broadcast_moves_inside(|v: &Vars| (|| -> Result<Expr, Error> { cast(dt("int64x4"), broadcast(&v.x, 4, sp())?, sp()) })(), "Broadcast<int64x4>(Cast<int64>(x), 4:int32)")]
#[case::cast_broadcast_const(|_v: &Vars| (|| -> Result<Expr, Error> { cast(dt("float32x4"), broadcast(c(3), 4, sp())?, sp()) })(), "Broadcast<float32x4>(3.0:float32, 4:int32)")]
#[case::cast_ramp_int(|v: &Vars| (|| -> Result<Expr, Error> { cast(dt("int64x4"), ramp(&v.x, 1, 4, sp())?, sp()) })(), "Ramp<int64x4>(Cast<int64>(x), 1:int64, 4:int32)")]
#[case::cast_ramp_float(|v: &Vars| (|| -> Result<Expr, Error> { cast(dt("float32x4"), ramp(&v.x, 1, 4, sp())?, sp()) })(), "Cast<float32x4>(Ramp<int32x4>(x, 1:int32, 4:int32))")]
#[case::cast_scalar_to_scalable(|v: &Vars| cast(dt("float32xvscalex4"), &v.f, sp()), "Broadcast<float32xvscalex4>(f, Mul<int32>(Call<int32>(prim.vscale), 4:int32))")]
#[case::cast_vector_to_scalar(|v: &Vars| cast(dt("int64"), &v.v4, sp()), "ERR:RuntimeError")]
#[case::cast_float_var_to_bool(|v: &Vars| cast(dt("bool"), &v.f, sp()), "Cast<bool>(f)")]
#[case::cast_scalable_widen(|v: &Vars| cast(dt("int64xvscalex4"), &v.svi, sp()), "Cast<int64xvscalex4>(svi)")]
#[case::cast_fixed_to_scalable(|v: &Vars| cast(dt("int64xvscalex4"), &v.v4, sp()), "ERR:RuntimeError")]
#[case::cast_handle(|v: &Vars| cast(dt("int32"), &v.hd, sp()), "ERR:TypeError")]
#[case::astype(|v: &Vars| cast(dt("int64"), &v.x, sp()), "Cast<int64>(x)")]
#[case::cast_node_no_fold(|_v: &Vars| make_cast(dt("int8"), c(300), sp()), "Cast<int8>(300:int32)")]
#[case::cast_node_same_type(|v: &Vars| make_cast(dt("int32"), &v.x, sp()), "Cast<int32>(x)")]
#[case::cast_node_lanes_mismatch(|v: &Vars| make_cast(dt("int32x4"), &v.x, sp()), "ERR:RuntimeError")]
#[case::cast_node_vector(|v: &Vars| make_cast(dt("float32x4"), &v.v4, sp()), "Cast<float32x4>(v4)")]
#[case::cast_node_vector_lanes_mismatch(|v: &Vars| make_cast(dt("float32x8"), &v.v4, sp()), "ERR:RuntimeError")]
#[case::cast_node_python_int(|_v: &Vars| make_cast(dt("float32"), 1, sp()), "Cast<float32>(1:int32)")]
#[case::broadcast_var(|v: &Vars| broadcast(&v.x, 4, sp()), "Broadcast<int32x4>(x, 4:int32)")]
#[case::broadcast_int(|_v: &Vars| broadcast(1, 4, sp()), "Broadcast<int32x4>(1:int32, 4:int32)")]
#[case::broadcast_float(|_v: &Vars| broadcast(1.5, 4, sp()), "Broadcast<float32x4>(1.5:float32, 4:int32)")]
#[case::broadcast_one_lane(|v: &Vars| broadcast(&v.x, 1, sp()), "ERR:RuntimeError")]
#[case::broadcast_zero_lanes(|v: &Vars| broadcast(&v.x, 0, sp()), "ERR:RuntimeError")]
#[case::broadcast_vector(|v: &Vars| broadcast(&v.v4, 2, sp()), "ERR:RuntimeError")]
#[case::broadcast_var_lanes(|v: &Vars| broadcast(&v.x, &v.n, sp()), "ERR:RuntimeError")]
#[case::broadcast_int64_lanes(|v: &Vars| broadcast(&v.x, ct(4, "int64"), sp()), "Broadcast<int32x4>(x, 4:int32)")]
#[case::broadcast_vscale_lanes(|v: &Vars| (|| -> Result<Expr, Error> { broadcast(&v.x, mul(vscale()?, 4)?, sp()) })(), "Broadcast<int32xvscalex4>(x, Mul<int32>(Call<int32>(prim.vscale), 4:int32))")]
#[case::broadcast_vscale_lanes_flipped(|v: &Vars| (|| -> Result<Expr, Error> { broadcast(&v.x, mul(4, vscale()?)?, sp()) })(), "Broadcast<int32xvscalex4>(x, Mul<int32>(Call<int32>(prim.vscale), 4:int32))")]
#[case::broadcast_bare_vscale(|v: &Vars| (|| -> Result<Expr, Error> { broadcast(&v.x, vscale()?, sp()) })(), "ERR:RuntimeError")]
#[case::ramp_var(|v: &Vars| ramp(&v.x, 1, 4, sp()), "Ramp<int32x4>(x, 1:int32, 4:int32)")]
#[case::ramp_int64_base(|v: &Vars| ramp(&v.l, 1, 4, sp()), "Ramp<int64x4>(l, 1:int64, 4:int32)")]
#[case::ramp_stride_cast_to_base(|v: &Vars| ramp(&v.x, &v.l, 4, sp()), "Ramp<int32x4>(x, Cast<int32>(l), 4:int32)")]
#[case::ramp_float(|v: &Vars| ramp(&v.f, 1.0, 4, sp()), "Ramp<float32x4>(f, 1.0:float32, 4:int32)")]
#[case::ramp_one_lane(|v: &Vars| ramp(&v.x, 1, 1, sp()), "ERR:RuntimeError")]
#[case::ramp_vector_base(|v: &Vars| ramp(&v.v4, 1, 4, sp()), "ERR:RuntimeError")]
#[case::ramp_int8_lanes(|v: &Vars| ramp(&v.x, 1, ct(4, "int8"), sp()), "Ramp<int32x4>(x, 1:int32, 4:int32)")]
#[case::ramp_scalable_plus_literal(|v: &Vars| (|| -> Result<Expr, Error> { add(ramp(&v.x, 1, mul(vscale()?, 4)?, sp())?, 1) })(), "Add<int32xvscalex4>(Ramp<int32xvscalex4>(x, 1:int32, Mul<int32>(Call<int32>(prim.vscale), 4:int32)), Broadcast<int32xvscalex4>(1:int32, Mul<int32>(Call<int32>(prim.vscale), 4:int32)))")]
#[case::broadcasts_match_types(|v: &Vars| (|| -> Result<Expr, Error> { add(broadcast(&v.x, 4, sp())?, broadcast(&v.l, 4, sp())?) })(), "Add<int64x4>(Broadcast<int64x4>(Cast<int64>(x), 4:int32), Broadcast<int64x4>(l, 4:int32))")]
#[case::const_scalable_vector(|_v: &Vars| const_value(1, Some(dt("int32xvscalex4")), sp()), "Broadcast<int32xvscalex4>(1:int32, Mul<int32>(Call<int32>(prim.vscale), 4:int32))")]
#[case::select_scalar(|v: &Vars| select(&v.b, &v.x, &v.y, sp()), "Select<int32>(b, x, y)")]
#[case::select_mismatched(|v: &Vars| select(&v.b, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::select_int_condition(|v: &Vars| select(&v.x, &v.x, &v.y, sp()), "ERR:RuntimeError")]
#[case::select_vector_condition(|v: &Vars| select(&v.bv, &v.v4, &v.v4, sp()), "Select<int32x4>(bv, v4, v4)")]
#[case::select_scalar_condition_vectors(|v: &Vars| select(&v.b, &v.v4, &v.v4, sp()), "Select<int32x4>(b, v4, v4)")]
#[case::select_vector_condition_scalars(|v: &Vars| select(&v.bv, &v.x, &v.y, sp()), "ERR:RuntimeError")]
#[case::select_literals(|v: &Vars| select(&v.b, 1, 2, sp()), "Select<int32>(b, 1:int32, 2:int32)")]
#[case::add_node_mismatched(|v: &Vars| make_binary(BinOp::Add, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::add_node_literal(|v: &Vars| make_binary(BinOp::Add, &v.x, 1, sp()), "Add<int32>(x, 1:int32)")]
#[case::add_node_int64_literal(|v: &Vars| make_binary(BinOp::Add, &v.l, 1, sp()), "ERR:TypeError")]
#[case::add_node_no_fold(|_v: &Vars| make_binary(BinOp::Add, c(3), c(4), sp()), "Add<int32>(3:int32, 4:int32)")]
#[case::add_node_bools(|v: &Vars| make_binary(BinOp::Add, &v.b, &v.b2, sp()), "Add<bool>(b, b2)")]
#[case::lt_node_mismatched(|v: &Vars| make_binary(BinOp::LT, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::lt_node_literal(|v: &Vars| make_binary(BinOp::LT, &v.x, 1, sp()), "LT<bool>(x, 1:int32)")]
#[case::lt_node_vector_scalar(|v: &Vars| make_binary(BinOp::LT, &v.v4, &v.x, sp()), "ERR:TypeError")]
#[case::eq_node_vectors(|v: &Vars| make_binary(BinOp::EQ, &v.v4, &v.v4, sp()), "EQ<boolx4>(v4, v4)")]
#[case::and_node(|v: &Vars| make_binary(BinOp::And, &v.b, &v.b2, sp()), "And<bool>(b, b2)")]
#[case::and_node_ints(|v: &Vars| make_binary(BinOp::And, &v.x, &v.y, sp()), "ERR:RuntimeError")]
#[case::and_node_python_bool(|v: &Vars| make_binary(BinOp::And, true, &v.b, sp()), "And<bool>(1:bool, b)")]
#[case::or_node_const(|v: &Vars| make_binary(BinOp::Or, &v.b, ct(1, "bool"), sp()), "Or<bool>(b, 1:bool)")]
#[case::div_node_by_zero(|v: &Vars| make_binary(BinOp::Div, &v.x, 0, sp()), "Div<int32>(x, 0:int32)")]
#[case::bitand_node_floats(|v: &Vars| make_binary(BinOp::BitwiseAnd, &v.f, &v.f, sp()), "ERR:TypeError")]
#[case::bitand_node_mismatched(|v: &Vars| make_binary(BinOp::BitwiseAnd, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::shl_node_mismatched(|v: &Vars| make_binary(BinOp::LShift, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::shl_node_floats(|v: &Vars| make_binary(BinOp::LShift, &v.f, &v.f, sp()), "ERR:TypeError")]
#[case::bitnot_node_float(|v: &Vars| make_bitwise_not(&v.f, sp()), "ERR:TypeError")]
#[case::floordiv_node_floats(|v: &Vars| make_binary(BinOp::FloorDiv, &v.f, &v.f, sp()), "FloorDiv<float32>(f, f)")]
#[case::min_node_bools(|v: &Vars| make_binary(BinOp::Min, &v.b, &v.b, sp()), "Min<bool>(b, b)")]
#[case::sub_node_handles(|v: &Vars| make_binary(BinOp::Sub, &v.hd, &v.hd, sp()), "ERR:TypeError")]
#[case::const_true(|_v: &Vars| const_value(true, None, sp()), "1:bool")]
#[case::const_int(|_v: &Vars| const_value(1, None, sp()), "1:int32")]
#[case::const_int64(|_v: &Vars| const_value(1i64 << 40, None, sp()), "1099511627776:int64")]
#[case::const_float(|_v: &Vars| const_value(1.5, None, sp()), "1.5:float32")]
#[case::const_float64(|_v: &Vars| const_value(1e40, None, sp()), "1e+40:float64")]
#[case::const_int8(|_v: &Vars| const_value(1, Some(dt("int8")), sp()), "1:int8")]
#[case::const_int8_out_of_range(|_v: &Vars| const_value(300, Some(dt("int8")), sp()), "ERR:ValueError")]
#[case::const_float_to_int(|_v: &Vars| const_value(1.5, Some(dt("int32")), sp()), "1:int32")]
#[case::const_int_to_float(|_v: &Vars| const_value(3, Some(dt("float32")), sp()), "3.0:float32")]
#[case::const_negative_uint(|_v: &Vars| const_value(-1, Some(dt("uint8")), sp()), "ERR:RuntimeError")]
#[case::const_bool_out_of_range(|_v: &Vars| const_value(2, Some(dt("bool")), sp()), "ERR:ValueError")]
#[case::const_vector(|_v: &Vars| const_value(1, Some(dt("int32x4")), sp()), "Broadcast<int32x4>(1:int32, 4:int32)")]
#[case::const_f32_out_of_range(|_v: &Vars| const_value(1e40, Some(dt("float32")), sp()), "ERR:ValueError")]
#[case::const_f16_out_of_range(|_v: &Vars| const_value(70000.0, Some(dt("float16")), sp()), "ERR:ValueError")]
#[case::convert_int(|_v: &Vars| convert(1), "1:int32")]
#[case::convert_float(|_v: &Vars| convert(1.5), "1.5:float32")]
#[case::convert_bool(|_v: &Vars| convert(true), "1:bool")]
#[case::convert_int64(|_v: &Vars| convert(1i64 << 40), "1099511627776:int64")]
#[case::convert_float_keeps_value(|_v: &Vars| convert(1.1), "1.1:float32")]
#[case::script_lt_literal(|v: &Vars| script_compare(BinOp::LT, &v.x, 1, sp()), "LT<bool>(x, 1:int32)")]
#[case::script_lt_consts_no_fold(|_v: &Vars| script_compare(BinOp::LT, c(3), 4, sp()), "LT<bool>(3:int32, 4:int32)")]
#[case::script_lt_literal_takes_int64(|v: &Vars| script_compare(BinOp::LT, &v.l, 1, sp()), "LT<bool>(l, 1:int64)")]
#[case::script_lt_left_literal_takes_int64(|v: &Vars| script_compare(BinOp::LT, 1, &v.l, sp()), "LT<bool>(1:int64, l)")]
#[case::script_lt_f16_int(|v: &Vars| script_compare(BinOp::LT, &v.h, 1, sp()), "LT<bool>(h, 1.0:float16)")]
#[case::script_lt_f16_float(|v: &Vars| script_compare(BinOp::LT, &v.h, 1.5, sp()), "LT<bool>(h, 1.5:float16)")]
#[case::script_lt_mismatched(|v: &Vars| script_compare(BinOp::LT, &v.x, &v.l, sp()), "ERR:TypeError")]
#[case::script_lt_int_float_literal(|v: &Vars| script_compare(BinOp::LT, &v.x, 1.5, sp()), "ERR:ValueError")]
#[case::script_eq_literal(|v: &Vars| script_compare(BinOp::EQ, &v.x, 1, sp()), "EQ<bool>(x, 1:int32)")]
#[case::script_lt_vector_literal(|v: &Vars| script_compare(BinOp::LT, &v.v4, 1, sp()), "LT<boolx4>(v4, Broadcast<int32x4>(1:int32, 4:int32))")]
#[case::script_lt_vector_var(|v: &Vars| script_compare(BinOp::LT, &v.v4, &v.x, sp()), "LT<boolx4>(v4, Broadcast<int32x4>(x, 4:int32))")]
#[case::script_lt_var_vector(|v: &Vars| script_compare(BinOp::LT, &v.x, &v.v4, sp()), "LT<boolx4>(Broadcast<int32x4>(x, 4:int32), v4)")]
#[case::script_lt_float_const_literal(|_v: &Vars| script_compare(BinOp::LT, c(1.0), 2, sp()), "LT<bool>(1.0:float32, 2.0:float32)")]
#[case::script_and_true(|v: &Vars| script_and(&v.b, true, sp()), "And<bool>(b, 1:bool)")]
#[case::script_and_true_left(|v: &Vars| script_and(true, &v.b, sp()), "And<bool>(1:bool, b)")]
#[case::script_and_cmp(|v: &Vars| (|| -> Result<Expr, Error> { script_and(&v.b, script_compare(BinOp::LT, &v.x, 1, sp())?, sp()) })(), "And<bool>(b, LT<bool>(x, 1:int32))")]
#[case::script_and_vector(|v: &Vars| (|| -> Result<Expr, Error> { script_and(broadcast(&v.b, 4, sp())?, &v.b, sp()) })(), "BitwiseAnd<boolx4>(Broadcast<boolx4>(b, 4:int32), Broadcast<boolx4>(b, 4:int32))")]
#[case::script_or_vector_right(|v: &Vars| (|| -> Result<Expr, Error> { script_or(&v.b, broadcast(&v.b, 4, sp())?, sp()) })(), "BitwiseOr<boolx4>(Broadcast<boolx4>(b, 4:int32), Broadcast<boolx4>(b, 4:int32))")]
#[case::script_not(|v: &Vars| script_not(&v.b, sp()), "Not<bool>(b)")]
#[case::ops_seed_003(|v: &Vars| Ok::<Expr, Error>(&v.x * &v.y - &v.y * &v.x), "Sub<int32>(Mul<int32>(x, y), Mul<int32>(y, x))")]
#[case::ops_literals(|v: &Vars| Ok::<Expr, Error>((&v.x + 1) * 2), "Mul<int32>(Add<int32>(x, 1:int32), 2:int32)")]
#[case::ops_scalar_lhs(|v: &Vars| Ok::<Expr, Error>(2 * &v.x), "Mul<int32>(2:int32, x)")]
#[case::ops_neg(|v: &Vars| Ok::<Expr, Error>(-&v.x), "Mul<int32>(x, -1:int32)")]
#[case::ops_float_fold(|_v: &Vars| Ok::<Expr, Error>(c(1.5) * 2.0), "3.0:float32")]
#[case::ops_floordiv_like_cpp_div(|v: &Vars| Ok::<Expr, Error>(&v.x / 2), "Div<int32>(x, 2:int32)")]
#[case::ops_rem_is_truncmod(|v: &Vars| Ok::<Expr, Error>(&v.x % 2), "Mod<int32>(x, 2:int32)")]
#[case::ops_shift_and_mask(|v: &Vars| Ok::<Expr, Error>((&v.x << 2) & 255), "BitwiseAnd<int32>(LShift<int32>(x, 2:int32), 255:int32)")]
#[case::ops_var_handles(|v: &Vars| Ok::<Expr, Error>(&v.xv + &v.yv), "Add<int32>(x, y)")]
fn builds_like_tvm(#[case] build: Build, #[case] expected: &str) {
    let vars = Vars::new();
    assert_eq!(outcome(build(&vars)), expected);
}

#[rstest]
#[case::int_uint8_256("uint8", 256, "ERR:ValueError")]
#[case::int_uint8_255("uint8", 255, "255:uint8")]
#[case::int_uint8_neg1("uint8", -1, "ERR:ValueError")]
#[case::int_int8_128("int8", 128, "ERR:ValueError")]
#[case::int_int8_127("int8", 127, "127:int8")]
#[case::int_int8_neg128("int8", -128, "-128:int8")]
#[case::int_int8_neg129("int8", -129, "ERR:ValueError")]
#[case::int_bool_2("bool", 2, "ERR:ValueError")]
#[case::int_bool_neg1("bool", -1, "ERR:ValueError")]
#[case::int_bool_1("bool", 1, "1:bool")]
#[case::int_float32_1("float32", 1, "ERR:ValueError")]
#[case::int_int64_9223372036854775807("int64", 9223372036854775807, "9223372036854775807:int64")]
#[case::int_uint32_4294967295("uint32", 4294967295, "4294967295:uint32")]
#[case::int_uint32_4294967296("uint32", 4294967296, "ERR:ValueError")]
#[case::int_int32x4_1("int32x4", 1, "ERR:ValueError")]
#[case::int_int1_1("int1", 1, "1:int1")]
#[case::int_int1_neg1("int1", -1, "ERR:ValueError")]
#[case::int_uint1_1("uint1", 1, "1:uint1")]
#[case::int_uint1_2("uint1", 2, "ERR:ValueError")]
#[case::int_int4_7("int4", 7, "7:int4")]
#[case::int_int4_8("int4", 8, "ERR:ValueError")]
#[case::int_int4_neg8("int4", -8, "-8:int4")]
#[case::int_int4_neg9("int4", -9, "ERR:ValueError")]
#[case::int_uint4_15("uint4", 15, "15:uint4")]
#[case::int_uint4_16("uint4", 16, "ERR:ValueError")]
fn int_imm_like_tvm(#[case] dtype: &str, #[case] value: i64, #[case] expected: &str) {
    assert_eq!(outcome(int_imm_checked(dt(dtype), value, sp())), expected);
}

#[rstest]
#[case::float_float32_inf("float32", f64::INFINITY, "inf:float32")]
#[case::float_float32_neginf("float32", f64::NEG_INFINITY, "-inf:float32")]
#[case::float_float32_nan("float32", f64::NAN, "nan:float32")]
#[case::float_float32_neg1e40("float32", -1e40, "ERR:ValueError")]
#[case::float_float32_3_5e38("float32", 3.5e38, "ERR:ValueError")]
#[case::float_float32_3_4028234663852886e38("float32", 3.4028234663852886e38, "3.4028234663852886e+38:float32")]
#[case::float_float64_1e300("float64", 1e300, "1e+300:float64")]
#[case::float_float16_neg65504_0("float16", -65504.0, "-65504.0:float16")]
#[case::float_float16_neg70000_0("float16", -70000.0, "ERR:ValueError")]
#[case::float_float16_inf("float16", f64::INFINITY, "inf:float16")]
#[case::float_bfloat16_1e39("bfloat16", 1e39, "ERR:ValueError")]
#[case::float_bfloat16_3_8e38("bfloat16", 3.8e38, "3.8e+38:bfloat16")]
#[case::float_bfloat16_3_9e38("bfloat16", 3.9e38, "ERR:ValueError")]
#[case::float_float8_e5m2_57344_0("float8_e5m2", 57344.0, "57344.0:float8_e5m2")]
#[case::float_float8_e5m2_60000_0("float8_e5m2", 60000.0, "ERR:ValueError")]
#[case::float_float8_e4m3fn_neg448_0("float8_e4m3fn", -448.0, "-448.0:float8_e4m3fn")]
#[case::float_float8_e4m3fn_neg449_0("float8_e4m3fn", -449.0, "ERR:ValueError")]
#[case::float_float8_e4m3fnuz_neg1_0("float8_e4m3fnuz", -1.0, "ERR:ValueError")]
#[case::float_float8_e4m3fnuz_448_0("float8_e4m3fnuz", 448.0, "448.0:float8_e4m3fnuz")]
#[case::float_float8_e4m3fnuz_449_0("float8_e4m3fnuz", 449.0, "ERR:ValueError")]
#[case::float_float8_e8m0fnu_neg1_0("float8_e8m0fnu", -1.0, "ERR:ValueError")]
#[case::float_float8_e8m0fnu_neg0_0("float8_e8m0fnu", -0.0, "-0.0:float8_e8m0fnu")]
#[case::float_float8_e8m0fnu_1e38("float8_e8m0fnu", 1e38, "1e+38:float8_e8m0fnu")]
#[case::float_float8_e8m0fnu_1e39("float8_e8m0fnu", 1e39, "ERR:ValueError")]
#[case::float_float8_e4m3_449_0("float8_e4m3", 449.0, "ERR:ValueError")]
#[case::float_float8_e4m3b11fnuz_30_0("float8_e4m3b11fnuz", 30.0, "30.0:float8_e4m3b11fnuz")]
#[case::float_float8_e4m3b11fnuz_31_0("float8_e4m3b11fnuz", 31.0, "ERR:ValueError")]
#[case::float_float8_e4m3b11fnuz_neg1_0("float8_e4m3b11fnuz", -1.0, "ERR:ValueError")]
#[case::float_float8_e3m4_31_0("float8_e3m4", 31.0, "31.0:float8_e3m4")]
#[case::float_float8_e3m4_32_0("float8_e3m4", 32.0, "ERR:ValueError")]
#[case::float_float8_e5m2fnuz_60000_0("float8_e5m2fnuz", 60000.0, "ERR:ValueError")]
#[case::float_float8_e5m2fnuz_neg1_0("float8_e5m2fnuz", -1.0, "ERR:ValueError")]
#[case::float_float6_e2m3fn_7_5("float6_e2m3fn", 7.5, "7.5:float6_e2m3fn")]
#[case::float_float6_e2m3fn_8_0("float6_e2m3fn", 8.0, "ERR:ValueError")]
#[case::float_float6_e3m2fn_28_0("float6_e3m2fn", 28.0, "28.0:float6_e3m2fn")]
#[case::float_float6_e3m2fn_29_0("float6_e3m2fn", 29.0, "ERR:ValueError")]
#[case::float_float4_e2m1fn_6_0("float4_e2m1fn", 6.0, "6.0:float4_e2m1fn")]
#[case::float_float4_e2m1fn_7_0("float4_e2m1fn", 7.0, "ERR:ValueError")]
#[case::float_float4_e2m1fn_neg7_0("float4_e2m1fn", -7.0, "ERR:ValueError")]
#[case::float_int32_1_0("int32", 1.0, "ERR:ValueError")]
#[case::float_float32x4_1_0("float32x4", 1.0, "ERR:ValueError")]
#[case::float_float8_e4m3fn_inf("float8_e4m3fn", f64::INFINITY, "inf:float8_e4m3fn")]
#[case::float_float8_e4m3fn_nan("float8_e4m3fn", f64::NAN, "nan:float8_e4m3fn")]
#[case::float_float8_e4m3fnuz_neginf("float8_e4m3fnuz", f64::NEG_INFINITY, "-inf:float8_e4m3fnuz")]
#[case::float_float16_nan("float16", f64::NAN, "nan:float16")]
#[case::float_float8_1e39("float8", 1e39, "1e+39:float8")]
#[case::float_bfloat8_1_0("bfloat8", 1.0, "ERR:ValueError")]
#[case::float_bool_1_0("bool", 1.0, "ERR:ValueError")]
fn float_imm_like_tvm(#[case] dtype: &str, #[case] value: f64, #[case] expected: &str) {
    assert_eq!(outcome(float_imm_checked(dt(dtype), value, sp())), expected);
}

// ---- Rust-side behaviour (no TVM counterpart to record from)

#[test]
fn operator_impls_never_panic_on_type_errors() {
    let v = Vars::new();
    // TVM rejects a pointer operand; the operator impl returns the plain node instead.
    let e = &v.hd + 1;
    assert_eq!(e.type_key(), "prim.Add");
    assert!(add(&v.hd, 1).is_err());
    let e = -&v.u32;
    assert_eq!(e.type_key(), "prim.Mul");
    let e = &v.v4 + &v.v8;
    assert_eq!(render(&e), "Add<int32x4>(v4, v8)");
}

#[test]
fn nodes_carry_the_span_and_errors_get_it() {
    let v = Vars::new();
    let span = Span::new("f.py".into(), 3, 5, 3, 10);
    let e = binary(BinOp::Add, &v.x, &v.y, span.clone()).expect("x + y");
    assert_eq!(e.span(), &span);
    let err = binary(BinOp::FloorDiv, &v.x, 0, span.clone()).expect_err("x // 0");
    assert_eq!(err.span, span);
    assert_eq!(err.message, "Divide by zero");
}

#[test]
fn logical_not_folds_constants_only() {
    // const_fold.h: TryConstFold<Not> folds an IntImm; anything else becomes prim.Not.
    let v = Vars::new();
    assert_eq!(outcome(logical_not(true)), "0:bool");
    assert_eq!(outcome(logical_not(&v.b)), "Not<bool>(b)");
    assert_eq!(outcome(logical_not(&v.x)), "ERR:RuntimeError");
}

#[test]
fn identities_return_the_operand_itself() {
    let v = Vars::new();
    let sum = add(&v.x, 0).expect("x + 0");
    assert!(sum.same_as(&v.x));
    let m = max(&v.x, &v.x).expect("max(x, x)");
    assert!(m.same_as(&v.x));
    // x * 0 returns the zero operand, not a new constant.
    let zero = c(0);
    let prod = mul(&v.x, &zero).expect("x * 0");
    assert!(prod.same_as(&zero));
}
