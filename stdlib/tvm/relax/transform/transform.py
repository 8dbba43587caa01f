"""Relax function and dataflow-block passes, and the built-in passes."""
import _tvmscript
import tvm
import tvm_ffi

from tvm.ir.transform import ModulePass as _ModulePass, Pass as _Pass, Sequential as _Sequential, _function_pass, _pass_decorator, _rust_pass

_Function = _tvmscript.ir_class("relax.expr.Function")
_DataflowBlock = _tvmscript.ir_class("relax.expr.DataflowBlock")


def _keeping_on_none(pass_func):
    # TVM's Relax passes keep a function (or block) their body returns None for.
    def run(x, mod, ctx):
        out = pass_func(x, mod, ctx)
        return x if out is None else out

    return run


class FunctionPass(_Pass):
    """A pass applied to every Relax function of a module."""

    _type_key = "relax.FunctionPass"

    def __init__(self, pass_func, info):
        _function_pass(self, _keeping_on_none(pass_func), info, "relax.expr.Function")


class DataflowBlockPass(_Pass):
    """A pass applied to every dataflow block of every Relax function of a module."""

    _type_key = "relax.DataflowBlockPass"

    def __init__(self, pass_func, info):
        on_block = _keeping_on_none(pass_func)

        def on_function(func, mod, ctx):
            return tvm_ffi.structural_map(func, (_DataflowBlock, lambda b: on_block(b, mod, ctx)), order="pre")

        _function_pass(self, on_function, info, "relax.expr.Function")


for _cls in (FunctionPass, DataflowBlockPass):
    _cls.__module__ = "tvm.relax.transform.transform"


def _decorator(kind, method, pass_func, opt_level, name, required, traceable):
    return _pass_decorator(
        kind, method, pass_func, opt_level, name, required, traceable,
        "function", "pass_func must be a callable for Function pass",
    )


def function_pass(pass_func=None, opt_level=None, name=None, required=None, traceable=False):
    """Make a FunctionPass from `pass_func(func, mod, ctx) -> func`, or from a class with
    a `transform_function` method; a decorator when `pass_func` is not given."""
    return _decorator(FunctionPass, "transform_function", pass_func, opt_level, name, required, traceable)


def dataflowblock_pass(pass_func=None, opt_level=None, name=None, required=None, traceable=False):
    """Make a DataflowBlockPass from `pass_func(block, mod, ctx) -> block`, or from a class
    with a `transform_dataflowblock` method; a decorator when `pass_func` is not given."""
    return _decorator(DataflowBlockPass, "transform_dataflowblock", pass_func, opt_level, name, required, traceable)


def Normalize():
    """Normalise every Relax function (the parser's normal form)."""
    return _rust_pass("relax.Normalize", FunctionPass)


def DeadCodeElimination(entry_functions=None):
    """Remove unused bindings of pure expressions and functions no entry function reaches."""
    return _rust_pass("relax.DeadCodeElimination", _ModulePass)


def _canonicalize_tir_variables():
    return _rust_pass("relax.CanonicalizeTIRVariables", _ModulePass)


def _canonicalize_relax_bindings():
    return _rust_pass("relax.CanonicalizeRelaxBindings", _ModulePass)


def CanonicalizeBindings():
    """Simplify bindings: trivial rebindings and symbolic variables known to be equal."""
    return _rust_pass("relax.transform.CanonicalizeBindings", _Sequential)


def NormalizeGlobalVar():
    """Give every public function the GlobalVar of its `global_symbol`; a private
    function whose name a public symbol takes gets a fresh one (`f` becomes `f1`).
    Calls follow the renamed GlobalVars."""

    def transform(mod, _ctx):
        import tvm
        from tvm.ir.supply import UniqueNameSupply

        def symbol(func):
            attrs = func.attrs
            return attrs["global_symbol"] if attrs is not None and "global_symbol" in attrs else None

        items = list(mod.functions_items())
        if all(symbol(f) is None or str(symbol(f)) == gv.name_hint for gv, f in items):
            return mod
        names = UniqueNameSupply("")
        renamed = {}
        for gv, func in items:
            sym = symbol(func)
            if sym is not None:
                if names.contains_name(str(sym), add_prefix=False):
                    raise tvm.error.InternalError(f"IRModule contains duplicate global symbol: {sym}")
                names.reserve_name(str(sym), add_prefix=False)
                renamed[hash(gv)] = tvm.ir.GlobalVar(str(sym))
        for gv, func in items:
            if symbol(func) is None:
                renamed[hash(gv)] = tvm.ir.GlobalVar(names.fresh_name(gv.name_hint, add_prefix=False, add_underscore=False))
        swap = (tvm.ir.GlobalVar, lambda g: renamed.get(hash(g), g))
        out = tvm.IRModule({}, attrs=mod.attrs)
        for gv, func in [(gv, f) for gv, f in items if symbol(f) is not None] + [
            (gv, f) for gv, f in items if symbol(f) is None
        ]:
            if isinstance(func, _Function):
                func = tvm_ffi.structural_map(func, swap, order="pre")
            out[renamed[hash(gv)]] = func
        return out

    return tvm.ir.transform.module_pass(transform, opt_level=0, name="NormalizeGlobalVar")
