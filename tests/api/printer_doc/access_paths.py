# tvm_ffi.access_path: building paths, their text, equality and prefixes, steps and
# kinds, the errors of bad keys; first structural mismatches as AccessPath pairs.
import tvm
import tvm_ffi
from tvm import tirx
from tvm_ffi.access_path import AccessKind, AccessPath, AccessStep

root = AccessPath.root()
print(root, root.depth, root.parent, root.step)
p = root.attr("blocks").array_item(3).map_item("alpha").attr("value")
print(p, p.depth, p.parent)
print(root.array_item_missing(7), root.map_item_missing("beta"), root.attr_missing("gamma"))
print(root.map_item(4), root.map_item(None), root.map_item(2.5), root.map_item(False))
steps = p.to_steps()
print(type(steps).__name__, len(steps), [(int(s.kind), s.key) for s in steps])
print(isinstance(steps[0], AccessStep), steps[1].kind == AccessKind.ARRAY_ITEM, repr(steps[2]))
print([k.name for k in AccessKind], int(AccessKind.MAP_ITEM_MISSING))
q = AccessPath.root().attr("blocks").array_item(3)
print(q == root.attr("blocks").array_item(3), q != root.attr("blocks").array_item(3))
print(q == root.attr("blocks").array_item(4), q == "x", q != None)
print(q.is_prefix_of(p), p.is_prefix_of(q), root.is_prefix_of(q), q.is_prefix_of(q))
print(root.attr("a").is_prefix_of(root.attr("b").attr("c")))
try:
    AccessPath()
except ValueError as err:
    print("ValueError", err)
for bad in (lambda: root.attr(5), lambda: root.array_item("five")):
    try:
        bad()
    except TypeError as err:
        print("TypeError", str(err)[:60])

n = tirx.Var("n", "int32")
for lhs, rhs in [([1, 2, 3], [1, 2]), ([5], [5, 6]), ({"k": 1, "m": 2}, {"k": 1}),
                 ({"k": 1}, {"k": 1, "z": 0}), ({"k": 1}, {"k": 9}), (n * 2, n * 3)]:
    found = tvm_ffi.get_first_structural_mismatch(lhs, rhs)
    print(type(found).__name__, found, [type(x).__name__ for x in found])
print(tvm_ffi.get_first_structural_mismatch([1, n], [1, n]))
