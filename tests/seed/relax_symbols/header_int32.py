# Relax shapes hold int64 symbols: a header symbol without a dtype (int32 by default)
# or an int32 I.dynamic is refused, the message naming the int64 declaration; an
# int32 symbol made in TVM's spelling (`T.int32()`) gets TVM's message alone.
import tvm
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import tirx as T

sources = {
    "header": """
from tvm.script import relax as R
@R.function
def f[rows](x: R.Tensor((rows, 4), "float32")):
    return x
""",
    "dynamic": """
from tvm.script import ir as I
from tvm.script import relax as R
rows = I.dynamic("rows")
@R.function
def f(x: R.Tensor((rows, 4), "float32")):
    return x
""",
    "tvm": """
from tvm.script import relax as R
from tvm.script import tirx as T
rows = T.int32()
@R.function
def f(x: R.Tensor((rows, 4), "float32")):
    return x
""",
}
for label, text in sources.items():
    try:
        tvm.script.from_source(text)
        print(label, "accepted")
    except Exception as e:
        msg = str(e)
        print(label, "rows: T.int64" in msg, 'I.dynamic("rows", "int64")' in msg, "can only have dtype of int64" in msg)

ok = tvm.script.from_source("""
from tvm.script import relax as R
from tvm.script import tirx as T
@R.function
def f[rows: T.int64](x: R.Tensor((rows, 4), "float32")):
    return x
""")
print(ok.params[0].ty)
rows = I.dynamic("rows", "int64")


@R.function
def g(x: R.Tensor((rows, 4), "float32")):
    return x


print(g.params[0].ty)
