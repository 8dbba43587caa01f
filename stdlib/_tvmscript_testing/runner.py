"""Collect and run test files as pytest does, and report as it does.

Collection: ``test_*.py`` / ``*_test.py`` files under the given folders (a file
named on the command line is collected whatever its name), ``test*`` functions and
``Test*`` classes (without ``__init__``) with their ``test*`` methods,
``conftest.py`` files from the root folder down to each test file (their fixtures
and hooks: ``pytest_configure``, ``pytest_sessionstart``,
``pytest_collection_modifyitems``, ``pytest_runtest_setup``, ``pytest_sessionfinish``),
stacked ``parametrize`` marks and parametrized fixtures (ids as pytest makes them).
Running: fixtures by scope (function, class, module, package, session) with
``yield`` teardown, ``skip``/``skipif``/``xfail``/``usefixtures`` marks, output
captured per test and shown with its failure. Exit codes are pytest's.
"""

import inspect
import io
import os
import sys
import time
import traceback

import pytest
from pytest import (
    Exit,
    Failed,
    FixtureInfo,
    Mark,
    MonkeyPatch,
    ParameterSet,
    Skipped,
    UsageError,
    XFailed,
    get_marks,
)

import _tvmscript
import _tvmscript_import

EXIT_OK, EXIT_TESTSFAILED, EXIT_INTERRUPTED, EXIT_INTERNALERROR, EXIT_USAGEERROR, EXIT_NOTESTSCOLLECTED = 0, 1, 2, 3, 4, 5

WIDTH = 80
_SCOPE_RANK = {"function": 0, "class": 1, "module": 2, "package": 3, "session": 4}


# --- nodes ------------------------------------------------------------------------


class Node:
    """A collected node: the session, a file, a class or a test."""

    def __init__(self, name, parent=None, nodeid="", obj=None):
        self.name = name
        self.parent = parent
        self.nodeid = nodeid
        self.obj = obj
        self.own_markers = get_marks(obj) if obj is not None else []
        self.session = parent.session if parent is not None else self
        self.config = parent.config if parent is not None else None
        self.keywords = {name: True}
        self.path = parent.path if parent is not None else None

    @property
    def fspath(self):
        return self.path

    def listchain(self):
        chain = []
        node = self
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]

    def iter_markers(self, name=None):
        for node in reversed(self.listchain()):
            for mark in node.own_markers:
                if name is None or mark.name == name:
                    yield mark

    def iter_markers_with_node(self, name=None):
        for node in reversed(self.listchain()):
            for mark in node.own_markers:
                if name is None or mark.name == name:
                    yield node, mark

    def get_closest_marker(self, name, default=None):
        return next(self.iter_markers(name), default)

    def add_marker(self, marker, append=True):
        mark = marker.mark if isinstance(marker, pytest.MarkDecorator) else marker
        if isinstance(mark, str):
            mark = Mark(mark)
        if append:
            self.own_markers.append(mark)
        else:
            self.own_markers.insert(0, mark)
        self.keywords[mark.name] = True

    def __repr__(self):
        return f"<{type(self).__name__} {self.name}>"


class Module(Node):
    def __init__(self, name, parent, nodeid, module, path, conftests):
        super().__init__(name, parent, nodeid, module)
        self.module = module
        self.path = path
        self.conftests = conftests


class Class(Node):
    def __init__(self, name, parent, nodeid, cls):
        super().__init__(name, parent, nodeid, cls)
        self.cls = cls
        self.own_markers = [m for c in reversed(cls.__mro__) for m in get_marks_own(c)]


def get_marks_own(cls):
    marks = cls.__dict__.get("pytestmark", [])
    if not isinstance(marks, list):
        marks = [marks]
    return [m.mark if isinstance(m, pytest.MarkDecorator) else m for m in marks]


class CallSpec:
    def __init__(self):
        self.params = {}
        self.indices = {}
        self.ids = []
        self.marks = []

    def extended(self, names, values, index, id_, marks):
        new = CallSpec()
        new.params = {**self.params, **dict(zip(names, values))}
        new.indices = {**self.indices, **{n: index for n in names}}
        new.ids = [*self.ids, id_]
        new.marks = [*self.marks, *marks]
        return new

    @property
    def id(self):
        return "-".join(self.ids)


class Function(Node):
    """A test: a function (or method) with one set of parameters."""

    def __init__(self, name, parent, nodeid, function, cls, callspec, fixturenames, direct):
        super().__init__(name, parent, nodeid, function)
        self.function = function
        self.originalname = function.__name__
        self.cls = cls
        self.callspec = callspec
        self.fixturenames = fixturenames
        self.direct = direct
        self.instance = None
        if callspec is not None:
            self.own_markers = self.own_markers + callspec.marks
        self.funcargs = {}
        for m in self.own_markers:
            self.keywords[m.name] = True

    @property
    def module(self):
        node = self.parent
        while not isinstance(node, Module):
            node = node.parent
        return node.module

    @property
    def module_node(self):
        node = self.parent
        while not isinstance(node, Module):
            node = node.parent
        return node

    def location(self):
        return self.module_node.nodeid


# --- config -----------------------------------------------------------------------


class Options:
    def __init__(self, keyword, exitfirst, verbosity, junitxml):
        self.keyword = keyword
        self.exitfirst = exitfirst
        self.verbose = verbosity
        self.xmlpath = junitxml
        self.continue_on_collection_errors = False


class Config:
    """What ``pytest_configure(config)`` and ``request.config`` see."""

    def __init__(self, options, rootpath, args):
        self.option = options
        self.rootpath = rootpath
        self.rootdir = rootpath
        self.args = args
        self.invocation_params = None
        self._ini = {"markers": []}
        self.stash = {}
        self.pluginmanager = _PluginManager()

    def addinivalue_line(self, name, line):
        self._ini.setdefault(name, []).append(line)

    def getini(self, name):
        return self._ini.get(name, [])

    def getoption(self, name, default=None, skip=False):
        name = name.lstrip("-").replace("-", "_")
        return getattr(self.option, name, default)

    getvalue = getoption


class _PluginManager:
    def hasplugin(self, name):
        return False

    def getplugin(self, name):
        return None

    def register(self, plugin, name=None):
        return name

    def get_plugin(self, name):
        return None


# --- fixtures ---------------------------------------------------------------------


class FixtureDef:
    def __init__(self, name, info, where, holder):
        self.argname = name
        self.name = name
        self.func = info.func
        self.scope = info.scope if isinstance(info.scope, str) else "function"
        self.params = info.params
        self.ids = info.ids
        self.autouse = info.autouse
        self.where = where  # ("dir", path) | ("module", module) | ("class", cls) | ("builtin", None)
        self.holder = holder
        self.argnames = _argnames(info.func, skip_self=where[0] == "class" or _takes_self(info.func))


def _takes_self(func):
    try:
        params = list(inspect.signature(func).parameters)
    except (TypeError, ValueError):
        return False
    return bool(params) and params[0] in ("self", "cls")


def _argnames(func, skip_self=False):
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return []
    names = []
    for i, (name, p) in enumerate(sig.parameters.items()):
        if i == 0 and skip_self and name in ("self", "cls"):
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is not p.empty:
            continue
        names.append(name)
    return names


def fixtures_of(holder, where):
    """The fixtures an object (module, class, conftest) defines, in definition order."""
    found = []
    seen = set()
    namespaces = [c.__dict__ for c in holder.__mro__] if isinstance(holder, type) else [holder.__dict__]
    for ns in namespaces:
        for attr, value in list(ns.items()):
            if attr in seen:
                continue
            func = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            info = getattr(func, "_pytestfixturefunction", None)
            if isinstance(info, FixtureInfo):
                seen.add(attr)
                found.append(FixtureDef(info.name or attr, info, where, holder))
    return found


class FixtureManager:
    def __init__(self):
        self.builtin = {}
        self.by_dir = {}  # dir -> [FixtureDef]

    def visible(self, item):
        """Fixture definitions visible to ``item``, closest first, per name."""
        chains = {}

        def add(defs):
            for d in defs:
                chains.setdefault(d.name, []).append(d)

        if item.cls is not None:
            add(fixtures_of(item.cls, ("class", item.cls)))
        mod = item.module_node
        add(mod.fixturedefs)
        for conftest_dir in reversed(mod.conftests):
            add(self.by_dir.get(conftest_dir, []))
        add(self.builtin.values())
        return chains

    def autouse_names(self, chains):
        return [name for name, defs in chains.items() if defs[0].autouse]


class FixtureLookupError(LookupError):
    pass


class SubRequest:
    """``request``: the test and, in a fixture, the fixture's parameter."""

    def __init__(self, runner, item, fixturedef=None, param=None, has_param=False, scope="function"):
        self._runner = runner
        self.node = item if scope == "function" else _scope_node(item, scope)
        self._item = item
        self._fixturedef = fixturedef
        self.fixturename = fixturedef.name if fixturedef is not None else None
        self.scope = scope
        if has_param:
            self.param = param
            self.param_index = item.callspec.indices.get(fixturedef.name, 0)

    config = property(lambda self: self._item.config)
    function = property(lambda self: self._item.function)
    cls = property(lambda self: self._item.cls)
    instance = property(lambda self: self._item.instance)
    module = property(lambda self: self._item.module)
    session = property(lambda self: self._item.session)
    path = property(lambda self: self._item.path)
    fspath = path
    keywords = property(lambda self: self._item.keywords)
    fixturenames = property(lambda self: self._item.fixturenames)

    def getfixturevalue(self, name):
        return self._runner.fixture_value(self._item, name, self._fixturedef if self._fixturedef and self._fixturedef.name == name else None)

    def addfinalizer(self, fn):
        scope = self._fixturedef.scope if self._fixturedef is not None else "function"
        self._runner.add_finalizer(self._item, scope, fn)

    def applymarker(self, marker):
        self._item.add_marker(marker)


def _scope_node(item, scope):
    if scope == "class" and item.cls is not None:
        return item.parent
    if scope in ("module", "class"):
        return item.module_node
    return item.session


# --- collection -------------------------------------------------------------------


def _is_test_file(name):
    return name.endswith(".py") and (name.startswith("test_") or name[:-3].endswith("_test"))


def _basedir(path):
    """The first folder upward not in a package: what pytest's ``prepend`` import mode puts on ``sys.path``."""
    folder = os.path.dirname(path)
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder = os.path.dirname(folder)
    return folder


def _module_name(path):
    base = _basedir(path)
    rel = os.path.relpath(path, base)[:-3]
    return rel.replace(os.sep, ".")


class CollectError(Exception):
    def __init__(self, nodeid, text):
        super().__init__(text)
        self.nodeid = nodeid
        self.text = text


def _ascii_escaped(value):
    """A str or bytes as pytest shows it in a test id: non-ASCII and control
    characters escaped."""
    if isinstance(value, bytes):
        text = value.decode("ascii", "backslashreplace")
    else:
        text = value.encode("unicode_escape").decode("ascii")
    return "".join(c if 32 <= ord(c) < 127 else f"\\x{ord(c):02x}" for c in text)


def _format_id(value, argname, index, idfn=None):
    if idfn is not None:
        try:
            r = idfn(value)
        except Exception:
            r = None
        if r is not None:
            return str(r)
    if isinstance(value, (str, bytes)):
        # pytest's default "short" strategy: a value longer than 100 characters is
        # named by its argument name and index instead of its text.
        if len(value) > 100:
            return f"{argname}{index}"
        return _ascii_escaped(value)
    if value is None or isinstance(value, (int, float, complex, bool)):
        return str(value)
    import enum
    import re as _re

    if isinstance(value, _re.Pattern):
        return value.pattern
    if isinstance(value, enum.Enum):
        return str(value)
    name = getattr(value, "__name__", None)
    if isinstance(name, str):
        return name
    return f"{argname}{index}"


def _unique_ids(ids):
    counts = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    if all(c == 1 for c in counts.values()):
        return ids
    used = {}
    out = []
    for i in ids:
        if counts[i] > 1:
            n = used.get(i, 0)
            used[i] = n + 1
            suffix = "_" if i and i[-1].isdigit() else ""
            out.append(f"{i}{suffix}{n}")
        else:
            out.append(i)
    return out


def _parametrize_sets(mark, module_globals):
    """(argnames, [(values, id, marks)]) of a ``parametrize`` mark."""
    args = list(mark.args)
    kwargs = dict(mark.kwargs)
    argnames = args.pop(0) if args else kwargs.pop("argnames")
    argvalues = args.pop(0) if args else kwargs.pop("argvalues")
    ids = kwargs.get("ids")
    if args and ids is None:
        ids = args.pop(0)
    if isinstance(argnames, str):
        names = [n.strip() for n in argnames.split(",") if n.strip()]
    else:
        names = list(argnames)
    single = len(names) == 1
    sets = []
    for value in argvalues:
        if isinstance(value, ParameterSet):
            values, pid, marks = value.values, value.id, value.marks
        else:
            values, pid, marks = ((value,) if single else tuple(value)), None, []
        if len(values) != len(names):
            raise ValueError(
                f"wrong number of values in parametrize: {names} has {len(names)} names, {values!r} has {len(values)} values"
            )
        sets.append((values, pid, marks))
    idfn = ids if callable(ids) else None
    id_list = list(ids) if ids is not None and not callable(ids) else None
    made = []
    for index, (values, pid, marks) in enumerate(sets):
        if pid is not None:
            made.append(pid)
        elif id_list is not None and index < len(id_list) and id_list[index] is not None:
            made.append(str(id_list[index]))
        else:
            made.append("-".join(_format_id(v, n, index, idfn) for v, n in zip(values, names)))
    made = _unique_ids(made)
    indirect = kwargs.get("indirect", False)
    return names, [(v, i, m) for (v, _, m), i in zip(sets, made)], indirect


def _fixture_param_sets(fdef):
    ids = fdef.ids
    idfn = ids if callable(ids) else None
    id_list = list(ids) if ids is not None and not callable(ids) else None
    made = []
    sets = []
    for index, value in enumerate(fdef.params):
        marks = []
        pid = None
        if isinstance(value, ParameterSet):
            marks, pid = value.marks, value.id
            value = value.values[0] if len(value.values) == 1 else value.values
        if pid is None:
            if id_list is not None and index < len(id_list) and id_list[index] is not None:
                pid = str(id_list[index])
            else:
                pid = _format_id(value, fdef.name, index, idfn)
        made.append(pid)
        sets.append((value, marks))
    made = _unique_ids(made)
    return [(v, i, m) for (v, m), i in zip(sets, made)]


class Collector:
    def __init__(self, session):
        self.session = session
        self.config = session.config
        self.fm = session.fm
        self.loaded_conftests = {}
        self.failed_conftests = {}
        self.errors = []

    def conftests_for(self, folder):
        """Load (once) the conftest.py files from the root folder down to ``folder``."""
        root = self.config.rootpath
        chain = []
        d = os.path.abspath(folder)
        while True:
            chain.append(d)
            if d == root or os.path.dirname(d) == d or not d.startswith(root):
                break
            d = os.path.dirname(d)
        dirs = []
        for d in reversed(chain):
            path = os.path.join(d, "conftest.py")
            if os.path.isfile(path):
                failed = self.failed_conftests.get(d)
                if failed is not None:
                    raise failed
                if d not in self.loaded_conftests:
                    try:
                        module = self.import_file(path, conftest=True)
                    except Exception as e:
                        self.failed_conftests[d] = e
                        raise
                    self.loaded_conftests[d] = module
                    self.fm.by_dir[d] = fixtures_of(module, ("dir", d))
                    self.session.hook_modules.append(module)
                    _call_hook(module, "pytest_configure", config=self.config)
                if self.loaded_conftests[d] is not None:
                    dirs.append(d)
        return dirs

    def import_file(self, path, conftest=False):
        base = _basedir(path)
        if base not in sys.path:
            sys.path.insert(0, base)
        name = _module_name(path)
        existing = sys.modules.get(name)
        if existing is not None and os.path.abspath(getattr(existing, "__file__", "") or "") == path:
            return existing
        if existing is not None:
            n = 1
            while f"{name}_{n}" in sys.modules:
                n += 1
            name = f"{name}_{n}"
        return _tvmscript_import.load_file(name, path)

    def collect_file(self, path, selectors):
        nodeid = self.session.relnodeid(path)
        try:
            conftests = self.conftests_for(os.path.dirname(path))
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            self.errors.append(CollectError(nodeid, format_exception_text(e, path)))
            return []
        try:
            module = self.import_file(path)
        except Skipped as e:
            self.session.collect_skips.append((nodeid, str(e)))
            return []
        except BaseException as e:
            if isinstance(e, (KeyboardInterrupt, Exit)):
                raise
            self.errors.append(CollectError(nodeid, format_exception_text(e, path)))
            return []
        mod_node = Module(os.path.basename(path), self.session, nodeid, module, path, conftests)
        mod_node.fixturedefs = fixtures_of(module, ("module", module))
        items = []
        for attr, obj in list(module.__dict__.items()):
            if _is_test_function(attr, obj):
                items.extend(self.gen_function(mod_node, attr, obj, None))
            elif _is_test_class(attr, obj):
                if "__init__" in obj.__dict__ and obj.__init__ is not object.__init__:
                    continue
                cls_node = Class(attr, mod_node, f"{nodeid}::{attr}", obj)
                for mattr in _class_attrs(obj):
                    meth = getattr(obj, mattr, None)
                    if _is_test_function(mattr, meth):
                        items.extend(self.gen_function(cls_node, mattr, meth, obj))
        if selectors:
            items = [it for it in items if _selected(it, nodeid, selectors)]
        return items

    def gen_function(self, parent, name, func, cls):
        func = getattr(func, "__func__", func)
        base = f"{parent.nodeid}::{name}"
        probe = Function(name, parent, base, func, cls, None, [], set())
        chains = self.fm.visible(probe)
        argnames = _argnames(func, skip_self=cls is not None)
        marks = list(probe.iter_markers())
        direct = []
        for m in probe.iter_markers("parametrize"):
            direct.append(m)
        direct_names = set()
        parsed = []
        for m in direct:
            try:
                names, sets, indirect = _parametrize_sets(m, None)
            except Exception as e:
                self.errors.append(CollectError(base, f"In {name}: {type(e).__name__}: {e}"))
                return []
            parsed.append((names, sets, indirect))
            indirect_names = set(names) if indirect is True else set(indirect or ())
            direct_names.update(n for n in names if n not in indirect_names)
        usefixtures = [a for m in probe.iter_markers("usefixtures") for a in m.args]
        # The fixture closure: autouse fixtures first, then the arguments, then what fixtures request.
        closure = []
        initial = [*self.fm.autouse_names(chains), *usefixtures, *argnames]
        if "request" not in initial and any(True for _ in ()):
            pass

        def add(n):
            if n in closure:
                return
            closure.append(n)
            if n in direct_names:
                return
            defs = chains.get(n)
            if defs:
                for sub in defs[0].argnames:
                    if sub == n and len(defs) > 1:
                        for subsub in defs[1].argnames:
                            add(subsub)
                    else:
                        add(sub)

        for n in initial:
            add(n)
        for n in argnames:
            if n not in direct_names and n not in chains and n not in ("request",):
                pass  # reported when the test runs, as pytest reports a missing fixture at setup
        calls = [CallSpec()]
        # Parametrized fixtures come before parametrize marks in the ids.
        for n in closure:
            if n in direct_names:
                continue
            defs = chains.get(n)
            if defs and defs[0].params is not None:
                sets = _fixture_param_sets(defs[0])
                calls = [c.extended([n], [v], i, pid, mk) for c in calls for i, (v, pid, mk) in enumerate(sets)]
        for names, sets, _indirect in parsed:
            if not sets:
                calls = [c.extended(names, [None] * len(names), 0, "NOTSET", [Mark("skip", (), {"reason": f"got empty parameter set {names}, function {name} at {inspect.getsourcefile(func)}"})]) for c in calls]
                continue
            calls = [c.extended(names, v, i, pid, mk) for c in calls for i, (v, pid, mk) in enumerate(sets)]
        items = []
        for cs in calls:
            if cs.ids:
                iname = f"{name}[{cs.id}]"
                item = Function(iname, parent, f"{parent.nodeid}::{iname}", func, cls, cs, closure, direct_names)
            else:
                item = Function(name, parent, base, func, cls, None, closure, direct_names)
            item.argnames = argnames
            item.chains = chains
            items.append(item)
        return items


def _class_attrs(cls):
    seen = []
    for klass in cls.__mro__:
        if klass is object:
            continue
        for attr in klass.__dict__:
            if attr not in seen:
                seen.append(attr)
    # Definition order of the class itself first, then inherited names, as pytest.
    return seen


def _is_test_function(attr, obj):
    if not attr.startswith("test"):
        return False
    func = getattr(obj, "__func__", obj)
    if isinstance(obj, staticmethod):
        func = obj.__func__
    return inspect.isfunction(func) and not isinstance(getattr(func, "_pytestfixturefunction", None), FixtureInfo)


def _is_test_class(attr, obj):
    return attr.startswith("Test") and isinstance(obj, type) and not getattr(obj, "__test__", True) is False


def _selected(item, file_nodeid, selectors):
    rest = item.nodeid[len(file_nodeid) + 2:]
    for sel in selectors:
        if rest == sel or rest.startswith(sel + "::") or (("[" not in sel) and rest.split("[")[0] == sel):
            return True
    return False


def _call_hook(module, name, **kwargs):
    fn = getattr(module, name, None)
    if not callable(fn):
        return None
    wanted = _argnames(fn)
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}
    return fn(**{k: v for k, v in kwargs.items() if k in params or k in wanted})


# --- keyword expressions ----------------------------------------------------------


def keyword_matcher(expr):
    """A predicate over a test's keywords for ``-k EXPR`` (``and``/``or``/``not``, parentheses,
    case-insensitive substrings)."""
    import re

    tokens = re.findall(r"\(|\)|[^\s()]+", expr)
    out = []
    for t in tokens:
        if t in ("and", "or", "not", "(", ")"):
            out.append(t)
        else:
            out.append(f"_m({t!r})")
    code = " ".join(out)
    try:
        compiled = compile(code or "True", "<-k>", "eval")
    except SyntaxError:
        raise UsageError(f"Wrong expression passed to '-k': {expr}") from None

    def match(names):
        lowered = [n.lower() for n in names]
        return bool(eval(compiled, {"_m": lambda s: any(s.lower() in n for n in lowered)}))

    return match


def _keywords(item):
    names = []
    for node in item.listchain():
        if node is item.session:
            continue
        names.append(node.name)
        names.extend(node.keywords)
    if item.callspec is not None:
        names.append(item.callspec.id)
    return names


# --- running ----------------------------------------------------------------------


class Report:
    def __init__(self, item, outcome, when, longrepr="", duration=0.0, message="", captured=None, wasxfail=None):
        self.item = item
        self.nodeid = item.nodeid if item is not None else ""
        self.outcome = outcome  # passed failed skipped error xfailed xpassed
        self.when = when
        self.longrepr = longrepr
        self.duration = duration
        self.message = message
        self.captured = captured or []
        self.wasxfail = wasxfail


def format_exception_text(exc, path=None, text=None, skip_frames=()):
    """The traceback of ``exc`` from the first frame outside the runner, with the located
    diagnostic of the file ``path`` (when the exception has a place there) in place of
    its last line."""
    tb = exc.__traceback__
    here = os.path.abspath(__file__) if "__file__" in globals() else None
    while tb is not None and tb.tb_frame.f_code.co_filename in _RUNNER_FILES:
        tb = tb.tb_next
    lines = traceback.format_exception(type(exc), exc, tb)
    body = "".join(lines)
    located = None
    if path is not None:
        try:
            if text is None:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            located = _tvmscript.render_exception(exc, path, text)
        except Exception:
            located = None
    if located:
        last = lines[-1] if lines else ""
        head = "".join(lines[:-1]) if lines else ""
        # A chained exception's text stays whole; the located part replaces the final message.
        return head + located.rstrip("\n") + "\n"
    return body


_RUNNER_FILES = set()


def _is_plain_function(f):
    return inspect.isgeneratorfunction(f)


class Runner:
    def __init__(self, session):
        self.session = session
        self.cache = {}  # (fixture id, scope key, param index) -> value
        self.finalizers = {"function": [], "class": [], "module": [], "package": [], "session": []}
        self.scope_keys = {"class": None, "module": None, "package": None}

    def scope_key(self, item, scope):
        if scope == "function":
            return id(item)
        if scope == "class":
            return (item.module_node.nodeid, item.cls.__qualname__ if item.cls is not None else None)
        if scope == "module":
            return item.module_node.nodeid
        if scope == "package":
            return os.path.dirname(item.module_node.path)
        return None

    def add_finalizer(self, item, scope, fn):
        self.finalizers[scope].append(fn)

    def teardown_scope(self, scope, errors):
        fins = self.finalizers[scope]
        while fins:
            fn = fins.pop()
            try:
                fn()
            except BaseException as e:
                if isinstance(e, KeyboardInterrupt):
                    raise
                errors.append(e)
        rank = _SCOPE_RANK[scope]
        for key in [k for k in self.cache if k[1] == scope]:
            del self.cache[key]
        del rank

    def switch_scopes(self, item, errors):
        """Tear down the class/module/package scopes ``item`` is not in."""
        for scope in ("class", "module", "package"):
            key = self.scope_key(item, scope) if item is not None else object()
            if self.scope_keys[scope] is not None and self.scope_keys[scope] != key:
                # Ending an outer scope ends the inner ones first.
                for inner in ("class", "module", "package"):
                    self.teardown_scope(inner, errors)
                    if inner == scope:
                        break
            self.scope_keys[scope] = key if item is not None else None

    def fixture_value(self, item, name, overriding=None):
        if name in item.funcargs:
            return item.funcargs[name]
        if name == "request":
            return SubRequest(self, item)
        if item.callspec is not None and name in item.callspec.params and name in item.direct:
            return item.callspec.params[name]
        defs = item.chains.get(name)
        if not defs:
            available = sorted(set(item.chains) | {"request"})
            raise FixtureLookupError(
                f"fixture '{name}' not found\n>       available fixtures: {', '.join(available)}\n"
                ">       use 'pytest --fixtures [testpath]' for help on them."
            )
        fdef = defs[0]
        if overriding is not None and overriding in defs:
            idx = defs.index(overriding)
            if idx + 1 >= len(defs):
                raise FixtureLookupError(f"fixture '{name}' not found")
            fdef = defs[idx + 1]
        has_param = item.callspec is not None and name in item.callspec.params
        param = item.callspec.params.get(name) if has_param else None
        pindex = item.callspec.indices.get(name) if has_param else None
        scope = fdef.scope
        key = (id(fdef), scope, self.scope_key(item, scope), pindex)
        if key in self.cache:
            value = self.cache[key]
            if fdef is defs[0]:
                item.funcargs[name] = value
            return value
        kwargs = {}
        for arg in fdef.argnames:
            if arg == "request":
                kwargs[arg] = SubRequest(self, item, fdef, param, has_param, scope)
            else:
                kwargs[arg] = self.fixture_value(item, arg, fdef if arg == name else None)
        func = fdef.func
        if fdef.where[0] == "class":
            instance = item.instance if item.instance is not None else fdef.holder()
            func = func.__get__(instance, type(instance))
        elif _takes_self(fdef.func):
            func = func.__get__(item.instance, item.cls)
        if inspect.isgeneratorfunction(fdef.func):
            gen = func(**kwargs)
            value = next(gen)

            def finish(gen=gen, name=name):
                try:
                    next(gen)
                except StopIteration:
                    return
                raise ValueError(f"fixture function has more than one 'yield': {name}")

            self.finalizers[scope].append(finish)
        else:
            value = func(**kwargs)
        self.cache[key] = value
        if fdef is defs[0]:
            item.funcargs[name] = value
        return value

    def run_item(self, item):
        """Set up, call and tear down ``item``; returns its report."""
        errors = []
        capture = Capture()
        capture.start()
        self.switch_scopes(item, errors)
        start = time.perf_counter()
        setup_exc = None
        call_exc = None
        xfail_mark = _xfail_mark(item)
        skip_reason = None
        try:
            try:
                skip_reason = _skip_reason(item)
                if skip_reason is not None:
                    raise Skipped(skip_reason)
                if xfail_mark is not None and not xfail_mark.kwargs.get("run", True):
                    raise XFailed("[NOTRUN] " + str(xfail_mark.kwargs.get("reason", "")))
                for module in self.session.hook_modules_for(item):
                    _call_hook(module, "pytest_runtest_setup", item=item)
                if item.cls is not None:
                    item.instance = item.cls()
                    self.class_setup(item)
                    setup_method = getattr(item.instance, "setup_method", None)
                    if callable(setup_method):
                        setup_method(item.function)
                        teardown = getattr(item.instance, "teardown_method", None)
                        if callable(teardown):
                            self.finalizers["function"].append(lambda: teardown(item.function))
                self.module_setup(item)
                for name in item.fixturenames:
                    self.fixture_value(item, name)
            except BaseException as e:
                if isinstance(e, (KeyboardInterrupt, Exit)):
                    raise
                setup_exc = e
            if setup_exc is None:
                try:
                    func = item.function
                    if item.instance is not None:
                        func = func.__get__(item.instance, item.cls)
                    kwargs = {n: self.fixture_value(item, n) for n in item.argnames}
                    func(**kwargs)
                except BaseException as e:
                    if isinstance(e, (KeyboardInterrupt, Exit)):
                        raise
                    call_exc = e
            teardown_errors = []
            self.teardown_scope("function", teardown_errors)
        finally:
            captured = capture.stop()
        item.funcargs = {}
        duration = time.perf_counter() - start
        return self.report(item, setup_exc, call_exc, teardown_errors, xfail_mark, duration, captured)

    def class_setup(self, item):
        key = ("setup_class", self.scope_key(item, "class"))
        if key in self.cache:
            return
        self.cache[key + ("class",)] = True
        self.cache[key] = True
        fn = getattr(item.cls, "setup_class", None)
        if callable(fn):
            fn()
        td = getattr(item.cls, "teardown_class", None)
        if callable(td):
            self.finalizers["class"].append(td)

    def module_setup(self, item):
        key = ("setup_module", item.module_node.nodeid)
        if key in self.cache:
            return
        self.cache[key] = True
        fn = getattr(item.module, "setup_module", None)
        if callable(fn):
            fn(item.module) if _argnames(fn) else fn()
        td = getattr(item.module, "teardown_module", None)
        if callable(td):
            self.finalizers["module"].append(lambda: td(item.module) if _argnames(td) else td())

    def report(self, item, setup_exc, call_exc, teardown_errors, xfail_mark, duration, captured):
        path = item.module_node.path
        if setup_exc is not None:
            if isinstance(setup_exc, Skipped):
                return Report(item, "skipped", "setup", duration=duration, message=str(setup_exc))
            if isinstance(setup_exc, XFailed):
                return Report(item, "xfailed", "setup", duration=duration, message=str(setup_exc), wasxfail=str(setup_exc))
            if isinstance(setup_exc, FixtureLookupError):
                return Report(item, "error", "setup", f"{_fixture_error_header(item)}E       {setup_exc}\n", duration, f"{type(setup_exc).__name__}: {str(setup_exc).splitlines()[0]}", captured)
            return Report(item, "error", "setup", format_exception_text(setup_exc, path), duration, _oneline(setup_exc), captured)
        if call_exc is not None:
            if isinstance(call_exc, Skipped):
                return Report(item, "skipped", "call", duration=duration, message=str(call_exc))
            if isinstance(call_exc, XFailed):
                return Report(item, "xfailed", "call", duration=duration, message=str(call_exc), wasxfail=str(call_exc))
            if xfail_mark is not None:
                raises = xfail_mark.kwargs.get("raises")
                if raises is None or isinstance(call_exc, raises):
                    return Report(item, "xfailed", "call", duration=duration, message=str(xfail_mark.kwargs.get("reason", "")), wasxfail=str(xfail_mark.kwargs.get("reason", "")))
            return Report(item, "failed", "call", format_exception_text(call_exc, path), duration, _oneline(call_exc), captured)
        if teardown_errors:
            e = teardown_errors[0]
            return Report(item, "error", "teardown", format_exception_text(e, path), duration, _oneline(e), captured)
        if xfail_mark is not None:
            reason = str(xfail_mark.kwargs.get("reason", ""))
            if xfail_mark.kwargs.get("strict", False):
                return Report(item, "failed", "call", f"[XPASS(strict)] {reason}\n", duration, f"[XPASS(strict)] {reason}", captured)
            return Report(item, "xpassed", "call", duration=duration, message=reason, wasxfail=reason)
        return Report(item, "passed", "call", duration=duration, captured=captured)


def _fixture_error_header(item):
    return f"file {item.module_node.path}, test {item.name}\n"


def _oneline(exc):
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _eval_condition(cond, item):
    if isinstance(cond, str):
        ns = dict(item.module.__dict__)
        ns.update(os=os, sys=sys, platform=__import__("platform"), config=item.config)
        return bool(eval(cond, ns))
    return bool(cond)


def _skip_reason(item):
    for mark in item.iter_markers("skip"):
        return str(mark.kwargs.get("reason", mark.args[0] if mark.args else "unconditional skip"))
    for mark in item.iter_markers("skipif"):
        conds = mark.args or (mark.kwargs.get("condition"),)
        for cond in conds:
            if _eval_condition(cond, item):
                reason = mark.kwargs.get("reason")
                if reason is None:
                    reason = f"condition: {cond}" if isinstance(cond, str) else ""
                return str(reason)
    return None


def _xfail_mark(item):
    for mark in item.iter_markers("xfail"):
        conds = mark.args if mark.args else ((mark.kwargs["condition"],) if "condition" in mark.kwargs else ())
        if not conds or any(_eval_condition(c, item) for c in conds):
            if "reason" not in mark.kwargs and mark.args and len(mark.args) > 1:
                return Mark("xfail", (), {**mark.kwargs, "reason": mark.args[1]})
            return mark
    return None


class Capture:
    """Standard output and error of a test, kept for its failure report."""

    def __init__(self):
        self.saved = None
        self.out = io.StringIO()
        self.err = io.StringIO()

    def start(self):
        self.saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self.out, self.err

    def stop(self):
        if self.saved is not None:
            sys.stdout, sys.stderr = self.saved
            self.saved = None
        return [("stdout", self.out.getvalue()), ("stderr", self.err.getvalue())]


class CaptureFixture:
    """``capsys``: what the test wrote so far (``readouterr()``)."""

    def __init__(self):
        self._out_pos = 0
        self._err_pos = 0

    def readouterr(self):
        import collections

        out = sys.stdout.getvalue() if hasattr(sys.stdout, "getvalue") else ""
        err = sys.stderr.getvalue() if hasattr(sys.stderr, "getvalue") else ""
        result = collections.namedtuple("CaptureResult", ["out", "err"])(out[self._out_pos:], err[self._err_pos:])
        self._out_pos, self._err_pos = len(out), len(err)
        return result


# --- builtin fixtures -------------------------------------------------------------


def _builtin_fixtures(session):
    import pathlib
    import tempfile

    base = []

    def tmp_root():
        if not base:
            base.append(pathlib.Path(tempfile.mkdtemp(prefix="tvmscript-test-")))
        return base[0]

    counter = [0]

    @pytest.fixture
    def tmp_path(request):
        import re

        name = re.sub(r"[\W]", "_", request.node.name)[:30]
        counter[0] += 1
        path = tmp_root() / f"{name}{counter[0]}"
        path.mkdir()
        return path

    class TmpPathFactory:
        def mktemp(self, basename, numbered=True):
            counter[0] += 1
            path = tmp_root() / (f"{basename}{counter[0]}" if numbered else basename)
            path.mkdir()
            return path

        def getbasetemp(self):
            return tmp_root()

    @pytest.fixture(scope="session")
    def tmp_path_factory():
        return TmpPathFactory()

    @pytest.fixture
    def tmpdir(tmp_path):
        return tmp_path

    @pytest.fixture
    def monkeypatch():
        m = MonkeyPatch()
        yield m
        m.undo()

    @pytest.fixture
    def capsys():
        return CaptureFixture()

    @pytest.fixture
    def capfd():
        return CaptureFixture()

    @pytest.fixture(scope="session")
    def pytestconfig(request):
        return request.config

    @pytest.fixture
    def recwarn():
        rec = pytest.WarningsRecorder()
        with rec:
            yield rec

    fixtures = {}
    for name, fn in list(locals().items()):
        info = getattr(fn, "_pytestfixturefunction", None)
        if isinstance(info, FixtureInfo):
            fixtures[name] = FixtureDef(name, info, ("builtin", None), None)
    return fixtures


# --- the session and its report ---------------------------------------------------


class Session(Node):
    def __init__(self, config):
        self.config = config
        super().__init__("", None, "", None)
        self.config = config
        self.session = self
        self.fm = FixtureManager()
        self.fm.builtin = _builtin_fixtures(self)
        self.hook_modules = []
        self.collect_skips = []
        self.items = []
        self.testsfailed = 0
        self.shouldstop = False
        self.invocation_dir = os.getcwd()

    def relnodeid(self, path):
        rel = os.path.relpath(path, self.config.rootpath)
        return rel.replace(os.sep, "/")

    def hook_modules_for(self, item):
        dirs = set(item.module_node.conftests)
        out = []
        for m in self.hook_modules:
            d = os.path.dirname(os.path.abspath(m.__file__))
            if d in dirs:
                out.append(m)
        return out

    def call_hooks(self, name, **kwargs):
        for m in list(self.hook_modules):
            _call_hook(m, name, **kwargs)


def sep(ch, title=""):
    if not title:
        return ch * WIDTH
    n = max((WIDTH - len(title) - 2) // (2 * len(ch)), 1)
    line = f"{ch * n} {title} {ch * n}"
    if len(line) + len(ch) <= WIDTH:
        line += ch
    return line


class Terminal:
    def __init__(self, verbosity, color):
        self.verbosity = verbosity
        self.color = color
        self.out = sys.stdout
        self.current_file = None
        self.col = 0

    def write(self, text):
        self.out.write(text)
        self.col = len(text.rsplit("\n", 1)[-1]) if "\n" in text else self.col + len(text)

    def line(self, text=""):
        self.write(text + "\n")

    def paint(self, text, color):
        if not self.color or not color:
            return text
        codes = {"red": "31", "green": "32", "yellow": "33", "bold_red": "1;31", "bold_green": "1;32", "bold_yellow": "1;33"}
        return f"\x1b[{codes[color]}m{text}\x1b[0m"

    def flush(self):
        self.out.flush()


_LETTER = {"passed": ".", "failed": "F", "skipped": "s", "error": "E", "xfailed": "x", "xpassed": "X"}
_WORD = {"passed": "PASSED", "failed": "FAILED", "skipped": "SKIPPED", "error": "ERROR", "xfailed": "XFAIL", "xpassed": "XPASS"}
_COLOR = {"passed": "green", "failed": "red", "error": "red", "skipped": "yellow", "xfailed": "yellow", "xpassed": "yellow"}


def _progress(done, total):
    return f"[{(done * 100 // total) if total else 100:3d}%]"


def _rootdir(paths):
    absolute = [os.path.abspath(p) for p in paths]
    dirs = [p if os.path.isdir(p) else os.path.dirname(p) for p in absolute]
    common = os.path.commonpath(dirs) if dirs else os.getcwd()
    # The nearest folder above with a pytest configuration file is the root, as pytest finds it.
    d = common
    while True:
        for name in ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"):
            if os.path.isfile(os.path.join(d, name)):
                if name in ("pytest.ini", ".pytest.ini") or _has_pytest_section(os.path.join(d, name)):
                    return d
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return common


def _has_pytest_section(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return False
    return "[tool.pytest.ini_options]" in text or "[pytest]" in text or "[tool:pytest]" in text


def _gather(paths, errors):
    """(file path, [selectors]) in collection order."""
    found = []
    index = {}
    for arg in paths:
        path, _, sel = arg.partition("::")
        path = os.path.abspath(path)
        if not os.path.exists(path):
            errors.append(f"file or directory not found: {arg}")
            continue
        if os.path.isdir(path):
            files = []
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in ("__pycache__", "node_modules", "venv", "build", "dist", "CVS", "_darcs", "{arch}") and not d.endswith(".egg"))
                for f in sorted(filenames):
                    if _is_test_file(f):
                        files.append(os.path.join(dirpath, f))
            selectors = []
        else:
            files = [path]
            selectors = [sel] if sel else []
        for f in files:
            if f in index:
                if index[f] and selectors:
                    index[f].extend(selectors)
                elif not selectors:
                    index[f].clear()
                continue
            index[f] = list(selectors)
            found.append(f)
    return [(f, index[f]) for f in found]


def main_from_args(argv):
    """``pytest.main(args)``: the options ``tvmscript test`` takes."""
    paths, keyword, exitfirst, verbosity, junitxml, cont = [], None, False, 0, None, False
    it = iter(argv)
    for a in it:
        if a == "-k":
            keyword = next(it, "")
        elif a.startswith("-k") and len(a) > 2:
            keyword = a[2:]
        elif a in ("-x", "--exitfirst"):
            exitfirst = True
        elif a in ("-v", "--verbose"):
            verbosity += 1
        elif a in ("-q", "--quiet"):
            verbosity -= 1
        elif a.startswith("--junitxml="):
            junitxml = a.split("=", 1)[1]
        elif a == "--junitxml":
            junitxml = next(it, None)
        elif a == "--continue-on-collection-errors":
            cont = True
        elif a in ("-s", "--capture=no") or a.startswith("-p") or a.startswith("-W") or a.startswith("--tb"):
            continue
        elif a.startswith("-"):
            sys.stderr.write(f"ERROR: unrecognized arguments: {a}\n")
            return EXIT_USAGEERROR
        else:
            paths.append(a)
    return main(paths, keyword, exitfirst, verbosity, junitxml, False, cont)


def main(paths, keyword=None, exitfirst=False, verbosity=0, junitxml=None, color=False, continue_on_collection_errors=False):
    """Run the tests under ``paths``; returns pytest's exit code."""
    _RUNNER_FILES.add(Runner.run_item.__code__.co_filename)
    _RUNNER_FILES.add(_tvmscript_import.load_file.__code__.co_filename)
    start = time.perf_counter()
    if not paths:
        paths = ["."]
    options = Options(keyword, exitfirst, verbosity, junitxml)
    options.continue_on_collection_errors = continue_on_collection_errors
    term = Terminal(verbosity, color)
    missing = []
    files = _gather(paths, missing)
    if missing:
        for m in missing:
            sys.stderr.write(f"ERROR: {m}\n\n")
        return EXIT_USAGEERROR
    config = Config(options, _rootdir(paths), paths)
    session = Session(config)
    try:
        matcher = keyword_matcher(keyword) if keyword else None
    except UsageError as e:
        sys.stderr.write(f"ERROR: {e}\n")
        return EXIT_USAGEERROR
    if verbosity >= 0:
        term.line(sep("=", "test session starts"))
        term.line(f"platform {sys.platform} -- Python {sys.version.split()[0]}, tvmscript test")
        term.line(f"rootdir: {config.rootpath}")
        term.flush()
    collector = Collector(session)
    items = []
    interrupted = None
    try:
        # The root folder's conftest.py (and those above the arguments) load first.
        try:
            collector.conftests_for(config.rootpath)
        except Exception as e:
            collector.errors.append(CollectError(session.relnodeid(os.path.join(config.rootpath, "conftest.py")), format_exception_text(e)))
        session.call_hooks("pytest_sessionstart", session=session)
        for path, selectors in files:
            items.extend(collector.collect_file(path, selectors))
        session.call_hooks("pytest_collection_modifyitems", session=session, config=config, items=items)
    except KeyboardInterrupt:
        interrupted = "KeyboardInterrupt"
    except Exit as e:
        interrupted = e.msg
    deselected = 0
    if matcher is not None:
        kept = [it for it in items if matcher(_keywords(it))]
        deselected = len(items) - len(kept)
        items = kept
    errors = collector.errors
    if verbosity >= 0:
        text = f"collected {len(items) + deselected} item{'s' if len(items) + deselected != 1 else ''}"
        if errors:
            text += f" / {len(errors)} error{'s' if len(errors) != 1 else ''}"
        if deselected:
            text += f" / {deselected} deselected / {len(items)} selected"
        if session.collect_skips:
            text += f" / {len(session.collect_skips)} skipped"
        term.line(text)
        term.line()
    reports = []
    skipped_files = [Report(None, "skipped", "collect", message=reason) for nodeid, reason in session.collect_skips]
    for r, (nodeid, _) in zip(skipped_files, session.collect_skips):
        r.nodeid = nodeid
    if errors and not continue_on_collection_errors:
        _report_collection_errors(term, errors)
        line = sep("!", f"Interrupted: {len(errors)} error{'s' if len(errors) != 1 else ''} during collection")
        _summary(term, [], errors, skipped_files, deselected, time.perf_counter() - start, verbosity, interrupted_line=line)
        if junitxml:
            write_junitxml(junitxml, [], errors, skipped_files, time.perf_counter() - start, config)
        return EXIT_INTERRUPTED
    runner = Runner(session)
    total = len(items)
    current_file = None
    if interrupted is None:
        try:
            for n, item in enumerate(items, 1):
                report = runner.run_item(item)
                reports.append(report)
                fileid = item.module_node.nodeid
                if verbosity > 0:
                    word = _WORD[report.outcome]
                    if report.outcome in ("skipped", "xfailed", "xpassed") and report.message:
                        word += f" ({report.message})"
                    left = f"{item.nodeid} {term.paint(word, _COLOR[report.outcome])}"
                    plain = f"{item.nodeid} {word}"
                    prog = _progress(n, total)
                    pad = max(WIDTH - 1 - len(plain) - len(prog), 1)
                    term.line(left + " " * pad + term.paint(prog, _COLOR[report.outcome]))
                elif verbosity == 0:
                    if fileid != current_file:
                        if current_file is not None:
                            _end_progress(term, n - 1, total)
                        current_file = fileid
                        term.write(fileid + " ")
                    term.write(term.paint(_LETTER[report.outcome], _COLOR[report.outcome]))
                else:
                    term.write(term.paint(_LETTER[report.outcome], _COLOR[report.outcome]))
                    if n % WIDTH == 0 or n == total:
                        term.line()
                term.flush()
                if exitfirst and report.outcome in ("failed", "error"):
                    interrupted = "stopping after 1 failures"
                    break
        except KeyboardInterrupt:
            interrupted = "KeyboardInterrupt"
        except Exit as e:
            interrupted = e.msg
        if verbosity == 0 and current_file is not None:
            _end_progress(term, len(reports), total)
        fin_errors = []
        capture = Capture()
        capture.start()
        try:
            runner.switch_scopes(None, fin_errors)
            runner.teardown_scope("session", fin_errors)
            session.call_hooks("pytest_sessionfinish", session=session, exitstatus=0)
        except KeyboardInterrupt:
            interrupted = "KeyboardInterrupt"
        finally:
            capture.stop()
        for e in fin_errors:
            r = Report(items[-1] if items else None, "error", "teardown", format_exception_text(e), 0.0, _oneline(e))
            reports.append(r)
    if verbosity >= 0 and errors:
        _report_collection_errors(term, errors)
    failures = [r for r in reports if r.outcome in ("failed", "error")]
    if failures:
        term.line()
        errs = [r for r in failures if r.outcome == "error"]
        fails = [r for r in failures if r.outcome == "failed"]
        if errs:
            term.line(sep("=", "ERRORS"))
            for r in errs:
                term.line(sep("_", f"ERROR at {r.when} of {_head(r)}"))
                _write_failure(term, r)
        if fails:
            term.line(sep("=", "FAILURES"))
            for r in fails:
                term.line(sep("_", _head(r)))
                _write_failure(term, r)
    line = sep("!", interrupted) if interrupted else None
    if interrupted == "stopping after 1 failures":
        line = sep("!", "stopping after 1 failures")
    elapsed = time.perf_counter() - start
    _summary(term, reports, errors, skipped_files, deselected, elapsed, verbosity, interrupted, interrupted_line=line)
    if junitxml:
        write_junitxml(junitxml, reports, errors, skipped_files, elapsed, config)
    term.flush()
    if interrupted and interrupted not in ("stopping after 1 failures",):
        return EXIT_INTERRUPTED
    if failures or errors:
        return EXIT_TESTSFAILED
    if not reports and not skipped_files:
        return EXIT_NOTESTSCOLLECTED
    return EXIT_OK


def _head(report):
    item = report.item
    if item is None:
        return report.nodeid
    if item.cls is not None:
        return f"{item.cls.__name__}.{item.name}"
    return item.name


def _end_progress(term, done, total):
    prog = _progress(done, total)
    pad = max(WIDTH - 1 - term.col - len(prog), 1)
    term.line(" " * pad + prog)


def _write_failure(term, report):
    term.write(report.longrepr if report.longrepr.endswith("\n") else report.longrepr + "\n")
    for name, text in report.captured:
        if text:
            term.line(sep("-", f"Captured {name} {report.when}"))
            term.write(text if text.endswith("\n") else text + "\n")


def _report_collection_errors(term, errors):
    term.line(sep("=", "ERRORS"))
    for e in errors:
        term.line(sep("_", f"ERROR collecting {e.nodeid}"))
        term.write(e.text if e.text.endswith("\n") else e.text + "\n")


def _summary(term, reports, errors, skipped_files, deselected, elapsed, verbosity, interrupted=None, interrupted_line=None):
    counts = {}
    for r in list(reports) + list(skipped_files):
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
    n_errors = counts.pop("error", 0) + len(errors)
    # pytest's default `-rfE`: failures and errors only.
    short = [r for r in reports if r.outcome in ("failed", "error")]
    if verbosity >= 0 and (short or errors):
        term.line(sep("=", "short test summary info"))
        for r in reports:
            if r.outcome == "failed":
                term.line(f"FAILED {r.nodeid} - {r.message}" if r.message else f"FAILED {r.nodeid}")
        for r in reports:
            if r.outcome == "error":
                term.line(f"ERROR {r.nodeid} - {r.message}" if r.message else f"ERROR {r.nodeid}")
        for e in errors:
            term.line(f"ERROR {e.nodeid}")
    if interrupted_line:
        term.line(interrupted_line)
    parts = []
    for key in ("failed", "passed", "skipped"):
        if counts.get(key):
            parts.append(f"{counts[key]} {key}")
    if deselected:
        parts.append(f"{deselected} deselected")
    for key in ("xfailed", "xpassed"):
        if counts.get(key):
            parts.append(f"{counts[key]} {key}")
    if n_errors:
        parts.append(f"{n_errors} error{'s' if n_errors != 1 else ''}")
    text = ", ".join(parts) if parts else "no tests ran"
    text += f" in {elapsed:.2f}s"
    color = "red" if counts.get("failed") or n_errors else ("yellow" if not counts.get("passed") or counts.get("xpassed") else "green")
    if verbosity < 0:
        term.line(term.paint(text, color))
    else:
        term.line(term.paint(sep("=", text), color))


def _xml_escape(text, attr=False):
    text = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = "".join(c if c in "\t\n\r" or ord(c) >= 0x20 else f"#x{ord(c):02X}" for c in text)
    if attr:
        text = text.replace('"', "&quot;").replace("\n", "&#10;")
    return text


def _classname(report):
    item = report.item
    parts = report.nodeid.split("::")
    file_part = parts[0][:-3] if parts[0].endswith(".py") else parts[0]
    names = [file_part.replace("/", ".")] + parts[1:-1]
    return ".".join(names)


def write_junitxml(path, reports, errors, skipped_files, elapsed, config):
    """A JUnit XML report as pytest's ``--junitxml`` writes it."""
    import datetime

    cases = []
    n_fail = n_err = n_skip = 0
    for r in reports:
        name = r.nodeid.split("::")[-1]
        attrs = f'classname="{_xml_escape(_classname(r), True)}" name="{_xml_escape(name, True)}" time="{r.duration:.3f}"'
        inner = ""
        if r.outcome == "failed":
            n_fail += 1
            inner = f'<failure message="{_xml_escape(r.message, True)}">{_xml_escape(r.longrepr)}</failure>'
        elif r.outcome == "error":
            n_err += 1
            inner = f'<error message="failed on {r.when} with &quot;{_xml_escape(r.message, True)}&quot;">{_xml_escape(r.longrepr)}</error>'
        elif r.outcome in ("skipped", "xfailed"):
            n_skip += 1
            kind = "pytest.xfail" if r.outcome == "xfailed" else "pytest.skip"
            inner = f'<skipped type="{kind}" message="{_xml_escape(r.message, True)}" />'
        for name_, text in r.captured:
            if text and r.outcome in ("failed", "error"):
                tag = "system-out" if name_ == "stdout" else "system-err"
                inner += f"<{tag}>{_xml_escape(text)}</{tag}>"
        cases.append(f"<testcase {attrs}>{inner}</testcase>" if inner else f"<testcase {attrs} />")
    for e in errors:
        n_err += 1
        dotted = e.nodeid[:-3].replace("/", ".") if e.nodeid.endswith(".py") else e.nodeid
        cases.append(f'<testcase classname="" name="{_xml_escape(dotted, True)}" time="0.000"><error message="collection failure">{_xml_escape(e.text)}</error></testcase>')
    for r in skipped_files:
        n_skip += 1
        dotted = r.nodeid[:-3].replace("/", ".") if r.nodeid.endswith(".py") else r.nodeid
        cases.append(f'<testcase classname="" name="{_xml_escape(dotted, True)}" time="0.000"><skipped message="collection skipped">{_xml_escape(r.message)}</skipped></testcase>')
    total = len(reports) + len(errors) + len(skipped_files)
    stamp = datetime.datetime.now().isoformat(timespec="microseconds")
    text = (
        '<?xml version="1.0" encoding="utf-8"?>'
        f'<testsuites name="pytest tests"><testsuite name="pytest" errors="{n_err}" failures="{n_fail}" '
        f'skipped="{n_skip}" tests="{total}" time="{elapsed:.3f}" timestamp="{stamp}">'
        + "".join(cases)
        + "</testsuite></testsuites>"
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
