//! Printing the functions of a large module on two threads.
//!
//! A function's text depends on the module-level state (the declared GlobalVars, the
//! names taken, the imports) and on the function alone: its variables are defined in
//! its own frames and forgotten when they pop. So each thread prints functions with a
//! fork of the printer ([`Printer::fork`]), and the docs are put back in module order.
//! Whatever a function leaves at the top level (its `n = TypeVar("n")` declarations)
//! is merged in that order as well. A function whose printing depended on the ones
//! printed before it (metadata numbering, the header of imports used so far, a
//! variable left defined outside it) makes the caller print the module in order.

use std::cmp::Reverse;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::printer::{drop_repeated_declarations, forget_function_symbols, function_doc, function_doc_unclosed};
use crate::ir::{AccessPath, BaseFunc, GlobalVar, Object, ObjectRef, Result};
use crate::printer::engine::{Printer, TakenVar};
use crate::printer::{Doc, FrameId, StmtDoc};

/// Modules smaller than this (in nodes near the top of each function, see
/// [`shallow_size`]) print on one thread: two forks and their merge cost more. The
/// second thread is this thread's worker (`crate::worker`), asleep until woken. With
/// a thread started per print, the perf corpus's llm_small
/// (2,100) printed 12-25% faster on two threads when run after itself but 20-28%
/// slower when each print followed a run of TVM in another process, as in the bench
/// (the new thread was often put on this thread's core, and took 0.5-1 ms to start
/// and join), so only modules of 4,000 printed on two; with the worker (then also
/// steered to the other core), llm_small printed in 2.1-2.2 ms instead of 3.0-3.2
/// after a Python process's run, and a 46 KB module of eight of its functions 5-25%
/// faster when run after itself.
const PARALLEL_FROM: usize = 1000;

fn parallel_from() -> usize {
    #[cfg(test)]
    if let Some(t) = tests::PARALLEL_FROM.with(|t| t.get()) {
        return t;
    }
    PARALLEL_FROM
}

/// Modules from this size (as [`PARALLEL_FROM`]) free their two forks on a
/// short-lived thread (`memory::dispose`); smaller ones free them here, where that
/// costs less than starting a thread (on an idle machine the thread cost a 0.1 MB
/// module's print 8% and saved a 5 MB module's 11%).
const DISPOSE_FORKS_FROM: usize = 12_000;

/// How deep [`shallow_size`] looks into a function.
const SIZE_DEPTH: u32 = 4;

/// A function printed by a fork: its position, doc, the statements it left at the
/// top level, and the variables it left defined there.
struct Printed {
    index: usize,
    doc: Doc,
    top: Vec<StmtDoc>,
    left: Vec<TakenVar>,
}

/// The docs of `funcs` (in order), printed on two threads; `None` (with the printer
/// untouched) when printing them in order is needed or cheaper.
///
/// A function may leave variables defined at the top level for the functions after it
/// (a TIR signature that uses a parameter before declaring it). Functions up to the
/// first that does are taken from the threads; that one's variables are defined here
/// and the functions after it are printed here, in order, as they would have been.
pub(super) fn functions_in_parallel(
    p: &mut Printer,
    funcs: &[(GlobalVar, BaseFunc)],
    path: &AccessPath,
) -> Option<Result<Vec<Doc>>> {
    if funcs.len() < 2 || !crate::worker::helpers_allowed() || std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        return None;
    }
    let sizes: Vec<usize> = funcs.iter().map(|(_, f)| shallow_size(&*f.0 .0, SIZE_DEPTH)).collect();
    if sizes.iter().sum::<usize>() < parallel_from() {
        return None;
    }
    // Largest first, so the last functions taken are small and the threads end together.
    let mut order: Vec<usize> = (0..funcs.len()).collect();
    order.sort_by_key(|&i| Reverse(sizes[i]));
    // Per frame around the functions: its variables and statements so far.
    let base: Vec<(usize, usize)> = p.frames().iter().map(|f| (f.vars().len(), f.stmts.len())).collect();
    let (fork_a, fork_b) = (p.fork()?, p.fork()?);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let work = |fork: Printer| {
        let r = print_some(fork, funcs, path, &order, &next, &base, &failed);
        if r.is_none() {
            failed.store(true, Ordering::Relaxed);
        }
        r
    };
    let (b, a) = crate::worker::scoped(|| work(fork_b), || work(fork_a));
    let b = b.flatten();
    let ((printed_a, fork_a), (printed_b, fork_b)) = (a?, b?);
    let mut slots: Vec<Option<Printed>> = (0..funcs.len()).map(|_| None).collect();
    for printed in printed_a.into_iter().chain(printed_b) {
        let i = printed.index;
        slots[i] = Some(printed);
    }
    if slots.iter().any(Option::is_none) {
        return None;
    }
    #[cfg(test)]
    tests::PRINTED_IN_PARALLEL.with(|n| n.set(n.get() + 1));
    p.join_imports(&fork_a);
    p.join_imports(&fork_b);
    let total: usize = sizes.iter().sum();
    crate::memory::dispose((fork_a, fork_b), total >= DISPOSE_FORKS_FROM);
    Some(merge(p, funcs, path, slots.into_iter().flatten()))
}

/// Put the printed functions back in module order (see `functions_in_parallel`).
fn merge(p: &mut Printer, funcs: &[(GlobalVar, BaseFunc)], path: &AccessPath, printed: impl Iterator<Item = Printed>) -> Result<Vec<Doc>> {
    let root = FrameId(0);
    let mut docs = Vec::with_capacity(funcs.len());
    let mut in_order = false;
    for (Printed { doc, top, left: left_vars, .. }, (gv, f)) in printed.zip(funcs) {
        if in_order {
            docs.push(function_doc(p, gv, f, path)?);
            continue;
        }
        // What the function left at the top level, closed as if printed here.
        let (vars_before, stmts_before) = p.frame(root).map_or((0, 0), |r| (r.vars().len(), r.stmts.len()));
        if let Some(r) = p.frame_mut(root) {
            r.stmts.extend(top);
        }
        let left: Vec<ObjectRef> = left_vars.iter().map(|v| v.var().clone()).collect();
        p.adopt_vars(root, left_vars)?;
        forget_function_symbols(p, vars_before);
        drop_repeated_declarations(p, stmts_before);
        in_order = left.iter().any(|v| p.is_defined(v));
        docs.push(doc);
    }
    Ok(docs)
}

/// Print functions taken from `order` (through `next`) until none is left; `None` when
/// one fails or depended on what was printed before it, or the other thread failed.
fn print_some(
    mut fork: Printer,
    funcs: &[(GlobalVar, BaseFunc)],
    path: &AccessPath,
    order: &[usize],
    next: &AtomicUsize,
    base: &[(usize, usize)],
    failed: &AtomicBool,
) -> Option<(Vec<Printed>, Printer)> {
    let mut printed = Vec::new();
    while let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
        if failed.load(Ordering::Relaxed) {
            return None;
        }
        let (gv, f) = &funcs[index];
        // Its top-level variables are closed when merged, after the functions before it.
        let doc = function_doc_unclosed(&mut fork, gv, f, path).ok()?;
        // Back to the state around the functions: what the function left at the top
        // level is taken out; any other frame must be as it was.
        let top = fork.frame_mut(FrameId(0))?.stmts.split_off(base[0].1);
        let left = fork.take_vars(FrameId(0), base[0].0);
        if fork.frames().len() != base.len() {
            return None;
        }
        for (frame, &(vars, stmts)) in fork.frames().iter().zip(base).skip(1) {
            if frame.vars()[vars..].iter().any(|v| fork.is_defined(v)) || frame.stmts.len() != stmts {
                return None;
            }
        }
        printed.push(Printed { index, doc, top, left });
    }
    fork.fork_was_independent().then_some((printed, fork))
}

/// The number of objects within `depth` fields of `obj`: a cheap measure of how much
/// printing a function takes, good enough to order the work.
fn shallow_size(obj: &dyn Object, depth: u32) -> usize {
    let mut n = 1;
    if depth > 0 {
        obj.for_each_child(&mut |c| n += shallow_size(c.object(), depth - 1));
    }
    n
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use crate::printer::{PrinterConfig, Syntax};

    thread_local! {
        /// Overrides [`super::PARALLEL_FROM`] on this thread.
        pub(super) static PARALLEL_FROM: Cell<Option<usize>> = const { Cell::new(None) };
        /// How many modules were printed on two threads (without falling back).
        pub(super) static PRINTED_IN_PARALLEL: Cell<usize> = const { Cell::new(0) };
    }

    /// The module printed with every size threshold forcing one path, and how many
    /// times the parallel path completed.
    fn print_both_ways(text: &str) -> (String, String, usize) {
        let defs = crate::Session::new().parse("module.py", text).expect("the script parses");
        let module = &defs.iter().find(|(n, _)| n == "Module").expect("a module").1;
        let cfg = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
        let print = |from: usize| {
            PARALLEL_FROM.with(|t| t.set(Some(from)));
            let text = crate::with_helper_threads(true, || crate::print(module, &cfg)).expect("the module prints");
            PARALLEL_FROM.with(|t| t.set(None));
            text
        };
        let before = PRINTED_IN_PARALLEL.with(|n| n.get());
        let (in_order, in_parallel) = (print(usize::MAX), print(0));
        (in_order, in_parallel, PRINTED_IN_PARALLEL.with(|n| n.get()) - before)
    }

    #[test]
    fn functions_print_the_same_on_two_threads() {
        let text = include_str!("testdata/functions_with_type_vars.py");
        let (in_order, in_parallel, parallel_runs) = print_both_ways(text);
        assert_eq!(parallel_runs, 1, "the parallel path ran to the end");
        assert_eq!(in_parallel, in_order);
        assert_eq!(in_order, text.trim_end());
    }

    /// `sum_1d` uses `num_elements` before its parameters declare it: it stays defined
    /// at the top level, and the functions after it print in order, after it.
    #[test]
    fn variables_left_at_the_top_level_reach_the_functions_after() {
        let text = include_str!("testdata/variables_left_at_top_level.py");
        let (in_order, in_parallel, parallel_runs) = print_both_ways(text);
        assert_eq!(parallel_runs, 1);
        assert_eq!(in_parallel, in_order);
        assert_eq!(in_order, text.trim_end());
    }

    #[test]
    fn metadata_numbered_in_print_order_falls_back_to_one_thread() {
        // A multi-line string attribute goes to the metadata section, numbered in print order.
        let text = "@I.ir_module\nclass Module:\n    @T.prim_func\n    def a():\n        T.func_attr({\"note\": \"x\\ny\"})\n        T.evaluate(0)\n\n    @T.prim_func\n    def b():\n        T.func_attr({\"note\": \"p\\nq\"})\n        T.evaluate(0)\n";
        let (in_order, in_parallel, parallel_runs) = print_both_ways(text);
        assert!(in_order.contains("metadata["), "{in_order}");
        assert_eq!(parallel_runs, 0, "metadata makes the printer fall back");
        assert_eq!(in_parallel, in_order);
    }
}
