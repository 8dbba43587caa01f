# structural_walk and structural_map over TIRx expressions: counting node kinds by
# class (tvm.tirx classes), replacing constants, swapping operands of additions,
# rewriting buffer stores, and the order the nodes are seen in.
import tvm
import tvm_ffi
from tvm import tirx
from tvm.script import tirx as T


@T.prim_func
def f(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32"), n: T.int32):
    for i in range(16):
        A[i] = B[i] * 3 + n
    for j in range(4):
        B[j] = T.max(A[j], 7) - 1


kinds = {}
def count(node):
    k = type(node).__name__
    if k in ("Array", "Map", "str", "list", "dict"):  # containers: not IR nodes here
        return
    kinds[k] = kinds.get(k, 0) + 1
tvm_ffi.structural_walk(f.body, count)
print(sorted(kinds.items()))

consts = []
tvm_ffi.structural_walk(f, (tirx.IntImm, lambda c: consts.append(c.value)), order="pre")
print(consts)

ops = []
tvm_ffi.structural_walk(f.body, ((tirx.Add, tirx.Sub, tirx.Mul, tirx.Max), lambda e: ops.append(type(e).__name__)), order="post")
print(ops)
ops = []
tvm_ffi.structural_walk(f.body, ((tirx.Add, tirx.Sub, tirx.Mul, tirx.Max), lambda e: ops.append(type(e).__name__)), order="pre")
print(ops)

def bump(c):
    if c.value == 3:
        return tirx.IntImm(c.ty, 5)
    return c
g = tvm_ffi.structural_map(f, (tirx.IntImm, bump))
print(g.script())
print(g.same_as(f), g.body.seq[1].same_as(f.body.seq[1]))

def swap(e):
    return tirx.Add(e.b, e.a)
h = tvm_ffi.structural_map(f.body, (tirx.Add, swap))
print(h)

stores = tvm_ffi.structural_map(f.body, (tirx.BufferStore, lambda s: tirx.BufferStore(s.buffer, tirx.IntImm("int32", 0), s.indices)))
print(stores)

loops = []
r = tvm_ffi.structural_walk(f.body, (tirx.For, lambda s: loops.append(s.loop_var.name) or tvm_ffi.WalkResult.SKIP), order="pre")
print(loops, r)
first = tvm_ffi.structural_walk(f.body, (tirx.Var, lambda v: tvm_ffi.VisitInterrupt(v.name) if v.name == "n" else None))
print(first.value)
