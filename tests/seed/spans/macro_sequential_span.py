# A statement an inlined macro builds is located at the call site and then at its
# own statement (a SequentialSpan); arguments evaluated at the call site keep
# their own location.
import os

import tvm
from tvm.script import tirx as T


def where(span):
    if span is None:
        return None
    return (os.path.basename(span.source_name.name), span.line, span.column, span.end_line, span.end_column)


@T.macro
def fill(Buf, value):
    Buf[3] = value


text = '''
@T.prim_func
def user(Z: T.Buffer((8,), "float32")):
    Z[0] = T.float32(0)
    fill(Z, T.float32(5))
    Z[1] = Z[3] + T.float32(1)
'''
g = tvm.script.from_source(text, extra_vars={"T": T, "fill": fill})
stmt = g.body.seq[1]
spans = stmt.span.spans if type(stmt.span).__name__ == "SequentialSpan" else [stmt.span]
print(type(stmt).__name__, type(stmt.span).__name__, [where(s) for s in spans])
print("argument", where(stmt.value.span))
print("after", where(g.body.seq[2].span))
