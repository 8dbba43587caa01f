# Relax operator calls are located at the call (bindings and variables are not,
# as in TVM's parser).
import tvm
from tvm.script import relax as R


def where(span):
    if span is None:
        return None
    return (span.source_name.name, span.line, span.column, span.end_line, span.end_column)


text = '''
@R.function
def combine(p: R.Tensor((3,), "float32"), q: R.Tensor((3,), "float32")):
    s = R.subtract(p, q)
    t = R.maximum(s,
                  p)
    with R.dataflow():
        u = R.sqrt(t)
        R.output(u)
    return u
'''
f = tvm.script.from_source(text, extra_vars={"R": R})
for block in f.body.blocks:
    for b in block.bindings:
        print(b.var.name, where(b.span), where(b.value.span))
