"""`tvm.relax.script.parser.entry`: TVM's type proxy classes, which a script may name
where a type goes (`R.match_cast(x, TupleProxy)`). Named bare they mean what the
`R` member they stand for means bare, so they are those members."""
import _tvmscript

_R = _tvmscript.namespace("relax")

TensorProxy = _R.Tensor
TupleProxy = _R.Tuple
ShapeProxy = _R.Shape
PrimProxy = _R.Prim
CallableProxy = _R.Callable
AnyProxy = _R.Any


def __getattr__(name):
    return getattr(_R, name)
