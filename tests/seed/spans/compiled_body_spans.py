# A body that runs as compiled Python (a comprehension keeps it off the evaluated
# path) locates its statements and calls the same way.
import tvm
from tvm.script import tirx as T


def where(span):
    if span is None:
        return None
    return (span.source_name.name, span.line, span.column, span.end_line, span.end_column)


text = '''
@T.prim_func
def fill(Z: T.Buffer((4,), "int32")):
    Z[0] = T.call_extern("int32", "pick", *[k * 2 for k in range(2)])
    T.evaluate(T.call_extern("int32", "done"))
'''
fill = tvm.script.from_source(text)
for stmt in fill.body.seq:
    print(type(stmt).__name__, where(stmt.span), where(stmt.value.span))
