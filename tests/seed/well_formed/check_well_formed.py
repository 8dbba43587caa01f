# Each language's analysis.check_well_formed validates a completed module: it raises
# on invalid IR by default, and TIRx's (and S-TIR's) take assert_mode=False for a
# bool. TVM's verify_well_formed stays as it is.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T

twice = tvm.tirx.Var("twice", "int32")
body = tvm.tirx.SeqStmt([tvm.tirx.Bind(twice, 1), tvm.tirx.Bind(twice, 2)])
Loose = tvm.IRModule({"dup": tvm.tirx.PrimFunc([], body)})


@I.ir_module
class Tight:
    @T.function
    def keep(D: T.Tensor((4,), "int32")):
        D[0] = 1


for name, mod in [("loose", Loose), ("tight", Tight)]:
    print(name, "tirx bool:", tvm.tirx.analysis.check_well_formed(mod, assert_mode=False))
    print(name, "s_tir bool:", tvm.s_tir.analysis.check_well_formed(mod, assert_mode=False))
    try:
        print(name, "raises: no", tvm.tirx.analysis.check_well_formed(mod))
    except Exception as e:
        print(name, "raises:", "bound more than once" in str(e))
    print(name, "verify_well_formed:", tvm.tirx.analysis.verify_well_formed(mod, assert_mode=False))
