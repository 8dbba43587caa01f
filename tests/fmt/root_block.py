from tvm.script import tirx as T


# Sums rows into a scratch buffer first.
@T.prim_func(s_tir=True)
def row_sums(X: T.Buffer((8, 4), "float32"), Out: T.Buffer((8,), "float32")):
    scratch = T.sblock_alloc_buffer((8,))
    for r, c in T.grid(8, 4):
        with T.sblock("acc"):
            vr, vc = T.axis.remap("SR", [r, c])
            with T.init():
                scratch[vr] = T.float32(0)
            scratch[vr] = scratch[vr] + X[vr, vc]   # accumulate
    for r in range(8):
        with T.sblock("copy"):
            vr = T.axis.spatial(8, r)
            Out[vr] = scratch[vr]
