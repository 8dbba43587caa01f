# Errors of BlockBuilder calls with wrong arguments, as TVM raises them (TypeError
# from its FFI and from type inference).
from tvm import relax
x = relax.Var("x", relax.TensorType([4], "float32"))
y = relax.Var("y", relax.TensorType([3], "int32"))
bb = relax.BlockBuilder()
for what, f in [
    ("int", lambda: bb.emit(3)),
    ("str", lambda: bb.emit("abc")),
    ("mismatch", lambda: bb.emit(relax.op.add(x, y))),
    ("match_cast_bad", lambda: bb.match_cast(x, 3)),
    ("add_func_bad", lambda: bb.add_func(x, "g")),
    ("lookup_bad", lambda: bb.lookup_binding(3)),
]:
    with bb.function("f" + what, [x]):
        try:
            f()
            print(what, "ok")
        except Exception as e:
            print(what, type(e).__name__)
        bb.emit_func_output(x)
