from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target("cuda -arch=sm_80")})
    T.evaluate(0)
