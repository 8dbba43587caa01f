# A source string in the native spelling gets no implicit T, R, I or Ts: the error is
# located and names the fix. TVM's spelling keeps TVM's implicit names. Imports and
# extra_vars provide aliases.
import tvm
from tvm.script import tirx as T

native = '''
@T.function
def fill(B: T.Tensor((2,), "int32")):
    B[0] = 5
'''
tvm_spelling = '''
@T.prim_func
def fill(B: T.Buffer((2,), "int32")):
    B[0] = 5
'''
imported = "from tvm.script import tirx as T\n" + native


def parse(label, text, **kw):
    try:
        f = tvm.script.from_source(text, **kw)
        print(label, "parsed", f.attrs["global_symbol"])
    except SyntaxError as e:
        print(label, "SyntaxError line", e.lineno, "|", e.msg)


parse("native implicit", native)
parse("tvm implicit", tvm_spelling)
parse("native imported", imported)
parse("native extra_vars", native, extra_vars={"T": T})
