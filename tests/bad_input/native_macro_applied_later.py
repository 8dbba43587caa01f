from tvm.script import tirx as T


def zero(C):
    C[0] = 0


later = T.macro(zero)
