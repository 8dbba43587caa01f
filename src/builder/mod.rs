//! The dialect-agnostic frame builder (TVM's `IRBuilder`).
//!
//! Construction keeps a stack of frames (module, function, loop, block …).
//! Entering a frame opens a scope; exiting finalizes its IR and hands it to the
//! frame below. Frames own parameters, symbols and construction state; what a
//! frame builds is up to its dialect, so the stack only knows the [`Frame`] trait.
//! One builder is active per thread (the VM is single-threaded).

use std::any::Any;
use std::cell::RefCell;
use std::sync::Weak;

use crate::ir::{Error, Object, ObjectRef, Result};

/// One scope on the builder stack.
pub trait Frame: Any {
    /// A short description for messages (`"T.prim_func"`, `"for loop"`).
    fn describe(&self) -> String;
    /// The dialect whose construction hooks apply inside this frame, if it sets one.
    fn dialect(&self) -> Option<&'static str> {
        None
    }
    /// Whether definitions made directly inside this frame are kept for later
    /// construction (a module class body) instead of being built at once.
    fn collects_definitions(&self) -> bool {
        false
    }
    /// Accept an IR statement (or other object) built by a child or emitted here.
    fn add(&mut self, item: ObjectRef) -> Result<()>;
    /// Finalize: the result (if any) is passed to the parent frame's `add`, or
    /// becomes the builder's result when this was the outermost frame.
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>>;
}

impl dyn Frame {
    /// The frame as its concrete type, if it is an `F`.
    pub fn downcast_mut<F: Frame>(&mut self) -> Option<&mut F> {
        (self as &mut dyn Any).downcast_mut()
    }
    /// The frame as `dyn Any`, to try several concrete types.
    pub fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A stack of frames.
#[derive(Default)]
pub struct Builder {
    frames: Vec<Box<dyn Frame>>,
    results: Vec<ObjectRef>,
    /// Symbols made by a native declaration (`I.dynamic`, a header's `[n]`), held
    /// weakly: messages about a symbol's dtype name the declaration to change.
    declared: Vec<Weak<dyn Object>>,
}

thread_local! {
    static BUILDER: RefCell<Builder> = RefCell::new(Builder::default());
}

/// Run `f` with the thread's builder. Do not call back into Python inside `f`
/// (Python may re-enter the builder); take what you need out first.
pub fn with<R>(f: impl FnOnce(&mut Builder) -> R) -> R {
    BUILDER.with(|b| f(&mut b.borrow_mut()))
}

/// Push a frame.
pub fn enter(frame: Box<dyn Frame>) -> usize {
    with(|b| {
        b.frames.push(frame);
        b.frames.len()
    })
}

/// Pop the top frame, which must be at `depth` (as returned by `enter`), finish
/// it and attach its result to the new top frame. Returns the result when the
/// stack became empty (the outermost frame's IR).
pub fn exit(depth: usize) -> Result<Option<ObjectRef>> {
    let frame = with(|b| {
        if b.frames.len() != depth {
            return Err(Error::runtime(format!(
                "frames exited out of order: expected depth {depth}, found {}",
                b.frames.len()
            )));
        }
        b.frames.pop().ok_or_else(|| Error::runtime("no frame to exit"))
    })?;
    let result = frame.finish()?;
    match result {
        Some(obj) => with(|b| match b.frames.last_mut() {
            Some(parent) => parent.add(obj).map(|_| None),
            None => Ok(Some(obj)),
        }),
        None => Ok(None),
    }
}

/// Pop frames above `depth - 1` without finishing them (after an error).
pub fn unwind_to(depth: usize) {
    drop(detach(depth));
}

/// Take the frame at `depth` off the stack unfinished, dropping any above it, to
/// be entered again later (a function's frame after its signature ran, kept from
/// the module's declarations to its build).
pub fn detach(depth: usize) -> Option<Box<dyn Frame>> {
    let mut taken = with(|b| b.frames.split_off(depth.saturating_sub(1).min(b.frames.len())));
    let frame = (!taken.is_empty()).then(|| taken.remove(0));
    drop(taken);
    frame
}

/// The current depth of the stack.
pub fn depth() -> usize {
    with(|b| b.frames.len())
}

/// Add an item to the top frame; an error outside any frame.
pub fn add(item: ObjectRef) -> Result<()> {
    with(|b| match b.frames.last_mut() {
        Some(f) => f.add(item),
        None => Err(Error::runtime("no open frame to add to: IR construction must happen inside a definition")),
    })
}

/// The dialect of the innermost frame that sets one.
pub fn current_dialect() -> Option<&'static str> {
    with(|b| b.frames.iter().rev().find_map(|f| f.dialect()))
}

/// Run `f` on the innermost frame of type `F`.
pub fn find_frame<F: Frame, R>(f: impl FnOnce(&mut F) -> R) -> Option<R> {
    with(|b| {
        let frame = b.frames.iter_mut().rev().find_map(|fr| fr.downcast_mut::<F>())?;
        Some(f(frame))
    })
}

/// Run `f` on each frame from the innermost outward until it answers `Some`
/// (for lookups that walk enclosing scopes). Same rule as [`with`]: no Python inside.
pub fn search_frames<R>(mut f: impl FnMut(&mut dyn Frame) -> Option<R>) -> Option<R> {
    with(|b| b.frames.iter_mut().rev().find_map(|fr| f(fr.as_mut())))
}

/// Run `f` on the top frame if it is an `F`.
pub fn top_frame<F: Frame, R>(f: impl FnOnce(&mut F) -> R) -> Option<R> {
    with(|b| {
        let frame = b.frames.last_mut()?.downcast_mut::<F>()?;
        Some(f(frame))
    })
}

/// Whether the top frame collects definitions (a module class body is running).
pub fn collecting_definitions() -> bool {
    with(|b| b.frames.last().is_some_and(|f| f.collects_definitions()))
}

/// Descriptions of the open frames, outermost first (for messages).
pub fn describe_stack() -> Vec<String> {
    with(|b| b.frames.iter().map(|f| f.describe()).collect())
}

/// Keep a finished result aside (for constructs that return their IR directly).
pub fn push_result(obj: ObjectRef) {
    with(|b| b.results.push(obj))
}

/// Remember that `symbol` was made by a native declaration (`I.dynamic("n")`,
/// `def f[n](...)`), for messages that name how to declare it differently.
pub fn declare_symbol(symbol: &ObjectRef) {
    with(|b| {
        // Forget the symbols no IR holds any more before the list doubles.
        if b.declared.len() >= 64 && b.declared.len().is_power_of_two() {
            b.declared.retain(|w| w.strong_count() > 0);
        }
        b.declared.push(std::sync::Arc::downgrade(&symbol.0));
    })
}

/// Whether `symbol` was made by a native declaration (see [`declare_symbol`]).
pub fn is_declared_symbol(symbol: &ObjectRef) -> bool {
    with(|b| b.declared.iter().any(|w| w.upgrade().is_some_and(|a| std::sync::Arc::ptr_eq(&a, &symbol.0))))
}
