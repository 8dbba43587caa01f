"""`tvm.relax.script.parser.entry`: TVM's type proxy classes.

In TVM 0.27, `R.Tensor(...)` and its siblings return proxy objects that turn into
types (`as_ty()`). Here the `R` constructors make the types themselves; each proxy
class stands for the types its constructor makes: calling it is calling the
constructor, `isinstance(R.Tensor((2, 3), "float32"), TensorProxy)` holds, and the
types answer the proxies' `as_ty()`, `get_symbolic_vars()` and `asobject()`.
A proxy class named bare where a type goes (`R.match_cast(x, TupleProxy)`) means
the type built with no arguments, as in TVM."""
import _tvmscript

from tvm.ir import PrimType as _PrimType
from tvm.ir import TupleType as _TupleType
from tvm.relax.type import AnyType as _AnyType
from tvm.relax.type import FuncType as _FuncType
from tvm.relax.type import ShapeType as _ShapeType
from tvm.relax.type import TensorType as _TensorType
from tvm.runtime import ObjectConvertible

_R = _tvmscript.namespace("relax")


class _ProxyKind(type):
    """The metaclass of the proxies: instances are the types a constructor makes."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, cls._types)

    def __subclasscheck__(cls, sub):
        return type.__subclasscheck__(cls, sub) or (
            isinstance(sub, type) and issubclass(sub, cls._types)
        )

    def __call__(cls, *args, **kwargs):
        if cls._make is None:
            raise TypeError(f"{cls.__name__} is abstract")
        return cls._make(*args, **kwargs)


class TypeProxy(ObjectConvertible, metaclass=_ProxyKind):
    _types = (_TensorType, _ShapeType, _TupleType, _PrimType, _AnyType, _FuncType)
    _make = None


class AnyProxy(TypeProxy):
    _types = (_AnyType,)
    _make = staticmethod(lambda: _R.Any())


ObjectProxy = AnyProxy


class TensorProxy(TypeProxy):
    _types = (_TensorType,)
    _make = staticmethod(
        lambda shape=None, dtype=None, vdevice=None, ndim=-1: _R.Tensor(shape, dtype, vdevice, ndim)
    )


class CallableProxy(TypeProxy):
    _types = (_FuncType,)
    _make = staticmethod(
        lambda params=None, ret=None, purity=None, derive_func=None: _R.Callable(
            params, ret, purity=purity, derive_func=derive_func
        )
    )


class TupleProxy(TypeProxy):
    _types = (_TupleType,)
    _make = staticmethod(lambda *fields: _R.Tuple(*fields))


class ShapeProxy(TypeProxy):
    _types = (_ShapeType,)
    _make = staticmethod(lambda values=None, ndim=-1: _R.Shape(values, ndim))


class PrimProxy(TypeProxy):
    _types = (_PrimType,)
    _make = staticmethod(lambda dtype: _R.Prim(dtype))


Any = _R.Any
Object = _R.Object
Tensor = _R.Tensor
Callable = _R.Callable
Tuple = _R.Tuple
Shape = _R.Shape
Prim = _R.Prim
match_cast = _R.match_cast
function = _R.function
macro = _R.macro
