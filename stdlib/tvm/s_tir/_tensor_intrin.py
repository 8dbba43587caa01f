"""Tensor intrinsics: a computation's description paired with its implementation.

`TensorIntrin.register` keeps intrinsics by name for `Schedule.tensorize`. The
intrinsic library (`tvm.s_tir.tensor_intrin`) registers hundreds of them; each is
registered with a builder and its PrimFuncs are parsed on its first `get`, so
importing the library stays cheap.
"""

_REGISTRY = {}


def _check(desc, impl):
    import _tvmscript

    _tvmscript.namespace("s_tir._schedule").check_tensor_intrin(desc, impl)


class TensorIntrin:
    """A tensor intrinsic.

    Parameters
    ----------
    desc : PrimFunc
        The function to describe the computation.

    impl : PrimFunc
        The function of the implementation for the execution.
    """

    def __init__(self, desc, impl):
        _check(desc, impl)
        self.desc = desc
        self.impl = impl

    def __repr__(self):
        return f"s_tir.TensorIntrin(desc={self.desc}, impl={self.impl})"

    __str__ = __repr__

    def same_as(self, other):
        return self is other

    @staticmethod
    def register(name, desc, impl, override=False):
        """Register a tensor intrinsic with its name (a ValueError if the name is
        taken and `override` is false)."""
        intrin = TensorIntrin(desc, impl)
        _claim(name, override)
        _REGISTRY[name] = intrin

    @staticmethod
    def get(name, allow_missing=False):
        """The tensor intrinsic registered as `name`; None when missing and
        `allow_missing`, else a ValueError."""
        entry = _REGISTRY.get(name)
        if entry is None:
            if allow_missing:
                return None
            raise ValueError(f"TensorIntrin '{name}' is not registered")
        if not isinstance(entry, TensorIntrin):
            entry = TensorIntrin(*entry())
            _REGISTRY[name] = entry
        return entry


def _claim(name, override):
    if not override and name in _REGISTRY:
        raise ValueError(
            f"Check failed: manager->reg.count(name) == 0 (1 vs. 0) : TensorIntrin '{name}' has already been registered"
        )


def register_lazy(name, build):
    """Register `name` with `build()`, returning `(desc, impl)`, run on first `get`."""
    _claim(name, False)
    _REGISTRY[name] = build
