# Block annotations given twice merge as TVM merges them: dictionaries key by key.
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def func1():
    with T.sblock():
        T.sblock_attr({"key": {"key1": "block1", "k": {"a": 1}}, "x": 1})
        T.sblock_attr({"key": {"key2": "block2", "k": {"b": 2}}, "y": 2})
        T.evaluate(0)
