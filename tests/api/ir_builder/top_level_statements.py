# A TIRx statement or loop built from Python directly under an IRBuilder (no function
# frame) is the builder's result; a second one is TVM's ValueError.
from tvm import tirx
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

with IRBuilder() as ib:
    T.evaluate(7)
print(type(ib.get()).__name__, ib.get())

with IRBuilder() as ib:
    T.evaluate(1)
    try:
        T.evaluate(2)
    except ValueError as err:
        print("ValueError", err)
print(ib.get())

with IRBuilder() as ib:
    with T.serial(3) as r:
        T.evaluate(r + 1)
        T.evaluate(r * 2)
print(type(ib.get()).__name__, type(ib.get().body).__name__)
print(ib.get())

with IRBuilder() as ib:
    with T.grid(2, 5) as (a, b):
        ib.name_many(["a", "b"], [a, b])
        T.evaluate(a + b)
print(ib.get())

with IRBuilder() as ib:
    with T.attr("pragma", "unroll_hint", 2):
        T.evaluate(0)
print(ib.get())

buf = tirx.decl_buffer((4, 4), "int8", name="Q")
with IRBuilder() as ib:
    T.buffer_store(buf, buf[1, 2] + T.int8(3), [1, 2])
print(ib.get())
