"""`tvm.script.parser.core.doc`: the syntax tree of script source. The node classes
are Python's own `ast` classes (`doc.Name`, `doc.Constant`, ...)."""
import ast as _ast

AST = _ast.AST
NodeVisitor = _ast.NodeVisitor
NodeTransformer = _ast.NodeTransformer

for _name in dir(_ast):
    _cls = getattr(_ast, _name)
    if isinstance(_cls, type) and issubclass(_cls, _ast.AST) and _cls is not _ast.AST:
        globals()[_name] = _cls
del _name, _cls


def parse(source, filename="<unknown>", mode="exec"):
    """Parse source text to its syntax tree (the interface of `ast.parse`)."""
    return _ast.parse(source, filename=filename, mode=mode)


def from_doc(node):
    """The Python `ast` node of a syntax-tree node (the same object here)."""
    return node


def to_doc(node):
    """The syntax-tree node of a Python `ast` node (the same object here)."""
    return node
