"""Doc classes of the TVMScript printer (TVM's `tvm.script.printer.doc`): a small
Python-syntax tree that `doc_printer.to_python_script` formats. Every doc has
`source_paths`, the access paths of the IR it stands for, which decide what
`path_to_underline` underlines."""
from collections.abc import Sequence
from enum import IntEnum, unique

from _tvm_ffi_container import Array as _Array


def _array(items):
    return _Array(list(items))


class Doc:
    """Base class of all Docs."""

    _fields = ()
    _type_key = "script.printer.Doc"

    def __init__(self):
        self.source_paths = _Array([])

    def __setattr__(self, name, value):
        if name == "source_paths":
            value = _array(value)
        object.__setattr__(self, name, value)

    def __repr__(self):
        parts = [f"source_paths={_field_repr(self.source_paths)}"]
        for name in self._fields:
            parts.append(f"{name}={_field_repr(getattr(self, name))}")
        return f"{self._type_key}({', '.join(parts)})"

    __str__ = __repr__


def _field_repr(value):
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_field_repr(v) for v in value)
        return f"({inner}{',' if len(value) == 1 else ''})"
    return repr(value)


def _doc(cls):
    cls._type_key = "script.printer." + cls.__name__
    return cls


def _check_exprs(values, what):
    for v in values:
        if not isinstance(v, ExprDoc):
            raise TypeError(f"{what} must be ExprDoc, got {type(v).__name__}")


@_doc
class ExprDoc(Doc):
    """Base class of all expression Docs."""

    def attr(self, name: str) -> "AttrAccessDoc":
        """A doc of attribute access on self (`self.name`)."""
        return AttrAccessDoc(self, name)

    def call(self, *args, **kwargs) -> "CallDoc":
        """A doc of a call with self as the callee."""
        return CallDoc(self, *args, **kwargs)

    def __getitem__(self, indices) -> "IndexDoc":
        """A doc of index access on self (`self[i, j]`)."""
        if not isinstance(indices, tuple):
            indices = (indices,)
        return IndexDoc(self, list(indices))

    def __iter__(self):
        # Without this, Python would iterate by calling __getitem__ with 0, 1, 2, ...
        raise RuntimeError(f"{self.__class__} cannot be used as iterable.")


@_doc
class StmtDoc(Doc):
    """Base class of statement docs."""


@_doc
class StmtBlockDoc(Doc):
    """A list of statements (a temporary container, never part of the IR's doc)."""

    _fields = ("stmts",)

    def __init__(self, stmts):
        super().__init__()
        self.stmts = _array(stmts)


def _literal_value(value):
    import tvm

    if isinstance(value, bool):
        return tvm.tirx.IntImm("bool", value)
    if isinstance(value, int):
        return tvm.tirx.IntImm("int64", value)
    if isinstance(value, float):
        return tvm.tirx.FloatImm("float64", value)
    return value


@_doc
class LiteralDoc(ExprDoc):
    """A literal value: None, a string, a bool, an int or a float."""

    _fields = ("value",)

    def __init__(self, value, path=None):
        if value is not None and not isinstance(value, (str, float, bool, int)):
            raise TypeError(f"Unsupported type {type(value)} for LiteralDoc")
        super().__init__()
        self.value = _literal_value(value)
        if path is not None:
            self.source_paths = [path]


@_doc
class IdDoc(ExprDoc):
    """An identifier."""

    _fields = ("name",)

    def __init__(self, name: str):
        super().__init__()
        self.name = name


@_doc
class AttrAccessDoc(ExprDoc):
    """Attribute access on an expression (`value.name`)."""

    _fields = ("value", "name")

    def __init__(self, value, name: str):
        super().__init__()
        self.value = value
        self.name = name


@_doc
class IndexDoc(ExprDoc):
    """Index access on an expression (`value[indices]`)."""

    _fields = ("value", "indices")

    def __init__(self, value, indices):
        super().__init__()
        self.value = value
        self.indices = _array(indices)


@_doc
class CallDoc(ExprDoc):
    """A function call (`callee(*args, **kwargs)`)."""

    _fields = ("callee", "args", "kwargs_keys", "kwargs_values")

    def __init__(self, callee, *args, **kwargs):
        super().__init__()
        self.callee = callee
        self.args = _array(args)
        self.kwargs_keys = _array(kwargs.keys())
        self.kwargs_values = _array(kwargs.values())


@unique
class OperationKind(IntEnum):
    """The operator of an OperationDoc (names follow Python's `ast` module)."""

    # pylint: disable=invalid-name
    _UnaryStart = 0
    USub = 1
    Invert = 2
    Not = 3
    _UnaryEnd = 4

    _BinaryStart = 5
    Add = 6
    Sub = 7
    Mult = 8
    Div = 9
    FloorDiv = 10
    Mod = 11
    Pow = 12
    LShift = 13
    RShift = 14
    BitAnd = 15
    BitOr = 16
    BitXor = 17
    Lt = 18
    LtE = 19
    Eq = 20
    NotEq = 21
    Gt = 22
    GtE = 23
    And = 24
    Or = 25
    MatMul = 26
    _BinaryEnd = 27

    _SpecialStart = 28
    IfThenElse = 29
    _SpecialEnd = 30


@_doc
class OperationDoc(ExprDoc):
    """A unary, binary or special (if-then-else) operation."""

    _fields = ("kind", "operands")

    def __init__(self, kind, operands):
        super().__init__()
        self.kind = int(kind)
        self.operands = _array(operands)


@_doc
class LambdaDoc(ExprDoc):
    """A lambda (`lambda args: body`)."""

    _fields = ("args", "body")

    def __init__(self, args, body):
        super().__init__()
        self.args = _array(args)
        self.body = body


@_doc
class TupleDoc(ExprDoc):
    """A tuple literal."""

    _fields = ("elements",)

    def __init__(self, elements):
        super().__init__()
        self.elements = _array(elements)


@_doc
class ListDoc(ExprDoc):
    """A list literal."""

    _fields = ("elements",)

    def __init__(self, elements):
        super().__init__()
        self.elements = _array(elements)


@_doc
class DictDoc(ExprDoc):
    """A dict literal."""

    _fields = ("keys", "values")

    def __init__(self, content):
        super().__init__()
        self.keys = _array(content.keys())
        self.values = _array(content.values())


@_doc
class SliceDoc(ExprDoc):
    """A slice (`start:stop:step`); appears only in `IndexDoc.indices`."""

    _fields = ("start", "stop", "step")

    def __init__(self, start=None, stop=None, step=None):
        super().__init__()
        self.start = start
        self.stop = stop
        self.step = step


@_doc
class AssignDoc(StmtDoc):
    """An assignment (`lhs: annotation = rhs`)."""

    _fields = ("comment", "lhs", "rhs", "annotation")

    def __init__(self, lhs, rhs, annotation=None):
        super().__init__()
        self.comment = None
        self.lhs = lhs
        self.rhs = rhs
        self.annotation = annotation


@_doc
class IfDoc(StmtDoc):
    """An if-then-else statement."""

    _fields = ("comment", "predicate", "then_branch", "else_branch")

    def __init__(self, predicate, then_branch, else_branch):
        super().__init__()
        self.comment = None
        self.predicate = predicate
        self.then_branch = _array(then_branch)
        self.else_branch = _array(else_branch)


@_doc
class WhileDoc(StmtDoc):
    """A while loop."""

    _fields = ("comment", "predicate", "body")

    def __init__(self, predicate, body):
        super().__init__()
        self.comment = None
        self.predicate = predicate
        self.body = _array(body)


@_doc
class ForDoc(StmtDoc):
    """A for loop (`for lhs in rhs:`)."""

    _fields = ("comment", "lhs", "rhs", "body")

    def __init__(self, lhs, rhs, body):
        super().__init__()
        self.comment = None
        self.lhs = lhs
        self.rhs = rhs
        self.body = _array(body)


@_doc
class ScopeDoc(StmtDoc):
    """A with statement (`with rhs as lhs:`)."""

    _fields = ("comment", "lhs", "rhs", "body")

    def __init__(self, lhs, rhs, body):
        super().__init__()
        self.comment = None
        self.lhs = lhs
        self.rhs = rhs
        self.body = _array(body)


@_doc
class ExprStmtDoc(StmtDoc):
    """An expression as a statement."""

    _fields = ("comment", "expr")

    def __init__(self, expr):
        super().__init__()
        self.comment = None
        self.expr = expr


@_doc
class AssertDoc(StmtDoc):
    """An assert statement."""

    _fields = ("comment", "test", "msg")

    def __init__(self, test, msg=None):
        super().__init__()
        self.comment = None
        self.test = test
        self.msg = msg


@_doc
class ReturnDoc(StmtDoc):
    """A return statement."""

    _fields = ("comment", "value")

    def __init__(self, value):
        super().__init__()
        self.comment = None
        self.value = value


@_doc
class FunctionDoc(StmtDoc):
    """A function definition."""

    _fields = ("comment", "name", "args", "decorators", "return_type", "body", "type_params")

    def __init__(self, name, args, decorators, return_type, body, type_params=None):
        super().__init__()
        self.comment = None
        self.name = name
        self.args = _array(args)
        self.decorators = _array(decorators)
        self.return_type = return_type
        self.body = _array(body)
        self.type_params = _array(type_params or [])


@_doc
class ClassDoc(StmtDoc):
    """A class definition."""

    _fields = ("comment", "name", "decorators", "body")

    def __init__(self, name, decorators, body):
        super().__init__()
        self.comment = None
        self.name = name
        self.decorators = _array(decorators)
        self.body = _array(body)


@_doc
class CommentDoc(StmtDoc):
    """A comment."""

    _fields = ("comment",)

    def __init__(self, comment: str):
        super().__init__()
        self.comment = comment


@_doc
class DocStringDoc(StmtDoc):
    """A docstring."""

    _fields = ("comment",)

    def __init__(self, docs: str):
        super().__init__()
        self.comment = docs


for _cls in list(globals().values()):
    if isinstance(_cls, type) and (issubclass(_cls, Doc) or _cls is OperationKind):
        _cls.__module__ = "tvm.script.printer.doc"
del _cls
