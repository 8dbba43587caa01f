# Only layout differs from the printed text: fmt rewrites the definition and keeps
# everything around it (these comments, the imports, the code after it).
from tvm.script import tirx as T


@T.prim_func
def add_one(A: T.Buffer((8,), "float32"),B: T.Buffer((8,),"float32")):
    for i in range(8):
          B[i]=A[i]+T.float32(1)


print(add_one.script())
