# An IRModule from IRBuilder frames holding a TIRx and a Relax function, with
# module attributes read back and overwritten, decl_function ordering, and
# the errors of misuse.
import tvm
from tvm import relax
from tvm.script import relax as RS
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import ir as I
from tvm.script.ir_builder import relax as R
from tvm.script.ir_builder import tirx as T

with IRBuilder() as ib:
    with I.ir_module():
        I.module_attrs({"version": tvm.tirx.IntImm("int32", 1)})
        print(I.module_get_attr("version"), I.module_get_attr("missing"))
        I.module_set_attr("version", tvm.tirx.IntImm("int32", 2), allow_overwrite=True)
        I.module_set_attr("extra", tvm.ir.Range(0, 4))
        for bad in ["yes", 3, 2.5]:
            try:
                I.module_set_attr("bad", bad)
            except TypeError as e:
                print("TypeError", str(e)[-40:])
        with T.prim_func():
            T.func_name("fill")
            A = T.arg("A", T.Buffer((8,), "float32"))
            with T.serial(8) as i:
                T.buffer_store(A, T.float32(0), [i])
        with R.function():
            R.func_name("main")
            x = R.arg("x", RS.Tensor((8,), "float32"))
            y = R.emit(relax.op.abs(x))
            R.func_ret_value(y)
mod = ib.get()
print(type(mod).__name__, sorted(g.name_hint for g in mod.get_global_vars()))
print(mod.attrs["version"], mod.attrs["extra"], "bad" in mod.attrs)
print(mod.script())

try:
    with IRBuilder() as ib:
        with I.ir_module():
            I.module_attrs({"a": 1})
            I.module_set_attr("a", 5)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:70])

try:
    with IRBuilder() as ib:
        with I.ir_module():
            I.module_attrs({"a": 1})
            I.module_attrs({"b": 1})
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:70])

with IRBuilder() as ib:
    pass
try:
    ib.get()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1][:70])
