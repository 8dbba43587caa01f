//! Parser settings that hold while one parse runs (TVM's `check_well_formed`,
//! whether bodies are evaluated).

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

thread_local! {
    static EVALUATED_BODIES: Cell<bool> = const { Cell::new(true) };
}

/// Whether definition bodies that allow it are evaluated from their tree rather
/// than compiled (`script::eval`); tests turn it off to compare the two.
pub fn evaluated_bodies() -> bool {
    EVALUATED_BODIES.with(|c| c.get())
}

/// Run `f` with body evaluation set to `on`, restoring the old setting after.
pub fn with_evaluated_bodies<R>(on: bool, f: impl FnOnce() -> R) -> R {
    let old = EVALUATED_BODIES.with(|c| c.replace(on));
    let r = f();
    EVALUATED_BODIES.with(|c| c.set(old));
    r
}
