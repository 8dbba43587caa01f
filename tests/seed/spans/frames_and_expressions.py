# Frames locate the statement they build at the whole `for`, `while`, `if` or
# `with` statement; arithmetic, comparisons, buffer loads and typed constants are
# located at the expression that made them (as TVM's parser does).
import tvm
from tvm.script import tirx as T


def where(span):
    if span is None:
        return None
    return (span.source_name.name, span.line, span.column, span.end_line, span.end_column)


text = '''
@T.prim_func
def shift(P: T.Buffer((16,), "int32"), Q: T.Buffer((16,), "int32"), m: T.int32):
    for j in T.serial(16):
        Q[j] = P[j] * 3 - T.int32(7)
    if m < 4:
        Q[0] = P[m]
    else:
        Q[1] = P[2] // 2
    while m > 0:
        T.evaluate(m)
    with T.launch_thread("threadIdx.x", 8) as t:
        Q[t] = P[t] + 1
'''


def show(f):
    loop, branch, spin, launch = f.body.seq
    print("for", where(loop.span))
    store = loop.body
    print("  store", where(store.span))
    print("  sub", where(store.value.span))
    print("  mul", where(store.value.a.span))
    print("  load", where(store.value.a.a.span))
    print("  const", where(store.value.b.span))
    print("if", where(branch.span))
    print("  cond", where(branch.condition.span))
    print("  then load", where(branch.then_case.value.span))
    print("  else div", where(branch.else_case.value.span))
    print("while", where(spin.span))
    print("  cond", where(spin.condition.span))
    print("with", where(launch.span))
    print("  add", where(launch.body.value.span))


show(tvm.script.from_source(text))

# The same statements in a body run as compiled Python (a comprehension keeps it
# off the evaluated path) are located the same way.
compiled = text.replace("T.evaluate(m)", "T.evaluate(T.call_extern('int32', 'f', *[m for k in range(1)]))")
show(tvm.script.from_source(compiled))
