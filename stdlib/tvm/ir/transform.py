"""Common pass infrastructure across IR variants (TVM 0.27's `tvm.ir.transform`).

The classes TVM exposes, over the one pass machinery in Rust (`ir._pass`, the passes
of `ir::pass`): each pass holds its Rust pass (`_rs`), so a pass written in Python and
a built-in pass compose in one `Sequential`, a `PassContext` is entered on Rust's
context stack, and every pass is seen by the instruments."""
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
        self._rs = _rust.context(
            self.opt_level, self.required_pass, self.disabled_pass, self.instruments, list(self.config.items())
        )

    @staticmethod
    def _from_rust(handle):
        """The Python view of a context made in Rust (no Python instruments)."""
        opt_level, required, disabled, config = _rust.settings(handle)
        ctx = PassContext.__new__(PassContext)
        ctx.opt_level = opt_level
        ctx.required_pass = _Array(required)
        ctx.disabled_pass = _Array(disabled)
        ctx.instruments = _Array()
        ctx.config = _Map(config)
        ctx._rs = handle
        return ctx

    def __enter__(self):
        try:
            _rust.enter(self._rs, self)
        except BaseException:
            self.instruments = _Array()
            raise
        return self

    def __exit__(self, ptype, value, trace):
        try:
            _rust.exit()
        except BaseException:
            self.instruments = _Array()
            raise

    def override_instruments(self, instruments):
        """Replace the instruments: the old ones exit, the new ones enter."""
        instruments = _Array(instruments or [])
        try:
            _rust.override_instruments(self._rs, instruments, _rust.current() is self)
        except BaseException:
            self.instruments = _Array()
            raise
        self.instruments = instruments

    def same_as(self, other):
        return self is other

    @staticmethod
    def current():
        """The current pass context (a default one, opt_level 2, outside any `with`)."""
        ctx = _rust.current()
        if ctx is None:
            return _default_context()
        return ctx if isinstance(ctx, PassContext) else PassContext._from_rust(ctx)

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


def _info_tuple(info):
    return (info.opt_level, info.name, list(info.required), info.traceable)


class Pass:
    """The base class of all passes: `pass_(mod)` runs it under the current context.
    `_rs` is the Rust pass; `_pass_info` its `PassInfo`."""

    _type_key = "transform.Pass"

    @property
    def info(self):
        """The pass's `PassInfo`."""
        return self._pass_info

    def __call__(self, mod, ctx=None):
        return _rust.run(self._rs, mod, ctx)

    def __repr__(self):
        return f"{self._type_key}(pass_info={self.info!r})"

    __str__ = __repr__


class ModulePass(Pass):
    """A pass over a whole IRModule (made with `module_pass`): `pass_func(mod, ctx)`
    returns the new module."""

    _type_key = "transform.ModulePass"

    def __init__(self, pass_func, info):
        self._pass_info = info
        self._rs = _rust.module_pass(pass_func, _info_tuple(info))


def _function_pass(self, pass_func, info, type_key):
    """Set up a pass over the functions of type `type_key`: `pass_func(func, mod, ctx)`
    returns the function to keep, a new one, or None to remove it."""
    self._pass_info = info
    self._rs = _rust.function_pass(pass_func, type_key, _info_tuple(info))


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
        self._pass_info = PassInfo(opt_level, name, required, traceable)
        self.passes = _Array(passes)
        self._rs = _rust.sequential([p._rs for p in passes], _info_tuple(self._pass_info))

    def __repr__(self):
        return f"transform.Sequential(pass_info={self.info!r}, passes={self.passes!r})"

    __str__ = __repr__


def _from_rust(rs, kind):
    """A Rust pass as an instance of the Python pass class `kind` (`PrimFuncPass`,
    `ModulePass` ...)."""
    p = kind.__new__(kind)
    p._rs = rs
    p._pass_info = PassInfo(*_rust.info(rs))
    if isinstance(p, Sequential):
        p.passes = _Array(_from_rust(inner, ModulePass) for inner in _rust.passes(rs))
    return p


def _rust_pass(registered_name, kind):
    """The registered pass `registered_name` as an instance of `kind`."""
    return _from_rust(_rust.registered(registered_name), kind)


def _get_pass(name):
    """A pass by name, looked up as TVM's `GetPass` does: a name holding
    "transform." is a global name (`relax.transform.Normalize`); otherwise
    "transform.<name>"."""
    return _from_rust(_rust.registered(name), Pass)


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
