from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def scale(X: T.Buffer((8,), "float32")):
    for k in range(8):
        with T.sblock("s"):
            vk = T.axis.spatial(8, k)
            T.reads(X[vk])
            T.writes(X[vk])
            X[vk] = X[k] * T.float32(2)
