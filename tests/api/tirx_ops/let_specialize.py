# Let requires its value to have the variable's type; PrimFunc.specialize folds
# the arithmetic whose operands it replaced; tirx.const takes a NumPy scalar's dtype.
import numpy as np
import tvm
from tvm import tirx
from tvm.script import tirx as T

for var_dtype, value_dtype in [("int8", "int8"), ("int16", "int64"), ("float32", "float64"), ("uint8", "int8"), ("float16x4", "float16x4")]:
    v = tirx.Var("v", var_dtype)
    w = tirx.Var("w", value_dtype)
    try:
        print(tirx.Let(v, w, v + v))
    except Exception as e:
        print(type(e).__name__, isinstance(e, RuntimeError), str(e))

for scalar in [np.float64(0.25), np.float32(2), np.int16(-3), np.uint32(7)]:
    c = tirx.const(scalar)
    print(c, c.ty)


@T.prim_func(private=True, s_tir=True)
def scaled(P: T.handle, Q: T.handle, m: T.int32, k: T.int32):
    A = T.match_buffer(P, (m * 2,), "float32")
    B = T.match_buffer(Q, (m + k,), "float32")
    for i in range(m - 1):
        if i < k * 3:
            B[i + k] = A[i * 2] * T.float32(2) + T.Cast("float32", k // 2)


print(scaled.specialize({scaled.params[2]: 6}))
print(scaled.specialize({scaled.params[2]: 5, scaled.params[3]: 1}))
try:
    scaled.specialize({scaled.params[1]: tirx.decl_buffer((9,), "float32")})
except TypeError as e:
    print("TypeError", e)
