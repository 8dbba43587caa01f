"""Errors raised by TVM, as `tvm.error` of TVM 0.27: the same classes with the same bases."""
from _tvmscript import DiagnosticError  # noqa: F401  (a RuntimeError, made by the VM)

_ERROR_TYPES = {"DiagnosticError": DiagnosticError}


def register_error(name_or_cls=None, cls=None):
    """Register an error class under a name (its own by default), as `tvm_ffi.register_error`;
    usable as `@register_error` or `@register_error("Name")`."""
    if callable(name_or_cls) and cls is None:
        _ERROR_TYPES[name_or_cls.__name__] = name_or_cls
        return name_or_cls

    def register(c):
        _ERROR_TYPES[name_or_cls if isinstance(name_or_cls, str) else c.__name__] = c
        return c

    return register(cls) if cls is not None else register


@register_error
class InternalError(RuntimeError):
    """A failed internal check (`Check failed: ...`)."""


@register_error
class RPCError(RuntimeError):
    """An error from the RPC server."""


@register_error
class RPCSessionTimeoutError(RPCError, TimeoutError):
    """An RPC session that timed out."""


@register_error
class OpError(RuntimeError):
    """An error of an operator (the base of the `Op*` errors)."""


@register_error
class OpNotImplemented(OpError, NotImplementedError):
    """An operator not implemented by a frontend."""


@register_error
class OpAttributeRequired(OpError, AttributeError):
    """A required operator attribute that is missing."""


@register_error
class OpAttributeInvalid(OpError, AttributeError):
    """An operator attribute with an invalid value."""


@register_error
class OpAttributeUnImplemented(OpError, NotImplementedError):
    """An operator attribute not supported by a frontend."""
