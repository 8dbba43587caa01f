from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def func1():
    with T.sblock():
        T.sblock_attr({"key": 1})
        T.sblock_attr({"key": 2})
        T.evaluate(0)
