"""`IRBuilder` and `IRBuilderFrame` (native: src/vm/ir_builder.rs)."""
import _tvmscript

_ns = _tvmscript.namespace("_ir_builder")
IRBuilder = _ns.IRBuilder
IRBuilderFrame = _ns.IRBuilderFrame
