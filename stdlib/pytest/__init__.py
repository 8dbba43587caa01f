"""The part of pytest's API test files use, for ``tvmscript test``.

Marks (``pytest.mark.*``, ``pytest.param``), fixtures (``pytest.fixture``),
outcomes (``skip``, ``xfail``, ``fail``, ``importorskip``), ``raises``, ``warns``,
``approx`` and ``MonkeyPatch``. The collector and runner that give them their
meaning are ``_tvmscript_testing.runner``.
"""

import math
import re
import sys
import warnings as _warnings

__version__ = "8.3.0"

__all__ = [
    "Mark", "MarkDecorator", "MonkeyPatch", "approx", "exit", "fail", "fixture", "importorskip", "main",
    "mark", "param", "raises", "skip", "warns", "deprecated_call", "xfail", "ExceptionInfo", "UsageError",
]


# --- outcomes ---------------------------------------------------------------------


class OutcomeException(BaseException):
    """Base of the exceptions that end a test with an outcome other than an error."""

    def __init__(self, msg=None):
        super().__init__(msg)
        self.msg = msg

    def __str__(self):
        return str(self.msg) if self.msg is not None else ""


class Skipped(OutcomeException):
    """Raised by ``pytest.skip``."""

    def __init__(self, msg=None, allow_module_level=False):
        super().__init__(msg)
        self.allow_module_level = allow_module_level


class Failed(OutcomeException):
    """Raised by ``pytest.fail``."""


class XFailed(Failed):
    """Raised by ``pytest.xfail``."""


class Exit(Exception):
    """Raised by ``pytest.exit``: ends the session."""

    def __init__(self, msg="unknown reason", returncode=None):
        super().__init__(msg)
        self.msg = msg
        self.returncode = returncode


class UsageError(Exception):
    """A wrong use of the runner's options."""


def skip(reason="", *, allow_module_level=False):
    """Skip the running test (or, with ``allow_module_level``, the whole module)."""
    raise Skipped(reason, allow_module_level=allow_module_level)


skip.Exception = Skipped


def fail(reason="", pytrace=True):
    """Fail the running test with ``reason``."""
    raise Failed(reason)


fail.Exception = Failed


def xfail(reason=""):
    """Mark the running test as an expected failure and stop it."""
    raise XFailed(reason)


xfail.Exception = XFailed


def exit(reason="", returncode=None):
    """End the test session."""
    raise Exit(reason, returncode)


exit.Exception = Exit


def importorskip(modname, minversion=None, reason=None, *, exc_type=None):
    """Import and return ``modname``, or skip the test (or module) when it cannot be imported."""
    import importlib

    try:
        module = importlib.import_module(modname)
    except ImportError as err:
        if reason is None:
            reason = f"could not import {modname!r}: {err}"
        raise Skipped(reason, allow_module_level=True) from None
    if minversion is not None:
        version = getattr(module, "__version__", None)
        if version is None or _version_tuple(version) < _version_tuple(minversion):
            raise Skipped(
                f"module {modname!r} has __version__ {version!r}, required is: {minversion!r}",
                allow_module_level=True,
            )
    return module


def _version_tuple(text):
    parts = []
    for piece in str(text).split("."):
        digits = re.match(r"\d*", piece).group()
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


# --- marks ------------------------------------------------------------------------


class Mark:
    """A mark: its name, arguments and keyword arguments."""

    def __init__(self, name, args=(), kwargs=None):
        self.name = name
        self.args = tuple(args)
        self.kwargs = dict(kwargs or {})

    def __repr__(self):
        return f"Mark(name={self.name!r}, args={self.args!r}, kwargs={self.kwargs!r})"


def _is_decoratable(obj):
    return callable(obj) and getattr(obj, "__name__", "<lambda>") != "<lambda>"


class MarkDecorator:
    """``pytest.mark.NAME`` and ``pytest.mark.NAME(...)``: applied to a function or
    class, adds the mark to its ``pytestmark`` list."""

    def __init__(self, mark):
        self.mark = mark

    name = property(lambda self: self.mark.name)
    args = property(lambda self: self.mark.args)
    kwargs = property(lambda self: self.mark.kwargs)
    markname = name

    def with_args(self, *args, **kwargs):
        return MarkDecorator(Mark(self.mark.name, self.mark.args + args, {**self.mark.kwargs, **kwargs}))

    def __call__(self, *args, **kwargs):
        if args and not kwargs and len(args) == 1 and (isinstance(args[0], type) or _is_decoratable(args[0])):
            target = args[0]
            store_mark(target, self.mark)
            return target
        return self.with_args(*args, **kwargs)

    def __repr__(self):
        return f"<MarkDecorator {self.mark!r}>"


def store_mark(obj, mark):
    """Add ``mark`` to ``obj.pytestmark`` (a class's own list, not its base's)."""
    own = obj.__dict__.get("pytestmark", []) if isinstance(obj, type) else getattr(obj, "pytestmark", [])
    if not isinstance(own, list):
        own = [own]
    obj.pytestmark = [*own, mark]


def get_marks(obj):
    """The marks stored on ``obj`` (a function, class or module), as Mark objects."""
    marks = getattr(obj, "pytestmark", [])
    if not isinstance(marks, list):
        marks = [marks]
    return [m.mark if isinstance(m, MarkDecorator) else m for m in marks]


class MarkGenerator:
    """``pytest.mark``: any attribute is a mark of that name."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return MarkDecorator(Mark(name))


mark = MarkGenerator()


class ParameterSet:
    """One set of values of a parametrization (``pytest.param``)."""

    def __init__(self, values, marks=(), id=None):
        self.values = tuple(values)
        if isinstance(marks, (MarkDecorator, Mark)):
            marks = (marks,)
        self.marks = [m.mark if isinstance(m, MarkDecorator) else m for m in marks]
        self.id = id

    def __repr__(self):
        return f"ParameterSet(values={self.values!r}, marks={self.marks!r}, id={self.id!r})"


def param(*values, marks=(), id=None):
    """One parameter set of ``pytest.mark.parametrize``, with its own marks and id."""
    if id is not None and not isinstance(id, str):
        raise TypeError(f"Expected id to be a string, got {type(id)}: {id!r}")
    return ParameterSet(values, marks, id)


# --- fixtures ---------------------------------------------------------------------


class FixtureInfo:
    """What ``pytest.fixture`` recorded about a fixture function."""

    def __init__(self, func, scope, params, autouse, ids, name):
        self.func = func
        self.scope = scope
        self.params = None if params is None else list(params)
        self.autouse = autouse
        self.ids = ids
        self.name = name


_SCOPES = ("function", "class", "module", "package", "session")


def fixture(fixture_function=None, *, scope="function", params=None, autouse=False, ids=None, name=None):
    """Declare a fixture function (``@pytest.fixture`` or ``@pytest.fixture(...)``)."""

    def decorate(func):
        if scope not in _SCOPES and not callable(scope):
            raise ValueError(f"{func.__name__}: unknown scope {scope!r}")
        func._pytestfixturefunction = FixtureInfo(func, scope, params, autouse, ids, name)
        return func

    if fixture_function is not None and callable(fixture_function):
        return decorate(fixture_function)
    return decorate


yield_fixture = fixture


# --- raises and warns -------------------------------------------------------------


class ExceptionInfo:
    """The exception ``pytest.raises`` caught: ``type``, ``value``, ``tb``, ``match``."""

    def __init__(self):
        self._excinfo = None

    def _fill(self, exc):
        self._excinfo = (type(exc), exc, exc.__traceback__)

    @property
    def type(self):
        return self._excinfo[0]

    @property
    def value(self):
        return self._excinfo[1]

    @property
    def tb(self):
        return self._excinfo[2]

    @property
    def typename(self):
        return self.type.__name__

    def match(self, regexp):
        text = str(self.value)
        if not re.search(regexp, text):
            raise AssertionError(f"Regex pattern did not match.\n Regex: {regexp!r}\n Input: {text!r}")
        return True

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def exconly(self, tryshort=False):
        text = str(self.value)
        return f"{self.typename}: {text}" if text else self.typename

    def __repr__(self):
        if self._excinfo is None:
            return "<ExceptionInfo for raises contextmanager>"
        return f"<ExceptionInfo {self.typename}({str(self.value)!r}) tblen=?>"


class RaisesContext:
    """The context manager ``pytest.raises(E)`` returns."""

    def __init__(self, expected, match, check=None):
        self.expected = expected
        self.match_expr = match
        self.check = check
        self.excinfo = ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc, tb):
        __tracebackhide__ = True
        if exc_type is None:
            fail(f"DID NOT RAISE {_names(self.expected)}")
        if not issubclass(exc_type, self.expected):
            return False
        if exc is None:
            exc = exc_type()
        self.excinfo._fill(exc)
        if self.match_expr is not None:
            self.excinfo.match(self.match_expr)
        if self.check is not None and not self.check(exc):
            return False
        return True


def _names(expected):
    if isinstance(expected, tuple):
        return "any of (" + ", ".join(_names(e) for e in expected) + ")"
    return f"<class '{expected.__module__}.{expected.__qualname__}'>" if expected.__module__ != "builtins" else f"<class '{expected.__qualname__}'>"


def raises(expected_exception, *args, match=None, check=None, **kwargs):
    """Assert that a block (``with``) or a call raises ``expected_exception``."""
    excs = expected_exception if isinstance(expected_exception, tuple) else (expected_exception,)
    for exc in excs:
        if not (isinstance(exc, type) and issubclass(exc, BaseException)):
            raise TypeError(f"expected exception must be a BaseException type, not {type(exc).__name__}")
    expected = tuple(excs) if len(excs) > 1 else excs[0]
    context = RaisesContext(expected, match, check)
    if not args:
        if kwargs:
            raise TypeError(f"Unexpected keyword arguments passed to pytest.raises: {', '.join(sorted(kwargs))}")
        return context
    func, *rest = args
    if not callable(func):
        raise TypeError(f"{func!r} object (type: {type(func)}) must be callable")
    with context:
        func(*rest, **kwargs)
    return context.excinfo


raises.Exception = Failed


class WarningsRecorder(_warnings.catch_warnings):
    """The warnings recorded in a ``pytest.warns`` block."""

    def __init__(self):
        super().__init__(record=True)
        self._list = []

    def __enter__(self):
        self._list = super().__enter__()
        _warnings.simplefilter("always")
        return self

    @property
    def list(self):
        return self._list

    def __len__(self):
        return len(self._list)

    def __iter__(self):
        return iter(self._list)

    def __getitem__(self, i):
        return self._list[i]

    def pop(self, cls=Warning):
        for i, w in enumerate(self._list):
            if issubclass(w.category, cls):
                return self._list.pop(i)
        raise AssertionError(f"{cls!r} not found in warning list")


class WarningsChecker(WarningsRecorder):
    def __init__(self, expected, match):
        super().__init__()
        self.expected = expected
        self.match_expr = match

    def __exit__(self, exc_type, exc, tb):
        super().__exit__(exc_type, exc, tb)
        if exc_type is not None:
            return False
        for w in self._list:
            if issubclass(w.category, self.expected) and (
                self.match_expr is None or re.search(self.match_expr, str(w.message))
            ):
                return False
        fail(f"DID NOT WARN. No warnings of type {self.expected!r} were emitted.")


def warns(expected_warning=Warning, *args, match=None, **kwargs):
    """Assert that a block (or a call) emits a warning of ``expected_warning``."""
    checker = WarningsChecker(expected_warning, match)
    if not args:
        return checker
    func, *rest = args
    with checker:
        return func(*rest, **kwargs)


def deprecated_call(func=None, *args, **kwargs):
    """Assert that a block (or a call) emits a DeprecationWarning or PendingDeprecationWarning."""
    return warns((DeprecationWarning, PendingDeprecationWarning), *((func,) + args if func else ()), **kwargs)


# --- approx -----------------------------------------------------------------------


class ApproxBase:
    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected = expected
        self.rel = rel
        self.abs = abs
        self.nan_ok = nan_ok

    def __ne__(self, actual):
        return not (self == actual)

    __hash__ = None


class ApproxScalar(ApproxBase):
    """A number compared within a tolerance (relative 1e-6, absolute 1e-12 by default)."""

    def tolerance(self):
        absolute = 1e-12 if self.abs is None else self.abs
        if self.rel is None and self.abs is not None:
            return absolute
        relative = 1e-6 if self.rel is None else self.rel
        return max(relative * _abs(self.expected), absolute)

    def __eq__(self, actual):
        expected = self.expected
        if not isinstance(expected, (int, float, complex)) or isinstance(expected, bool):
            return actual == expected
        try:
            if actual == expected:
                return True
        except Exception:
            return False
        if isinstance(actual, bool) or not isinstance(actual, (int, float, complex)):
            try:
                actual = float(actual)
            except (TypeError, ValueError):
                return False
        if isinstance(expected, float) and math.isnan(expected):
            return self.nan_ok and isinstance(actual, float) and math.isnan(actual)
        if isinstance(expected, float) and math.isinf(expected):
            return actual == expected
        return _abs(actual - expected) <= self.tolerance()

    def __repr__(self):
        if isinstance(self.expected, (int, float)) and not isinstance(self.expected, bool):
            tol = self.tolerance()
            return f"{self.expected} ± {tol:.1e}"
        return repr(self.expected)


def _abs(x):
    return x if x >= 0 else -x if not isinstance(x, complex) else abs(x)


class ApproxSequence(ApproxBase):
    def __eq__(self, actual):
        try:
            if len(actual) != len(self.expected):
                return False
        except TypeError:
            return False
        return all(approx(e, self.rel, self.abs, self.nan_ok) == a for e, a in zip(self.expected, actual))

    def __repr__(self):
        return f"approx({list(self.expected)!r})"


class ApproxMapping(ApproxBase):
    def __eq__(self, actual):
        try:
            if set(actual.keys()) != set(self.expected.keys()):
                return False
        except AttributeError:
            return False
        return all(approx(v, self.rel, self.abs, self.nan_ok) == actual[k] for k, v in self.expected.items())

    def __repr__(self):
        return f"approx({self.expected!r})"


def approx(expected, rel=None, abs=None, nan_ok=False):
    """A value that compares equal to numbers within a tolerance of ``expected``."""
    if isinstance(expected, dict):
        return ApproxMapping(expected, rel, abs, nan_ok)
    if isinstance(expected, (list, tuple)):
        return ApproxSequence(expected, rel, abs, nan_ok)
    if hasattr(expected, "tolist") and hasattr(expected, "shape"):
        return ApproxSequence(_flatten(expected.tolist()), rel, abs, nan_ok) if expected.shape else ApproxScalar(expected.tolist(), rel, abs, nan_ok)
    return ApproxScalar(expected, rel, abs, nan_ok)


def _flatten(v):
    if isinstance(v, list):
        out = []
        for x in v:
            out.extend(_flatten(x))
        return out
    return [v]


# --- monkeypatch ------------------------------------------------------------------

_NOTSET = object()


class MonkeyPatch:
    """Attribute, item and environment changes undone at the end of the test."""

    def __init__(self):
        self._setattr = []
        self._setitem = []
        self._syspath = None

    @classmethod
    def context(cls):
        import contextlib

        @contextlib.contextmanager
        def ctx():
            m = cls()
            try:
                yield m
            finally:
                m.undo()

        return ctx()

    def setattr(self, target, name, value=_NOTSET, raising=True):
        if value is _NOTSET:
            if not isinstance(target, str):
                raise TypeError("use setattr(target, name, value) or setattr(target, value) with target a dotted path")
            module_name, _, attr = target.rpartition(".")
            import importlib

            value, name, target = name, attr, importlib.import_module(module_name)
        old = getattr(target, name, _NOTSET)
        if raising and old is _NOTSET:
            raise AttributeError(f"{target!r} has no attribute {name!r}")
        if isinstance(target, type):
            old = target.__dict__.get(name, _NOTSET)
        self._setattr.append((target, name, old))
        setattr(target, name, value)

    def delattr(self, target, name=_NOTSET, raising=True):
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        self._setattr.append((target, name, getattr(target, name, _NOTSET)))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._setitem.append((dic, name, dic.get(name, _NOTSET)))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._setitem.append((dic, name, dic.get(name, _NOTSET)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        import os

        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        import os

        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path):
        if self._syspath is None:
            self._syspath = sys.path[:]
        sys.path.insert(0, str(path))

    def chdir(self, path):
        import os

        if not hasattr(self, "_cwd"):
            self._cwd = os.getcwd()
        os.chdir(path)

    def undo(self):
        for target, name, value in reversed(self._setattr):
            if value is _NOTSET:
                try:
                    delattr(target, name)
                except AttributeError:
                    pass
            else:
                setattr(target, name, value)
        self._setattr.clear()
        for dic, name, value in reversed(self._setitem):
            if value is _NOTSET:
                dic.pop(name, None)
            else:
                dic[name] = value
        self._setitem.clear()
        if self._syspath is not None:
            sys.path[:] = self._syspath
            self._syspath = None
        if hasattr(self, "_cwd"):
            import os

            os.chdir(self._cwd)
            del self._cwd


# --- entry point ------------------------------------------------------------------


def main(args=None, plugins=None):
    """Run tests as ``tvmscript test ARGS`` does; returns the exit code."""
    from _tvmscript_testing import runner

    return runner.main_from_args(list(sys.argv[1:] if args is None else args))
