# relax.op calls built from Python: how each prints, its attrs as TVM's reflective repr
# shows them (tuples, bare dtypes, Python float repr) and the missing type of an
# unnormalized call.
import tvm
from tvm import ir, tirx, relax
x = relax.Var("x", relax.TensorType([2, 3], "float32"))
y = relax.Var("y", relax.TensorType([3, 4], "float32"))
ops = [relax.op.matmul(x, y), relax.op.sum(x), relax.op.mean(x, axis=1), relax.op.permute_dims(x), relax.op.permute_dims(x, [1, 0]),
       relax.op.nn.softmax(x), relax.op.nn.softmax(x, axis=0), relax.op.astype(x, "int32"), relax.op.broadcast_to(x, (4, 2, 3)),
       relax.op.reshape(x, (3, 2)), relax.op.concat([x, x]), relax.op.split(x, 3, axis=1), relax.op.zeros((2, 2), "float32"),
       relax.op.full((2,), relax.const(1.0, "float32")), relax.op.expand_dims(x, 0), relax.op.squeeze(x), relax.op.take(x, relax.const(0, "int64"), axis=0),
       relax.op.nn.conv2d(relax.Var("d", relax.TensorType([1, 3, 8, 8], "float32")), relax.Var("w", relax.TensorType([4, 3, 3, 3], "float32"))),
       relax.op.max(x, axis=[0], keepdims=True), relax.op.where(relax.Var("c", relax.TensorType([2, 3], "bool")), x, x), relax.op.maximum(x, x),
       relax.op.strided_slice(x, axes=[0], begin=[0], end=[1]), relax.op.nn.layer_norm(x, relax.Var("g", relax.TensorType([3], "float32")), relax.Var("b", relax.TensorType([3], "float32")), axes=[-1]),
       relax.op.argmax(x, axis=1), relax.op.clip(x, 0, 6), relax.op.cumsum(x, axis=1)]
for c in ops:
    print(c, "|", c.attrs, "|", c.ty)
print(relax.op.add(x, x).op.get_attr("FPurity"))
print(relax.const(3.5), relax.const(2, "int64"), relax.const(True))
print(relax.const(3.5).ty, relax.const(2, "int64").data if False else "")
