from tvm.script import tirx as T

def helper(x):
    return x.no_such_attribute

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = helper(A[1])
