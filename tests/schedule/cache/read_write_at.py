import tvm
from tvm import s_tir
from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def tiled_sum(X: T.Buffer((256, 64), "float32"), Y: T.Buffer((256,), "float32")):
    for bi in T.thread_binding(8, thread="blockIdx.x"):
        for ti in T.thread_binding(4, thread="threadIdx.x"):
            for ko in range(8):
                for ii, ki in T.grid(8, 8):
                    with T.sblock("acc"):
                        vi = T.axis.spatial(256, bi * 32 + ti * 8 + ii)
                        vk = T.axis.reduce(64, ko * 8 + ki)
                        with T.init():
                            Y[vi] = T.float32(0.0)
                        Y[vi] = Y[vi] + X[vi, vk]


# X read into shared memory per step of ko (threadIdx relaxed), Y written back per thread.
sch = tvm.s_tir.Schedule(tiled_sum)
acc = sch.get_sblock("acc")
bi, ti, ko, ii, ki = sch.get_loops(acc)
sch.read_at(ko, acc, 0, "shared")
sch.write_at(ti, acc, 0, "local")
print(sch.mod.script())
print(sch.trace)
