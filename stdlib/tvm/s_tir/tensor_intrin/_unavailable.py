"""Names of intrinsics whose PrimFuncs this library does not build yet: they are
registered (so `get(name, allow_missing=True)` finds them), and `get` raises."""

from .._tensor_intrin import register_lazy


def register_unavailable(name):
    def build():
        raise NotImplementedError(f"The tensor intrinsic '{name}' is not available in tvmscript yet")

    register_lazy(name, build)
