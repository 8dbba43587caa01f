# relax.transform.function_pass and dataflowblock_pass, as decorators on functions
# and on classes, composed with a built-in pass in one Sequential.
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func
    def prim(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(0)

    @R.function
    def main(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            a = R.add(x, x)
            b = R.multiply(a, a)
            unused = R.exp(a)
            R.output(b)
        return b


seen = []


@relax.transform.function_pass(opt_level=0)
def record(func, mod, ctx):
    seen.append(type(func).__name__)
    return func


print(type(record).__name__, record.info)
record(Mod)
print(seen)

blocks = []


@relax.transform.dataflowblock_pass(opt_level=0, name="CountBindings")
class CountBindings:
    def __init__(self, prefix):
        self.prefix = prefix

    def transform_dataflowblock(self, block, mod, ctx):
        blocks.append(self.prefix + str(len(block.bindings)))
        return block


cb = CountBindings("n=")
print(type(cb).__name__, cb.info.name, cb.prefix)
seq = tvm.transform.Sequential([cb, relax.transform.DeadCodeElimination(), cb], opt_level=0)
with tvm.transform.PassContext(opt_level=1):
    out = seq(Mod)
print(blocks)
print(out["main"].script())
try:
    relax.transform.function_pass(record, opt_level=None)
except ValueError as e:
    print("ValueError", e)
try:
    from tvm.tirx import stmt_functor  # noqa: F401
except ImportError as e:
    print("ImportError", type(e).__name__)
