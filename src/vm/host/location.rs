//! Where in a script the interpreter is: the source range of the step that runs
//! now, as a [`Span`] for the IR it builds (`node.span`).
//!
//! Two ways of running a script body report it. A compiled body runs in a VM frame:
//! its instruction's position table gives the range. An evaluated body
//! (`program::eval`) runs without a frame, so it records the range of each call it
//! makes with [`set_step`]; the record names the frame depth it was made at, and
//! counts only while no deeper frame runs. Only sources registered with
//! [`register_script`] (the scripts a program was compiled from) give spans: a
//! library function building IR on a script's behalf leaves its nodes unlocated,
//! as TVM's do.
//!
//! State is per thread, as the VM is (one interpreter per thread).

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use ruff_text_size::TextRange;
use rustpython_vm::compiler::core::SourceFile;
use rustpython_vm::VirtualMachine;

use crate::ir::{ObjectRef, Span};

struct Step {
    file: SourceFile,
    range: TextRange,
    depth: usize,
}

#[derive(Default)]
struct State {
    scripts: HashSet<Arc<str>>,
    step: Option<Step>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Count the source named `name` as a script: IR built while its code runs is
/// located in it.
pub fn register_script(name: &str) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if !s.scripts.contains(name) {
            s.scripts.insert(name.into());
        }
    })
}

/// An evaluated body is about to make a call at `range` of `file`.
pub fn set_step(vm: &VirtualMachine, file: &SourceFile, range: TextRange) {
    let depth = vm.frames.borrow().len();
    STATE.with(|s| s.borrow_mut().step = Some(Step { file: file.clone(), range, depth }));
}

/// An evaluated body finished: its last call's range no longer describes anything.
pub fn clear_step() {
    STATE.with(|s| s.borrow_mut().step = None);
}

/// The span of the script step running now; none outside a registered script.
pub fn current(vm: &VirtualMachine) -> Span {
    let depth = vm.frames.borrow().len();
    let from_step = STATE.with(|s| {
        let s = s.borrow();
        let step = s.step.as_ref().filter(|st| st.depth == depth)?;
        let name = s.scripts.get(step.file.name())?.clone();
        let code = step.file.to_source_code();
        let (a, b) = (code.line_column(step.range.start()), code.line_column(step.range.end()));
        Some(Span::new(name, a.line.get() as u32, a.column.get() as u32, b.line.get() as u32, b.column.get() as u32))
    });
    if let Some(span) = from_step {
        return span;
    }
    let Some(frame) = vm.current_frame() else { return Span::none() };
    let code = &frame.code;
    let Some(name) = STATE.with(|s| s.borrow().scripts.get(code.source_path().as_str()).cloned()) else { return Span::none() };
    // The frame's last instruction index is past the call that is running.
    match frame.lasti().checked_sub(1).and_then(|i| code.locations.get(i as usize)) {
        Some((a, b)) => Span::new(name, a.line.get() as u32, a.character_offset.get() as u32, b.line.get() as u32, b.character_offset.get() as u32),
        None => Span::none(),
    }
}

/// `node` located at the script step running now, when it has no location yet and
/// a script is running (else `None`: keep `node`).
pub fn locate(vm: &VirtualMachine, node: &ObjectRef) -> Option<ObjectRef> {
    if !node.span().is_none() {
        return None;
    }
    let span = current(vm);
    if span.is_none() {
        return None;
    }
    node.with_span(span).ok()
}
