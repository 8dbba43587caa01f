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
use std::sync::atomic::{AtomicUsize, Ordering};

use super::printer::{drop_repeated_declarations, function_doc};
use crate::ir::{AccessPath, BaseFunc, GlobalVar, Object};
use crate::printer::engine::Printer;
use crate::printer::{Doc, FrameId, StmtDoc};

/// Modules smaller than this (in nodes near the top of each function, see
/// [`shallow_size`]) print on one thread: a thread and two forks cost more.
const PARALLEL_FROM: usize = 2000;

fn parallel_from() -> usize {
    #[cfg(test)]
    if let Some(t) = tests::PARALLEL_FROM.with(|t| t.get()) {
        return t;
    }
    PARALLEL_FROM
}

/// How deep [`shallow_size`] looks into a function.
const SIZE_DEPTH: u32 = 6;

/// A function printed by a fork: its position, doc, and top-level statements.
type Printed = (usize, Doc, Vec<StmtDoc>);

/// The docs of `funcs` (in order), printed on two threads; `None` when printing them
/// in order is needed or cheaper.
pub(super) fn functions_in_parallel(p: &mut Printer, funcs: &[(GlobalVar, BaseFunc)], path: &AccessPath) -> Option<Vec<Doc>> {
    if funcs.len() < 2 || std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
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
    let work = |fork: Printer| print_some(fork, funcs, path, &order, &next, &base);
    let (a, b) = std::thread::scope(|s| {
        let helper = std::thread::Builder::new()
            .name("tvmscript-print".into())
            .stack_size(crate::memory::HELPER_THREAD_STACK)
            .spawn_scoped(s, || work(fork_b));
        let a = work(fork_a);
        let b = helper.ok().and_then(|h| h.join().ok());
        (a, b.flatten())
    });
    let ((printed_a, fork_a), (printed_b, fork_b)) = (a?, b?);
    if printed_a.len() + printed_b.len() != funcs.len() {
        return None;
    }
    p.join_imports(&fork_a);
    p.join_imports(&fork_b);
    crate::memory::dispose((fork_a, fork_b), true);
    let mut slots: Vec<Option<(Doc, Vec<StmtDoc>)>> = (0..funcs.len()).map(|_| None).collect();
    for (i, doc, top) in printed_a.into_iter().chain(printed_b) {
        slots[i] = Some((doc, top));
    }
    #[cfg(test)]
    tests::PRINTED_IN_PARALLEL.with(|n| n.set(n.get() + 1));
    let mut docs = Vec::with_capacity(funcs.len());
    for slot in slots {
        let (doc, top) = slot?;
        let root = p.frame_mut(FrameId(0))?;
        let before = root.stmts.len();
        root.stmts.extend(top);
        drop_repeated_declarations(p, before);
        docs.push(doc);
    }
    Some(docs)
}

/// Print functions taken from `order` (through `next`) until none is left; `None` when
/// one fails or depended on what was printed before it.
fn print_some(
    mut fork: Printer,
    funcs: &[(GlobalVar, BaseFunc)],
    path: &AccessPath,
    order: &[usize],
    next: &AtomicUsize,
    base: &[(usize, usize)],
) -> Option<(Vec<Printed>, Printer)> {
    let mut printed = Vec::new();
    while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
        let (gv, f) = &funcs[i];
        let doc = function_doc(&mut fork, gv, f, path).ok()?;
        // The frames around the function are as they were, but for the statements it
        // left at the top level.
        if fork.frames().len() != base.len() {
            return None;
        }
        for (id, (frame, &(vars, stmts))) in fork.frames().iter().zip(base).enumerate() {
            let defined = |v: &crate::ir::ObjectRef| fork.var_name(v).is_some();
            if frame.vars()[vars..].iter().any(defined) || (id > 0 && frame.stmts.len() != stmts) {
                return None;
            }
        }
        let top = fork.frame_mut(FrameId(0))?.stmts.split_off(base[0].1);
        printed.push((i, doc, top));
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
            let text = crate::print(module, &cfg).expect("the module prints");
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
