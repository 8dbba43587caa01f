# from_source(..., const_args=...) specializes the source's JIT definition: the map
# gives parameter names fixed values, an empty map still builds through the JIT
# root, and None marks an absent optional argument (its annotation is not read).
import tvm

text = '''
from tvm.script import tirx as T
@T.jit
def kernel(Out: T.Tensor((4,), "float32"), Extra: T.Optional(T.Tensor((missing_extent,), "float32")), *, twice: T.constexpr = False):
    if twice:
        Out[0] = T.float32(2)
    else:
        Out[0] = T.float32(1)
'''
a = tvm.script.from_source(text, const_args={"twice": True, "Extra": None})
print(type(a).__name__, len(a.params), a.script().splitlines()[-1].strip())
b = tvm.script.from_source(text, const_args={"Extra": None})
print(len(b.params), b.script().splitlines()[-1].strip())
try:
    tvm.script.from_source(text)
    print("parsed without const_args")
except Exception as e:
    print("without const_args:", type(e).__name__)
