//! Parser settings that hold while one parse runs (TVM's `check_well_formed`,
//! whether bodies are evaluated).

use std::cell::Cell;
use std::thread::LocalKey;

thread_local! {
    static CHECK_WELL_FORMED: Cell<bool> = const { Cell::new(true) };
    static EVALUATED_BODIES: Cell<bool> = const { Cell::new(true) };
}

/// Run `f` with `flag` set to `on`, restoring the old setting after.
fn with_flag<R>(flag: &'static LocalKey<Cell<bool>>, on: bool, f: impl FnOnce() -> R) -> R {
    let old = flag.with(|c| c.replace(on));
    let r = f();
    flag.with(|c| c.set(old));
    r
}

/// Whether definitions built now are checked for well-formedness.
pub fn check_well_formed() -> bool {
    CHECK_WELL_FORMED.with(|c| c.get())
}

/// Run `f` with the well-formedness check set to `on`, restoring the old setting after.
pub fn with_check_well_formed<R>(on: bool, f: impl FnOnce() -> R) -> R {
    with_flag(&CHECK_WELL_FORMED, on, f)
}

/// Whether definition bodies that allow it are evaluated from their tree rather
/// than compiled (`program::eval`); tests turn it off to compare the two.
pub fn evaluated_bodies() -> bool {
    EVALUATED_BODIES.with(|c| c.get())
}

/// Run `f` with body evaluation set to `on`, restoring the old setting after.
pub fn with_evaluated_bodies<R>(on: bool, f: impl FnOnce() -> R) -> R {
    with_flag(&EVALUATED_BODIES, on, f)
}
