"""Checks on Relax functions and modules."""
import _tvmscript

_impl = _tvmscript.namespace("relax._impl")


def check_well_formed(obj, check_struct_info=True):
    """Whether every Relax function of a module (or one function) is well formed."""
    return _impl.check_well_formed(obj)


well_formed = check_well_formed
