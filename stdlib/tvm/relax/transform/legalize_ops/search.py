"""Rules of the search operators (argmax, argmin)."""
from tvm import topi

from .common import register_legalize


def _argmax_argmin(te_func):
    def rule(bb, call):
        axis = None if call.attrs.axis is None else int(call.attrs.axis)
        return bb.call_te(te_func, call.args[0], axis, bool(call.attrs.keepdims))
    return rule


register_legalize("relax.argmax", _argmax_argmin(topi.argmax))
register_legalize("relax.argmin", _argmax_argmin(topi.argmin))


register_legalize("relax.where", lambda bb, call: bb.call_te(topi.where, *call.args, primfunc_name_hint="where"))
