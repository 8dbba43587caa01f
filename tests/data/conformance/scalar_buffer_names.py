# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((128,), "uint64")):
    base = T.alloc_shared((64,), "uint64")
    flag = T.decl_scalar(T.uint64, data=base.data, elem_offset=8, scope="shared")
    flag = T.uint64(1)
    acc: T.float32 = T.float32(2.0)
    A[0] = flag
    A[1] = T.Cast("uint64", acc)
