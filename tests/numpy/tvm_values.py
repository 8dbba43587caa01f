import numpy as np
import tvm
from tvm import relax

np.random.seed(3)
weights = np.random.uniform(-1, 1, size=(2, 3)).astype("float32")
w = relax.const(weights)
print(w.ty)
print(w.value)
print(repr(w.value.numpy()))
np.testing.assert_allclose(w.value.numpy(), weights)
for value in [np.arange(4), np.float64(0.25), np.array([[True], [False]]), np.ones(2, "float16"), np.int8(-3), np.zeros((0, 2), "int32")]:
    c = relax.const(value)
    print(c.ty, c.value.dtype, c.value.shape, c.value.numpy().dtype)
print(relax.const(np.arange(3), "int64").ty, relax.const(np.array([1.5, 2.5]), "float16").value)
print(relax.const(np.array([0.7, -1.2]), "int32").value)
t = tvm.runtime.tensor(np.arange(6, dtype="int8").reshape(2, 3))
print(t.shape, t.dtype, t.ndim)
print(repr(t))
print(t)
print(repr(tvm.runtime.tensor([[1.5, 2.0]]).numpy()), tvm.runtime.tensor(np.float32(3)).shape)
print(relax.const(t).ty)
print(relax.const(np.float32(1.5)))
bb = relax.BlockBuilder()
x = relax.Var("x", relax.TensorType((2, 3), "float32"))
with bb.function("main", [x]):
    y = bb.emit(relax.op.add(x, relax.const(weights)))
    bb.emit_func_output(y)
mod = bb.get()
c = mod["main"].body.blocks[0].bindings[0].value.args[1]
print(c.ty, np.array_equal(c.value.numpy(), weights))
