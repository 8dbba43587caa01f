# Passes written in Python and built-in passes in one Sequential: return values,
# required passes by name, the context a pass sees, errors crossing the pipeline.
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Pipeline:
    @T.prim_func
    def scale(B: T.Buffer((8,), "int32")):
        for k in range(8):
            B[k] = B[k] * 3

    @T.prim_func
    def unused_kernel(C: T.Buffer((2,), "int32")):
        C[1] = 7

    @R.function
    def main(v: R.Tensor((8,), "int32")):
        with R.dataflow():
            w = R.add(v, v)
            dead = R.multiply(w, v)
            R.output(w)
        return w


@tvm.tirx.transform.prim_func_pass(opt_level=0, name="DropUnused")
def drop_unused(func, mod, ctx):
    # None removes a PrimFunc; the function itself keeps it.
    return None if len(func.params) == 1 and func.params[0].name == "C" else func


@relax.transform.function_pass(opt_level=0, name="Observe")
def observe(func, mod, ctx):
    seen.append(("Observe", ctx.opt_level, tvm.transform.PassContext.current().same_as(ctx)))
    return None  # a Relax function pass keeps the function


seen = []


@tvm.instrument.pass_instrument
class Trace:
    def run_before_pass(self, mod, info):
        seen.append("before " + info.name)

    def should_run(self, mod, info):
        return info.name != "SkipMe"


@tvm.transform.module_pass(opt_level=0, name="SkipMe")
def skip_me(mod, ctx):
    raise RuntimeError("never runs")


@tvm.transform.module_pass(opt_level=0, name="NeedsNormal", required=["relax.transform.Normalize"])
def needs_normal(mod, ctx):
    seen.append("NeedsNormal")
    return mod


seq = tvm.transform.Sequential(
    [tvm.tirx.transform.RemoveNoOp(), drop_unused, observe, skip_me, needs_normal, relax.transform.Normalize()], name="Mixed"
)
with tvm.transform.PassContext(opt_level=3, instruments=[Trace()]) as ctx:
    out = seq(Pipeline)
print([gv.name_hint for gv in out.get_global_vars()])
for item in seen:
    print(item)
print(out["scale"])

# An exception from a Python pass leaves the pipeline as itself.
@tvm.transform.module_pass(opt_level=0)
def fails(mod, ctx):
    raise ValueError("in the middle")


try:
    tvm.transform.Sequential([relax.transform.Normalize(), fails, relax.transform.Normalize()])(Pipeline)
except ValueError as e:
    print("ValueError", str(e).splitlines()[-1])

# A module pass must return a module.
try:
    tvm.transform.module_pass(lambda m, c: None, opt_level=0)(Pipeline)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

# Unknown names in required lists.
try:
    tvm.transform.module_pass(lambda m, c: m, opt_level=0, required=["NoSuchPass"])
    tvm.transform.Sequential([tvm.transform.module_pass(lambda m, c: m, opt_level=0, required=["NoSuchPass"])])(Pipeline)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
print(tvm.transform.PassContext.current().opt_level)
