# decl_buffer fields (arrays print as tuples), DeclBuffer needing data=, SeqStmt
# indexing, stmt_seq, PrimFunc defaults (ret_type None), with_attr and with_body.
from tvm import tirx, ir
n = tirx.Var("n", "int32")
i = tirx.Var("i", "int32")
A = tirx.decl_buffer((n, 4), "float16", name="A", scope="shared")
print(A.name, A.shape, A.dtype, A.scope() if callable(getattr(A, "scope", None)) else A.scope, A.strides, A.elem_offset, A.data_alignment, A.offset_factor)
B = tirx.decl_buffer((8,), name="B")
print(B.dtype, B.shape, type(B.shape[0]).__name__)
print(A.data if hasattr(A, "data") else None)
ld = A[i, 0] if hasattr(A, "__getitem__") else None
print(ld)
st = tirx.BufferStore(B, tirx.FloatImm("float32", 0.0), [i])
loop = tirx.For(i, 0, 8, tirx.ForKind.UNROLLED, st)
print(loop)
print(tirx.For(i, 0, 8, tirx.ForKind.VECTORIZED, st).kind)
try:
    tirx.DeclBuffer(B)
except TypeError as e:
    print("TypeError", e)
db = tirx.DeclBuffer(A, data=A.data)
print(type(db).__name__, db.buffer.name)

ev = tirx.Evaluate(tirx.call_extern("int32", "f"))
print(ev)
seq = tirx.SeqStmt([st, ev])
print(seq[0].same_as(st), len(seq))
print(tirx.stmt_seq(st, ev) if hasattr(tirx, "stmt_seq") else None)
f = tirx.PrimFunc([B], loop)
print(f)
print(f.params, f.ret_type, dict(f.attrs) if f.attrs is not None else None, f.buffer_map if hasattr(f, "buffer_map") else None)
g = f.with_attr("global_symbol", "main")
print(g)
h = f.with_body(tirx.Evaluate(0))
print(h)
