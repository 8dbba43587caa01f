# An IRModule built with the IRBuilder: I.ir_module() with module attributes,
# functions defined by prim_func frames inside it (named with T.func_name), and
# I.decl_function / I.def_function with parsed functions; the errors of each.
from tvm.script import tirx as TS
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import ir as I
from tvm.script.ir_builder import tirx as T


@TS.prim_func
def stub(n: TS.int32):
    TS.evaluate(n)


with IRBuilder() as ib:
    with I.ir_module():
        I.module_attrs({"origin": "builder"})
        with T.prim_func():
            T.func_name("zero")
            X = T.arg("X", T.Buffer((4, 4), "int32"))
            with T.grid(4, 4) as (i, j):
                T.buffer_store(X, 0, [i, j])
        with T.prim_func(private=True):
            T.func_name("ones")
            Y = T.arg("Y", T.Buffer((4,), "int32"))
            with T.serial(0, 4) as k:
                IRBuilder.name("k", k)
                T.buffer_store(Y, 1, [k])
mod = ib.get()
print(type(mod).__name__, [g.name_hint for g, _ in mod.functions_items()])
print(mod.attrs["origin"])
print(mod.script())

with IRBuilder() as ib2:
    with I.ir_module():
        gv = I.decl_function("later", stub)
        print(type(gv).__name__, gv.name_hint)
        I.def_function("later", stub.with_attr("global_symbol", "later"))
mod2 = ib2.get()
print(mod2.get_global_var("later").same_as(gv), mod2.attrs)
print(mod2.script())


def fails(label, body):
    try:
        with IRBuilder():
            with I.ir_module():
                body()
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, "Check failed" in str(e) or "declare" in str(e) or "Duplicate" in str(e))


def unnamed():
    with T.prim_func():
        T.evaluate(0)


fails("unnamed function in a module:", unnamed)
fails("def_function before decl_function:", lambda: I.def_function("f", stub))


def twice():
    I.module_attrs({"a": 1})
    I.module_attrs({"a": 2})


fails("module_attrs twice:", twice)
print(IRBuilder.is_in_scope())
