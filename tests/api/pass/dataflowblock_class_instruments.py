# relax.transform.dataflowblock_pass and function_pass on classes with state,
# run inside a Sequential under a PassContext with a disabled pass; instruments
# that record pass names; PassContext.current() inside a pass.
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Mod:
    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            a = R.add(x, x)
            b = R.multiply(a, x)
            R.output(b)
        return b


@relax.transform.dataflowblock_pass(opt_level=0, name="CountBindings")
class CountBindings:
    def __init__(self):
        self.seen = []

    def transform_dataflowblock(self, block, mod, ctx):
        self.seen.append(len(block.bindings))
        return block


@relax.transform.function_pass(opt_level=1)
class Renamer:
    def transform_function(self, func, mod, ctx):
        print("in", type(func).__name__, tvm.transform.PassContext.current().opt_level)
        return func.with_attr("tagged", 1)


@tvm.instrument.pass_instrument
class Names:
    def __init__(self):
        self.names = []

    def run_before_pass(self, mod, info):
        self.names.append(info.name)


counter = CountBindings()
print(counter.info.name, counter.info.opt_level, Renamer().info.name)
names = Names()
seq = tvm.transform.Sequential([counter, Renamer(), relax.transform.DeadCodeElimination()])
with tvm.transform.PassContext(opt_level=2, disabled_pass=["DeadCodeElimination"], instruments=[names]):
    out = seq(Mod)
print(names.names)
print(out["main"].attrs["tagged"])
print(out["main"].script())
with tvm.transform.PassContext(opt_level=0, instruments=[names]):
    out2 = seq(Mod)
print(names.names)
