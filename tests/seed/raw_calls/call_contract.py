# I.Call has tvm.ir.Call's constructor contract: keywords, unknown keywords and extra
# positionals rejected, an explicit ty kept (the missing type too), ty=None inferring,
# and validate() checking the operator's contract apart from construction.
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T

exp = tvm.ir.Op.get("tirx.exp")
v = tvm.tirx.Var("v", "float16")


def show(label, build):
    try:
        print(label, "->", build())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).splitlines()[0])


show("keywords", lambda: I.Call(op=exp, args=[v], ty=tvm.ir.PrimType("int32")).ty)
show("inferred", lambda: I.Call(exp, [v]).ty)
show("ty=None", lambda: I.Call(exp, [v], ty=None).ty)
show("missing kept", lambda: I.Call(exp, [v], ty=tvm.ir.Type.missing()).ty.is_missing())
show("by name", lambda: I.Call("tirx.exp", [v], ty=T.int8).ty)
show("unknown keyword", lambda: I.Call(exp, [v], shape=3))
show("extra positional", lambda: I.Call(exp, [v], None, None, None, 7))
show("validate ok", lambda: I.Call(exp, [v]).validate())
# Construction permits provisional IR; validate() checks the operator's arity.
add = tvm.ir.Op.get("relax.add")
t = tvm.relax.Var("t", tvm.relax.TensorType([2], "float32"))
show("provisional", lambda: I.Call(add, [t], ty=tvm.ir.Type.missing()).ty.is_missing())
show("validate arity", lambda: I.Call(add, [t], ty=tvm.ir.Type.missing()).validate())
show("range keywords", lambda: T.Range(begin=1, end=9))
show("range unknown", lambda: T.Range(1, 9, step=2))
show("range extra", lambda: T.Range(1, 9, None, None, 4))
show("inference error", lambda: I.Call(add, [t, tvm.relax.Var("u", tvm.relax.TensorType([3], "float32"))]))
