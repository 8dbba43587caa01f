# tirx.analysis.undefined_vars (with and without given definitions) and verify_ssa.
from tvm import tirx
from tvm.script import tirx as T


@T.prim_func
def f(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32"), k: T.int32):
    for i in range(8):
        s: T.let[T.int32] = i + k
        for j in range(8):
            if j < s:
                B[i, j] = A[j, i] * T.float32(2)


loop = f.body
print(sorted(v.name for v in tirx.analysis.undefined_vars(loop)))
inner = loop.body
print(sorted(v.name for v in tirx.analysis.undefined_vars(inner)))
print(sorted(v.name for v in tirx.analysis.undefined_vars(inner, [loop.loop_var])))
print([v.name for v in tirx.analysis.undefined_vars(inner.seq[1].body)])
print(tirx.analysis.verify_ssa(f))
