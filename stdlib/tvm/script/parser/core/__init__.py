"""`tvm.script.parser.core`: the pieces of a Python-side script parser that scripts
use directly — source text and its syntax tree (`diagnostics.Source`, `doc`) and
evaluation of expressions against a table of values (`evaluator`). tvmscript's own
parser is native; these work on Python's `ast` trees."""
from . import diagnostics, doc, evaluator  # noqa: F401
