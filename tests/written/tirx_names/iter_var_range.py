from tvm.script import tirx as T


@T.prim_func
def kernel(A: T.Buffer((256,), "float32")):
    threadIdx_x = T.int32()
    T.attr(T.iter_var(threadIdx_x, T.Range(0, 256), "ThreadIndex", "threadIdx.x"), "thread_extent", 256)
    A[threadIdx_x] = A[threadIdx_x] + T.float32(1)
