from tvm.script import tirx as T


# A comment between definitions stays where it is.
@T.prim_func
def copy(A: T.Buffer((4,), "int32"), B: T.Buffer((4,),"int32")):  # trailing the signature
    for i in T.serial(4):
        # fmt keeps this comment before the statement it preceded
        B[i] = A[i]+1  # and this one at the end of its line
    # the last statement's comment
    B[0] = 0
