"""TIRx passes (TVM 0.27's `tvm.tirx.transform`): `prim_func_pass` and the built-in
passes tvmscript implements (`ConvertSSA`, `RemoveNoOp`)."""
from tvm.ir.transform import ModulePass as _ModulePass, Pass as _Pass, _function_pass, _pass_decorator, _rust_pass


class PrimFuncPass(_Pass):
    """A pass applied to every PrimFunc of a module (other functions are left as they
    are); a function the pass returns None for is removed."""

    _type_key = "tirx.PrimFuncPass"

    def __init__(self, pass_func, info):
        _function_pass(self, pass_func, info, "tirx.PrimFunc")


PrimFuncPass.__module__ = "tvm.tirx.transform.function_pass"


def prim_func_pass(pass_func=None, opt_level=None, name=None, required=None, traceable=False):
    """Make a PrimFuncPass from `pass_func(func, mod, ctx) -> func`, or from a class with
    a `transform_function(func, mod, ctx)` method; a decorator when `pass_func` is not given."""
    # TVM's message says "Module pass" here too.
    return _pass_decorator(
        PrimFuncPass, "transform_function", pass_func, opt_level, name, required, traceable,
        "function", "pass_func must be a callable for Module pass",
    )


def ConvertSSA():
    """Rename variables defined more than once so every variable is defined once."""
    return _rust_pass("tirx.ConvertSSA", _ModulePass)


def StmtSimplify():
    """Run statement-level arithmetic simplifications on the TIR PrimFunc (those that
    need no arithmetic analyzer: see src/dialects/tirx/simplify.rs)."""
    return _rust_pass("tirx.StmtSimplify", PrimFuncPass)


def RemoveNoOp():
    """Remove statements that have no effect (empty loops, `T.evaluate(0)` ...)."""
    return _rust_pass("tirx.RemoveNoOp", PrimFuncPass)

