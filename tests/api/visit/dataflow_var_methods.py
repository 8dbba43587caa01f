# PyExprVisitor / PyExprMutator: a dataflow variable goes to visit_var_ and
# visit_var_def_ unless its own methods are overridden (TVM's functors); the
# methods a class does not override run natively.
from tvm import relax
from tvm.script import relax as R


@R.function
def f(x: R.Tensor((3,), "float32")) -> R.Tensor((3,), "float32"):
    with R.dataflow():
        y = R.exp(x)
        z = R.add(y, x)
        R.output(z)
    w = R.multiply(z, z)
    return w


@relax.expr_functor.visitor
class Names(relax.PyExprVisitor):
    def __init__(self):
        self.log = []

    def visit_var_(self, var):
        self.log.append("use " + var.name)

    def visit_var_def_(self, var):
        self.log.append("def " + var.name)


n = Names()
n.visit_expr(f)
print(n.log)


@relax.expr_functor.visitor
class Defs(relax.PyExprVisitor):
    def __init__(self):
        self.log = []

    def visit_var_(self, var):
        self.log.append("use " + var.name)

    def visit_dataflow_var_(self, var):
        self.log.append("dataflow use " + var.name)

    def visit_dataflow_var_def_(self, var):
        self.log.append("dataflow def " + var.name)


d = Defs()
d.visit_expr(f)
print(d.log)


@relax.expr_functor.mutator
class Rename(relax.PyExprMutator):
    def visit_var_def_(self, var):
        if isinstance(var, relax.DataflowVar):
            return var
        new = relax.Var(var.name + "_r", var.ty)
        self.set_var_remap(var, new)
        return new


print(Rename().visit_expr(f))
