from tvm.relax.script.parser.entry import TensorProxy
from tvm.relax.testing.runtime_builtin import MatchShapeCode as MS

assert MS.STORE_TO_HEAP == 1
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@R.function
def main(x: R.Tensor(dtype="float32", ndim=2), y: R.Any):
    n, c = T.int64(), I.meta_var(T.int64(8))
    a = R.match_cast(x, R.Tensor((n, c), "float32"))
    b = R.match_cast(y, TensorProxy)
    return b
