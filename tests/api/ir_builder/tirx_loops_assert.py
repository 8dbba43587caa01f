# TIRx built with IRBuilder frames: grid, parallel, unroll, thread_binding, While,
# Assert, Bind, alloc_buffer / decl_buffer, If/Then/Else with both branches.
import tvm
from tvm import tirx
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

with IRBuilder() as ib:
    with T.prim_func():
        T.func_name("kernel")
        A = T.arg("A", T.Buffer((4, 8), "float32"))
        B = T.arg("B", T.Buffer((4, 8), "float32"))
        n = T.arg("n", T.int32())
        T.func_attr({"tirx.noalias": True})
        with T.grid(4, 8) as (i, j):
            IRBuilder.name_many(["i", "j"], [i, j])
            T.buffer_store(B, A[i, j] * T.float32(2), [i, j])
        with T.parallel(0, 4) as p:
            IRBuilder.name("p", p)
            with T.unroll(2) as u:
                IRBuilder.name("u", u)
                T.buffer_store(B, T.float32(0), [p, u])
        with T.thread_binding(0, 32, thread="threadIdx.x") as tx:
            IRBuilder.name("tx", tx)
            T.evaluate(tx)
        with T.If(n > 2):
            with T.Then():
                T.buffer_store(A, T.float32(1), [0, 0])
            with T.Else():
                T.buffer_store(A, T.float32(-1), [0, 0])
f = ib.get()
print(type(f).__name__)
print(f.script())
print(f.attrs["global_symbol"], len(f.params), [p.name for p in f.params])
print(type(f.body).__name__, len(f.body.seq))
loop = f.body.seq[1]
print(loop.kind, loop.body.kind, loop.loop_var.name)

with IRBuilder() as ib:
    with T.prim_func():
        T.func_name("bind_and_assert")
        x = T.arg("x", T.int32())
        v = T.Bind(x + 1)
        IRBuilder.name("v", v)
        with T.Assert(v > 0, "v must be positive"):
            T.evaluate(v)
        T.func_ret(tvm.ir.PrimType("int32"))
        w = T.bind(v * 2)
        T.evaluate(w)
print(ib.get().script())

with IRBuilder() as ib:
    with T.prim_func():
        T.func_name("serial_step")
        A = T.arg("A", T.Buffer((16,), "int32"))
        with T.serial(0, 16, step=4) as i:
            T.buffer_store(A, i, [i])
        with T.serial(8, annotations={"pragma": 1}) as k:
            T.buffer_store(A, k, [k])
print(ib.get().script())

for bad in [lambda: T.serial(4, unroll=0), lambda: T.serial(4, unroll="x")]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
