# relax.PyExprVisitor / PyExprMutator and the variable analyses of relax.analysis.
import tvm
from tvm import ir, relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Mod:
    @R.function(private=True)
    def helper(x: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        return x

    @R.function
    def main(x: R.Tensor((4,), "float32"), y: R.Tensor((4,), "float32")) -> R.Tensor((4,), "float32"):
        with R.dataflow():
            a = R.exp(x)
            b = R.add(a, y)
            t = (a, b)
            c = t[1]
            R.output(c)
        d = Mod.helper(c)
        return d


main = Mod["main"]


@relax.expr_functor.visitor
class Order(relax.PyExprVisitor):
    def __init__(self):
        self.log = []

    def visit_var_def_(self, var):
        self.log.append("def " + var.name)

    def visit_dataflow_var_def_(self, var):
        self.log.append("dfdef " + var.name)

    def visit_var_(self, var):
        self.log.append("use " + var.name)

    def visit_dataflow_var_(self, var):
        self.log.append("dfuse " + var.name)

    def visit_global_var_(self, gv):
        self.log.append("global " + gv.name_hint)

    def visit_tuple_(self, op):
        self.log.append("tuple")
        super().visit_tuple_(op)

    def visit_tuple_getitem_(self, op):
        self.log.append("getitem %d" % op.index)
        super().visit_tuple_getitem_(op)

    def visit_dataflow_block_(self, block):
        self.log.append("dataflow")
        super().visit_dataflow_block_(block)

    def visit_binding_block_(self, block):
        self.log.append("block")
        super().visit_binding_block_(block)


o = Order()
o.visit_expr(main)
print(o.log)

print([v.name for v in relax.analysis.bound_vars(main)])
print([v.name for v in relax.analysis.free_vars(main.body)])
print([v.name for v in relax.analysis.all_vars(main)])
print([g.name_hint for g in relax.analysis.all_global_vars(main)])
seen = []
relax.analysis.post_order_visit(main.body.blocks[0].bindings[1].value, lambda e: seen.append(type(e).__name__))
print(seen)
chain = relax.analysis.udchain(main.body.blocks[0])
print(sorted((k.name, [u.name for u in v]) for k, v in chain.items()))


@relax.expr_functor.mutator
class ExpToSin(relax.PyExprMutator):
    def visit_call_(self, call):
        call = super().visit_call_(call)
        if isinstance(call.op, ir.Op) and call.op.name == "relax.exp":
            return relax.Call(ir.Op.get("relax.sin"), call.args)
        return call


m = ExpToSin()
new_main = m.visit_expr(main)
print(new_main.script())


@relax.expr_functor.mutator
class Nothing(relax.PyExprMutator):
    pass


import tvm_ffi

print(tvm_ffi.structural_equal(Nothing().visit_expr(main), main))
