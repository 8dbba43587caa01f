# T.Assert and T.While as IRBuilder frames outside a function: the assertion followed
# by the frame's statements, a while loop over its body.
from tvm import tirx
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

with IRBuilder() as ib:
    with T.Assert(False, ["first part", "second part"], "ValueError"):
        T.evaluate(7)
        T.evaluate(8)
got = ib.get()
print(type(got).__name__, len(got.seq))
print(got.script())

with IRBuilder() as ib:
    with T.Assert(True, "alone"):
        pass
got = ib.get()
print(type(got).__name__)
print(got.script())

with IRBuilder() as ib:
    k = T.int64()
    with T.While(k * 2 != 9):
        T.evaluate(k)
got = ib.get()
print(type(got).__name__, type(got.body).__name__)
print(got.script())

with IRBuilder() as ib:
    with T.While(True):
        T.evaluate(1)
        T.evaluate(2)
print(ib.get().script())
