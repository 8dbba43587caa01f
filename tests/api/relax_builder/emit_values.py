# BlockBuilder.emit of Python lists and tuples (nested), None, shapes and constants;
# emit_output of a list; items of an output tuple after the dataflow block.
from tvm import relax
x = relax.Var("x", relax.TensorType([4], "float32"))
bb = relax.BlockBuilder()
with bb.function("f", [x]):
    with bb.dataflow():
        t = bb.emit([x, (x, x)])
        n = bb.emit(None)
        s = bb.emit(relax.ShapeExpr([1, 2]))
        c = bb.emit(relax.const(2.0))
        print(bb.current_block_is_dataflow(), t.ty.fields[1].fields[0], n.ty, s.ty, c.ty)
        o = bb.emit_output([t, c])
    r = bb.emit(relax.op.add(x, relax.TupleGetItem(o, 1)))
    print(r.ty)
    bb.emit_func_output(r)
print(bb.get())
print(relax.BlockBuilder.current() is None)
