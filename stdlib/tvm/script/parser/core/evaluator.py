"""`tvm.script.parser.core.evaluator`: evaluate an expression's syntax tree against a
table of values (names not in the table are Python's builtins)."""
import ast as _ast
import builtins as _builtins

from . import doc


class ExprEvaluator:
    """Evaluates expressions for a parser (`parser` may be None) with the values of
    `value_table`."""

    def __init__(self, parser, value_table):
        self.parser = parser
        self.value_table = value_table
        self.new_value_count = 0

    @staticmethod
    def eval(parser, value_table, node):
        """The value of the expression `node` (an `ast.expr` or `ast.Expression`)."""
        return _eval_expr(node, value_table)


def eval_expr(parser, node, dict_globals):
    """The value of the expression `node` with the names of `dict_globals`."""
    value_table = {}
    if dict_globals is not None:
        value_table.update(dict_globals)
    return ExprEvaluator.eval(parser, value_table, node)


def _eval_expr(node, dict_globals):
    node = doc.from_doc(node)
    if isinstance(node, _ast.expr):
        node = _ast.Expression(body=node)
    if not isinstance(node, _ast.Expression):
        raise TypeError(f"Unexpected result type: {type(node)}")
    code = compile(_ast.fix_missing_locations(node), filename="<ast>", mode="eval")
    scope = {"__builtins__": _builtins}
    scope.update(dict_globals or {})
    return eval(code, scope)  # noqa: S307
