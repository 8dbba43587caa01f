import tvm
from tvm import s_tir
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def f(A: T.Buffer((60, 96, 7), "float32"), C: T.Buffer((60, 96, 7), "float32")):
    B = T.sblock_alloc_buffer((60, 96, 7))
    for i, j, k in T.grid(60, 96, 7):
        with T.sblock("B"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vi, vj, vk] + T.float32(1)
    for i, j, k in T.grid(60, 96, 7):
        with T.sblock("C"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            C[vi, vj, vk] = B[vi, vj, vk] * T.float32(3)

sch = s_tir.Schedule(f, seed=1234)
i, j, k = sch.get_loops("C")
for n in (2, 3, 4):
    for loop in (i, j, k):
        vs = sch.sample_perfect_tile(loop, n=n)
        print([int(sch.get(v)) for v in vs])
vs = sch.sample_perfect_tile(j, n=4, max_innermost_factor=4)
for _ in range(5):
    v = sch.sample_categorical([1, 2, 3], [0.5, 0.25, 0.25])
    print(sch.get(v))
for _ in range(8):
    l = sch.sample_compute_location("B")
    pass
print(sch.trace)
sch2 = sch.copy()
print(sch.get(sch.sample_categorical([1, 2, 3], [0.5, 0.25, 0.25])))
print(sch2.get(sch2.sample_categorical([1, 2, 3], [0.5, 0.25, 0.25])))
print(sch.fork_seed())
