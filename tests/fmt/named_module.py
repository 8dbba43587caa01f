import tvm
from tvm.script import relax as R


@tvm.script.ir_module
class Pair:
    @R.function
    def twice(v: R.Tensor((3,), "float32")):
        w = R.add(v, v)
        return w

    @R.function
    def entry(v: R.Tensor((3,), "float32")):
        cls = Pair
        out = cls.twice(v)
        return out


print("defined", Pair is not None)
