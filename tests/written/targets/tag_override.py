from tvm.script import tirx as T


@T.prim_func
def main():
    T.func_attr({"target": T.target({"tag": "nvidia/nvidia-t4", "max_num_threads": 512})})
    T.evaluate(0)
