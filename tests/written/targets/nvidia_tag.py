from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target("nvidia/nvidia-a100", host="llvm")})
    T.evaluate(0)
