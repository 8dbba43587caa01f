# Vector expressions (`T.Ramp`, `T.Broadcast`, native calls in an evaluated body) as
# indices and operands, positional and by keyword: the same IR both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f(A: T.Buffer((64,), "float16"), B: T.Buffer((64,), "float16")):
        for i in range(16):
            B[T.Ramp(i * 4, 1, 4)] = A[T.Ramp(base=i * 4, stride=1, lanes=4)] * T.Broadcast(T.float16(2), 4)
            B[T.Ramp(i * 4 + 1, 2, 2)] = T.Broadcast(value=A[i], lanes=2) + T.Broadcast(T.float16(1), T.int32(2))
