# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main():
    A = T.alloc_local((8, 4, 2), "float16")
    B = A.permute(2, 0, 1)
    C = A.permute(1, 0, 2)
    B[1, 0, 0] = T.float16(0.0)
    C[3, 7, 1] = T.float16(1.0)
