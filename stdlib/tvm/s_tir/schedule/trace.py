"""`Trace`: the instructions a schedule applied, printed as TVM 0.27 prints them."""
import json

from .instruction import InstructionKind as _InstructionKind


def _prefix(rv):
    from .schedule import SBlockRV, LoopRV

    if isinstance(rv, SBlockRV):
        return "b"
    if isinstance(rv, LoopRV):
        return "l"
    return "v"


def _py(value, names):
    """A value as TVM's trace prints it (RVs by name, strings quoted)."""
    from .schedule import SBlockRV, LoopRV

    if value is None:
        return "None"
    if isinstance(value, (SBlockRV, LoopRV)):
        return names.get(id(value), "_")
    if isinstance(value, bool):
        return "True" if value else "False"
    if str(getattr(value, "ty", "")) == "bool" and hasattr(value, "value"):
        return "True" if value.value else "False"
    if isinstance(value, float):
        # TVM prints float attributes with 17 significant digits.
        return "%.17g" % value
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)) and not hasattr(value, "__trace_py__"):
        return "[" + ", ".join(_py(v, names) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(_py(k, names) + ": " + _py(v, names) for k, v in value.items()) + "}"
    if id(value) in names:
        return names[id(value)]
    if hasattr(value, "__trace_py__"):
        # Values that print as Python source (index maps, `("read", 0)` buffers).
        return value.__trace_py__()
    v = getattr(value, "value", value)
    if isinstance(v, float):
        return repr(v)
    return str(v)


class Trace:
    """The instructions of a schedule (and the decisions of sampling ones)."""

    def __init__(self, insts=None, decisions=None):
        self.insts = list(insts or [])
        self.decisions = dict(decisions or {})

    def _names(self):
        names, counter = {}, 0
        for inst in self.insts:
            for rv in inst.outputs:
                names[id(rv)] = _prefix(rv) + str(counter)
                counter += 1
        return names

    def _line(self, inst, names):
        kind = inst.kind
        args = []
        values = kind.arrange(inst.inputs, inst.attrs) if kind.arrange else list(inst.inputs) + list(inst.attrs)
        positional = kind.params and kind.params[0] == "*"
        for param, value in zip(kind.params, [None] + list(inst.attrs) if positional else values):
            if param == "*":
                args.extend(_py(v, names) for v in inst.inputs)
            elif param == "":
                args.append(_py(value, names))
            elif param.endswith("?"):
                if value:
                    args.append(param[:-1] + "=" + _py(value, names))
            else:
                args.append(param + "=" + _py(value, names))
        if inst in self.decisions:
            args.append("decision=" + _py(self.decisions[inst], names))
        call = "sch." + kind.method + "(" + ", ".join(args) + ")"
        outs = [names.get(id(rv), "_") for rv in inst.outputs]
        if kind.outputs == "single":
            return outs[0] + " = " + call
        if kind.outputs == "list" and outs:
            return (outs[0] + "," if len(outs) == 1 else ", ".join(outs)) + " = " + call
        return call

    def as_python(self, remove_postproc=False):
        """The trace as Python statements, one per instruction (up to the
        postprocessing mark when `remove_postproc`)."""
        names = self._names()
        return _StrArray(self._line(inst, names) for inst in self._kept(remove_postproc))

    def _kept(self, remove_postproc):
        out = []
        for inst in self.insts:
            if remove_postproc and inst.kind.name == "EnterPostproc":
                break
            out.append(inst)
        return out

    def __str__(self):
        lines = ["# from tvm import s_tir", "def apply_trace(sch: s_tir.Schedule) -> None:"]
        lines += ["  " + line for line in self.as_python()] or ["  pass"]
        return "\n".join(lines)

    def get_decision(self, inst):
        """The decision recorded for `inst`, or None."""
        return self.decisions.get(inst)

    def append(self, inst, decision=None):
        """Add an instruction (and its decision) at the end."""
        self.insts.append(inst)
        if decision is not None:
            self.decisions[inst] = decision

    def pop(self):
        """Remove the last instruction and return it (None when empty)."""
        if not self.insts:
            return None
        inst = self.insts.pop()
        self.decisions.pop(inst, None)
        return inst

    def simplified(self, remove_postproc):
        """A copy without the pure instructions whose outputs nothing uses (and without
        the postprocessing part when `remove_postproc`), as TVM's `Simplified`."""
        used = set()
        kept = []

        def note(v):
            if isinstance(v, (list, tuple)):
                for x in v:
                    note(x)
            else:
                used.add(id(v))

        for inst in reversed(self._kept(remove_postproc)):
            if inst.kind.is_pure and all(id(o) not in used for o in inst.outputs):
                continue
            kept.append(inst)
            note(inst.inputs)
        kept.reverse()
        return Trace(kept, {i: d for i, d in self.decisions.items() if i in kept})

    def show(self, style=None, black_format=False):
        print(str(self))

    def as_json(self, remove_postproc=False):
        """`[[instructions...], [decisions...]]` with RVs named as in `as_python`."""
        names = self._names()
        insts = []
        for inst in self.insts:
            ins = [names.get(id(v), v) if id(v) in names else _json_value(v, names) for v in inst.inputs]
            insts.append([inst.kind.name, ins, [_json_value(a, names) for a in inst.attrs], [names[id(o)] for o in inst.outputs]])
        decisions = [[i, _json_value(self.decisions[inst], names)] for i, inst in enumerate(self.insts) if inst in self.decisions]
        return [insts, decisions]

    def apply_to_schedule(self, sch, remove_postproc=False, decision_provider=None):
        """Replay every instruction on `sch` (RVs of this trace mapped to the new ones)."""
        rv_map = {}

        def arg(v):
            if isinstance(v, list):
                return [arg(x) for x in v]
            return rv_map.get(id(v), v)

        for inst in self.insts:
            decision = self.decisions.get(inst)
            if decision_provider is not None and inst in self.decisions:
                decision = decision_provider(inst, inst.inputs, inst.attrs, decision)
            outs = _apply(sch, inst.kind, [arg(v) for v in inst.inputs], inst.attrs, decision)
            for old, new in zip(inst.outputs, outs):
                rv_map[id(old)] = new

    @staticmethod
    def apply_json_to_schedule(json_obj, sch):
        """Replay a trace given as `as_json` gives it."""
        insts, decisions = json_obj
        decisions = {i: d for i, d in decisions}
        env = {}
        for index, (name, inputs, attrs, outputs) in enumerate(insts):
            kind = _InstructionKind.get(name)
            ins = [_from_json(v, env) for v in inputs]
            outs = _apply(sch, kind, ins, [_from_json(a, env) for a in attrs], decisions.get(index))
            for n, rv in zip(outputs, outs):
                env[n] = rv


class _StrArray(list):
    """A list of strings shown as TVM shows an array of strings."""

    def __repr__(self):
        return "(" + ", ".join(json.dumps(s) for s in self) + ")"

    __str__ = __repr__


def _json_value(v, names):
    if isinstance(v, list):
        return [_json_value(x, names) for x in v]
    if id(v) in names:
        return names[id(v)]
    if hasattr(v, "__trace_py__"):
        # Index maps and `("read", 0)` buffers travel as their Python text.
        return v.__trace_py__()
    if v is None or isinstance(v, (bool, str, float, int)):
        return v
    if hasattr(v, "ty") and isinstance(getattr(v, "value", None), (int, float)):
        # Integer and float constants stay objects, as TVM's JSON keeps them.
        return v
    return getattr(v, "value", str(v))


def _from_json(v, env):
    if isinstance(v, list):
        return [_from_json(x, env) for x in v]
    if isinstance(v, str) and v in env:
        return env[v]
    return v


def _apply(sch, kind, inputs, attrs, decision=None):
    method = getattr(sch, kind.method)
    extra = {} if decision is None else {"decision": decision}
    if kind.arrange is not None:
        out = method(*kind.arrange(inputs, attrs), **extra)
        return [] if out is None else list(out) if isinstance(out, (list, tuple)) else [out]
    if getattr(kind, "keywords", False):
        out = method(*inputs, **dict(zip(kind.params[len(inputs):], attrs)), **extra)
    elif kind.params and kind.params[0] == "*":
        out = method(*inputs, **dict(zip(kind.params[1:], attrs)), **extra)
    else:
        out = method(*(list(inputs) + list(attrs)), **extra)
    if out is None:
        return []
    if isinstance(out, (list, tuple)):
        return list(out)
    return [out]
