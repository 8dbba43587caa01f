"""Checks on S-TIR (and TIRx) functions."""
import _tvmscript

_impl = _tvmscript.namespace("tirx._impl")


def verify_well_formed(obj, assert_mode=True):
    """Whether a function or module is well formed; raises unless `assert_mode=False`."""
    return _impl.verify_well_formed(obj, assert_mode)


def check_well_formed(obj, assert_mode=True):
    """Validate a completed S-TIR function or module (``@I.ir_module`` does not): raises
    on invalid IR, or with ``assert_mode=False`` returns whether it is well formed."""
    return _impl.verify_well_formed(obj, assert_mode, False)
