from tvm.script import tirx as T


@T.prim_func(private=True)
def view(Aptr: T.handle("float32", storage_scope="shared")):
    A_flat = T.decl_buffer(64, "float32", data=Aptr)
    A_2d = T.decl_buffer((8, 8), "float32", data=Aptr, scope="shared")
    A_flat[0] = A_2d[1, 1]
