from tvm.script import tirx as T
@T.prim_func
def access(A: T.Buffer((16, 4), "float32"), B: T.Buffer((8,), "float16", scope="shared")):
    T.evaluate(A.access_ptr("r", extent=32))
    T.evaluate(A.access_ptr("w"))
    T.evaluate(A.access_ptr("rw", offset=8))
    T.evaluate(B.access_ptr("r", extent=4, offset=2))
    T.evaluate(B.access_ptr(1, ptr_type="float16"))
    T.evaluate(A.vload([1, 2]))
