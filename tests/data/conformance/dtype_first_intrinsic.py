# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    tx = T.launch_thread("threadIdx.x", 32)
    T.s_tir.cp_async_raw("float32", B.data, tx, A.data, tx, 16)
    T.s_tir.cp_async_raw("float16", B.data, 0, A.data, tx * 2, 8)
