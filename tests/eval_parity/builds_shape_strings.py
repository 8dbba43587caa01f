# Shape strings in a signature name the globals of the code that declares them.
from typing import TypeVar
from tvm.script import tirx as T

n = TypeVar("n")
K = 4

@T.prim_func
def f(A: T.Buffer(("n", "n * K"), "float32")):
    for i in range(n):
        A[i, 0] = T.float32(K)
