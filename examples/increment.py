# The seed's increment example: author a TIRx function, print it, parse the text
# back and check the two are structurally equal.
import tvm
from tvm.script import tirx as T


@T.prim_func
def increment(A: T.Buffer((4,), "float32")):
    for i in T.serial(4):
        A[i] = A[i] + T.float32(1)


text = increment.script()
reparsed = tvm.script.from_source(text, extra_vars={"T": T})
tvm.ir.assert_structural_equal(increment, reparsed)
print(text)
print("round trip: structurally equal")
