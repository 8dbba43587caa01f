"""Compilation targets: `tvm.target.Target`, built by tvmscript's target registry
(TVM 0.27's kinds, options, defaults and tags). Targets compare by identity, as in TVM."""
import _tvmscript

Target = _tvmscript.ir_class("target.Target")
TargetKind = _tvmscript.ir_class("target.TargetKind")


def _new(cls, target, host=None):
    return _tvmscript.make_target(target, host)


def _export(self):
    return _tvmscript.target_export(self)


def _str(self):
    return _tvmscript.target_str(self)


def _with_host(self, host=None):
    return _tvmscript.make_target(self, host)


def _list_kinds():
    return _tvmscript.target_kinds()


# The targets of the enclosing `with Target(...):` blocks, innermost last (TVM's
# target context stack).
_scope = []


def _enter(self):
    _scope.append(self)
    return self


def _exit(self, exc_type, exc_value, tb):
    _scope.pop()


def _current(allow_none=True):
    """The target of the innermost `with Target(...):` block (None outside one, or a
    `ValueError` when `allow_none` is false)."""
    if _scope:
        return _scope[-1]
    if not allow_none:
        raise ValueError("Target context required. Please set it by constructing a TargetContext")
    return None


Target.__new__ = _new
Target.__enter__ = _enter
Target.__exit__ = _exit
Target.current = staticmethod(_current)
Target.export = _export
Target.__str__ = _str
Target.__repr__ = _str
Target.with_host = _with_host
Target.list_kinds = staticmethod(_list_kinds)


def list_tags():
    """Each registered tag's name and target."""
    return _tvmscript.target_tags()


__all__ = ["Target", "TargetKind", "list_tags"]
