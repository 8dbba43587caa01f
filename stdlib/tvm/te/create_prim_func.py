"""`te.create_prim_func`: an S-TIR PrimFunc from tensor expressions, as TVM 0.27's
(src/te/operation/create_primfunc.cc): one block per compute, named after it (made
unique), block variables `v_<axis>` bound to loops named after the axes, reductions
with an init; each block's reads and writes are detected from its body (the builder's
`tir.script_parsing_detect_access`, as TVM's blocks are made)."""
from tvm import ir, tirx
from tvm.sym.analyzer import simplify_expr
from tvm_ffi import structural_map, structural_walk
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

from . import ComputeOp, ExternOp, PlaceholderOp, Reduce, Tensor, _Load, _Var, _is_zero, dtype_of


def _name(v):
    return getattr(v, "name", None) or v.name_hint


def _ordered_ops(tensors):
    order, seen = [], set()

    def visit(op):
        if id(op) in seen:
            return
        seen.add(id(op))
        for t in op.input_tensors:
            visit(t.op)
        order.append(op)

    for t in tensors:
        visit(t.op)
    return order


def _substitute(expr, vmap):
    return structural_map(expr, [(_Var, lambda v: vmap.get(v, v))])


def _is_scalar_var(v):
    return type(v.ty).__name__ == "PrimType"


def _widen(expr):
    """`expr` with its int32 constants and scalar variables made int64 (TVM's
    index data type normalisation, for indices and shapes)."""
    if isinstance(expr, int):
        return tirx.IntImm("int64", expr)
    return structural_map(
        expr,
        [
            (tirx.IntImm, lambda c: tirx.IntImm("int64", c.value) if dtype_of(c) == "int32" else c),
            (tirx.Cast, _widen_cast),
        ],
    )


def _widen_cast(c):
    """A cast to an integer of 32 bits or more is unwrapped to int64 (TVM's
    `IndexDataTypeNormalizer`): `Cast(int64, Cast(int32, f))` is `Cast(int64, f)`."""
    if not (_is_int(c) and _bits(c) >= 32):
        return c
    value = c.value
    return value if dtype_of(value) == "int64" else tirx.Cast("int64", value)


_MIXED = ("EQ", "NE", "LT", "LE", "GT", "GE", "Add", "Sub", "Mul", "FloorDiv", "FloorMod", "Min", "Max")


def _match_const(node):
    """An int32 constant meeting an int64 operand (an index variable widened) is made
    int64, as TVM's index type normalisation leaves it."""
    a, b = node.a, node.b
    ta, tb = dtype_of(a), dtype_of(b)
    if ta == tb:
        return node
    if ta == "int64" and tb == "int32" and isinstance(b, tirx.IntImm):
        return type(node)(a, tirx.IntImm("int64", b.value))
    if tb == "int64" and ta == "int32" and isinstance(a, tirx.IntImm):
        return type(node)(tirx.IntImm("int64", a.value), b)
    return node


def _widen_indices(expr):
    def load(l):
        indices = [_widen(i) for i in l.indices]
        return tirx.BufferLoad(l.source, indices) if indices else l

    return structural_map(expr, [(_Load, load)] + [(getattr(tirx, n), _match_const) for n in _MIXED])


_CMP = ("EQ", "NE", "LT", "LE", "GT", "GE")
_ARITH = ("Add", "Sub", "Mul", "FloorDiv", "FloorMod", "Div", "Mod", "Min", "Max")


def _is_int(e):
    dt = dtype_of(e)
    return dt.startswith("int") and "x" not in dt


def _bits(e):
    return int(dtype_of(e)[3:] or 32)


def _to_int64(e):
    """An integer expression of a condition with its index-typed parts (integers of
    32 bits or more) in int64, as TVM's index type normaliser writes it: constants
    re-typed, integer casts unwrapped, arithmetic rebuilt with its operands' types
    matched; narrower integers stay as they are."""
    if isinstance(e, tirx.Cast) and _is_int(e) and _bits(e) >= 32:
        inner = e.value
        if _is_int(inner) and _bits(inner) >= 32:
            return _to_int64(inner)
        return e if dtype_of(e) == "int64" else tirx.Cast("int64", inner)
    kind = type(e).__name__
    if kind in _ARITH:
        a, b = _matched(_to_int64(e.a), _to_int64(e.b))
        if a.same_as(e.a) and b.same_as(e.b):
            return e
        return type(e)(a, b)
    if kind == "Select":
        t, f = _matched(_to_int64(e.true_value), _to_int64(e.false_value))
        if t.same_as(e.true_value) and f.same_as(e.false_value):
            return e
        return tirx.Select(e.condition, t, f)
    if isinstance(e, tirx.IntImm) and _bits(e) >= 32 and dtype_of(e) != "int64":
        return tirx.IntImm("int64", e.value)
    return e


def _matched(a, b):
    """Two integer operands in the wider of their types (TVM's type matching)."""
    if dtype_of(a) == dtype_of(b) or not (_is_int(a) and _is_int(b)):
        return a, b
    if _bits(a) < _bits(b):
        return tirx.Cast(dtype_of(b), a), b
    return a, tirx.Cast(dtype_of(a), b)


def _widen_condition(cond):
    """Integer comparisons of a condition carried out in int64 (TVM's
    `IndexDataTypeRewriter` under `index_dtype_override="int64"`: a comparison of two
    integers inside a condition is index arithmetic)."""

    def compare(node):
        if _is_int(node.a) and _is_int(node.b):
            a, b = _matched(_to_int64(node.a), _to_int64(node.b))
            if not (a.same_as(node.a) and b.same_as(node.b)):
                return type(node)(a, b)
        return node

    return structural_map(cond, [(getattr(tirx, n), compare) for n in _CMP])


def _widen_conditions(expr):
    """`_widen_condition` applied to the condition of every select in `expr`."""

    def select(node):
        cond = _widen_condition(node.condition)
        if cond.same_as(node.condition):
            return node
        return tirx.Select(cond, node.true_value, node.false_value)

    def call(node):
        if getattr(node.op, "name", None) != "tirx.if_then_else":
            return node
        cond = _widen_condition(node.args[0])
        if cond.same_as(node.args[0]):
            return node
        return tirx.if_then_else(cond, node.args[1], node.args[2])

    return structural_map(expr, [(tirx.Select, select), (ir.Call, call)])


class _Names:
    def __init__(self):
        self.used = {}

    def fresh(self, name):
        if name not in self.used:
            self.used[name] = 0
            return name
        while True:
            self.used[name] += 1
            candidate = f"{name}_{self.used[name]}"
            if candidate not in self.used:
                self.used[candidate] = 0
                return candidate


def _annotations(op, vmap, layout_free):
    """A compute's attributes as its block's annotations (tensors as their buffers);
    `layout_free_placeholders` goes to the function instead."""
    out = {}
    for key, value in op.attrs.items():
        if key == "layout_free_placeholders":
            # Placeholders go to the function (`layout_free_buffers`); other tensors
            # stay in the block's annotation.
            layout_free.extend(v for v in value if isinstance(v.op, PlaceholderOp))
            value = [v for v in value if not isinstance(v.op, PlaceholderOp)]
            if not value:
                continue
        if isinstance(value, (list, tuple)):
            value = [vmap.get(v.buffer, v.buffer) if isinstance(v, Tensor) else v for v in value]
        elif isinstance(value, Tensor):
            value = vmap.get(value.buffer, value.buffer)
        out[key] = value
    return out


def _emit_compute(op, vmap, names, widen, layout_free):
    axes = list(op.axis) + list(op.reduce_axis)
    fix = (lambda e: simplify_expr(_widen(e))) if widen else simplify_expr
    subst = (lambda e, m: _widen_indices(_substitute(e, m))) if widen else _substitute

    annotations = _annotations(op, vmap, layout_free)
    is_reduce = isinstance(op.body[0], Reduce)

    def block(loop_vars, name, outputs):
        with T.sblock(name):
            if annotations:
                T.sblock_attr(annotations)
            local = dict(vmap)
            spatial = []
            if not axes:
                # A block has at least one iteration variable (TVM's dummy `vi`).
                one, zero = (tirx.IntImm("int64", 1), tirx.IntImm("int64", 0)) if widen else (1, 0)
                IRBuilder.name("vi", T.axis.spatial(one, zero))
            for iv, lv in zip(axes, loop_vars):
                if _is_zero(iv.dom_min):
                    dom, binding = fix(iv.extent), lv
                else:
                    lo = fix(iv.dom_min)
                    dom, binding = (lo, lo + fix(iv.extent)), lv
                if iv.iter_type == 0:
                    bv = T.axis.spatial(dom, binding)
                    spatial.append(bv)
                else:
                    bv = T.axis.reduce(dom, binding)
                IRBuilder.name("v_" + _name(iv.var), bv)
                local[iv.var] = bv
            if is_reduce and op.body[0].group is not None:
                _tuple_reduce(op, list(outputs), vmap, local, spatial, subst)
                return
            for index in outputs:
                body = op.body[index]
                out = vmap.get(op.output(index).buffer, op.output(index).buffer)
                if isinstance(body, Reduce):
                    source = simplify_expr(subst(body.source, local))
                    lhs = out[tuple(spatial)] if spatial else tirx.BufferLoad(out, [])
                    with T.init():
                        init = body.init if body.init is not None else body.identity
                        T.buffer_store(out, subst(init, local), spatial)
                    value = body.combiner(lhs, source)
                    if body.where is not None:
                        value = tirx.Select(subst(body.where, local), value, lhs)
                    T.buffer_store(out, value, spatial)
                else:
                    value = simplify_expr(subst(body, local))
                    if widen:
                        value = _widen_conditions(value)
                    T.buffer_store(out, value, spatial)

    def blocks(loop_vars):
        if is_reduce or op.num_outputs == 1:
            block(loop_vars, names.fresh(op.name), range(op.num_outputs))
        else:
            # One block per output, named after its buffer.
            for index in range(op.num_outputs):
                block(loop_vars, names.fresh(op.output(index).buffer.name), [index])

    if not axes:
        blocks([])
        return
    levels = _nested_levels(axes)
    if len(levels) > 1:
        _emit_nested(op, axes, levels, vmap, names, widen, fix, subst, annotations)
        return
    if all(_is_zero(iv.dom_min) for iv in axes):
        with T.grid(*[fix(iv.extent) for iv in axes]) as loops:
            loops = list(loops) if isinstance(loops, (list, tuple)) else [loops]
            for iv, lv in zip(axes, loops):
                IRBuilder.name(_name(iv.var), lv)
            blocks(loops)
        return
    # Loops over each axis's own domain, nested one by one.
    loops = []

    def nest(k):
        if k == len(axes):
            blocks(loops)
            return
        iv = axes[k]
        lo = fix(iv.dom_min)
        frame = T.serial(fix(iv.extent)) if _is_zero(iv.dom_min) else T.serial(lo, lo + fix(iv.extent))
        with frame as lv:
            IRBuilder.name(_name(iv.var), lv)
            loops.append(lv)
            nest(k + 1)

    nest(0)


def _axis_vars(expr, axes):
    """The axes whose variables `expr` uses."""
    if expr is None or isinstance(expr, (int, float)):
        return []
    found = []
    structural_walk(expr, [(_Var, lambda v: found.append(v))])
    return [a for a in axes if any(a.var.same_as(v) for v in found)]


def _nested_levels(axes):
    """The axes by nesting level (TVM's `GenerateNestedIterLevels`): an axis whose
    domain uses other axes sits one level below the deepest of them."""
    depth = {}

    def level(axis):
        if id(axis) not in depth:
            deps = _axis_vars(simplify_expr(axis.dom_min), axes) + _axis_vars(simplify_expr(axis.extent), axes)
            depth[id(axis)] = max([level(a) + 1 for a in deps], default=0)
        return depth[id(axis)]

    for a in axes:
        level(a)
    levels = [[] for _ in range(max(depth.values()) + 1)]
    for a in axes:
        levels[depth[id(a)]].append(a)
    return levels


def _emit_nested(op, axes, levels, vmap, names, widen, fix, subst, annotations):
    """A compute whose axes' domains depend on other axes (a reduction over a range
    set by an outer index): one block per level, each binding its own level's axes
    to loops and the outer levels' axes to their block variables, the reduction
    initialised in the block of its outermost level (TVM's nested scopes)."""
    if len(op.body) != 1 and isinstance(op.body[0], Reduce):
        raise NotImplementedError("te.create_prim_func: a tuple reduction over nested domains")
    body0 = op.body[0]
    is_reduce = isinstance(body0, Reduce)
    init_level = len(levels) - 1
    for i, level in enumerate(levels):
        if any(a.iter_type != 0 for a in level):
            init_level = min(init_level, i)
    # Names in TVM's order: the leaf block first, then the parents from the inside.
    leaf_name = names.fresh(op.name) if is_reduce or op.num_outputs == 1 else None
    parent_names = {i: names.fresh(f"{op.name}_l{i + 1}") for i in range(len(levels) - 2, -1, -1)}
    outputs = [vmap.get(op.output(k).buffer, op.output(k).buffer) for k in range(op.num_outputs)]

    def store_init(local, spatial):
        init = body0.init if body0.init is not None else body0.identity
        with T.init():
            T.buffer_store(outputs[0], subst(init, local), spatial)

    def scope(i, remap):
        level = levels[i]
        loops = []

        def with_loops(k):
            if k == len(level):
                in_loops(loops)
                return
            iv = level[k]
            lo = fix(_substitute(iv.dom_min, remap)) if not _is_zero(iv.dom_min) else None
            extent = fix(_substitute(iv.extent, remap))
            with (T.serial(extent) if lo is None else T.serial(lo, lo + extent)) as lv:
                IRBuilder.name(_name(iv.var), lv)
                loops.append(lv)
                with_loops(k + 1)

        def in_loops(loop_vars):
            bound = dict(zip([id(a) for a in level], loop_vars))

            def iters(local, spatial):
                for a in axes:
                    if id(a) in bound:
                        lo = fix(_substitute(a.dom_min, remap)) if not _is_zero(a.dom_min) else None
                        extent = fix(_substitute(a.extent, remap))
                        dom = extent if lo is None else (lo, lo + extent)
                        binding = bound[id(a)]
                    elif a.var in remap:
                        prev = remap[a.var]
                        if widen:
                            # TVM's int64 index rewriter rebuilds this one-point range
                            # from its minimum and extent taken as its end.
                            dom = (prev, prev + (tirx.IntImm("int64", 1) - prev))
                        else:
                            dom = (prev, prev + 1)
                        binding = prev
                    else:
                        continue
                    bv = T.axis.spatial(dom, binding) if a.iter_type == 0 else T.axis.reduce(dom, binding)
                    IRBuilder.name("v_" + _name(a.var), bv)
                    local[a.var] = bv
                    if a.iter_type == 0:
                        spatial.append(bv)

            if i < len(levels) - 1:
                with T.sblock(parent_names[i]):
                    if annotations:
                        T.sblock_attr(annotations)
                    local, spatial = {}, []
                    iters(local, spatial)
                    if is_reduce and i == init_level:
                        store_init(_merged(vmap, local), spatial)
                    scope(i + 1, local)
                return
            leaf_blocks = [(leaf_name, range(op.num_outputs))] if leaf_name is not None else [
                (names.fresh(op.output(k).buffer.name), [k]) for k in range(op.num_outputs)]
            for name, indices in leaf_blocks:
                with T.sblock(name):
                    if annotations:
                        T.sblock_attr(annotations)
                    local, spatial = {}, []
                    iters(local, spatial)
                    local = _merged(vmap, local)
                    for k in indices:
                        body = op.body[k]
                        if isinstance(body, Reduce):
                            if i == init_level:
                                store_init(local, spatial)
                            source = simplify_expr(subst(body.source, local))
                            lhs = outputs[0][tuple(spatial)] if spatial else tirx.BufferLoad(outputs[0], [])
                            value = body.combiner(lhs, source)
                            if body.where is not None:
                                value = tirx.Select(subst(body.where, local), value, lhs)
                            T.buffer_store(outputs[0], value, spatial)
                        else:
                            value = simplify_expr(subst(body, local))
                            if widen:
                                value = _widen_conditions(value)
                            T.buffer_store(outputs[k], value, spatial)

        with_loops(0)

    scope(0, {})


def _merged(vmap, local):
    out = dict(vmap)
    out.update(local)
    return out


def _emit_extern(op, vmap, extern_subst, names, widen):
    """An extern operation: one opaque block (no iteration, no regions) running its
    statement over the function's buffers."""
    mapping = {b: vmap.get(t.buffer, b) for t, b in zip(op.inputs, op.input_placeholders)}
    mapping.update({b: vmap.get(b, b) for b in op.output_placeholders})
    mapping.update(extern_subst)
    body = structural_map(op.body, [(_Var, lambda v: mapping.get(v, v))])
    if widen:
        from .index_normalize import normalize_stmt
        body = normalize_stmt(body)
    with T.sblock(names.fresh(op.name)):
        if op.attrs:
            T.sblock_attr(dict(op.attrs))
        T.reads()
        T.writes()
        for s in tirx.stmt_list(body):
            T._emit_stmt(s)


def _tuple_reduce(op, outputs, vmap, local, spatial, subst):
    """A tuple reduction's block body, as TVM's: every element initialised, the
    combined values bound to `v_<buffer>` first, then stored."""
    bodies = [op.body[i] for i in outputs]
    bufs = [vmap.get(op.output(i).buffer, op.output(i).buffer) for i in outputs]
    lhs = [b[tuple(spatial)] if spatial else tirx.BufferLoad(b, []) for b in bufs]
    rhs = [simplify_expr(subst(body.source, local)) for body in bodies]
    with T.init():
        for body, buf in zip(bodies, bufs):
            init = body.init if body.init is not None else body.identity
            T.buffer_store(buf, subst(init, local), spatial)
    combined = bodies[0].combiner(tuple(lhs), tuple(rhs))
    temps = []
    # The reduction's condition is not applied here (as TVM's builder leaves it).
    for value, buf in zip(combined, bufs):
        temps.append(T.bind(value, var=tirx.Var("v_" + buf.name, dtype_of(value))))
    for buf, t in zip(bufs, temps):
        T.buffer_store(buf, t, spatial)


def create_prim_func(ops, index_dtype_override=None):
    """The PrimFunc computing the tensors of `ops` (tensors and scalar variables,
    its parameters in order)."""
    if not isinstance(ops, (list, tuple)):
        ops = [ops]
    args = list(ops)
    tensors = [a for a in args if isinstance(a, Tensor)]
    order = _ordered_ops(tensors)
    arg_ops = {id(t.op) for t in tensors}
    for op in order:
        if isinstance(op, PlaceholderOp) and id(op) not in arg_ops:
            raise ValueError(f"Placeholder {op.name} is not in the argument list")
    names = _Names()
    widen = index_dtype_override == "int64"
    vmap = {}
    # An extern operation's input buffers are the buffers of the tensors it reads
    # (named as the last extern reading them names them, for every reader and as
    # parameters).
    buffer_names = {}
    for op in order:
        if isinstance(op, ExternOp):
            for t, b in zip(op.inputs, op.input_placeholders):
                vmap[t.buffer] = b
                buffer_names[t.buffer] = b.name
    if widen:
        for op in order:
            for i in range(op.num_outputs):
                t = op.output(i)
                name = buffer_names.get(t.buffer, t.buffer.name)
                vmap[t.buffer] = tirx.decl_buffer([_widen(s) for s in t.shape], t.dtype, name=name, layout=None)
    with IRBuilder() as ib:
        with T.prim_func(s_tir=True):
            T.func_name("main")
            for a in args:
                if isinstance(a, Tensor):
                    # An extern operation's outputs are named after their buffers.
                    name = a.buffer.name if isinstance(a.op, ExternOp) else buffer_names.get(a.buffer, a.op.name)
                    T.arg(name, vmap.get(a.buffer, a.buffer))
                else:
                    T.arg(_name(a), a)
            layout_free = []
            extern_subst = {}
            is_arg = lambda t: any(a is t for a in args)  # noqa: E731
            # Tensors that are not arguments are allocated, in the order of their operations.
            for op in order:
                if isinstance(op, ExternOp):
                    for t in op._outputs:
                        if is_arg(t):
                            continue
                        # Not an argument: allocated, with element offset 0.
                        b = t.buffer
                        shape = [_widen(s) for s in t.shape] if widen else t.shape
                        align = b.ty.data_alignment
                        buf = T.sblock_alloc_buffer(shape, t.dtype, align=align if align != 64 else -1)
                        IRBuilder.name(b.name, buf)
                        extern_subst[b] = buf
                        if isinstance(b.ty.elem_offset, _Var):
                            extern_subst[b.ty.elem_offset] = tirx.IntImm(str(b.ty.elem_offset.ty.dtype), 0)
                        vmap[b] = buf
                elif isinstance(op, ComputeOp) and id(op) not in arg_ops:
                    for i in range(op.num_outputs):
                        t = op.output(i)
                        shape = [_widen(s) for s in t.shape] if widen else t.shape
                        buf = T.sblock_alloc_buffer(shape, t.dtype)
                        IRBuilder.name(op.name if op.num_outputs == 1 else t.buffer.name, buf)
                        vmap[t.buffer] = buf
            for op in order:
                if isinstance(op, ComputeOp):
                    _emit_compute(op, vmap, names, widen, layout_free)
                elif isinstance(op, ExternOp):
                    _emit_extern(op, vmap, extern_subst, names, widen)
            indices = sorted({i for t in layout_free for i, a in enumerate(args) if a is t})
            attrs = {"layout_free_buffers": indices} if indices else {}
            attrs["tirx.noalias"] = True
            T.func_attr(attrs)
    return ib.get()
