import tvm
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def flat_load(X: T.Buffer((64, 32), "float32"), Y: T.Buffer((4, 16, 4, 8), "float32")):
    M = T.sblock_alloc_buffer((64, 32))
    for a, b in T.grid(64, 32):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] - T.float32(3.0)
    for a, b, c, d in T.grid(4, 16, 4, 8):
        with T.sblock("y"):
            va, vb, vc, vd = T.axis.remap("SSSS", [a, b, c, d])
            Y[va, vb, vc, vd] = M[(((va * 16 + vb) * 4 + vc) * 8 + vd) // 32, (((va * 16 + vb) * 4 + vc) * 8 + vd) % 32] * T.float32(0.5)


@T.prim_func(s_tir=True)
def unit_iter(X: T.Buffer((64, 48), "float32"), W: T.Buffer((4, 16, 1), "float32"), Y: T.Buffer((1, 4, 16, 48), "float32")):
    M = T.sblock_alloc_buffer((64, 48))
    for a, b in T.grid(64, 48):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] + T.float32(1.0)
    for a, b, c, d in T.grid(1, 4, 16, 48):
        with T.sblock("y"):
            va, vb, vc, vd = T.axis.remap("SSSS", [a, b, c, d])
            Y[va, vb, vc, vd] = M[vb * 16 + vc, vd] * W[vb, vc, va]


@T.prim_func(s_tir=True)
def overcomputed(X: T.Buffer((64, 40), "float32"), Y: T.Buffer((61, 37), "float32")):
    M = T.sblock_alloc_buffer((64, 40))
    for a, b in T.grid(64, 40):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] * X[va, vb]
    for a, b in T.grid(61, 37):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[va, vb] = M[va, vb] + T.float32(2.0)


@T.prim_func(s_tir=True)
def overcomputed_fused(X: T.Buffer((32, 64), "float32"), Y: T.Buffer((30, 63), "float32")):
    M = T.sblock_alloc_buffer((32, 64))
    for f in T.grid(2048):
        with T.sblock("m"):
            va = T.axis.spatial(32, f // 64)
            vb = T.axis.spatial(64, f % 64)
            M[va, vb] = X[va, vb] * T.float32(4.0)
    for a, b in T.grid(30, 63):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[va, vb] = M[va, vb] - T.float32(1.0)


@T.prim_func(s_tir=True)
def tiled_load(X: T.Buffer((64, 64), "float32"), Y: T.Buffer((60, 62), "float32")):
    M = T.sblock_alloc_buffer((8, 4, 8, 16))
    for a0, b0, a1, b1 in T.grid(8, 4, 8, 16):
        with T.sblock("m"):
            va, vb, vc, vd = T.axis.remap("SSSS", [a0, b0, a1, b1])
            M[va, vb, vc, vd] = X[va * 8 + vc, vb * 16 + vd] + T.float32(5.0)
    for a, b in T.grid(60, 62):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[va, vb] = M[va // 8, vb // 16, va % 8, vb % 16] * T.float32(3.0)


@T.prim_func(s_tir=True)
def chain(X: T.Buffer((32, 48), "float32"), Z: T.Buffer((1, 4, 8, 48), "float32")):
    M = T.sblock_alloc_buffer((32, 48))
    N = T.sblock_alloc_buffer((32, 48))
    for a, b in T.grid(32, 48):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] + T.float32(1.0)
    for a, b in T.grid(32, 48):
        with T.sblock("n"):
            va, vb = T.axis.remap("SS", [a, b])
            N[va, vb] = M[va, vb] * T.float32(2.0)
    for a, b, c, d in T.grid(1, 4, 8, 48):
        with T.sblock("z"):
            va, vb, vc, vd = T.axis.remap("SSSS", [a, b, c, d])
            Z[va, vb, vc, vd] = N[vb * 8 + vc, vd] - T.float32(7.0)


@T.prim_func(s_tir=True)
def init_then_permute(X: T.Buffer((5, 1, 12), "float32"), W: T.Buffer((5, 1, 1), "float32"), Y: T.Buffer((1, 5, 12), "float32")):
    S = T.sblock_alloc_buffer((5, 1, 12))
    for a, b in T.grid(5, 12):
        with T.sblock("s"):
            va, vb = T.axis.remap("SS", [a, b])
            T.reads(X[va, 0, vb], W[va, 0, 0])
            T.writes(S[va, 0, vb])
            with T.init():
                S[va, 0, vb] = T.float32(1.0)
            S[va, 0, vb] = S[va, 0, vb] * W[va, 0, 0] + X[va, 0, vb]
    for a, b in T.grid(5, 12):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[0, va, vb] = S[va, 0, vb]


@T.prim_func(s_tir=True)
def not_covered(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((20, 16), "float32")):
    M = T.sblock_alloc_buffer((16, 16))
    for a, b in T.grid(16, 16):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] * T.float32(2.0)
    for a, b in T.grid(20, 16):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[va, vb] = T.if_then_else(va >= 4, M[va - 4, vb], T.float32(0.0))


@T.prim_func(s_tir=True)
def mixed_loads(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((16, 16), "float32")):
    M = T.sblock_alloc_buffer((16, 16))
    for a, b in T.grid(16, 16):
        with T.sblock("m"):
            va, vb = T.axis.remap("SS", [a, b])
            M[va, vb] = X[va, vb] * T.float32(2.0)
    for a, b in T.grid(16, 16):
        with T.sblock("y"):
            va, vb = T.axis.remap("SS", [a, b])
            Y[va, vb] = M[va, vb] + M[vb, va]


for name, f, blocks in [
    ("flat_load", flat_load, ["y"]),
    ("unit_iter", unit_iter, ["y"]),
    ("overcomputed", overcomputed, ["y"]),
    ("overcomputed_fused", overcomputed_fused, ["y"]),
    ("tiled_load", tiled_load, ["y"]),
    ("chain", chain, ["n", "z"]),
    ("init_then_permute", init_then_permute, ["y"]),
]:
    print("#", name)
    sch = tvm.s_tir.Schedule(f, debug_mask="all")
    for b in blocks:
        sch.reverse_compute_inline(sch.get_sblock(b))
    print(sch.mod["main"].script())

for name, f in [("not_covered", not_covered), ("mixed_loads", mixed_loads)]:
    print("#", name)
    sch = tvm.s_tir.Schedule(f, debug_mask="all")
    try:
        sch.reverse_compute_inline(sch.get_sblock("y"))
    except tvm.s_tir.ScheduleError as e:
        print(str(e))
