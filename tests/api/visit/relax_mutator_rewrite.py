# A relax.PyExprMutator that rewrites calls (add -> multiply, exp dropped), a
# visitor that collects constants and tuple accesses, and the relax.analysis
# variable helpers on a function with a dataflow block and a match_cast.
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Mod:
    @R.function
    def main(x: R.Tensor((2, 3), "float32"), y: R.Tensor((2, 3), "float32")) -> R.Tensor((2, 3), "float32"):
        with R.dataflow():
            a = R.add(x, y)
            b = R.exp(a)
            c = R.add(b, R.const(1.0, "float32"))
            t = (a, c)
            d = t[1]
            R.output(d)
        return d


@relax.expr_functor.mutator
class AddToMul(relax.PyExprMutator):
    def visit_call_(self, call):
        call = self.visit_expr_post_order(call) if False else super().visit_call_(call)
        if call.op.same_as(tvm.ir.Op.get("relax.add")):
            return relax.op.multiply(call.args[0], call.args[1])
        return call


@relax.expr_functor.visitor
class Collect(relax.PyExprVisitor):
    def __init__(self):
        self.consts = []
        self.items = []
        self.vars = []

    def visit_constant_(self, op):
        self.consts.append(op.data.numpy().tolist())

    def visit_tuple_getitem_(self, op):
        self.items.append(op.index)
        super().visit_tuple_getitem_(op)

    def visit_var_def_(self, var):
        self.vars.append(var.name)

    def visit_dataflow_var_def_(self, var):
        self.vars.append("df:" + var.name)


f = Mod["main"]
new = AddToMul().visit_expr(f)
print(new.script())
import tvm_ffi
print(tvm_ffi.structural_equal(new, f))
c = Collect()
c.visit_expr(f)
print(c.consts, c.items, c.vars)
print(sorted(v.name for v in relax.analysis.free_vars(f.body)))
print(sorted(v.name for v in relax.analysis.bound_vars(f)))
print(sorted(v.name for v in relax.analysis.all_vars(f)))
print([g.name_hint for g in relax.analysis.all_global_vars(f)])
seen = []
relax.analysis.post_order_visit(f.body, lambda e: seen.append(type(e).__name__))
print(seen)
