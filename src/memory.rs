//! The allocator the `tvmscript` binary uses, and a way to hand freed memory back.
//!
//! Parsing and printing make millions of small, short-lived allocations (IR nodes,
//! Doc nodes, RustPython's bytecode and objects). glibc's malloc spent a fifth of a
//! large print in its free lists and made time per megabyte grow with file size;
//! mimalloc's per-size-class pages do not. The library does not choose an allocator
//! for embedders: the binary sets [`Allocator`] as its global allocator, and an
//! embedding application may do the same. (Version 2 of mimalloc: version 3 held freed
//! pages longer, which raised the peak resident set of a large parse by a third.)

/// mimalloc, as a `#[global_allocator]`.
pub type Allocator = mimalloc::MiMalloc;

/// Return memory that is free but still held by the allocator to the OS now, this
/// thread's and its worker's (`crate::worker`).
///
/// mimalloc returns freed pages after a short delay; between dropping the interpreter
/// and printing, that delay would let both coexist and raise the peak resident set.
/// Blocks of the worker's pages freed by this thread (the lowered bodies, say) wait
/// in lists only the worker's next allocation visits, so their pages could not be
/// returned until it collects. Without mimalloc as the global allocator this only
/// visits mimalloc's (empty) heaps.
pub fn release_free_memory() {
    collect_here_and_on_worker(true);
}

/// Do now, on this thread and its worker, the frees other threads left to them.
///
/// A block freed by another thread than the one that allocated it waits in a list
/// that the owner walks, block by block, at one of its later allocations: after a
/// large parse, the next small one on the same threads spent a third of its time
/// there. The bench calls this between runs, so each run is charged its own work.
pub fn collect_deferred_frees() {
    collect_here_and_on_worker(false);
}

/// mimalloc's collection on this thread and its worker: the frees other threads left
/// to each; with `force`, free pages go back to the OS too.
fn collect_here_and_on_worker(force: bool) {
    // SAFETY: `mi_collect` takes no pointers and may be called at any time.
    let collect = move || unsafe { libmimalloc_sys::mi_collect(force) };
    crate::worker::if_started(collect);
    collect();
}

/// Drop `value`, on a short-lived thread when `big`: freeing millions of small
/// allocations (a large module's doc tree, a large file's syntax tree) takes a
/// noticeable part of the work, and the caller has no reason to wait for it.
/// Without a thread (helper threads not allowed, or the spawn failed), it is freed here.
pub fn dispose<T: Send + 'static>(value: T, big: bool) {
    if big {
        // On failure `spawn` drops the closure, and `value` with it, right here.
        let _ = crate::worker::spawn_helper("tvmscript-free", None, move || drop(value));
    }
}

/// The stack of helper threads that may recurse as deep as the main thread (lowering
/// and formatting deep expressions): as large as the CLI's worker; only touched
/// pages cost memory.
pub const HELPER_THREAD_STACK: usize = 256 << 20;
