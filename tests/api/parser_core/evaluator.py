# tvm.script.parser.core: a Source's syntax tree, and ExprEvaluator evaluating an
# expression of it against a table of values.
from tvm.script.parser.core import doc
from tvm.script.parser.core.diagnostics import Source
from tvm.script.parser.core.evaluator import ExprEvaluator, eval_expr


def value_of(text, table=None):
    tree = Source(text).as_ast()
    return ExprEvaluator.eval(None, table or {}, tree.body[0].value)


print(value_of("7 // 2, 7 % 3, -2 ** 2, 'ab' * 2"))
print(value_of("[k * 10 for k in seq if k != 2]", {"seq": [1, 2, 3]}))
print(value_of("scale(w, h=3)", {"scale": lambda a, h: a * h, "w": 5}))
print(value_of("grid[1:][::-1], grid[-1]", {"grid": (4, 5, 6)}))
print(value_of("len(word) if flag else None", {"word": "tir", "flag": True}))
print(value_of("{'k': v}['k'] + 1", {"v": 41}))
print(eval_expr(None, doc.parse("a + b", mode="eval").body, {"a": 2, "b": 3}))

src = Source("x = 1\ny = (x +\n     2)")
print(src.source_name, src.start_line, src.start_column)
node = src.as_ast().body[1].value
print(src.location(node))
print(isinstance(node, doc.BinOp), isinstance(node, doc.AST))
