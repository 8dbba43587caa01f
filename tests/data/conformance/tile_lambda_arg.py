# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def test():
    A = T.alloc_buffer((10, 10))
    B = T.alloc_buffer((10, 10))
    for i in range(2):
        T.tile.select(B[0:10, 0:10], A[0:10, 0:10], T.float32(1.0), lambda i_1, j: i_1 + j < 3)
        T.tile.select(B[0:10, 0:10], T.float32(0.0), A[0:10, 0:10], lambda x, y: x < i)
