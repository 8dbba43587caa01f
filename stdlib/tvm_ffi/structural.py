"""Structural walks and maps over IR (TVM 0.27's `tvm_ffi.structural_walk` and
`tvm_ffi.structural_map`), run by tvmscript's Rust walker (`ffi._walk`)."""
import sys
from collections.abc import Sequence
from enum import IntEnum

import _tvmscript

_walk = _tvmscript.namespace("ffi._walk")


class WalkOrder(IntEnum):
    """Callback placement before or after recursively traversing children."""

    PREORDER = 0
    POSTORDER = 1


class WalkResult(IntEnum):
    """Control signal for structural walks: continue into the children, or skip them."""

    ADVANCE = 0
    SKIP = 1


class InplaceMode(IntEnum):
    """Permission to mutate a value in place along its ownership path."""

    DISALLOW = 0
    ALLOW = 1


class DefRegionKind(IntEnum):
    """Def-region state active during structural visiting."""

    NONE = 0
    DEF_PATTERN = 1
    DEF_SIMPLE = 2


class VisitInterrupt:
    """Payload-carrying signal that stops a structural visit."""

    __slots__ = ("value",)

    def __init__(self, value=None):
        self.value = value

    def __repr__(self):
        return f"VisitInterrupt({self.value!r})"


VisitInterrupt.__module__ = "tvm_ffi.structural"


def _order(order, api):
    if isinstance(order, WalkOrder):
        return int(order)
    if order in ("pre", "post"):
        return int(WalkOrder.PREORDER if order == "pre" else WalkOrder.POSTORDER)
    raise ValueError(f"Unknown structural {api} order: {order!r}")


def _normalize_callbacks(callbacks, api_name):
    entries = []

    def add(entry):
        callback_type, fn = entry
        types = callback_type if isinstance(callback_type, tuple) else (callback_type,)
        entries.extend((t, fn) for t in types)

    if callable(callbacks):
        entries.append((object, callbacks))
    elif isinstance(callbacks, tuple) and len(callbacks) == 2 and callable(callbacks[1]):
        add(callbacks)
    elif isinstance(callbacks, Sequence) and not isinstance(callbacks, (str, bytes)):
        for callback in callbacks:
            if not isinstance(callback, tuple) or len(callback) != 2 or not callable(callback[1]):
                raise TypeError(
                    f"{api_name} callbacks within a sequence must be (type, callback) tuples"
                )
            add(callback)
    else:
        raise TypeError(
            f"{api_name} callbacks must be callbacks, (type, callback) entries, "
            "((type1, type2, ...), callback) entries, or sequences of tuple entries"
        )
    return [(_callback_class(t, api_name), fn) for t, fn in entries]


def _callback_class(t, api_name):
    """The class a callback entry matches by `isinstance`; None for a catch-all."""
    # `typing` is not imported here (slow to import): a script naming its Any did.
    typing = sys.modules.get("typing")
    if t is object or (typing is not None and t is typing.Any):
        return None
    if isinstance(t, type):
        return t
    raise TypeError(
        f"{api_name} callback type must be a supported builtin, "
        "typing.Any/object, or an FFI-registered object class"
    )


def structural_walk(root, callbacks=(), with_def_region_kind=(), order="post"):
    """Walk `root` structurally, calling the first matching typed callback on each
    node; returns the VisitInterrupt a callback returned, or None."""
    order_int = _order(order, "walk")
    entries = _normalize_callbacks(callbacks, "structural_walk")
    kind_entries = _normalize_callbacks(with_def_region_kind, "structural_walk")
    return _walk.walk(root, entries, kind_entries, order_int, VisitInterrupt, DefRegionKind)


def structural_map(root, callbacks=(), with_def_region_kind=(), order="post"):
    """Structurally map `root`: each matching callback returns its node (unchanged) or
    a replacement; unchanged subtrees are shared."""
    order_int = _order(order, "map")
    entries = _normalize_callbacks(callbacks, "structural_map")
    kind_entries = _normalize_callbacks(with_def_region_kind, "structural_map")
    return _walk.map(root, entries, kind_entries, order_int, DefRegionKind)
