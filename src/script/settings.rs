//! Parser settings that hold while one parse runs (TVM's `check_well_formed`).

use std::cell::Cell;

thread_local! {
    static CHECK_WELL_FORMED: Cell<bool> = const { Cell::new(true) };
}

/// Whether definitions built now are checked for well-formedness.
pub fn check_well_formed() -> bool {
    CHECK_WELL_FORMED.with(|c| c.get())
}

/// Run `f` with the well-formedness check set to `on`, restoring the old setting after.
pub fn with_check_well_formed<R>(on: bool, f: impl FnOnce() -> R) -> R {
    let old = CHECK_WELL_FORMED.with(|c| c.replace(on));
    let r = f();
    CHECK_WELL_FORMED.with(|c| c.set(old));
    r
}
