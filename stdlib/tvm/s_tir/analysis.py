"""Checks on S-TIR (and TIRx) functions."""
import _tvmscript

_impl = _tvmscript.namespace("tirx._impl")


def verify_well_formed(obj, assert_mode=True):
    """Whether a function or module is well formed; raises unless `assert_mode=False`."""
    return _impl.verify_well_formed(obj, assert_mode)
