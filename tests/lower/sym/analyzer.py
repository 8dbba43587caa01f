# tvm.sym.Analyzer: the simplifications tensor expressions rely on.
import tvm
from tvm import tirx

ana = tvm.sym.Analyzer()
x = tirx.Var("x", "int64")
y = tirx.Var("y", "int64")
n = tirx.Var("n", "int32")
c = lambda v: tirx.IntImm("int64", v)  # noqa: E731
for e in [
    x >= c(3),
    x > y,
    (x // c(4)) % c(3),
    (x // c(6)) // c(2),
    (x * c(8) + y) // c(8),
    (x * c(8) + y + c(3)) % c(4),
    (x + c(1)) * c(5) - x * c(5),
    y - c(2) <= x,
    x < y - c(3),
    x * c(3) - x * c(2),
    y - x + c(4) - y * c(2),
    (n * 3 + 3 - 1) // 3,
    x % c(1),
    tirx.Select(c(1) < c(2), x, y),
]:
    print(ana.simplify(e))
