from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"kind": "llvm", "mtriple": "aarch64-linux-gnu", "mattr": ["+sve", "+dotprod"]})})
    T.evaluate(0)
