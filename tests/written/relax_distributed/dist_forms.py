# The R.dist forms: call_tir with distributed outputs, call_tir_local_view,
# redistribute, annotate_sharding, const, redistribute_replica_to_shard, allreduce.
from tvm.script import ir as I
from tvm.script import tirx as T
from tvm.script.parser import relax as R


@I.ir_module
class Module:
    I.module_global_infos({"mesh": [R.device_mesh((2,), I.Range(0, 2))]})

    @T.prim_func
    def f(x: T.Buffer((T.int64(8), T.int64(8)), "float32"), y: T.Buffer((T.int64(8), T.int64(8)), "float32")):
        for i, j in T.grid(T.int64(8), T.int64(8)):
            y[i, j] = x[i, j]

    @R.function
    def main(
        a: R.DTensor((8, 8), "float32", device_mesh="mesh[0]", placement="R"),
        c: R.DTensor(dtype="float32", device_mesh="mesh[0]", placement="R", ndim=2),
    ) -> R.DTensor((8, 8), "float32", "mesh[0]", "R"):
        cls = Module
        g = R.dist.call_tir(cls.f, a, out_ty=R.DTensor((8, 8), "float32", "mesh[0]", "S[0]"))
        g2 = R.dist.call_tir(cls.f, (a,), out_ty=[R.DTensor((8, 8), "float32", "mesh[0]", "S[0]"), R.DTensor((8, 8), "float32", "mesh[0]", "R")])
        h = R.dist.call_tir_local_view(cls.f, (a,), out_ty=R.DTensor((8, 8), "float32", "mesh[0]", "S[1]"))
        k = R.dist.redistribute(h, "mesh[0]", "R")
        at = R.dist.annotate_sharding(k, device_mesh="mesh[0]", placement="S[0]")
        one = R.dist.const(1.5, R.DTensor((), "float32", "mesh[0]", "R"))
        x = R.add(at, one)
        s = R.dist.redistribute_replica_to_shard(x, num_workers=2, axis=1)
        al = R.ccl.allreduce(s, "sum")
        return al
