# The math functions of tvm.tirx that fold constants, pass integers through or
# refuse operand types: the rounding family, abs, isnan/isinf/isfinite, pow,
# if_then_else.
import tvm
from tvm import tirx


def show(label, make):
    try:
        r = make()
        print(label, type(r).__name__, r, r.ty)
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0])


operands = {
    "i16": tirx.Var("u", "int16"), "u32": tirx.Var("k", "uint32"), "flag": tirx.Var("b", "bool"),
    "half": tirx.Var("hh", "float16"), "f32": tirx.Var("z", "float32"), "bf16": tirx.Var("bb", "bfloat16"),
    "f64x2": tirx.Var("vv", "float64x2"), "c_i64": tirx.const(-12, "int64"),
    "c_f32": tirx.const(5.5, "float32"), "c_f64": tirx.const(-0.5, "float64"), "c_half": tirx.const(2.5, "float16"),
    "c_ninf": tirx.const(float("-inf"), "float64"), "c_nan": tirx.const(float("nan"), "float16"),
}
for name in ["floor", "ceil", "round", "nearbyint", "trunc", "abs", "isnan", "isinf", "isfinite"]:
    for key, value in operands.items():
        show(f"{name}({key})", lambda: getattr(tirx, name)(value))

for lhs, rhs in [("int8", "int8"), ("int16", "float64"), ("float32", "float16"), ("float32", "uint8"), ("bool", "bool")]:
    show(f"pow({lhs},{rhs})", lambda: tirx.pow(tirx.Var("p", lhs), tirx.Var("q", rhs)))
show("power(c, 2)", lambda: tirx.power(tirx.const(1.5, "float64"), 2))

for cond, t, f in [("bool", "int16", "int8"), ("int8", "float32", "float32"), ("uint1", "int32", "int32"), ("boolx2", "float16x2", "float16x2")]:
    show(f"if_then_else({cond})", lambda: tirx.if_then_else(tirx.Var("c", cond), tirx.Var("t", t), tirx.Var("f", f)))
show("if_then_else(0)", lambda: tirx.if_then_else(0, tirx.Var("t", "int8"), tirx.Var("f", "int8")))
show("if_then_else(False)", lambda: tirx.if_then_else(False, tirx.Var("t", "int8"), tirx.Var("f", "int16")))
