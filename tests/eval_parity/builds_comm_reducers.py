# Lambdas with parameters (reading only them and globals) are compiled alone; both ways must give the same IR.
from tvm.script import tirx as T

@T.prim_func
def reduce_sum(A: T.Buffer((128,), "float32"), B: T.Buffer((1,), "float32")):
    red = T.alloc_local((1,), "float32")
    for t in T.thread_binding(32, thread="threadIdx.x"):
        with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float32(0.0)]), "reduce_scope", 0):
            T.tvm_thread_allreduce(T.uint32(1), A[t], T.bool(True), red[0], t)
        with T.attr(T.comm_reducer(lambda a, b, c, d: (T.max(a, c), b + d), [T.float32(-3.0), T.float32(0.0)]), "reduce_scope", 0):
            T.tvm_thread_allreduce(T.uint32(2), A[t], A[t], T.bool(True), red[0], red[0], t)
        B[0] = red[0]
