# A source string resolves namespace aliases from imports or extra_vars only: an alias
# it assigns itself (`X = T`) is refused for a native-spelling definition, with a
# located error naming the fix. A Python definition may use `Alias = T`.
import tvm
from tvm.script import tirx as T

text = '''
from tvm.script import tirx as T
X = T
@X.function
def fill(B: T.Tensor((2,), "int32")):
    B[1] = 3
'''
try:
    tvm.script.from_source(text)
    print("accepted")
except SyntaxError as e:
    print("SyntaxError line", e.lineno, "|", e.msg)

Alias = T


@Alias.function
def fill(B: T.Tensor((2,), "int32")):
    B[1] = 3


print(fill.attrs["global_symbol"])
