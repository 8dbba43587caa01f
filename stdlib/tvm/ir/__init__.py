"""IR core: structural comparison and IR base classes."""
import _tvmscript

_Object = _tvmscript.Object


def load_json(json_str):
    """The IR value a JSON graph describes."""
    try:
        return _tvmscript.load_json(json_str)
    except Exception:
        # Text that is not JSON at all fails as TVM's does (its upgrade step parses
        # the text first); anything else keeps its own error.
        import json

        json.loads(json_str)
        raise


save_json = _tvmscript.save_json

IRModule = _tvmscript.ir_class("ir.IRModule")


def _module_from_expr(expr, functions=None, type_defs=None):
    """TVM's `IRModule.from_expr`: a module of `functions` plus `expr` under its
    `global_symbol` (the GlobalVar of that name when the module has one), else under
    `main` (a fresh name if `main` is taken)."""
    if not functions:
        return _tvmscript.module_from_expr(expr)
    from .supply import UniqueNameSupply

    mod = IRModule(dict(functions))
    names = UniqueNameSupply("")
    for gv in functions:
        names.reserve_name(gv.name_hint, add_prefix=False)
    attrs = getattr(expr, "attrs", None)
    symbol = attrs["global_symbol"] if attrs is not None and "global_symbol" in attrs else None
    if symbol is None:
        gv = GlobalVar(names.fresh_name("main", add_prefix=False))
    else:
        gv = next((g for g in functions if g.name_hint == str(symbol)), None) or GlobalVar(str(symbol))
    mod[gv] = expr
    return mod


IRModule.from_expr = staticmethod(_module_from_expr)

# -- The core node classes: tvm.ir's types and expressions, as TVM 0.27
# exports them. Constructors are the classes' own (`vm::classes`); the Python-level
# behaviour TVM's classes add (== on types, str of a PrimType) is defined here.


def assert_structural_equal(lhs, rhs, map_free_vars=False):
    """Raise ValueError, naming the first mismatch, unless lhs and rhs are structurally equal."""
    _tvmscript.assert_structural_equal(lhs, rhs, bool(map_free_vars))


Node = _Object
Type = _tvmscript.ir_class("ir.Type")
PrimType = _tvmscript.ir_class("ir.PrimType")
PointerType = _tvmscript.ir_class("ir.PointerType")
TupleType = _tvmscript.ir_class("ir.TupleType")
FuncType = _tvmscript.ir_class("ir.FuncType")
StringType = _tvmscript.ir_class("ir.StringType")
# Alone it shows reflectively, as TVM does (inside a printed type it is `I.StringType()`).
StringType.__str__ = StringType.__repr__ = lambda self: "ir.StringType(span=None)"
StringType.script = lambda self, **config: "ir.StringType(span=None)"
# TVM has no class for the missing type: it shows as its base, `Type`.
_tvmscript.ir_class("ir.MissingType").__name__ = "Type"
_tvmscript.ir_class("ir.MissingType").__qualname__ = "Type"

Expr = _tvmscript.ir_class("ir.Expr")
Var = _tvmscript.ir_class("ir.Var")
GlobalVar = _tvmscript.ir_class("ir.GlobalVar")
Call = _tvmscript.ir_class("ir.Call")
StringImm = _tvmscript.ir_class("ir.StringImm")
TensorLoad = _tvmscript.ir_class("ir.TensorLoad")
Range = _tvmscript.ir_class("ir.Range")
Op = _tvmscript.ir_class("ir.Op")
Tuple = _tvmscript.ir_class("ir.Tuple")
TupleGetItem = _tvmscript.ir_class("ir.TupleGetItem")


def _tuple_item(self, index):
    # A tuple node reads as its fields (TVM's `Tuple.__getitem__`); a tuple-typed
    # variable's item is a `TupleGetItem`.
    if index >= len(self.fields) or index < -len(self.fields):
        raise IndexError("Tuple index out of range")
    return self.fields[index]


Tuple.__getitem__ = _tuple_item
Tuple.__len__ = lambda self: len(self.fields)
BaseFunc = _tvmscript.ir_class("ir.BaseFunc")


def _type_eq(self, other):
    return bool(_tvmscript.structural_equal(self, other, False)) if isinstance(other, _Object) else False


def _type_ne(self, other):
    return not self.__eq__(other)


def _type_hash(self):
    return _tvmscript.structural_hash(self, False)


def _prim_eq(self, other):
    if isinstance(other, str):
        return self.dtype == other
    return _type_eq(self, other)


Type.__eq__ = _type_eq
Type.__ne__ = _type_ne
Type.__hash__ = _type_hash
Type.same_as = lambda self, other: _Object.same_as(self, other)
PrimType.__eq__ = _prim_eq
PrimType.__ne__ = _type_ne
PrimType.__hash__ = lambda self: hash(self.dtype)
PrimType.__str__ = lambda self: "" if str(self.dtype) == "void" else str(self.dtype)


def _astype(self, dtype, span=None):
    return _tvmscript.namespace("tirx").cast(self, dtype)


Expr.astype = _astype


def _expr_equal(self, other, span=None):
    # The folding `==` node (TVM's `_OpEQ`); `a == b` gives the deferred `EqualOp`.
    if not isinstance(getattr(self, "ty", None), PrimType):
        raise TypeError(f"Operator overloading is not supported for expression type {self.ty}")
    return _tvmscript.namespace("tirx.nodes")._op_eq(self, other)


Expr.equal = _expr_equal


def _string_imm_eq(self, other):
    # TVM compares a string literal by its value, with a str or another literal.
    return self.value == (other.value if isinstance(other, StringImm) else other)


from _tvm_ffi_container import Array as _Array  # noqa: E402


class _ArgumentInfo:  # TVM names it `ir.ArgumentInfo` and exports no class for it
    """One documented argument of an operator (`Op.arguments`)."""

    __slots__ = ("name", "type_info", "description")

    def __init__(self, name, type_info, description):
        self.name, self.type_info, self.description = name, type_info, description

    def __repr__(self):
        q = lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'  # noqa: E731
        return f"ir.ArgumentInfo(name={q(self.name)}, type_info={q(self.type_info)}, description={q(self.description)})"


Op.arguments = property(lambda self: _Array(_ArgumentInfo(*a) for a in self._arguments()))
StringImm.__eq__ = _string_imm_eq
StringImm.__ne__ = lambda self, other: not _string_imm_eq(self, other)
StringImm.__hash__ = lambda self: _Object.__hash__(self)

from . import prim  # noqa: E402,F401
from .span import SequentialSpan, SourceName, Span  # noqa: E402,F401

# --- IRModule and function attributes (dialects/ir/module_class.rs) ---
from .attrs import DictAttrs  # noqa: E402

BaseFunc.attrs = property(lambda self: DictAttrs(self._attr_dict()))
IRModule.attrs = property(lambda self: DictAttrs(self._attr_dict()))
# --- end IRModule ---

# Passes and pass instruments (tvm.ir.transform, tvm.ir.instrument).
from tvm._lazy import lazy_names as _lazy_names  # noqa: E402

__getattr__ = _lazy_names(__name__, {"transform": (".transform", None), "instrument": (".instrument", None), "base": (".base", None), "supply": (".supply", None)})
