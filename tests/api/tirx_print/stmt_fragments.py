# Statements taken out of functions print as TVM prints them: free variables and
# buffers are declared in the innermost enclosing statement that owns a frame and
# holds all their uses (a loop's body, not each branch of an `if`), else at the top.
from tvm.script import tirx as T


@T.prim_func
def loops(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32")):
    for i in range(8):
        for j in range(8):
            B[i, j] = A[i, j] + T.float32(1)
        for j in range(8):
            A[i, j] = T.float32(0)


@T.prim_func
def locals_(A: T.Buffer((16,), "float32")):
    C = T.alloc_buffer((16,), "float32")
    for i in range(16):
        C[i] = A[i]
    for i in range(16):
        x: T.float32 = C[i] * T.float32(2)
        A[i] = x


@T.prim_func
def branches(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        if i < 4:
            A[i] = i
        else:
            A[i] = A[i - 1] + 1
    T.evaluate(T.call_extern("int32", "foo", A.data))


@T.prim_func
def nested_if(A: T.Buffer((4,), "int32"), m: T.int32):
    for i in range(4):
        if i < m:
            if i < 2:
                A[i] = m
            else:
                A[i] = 0


@T.prim_func
def two_dims(a: T.handle, n: T.int32, m: T.int32):
    A = T.match_buffer(a, (n, m), "float16")
    for i in range(4):
        if i < 2:
            A[i, 0] = T.float16(1)
        else:
            A[i, 1] = T.float16(2)


@T.prim_func
def attrs(A: T.Buffer((4, 4), "float32")):
    for i, j in T.grid(4, 4):
        with T.attr(0, "pragma_x", 1):
            v = T.bind(A[i, j])
            A[i, j] = v + T.float32(1)


def walk(label, s, depth=0):
    if s is None or depth > 6:
        return
    print("##", label, type(s).__name__)
    print(s)
    for attr in ["body", "then_case", "else_case"]:
        c = getattr(s, attr, None)
        if c is not None and not isinstance(c, (int, str)):
            walk(label + "." + attr, c, depth + 1)
    for k, x in enumerate(getattr(s, "seq", None) or []):
        walk(label + ".seq[%d]" % k, x, depth + 1)


for name, f in [("loops", loops), ("locals_", locals_), ("branches", branches), ("nested_if", nested_if), ("two_dims", two_dims), ("attrs", attrs)]:
    walk(name, f.body)
