# Pass objects: PassInfo fields, Sequential printing and nesting, pass_info of
# built-in passes, module_pass on a class with opt_level/name/required, PassContext
# config and list_configs, and the TIRx ConvertSSA / Relax Normalize built-ins.
import tvm
from tvm import relax, tirx
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func
    def a(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = i

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        y = R.add(x, x)
        return y


info = tvm.transform.PassInfo(2, "my_pass", ["dep"])
print(type(info).__name__, info.opt_level, info.name, list(info.required), info.traceable)
for p in [relax.transform.Normalize(), relax.transform.DeadCodeElimination(), relax.transform.CanonicalizeBindings(), tirx.transform.ConvertSSA(), tirx.transform.RemoveNoOp()]:
    i = p.info
    print(type(p).__name__, i.name, i.opt_level, list(i.required))


@tvm.transform.module_pass(opt_level=1, name="Renamer", required=["tirx.transform.RemoveNoOp"])
class Renamer:
    def __init__(self, suffix):
        self.suffix = suffix

    def transform_module(self, mod, ctx):
        print("Renamer at", ctx.opt_level)
        return mod


r = Renamer("_x")
print(type(r).__name__, r.info.name, r.info.opt_level, list(r.info.required))
out = r(Mod)
print(out.same_as(Mod), sorted(gv.name_hint for gv in out.get_global_vars()))

seq = tvm.transform.Sequential([relax.transform.Normalize(), tvm.transform.Sequential([tirx.transform.RemoveNoOp()], name="inner")], opt_level=2, name="outer")
print(seq.info.name, seq.info.opt_level)
with tvm.transform.PassContext(opt_level=3):
    res = seq(Mod)
print(res.same_as(Mod), sorted(gv.name_hint for gv in res.get_global_vars()))

configs = tvm.transform.PassContext.list_configs()
print(type(configs).__name__, "tirx.noalias" in configs, configs["tirx.noalias"]["type"] if "tirx.noalias" in configs else None)
with tvm.transform.PassContext(config={"relax.backend.use_cuda_graph": True}) as ctx:
    print(ctx.config["relax.backend.use_cuda_graph"], tvm.transform.PassContext.current().same_as(ctx))
try:
    tvm.transform.PassContext(config={"not.a.real.option": 1})
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:60])


@T.prim_func
def dup(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = 1
    for i in range(4):
        A[i] = 2


m = tvm.IRModule({"dup": dup})
print(tirx.transform.ConvertSSA()(m)["dup"].script())
print(relax.transform.Normalize()(Mod)["main"].same_as(Mod["main"]))
