"""`relax.transform.LegalizeOps`: each call of an operator with a legalization rule
(the custom map's first, then the registered ones) replaced by what the rule returns,
as TVM 0.27's pass does: only when the shapes of its arguments and result are known,
the rule's own bindings placed before the call's, the result legalized again; an
operator without a rule stays as it is."""
import _tvmscript

from tvm import ir

_walk = _tvmscript.namespace("ffi._walk")


def _known_shapes(ty):
    from ..type import ShapeType, TensorType, TupleType

    if isinstance(ty, TensorType):
        return ty.shape is not None
    if isinstance(ty, ShapeType):
        return ty.values is not None
    if isinstance(ty, TupleType):
        return all(_known_shapes(f) for f in ty.fields)
    return True


def _sym_vars(obj):
    from tvm import tirx
    from tvm_ffi import structural_walk

    found = []
    structural_walk(obj, [(tirx.Var, lambda v: found.append(v))])
    return found


def _rebuilt_ret_ty(ret, body_ty, params=()):
    """The return type of a function whose body was rewritten, as TVM's mutator and
    Function constructor decide it: the old one only while the new body's type is
    strictly less specific (it can no longer show the shape), else the body's (kept
    old when the body's names symbolic variables the parameters do not define)."""
    if body_ty is None:
        return ret
    defined = [v for p in params for v in _sym_vars(p.ty)]
    if any(all(not v.same_as(d) for d in defined) for v in _sym_vars(body_ty)):
        return ret
    if ret is None:
        return body_ty
    try:
        if body_ty.is_base_of(ret) and not ret.is_base_of(body_ty):
            return ret
    except (AttributeError, TypeError):
        return ret
    return body_ty


class _Legalizer:
    def __init__(self, mod, cmap, skip_ops, enable_warning):
        from ..block_builder import BlockBuilder
        from . import legalize_ops

        self.mod = mod
        self.bb = BlockBuilder(mod)
        self.cmap = dict(cmap or {})
        self.skip = set(skip_ops or [])
        self.warn = enable_warning
        self.rules = legalize_ops.get_legalize

    def run(self):
        from ..expr import Function

        for gv in self.mod.get_global_vars():
            func = self.mod[gv]
            if isinstance(func, Function):
                body = self.visit_seq(func.body)
                if body is not func.body:
                    fields = {"body": body}
                    ret = _rebuilt_ret_ty(func.ret_ty, getattr(body, "ty", None), func.params)
                    if ret is not func.ret_ty:
                        fields["ret_ty"] = ret
                    self.bb.update_func(gv, _walk.with_fields(func, fields))
        return self.bb.get()

    def visit_seq(self, seq):
        from ..expr import DataflowBlock, SeqExpr

        if not isinstance(seq, SeqExpr):
            return self.visit_expr(seq)
        core = self.bb._core
        blocks = []
        changed = False
        for block in seq.blocks:
            core.begin_block(isinstance(block, DataflowBlock))
            for binding in block.bindings:
                value = self.visit_expr(binding.value)
                if value is not binding.value:
                    changed = True
                    binding = _walk.with_fields(binding, {"value": value})
                self.bb.emit_normalized(binding)
            blocks.append(core.end_block())
        body = self.visit_expr(seq.body)
        if not changed and body is seq.body:
            return seq
        return _walk.with_fields(seq, {"blocks": blocks, "body": body})

    def visit_expr(self, expr):
        from ..expr import Call

        if isinstance(expr, Call) and isinstance(expr.op, ir.Op):
            return self.legalize(expr)
        return expr

    def legalize(self, call):
        name = call.op.name
        if name in self.skip:
            return call
        known = all(_known_shapes(a.ty) for a in call.args) and _known_shapes(call.ty)
        rule = self.cmap.get(name) if known else None
        if rule is None and known:
            rule = self.rules(name)
        if rule is None:
            return call
        out = rule(self.bb, call)
        # A rule that declines (an unsupported layout, say) returns the call itself.
        if out is call or out.same_as(call):
            return call
        legalized = self.bb.normalize(out)
        if legalized is not call:
            legalized = self.visit_expr(legalized)
        return legalized


def LegalizeOps(customize_legalize_map=None, skip_ops=None, enable_warning=False):
    """Lower every Relax operator call with a legalization rule (most to the
    `call_tir` of a PrimFunc made from tensor expressions)."""

    def transform(mod, ctx):
        config = getattr(ctx, "config", None) or {}
        if not config.get("relax.transform.apply_legalize_ops", True):
            return mod
        return _Legalizer(mod, customize_legalize_map, skip_ops, enable_warning).run()

    return ir.transform.module_pass(transform, opt_level=0, name="LegalizeOps")
