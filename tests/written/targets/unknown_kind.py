from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"kind": "tpu"})})
    T.evaluate(0)
