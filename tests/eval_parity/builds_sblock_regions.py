# S-TIR blocks through the native paths of an evaluated body: buffer subscripts
# (tuple displays of indices, slices, constants), `T.reads`/`T.writes` of loads,
# regions, a list and a tuple of them, `T.axis.*` with computed bindings (by
# keyword too), and stores: the same IR both ways.
from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def f(A: T.Buffer((16, 32), "float32"), B: T.Buffer((16, 32), "float32"), C: T.Buffer((16,), "float32")):
        for i, j0 in T.grid(16, 8):
            for j1 in range(4):
                with T.sblock("copy"):
                    vi = T.axis.spatial(16, i)
                    vj = T.axis.spatial(dom=32, binding=j0 * 4 + j1)
                    T.reads(A[vi, vj])
                    T.writes([B[vi, vj]])
                    B[vi, vj] = A[vi, vj] * T.float32(2) + A[vi, 0]
        for i, k in T.grid(16, 32):
            with T.sblock("sum"):
                vi, vk = T.axis.remap("SR", [i, k])
                T.reads((B[vi, vk], A[vi, 0:4]))
                T.writes(C[vi:vi + 1])
                with T.init():
                    C[vi] = T.float32(0)
                C[(vi,)] = C[vi] + B[vi, vk]
