"""`tvm.ir.base`: the IR's base classes and JSON and structural helpers (the same
objects as `tvm.ir`'s)."""
from tvm.ir import (  # noqa: F401
    Node,
    _Object as Object,
    SequentialSpan,
    SourceName,
    Span,
    assert_structural_equal,
    load_json,
    save_json,
)
