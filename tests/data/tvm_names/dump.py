"""Prints `module name` for every public attribute of the modules listed below that is
not itself a module, after importing all of them (a module that does not import prints
`module -`)."""
import importlib

MODULES = """
tvm tvm.error tvm.ir tvm.ir.attrs tvm.ir.base tvm.ir.instrument tvm.ir.supply tvm.ir.transform
tvm.relax tvm.relax.analysis tvm.relax.block_builder tvm.relax.expr tvm.relax.expr_functor
tvm.relax.op tvm.relax.testing tvm.relax.transform tvm.relax.ir.instrument
tvm.runtime tvm.runtime.script_printer
tvm.s_tir tvm.s_tir.analysis tvm.s_tir.schedule tvm.s_tir.schedule.instruction
tvm.s_tir.schedule.schedule tvm.s_tir.schedule.state tvm.s_tir.schedule.testing tvm.s_tir.schedule.trace
tvm.script tvm.script.highlight tvm.script.ir_builder tvm.script.ir_builder.base tvm.script.ir_builder.ir
tvm.script.ir_builder.relax tvm.script.ir_builder.tirx tvm.script.parser tvm.script.printer
tvm.script.printer.doc tvm.script.printer.doc_printer
tvm.target tvm.te tvm.te.tag tvm.testing tvm.testing.env tvm.testing.utils
tvm.tirx tvm.tirx.analysis tvm.tirx.buffer tvm.tirx.expr tvm.tirx.function tvm.tirx.transform
tvm.topi tvm.topi.broadcast tvm.topi.math tvm.topi.nn tvm.topi.reduction tvm.topi.tag tvm.topi.transform
tvm.topi.utils tvm_ffi tvm_ffi.access_path
""".split()

loaded = {}
for name in MODULES:
    try:
        loaded[name] = importlib.import_module(name)
    except Exception:
        loaded[name] = None
for name in MODULES:
    mod = loaded[name]
    if mod is None:
        print(name, "-")
        continue
    for attr in sorted(dir(mod)):
        # A submodule is no name of the module; tvmscript's script namespaces
        # (`tvm.script.tirx`, `tvm.relax.op.nn`) stand where TVM has modules.
        if type(getattr(mod, attr, None)).__name__ in ("module", "Namespace"):
            continue
        if not attr.startswith("_"):
            print(name, attr)
