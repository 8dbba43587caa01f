from tvm.script import tirx as T

@T.macro
def m(A):
    m(A)

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    m(A)
