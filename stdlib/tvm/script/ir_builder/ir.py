"""`tvm.script.ir_builder.ir`: module frames called from Python (native:
src/dialects/ir/builder_api.rs); other names are the `I` namespace's."""
import _tvmscript
from tvm.script import ir as _I

_B = _tvmscript.namespace("_ib_ir")

ir_module = _B.ir_module
decl_function = _B.decl_function
def_function = _B.def_function
module_attrs = _B.module_attrs


def _pod_kind(value):
    """TVM's FFI name of a value that is not an object (these attribute functions
    take and return objects only), or None."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str) and len(value.encode()) <= 7:
        return "ffi.SmallStr"
    return None


def module_get_attr(attr_key):
    value = _B.module_get_attr(attr_key)
    kind = _pod_kind(value)
    if kind is not None:
        raise TypeError(f"Cannot convert from type `{kind}` to `ffi.Object`")
    return value


def module_set_attr(attr_key, attr_value, allow_overwrite=False):
    kind = _pod_kind(attr_value)
    if kind is not None:
        raise TypeError(
            "Mismatched type on argument #1 when calling: `script.ir_builder.ir.ModuleSetAttr(0: str, "
            f"1: Optional<ffi.Object>, 2: bool) -> void`. Expected `Optional<ffi.Object>` but got `{kind}`"
        )
    return _B.module_set_attr(attr_key, attr_value, allow_overwrite)


def __getattr__(name):
    return getattr(_I, name)
