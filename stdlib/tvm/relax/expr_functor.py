"""Visitors and mutators of Relax expressions written in Python (TVM 0.27's
`tvm.relax.expr_functor`): subclass `PyExprVisitor` or `PyExprMutator`, override the
`visit_*_` methods you need, and decorate the class with `@visitor` / `@mutator`.

The default methods walk the children as TVM's ExprVisitor / ExprMutator do. The
mutator rebuilds a node only when one of its children changed (through reflection,
`ffi._walk.with_fields`); a rebuilt node keeps the type it had."""
import _tvmscript

_walk = _tvmscript.namespace("ffi._walk")


def _cls(key):
    try:
        return _tvmscript.ir_class(key)
    except ValueError:
        return None


# The visit method of each Relax node class (first match along the class's MRO).
_EXPR_METHODS = [
    ("relax.expr.DataflowVar", "visit_dataflow_var_"),
    ("ir.Var", "visit_var_"),
    ("ir.GenericConst", "visit_generic_const_"),
    ("ir.Tuple", "visit_tuple_"),
    ("relax.expr.ShapeExpr", "visit_shape_expr_"),
    ("relax.expr.ExternFunc", "visit_extern_func_"),
    ("ir.GlobalVar", "visit_global_var_"),
    ("relax.expr.Function", "visit_function_"),
    ("ir.Call", "visit_call_"),
    ("relax.expr.SeqExpr", "visit_seq_expr_"),
    ("relax.expr.If", "visit_if_"),
    ("ir.Op", "visit_op_"),
    ("ir.TupleGetItem", "visit_tuple_getitem_"),
    ("ir.StringImm", "visit_string_imm_"),
]
_BINDING_METHODS = [("relax.expr.VarBinding", "visit_var_binding_"), ("relax.expr.MatchCast", "visit_match_cast_")]
_BLOCK_METHODS = [("relax.expr.DataflowBlock", "visit_dataflow_block_"), ("relax.expr.BindingBlock", "visit_binding_block_")]

_tables = {}


def _table(entries):
    key = id(entries)
    if key not in _tables:
        _tables[key] = [(c, m) for c, m in ((_cls(k), m) for k, m in entries) if c is not None]
    return _tables[key]


def _method_for(obj, entries, fallback):
    for cls, name in _table(entries):
        if isinstance(obj, cls):
            return name
    return fallback


def _span(node):
    try:
        return node.span
    except AttributeError:
        return None


def _is_dataflow_var(var):
    cls = _cls("relax.expr.DataflowVar")
    return cls is not None and isinstance(var, cls)


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


class PyExprVisitor:
    """A Relax expression visitor: `visit_expr` dispatches on the node's class to the
    `visit_*_` methods, whose defaults visit the children."""

    def visit_expr(self, expr):
        return getattr(self, _method_for(expr, _EXPR_METHODS, "visit_expr_fallback_"))(expr)

    def visit_binding(self, binding):
        return getattr(self, _method_for(binding, _BINDING_METHODS, "visit_var_binding_"))(binding)

    def visit_binding_block(self, block):
        return getattr(self, _method_for(block, _BLOCK_METHODS, "visit_binding_block_"))(block)

    def visit_var_def(self, var):
        if _is_dataflow_var(var):
            return self.visit_dataflow_var_def_(var)
        return self.visit_var_def_(var)

    # Leaves.
    def visit_generic_const_(self, op):
        self.visit_span(_span(op))

    def visit_var_(self, op):
        self.visit_span(_span(op))

    def visit_dataflow_var_(self, op):
        self.visit_span(_span(op))

    def visit_extern_func_(self, op):
        self.visit_span(_span(op))

    def visit_global_var_(self, op):
        self.visit_span(_span(op))

    def visit_op_(self, op):
        self.visit_span(_span(op))

    def visit_string_imm_(self, op):
        self.visit_span(_span(op))

    def visit_shape_expr_(self, op):
        self.visit_span(_span(op))

    def visit_expr_fallback_(self, op):
        self.visit_span(_span(op))

    # Composites.
    def visit_tuple_(self, op):
        self.visit_span(_span(op))
        for field in op.fields:
            self.visit_expr(field)

    def visit_function_(self, op):
        self.visit_span(_span(op))
        for param in op.params:
            self.visit_var_def(param)
        self.visit_expr(op.body)

    def visit_call_(self, op):
        self.visit_span(_span(op))
        self.visit_expr(op.op)
        for arg in op.args:
            self.visit_expr(arg)

    def visit_seq_expr_(self, op):
        self.visit_span(_span(op))
        for block in op.blocks:
            self.visit_binding_block(block)
        self.visit_expr(op.body)

    def visit_if_(self, op):
        self.visit_span(_span(op))
        self.visit_expr(op.cond)
        self.visit_expr(op.true_branch)
        self.visit_expr(op.false_branch)

    def visit_tuple_getitem_(self, op):
        self.visit_span(_span(op))
        self.visit_expr(op.tuple_value)

    def visit_var_binding_(self, binding):
        self.visit_expr(binding.value)
        self.visit_var_def(binding.var)

    def visit_match_cast_(self, binding):
        self.visit_expr(binding.value)
        self.visit_var_def(binding.var)

    def visit_binding_block_(self, block):
        for binding in block.bindings:
            self.visit_binding(binding)

    def visit_dataflow_block_(self, block):
        for binding in block.bindings:
            self.visit_binding(binding)

    def visit_var_def_(self, var):
        self.visit_span(_span(var))

    def visit_dataflow_var_def_(self, var):
        self.visit_span(_span(var))

    def visit_span(self, span):
        """Visit a span (nothing by default)."""


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
        self._var_remap = {}
        self._bindings = {}

    def _state(self):
        # Subclasses may not call PyExprMutator.__init__.
        if "_var_remap" not in self.__dict__:
            PyExprMutator.__init__(self)

    def visit_expr(self, expr):
        self._state()
        return getattr(self, _method_for(expr, _EXPR_METHODS, "visit_expr_fallback_"))(expr)

    def visit_binding(self, binding):
        self._state()
        return getattr(self, _method_for(binding, _BINDING_METHODS, "visit_var_binding_"))(binding)

    def visit_binding_block(self, block):
        self._state()
        return getattr(self, _method_for(block, _BLOCK_METHODS, "visit_binding_block_"))(block)

    def visit_var_def(self, var):
        self._state()
        if _is_dataflow_var(var):
            return self.visit_dataflow_var_def_(var)
        return self.visit_var_def_(var)

    def visit_expr_post_order(self, expr):
        """Rewrite `expr`'s children (through `visit_expr`, so overrides apply to
        them) with PyExprMutator's own method for `expr`'s class, then normalize: what
        an override calls to have the children done first, as TVM's
        `VisitExprPostOrder` (which never calls the override for `expr` itself)."""
        self._state()
        method = getattr(PyExprMutator, _method_for(expr, _EXPR_METHODS, "visit_expr_fallback_"))
        return self.builder_.normalize(method(self, expr))

    def set_var_remap(self, old_var, new_var):
        """Replace `old_var` by `new_var` at every later use."""
        self._state()
        self._var_remap[hash(old_var)] = new_var

    def get_var_remap(self, var):
        """The variable that replaces `var` (`var` itself when none does)."""
        self._state()
        return self._var_remap.get(hash(var), var)

    def lookup_binding(self, var):
        """The value bound to `var` by a binding visited so far, or None."""
        self._state()
        found = self._bindings.get(hash(var))
        return found[1] if found else None

    def with_struct_info(self, var, struct_info):
        """`var` with another type (a new variable when the type differs)."""
        if _tvmscript.structural_equal(var.struct_info, struct_info):
            return var
        return _walk.with_fields(var, {"ty": struct_info})

    # Leaves.
    def _leaf(self, op):
        return op

    visit_generic_const_ = _leaf
    visit_extern_func_ = _leaf
    visit_global_var_ = _leaf
    visit_op_ = _leaf
    visit_string_imm_ = _leaf
    visit_shape_expr_ = _leaf
    visit_expr_fallback_ = _leaf

    def visit_var_(self, op):
        return self.get_var_remap(op)

    visit_dataflow_var_ = visit_var_

    # Composites.
    def visit_tuple_(self, op):
        return _walk.with_fields(op, {"fields": [self.visit_expr(f) for f in op.fields]})

    def visit_function_(self, op):
        params = [self.visit_var_def(p) for p in op.params]
        body = self.visit_expr(op.body)
        return _walk.with_fields(op, {"params": params, "body": body})

    def visit_call_(self, op):
        new_op = self.visit_expr(op.op)
        args = [self.visit_expr(a) for a in op.args]
        return _walk.with_fields(op, {"op": new_op, "args": args})

    def visit_seq_expr_(self, op):
        blocks = [self.visit_binding_block(b) for b in op.blocks]
        blocks = [b for b in blocks if len(b.bindings) > 0]
        body = self.visit_expr(op.body)
        return _walk.with_fields(op, {"blocks": blocks, "body": body})

    def visit_if_(self, op):
        return _walk.with_fields(
            op,
            {
                "cond": self.visit_expr(op.cond),
                "true_branch": self.visit_expr(op.true_branch),
                "false_branch": self.visit_expr(op.false_branch),
            },
        )

    def visit_tuple_getitem_(self, op):
        return _walk.with_fields(op, {"tuple_value": self.visit_expr(op.tuple_value)})

    def _emit(self, binding, var, value):
        new = _walk.with_fields(binding, {"var": var, "value": value})
        self._bindings[hash(var)] = (var, value)
        self.builder_.emit_normalized(new)
        return new

    def visit_var_binding_(self, binding):
        value = self.visit_expr(binding.value)
        var = self.visit_var_def(binding.var)
        self._bindings[hash(binding.var)] = (binding.var, value)
        return self._emit(binding, var, value)

    visit_match_cast_ = visit_var_binding_

    def _visit_block(self, block):
        bb = self.builder_
        if isinstance(block, _cls("relax.expr.DataflowBlock")):
            bb._begin_dataflow_block()
        else:
            bb._begin_binding_block()
        try:
            for binding in block.bindings:
                self.visit_binding(binding)
        finally:
            new = bb._end_block()
        # An unchanged block stays the same object.
        return _walk.with_fields(block, {"bindings": list(new.bindings)})

    visit_binding_block_ = _visit_block
    visit_dataflow_block_ = _visit_block

    def visit_var_def_(self, var):
        return self.get_var_remap(var)

    visit_dataflow_var_def_ = visit_var_def_

    def visit_span(self, span):
        """Visit a span (nothing by default)."""
        return span
