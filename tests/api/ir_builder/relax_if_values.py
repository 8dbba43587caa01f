# Relax with IRBuilder frames: an impure function, R.If/Then/Else over a condition,
# R.tuple / R.shape / R.prim_value / R.str / R.dtype values, emit_var_binding,
# func_ret_type, and the var types the builder gives.
import tvm
from tvm import relax
from tvm.script import relax as RS
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import relax as R

with IRBuilder() as ib:
    with R.function(is_pure=False):
        R.func_name("branchy")
        c = R.arg("c", RS.Tensor((), "bool"))
        x = R.arg("x", RS.Tensor((3,), "float32"))
        with R.If(c) as if_frame:
            with R.Then():
                t = R.emit(relax.op.add(x, x))
                IRBuilder.name("y", R.emit(relax.op.multiply(t, x)))
            with R.Else():
                IRBuilder.name("y", R.emit(relax.op.subtract(x, x)))
        y = if_frame.var
        R.func_ret_type(RS.Tensor((3,), "float32"))
        R.func_ret_value(y)
f = ib.get()
print(f.is_pure, type(f.body).__name__, len(f.body.blocks))
print(f.script())

with IRBuilder() as ib:
    with R.function():
        R.func_name("values")
        x = R.arg("x", RS.Tensor((5,), "float32"))
        t = R.emit(R.tuple(x, x))
        s = R.emit(R.shape([1, 2, 3]))
        p = R.emit(R.prim_value(7))
        st = R.emit(R.str("hello"))
        d = R.emit(R.dtype("float16"))
        b = R.emit_var_binding(relax.VarBinding(relax.Var("bound", x.ty), x))
        print(type(t.ty).__name__, type(s.ty).__name__, s.ty.ndim, type(p.ty).__name__, b.name)
        R.func_ret_value(R.tuple(t, s, p, st, d, b))
print(ib.get().script())
