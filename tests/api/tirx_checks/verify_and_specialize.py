# verify_well_formed's variable checks, PrimFunc.specialize of buffer parameters,
# Buffer.offset_of, tvm.tirx.const of NumPy scalars, Expr.equal and the variadic
# tvm.tirx.max/min.
import numpy as np
import tvm
from tvm import tirx
from tvm.script import ir as I
from tvm.script import tirx as T


def report(fn):
    try:
        tvm.tirx.analysis.verify_well_formed(fn)
        print("well formed")
    except (ValueError, tvm.error.InternalError) as e:
        print(type(e).__name__, str(e).split(" It was")[0].split(" at ")[0])


k = tirx.Var("k", "int32")
loop = tirx.For(tirx.Var("q", "int32"), 0, 4, tirx.ForKind.SERIAL, tirx.SeqStmt([tirx.Bind(k, 7), tirx.Evaluate(k)]))
report(tirx.PrimFunc([], tirx.SeqStmt([loop, tirx.Evaluate(k + 1)])))
report(tirx.PrimFunc([], tirx.SeqStmt([tirx.Bind(k, 1), tirx.Evaluate(k), tirx.Bind(k, 2), tirx.Evaluate(k)])))
report(tirx.PrimFunc([], loop))

shared = tirx.Var("shared", "int32")


@I.ir_module(check_well_formed=False)
class Twice:
    @T.prim_func
    def one():
        T.bind(3, var=shared)
        T.evaluate(shared)

    @T.prim_func
    def two():
        T.bind(4, var=shared)
        T.evaluate(shared)


report(Twice)


@T.prim_func(s_tir=True)
def scale(x: T.handle, y: T.handle, w: T.int32):
    h = T.int32()
    X = T.match_buffer(x, [h, w])
    Y = T.match_buffer(y, [h, w])
    for i, j in T.grid(h, w):
        with T.sblock("s"):
            vi, vj = T.axis.remap("SS", [i, j])
            Y[vi, vj] = X[vi, vj] * 3.0


X, Y, w = scale.params
print(scale.specialize({X: tvm.tirx.decl_buffer((6, 10))}))
print(scale.specialize({w: 12}))
print(scale.specialize({}).same_as(scale))

h = tirx.Var("h", "int32")
wv = tirx.Var("wv", "int32")
buf = tirx.decl_buffer((h, wv), "float32", elem_offset=7)
print(buf.offset_of([3, 5]))
strided = tirx.decl_buffer((h, wv), "float32", strides=(wv * 2, 1))
print(strided.offset_of([1, 2]))

print(tirx.const(np.float32(0.25)), tirx.const(np.int64(9)), tirx.const(np.float16(1.5), "float32"))
print(tirx.const(np.finfo("float32").max, "float32"))

print(tirx.vscale().equal(tirx.vscale()))
print((h * 2).equal(h * 2))
print(tirx.IntImm("int32", 4).equal(4))
print(tirx.max(1, 5, 3, 2), tirx.min(h, wv, 3), tirx.max(h, 2))
