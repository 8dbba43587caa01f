"""`tvm.script.ir_builder.relax`: a Relax function built from Python (native:
src/dialects/relax/frontend/builder_api.rs); every other name is the `R`
namespace's (`dataflow`, `output`, `func_attr`, the operators and types)."""
import _tvmscript
from tvm.script import relax as _R

_B = _tvmscript.namespace("_ib_relax")

function = _B.function
arg = _B.arg
func_name = _B.func_name
func_ret_ty = _B.func_ret_ty
func_ret_type = _B.func_ret_type
func_ret_value = _B.func_ret_value
emit = _B.emit
emit_match_cast = _B.emit_match_cast
emit_var_binding = _B.emit_var_binding
If = _B.If
Then = _B.Then
Else = _B.Else


def __getattr__(name):
    return getattr(_R, name)
