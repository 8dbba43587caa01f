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

thread_local! {
    /// The `const_args` map of the source string being parsed (`from_source`), and
    /// the names the JIT definitions of its module classes took from it.
    static JIT_CONSTANTS: std::cell::RefCell<Option<(rustpython_vm::PyObjectRef, JitConstantsUse)>> =
        const { std::cell::RefCell::new(None) };
}

/// What the JIT definitions of a parse's module classes took from its constants.
#[derive(Debug, Default)]
pub struct JitConstantsUse {
    /// How many JIT definitions were built.
    pub members: usize,
    /// The names they took from the map.
    pub names: Vec<String>,
}

/// Run `f` with `map` as the parse's JIT constants; returns what `f` returned and
/// what module members took from the map.
pub fn with_jit_constants<R>(map: Option<rustpython_vm::PyObjectRef>, f: impl FnOnce() -> R) -> (R, JitConstantsUse) {
    let old = JIT_CONSTANTS.with(|c| c.replace(map.map(|m| (m, JitConstantsUse::default()))));
    let r = f();
    let used = JIT_CONSTANTS.with(|c| c.replace(old)).map(|(_, used)| used).unwrap_or_default();
    (r, used)
}

/// The parse's JIT constants (`from_source(..., const_args=...)`), if it has any.
pub fn jit_constants() -> Option<rustpython_vm::PyObjectRef> {
    JIT_CONSTANTS.with(|c| c.borrow().as_ref().map(|(m, _)| m.clone()))
}

/// Record that a module's JIT definition was built with `names` from the parse's
/// JIT constants.
pub fn note_jit_constants_used(names: impl IntoIterator<Item = String>) {
    JIT_CONSTANTS.with(|c| {
        if let Some((_, used)) = c.borrow_mut().as_mut() {
            used.members += 1;
            used.names.extend(names);
        }
    });
}
