# TIRx built with the IRBuilder frames from Python: T.prim_func() as a frame (named,
# unnamed, private), T.arg with buffers and scalars, T.func_attr / T.func_ret, loops
# as context managers (unnamed loop variables print as v), If/Then/Else,
# buffer_store and evaluate; IRBuilder.name, current and is_in_scope.
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

print(IRBuilder.is_in_scope())
with IRBuilder() as ib:
    print(IRBuilder.is_in_scope())
    with T.prim_func():
        A = T.arg("A", T.Buffer((8,), "int32"))
        n = T.arg("n", T.int32())
        T.func_attr({"k": 1})
        with T.grid(2, 4) as (i, j):
            with T.If(i < n):
                with T.Then():
                    T.buffer_store(A, j, [i * 4 + j])
                with T.Else():
                    T.evaluate(0)
        with T.parallel(0, 4) as p:
            T.buffer_store(A, 1, [p])
f = ib.get()
print(type(f).__name__, f.attrs, [p.name for p in f.params])
print(f.script())

with IRBuilder() as ib:
    with T.prim_func():
        T.func_name("g")
        x = T.arg("x", T.handle())
        B = T.arg("B", T.Buffer((4, 4), "float32"))
        with T.serial(4) as i:
            IRBuilder.name("row", i)
            with T.vectorized(0, 4) as j:
                T.buffer_store(B, T.float32(1), (i, j))
        with T.unroll(2) as u:
            with T.If(u == 0):
                with T.Then():
                    T.evaluate(u)
g = ib.get()
print(g.attrs["global_symbol"], g.body.seq[0].loop_var.name)
print(g.script())

with IRBuilder() as ib:
    with T.prim_func(private=True):
        T.func_name("p")
        C = T.arg("C", T.Buffer((2,), "int8"))
        with T.thread_binding(2, thread="threadIdx.x") as tx:
            T.buffer_store(C, T.int8(0), [tx])
print(ib.get().script())
print(IRBuilder.is_in_scope())
