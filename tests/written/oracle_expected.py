"""Make NAME.expected for a hand-written case: run NAME.py under TVM 0.27 and print
the `.script()` of the one definition it makes (as ../shared/corpus/src was made).

    ../shared/tools/tvm-oracle python tests/written/oracle_expected.py FILE.py...
"""
import runpy
import sys

import tvm

for path in sys.argv[1:]:
    ns = runpy.run_path(path, run_name="__main__")
    defs = [v for k, v in ns.items() if not k.startswith("__") and isinstance(v, (tvm.ir.IRModule, tvm.ir.BaseFunc))]
    if len(defs) != 1:
        sys.exit(f"{path}: expected one definition, found {len(defs)}")
    with open(path[:-3] + ".expected", "w") as f:
        f.write(defs[0].script())
