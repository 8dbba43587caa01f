from tvm.script import tirx as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    T.func_attr({"target": T.target("cuda", host={"kind": "llvm", "opt-level": 0})})
    A[0] = T.float32(1)
