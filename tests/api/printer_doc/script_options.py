# Printing options of .script() with AccessPath objects (underline, annotate, by path and
# by object), PrinterConfig and _script, render_invisible_path_info, invalid prefixes,
# _relax_script of types, show() with a style, cprint.
import tvm
from tvm import relax, tirx
from tvm.runtime.script_printer import PrinterConfig, _script
from tvm.script import tirx as T
from tvm.script.highlight import cprint
from tvm_ffi.access_path import AccessPath


@T.prim_func(s_tir=True)
def steps(a: T.handle):
    A = T.match_buffer(a, (6,), "int32")
    A[0] = 10
    A[1] = 11
    A[2] = 12
    A[3] = 13


f = steps.with_attr("global_symbol", "steps")
seq = AccessPath.root().attr("body").attr("seq")
print(f.script(path_to_underline=[seq.array_item(2)]))
print(f.script(path_to_underline=[seq.array_item(1).attr("value")], print_line_numbers=True))
print(f.script(path_to_annotate={seq.array_item(0): "first", seq.array_item(3): "last"}))
print(f.script(obj_to_annotate={steps.body.seq[1]: "by object"}, obj_to_underline=[steps.body.seq[2]]))
print(f.script(path_to_underline=[seq.array_item(3)], num_context_lines=1))
print(f.script(path_to_underline=None, path_to_annotate=None, num_context_lines=None) == f.script())


@T.prim_func(s_tir=True)
def scalars():
    p = 5
    q = p * 2
    T.evaluate(q)


g = scalars.with_attr("global_symbol", "scalars")
print(g.script(obj_to_annotate={scalars.body.seq[3]: "store"}))
try:
    g.script(obj_to_annotate={scalars.body.seq[2]: "alloc", scalars.body.seq[3]: "store"})
except ValueError as err:
    print("ValueError", str(err).splitlines()[0])
print(g.script(path_to_underline=[AccessPath.root().attr("body").attr("seq").array_item(3)]))

ty = tvm.ir.PrimType("float16")
print(ty.script(path_to_underline=[AccessPath.root().attr("dtype")]))
print(ty.script(path_to_underline=[AccessPath.root()]))
print(ty.script(path_to_underline=[AccessPath.root().attr("dtype")], extra_config={"render_invisible_path_info": False}))
cfg = PrinterConfig(path_to_underline=[AccessPath.root().attr("dtype")], indent_spaces=2)
print(cfg.indent_spaces, cfg.num_context_lines, cfg.render_invisible_path_info, cfg.show_meta, cfg.path_to_underline)
print(_script(ty, cfg))
print(_script(ty, PrinterConfig()))
print(PrinterConfig(num_context_lines=3).num_context_lines)

for kw in ({"ir_prefix": "1I"}, {"ir_prefix": ""}, {"module_alias": "a-b"}, {"extra_config": {"tirx.prefix": "T T"}}):
    try:
        f.script(**kw)
    except RuntimeError as err:
        print(type(err).__name__, err)
print(f.script(module_alias="")[:20])

tt = relax.TupleType([tvm.ir.PrimType("int8"), relax.ShapeType([2, tirx.Var("m", "int64")]), relax.AnyType()])
print(tt._relax_script())
print(tt.script())
print(relax.TupleType([])._relax_script())
print(relax.FuncType([relax.ShapeType(ndim=2)], relax.AnyType())._relax_script())

f.show(style="light")
f.show("dark", False)
cprint(ty)
cprint("plain text")
try:
    cprint(42)
except TypeError as err:
    print("TypeError", err)
