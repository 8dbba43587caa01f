# Operators on distributed tensors: the placement follows each sharded input axis to
# the output axis it becomes (broadcast, matmul, permute_dims, reductions, reshape).
from tvm.script import ir as I
from tvm.script.parser import relax as R


@I.ir_module
class Module:
    I.module_attrs({"device_num": 4})
    I.module_global_infos({"mesh": [R.device_mesh((2, 2), I.Range(0, 4)), R.device_mesh((4,), [0, 1, 2, 3])]})

    @R.function
    def main(
        a: R.DTensor((8, 8), "float32", "mesh[0]", "S[0], R"),
        b: R.DTensor((8,), "float32", "mesh[0]", "R, S[0]"),
        d: R.DTensor((8, 8), "float32", "mesh[0]", "S[1]R"),
    ) -> R.DTensor((8,), "float32", "mesh[0]", "S[0], R"):
        e = R.add(a, b)
        e2 = R.multiply(a, d)
        m = R.nn.gelu(e)
        n = R.matmul(m, d)
        p = R.permute_dims(n)
        s = R.nn.softmax(p, axis=0)
        r = R.reshape(s, R.shape([8, 2, 4]))
        q = R.sum(a, axis=[1])
        return q
