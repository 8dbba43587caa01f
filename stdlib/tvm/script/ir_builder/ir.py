"""`tvm.script.ir_builder.ir`: module frames called from Python (native:
src/dialects/ir/builder_api.rs); other names are the `I` namespace's."""
import _tvmscript
from tvm.script import ir as _I

_B = _tvmscript.namespace("_ib_ir")

ir_module = _B.ir_module
decl_function = _B.decl_function
def_function = _B.def_function
module_attrs = _B.module_attrs
module_get_attr = _B.module_get_attr
module_set_attr = _B.module_set_attr


def __getattr__(name):
    return getattr(_I, name)
