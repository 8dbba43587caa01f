import tvm
from tvm import tirx
from tvm.sym import detect_iter_map, normalize_iter_map_to_expr, iter_map_simplify
from tvm.sym.iter_affine_map import IterMapLevel

a = tirx.Var("a", "int32")
b = tirx.Var("b", "int32")
c = tirx.Var("c", "int32")
dom = {a: tvm.ir.Range(0, 10), b: tvm.ir.Range(0, 5), c: tvm.ir.Range(0, 3)}


def show(res):
    print(len(res.indices), list(res.errors))
    for s in res.indices:
        print("  ", normalize_iter_map_to_expr(s))


# A fused pair and a lone iterator.
res = detect_iter_map([a * 5 + b, c], dom)
show(res)
s = res.indices[0]
print(type(s).__name__, len(s.args), s.base)
sp = s.args[0]
print(type(sp).__name__, sp.lower_factor, sp.extent, sp.scale)
print(type(sp.source).__name__, sp.source.extent, type(sp.source.source).__name__)
inner = sp.source.source.args
print([(str(x.source.source), int(x.extent), int(x.scale)) for x in inner])

# Splits of one iterator.
show(detect_iter_map([a // 5, a % 5, b, c], dom, check_level=IterMapLevel.Bijective))
show(detect_iter_map([a // 2], dom))
show(detect_iter_map([(a * 5 + b) // 5, (a * 5 + b) % 5], dom))
show(detect_iter_map([c * 2 + 7, b - 1], dom))

# Failures.
show(detect_iter_map([a * b], dom))
show(detect_iter_map([a, a + 1], dom))
show(detect_iter_map([a // 5, a % 5], dom, check_level="bijective"))
show(detect_iter_map([a // 4], dom))

# Simplification.
print(iter_map_simplify([(a * 5 + b) // 5, (a * 5 + b) % 5, c * 3 + 2], dom))
print(iter_map_simplify([a * b], dom))
d = tirx.Var("d", "int32")
print(iter_map_simplify([(d - 4) * 2], {d: tvm.ir.Range(4, 12)}))
print(iter_map_simplify([d], {d: tvm.ir.Range(0, 1)}))
print(iter_map_simplify([d], {d: tvm.ir.Range(0, 1)}, simplify_trivial_iterators=False))
print(iter_map_simplify([d // 4 * 4 + d % 4], {d: tvm.ir.Range(0, 16)}))
print(int(IterMapLevel.NoCheck), IterMapLevel.from_str("surjective") == IterMapLevel.Surjective)
