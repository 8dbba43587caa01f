from tvm.script import tirx as T

@T.prim_func
def f():
    T.evaluate(1, 2)
