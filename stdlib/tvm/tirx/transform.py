"""TIRx passes (TVM 0.27's `tvm.tirx.transform`): `prim_func_pass` and the built-in
passes tvmscript implements (`ConvertSSA`, `RemoveNoOp`)."""
import _tvmscript

from tvm.ir.transform import ModulePass, Pass, _function_pass_transform, _pass_decorator, _register_pass, _rust_pass

_PrimFunc = _tvmscript.ir_class("tirx.PrimFunc")


class PrimFuncPass(Pass):
    """A pass applied to every PrimFunc of a module (other functions are left as they are)."""

    _type_key = "tirx.PrimFuncPass"

    def __init__(self, pass_func, info):
        Pass.__init__(self, info)
        self._pass_func = pass_func

    def _transform(self, mod, ctx):
        return _function_pass_transform(mod, ctx, _PrimFunc, self._pass_func)


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
    return _rust_pass("tirx.ConvertSSA", ModulePass)


def StmtSimplify():
    """Run statement-level arithmetic simplifications on the TIR PrimFunc (those that
    need no arithmetic analyzer: see src/dialects/tirx/simplify.rs)."""
    return _rust_pass("tirx.StmtSimplify", PrimFuncPass)


def RemoveNoOp():
    """Remove statements that have no effect (empty loops, `T.evaluate(0)` ...)."""
    return _rust_pass("tirx.RemoveNoOp", PrimFuncPass)


for _name, _factory in (
    ("tirx.transform.ConvertSSA", ConvertSSA),
    ("tirx.transform.RemoveNoOp", RemoveNoOp),
    ("tirx.transform.StmtSimplify", StmtSimplify),
):
    _register_pass(_name, _factory)
