from tvm.script import ir as I, tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def g(A: T.Buffer((4,), "float32")):
        for i in T.serial(4):
            with T.sblock("b"):
                vi = T.axis.spatial(4, i)
                A[vi] = A[vi] * T.float32(2) + missing_global
