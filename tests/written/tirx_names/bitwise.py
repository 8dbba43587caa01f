from tvm.script import tirx as T


@T.prim_func
def bits(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(16):
        B[i] = T.bitwise_or(T.shift_left(A[i], 2), T.shift_right(A[i], 1)) + T.bitwise_xor(T.bitwise_and(A[i], 7), T.bitwise_not(A[i]))
