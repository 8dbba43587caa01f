# A module class's definitions are built after its body has run; their annotations
# read the class body's names, each as it was at the definition's position, while
# their bodies read globals as Python does, when they are built.
from tvm.script import ir as I, tirx as T

width = 4
rows = 1


def widen(v):
    global width
    width = v


@I.ir_module
class Mod:
    rows = 8

    @T.prim_func
    def first(A: T.Buffer((rows, width), "float32")):
        A[0, 0] = T.float32(width)

    rows = 16
    widen(32)

    @T.prim_func
    def second(A: T.Buffer((rows, width), "float32")):
        A[0, 0] = T.float32(width)

    # Only the signature sees the class body: a name its body reads is the global.
    @T.prim_func
    def third(A: T.Buffer((2,), "int32")):
        A[0] = rows


Mod.show()

# A class-body name that was never bound raises only where an annotation reads it.
try:

    @I.ir_module
    class Bad:
        if False:
            extent = 3

        @T.prim_func
        def fine(A: T.Buffer((4,), "float32")):
            A[0] = T.float32(1)

        @T.prim_func
        def reads(A: T.Buffer((extent,), "float32")):
            A[0] = T.float32(1)

except NameError as e:
    print(type(e).__name__, "extent" in str(e))
