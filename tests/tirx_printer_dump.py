"""Dump TVM 0.27's IR of TIRx/S-TIR corpus scripts as reflection JSON (a dev tool).

Run with the oracle's Python: `tvm-oracle python tests/tirx_printer_dump.py OUT_DIR FILE...`.
For every PrimFunc in FILE (the root, or each one of an IRModule) it writes
OUT_DIR/<file stem>.<n>.json with the function's object graph (every field of every
object, by TVM's reflection; shared objects once) and the function's own `script()`
text, which `tests/tirx_printer_oracle.rs` loads, prints and compares. Files whose IR
holds objects it cannot describe are skipped with a note on stderr.
"""
import json
import os
import sys
from typing import TypeVar

import tvm
import tvm_ffi
from tvm.script import ir as I, relax as R, tirx as T
from tvm.tirx.layout import Axis


def all_fields(cls):
    info = cls.__tvm_ffi_type_info__
    chain = []
    while info is not None:
        chain.append(info)
        info = info.parent_type_info
    out = []
    for info in reversed(chain):
        out.extend(f.name for f in info.fields)
    return out


class Dumper:
    def __init__(self):
        self.ids = {}
        self.nodes = []

    def value(self, v):
        if v is None:
            return None
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            return {"i": v}
        if isinstance(v, float):
            return {"f": repr(v)}
        if isinstance(v, tvm_ffi.core.DataType) if hasattr(tvm_ffi.core, "DataType") else False:
            return {"dt": str(v)}
        if type(v).__name__ == "dtype" or type(v).__name__ == "DataType":
            return {"dt": str(v)}
        if isinstance(v, str):
            return {"s": str(v)}
        if isinstance(v, tvm_ffi.Array) or isinstance(v, (list, tuple)):
            return {"a": [self.value(x) for x in v]}
        if isinstance(v, tvm_ffi.Map) or isinstance(v, dict):
            return {"m": [[self.value(k), self.value(x)] for k, x in v.items()]}
        if isinstance(v, tvm.ir.Attrs) and type(v).__name__ == "DictAttrs":
            return {"m": [[self.value(k), self.value(x)] for k, x in v.items()]}
        if isinstance(v, tvm_ffi.core.Object):
            return {"r": self.obj(v)}
        raise TypeError(f"cannot dump {type(v)}")

    def obj(self, o):
        h = o.__chandle__()
        if h in self.ids:
            return self.ids[h]
        key = type(o).__tvm_ffi_type_info__.type_key
        idx = len(self.nodes)
        self.ids[h] = idx
        node = {"t": key, "f": {}}
        self.nodes.append(node)
        if key == "ir.Op":
            node["f"]["name"] = {"s": o.name}
            return idx
        if key == "ir.Span" or key == "ir.SourceName":
            node["t"] = "ir.Span"
            return idx
        for name in all_fields(type(o)):
            if name == "span":
                continue
            node["f"][name] = self.value(getattr(o, name))
        return idx


def dump(path, out_dir):
    text = open(path).read()
    names = {"T": T, "R": R, "I": I, "TypeVar": TypeVar, "Axis": Axis, "tvm": tvm}
    obj = tvm.script.from_source(text, extra_vars=names, check_well_formed=False)
    if isinstance(obj, tvm.IRModule):
        funcs = [(gv.name_hint, f) for gv, f in obj.functions.items() if isinstance(f, tvm.tirx.PrimFunc)]
        standalone = False
    else:
        funcs = [(None, obj)] if isinstance(obj, tvm.tirx.PrimFunc) else []
        standalone = True
    stem = os.path.splitext(os.path.basename(path))[0]
    for n, (name, f) in enumerate(funcs):
        d = Dumper()
        try:
            root = d.obj(f)
        except TypeError as e:
            print(f"{path}: skipped: {e}", file=sys.stderr)
            continue
        kwargs = {} if name is None else {"name": name}
        rec = {"file": path, "name": name, "standalone": standalone, "root": root, "nodes": d.nodes,
               "script": f.script(**kwargs)}
        with open(os.path.join(out_dir, f"{stem}.{n}.json"), "w") as fh:
            json.dump(rec, fh)


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for path in sys.argv[2:]:
        try:
            dump(path, out_dir)
        except Exception as e:  # keep going: one bad file must not stop the batch
            print(f"{path}: skipped: {type(e).__name__}: {e}", file=sys.stderr)


if __name__ == "__main__":
    main()
