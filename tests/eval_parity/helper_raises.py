from tvm.script import tirx as T

def helper(x):
    raise ValueError(f"helper refuses {x}")

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(helper(3))
