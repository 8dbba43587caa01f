import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def double(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
        for i in range(8):
            B[i] = A[i] * T.float32(2.0)

    @R.function
    def main(a: R.Tensor((8,), "float32"), t: R.Tuple(R.Tensor((8,), "float32"), R.Shape([2]))):
        cls = Module
        first = R.TupleGetItem(t, 0)
        second = relax.TupleGetItem(t, 1)
        alloc: R.Tensor((8,), dtype="float32") = R.emit_with_ty(
            "relax.builtin.alloc_tensor",
            (R.shape([8]), R.dtype("float32"), R.prim_value(0), R.str("global")),
            (R.Tensor((8,), dtype="float32"),),
        )
        doubled = relax.Call(
            tvm.ir.Op.get("relax.call_tir"),
            [cls.double, relax.Tuple([first])],
            ty_args=[a.ty],
        )
        return (doubled, alloc, second)
