"""Checks on Relax functions and modules."""
import _tvmscript

_impl = _tvmscript.namespace("relax._impl")


def check_well_formed(obj, check_struct_info=True):
    """Whether every Relax function of a module (or one function) is well formed."""
    return _impl.check_well_formed(obj)


well_formed = check_well_formed


# Variable analyses over Relax expressions (TVM's VarVisitor), on the Python visitor.
def _collect(expr):
    from .expr_functor import PyExprVisitor

    class _Vars(PyExprVisitor):
        def __init__(self):
            self.bound, self.used, self.globals = [], [], []

        def visit_var_def_(self, var):
            self.bound.append(var)

        visit_dataflow_var_def_ = visit_var_def_

        def visit_var_(self, var):
            self.used.append(var)

        visit_dataflow_var_ = visit_var_

        def visit_global_var_(self, gv):
            self.globals.append(gv)

    v = _Vars()
    v.visit_expr(expr)
    return v


def _unique(items, exclude=()):
    seen = {hash(x) for x in exclude}
    out = []
    for x in items:
        if hash(x) not in seen:  # IR objects hash by identity
            seen.add(hash(x))
            out.append(x)
    return out


def bound_vars(expr):
    """The Relax variables `expr` defines (parameters and bound variables), in order."""
    return _unique(_collect(expr).bound)


def free_vars(expr):
    """The Relax variables `expr` uses without defining them, in order of first use."""
    v = _collect(expr)
    return _unique(v.used, exclude=v.bound)


def all_vars(expr):
    """Every Relax variable of `expr`, defined or used, in order of first occurrence."""
    v = _collect(expr)
    return _unique(v.bound + v.used)


def used_vars(expr):
    """The Relax variables `expr` uses, in order of first use."""
    return _unique(_collect(expr).used)


def all_global_vars(expr):
    """The GlobalVars `expr` refers to, in order of first occurrence."""
    return _unique(_collect(expr).globals)


def post_order_visit(expr, fvisit):
    """Call `fvisit` on every expression under `expr`, children first; the shapes of
    an expression's type (a tensor's, or the tensors' of a tuple, and the shapes'
    values) come right before it, as in TVM. A constant's type is not visited (TVM's
    visitor skips it: it depends on no variable)."""
    from .expr_functor import PyExprVisitor

    class _PostOrder(PyExprVisitor):
        def visit_expr(self, e):
            PyExprVisitor.visit_expr(self, e)
            if type(e).__name__ not in ("Constant", "GenericConst"):
                self._type_shapes(getattr(e, "ty", None))
            fvisit(e)

        def _type_shapes(self, ty):
            kind = type(ty).__name__
            if kind == "TensorType" and type(getattr(ty, "shape", None)).__name__ == "ShapeExpr":
                self.visit_expr(ty.shape)
            elif kind == "TupleType":
                for field in ty.fields:
                    self._type_shapes(field)

        def visit_shape_expr_(self, op):
            for value in op.values:
                fvisit(value)

    _PostOrder().visit_expr(expr)


def udchain(dfb):
    """For each variable a dataflow block binds or uses, the bound variables whose
    values use it."""
    order, users = [], {}

    def note(var):
        if hash(var) not in users:
            users[hash(var)] = []
            order.append(var)

    for binding in dfb.bindings:
        for var in used_vars(binding.value):
            note(var)
            if all(hash(u) != hash(binding.var) for u in users[hash(var)]):
                users[hash(var)].append(binding.var)
        note(binding.var)
    return {var: users[hash(var)] for var in order}


# Type analyses (TVM's `type_analysis.cc`), in Rust.
def get_static_type(ty):
    """The static part of `ty`: shapes keep only their rank."""
    return _impl.get_static_type(ty)


def erase_to_well_defined(ty, shape_var_map=None, var_map=None):
    """`ty` with its variables replaced by their values in the maps; a shape that
    mentions a variable with no value is forgotten (its rank stays)."""
    return _impl.erase_to_well_defined(ty, shape_var_map, var_map)


def type_lca(lhs, rhs):
    """The least common ancestor of two types."""
    return _impl.type_lca(lhs, rhs)


def tir_vars_in_type(ty):
    """The TIR variables `ty` mentions, once each, in order."""
    return _impl.tir_vars_in_type(ty)


def definable_tir_vars_in_type(ty):
    """The TIR variables `ty` can define (a shape dimension that is one), once each."""
    return _impl.definable_tir_vars_in_type(ty)


def collect_non_negative_expressions(ty):
    """The expressions `ty`'s shapes hold (non-negative where it is used), once each."""
    return _impl.collect_non_negative_expressions(ty)


def defined_symbolic_vars(func):
    """The symbolic variables `func` defines."""
    return _impl.symbolic_vars(func, False)


def free_symbolic_vars(func):
    """The symbolic variables `func` uses without defining them."""
    return _impl.symbolic_vars(func, True)


def _bindings(func):
    for block in func.body.blocks:
        for binding in block.bindings:
            yield binding


def get_var2val(func):
    """Each variable a binding of `func` (or of a function bound in it) binds to a
    value, with that value."""
    from .expr import Function, VarBinding

    out = {}

    def visit(f):
        for binding in _bindings(f):
            if isinstance(binding, VarBinding):
                out[binding.var] = binding.value
                if isinstance(binding.value, Function):
                    visit(binding.value)

    visit(func)
    return out


def name_to_binding(func):
    """The bindings of `func`'s body by the name of the variable they bind, names in
    sorted order."""
    by_name = {}
    for binding in _bindings(func):
        by_name.setdefault(binding.var.name, []).append(binding)
    return {name: by_name[name] for name in sorted(by_name)}


def computable_at_compile_time(func):
    """The variables whose values depend only on the parameters after the function's
    `num_input` attribute (known at compile time), in order of definition."""
    from .expr import VarBinding

    known, out = [], []

    def mark(var):
        out.append(var)
        known.append(var)
        known.extend(definable_tir_vars_in_type(var.ty))

    num_input = func.attrs["num_input"] if func.attrs is not None and "num_input" in func.attrs else None
    if num_input is not None:
        for param in list(func.params)[int(num_input):]:
            mark(param)
    from tvm.tirx.analysis import undefined_vars

    for binding in _bindings(func):
        # Free variables of the value, Relax and symbolic alike.
        if all(any(v.same_as(k) for k in known) for v in undefined_vars(binding.value)):
            mark(binding.var)
    return out


def contains_impure_call(expr, own_name=None):
    """Whether `expr` (a function: its body) calls something with a visible effect;
    calls of `own_name` (a recursive function's own name) do not count, nor calls
    inside the functions it defines."""
    return _impl.contains_impure_call(expr, own_name)


def remove_all_unused(func):
    """`func` without the bindings nothing uses (transitively); outside dataflow
    blocks, bindings whose values have an effect stay."""
    return _impl.remove_all_unused(func)


def has_reshape_pattern(func):
    """Whether a TIR PrimFunc copies its first buffer into its last in flattened
    order (a reshape), judged on its block's indices through iterator maps."""
    return _tvmscript.namespace("s_tir._analysis").has_reshape_pattern(func)
