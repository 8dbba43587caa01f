# An error inside a lambda compiled alone: the same message and traceback (lambda frame under the body).
from tvm.script import tirx as T

@T.prim_func
def reduce_sum(A: T.Buffer((128,), "float32"), B: T.Buffer((1,), "float32")):
    red = T.alloc_local((1,), "float32")
    for t in T.thread_binding(32, thread="threadIdx.x"):
        with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0 * not_defined, [T.float32(0.0)]), "reduce_scope", 0):
            T.tvm_thread_allreduce(T.uint32(1), A[t], T.bool(True), red[0], t)
        B[0] = red[0]
