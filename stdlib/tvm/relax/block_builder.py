"""`relax.BlockBuilder`: build Relax functions from Python, as TVM 0.27's.

The scopes (`function`, `dataflow`) and their checks are kept here as TVM keeps them
in Python; emitting, normalising, naming and the module are the native base class's
(`_impl.BlockBuilderCore`: the construction state the script parser uses too).
`emit_te` / `call_te` build PrimFuncs from tensor expressions (`tvm.te`).
"""
import _tvmscript as _ts



_impl = _ts.namespace("relax._impl")
_Var = _ts.ir_class("ir.Var")
_Tuple = _ts.ir_class("ir.Tuple")


class FunctionScope:
    """The scope of `with bb.function(...)`."""

    def __init__(self, block_builder, name, params, attrs, is_pure):
        self._bb = block_builder
        self._name = name
        self._params = params
        self._attrs = attrs
        self._is_pure = is_pure
        self._is_emit_func_output_called = False

    def __enter__(self):
        self._bb._enter_function_scope(self)

    def __exit__(self, exc_type, exc_val, exc_tb):
        self._bb._exit_function_scope(exc_type, exc_val, exc_tb)


class DataflowScope:
    """The scope of `with bb.dataflow()`."""

    def __init__(self, block_builder):
        self._bb = block_builder

    def __enter__(self):
        self._bb.set_block_kind(True)

    def __exit__(self, ptype, value, trace):
        self._bb.set_block_kind(False)


class TestingScope:
    """A scope with symbolic variables marked as defined (for tests)."""

    def __init__(self, block_builder, def_vars):
        self._bb = block_builder
        for var in def_vars:
            if not isinstance(var, _Var):
                raise ValueError("def_vars can only contain Vars")

    def __enter__(self):
        self._bb._begin_dataflow_block()

    def __exit__(self, ptype, value, trace):
        self._bb._end_block()


class BlockBuilder(_impl.BlockBuilderCore):
    """A builder of Relax IR (TVM's `relax.BlockBuilder`). `emit`, `emit_output`,
    `match_cast`, `normalize`, `emit_normalized`, `lookup_binding`, `get`,
    `finalize`, `get_unique_name`, `add_func`, `update_func` and
    `current_block_is_dataflow` are the native base class's."""

    _stack = []

    @staticmethod
    def current():
        """The innermost BlockBuilder building a function, or None."""
        if BlockBuilder._stack:
            return BlockBuilder._stack[-1]
        return None

    def __init__(self, mod=None):
        self._func_stack = []

    @property
    def _core(self):
        # The native state is this object's own (its base class).
        return self

    def _begin_dataflow_block(self):
        self.begin_block(True)

    def _begin_binding_block(self):
        self.begin_block(False)

    def _end_block(self):
        return self.end_block()

    @property
    def _func(self):
        if self._func_stack:
            return self._func_stack[-1]
        raise RuntimeError("Cannot access BlockBuilder._func when outside a bb._function() block")

    def _enter_function_scope(self, func_scope):
        BlockBuilder._stack.append(self)
        self._func_stack.append(func_scope)
        self._begin_binding_block()

    def _exit_function_scope(self, exc_type, exc_val, exc_tb):
        is_emit_func_output_called = self._func._is_emit_func_output_called
        self._func_stack.pop()
        BlockBuilder._stack.pop()
        if exc_type is None and not is_emit_func_output_called:
            raise RuntimeError("emit_func_output must be called in a relax function.")

    def function(self, name, params=None, attrs=None, pure=True, private=False):
        """A Relax function scope: `with bb.function("main", [x, y]):`."""
        if isinstance(params, _Var):
            params = [params]
        elif isinstance(params, (list, tuple)):
            for param in params:
                if not isinstance(param, _Var):
                    raise TypeError(
                        "each element of function parameters must be of type tvm.relax.Var,"
                        f"                                    but got: {type(param)}"
                    )
        if attrs is None:
            attrs = {}
        if not private:
            attrs["global_symbol"] = name
        return FunctionScope(self, name, params, attrs, is_pure=pure)

    def testing_scope(self, def_vars):
        """A scope for unit tests, with these symbolic variables defined."""
        return TestingScope(self, def_vars)

    def dataflow(self):
        """A dataflow block scope: `with bb.dataflow():`."""
        return DataflowScope(self)

    def call_te(self, func, *args, **kwargs):
        """Add the PrimFunc `te.create_prim_func` makes of `func(*args)` (Relax
        tensors as placeholders) to the module and return its `call_tir`."""
        from .te_call import gen_call_tir_inputs
        from . import op

        primfunc_name = kwargs.pop("primfunc_name_hint", None)
        tir_func, call_args, output_ty = gen_call_tir_inputs(func, *args, **kwargs)
        if not primfunc_name:
            primfunc_name = func.__name__
        gvar = self.add_func(tir_func, primfunc_name)
        return op.call_tir(gvar, _Tuple(call_args), output_ty)

    def call_te_with_grad(self, *args, **kwargs):
        raise NotImplementedError("BlockBuilder.call_te_with_grad is not supported yet")

    def emit_te(self, func, *args, **kwargs):
        """Emit the `call_te` of `func(*args)`; returns the bound variable."""
        name_hint = kwargs.pop("name_hint", "")
        return self.emit(self.call_te(func, *args, **kwargs), name_hint=name_hint)

    def emit_func_output(self, output, params=None):
        """End the function being built with `output`; returns its GlobalVar."""
        if self._func._is_emit_func_output_called:
            raise RuntimeError("emit_func_output must be called exactly once in a relax function.")
        self._func._is_emit_func_output_called = True
        if self._func._params is not None and params is not None:
            raise RuntimeError("function parameters have been initialized in the function with scope.")
        if self._func._params is None and params is None:
            raise RuntimeError("Relax function must have parameter.")
        if self._func._params is None:
            self._func._params = [params] if isinstance(params, _Var) else params
        if BlockBuilder.current() is not self:
            raise RuntimeError("BlockBuilder.current() must be self.")
        f = self._func
        return self.finish_function(f._name, f._params, output, f._is_pure, f._attrs)

    def begin_scope(self, params=None):
        """Begin a variable scope (tvmscript tracks none: a no-op)."""

    def end_scope(self):
        """End a variable scope (a no-op)."""



