# DataflowBlockRewrite: adding, removing and replacing bindings of one dataflow block.
import tvm
from tvm import relax
from tvm.relax.analysis import name_to_binding
from tvm.relax.binding_rewrite import DataflowBlockRewrite
from tvm.script import relax as R


@tvm.script.ir_module
class Chain:
    @R.function
    def main(x: R.Tensor((8,), "float32"), y: R.Tensor((8,), "float32")) -> R.Tensor((8,), "float32"):
        with R.dataflow():
            t0 = R.add(x, y)
            t1 = R.multiply(x, y)
            t2 = R.add(t0, x)
            dead = R.exp(t2)
            dead2 = R.exp(dead)
            out = R.subtract(t2, y)
            R.output(out)
        return out


fn = Chain["main"]
dfb = fn.body.blocks[0]
names = name_to_binding(fn)

rw = DataflowBlockRewrite(dfb, fn)
rw.add(names["t0"][0].var, name="copy_t0", is_dfvar=True)
rw.add(fn.params[1])
rw.add(fn.params[0], is_dfvar=True)
print(rw.mutated_root_fn())
print(type(rw.mutated_dfb().bindings[-1].var).__name__)

rw = DataflowBlockRewrite(dfb, fn)
rw.replace_all_uses(names["t0"][0].var, names["t1"][0].var)
try:
    rw.remove_unused(names["t1"][0].var)
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[-1].split(": ")[-1])
rw.remove_unused(names["t0"][0].var)
rw.remove_unused(relax.Var("nowhere"), allow_undef=True)
try:
    rw.remove_unused(relax.Var("nowhere"))
except RuntimeError as e:
    print(type(e).__name__, "undefined" in str(e))
print(rw.mutated_root_fn())

rw = DataflowBlockRewrite(dfb, fn)
rw.remove_all_unused()
print(rw.mutated_root_fn())
print(len(rw.mutated_dfb().bindings), rw.mutated_root_fn().body.blocks[0].same_as(rw.mutated_dfb()))

rw = DataflowBlockRewrite(dfb, fn)
rw.add(name="extra", expr=fn.params[0], is_dfvar=True)
new_mod = rw.mutate_irmodule(Chain)
print(len(new_mod["main"].body.blocks[0].bindings), len(Chain["main"].body.blocks[0].bindings))
