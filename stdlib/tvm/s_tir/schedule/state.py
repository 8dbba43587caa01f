"""Schedule errors (the state itself is native: `s_tir._schedule.ScheduleCore`)."""


class ScheduleError(RuntimeError):
    """A schedule primitive's check failed; the message is rendered at the schedule's
    `error_render_level` ("detail", "fast" or "none")."""
