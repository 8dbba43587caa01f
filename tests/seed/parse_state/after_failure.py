# A failed parse leaves no open frame behind: the next parse in the same VM works,
# and a builder error keeps its type.
import tvm
from tvm.script import tirx as T


def broken():
    @T.function
    def bad(E: T.Tensor((2,), "float32")):
        for i in range(2):
            E[i] = T.exp(E[i], bogus=1)


for attempt in range(2):
    try:
        broken()
    except TypeError as e:
        print("attempt", attempt, "TypeError:", e)


@T.function
def good(E: T.Tensor((2,), "float32")):
    E[0] = T.float32(2)


print(good.script().splitlines()[-1].strip())
text = "from tvm.script import tirx as T\n@T.function\ndef again(E: T.Tensor((2,), 'float32')):\n    E[1] = T.float32(3)\n"
print(tvm.script.from_source(text).script().splitlines()[-1].strip())
