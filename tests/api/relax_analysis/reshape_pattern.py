from tvm.relax.analysis import has_reshape_pattern
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def flatten(P: T.Buffer((2, 3, 5), "float32"), Q: T.Buffer((30,), "float32")):
    for t in range(30):
        with T.sblock("flat"):
            vt = T.axis.spatial(30, t)
            Q[vt] = P[vt // 15, vt % 15 // 5, vt % 5]


@T.prim_func(s_tir=True)
def unflatten(P: T.Buffer((30,), "float32"), Q: T.Buffer((6, 5), "float32")):
    for a, b in T.grid(6, 5):
        with T.sblock("unflat"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = P[va * 5 + vb]


@T.prim_func(s_tir=True)
def swap(P: T.Buffer((4, 6), "float32"), Q: T.Buffer((6, 4), "float32")):
    for a, b in T.grid(6, 4):
        with T.sblock("swap"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = P[vb, va]


@T.prim_func(s_tir=True)
def regroup(P: T.Buffer((4, 6), "float32"), Q: T.Buffer((8, 3), "float32")):
    for a, b in T.grid(8, 3):
        with T.sblock("regroup"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = P[(va * 3 + vb) // 6, (va * 3 + vb) % 6]


@T.prim_func(s_tir=True)
def scaled(P: T.Buffer((12,), "float32"), Q: T.Buffer((12,), "float32")):
    for a in range(12):
        with T.sblock("scaled"):
            va = T.axis.spatial(12, a)
            Q[va] = P[va] * T.float32(2)


@T.prim_func(s_tir=True)
def one_buffer(P: T.Buffer((12,), "float32")):
    for a in range(12):
        with T.sblock("fill"):
            va = T.axis.spatial(12, a)
            P[va] = T.float32(0)


for name, f in [("flatten", flatten), ("unflatten", unflatten), ("swap", swap), ("regroup", regroup), ("scaled", scaled), ("one_buffer", one_buffer)]:
    print(name, has_reshape_pattern(f))
