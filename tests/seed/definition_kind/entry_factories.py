# Definition decorators carry DEFINITION_KIND, a tvm.script.parser.DefinitionKind:
# FUNCTION for regular and JIT definitions, MACRO for inline and macro expansion,
# PYTHON for I.pyfunc; a module class decorator defines no function and has none.
# They stay the callables they stand for.
from tvm.script import ir as I
from tvm.script import relax as R
from tvm.script import s_tir as Ts
from tvm.script import tirx as T
from tvm.script.parser import DefinitionKind

for label, entry in [
    ("T.prim_func", T.prim_func),
    ("T.function", T.function),
    ("T.jit", T.jit),
    ("T.macro", T.macro),
    ("T.inline", T.inline),
    ("Ts.function", Ts.function),
    ("R.function", R.function),
    ("R.macro", R.macro),
    ("I.pyfunc", I.pyfunc),
]:
    print(label, entry.DEFINITION_KIND, entry.DEFINITION_KIND is getattr(DefinitionKind, entry.DEFINITION_KIND.name))
print("I.ir_module", hasattr(I.ir_module, "DEFINITION_KIND"))
print([k.name for k in DefinitionKind])
print(T.prim_func is T.prim_func, T.prim_func.__name__, callable(T.macro))


@T.prim_func
def copy(A: T.Buffer((2,), "int8"), B: T.Buffer((2,), "int8")):
    B[0] = A[0]


print(len(copy.params))
