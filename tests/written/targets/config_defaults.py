from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"kind": "cuda", "arch": "sm_80", "host": T.target({"kind": "llvm", "mcpu": "skylake"})})})
    T.evaluate(0)
