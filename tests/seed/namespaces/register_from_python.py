# Extension from Python: a namespace registered (directly or lazily) or a dialect
# package registered by path is named tvm.script.<name> and tvm.script.parser.<name>.
import sys
import types

import tvm.script
import tvm.script.parser

extra = types.SimpleNamespace(scale=lambda x: x * 3)
tvm.script.register_namespace("triple", extra)
from tvm.script import triple  # noqa: E402

print(triple is extra, tvm.script.parser.triple is extra, triple.scale(5))

made = []


def make_lazy():
    made.append(1)
    return types.SimpleNamespace(tag="lazy")


tvm.script.register_namespace_initializer("lazyns", make_lazy)
print(len(made))
from tvm.script import lazyns  # noqa: E402

print(lazyns.tag, len(made), tvm.script.lazyns is lazyns, len(made))

pkg = types.ModuleType("my_dialect_pkg")
pkg.answer = 42
sys.modules["my_dialect_pkg"] = pkg
tvm.script.register_dialect("mine", "my_dialect_pkg")
from tvm.script import mine  # noqa: E402

print(mine is pkg, mine.answer)
try:
    tvm.script.register_namespace("not a name", extra)
except ValueError as e:
    print("ValueError", e)
