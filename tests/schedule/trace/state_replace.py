import tvm
from tvm.script import tirx as T
from tvm import tirx


@T.prim_func(s_tir=True)
def inc(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("inc"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] + T.float32(1.0)


@T.prim_func(s_tir=True)
def dec(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.sblock("dec"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] - T.float32(1.0)


# A loop replaced by a shorter one: its reference follows.
s = tvm.s_tir.ScheduleState(inc, debug_mask="all")
loop = s.mod["main"].body.block.body
sref = s.get_sref(loop)
print(hash(sref) == hash(s.get_sref(loop)), sref.stmt.extent)
s.replace(sref, tirx.For(loop.loop_var, 0, 4, tirx.ForKind.SERIAL, loop.body))
print(s.mod["main"].script())
print(sref.stmt.extent)
print(s.get_sref(tirx.Evaluate(0)))

# A block replaced by another one, its reference kept through block_sref_reuse.
s = tvm.s_tir.ScheduleState(inc)
old = s.mod["main"].body.block.body.body.block
new = dec.body.block.body.body.block
bref = s.get_sref(old)
s.replace(bref, new, {old: new})
print(hash(bref) == hash(s.get_sref(s.mod["main"].body.block.body.body.block)))
print(bref.stmt.name_hint)
