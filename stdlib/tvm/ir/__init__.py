"""IR core: structural comparison and IR base classes."""
import _tvmscript

Object = _tvmscript.Object
assert_structural_equal = _tvmscript.assert_structural_equal
structural_equal = _tvmscript.structural_equal
structural_hash = _tvmscript.structural_hash
load_json = _tvmscript.load_json
save_json = _tvmscript.save_json

IRModule = _tvmscript.ir_class("ir.IRModule")
IRModule.from_expr = staticmethod(_tvmscript.module_from_expr)

Op = _tvmscript.ir_class("ir.Op")
Op.get = staticmethod(_tvmscript.op_get)

Type = _tvmscript.ir_class("ir.Type")
PrimType = _tvmscript.ir_class("ir.PrimType")

# Passes and pass instruments (tvm.ir.transform, tvm.ir.instrument).
from . import transform, instrument  # noqa: F401,E402
