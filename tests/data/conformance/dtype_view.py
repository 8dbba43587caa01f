# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main():
    A = T.alloc_local((4, 8))
    B = A.view("float16")
    C = A.view("float64")
    B[0, 15] = T.float16(1.0)
    C[3, 3] = T.float64(2.0)
