# PassContext settings, config checks, nesting and instruments; module_pass on a
# class; required passes; errors TVM raises for bad arguments.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Mod:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        A[0] = 1


print(tvm.transform.PassContext.current())
print(tvm.transform.PassContext.current().opt_level)
ctx = tvm.transform.PassContext(opt_level=3, config={"tirx.noalias": True}, required_pass=("A",), disabled_pass=["B"])
print(ctx.opt_level, ctx.config, ctx.required_pass, ctx.disabled_pass)
try:
    tvm.transform.PassContext(config={"foo.bar": 1})
except AttributeError as e:
    print("AttributeError", str(e)[:60])
cfg = tvm.transform.PassContext.list_configs()
print(len(cfg), "tirx.noalias" in cfg, cfg["relax.FuseOps.max_depth"]["type"])

with tvm.transform.PassContext(opt_level=1):
    print(tvm.transform.PassContext.current().opt_level)
    with tvm.transform.PassContext(opt_level=3):
        print(tvm.transform.PassContext.current().opt_level)
    print(tvm.transform.PassContext.current().opt_level)
print(tvm.transform.PassContext.current().opt_level)

info = tvm.transform.PassInfo(3, "P3", [])
print(info, info.opt_level, info.name, info.required)
print(tvm.transform.PassInfo(1, "x", ["a", "b"]).required)


@tvm.transform.module_pass(opt_level=1, name="Counter", required=["tirx.transform.RemoveNoOp"])
class Counter:
    def __init__(self, tag):
        self.tag = tag
        self.calls = 0

    def transform_module(self, mod, ctx):
        self.calls += 1
        return mod


c = Counter("t")
print(type(c).__name__, c.info, c.tag)
c(Mod)
print(c.calls)

events = []


@tvm.ir.instrument.pass_instrument
class Log:
    def run_before_pass(self, mod, info):
        events.append("before " + info.name)

    def run_after_pass(self, mod, info):
        events.append("after " + info.name)


log = Log()
print(type(log).__name__, isinstance(log, tvm.ir.instrument.PassInstrument), log)
seq = tvm.transform.Sequential([c], name="Outer")
print(seq)
with tvm.transform.PassContext(opt_level=2, instruments=[log]) as pc:
    seq(Mod)
    print(pc.instruments)
print(events, c.calls)

for bad in (
    lambda: tvm.transform.module_pass(lambda m, ctx: m),
    lambda: tvm.transform.Sequential(c),
    lambda: tvm.ir.instrument.pass_instrument(lambda: 1),
    lambda: tvm.transform.module_pass(opt_level=0, required="x"),
    lambda: tvm.tirx.transform.prim_func_pass(lambda f, m, c: f),
):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)


try:
    tvm.transform.Sequential([tvm.transform.module_pass(lambda m, c: m, opt_level=0, required=["NoSuchPass"])])(Mod)
except Exception as e:
    print(type(e).__name__, str(e)[-40:])
