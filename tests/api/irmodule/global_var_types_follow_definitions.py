import tvm
from tvm.script import ir as I, relax as R, tirx as T


@I.ir_module
class Pipeline:
    @R.function
    def main(x: R.Tensor(("k",), "float32")) -> R.Tensor(("k",), "float32"):
        k = T.int64()
        cls = Pipeline
        y = R.call_tir(cls.triple, (x,), R.Tensor((k,), dtype="float32"))
        return y

    @T.prim_func(private=True)
    def triple(pa: T.handle, pb: T.handle):
        k = T.int64()
        A = T.match_buffer(pa, (k,), "float32")
        B = T.match_buffer(pb, (k,), "float32")
        for i in range(k):
            B[i] = A[i] * T.float32(3)


# The callee as main calls it is typed by the PrimFunc as built (its buffers'
# tensors), though main was built before it.
call = Pipeline["main"].body.blocks[0].bindings[0].value
print(call.args[0].ty)
# The GlobalVar's type uses the very variables its function binds.
gv = Pipeline.get_global_var("main")
print(gv.ty.params[0].shape.values[0].same_as(Pipeline["main"].params[0].ty.shape.values[0]))
