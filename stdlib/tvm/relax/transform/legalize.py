"""`relax.transform.LegalizeOps`: each call of an operator with a legalization rule
(the custom map's first, then the registered ones) replaced by what the rule returns,
as TVM 0.27's pass does: only when the shapes of its arguments and result are known,
the rule's own bindings placed before the call's, the result legalized again; an
operator without a rule stays as it is."""
import _tvmscript

from tvm import ir

_walk = _tvmscript.namespace("ffi._walk")
_impl = _tvmscript.namespace("relax._impl")


def _known_shapes(ty):
    from ..type import ShapeType, TensorType, TupleType

    if isinstance(ty, TensorType):
        return ty.shape is not None
    if isinstance(ty, ShapeType):
        return ty.values is not None
    if isinstance(ty, TupleType):
        return all(_known_shapes(f) for f in ty.fields)
    return True


# Operators lowered to a packed function when no rule applies (TVM's `FCallPacked`).
_CALL_PACKED = {
    "relax.print": "relax.run.print",
    "relax.assert_op": "relax.run.assert_op",
    "relax.shape_to_tensor": "relax.run.shape_to_tensor",
    "relax.unique": "relax.run.unique",
    "relax.nonzero": "relax.run.nonzero",
}

# Operators whose output shape depends on tensor values (`FDataDependent`): their
# rules run without a known output shape.
_DATA_DEPENDENT = {"relax.full", "relax.dynamic_strided_slice"}

# Operators whose rules need no known argument shapes (`RequiresArgumentShapes` false).
_SHAPELESS = {
    "relax.full", "relax.memory.view", "relax.memory.ensure_zero_offset",
    "relax.inspect.tensor_dtype_code", "relax.inspect.tensor_dtype_bits",
    "relax.inspect.tensor_dtype_lanes", "relax.inspect.tensor_ndim",
    "relax.inspect.tensor_shape_i", "relax.inspect.tensor_stride_i",
    "relax.inspect.tensor_byte_offset", "relax.inspect.tensor_elem_offset",
}


def _is_pure(op):
    try:
        return bool(op.get_attr("FPurity"))
    except (AttributeError, KeyError, TypeError):
        return False


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
        self.targeted = False

    def run(self):
        from ..expr import Function

        for gv in self.mod.get_global_vars():
            func = self.mod[gv]
            if isinstance(func, Function):
                if not any(self.has_rule(name) for name in _impl.called_ops(func)):
                    # Nothing to lower: the walk below would rebuild it unchanged.
                    continue
                body = self.visit_seq(func.body)
                if body is not func.body:
                    fields = {"body": body}
                    ret = _rebuilt_ret_ty(func.ret_ty, getattr(body, "ty", None), func.params)
                    if ret is not func.ret_ty:
                        fields["ret_ty"] = ret
                    self.bb.update_func(gv, _walk.with_fields(func, fields))
        out = self.bb.get()
        if self.targeted:
            # The PrimFuncs without a target may have no caller left; the copies must
            # not share TIR variables.
            from tvm import relax, tirx

            out = relax.transform.DeadCodeElimination()(out)
            out = tirx.transform.ConvertSSA()(out)
        return out

    def has_rule(self, name):
        return name not in self.skip and (
            name in self.cmap or self.rules(name) is not None or name in _CALL_PACKED)

    def bind_target(self, out):
        """A call of a PrimFunc made for a tensor on a virtual device with a target
        calls a copy of that PrimFunc carrying the target (`<name>_<kind>`), as TVM's
        pass does after the rule."""
        from tvm.ir import Call

        if not isinstance(out, Call) or not out.args:
            return out
        target = _vdevice_target(list(out.ty_args or []))
        gv = out.args[0]
        if target is None or not isinstance(gv, ir.GlobalVar):
            return out
        func = self.bb.get()[gv]
        from tvm.tirx import PrimFunc

        if not isinstance(func, PrimFunc):
            return out
        current = (func.attrs or {}).get("target") if func.attrs is not None else None
        if current is not None and str(current.kind.name) == str(target.kind.name):
            return out
        new_gv = self.bb.add_func(func.with_attr("target", target), f"{gv.name_hint}_{target.kind.name}")
        self.targeted = True
        return _walk.with_fields(out, {"args": [new_gv] + list(out.args)[1:]})

    def visit_seq(self, seq):
        from ..expr import DataflowBlock, SeqExpr

        if not isinstance(seq, SeqExpr):
            return self.visit_expr(seq)
        core = self.bb._core
        blocks = []
        changed = False
        remap = []
        for block in seq.blocks:
            core.begin_block(isinstance(block, DataflowBlock))
            for binding in block.bindings:
                original = binding.value
                value = _substitute_vars(original, remap)
                value = self.visit_expr(value)
                if not value.same_as(original):
                    changed = True
                    fields = {"value": value}
                    new_var = _retyped_var(binding, value)
                    if new_var is not None:
                        # As TVM's mutator re-emits a binding: a value of another type
                        # gets a new variable of that type, used from here on.
                        remap.append((binding.var, new_var))
                        fields["var"] = new_var
                    binding = _walk.with_fields(binding, fields)
                self.bb.emit_normalized(binding)
            blocks.append(core.end_block())
        body = self.visit_expr(_substitute_vars(seq.body, remap))
        if not changed and body is seq.body:
            return seq
        return _walk.with_fields(seq, {"blocks": blocks, "body": body})

    def visit_expr(self, expr):
        from tvm.ir import Call

        if isinstance(expr, Call) and isinstance(expr.op, ir.Op):
            return self.legalize(expr)
        return expr

    def legalize(self, call):
        name = call.op.name
        if name in self.skip:
            return call
        if name in _SHAPELESS:
            known = True
        else:
            known = all(_known_shapes(a.ty) for a in call.args) and (
                name in _DATA_DEPENDENT or _known_shapes(call.ty))
        rule = self.cmap.get(name) if known else None
        if rule is None and known:
            rule = self.rules(name)
        if rule is None and name in _CALL_PACKED:
            rule = _packed_rule(_CALL_PACKED[name])
        if rule is None:
            return call
        out = rule(self.bb, call)
        # A rule that declines (an unsupported layout, say) returns the call itself.
        if out is call or out.same_as(call):
            return call
        out = self.bind_target(out)
        out = _wrap_pure(call.op, out)
        legalized = self.bb.normalize(out)
        if legalized is not call:
            legalized = self.visit_expr(legalized)
        return legalized


def _substitute_vars(expr, remap):
    if not remap:
        return expr
    from tvm_ffi import structural_map
    from ..expr import DataflowVar, Var

    def swap(v):
        for old, new in remap:
            if v.same_as(old):
                return new
        return v

    return structural_map(expr, [((Var, DataflowVar), swap)])


def _retyped_var(binding, value):
    """A new variable for a binding whose new value's type differs structurally from
    its variable's (TVM's `WithType`), else None."""
    from tvm_ffi import structural_equal
    from ..expr import DataflowVar, Var

    var = binding.var
    ty = getattr(value, "ty", None)
    if type(binding).__name__ != "VarBinding" or ty is None or var.ty is None:
        return None
    if structural_equal(var.ty, ty):
        return None
    cls = DataflowVar if isinstance(var, DataflowVar) else Var
    return cls(var.name, ty)


def _vdevice_target(types):
    """The target of the first virtual device among tensor types (TVM's `GetTarget`)."""
    from ..type import TensorType, TupleType

    for ty in types:
        if isinstance(ty, TensorType):
            vdevice = getattr(ty, "vdevice", None)
            if vdevice is not None and getattr(vdevice, "target", None) is not None:
                return vdevice.target
        elif isinstance(ty, TupleType):
            return _vdevice_target(list(ty.fields))
    return None


def _packed_rule(func_name):
    def rule(bb, call):
        from tvm.ir import Call
        from ..expr import ExternFunc

        return Call(ExternFunc(func_name), list(call.args), None, [call.ty])

    return rule


def _wrap_pure(op, out):
    """A pure operator lowered to an impure call (a packed function) is wrapped in
    `call_pure_packed`, so it may stay in a dataflow block."""
    from tvm.ir import Call

    if not isinstance(out, Call) or not _is_pure(op):
        return out
    callee = out.op
    if isinstance(callee, ir.Op):
        if _is_pure(callee):
            return out
    elif getattr(getattr(callee, "ty", None), "purity", False):
        return out
    from tvm import relax

    return relax.op.call_pure_packed(callee, *out.args, ty_args=list(out.ty_args))


def LegalizeOps(customize_legalize_map=None, skip_ops=None, enable_warning=False):
    """Lower every Relax operator call with a legalization rule (most to the
    `call_tir` of a PrimFunc made from tensor expressions)."""

    def transform(mod, ctx):
        config = getattr(ctx, "config", None) or {}
        if not config.get("relax.transform.apply_legalize_ops", True):
            return mod
        return _Legalizer(mod, customize_legalize_map, skip_ops, enable_warning).run()

    return ir.transform.module_pass(transform, opt_level=0, name="LegalizeOps")
