# Builder results passed straight to other builders (native calls): nested operator
# calls, tuple displays of results, types made inline or kept in a name, keyword and
# positional output types.
from tvm.script import ir as I, relax as R, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def copy(A: T.Buffer((4, 8), "float16"), B: T.Buffer((4, 8), "float16")):
        for i, j in T.grid(4, 8):
            B[i, j] = A[i, j]

    @T.prim_func(private=True)
    def split(A: T.Buffer((4, 8), "float16"), B: T.Buffer((4, 4), "float16"), C: T.Buffer((4, 4), "float16")):
        for i, j in T.grid(4, 4):
            B[i, j] = A[i, j]
            C[i, j] = A[i, j + 4]

    @R.function
    def main(x: R.Tensor(("n", 8), dtype="float16"), w: R.Tensor((8,), "float16")):
        n = T.int64()
        cls = Module
        t = R.Tensor((4, 8), dtype="float16")
        with R.dataflow():
            a = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((4, 8), dtype="float16"))
            b = R.call_tir(cls.copy, (a,), t)
            s = R.call_tir(cls.split, (b,), out_ty=[R.Tensor((4, 4), "float16"), R.Tensor((4, 4), dtype="float16")])
            s0: R.Tensor((4, 4), dtype="float16") = s[0]
            c = R.add(R.multiply(a, b), a)
            d = R.concat((a, R.add(a, b)), axis=0)
            e = R.reshape(d, R.shape([2, -1]))
            f = R.call_tir(cls.copy, (R.add(a, b),), out_ty=R.Tensor((4, 8), "float16"))
            g = R.sum(R.exp(c), axis=[1], keepdims=False)
            R.output(s0, e, f, g)
        return (s0, e, f, g)
