from tvm.script import tirx as T


@T.prim_func(s_tir=True, check_well_formed=False)
def undeclared_buffers(A: T.Buffer((16, 16), "float32")):
    A_flat = T.Buffer((256,), "float32", data=A.data)
    T_free = T.Buffer((4,), "float32", scope="local")
    for i in range(16):
        with T.sblock("b"):
            vi = T.axis.S(16, i)
            A_flat[vi] = T_free[0]
