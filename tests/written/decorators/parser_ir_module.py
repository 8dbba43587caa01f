from tvm.script.parser import ir_module as parser_ir_module
from tvm.script import tirx as T


@parser_ir_module
class Third:
    @T.prim_func(private=True)
    def h(A: T.Buffer((4,), "int32")) -> None:
        A[2] = 3
