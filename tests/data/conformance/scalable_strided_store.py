# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((400,), "float32")):
    A[3:3 + T.vscale() * 4 * 2:2] = T.Broadcast(T.float32(1.0), T.vscale() * 4)
    A[0:T.vscale() * 4 * 3:3] = T.Broadcast(T.float32(2.0), T.vscale() * 4)
