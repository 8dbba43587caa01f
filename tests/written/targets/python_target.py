import tvm
from tvm.script import tirx as T

target = tvm.target.Target({"kind": "rocm"}, host="llvm")


@T.prim_func
def main():
    T.func_attr({"target": target})
    T.evaluate(0)
