from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"kind": "llvm", "num-cores": "4"})})
    T.evaluate(0)
