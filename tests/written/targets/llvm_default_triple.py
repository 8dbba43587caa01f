from tvm.script import tirx as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    T.func_attr({"target": T.target("llvm")})
    for i in range(4):
        A[i] = T.float32(0)
