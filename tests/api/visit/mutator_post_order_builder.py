# A mutator override that asks for its children first (visit_expr_post_order) and
# emits extra bindings through self.builder_.
import tvm
from tvm import relax
from tvm.relax.expr_functor import PyExprMutator, mutator
from tvm.script import ir as I, relax as R


@I.ir_module
class Graph:
    @R.function
    def main(p: R.Tensor((3,), "float32"), q: R.Tensor((3,), "float32")):
        with R.dataflow():
            s = R.add(p, q)
            t = R.add(s, p)
            R.output(t)
        return t


@mutator
class AddToSubtractTwice(PyExprMutator):
    def __init__(self, mod):
        super().__init__(mod)
        self.calls = 0

    def visit_call_(self, call):
        call = self.visit_expr_post_order(call)
        self.calls += 1
        if call.op.name == "relax.add":
            first = self.builder_.emit(relax.op.subtract(call.args[0], call.args[1]))
            return relax.op.subtract(first, call.args[1])
        return call


m = AddToSubtractTwice(Graph)
print(type(m.builder_).__name__)
new_main = m.visit_expr(Graph["main"])
print(m.calls)
print(new_main)
