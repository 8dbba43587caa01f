# tvm_ffi.structural_walk and structural_map over TIRx and Relax: typed entries
# (classes taken from parsed nodes), grouped types, catch-alls, orders, SKIP,
# VisitInterrupt, def-region kinds, and the errors for malformed callbacks.
import tvm_ffi
from tvm.script import relax as R
from tvm.script import tirx as T


@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    for i in range(8):
        v: T.let[T.int32] = i * 2
        if v < n:
            A[i] = v + 1
        else:
            A[i] = 0


For = type(f.body)
Store = type(f.body.body.seq[1].then_case)
If = type(f.body.body.seq[1])
Bind = type(f.body.body.seq[0])

names = []
tvm_ffi.structural_walk(f, [((For, Bind), lambda s: names.append(type(s).__name__)), (Store, lambda s: names.append("store"))], order="pre")
print(names)
names = []
tvm_ffi.structural_walk(f.body, (If, lambda s: names.append("if") or tvm_ffi.WalkResult.SKIP), order="pre")
print(names)
count = []
print(tvm_ffi.structural_walk(f.body, lambda x: count.append(type(x).__name__)))
print(len(count) > 10, count[-1])
kinds = []
tvm_ffi.structural_walk(f, with_def_region_kind=(type(f.params[1]), lambda v, k: kinds.append((v.name, k.name)) if k != tvm_ffi.DefRegionKind.NONE else None), order="pre")
print(kinds)
hit = tvm_ffi.structural_walk(f.body, (Store, lambda s: tvm_ffi.VisitInterrupt(len(s.indices))), order="post")
print(type(hit).__name__, hit.value)
print(tvm_ffi.VisitInterrupt().value, int(tvm_ffi.WalkResult.SKIP), tvm_ffi.WalkOrder.PREORDER.name, list(tvm_ffi.DefRegionKind.__members__))

for bad in (3, [lambda x: None], "pre"):
    try:
        tvm_ffi.structural_walk(f, bad)
    except TypeError as e:
        print("TypeError", e)
try:
    tvm_ffi.structural_walk(f, lambda x: None, order="sideways")
except ValueError as e:
    print("ValueError", e)
try:
    tvm_ffi.structural_map(f, lambda x: x, order="up")
except ValueError as e:
    print("ValueError", e)


# structural_map: the same object when nothing changes; rewrites shared otherwise.
same = tvm_ffi.structural_map(f, (Store, lambda s: s))
print(same.same_as(f))


def zero_else(s):
    if isinstance(s, If) and s.else_case is not None:
        return s.else_case
    return s


@R.function
def g(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
    with R.dataflow():
        y = R.add(x, x)
        z = R.multiply(y, x)
        R.output(z)
    return z


Call = type(g.body.blocks[0].bindings[0].value)
ops = []
tvm_ffi.structural_walk(g, (Call, lambda c: ops.append(c.op.name)), order="post")
print(ops)
vars_seen = []
tvm_ffi.structural_walk(g, with_def_region_kind=(type(g.params[0]), lambda v, k: vars_seen.append((v.name, k.name))), order="pre")
print(vars_seen)
swapped = tvm_ffi.structural_map(g, (Call, lambda c: Call(c.args[1], c.args[0]) if False else c))
print(swapped.same_as(g))

# A real rewrite: each conditional replaced by its then-branch (post and pre order).
flat = tvm_ffi.structural_map(f, (If, lambda s: s.then_case))
print(flat.script())
print(tvm_ffi.structural_map(f.body, (If, lambda s: s.else_case), order="pre"))
