from tvm.script import tirx as T


@T.prim_func
def packed(args: T.handle, n: T.int32):
    x = T.tvm_struct_get(args, 0, 12, dtype="handle")
    y = T.tvm_struct_get(args, 1, 5, "int32")
    T.evaluate(T.tvm_access_ptr(T.type_annotation(dtype="float16"), x, y, n, 1))
