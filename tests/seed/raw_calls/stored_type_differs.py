# A raw call whose stored type is not what its operator infers prints as I.Call with
# that type, and parses back equal.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T


@T.function
def narrow(P: T.Tensor((5,), "float32"), Q: T.Tensor((5,), "int8")):
    Q[1] = I.Call("tirx.exp", [P[2]], ty=T.int8)
    Q[2] = I.Call(tvm.ir.Op.get("tirx.sqrt"), [P[3]], ty=tvm.ir.PrimType("int8"))


text = narrow.script()
print(text)
back = tvm.script.from_source(text, extra_vars={"T": T, "I": I})
tvm.ir.assert_structural_equal(narrow, back)
print("round trip equal")
