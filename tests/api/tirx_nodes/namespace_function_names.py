# The T namespace's functions carry their own names, and the packed-call builders
# are also reachable by their operator names.
from tvm.script import tirx as T

print([f.__name__ for f in (T.sqrt, T.floordiv, T.if_then_else, T.hypot)])
made = {f"{op.__name__}_case" for op in (T.log1p, T.clz)}
print(sorted(made))
for name in ["tvm_call_packed", "tvm_call_cpacked", "tvm_call_packed_lowered", "tvm_call_cpacked_lowered"]:
    call = getattr(T, name)("handler", 4, 5)
    print(name, call.op.name, len(call.args))


@T.prim_func
def lowered(h: T.handle):
    T.evaluate(T.tvm_call_packed_lowered("fn", h, 0, 2))
    T.evaluate(T.tvm_call_cpacked("fn", h))


print(lowered.script())
