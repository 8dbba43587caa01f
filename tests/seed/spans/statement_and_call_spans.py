# Parsed statements and calls keep their source range (`node.span`): 1-based lines
# and columns, the end column just past the end; structural equality ignores them.
import tvm
from tvm.script import tirx as T


def where(span):
    if span is None:
        return None
    return (span.source_name.name, span.line, span.column, span.end_line, span.end_column)


text = '''
@T.prim_func
def scale(X: T.Buffer((8,), "float16"), Y: T.Buffer((8,), "float16")):
    T.evaluate(T.call_extern("int32", "trace_begin", 8))
    Y[0] = T.sqrt(X[0])
    Y[1] = T.exp(
        X[1]
    )
    T.evaluate(0)
'''
scale = tvm.script.from_source(text)
for stmt in scale.body.seq:
    print(type(stmt).__name__, where(stmt.span))
print("extern call", where(scale.body.seq[0].value.span))
print("sqrt call", where(scale.body.seq[1].value.span))
print("exp call", where(scale.body.seq[2].value.span))

moved = tvm.script.from_source("\n\n\n" + text)
print("moved", where(moved.body.seq[1].span))
tvm.ir.assert_structural_equal(scale, moved)
print("equal")

# A body that runs as compiled Python (a comprehension keeps it off the evaluated
# path) locates its statements and calls the same way.
compiled_text = '''
@T.prim_func
def fill(Z: T.Buffer((4,), "int32")):
    Z[0] = T.call_extern("int32", "pick", *[k * 2 for k in range(2)])
    T.evaluate(T.call_extern("int32", "done"))
'''
fill = tvm.script.from_source(compiled_text)
for stmt in fill.body.seq:
    print(type(stmt).__name__, where(stmt.span), where(stmt.value.span))
