# The IR values whose JSON is checked against TVM 0.27 (tests/json_oracle.rs).
# `python cases.py save [writable]` prints one line per case: its name, a tab and
# the compact JSON the running tool writes (`writable`: only the cases TVM 0.27's
# save_json can write; it crashes on anything holding a PrimType).
# `python cases.py load FILE` reads such lines, loads each JSON and prints the
# name, the loaded object's type and its script.
import json
import sys

import tvm
from tvm import ir, tirx
from tvm.script import tirx as T


@T.prim_func(private=True)
def scale(A: T.Buffer((8,), "float32"), n: T.int32):
    for i in range(n):
        A[i] = A[i] * T.float32(2.0)


def cases():
    x = tirx.Var("x", "int32")
    f32 = ir.PrimType("float32")
    return {
        # TVM can write these (no PrimType inside).
        "global_var": lambda: ir.GlobalVar("g"),
        "string_imm": lambda: ir.StringImm("hello"),
        "string_type": lambda: ir.StringType(),
        "missing_type": lambda: ir.Type.missing(),
        "unit_type": lambda: ir.TupleType([]),
        "break": lambda: tirx.Break(),
        "op": lambda: ir.Op.get("tirx.exp"),
        "func_type_unit": lambda: ir.FuncType([], ir.TupleType([])),
        "END_WRITABLE": None,
        # These hold a PrimType: TVM 0.27's save_json crashes on them, its load_json reads them.
        "prim_type": lambda: f32,
        "pointer_type": lambda: ir.PointerType(f32, "shared"),
        "add": lambda: x + 1,
        "range": lambda: ir.Range(0, 4),
        "evaluate": lambda: tirx.Evaluate(x * 2),
        "prim_func": lambda: scale,
    }


def save(writable_only):
    for name, make in cases().items():
        if name == "END_WRITABLE":
            if writable_only:
                break
            continue
        try:
            text = json.dumps(json.loads(tvm.ir.save_json(make())), separators=(",", ":"))
        except Exception as e:  # noqa: BLE001
            text = "error: " + type(e).__name__
        print(name + "\t" + text)


def load(path):
    with open(path) as f:
        for line in f:
            name, text = line.rstrip("\n").split("\t", 1)
            if text.startswith("error"):
                continue
            try:
                obj = tvm.ir.load_json(text)
                if isinstance(obj, ir.Op):
                    shown = obj.name
                else:
                    shown = obj.script() if hasattr(obj, "script") else str(obj)
                print(name, type(obj).__name__, shown.replace("\n", "|"))
            except Exception as e:  # noqa: BLE001
                print(name, "error:", type(e).__name__, str(e).splitlines()[-1][:120] if str(e) else "")


if __name__ == "__main__":
    if sys.argv[1] == "save":
        save(len(sys.argv) > 2 and sys.argv[2] == "writable")
    else:
        load(sys.argv[2])
