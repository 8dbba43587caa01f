# tvm.error's classes and their bases; a DiagnosticError is caught as a RuntimeError.
import tvm
from tvm.script import tirx as T

for name in sorted(n for n in dir(tvm.error) if not n.startswith("_")):
    c = getattr(tvm.error, name)
    if isinstance(c, type):
        print(name, c.__module__, [b.__name__ for b in c.__mro__[1:-1]])
    else:
        print(name, "function")

try:
    @T.prim_func
    def broken(A: T.Buffer((2,), "float32")):
        A[0] = undefined_name
except RuntimeError as e:
    print("caught as RuntimeError:", type(e).__name__, isinstance(e, tvm.error.DiagnosticError))
