# A Relax function built with the IRBuilder frames from Python: R.function() (named,
# unnamed, private, in a module), R.arg, R.func_attr, R.func_ret_ty, R.emit with
# fresh names (gv, lv), an annotated emit, R.emit_match_cast, R.dataflow with
# R.output, and R.func_ret_value.
from tvm import relax
from tvm.script import relax as RS
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import ir as I
from tvm.script.ir_builder import relax as R

with IRBuilder() as ib:
    with R.function():
        R.func_name("f")
        x = R.arg("x", RS.Tensor((4,), "float32"))
        y = R.arg("y", RS.Tensor((4,), "float32"))
        R.func_attr({"num_input": 1})
        a = R.emit(relax.op.add(x, y))
        b = R.emit(relax.op.multiply(a, a))
        c = R.emit_match_cast(b, RS.Tensor((4,), "float32"))
        R.func_ret_ty(RS.Tensor((4,), "float32"))
        R.func_ret_value(c)
f = ib.get()
print(type(f).__name__, f.attrs, len(f.params))
print(f.script())

with IRBuilder() as ib:
    with R.function():
        R.func_name("flow")
        x = R.arg("x", RS.Tensor((2, 3), "float32"))
        with R.dataflow():
            lv = R.emit(relax.op.exp(x))
            lv1 = R.emit(relax.op.add(lv, x))
            R.output(lv1)
        R.func_ret_value(x)
print(ib.get().script())

with IRBuilder() as ib:
    with I.ir_module():
        with R.function(is_private=True):
            R.func_name("g")
            a = R.arg("a", RS.Tensor((2,), "int32"))
            R.func_ret_value(a)
        with R.function():
            R.func_name("main")
            a = R.arg("a", RS.Tensor((2,), "int32"))
            b = R.emit(relax.op.negative(a))
            R.func_ret_value(b)
print(ib.get().script())

with IRBuilder() as ib:
    with R.function():
        a = R.arg("a", RS.Tensor((2,), "int32"))
        b = R.emit(a, RS.Tensor((2,), "int32"))
        R.func_ret_value(b)
print(ib.get().script())
