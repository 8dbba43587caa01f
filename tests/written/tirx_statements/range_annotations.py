# `range` in a TIRx body is `T.serial`: it takes `annotations=` (and `step=`) too.
from tvm.script import tirx as T


@T.prim_func
def main(A: T.Buffer((28, 66), "int8")):
    for i0 in range(28):
        for i1 in range(66, annotations={"pragma_loop_partition_hint": 1}):
            A[i0, i1] = T.int8(0)
    for k in range(1, annotations={"preserve_unit_loop": True}):
        A[k, 0] = T.int8(1)
