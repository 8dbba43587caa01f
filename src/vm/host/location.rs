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
    /// The span last made: nodes built by one step share it.
    last: Span,
    /// The call sites of the macro expansions running now, innermost last.
    expansions: Vec<Span>,
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

/// A macro expansion begins at the step running now: what its body builds is
/// located at this call site and then at its own statement (TVM's
/// `SequentialSpan`) until [`end_expansion`].
pub fn begin_expansion(vm: &VirtualMachine) {
    let site = current(vm);
    STATE.with(|s| s.borrow_mut().expansions.push(site));
}

/// The macro expansion begun last has ended.
pub fn end_expansion() {
    STATE.with(|s| s.borrow_mut().expansions.pop());
}

/// The span of the script step running now, after the call sites of the macro
/// expansions it runs in (TVM's normalization: a span inside the one before it
/// replaces it); none outside a registered script.
pub fn current(vm: &VirtualMachine) -> Span {
    let here = current_step(vm);
    STATE.with(|s| {
        let s = s.borrow();
        let Some(site) = s.expansions.last() else { return here };
        let mut parts = site.parts();
        if here.is_none() {
            return Span::sequence(&parts);
        }
        match parts.last() {
            Some(prev) if prev.contains(&here) => *parts.last_mut().expect("non-empty") = here,
            _ => parts.push(here),
        }
        Span::sequence(&parts)
    })
}

fn current_step(vm: &VirtualMachine) -> Span {
    let depth = vm.frames.borrow().len();
    let from_step = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let step = s.step.as_ref().filter(|st| st.depth == depth)?;
        let name = s.scripts.get(step.file.name())?.clone();
        let code = step.file.to_source_code();
        let (a, b) = (code.line_column(step.range.start()), code.line_column(step.range.end()));
        let at = [a.line.get(), a.column.get(), b.line.get(), b.column.get()].map(|n| n as u32);
        Some(s.span_at(name, at))
    });
    if let Some(span) = from_step {
        return span;
    }
    let Some(frame) = vm.current_frame() else { return Span::none() };
    let code = &frame.code;
    // The frame's last instruction index is past the call that is running.
    let Some((a, b)) = frame.lasti().checked_sub(1).and_then(|i| code.locations.get(i as usize)) else { return Span::none() };
    let at = [a.line.get(), a.character_offset.get(), b.line.get(), b.character_offset.get()].map(|n| n as u32);
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let path = code.source_path().as_str();
        let name = match s.last.data() {
            Some(d) if &*d.file == path => d.file.clone(),
            _ => match s.scripts.get(path) {
                Some(name) => name.clone(),
                None => return Span::none(),
            },
        };
        s.span_at(name, at)
    })
}

impl State {
    /// The span of `at` (line, column, end line, end column) in `file`: the last one
    /// made when it is the same.
    fn span_at(&mut self, file: Arc<str>, at: [u32; 4]) -> Span {
        if let Some(d) = self.last.data()
            && Arc::ptr_eq(&d.file, &file)
            && [d.line, d.col, d.end_line, d.end_col] == at
        {
            return self.last.clone();
        }
        self.last = Span::new(file, at[0], at[1], at[2], at[3]);
        self.last.clone()
    }
}

/// Locate a node just made (held by `node` alone) at the script step running now,
/// in place; a shared node, or one made outside a script, is left as it is (TVM
/// locates an expression the first time the parser sees it unlocated).
pub fn stamp(vm: &VirtualMachine, node: &mut ObjectRef) {
    if node.span().is_none() {
        let span = current(vm);
        if !span.is_none() {
            node.locate_unshared(&span);
        }
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
