"""`DataflowBlockRewrite`: add, remove and replace the bindings of one dataflow block
of a Relax function (TVM 0.27's developer API). Nodes are immutable: each edit makes
a new block and a new root function, read with `mutated_dfb` / `mutated_root_fn`."""
import tvm
from tvm.error import InternalError

from .analysis import contains_impure_call, used_vars
from .expr import DataflowBlock, DataflowVar, Function, MatchCast, SeqExpr, Var, VarBinding


def _key(var):
    return hash(var)  # IR objects hash by identity


def _use_def(fn):
    """TVM's `FunctionUseDef`: each variable the function defines or uses with the
    bound variables whose values use it, and the variables its result uses."""
    users, order, outputs = {}, [], []

    def define(var):
        if _key(var) not in users:
            users[_key(var)] = []
            order.append(var)

    for param in fn.params:
        define(param)
    for block in fn.body.blocks:
        for binding in block.bindings:
            for var in used_vars(binding.value):
                define(var)
                if all(not u.same_as(binding.var) for u in users[_key(var)]):
                    users[_key(var)].append(binding.var)
            define(binding.var)
    for var in used_vars(fn.body.body):
        define(var)
        if all(not o.same_as(var) for o in outputs):
            outputs.append(var)
    return {_key(v): v for v in order}, users, outputs


def _with_blocks(fn, old_block, new_block):
    """`fn` with `old_block` replaced by `new_block` (dropped when empty)."""
    blocks = []
    for block in fn.body.blocks:
        if block.same_as(old_block):
            block = new_block
        if len(block.bindings):
            blocks.append(block)
    body = SeqExpr(blocks, fn.body.body)
    return Function(fn.params, body, fn.ret_ty, fn.is_pure, fn.attrs)


def _rebind(binding, value):
    if isinstance(binding, MatchCast):
        return MatchCast(binding.var, value, binding.ty)
    return VarBinding(binding.var, value)


class DataflowBlockRewrite:
    """A binding-level rewriter of one dataflow block of `root_fn`."""

    def __init__(self, dfb: DataflowBlock, root_fn: Function):
        self.func_name = root_fn.__name__ if hasattr(root_fn, "__name__") else None
        self.dfb = dfb
        self.root_fn = root_fn
        self._original_fn = root_fn
        self._vars, self._users, self._outputs = _use_def(root_fn)
        self._names = tvm.ir.supply.UniqueNameSupply("")
        for var in self._vars.values():
            self._names.reserve_name(var.name, add_prefix=False)

    def _known(self, var):
        return _key(var) in self._users

    def _set_block(self, bindings):
        old = self.dfb
        self.dfb = DataflowBlock(bindings)
        if self.root_fn is not None:
            self.root_fn = _with_blocks(self.root_fn, old, self.dfb)

    def replace_all_uses(self, old_var: Var, new_var: Var) -> None:
        """Replace every use of `old_var` (not its definition) with `new_var`."""
        for var in (old_var, new_var):
            if not self._known(var):
                raise InternalError(f"Check failed: (to_users_.find(old_var) != to_users_.end()) is false: Cannot find {var.name}")
        if old_var.same_as(new_var):
            return
        from tvm_ffi import structural_map

        def swap(v):
            return new_var if v.same_as(old_var) else v

        def subst(expr):
            return structural_map(expr, [((Var, DataflowVar), swap)])

        fn = self.root_fn
        blocks, caught = [], None
        for block in fn.body.blocks:
            new = type(block)([_rebind(b, subst(b.value)) for b in block.bindings])
            if block.same_as(self.dfb):
                caught = new
            blocks.append(new)
        self.root_fn = Function(fn.params, SeqExpr(blocks, subst(fn.body.body)), fn.ret_ty, fn.is_pure, fn.attrs)
        if caught is not None:
            self.dfb = caught
        new_users = self._users[_key(new_var)]
        for user in self._users[_key(old_var)]:
            if all(not u.same_as(user) for u in new_users):
                new_users.append(user)
        self._users[_key(old_var)] = []
        self._outputs = [new_var if o.same_as(old_var) else o for o in self._outputs]

    def add_binding(self, binding) -> None:
        """Insert `binding` right after the last binding whose variable it uses."""
        var = binding.var
        if self._known(var):
            raise InternalError(f"Check failed: (0 == to_users_.count(var)) is false: {var.name} has been defined so cannot be added.")
        used = used_vars(binding.value)
        bindings = list(self.dfb.bindings)
        last = 0
        for i, b in enumerate(bindings):
            if any(u.same_as(b.var) for u in used):
                last = i
        bindings.insert(last + 1, binding)
        # As TVM's: the use-def table is left as it was.
        self._set_block(bindings)

    def add(self, expr, name: str | None = None, is_dfvar: bool = False) -> None:
        """Add `name = expr` (a fresh `tmp…` name by default); a `DataflowVar` when
        `is_dfvar`, else an output variable of the block."""
        if name is None:
            name = self._names.fresh_name("tmp", add_prefix=False)
        var = DataflowVar(name, expr.ty) if is_dfvar else Var(name, expr.ty)
        self.add_binding(VarBinding(var, expr))

    def remove_unused(self, var: Var, allow_undef=False) -> None:
        """Remove the binding of `var`, which nothing may use."""
        if not self._known(var):
            if allow_undef:
                return
            raise InternalError(f"{var.name} undefined. Set allow_undef=True to allow 'removing' undefined var")
        users = self._users[_key(var)]
        if users:
            raise InternalError(f"Check failed: (to_users_[unused].empty()) is false: {var.name} is used by {len(users)} vars")
        self._set_block([b for b in self.dfb.bindings if not b.var.same_as(var)])
        del self._users[_key(var)]

    def remove_all_unused(self) -> None:
        """Remove every binding nothing uses, transitively (in any block of the root
        function; outside dataflow blocks, bindings with effects stay)."""
        users = {k: list(v) for k, v in self._users.items()}
        unused = set()
        while True:
            found = [k for k, u in users.items() if not u and all(_key(o) != k for o in self._outputs)]
            if not found:
                break
            for k in found:
                unused.add(k)
                del users[k]
            for k in users:
                users[k] = [u for u in users[k] if _key(u) not in unused]

        def keep(binding, dataflow):
            return _key(binding.var) not in unused or (not dataflow and contains_impure_call(binding.value))

        if self.root_fn is not None:
            fn = self.root_fn
            blocks = []
            for block in fn.body.blocks:
                dataflow = isinstance(block, DataflowBlock)
                new = type(block)([b for b in block.bindings if keep(b, dataflow)])
                if block.same_as(self.dfb):
                    self.dfb = new
                if len(new.bindings):
                    blocks.append(new)
            self.root_fn = Function(fn.params, SeqExpr(blocks, fn.body.body), fn.ret_ty, fn.is_pure, fn.attrs)
        else:
            self.dfb = DataflowBlock([b for b in self.dfb.bindings if keep(b, True)])
        for k in unused:
            self._users.pop(k, None)

    def mutated_dfb(self) -> DataflowBlock:
        """The rewritten dataflow block."""
        return self.dfb

    def mutated_root_fn(self) -> Function:
        """The rewritten root function."""
        ret = self.root_fn
        if self.func_name:
            ret.__name__ = self.func_name
        return ret

    def mutate_irmodule(self, irmodule):
        """A copy of `irmodule` with the original root function replaced by the
        rewritten one."""
        ret = tvm.IRModule(dict(irmodule.functions_items()), attrs=irmodule.attrs)
        for gvar, fn in irmodule.functions_items():
            if self.root_fn is not None and fn.same_as(self._original_fn):
                ret[gvar] = self.root_fn
                break
        if hasattr(irmodule, "__name__"):
            ret.__name__ = irmodule.__name__
        return ret
