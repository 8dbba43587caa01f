"""Common pass infrastructure across IR variants (TVM 0.27's `tvm.ir.transform`).

Passes, `Sequential`, `PassContext` and instruments run here, in Python, so a pass
written in Python and a built-in pass implemented in Rust (`ir._pass`, the passes of
`ir::pass`) compose in one `Sequential` and every pass is seen by the instruments."""
import functools

import _tvmscript

_rust = _tvmscript.namespace("ir._pass")


def _json_str(s):
    # `json` is imported only when a pass is shown: `import tvm` stays cheap.
    import json

    return json.dumps(s)


def _repr_item(x):
    if isinstance(x, str):
        return _json_str(x)
    if isinstance(x, bool):
        return "True" if x else "False"
    return repr(x)


class _Array(tuple):
    """A tuple printed as TVM prints an `ffi.Array` (`("a", "b")`)."""

    def __repr__(self):
        items = [_repr_item(x) for x in self]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"

    __str__ = __repr__


class _Map(dict):
    """A dict printed as TVM prints an `ffi.Map` (`{"key": value}`)."""

    def __repr__(self):
        return "{" + ", ".join(f"{_repr_item(k)}: {_repr_item(v)}" for k, v in self.items()) + "}"

    __str__ = __repr__


_Array.__name__ = _Array.__qualname__ = "Array"  # as TVM names its types
_Map.__name__ = _Map.__qualname__ = "Map"


class PassInfo:
    """The meta data of a pass: its optimisation level, name and the passes it requires."""

    def __init__(self, opt_level, name, required=None, traceable=False):
        if required is None:
            raise TypeError(
                "Mismatched type on argument #2 when calling: `transform.PassInfo(0: int, 1: str, "
                "2: Array<str>, 3: bool) -> transform.PassInfo`. Expected `Array<str>` but got `None`"
            )
        self.opt_level = int(opt_level)
        self.name = str(name)
        self.required = _Array(str(r) for r in required)
        self.traceable = bool(traceable)

    def __repr__(self):
        return (
            f"transform.PassInfo(opt_level={self.opt_level}, name={_json_str(self.name)}, "
            f"required={self.required!r}, traceable={self.traceable})"
        )

    __str__ = __repr__


PassInfo.__module__ = "tvm.ir.transform"

# tvm.ir.transform.PassContext: the contexts entered (innermost last).
_context_stack = []

# The config options TVM 0.27 registers, with their value types (`list_configs`).
_CONFIG_OPTIONS = {
    "tirx.UnrollLoop": "tirx.transform.UnrollLoopConfig",
    "tirx.StmtSimplify": "tirx.transform.StmtSimplifyConfig",
    "tirx.enable_fast_math": "bool",
    "s_tir.LoopPartition": "s_tir.transform.LoopPartitionConfig",
    "s_tir.InjectDoubleBuffer": "s_tir.transform.InjectDoubleBufferConfig",
    "s_tir.HoistIfThenElse": "s_tir.transform.HoistIfThenElseConfig",
    "s_tir.instr_siblings": "bool",
    "tirx.vtcm_capacity": "int",
    "relax.lift_transform_params.consume_params": "bool",
    "tirx.instrument_lwp": "bool",
    "relax.transform.apply_legalize_ops": "bool",
    "s_tir.lwp_disable_func_prof": "bool",
    "relax.backend.use_cuda_graph": "bool",
    "tirx.noalias": "bool",
    "relax.FuseOps.max_depth": "int",
    "s_tir.lwp_min_height": "int",
    "relax.fallback_device_type": "ir.IntImm",
    "tirx.disable_vectorize": "bool",
    "s_tir.lwp_max_depth": "int",
    "tirx.instrument_bound_checkers": "bool",
    "tirx.is_entry_func": "bool",
    "testing.immutable_module": "bool",
    "s_tir.reset_start_id": "bool",
    "tirx.debug_keep_trivial_loop": "bool",
    "tirx.disable_assert": "bool",
    "tirx.RemoveNoOp": "tirx.transform.RemoveNoOpConfig",
    "tirx.enable_buffer_level_predication": "bool",
    "s_tir.HoistExpression": "s_tir.transform.HoistExpressionConfig",
    "tirx.disable_cse_tir": "bool",
    "tirx.enable_debug": "bool",
    "tirx.disable_storage_rewrite": "bool",
    "tirx.s_tir.ldg32": "bool",
    "tirx.add_lower_pass": "ffi.Array",
    "tirx.use_async_copy": "bool",
    "tirx.merge_static_smem": "bool",
}


def _check_config(config):
    out = _Map()
    for key, value in (config or {}).items():
        if key not in _CONFIG_OPTIONS:
            raise AttributeError(
                f"Invalid config option '{key}' candidates are: " + " ,".join(_CONFIG_OPTIONS)
            )
        kind = _CONFIG_OPTIONS[key]
        if kind == "bool" and isinstance(value, int):
            value = bool(value)
        elif kind == "int" and isinstance(value, bool):
            value = int(value)
        out[key] = value
    return out


class PassContext:
    """The settings passes run under: optimisation level, required and disabled
    passes, instruments and config options; `with PassContext(...):` makes it current."""

    def __init__(self, opt_level=2, required_pass=None, disabled_pass=None, instruments=None, config=None):
        required = list(required_pass) if required_pass else []
        if not isinstance(required, (list, tuple)):
            raise TypeError("required_pass is expected to be the type of list/tuple/set.")
        disabled = list(disabled_pass) if disabled_pass else []
        if not isinstance(disabled, (list, tuple)):
            raise TypeError("disabled_pass is expected to be the type of list/tuple/set.")
        instruments = list(instruments) if instruments else []
        for inst in instruments:
            if not isinstance(inst, _instrument().PassInstrument):
                raise TypeError("instruments are expected to be PassInstrument objects")
        self.opt_level = int(opt_level)
        self.required_pass = _Array(str(p) for p in required)
        self.disabled_pass = _Array(str(p) for p in disabled)
        self.instruments = _Array(instruments)
        self.config = _check_config(config)

    def __enter__(self):
        entered = []
        try:
            for inst in self.instruments:
                inst.enter_pass_ctx()
                entered.append(inst)
        except BaseException:
            for inst in entered:
                inst.exit_pass_ctx()
            self.instruments = _Array()
            raise
        _context_stack.append(self)
        return self

    def __exit__(self, ptype, value, trace):
        if _context_stack and _context_stack[-1] is self:
            _context_stack.pop()
        for inst in self.instruments:
            inst.exit_pass_ctx()

    def override_instruments(self, instruments):
        """Replace the instruments (exiting the old ones, entering the new ones if this
        context is current)."""
        current = bool(_context_stack) and _context_stack[-1] is self
        if current:
            for inst in self.instruments:
                inst.exit_pass_ctx()
        self.instruments = _Array(instruments or [])
        if current:
            for inst in self.instruments:
                inst.enter_pass_ctx()

    def same_as(self, other):
        return self is other

    def pass_enabled(self, info):
        """Whether a Sequential runs a pass with this `PassInfo` under this context."""
        if info.name in self.disabled_pass:
            return False
        if info.name in self.required_pass:
            return True
        return info.opt_level <= self.opt_level

    @staticmethod
    def current():
        """The current pass context (a default one, opt_level 2, outside any `with`)."""
        if _context_stack:
            return _context_stack[-1]
        return _default_context()

    @staticmethod
    def list_configs():
        """The registered config option names, each with its value type."""
        return _Map((k, _Map(type=v)) for k, v in _CONFIG_OPTIONS.items())

    def __repr__(self):
        return (
            f"transform.PassContext(opt_level={self.opt_level}, required_pass={self.required_pass!r}, "
            f"disabled_pass={self.disabled_pass!r}, instruments={self.instruments!r}, config={self.config!r})"
        )


PassContext.__module__ = "tvm.ir.transform"
_default = []


def _default_context():
    if not _default:
        _default.append(PassContext())
    return _default[0]


def _instrument():
    from . import instrument

    return instrument


def _instrument_before(ctx, mod, info):
    if not ctx.instruments:
        return True
    should_run = True
    for inst in ctx.instruments:
        if not inst.should_run(mod, info):
            should_run = False
    if should_run:
        for inst in ctx.instruments:
            inst.run_before_pass(mod, info)
    return should_run


def _instrument_after(ctx, mod, info):
    for inst in ctx.instruments:
        inst.run_after_pass(mod, info)


class Pass:
    """The base class of all passes: `pass_(mod)` runs it under the current context."""

    _type_key = "transform.Pass"

    def __init__(self, info):
        self._pass_info = info

    @property
    def info(self):
        """The pass's `PassInfo`."""
        return self._pass_info

    def __call__(self, mod, ctx=None):
        return self._run(mod, ctx if ctx is not None else PassContext.current())

    def _run(self, mod, ctx):
        info = self.info
        if not _instrument_before(ctx, mod, info):
            return mod
        out = self._transform(mod, ctx)
        _instrument_after(ctx, out, info)
        return out

    def _transform(self, mod, ctx):
        raise NotImplementedError(f"{type(self).__name__} has no transformation")

    def __repr__(self):
        return f"{self._type_key}(pass_info={self.info!r})"

    __str__ = __repr__


class ModulePass(Pass):
    """A pass over a whole IRModule (made with `module_pass`)."""

    _type_key = "transform.ModulePass"

    def __init__(self, pass_func, info):
        Pass.__init__(self, info)
        self._pass_func = pass_func

    def _transform(self, mod, ctx):
        return self._pass_func(mod, ctx)


class Sequential(Pass):
    """Runs passes in order, skipping those the context disables or whose opt_level
    is above the context's (unless the context requires them); a pass's `required`
    passes run right before it."""

    _type_key = "transform.Sequential"

    def __init__(self, passes=None, opt_level=0, name="sequential", required=None, traceable=False):
        passes = passes if passes else []
        if not isinstance(passes, (list, tuple)):
            raise TypeError("passes must be a list of Pass objects.")
        required = required if required else []
        if not isinstance(required, (list, tuple)):
            raise TypeError("Required is expected to be the type of list/tuple.")
        for p in passes:
            if not isinstance(p, Pass):
                raise TypeError(f"Sequential expects Pass objects, got {type(p).__name__}")
        Pass.__init__(self, PassInfo(opt_level, name, required, traceable))
        self.passes = _Array(passes)

    def _transform(self, mod, ctx):
        for p in self.passes:
            info = p.info
            if not ctx.pass_enabled(info):
                continue
            for name in info.required:
                mod = get_pass(name)._run(mod, ctx)
            mod = p._run(mod, ctx)
        return mod

    def __repr__(self):
        return f"transform.Sequential(pass_info={self.info!r}, passes={self.passes!r})"

    __str__ = __repr__


class _RustPass(Pass):
    """A pass implemented in Rust (`ir::pass`), found by its registered name."""

    def __init__(self, registered_name):
        opt_level, name, required, traceable = _rust.info(registered_name)
        Pass.__init__(self, PassInfo(opt_level, name, required, traceable))
        self._registered = registered_name

    def _transform(self, mod, ctx):
        return _rust.run(
            self._registered, mod, ctx.opt_level, list(ctx.required_pass), list(ctx.disabled_pass), dict(ctx.config)
        )


_rust_classes = {}


def _rust_pass(registered_name, kind):
    """The Rust pass `registered_name` as an instance of a class named as TVM's
    (`PrimFuncPass`, `ModulePass` ...), a subclass of the Python pass class `kind`."""
    if kind not in _rust_classes:
        cls = type(kind.__name__, (_RustPass, kind), {"__init__": _RustPass.__init__, "_transform": _RustPass._transform})
        cls.__module__ = kind.__module__
        _rust_classes[kind] = cls
    return _rust_classes[kind](registered_name)


# Passes by name, for `required` lists: built-in passes register their factories.
_pass_registry = {}


def _register_pass(name, factory):
    _pass_registry[name] = factory


from tvm.error import InternalError  # noqa: E402


def get_pass(name):
    """A pass by name, looked up as TVM's `GetPass` does: a name holding
    "transform." is a global name; otherwise "transform.<name>", then
    "relax.transform.<name>"."""
    candidates = [name] if "transform." in name else ["transform." + name, "relax.transform." + name]
    # The dialects' built-in passes register when their modules load (on first use).
    import tvm.relax.transform  # noqa: F401
    import tvm.tirx.transform  # noqa: F401

    for candidate in candidates:
        if candidate in _pass_registry:
            return _pass_registry[candidate]()
    raise InternalError(f"Check failed: (f.has_value()) is false: Cannot use {name} to create the pass")


def _make_info(pass_arg, opt_level, name, required, traceable):
    return PassInfo(opt_level, name if name else pass_arg.__name__, required, traceable)


def _check_pass_args(opt_level, required, what):
    if opt_level is None:
        raise ValueError(f"Please provide opt_level for the {what} pass.")
    required = required if required else []
    if not isinstance(required, (list, tuple)):
        raise TypeError("Required is expected to be the type of list/tuple.")
    return required


def _wrap_class_pass(pass_cls, info, base, method, make):
    """A Pass class whose instances wrap an instance of `pass_cls` and run its
    `method` (TVM's class decorators)."""

    def __init__(self, *args, **kwargs):
        inst = pass_cls(*args, **kwargs)
        impl = getattr(inst, method)
        make(self, impl, info)
        self._inst = inst

    def __getattr__(self, name):
        if name == "_inst":
            raise AttributeError(name)
        return self._inst.__getattribute__(name)

    functools.update_wrapper(__init__, pass_cls.__init__)
    cls = type(pass_cls.__name__, (base,), {"__init__": __init__, "__getattr__": __getattr__})
    cls.__doc__ = pass_cls.__doc__
    cls.__module__ = pass_cls.__module__
    cls.__qualname__ = pass_cls.__qualname__
    return cls


def _pass_decorator(kind, method, pass_func, opt_level, name, required, traceable, what, not_callable):
    """The pass decorators' common form: a pass of class `kind` from a function, or
    from a class whose `method` transforms; a decorator when `pass_func` is not given."""
    required = _check_pass_args(opt_level, required, what)

    def create(pass_arg):
        info = _make_info(pass_arg, opt_level, name, required, traceable)
        if isinstance(pass_arg, type):
            return _wrap_class_pass(pass_arg, info, kind, method, lambda self, f, i: kind.__init__(self, f, i))
        if not callable(pass_arg):
            raise TypeError(not_callable)
        return kind(pass_arg, info)

    return create(pass_func) if pass_func else create


def module_pass(pass_func=None, opt_level=None, name=None, required=None, traceable=False):
    """Make a ModulePass from `pass_func(mod, ctx) -> mod`, or from a class with a
    `transform_module(mod, ctx)` method; a decorator when `pass_func` is not given."""
    return _pass_decorator(
        ModulePass, "transform_module", pass_func, opt_level, name, required, traceable,
        "module", "pass_func must be a callable for Module pass",
    )


def _function_pass_transform(mod, ctx, func_class, pass_func):
    """Apply `pass_func(func, mod, ctx)` to every function of `func_class` in `mod`;
    a function it returns None for is removed."""
    updates = []
    for gv, func in _rust.functions(mod):
        if isinstance(func, func_class):
            updates.append((gv, pass_func(func, mod, ctx)))
    return _rust.with_functions(mod, updates) if updates else mod


def PrintIR(header=""):
    """A pass that prints the module (after `header`) and leaves it unchanged."""

    def _print(mod, ctx):
        # As TVM logs it: on stderr, a timestamped `PrintIR(header):` line, then the module.
        import sys
        import time

        sys.stderr.write(f"[{time.strftime('%H:%M:%S')}] PrintIR({header}):\n{mod}\n")
        sys.stderr.flush()
        return mod

    return ModulePass(_print, PassInfo(0, "PrintIR", []))
