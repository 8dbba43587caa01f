# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((16,), "int32"), n: T.int32, i: T.int32):
    for k in range(n - i - 1):
        A[k] = 1
    for k in range(n + 2 - i):
        A[k] = 2
    for k in range(3, 3 + (n - i - 3)):
        A[k] = 3
    for k in range(i + 1, i + 1 + (n + 4 - i)):
        A[k] = 4
    for k in range(i + 1, i + 1 + (1 - i)):
        A[k] = 5
    for k in range(i * 2, i * 2 + (n * 3 - i * 2 - 4)):
        A[k] = 6
