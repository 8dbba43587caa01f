# The construction namespace an S-TIR function was built in is recorded on it as
# TVM 0.27 records it, the function attribute "s_tir"; the printer reads it (the
# S-TIR decorator in either spelling) and so does lowering (the S-TIR pipeline).
import tvm
from tvm.script import tirx as T
from tvm.script import s_tir as Ts


@Ts.function
def native(V: T.Tensor((2,), "int32")):
    for i in range(2):
        with Ts.sblock("w"):
            V[i] = 7


@T.prim_func(s_tir=True)
def spelled(V: T.Buffer((2,), "int32")):
    for i in range(2):
        with T.sblock("w"):
            V[i] = 7


@T.function
def plain(V: T.Tensor((2,), "int32")):
    V[0] = 7


for f in (native, spelled, plain):
    print(f.attrs.get("s_tir"))
tvm.ir.assert_structural_equal(native.with_attr("global_symbol", "spelled"), spelled)


def decorator(text):
    return next(line for line in text.splitlines() if line.startswith("@"))


print(decorator(native.script(syntax="native")))
print(decorator(plain.script(syntax="native")))
print(decorator(spelled.script()))
