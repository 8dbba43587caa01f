# Operator chains: a chain's intermediate results stay IR values (computed natively
# when evaluated); both ways must give the same IR, which is also what TVM 0.27 prints.
from tvm.script import ir as I, relax as R, tirx as T

N = 4
SHAPE = (N,) + (N,)


class Tens(int):
    """An int whose operators are its own: Python calls them before the IR's."""

    def __add__(self, other):
        return other * 10

    def __rmul__(self, other):
        return other - 1


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def chains(A: T.Buffer(SHAPE, "int32"), B: T.Buffer((N * N,), "float" + "32"), n: T.int64):
        for i, j in T.grid(N, N):
            A[i, j] = 2 * i + j * 3 - 1
            A[j, i] = (i << 2) | (j & 1) ^ 3 + (i >> 1) % 3 // 2
            B[i * N + j] = B[j] * 2.0 + 0.5 - T.float32(1) / 3
            B[j * N + i] = T.Cast("float32", (n + T.int64(63)) // T.int64(64) * T.int64(64) - n % T.int64(7))
            if i * 2 < j + 1:
                A[i, i] = -(i + 1) * (j - 1)
        A[1, 1] = Tens(3) + A[0, 1] * Tens(2) + 1
        A[0, 0] = T.int32(expr=3) + T.int32(7) * 2 - T.Cast("int32", T.uint8(255)) + T.int32(T.int64(5))

    @R.function
    def main(x: R.Tensor((8,), "float32")) -> R.Tensor((8,), "float32"):
        with R.dataflow():
            y = R.add(x, x)
            z = R.multiply(y, x)
            R.output(z)
        return z
