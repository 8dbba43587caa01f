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


Target.__new__ = _new
Target.export = _export
Target.__str__ = _str
Target.__repr__ = _str
Target.with_host = _with_host
Target.list_kinds = staticmethod(_list_kinds)


def list_tags():
    """Each registered tag's name and target."""
    return _tvmscript.target_tags()


__all__ = ["Target", "TargetKind", "list_tags"]
