from tvm.script import tirx as T


@T.prim_func(s_tir=True)
def nested_match():
    C = T.sblock_alloc_buffer((64, 32))
    for i in range(64):
        with T.sblock():
            vi = T.axis.S(64, i)
            C0 = T.match_buffer(C[vi, 0:32], (32,))
            for j in range(32):
                with T.sblock():
                    jj = T.axis.S(32, j)
                    C1 = T.match_buffer(C0[jj], ())
                    C1[()] = 0
