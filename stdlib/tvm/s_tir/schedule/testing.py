"""Testing helpers for schedules."""


def verify_trace_roundtrip(sch, mod, *, debug_mask="all", text_format=("python", "json")):
    """Replay `sch.trace` on a fresh schedule of `mod` (from its Python text and from
    JSON) and check the same module and the same trace text come out."""
    import tvm
    from .schedule import Schedule
    from .trace import Trace

    if not isinstance(text_format, (list, tuple)):
        text_format = [text_format]
    for fmt in text_format:
        new_sch = Schedule(mod, debug_mask=debug_mask)
        if fmt == "json":
            Trace.apply_json_to_schedule(sch.trace.as_json(), new_sch)
        else:
            sch.trace.apply_to_schedule(new_sch)
        tvm.ir.assert_structural_equal(new_sch.mod, sch.mod)
        assert str(new_sch.trace) == str(sch.trace)
    return sch


def assert_structural_equal_ignore_global_symbol(func1, func2, *args, **kwargs):
    """Assert that PrimFuncs `func1` and `func2` are structurally equal, both given the
    global symbol `main` first, so their symbols are not compared (TVM's helper)."""
    from tvm.ir import assert_structural_equal

    assert_structural_equal(
        func1.with_attr("global_symbol", "main"),
        func2.with_attr("global_symbol", "main"),
        *args,
        **kwargs,
    )
