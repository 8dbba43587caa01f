"""Visitors and mutators of Relax expressions written in Python (TVM 0.27's
`tvm.relax.expr_functor`): subclass `PyExprVisitor` or `PyExprMutator`, override the
`visit_*_` methods you need, and decorate the class with `@visitor` / `@mutator`.

The walk is native (`relax._impl.functor_*`): which methods a class overrides is
decided once, when the class is made, and Python runs only those; a default method
(`super().visit_call_(op)`) walks the node's children natively. The mutator rebuilds
a node only when one of its children changed; a rebuilt node keeps the type it had."""
import _tvmscript

_impl = _tvmscript.namespace("relax._impl")
_walk = _tvmscript.namespace("ffi._walk")


def visitor(cls):
    """Register a PyExprVisitor subclass (TVM's `@relax.expr_functor.visitor`)."""
    if not (isinstance(cls, type) and issubclass(cls, PyExprVisitor)):
        raise TypeError("@visitor expects a subclass of PyExprVisitor")
    return cls


def mutator(cls):
    """Register a PyExprMutator subclass (TVM's `@relax.expr_functor.mutator`)."""
    if not (isinstance(cls, type) and issubclass(cls, PyExprMutator)):
        raise TypeError("@mutator expects a subclass of PyExprMutator")
    return cls


def _methods(base):
    """Give `base` its native entries and default methods, and each subclass what
    it overrides (found once, when the class is made)."""
    for index, name in enumerate(_impl.functor_methods):
        if name != "visit_span":
            setattr(base, name, _impl.functor_method(index))
    mutator = base.__name__ == "PyExprMutator"

    def init_subclass(cls, **kwargs):
        cls._tvm_functor = _impl.functor_class(cls, base, mutator)

    base.__init_subclass__ = classmethod(init_subclass)
    base._tvm_functor = _impl.functor_class(base, base, mutator)
    return base


@_methods
class PyExprVisitor:
    """A Relax expression visitor: `visit_expr` dispatches on the node's class to the
    `visit_*_` methods, whose defaults visit the children."""

    def visit_span(self, span):
        """Visit a span (nothing by default)."""


@_methods
class PyExprMutator:
    """A Relax expression mutator: each `visit_*_` returns the (possibly new)
    expression; variables whose definition changed are replaced at every use. The
    bindings of a block are re-emitted through `builder_` (a `relax.BlockBuilder`), so
    what a visit method emits with `self.builder_.emit(...)` lands in the block being
    rewritten, before the binding that emitted it."""

    def __init__(self, mod=None):
        from .block_builder import BlockBuilder

        self.builder_ = BlockBuilder(mod)
        self.mod_ = mod
        self._tvm_mutator_state = _impl.MutatorState()

    def __getattr__(self, name):
        # Subclasses may not call PyExprMutator.__init__: the state is made on first use.
        if name in ("builder_", "mod_", "_tvm_mutator_state") and "_tvm_mutator_state" not in self.__dict__:
            PyExprMutator.__init__(self)
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def visit_expr_post_order(self, expr):
        """Rewrite `expr`'s children (through `visit_expr`, so overrides apply to
        them) with PyExprMutator's own method for `expr`'s class, then normalize: what
        an override calls to have the children done first, as TVM's
        `VisitExprPostOrder` (which never calls the override for `expr` itself)."""
        return _impl.functor_post_order(self, expr)

    def set_var_remap(self, old_var, new_var):
        """Replace `old_var` by `new_var` at every later use."""
        self._tvm_mutator_state.set_var_remap(old_var, new_var)

    def get_var_remap(self, var):
        """The variable that replaces `var` (`var` itself when none does)."""
        return self._tvm_mutator_state.get_var_remap(var)

    def lookup_binding(self, var):
        """The value bound to `var` by a binding visited so far, or None."""
        return self._tvm_mutator_state.lookup_binding(var)

    def with_struct_info(self, var, struct_info):
        """`var` with another type (a new variable when the type differs)."""
        if _tvmscript.structural_equal(var.struct_info, struct_info):
            return var
        return _walk.with_fields(var, {"ty": struct_info})

    def visit_span(self, span):
        """Visit a span (nothing by default)."""
        return span
