# TIRx expressions from Python operators and helpers: arithmetic, comparisons,
# tirx.const, astype, Ramp/Broadcast/Let/Select/Cast, intrinsics and their types.
# tirx expressions built with Python operators and helpers
from tvm import tirx, ir
x = tirx.Var("x", "int32")
y = tirx.Var("y", "int32")
f = tirx.Var("f", "float32")
for e in [x + y, x - 1, 2 * x, x // 4, x % 3, -x, x << 1, x >> y, x & 7, x | y, x ^ y, ~x, f / 2.0, f * f + 1.0]:
    print(type(e).__name__, e, e.ty)
print(x < y, x <= 3, x > y, x >= 0, tirx.EQ(x, y), tirx.NE(x, 1))
print(tirx.const(3), tirx.const(2.5), tirx.const(True), tirx.const(7, "int64"), tirx.const(1, "float16"))
print(type(tirx.const(3)).__name__, type(tirx.const(2.5)).__name__)
print(x.astype("int64"), f.astype("int32"), x.astype("int32"))
print(tirx.FloorDiv(x, y), tirx.FloorMod(x, y), tirx.Div(x, y), tirx.Mod(x, y))
print(tirx.Add(x, 1).a, tirx.Add(x, 1).b, tirx.Mul(x, y).ty)
print(tirx.Ramp(x, 1, 4), tirx.Broadcast(f, 4), tirx.Ramp(x, 1, 4).ty)
print(tirx.Let(y, x + 1, y * 2))
print(tirx.Shuffle([tirx.Ramp(x, 1, 4)], [0, 1]) if hasattr(tirx, "Shuffle") else None)
print(tirx.Select(x > 0, x, y).true_value, tirx.Cast("float32", x))
print(tirx.call_extern("int32", "my_func", x, 1))
print(tirx.exp(f), tirx.sqrt(f), tirx.abs(x), tirx.floor(f))
print(tirx.max_value("int8"), tirx.min_value("int16"), tirx.max_value("float32"))
print(tirx.truncdiv(x, y), tirx.floordiv(x, 2), tirx.floormod(x, 2), tirx.truncmod(x, y))
try:
    x + f
except Exception as e:
    print(type(e).__name__, str(e)[-60:])
print(tirx.Var("p", ir.PointerType(ir.PrimType("float32"))).ty)
