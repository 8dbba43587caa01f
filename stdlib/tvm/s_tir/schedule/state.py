"""Schedule errors (the state itself is native: `s_tir._schedule.ScheduleCore`)."""


class ScheduleError(RuntimeError):
    """A schedule primitive's check failed; the message is rendered at the schedule's
    `error_render_level` ("detail", "fast" or "none")."""


class ScheduleDebugMask:
    """The bits of a schedule's `debug_mask` (the verifications are not run here)."""

    VERIFY_SREF_TREE = 1
    VERIFY_CACHED_FLAGS = 2


class StmtSRef:
    """A reference to a loop or block of a `ScheduleState`, following it across
    replacements (`stmt` is None once it is gone)."""

    def __init__(self, state, sref_id):
        self._state = state
        self._id = sref_id

    @property
    def stmt(self):
        return self._state._core.sref_stmt(self._id)

    def __hash__(self):
        return hash((id(self._state), self._id))

    def __eq__(self, other):
        return isinstance(other, StmtSRef) and other._state is self._state and other._id == self._id

    def same_as(self, other):
        return self == other

    def __repr__(self):
        return "s_tir.StmtSRef"


class ScheduleState:
    """The module under scheduling and its statement references (TVM 0.27's
    `tvm.s_tir.ScheduleState`)."""

    def __init__(self, mod, *, debug_mask="none", enable_check=True):
        from . import schedule as _schedule

        self._core = _schedule._core.ScheduleCore(_schedule._parse_mod(mod), "detail")
        self._srefs = {}
        self.debug_mask = debug_mask
        self.enable_check = enable_check

    @property
    def mod(self):
        return self._core.module()

    def _sref(self, sref_id):
        if sref_id not in self._srefs:
            self._srefs[sref_id] = StmtSRef(self, sref_id)
        return self._srefs[sref_id]

    def get_sref(self, stmt):
        """The reference of a loop or block of the module, or None."""
        sref_id = self._core.sref_of_stmt(stmt)
        return None if sref_id is None else self._sref(sref_id)

    def replace(self, src_sref, tgt_stmt, block_sref_reuse=None):
        """Replace the statement `src_sref` refers to by `tgt_stmt`; `block_sref_reuse`
        maps old blocks to the new blocks that keep their references."""
        reuse = dict(block_sref_reuse or {})
        self._core.replace_stmt(src_sref._id, tgt_stmt, list(reuse.keys()), list(reuse.values()))
