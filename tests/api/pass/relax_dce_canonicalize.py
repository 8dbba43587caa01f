# Relax DeadCodeElimination and CanonicalizeBindings on small modules: unused pure
# bindings go, impure calls stay, trivial rebindings fold, unreachable private
# functions are dropped.
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func(private=True)
    def unused_prim(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(0)

    @R.function(private=True)
    def helper(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        return x

    @R.function(private=True)
    def dead_helper(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        return x

    @R.function
    def main(x: R.Tensor((4,), "float32"), y: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            a = x
            b = R.add(a, y)
            unused = R.multiply(b, b)
            unused2 = R.exp(unused)
            c = b
            R.output(c)
        d = Mod.helper(c)
        e = R.add(d, d)
        return d


print(Mod.script())
dce = relax.transform.DeadCodeElimination()
print(dce.info.name, dce.info.opt_level)
out = dce(Mod)
print(out.script())
canon = relax.transform.CanonicalizeBindings()
print(canon.info.name, [p.info.name for p in canon.passes])
with tvm.transform.PassContext(opt_level=3):
    out2 = canon(Mod)
print(out2["main"].script())
with tvm.transform.PassContext(opt_level=3):
    out3 = tvm.transform.Sequential([canon, dce])(Mod)
print(out3.script())
