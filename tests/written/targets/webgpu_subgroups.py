from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"kind": "webgpu", "supports_subgroups": True, "host": "llvm"})})
    T.evaluate(0)
