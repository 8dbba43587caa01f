import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def add_then_double(P: T.Buffer((32, 48), "float32"), Q: T.Buffer((32, 48), "float32")):
    S = T.sblock_alloc_buffer((32, 48))
    for a, b in T.grid(32, 48):
        with T.sblock("add"):
            va, vb = T.axis.remap("SS", [a, b])
            S[va, vb] = P[va, vb] + T.float32(2.0)
    for a, b in T.grid(32, 48):
        with T.sblock("double"):
            va, vb = T.axis.remap("SS", [a, b])
            Q[va, vb] = S[va, vb] * T.float32(2.0)


# An input buffer cached at the start of the scope; an intermediate one cached
# right before its reader.
sch = tvm.s_tir.Schedule(add_then_double)
add = sch.get_sblock("add")
p_shared = sch.cache_read(add, 0, "shared")
s_local = sch.cache_read("double", "S", "local")
print(sch.mod.script())
print(sch.trace)

# cache_write of the output and of the intermediate.
sch = tvm.s_tir.Schedule(add_then_double)
q_local = sch.cache_write("double", 0, "local")
s_shared = sch.cache_write("add", 0, "shared")
print(sch.mod.script())
print(sch.trace)

# A cache under a loop after compute_at: only the tile is copied.
sch = tvm.s_tir.Schedule(add_then_double)
a, b = sch.get_loops("double")
a0, a1 = sch.split(a, factors=[None, 8])
sch.compute_at("add", a0)
p_local = sch.cache_read("add", 0, "local")
sch.compute_at(p_local, a0)
print(sch.mod.script())

# Errors.
for args in [("add", 3, "shared"), ("add", 0, "not-a-scope")]:
    sch = tvm.s_tir.Schedule(add_then_double, error_render_level="fast")
    try:
        sch.cache_read(*args)
    except Exception as e:
        print(type(e).__name__)
        print(str(e))
sch = tvm.s_tir.Schedule(add_then_double, error_render_level="fast")
try:
    sch.cache_write("double", 1, "local")
except Exception as e:
    print(type(e).__name__)
    print(str(e))
