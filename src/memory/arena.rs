//! A heap for one large, short-lived structure, freed in one step.
//!
//! A parse builds a syntax tree of millions of small nodes (about 20 bytes of tree
//! per byte of source), reads it a few times and throws it away. Freeing it node by
//! node walks the whole cold tree once more, and freeing it on another thread is not
//! free either: mimalloc hands each block back to the thread that allocated it, which
//! walks those lists at its next allocations (a tenth of a large parse, measured).
//! Allocated into its own mimalloc heap instead, the tree is freed by releasing the
//! heap's pages, without visiting a node, and its nodes lie in fresh pages in the
//! order the parser made them.
//!
//! Only when mimalloc is the global allocator (as in the `tvmscript` binary); with
//! any other allocator an arena does nothing and values are dropped as usual.
//!
//! Freeing without visiting trusts that nothing allocated in the arena is used
//! afterwards (a value that escaped into a cache, a channel's buffer). With
//! `TVMSCRIPT_ARENA_POISON=1` in the environment, a freed arena's blocks are
//! overwritten with [`POISON`] and their memory is kept (never reused), so a use of
//! an escaped value reads garbage: `tests/arena_poison.rs` prints every script of
//! the repository with and without it and compares the text.

use std::ffi::c_void;
use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::Mutex;

use libmimalloc_sys::{
    mi_heap_area_t, mi_heap_collect, mi_heap_contains_block, mi_heap_delete, mi_heap_destroy, mi_heap_get_backing, mi_heap_new, mi_heap_set_default,
    mi_heap_t, mi_heap_visit_blocks, mi_is_in_heap_region, mi_option_get, mi_option_max_segment_reclaim, mi_option_set,
};

/// The byte a poisoned arena's blocks are filled with (see the module docs).
pub const POISON: u8 = 0xA5;

/// Whether freed arenas are poisoned (`TVMSCRIPT_ARENA_POISON` set, and not `0`).
fn poisoning() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TVMSCRIPT_ARENA_POISON").is_some_and(|v| v != "0"))
}

/// A mimalloc heap this thread can allocate into (see [`Arena::enter`]).
///
/// Dropped, it merges whatever it still holds into the thread's ordinary heap, so
/// values allocated in it stay valid; [`Arena::free_with`] frees everything at once.
pub struct Arena {
    /// Null when mimalloc is not the global allocator, or once freed.
    heap: Cell<*mut mi_heap_t>,
    /// A heap belongs to the thread that made it.
    _thread_bound: PhantomData<*mut ()>,
}

impl Arena {
    /// A new arena (one that does nothing when mimalloc is not the global allocator).
    pub fn new() -> Arena {
        // SAFETY: mi_heap_new has no preconditions; the probe is allocated and freed
        // while the heap is this thread's default (`inside`).
        let heap = unsafe { mi_heap_new() };
        let active = !heap.is_null()
            && inside(heap, || {
                let probe = Box::new(0u64);
                heap_owns(heap, &*probe as *const u64 as *const _)
            });
        if !active && !heap.is_null() {
            unsafe { mi_heap_delete(heap) };
        }
        Arena { heap: Cell::new(if active { heap } else { std::ptr::null_mut() }), _thread_bound: PhantomData }
    }

    /// Whether allocations made in [`Arena::enter`] go to this arena.
    pub fn is_active(&self) -> bool {
        !self.heap.get().is_null()
    }

    /// Run `f` with this thread's allocations going to the arena. What `f` makes
    /// that must outlive the arena's [`Arena::free_with`] belongs in
    /// [`outside_arena`] (caches, for one).
    pub fn enter<R>(&self, f: impl FnOnce() -> R) -> R {
        if !self.is_active() {
            return f();
        }
        inside(self.heap.get(), f)
    }

    /// Free `owner` and everything else still allocated in the arena, without
    /// visiting it; with an inactive arena, drop `owner` as usual. The arena is
    /// inactive afterwards.
    ///
    /// # Safety
    /// Nothing allocated in the arena may be used afterwards, and `owner` must not
    /// own memory from outside the arena that needs freeing (it is forgotten, not
    /// dropped, so such memory would leak). Not to be called inside [`Arena::enter`].
    pub unsafe fn free_with<T>(&self, owner: T) {
        // SAFETY: as promised by the caller.
        unsafe { self.free(owner, poisoning()) }
    }

    /// [`Arena::free_with`], poisoning the blocks instead of freeing them when `poison`.
    ///
    /// # Safety
    /// As [`Arena::free_with`].
    unsafe fn free<T>(&self, owner: T, poison: bool) {
        if !self.is_active() {
            drop(owner);
            return;
        }
        std::mem::forget(owner);
        let heap = self.heap.replace(std::ptr::null_mut());
        if poison {
            // SAFETY: `heap` is a live heap of this thread, not entered; the visitor
            // writes only inside each block it is given. The heap is then left alone:
            // its pages stay mapped and are never allocated from again (mimalloc
            // moves them to the thread's backing heap, still in use, when it ends).
            // Blocks other threads freed wait in lists linked through the blocks
            // themselves: collected first, they are free and not visited.
            unsafe {
                mi_heap_collect(heap, false);
                mi_heap_visit_blocks(heap, true, Some(poison_block), std::ptr::null_mut());
            }
            return;
        }
        // SAFETY: the caller promises nothing in the heap is used again; the heap is
        // this thread's and not its default (every `enter` has returned).
        unsafe { mi_heap_destroy(heap) };
    }
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

impl Drop for Arena {
    fn drop(&mut self) {
        if self.is_active() {
            // SAFETY: live blocks move to the thread's backing heap and stay valid.
            unsafe { mi_heap_delete(self.heap.get()) };
        }
    }
}

/// Fill a block of a freed arena with [`POISON`] (`mi_heap_visit_blocks`' visitor:
/// `block` is null on the first call for each area).
unsafe extern "C" fn poison_block(_: *const mi_heap_t, _: *const mi_heap_area_t, block: *mut c_void, size: usize, _: *mut c_void) -> bool {
    if !block.is_null() {
        // SAFETY: mimalloc gives a live block of `size` usable bytes.
        unsafe { std::ptr::write_bytes(block.cast::<u8>(), POISON, size) };
    }
    true
}

/// Whether `p` is a block of `heap`, for any pointer `p`, mimalloc's or not.
///
/// `mi_heap_contains_block` alone reads the header of the segment `p` would lie in
/// (`p` rounded down to 32 MiB), which under another global allocator may not be
/// mapped: an embedder parsing on glibc's main-thread heap crashed there. mimalloc's
/// map of its own segments answers first, without touching `p`.
fn heap_owns(heap: *mut mi_heap_t, p: *const std::ffi::c_void) -> bool {
    // SAFETY: both calls take any pointer; the second only runs for mimalloc's, and
    // `heap` is a live heap of this thread.
    unsafe { mi_is_in_heap_region(p) && mi_heap_contains_block(heap, p) }
}

/// Run `f` with this thread's allocations going to its ordinary heap, also inside
/// [`Arena::enter`]: for what must outlive the arena.
pub fn outside_arena<R>(f: impl FnOnce() -> R) -> R {
    // SAFETY: the backing heap is always valid for the current thread.
    let _switch = Switch::to(unsafe { mi_heap_get_backing() });
    f()
}

/// Run `f` with the arena heap `heap` as this thread's default heap.
fn inside<R>(heap: *mut mi_heap_t, f: impl FnOnce() -> R) -> R {
    // Declared first, dropped last: reclaiming is off before the arena can allocate
    // and until it no longer does.
    let _no_reclaim = NoReclaim::begin();
    let _switch = Switch::to(heap);
    f()
}

/// Makes `heap` this thread's default heap until dropped (also on unwinding).
struct Switch(*mut mi_heap_t);

impl Switch {
    fn to(heap: *mut mi_heap_t) -> Switch {
        // SAFETY: `heap` is a live heap of this thread.
        Switch(unsafe { mi_heap_set_default(heap) })
    }
}

impl Drop for Switch {
    fn drop(&mut self) {
        // SAFETY: the previous default heap is still alive: heaps are destroyed only
        // by `free_with` / `drop`, never while they are entered.
        unsafe { mi_heap_set_default(self.0) };
    }
}

/// While any thread allocates into an arena, no heap reclaims abandoned pages.
///
/// When a thread exits, mimalloc abandons its pages that still hold live blocks, and
/// a heap that needs a fresh page may reclaim them: move them into itself. mimalloc
/// 2.3 lets a destroyable heap do so too (it does not check the heap's `no_reclaim`
/// there), so an arena could adopt, say, a registry a finished thread allocated, and
/// `free_with` would free it under its owner. (Found as rare corruption when the tests
/// ran on several threads, each exiting with live blocks.) Reclaiming is a global
/// option, so it is off while any arena is entered and back on when none is; other
/// threads take fresh pages meanwhile, and reclaim later.
struct NoReclaim;

/// Threads inside an arena, and the option's value before the first entered.
static ENTERED: Mutex<(usize, std::ffi::c_long)> = Mutex::new((0, 0));

impl NoReclaim {
    fn begin() -> NoReclaim {
        let mut entered = ENTERED.lock().unwrap_or_else(|e| e.into_inner());
        if entered.0 == 0 {
            // SAFETY: reading and setting an option has no preconditions.
            entered.1 = unsafe { mi_option_get(mi_option_max_segment_reclaim) };
            unsafe { mi_option_set(mi_option_max_segment_reclaim, 0) };
        }
        entered.0 += 1;
        NoReclaim
    }
}

impl Drop for NoReclaim {
    fn drop(&mut self) {
        let mut entered = ENTERED.lock().unwrap_or_else(|e| e.into_inner());
        entered.0 -= 1;
        if entered.0 == 0 {
            // SAFETY: as in `begin`.
            unsafe { mi_option_set(mi_option_max_segment_reclaim, entered.1) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arena_never_adopts_the_pages_of_a_finished_thread() {
        // Threads that end with live blocks leave their pages to be reclaimed.
        let left: Vec<Vec<Box<[u8; 48]>>> = (0..4u8)
            .map(|t| std::thread::spawn(move || (0..2000).map(|i| Box::new([t ^ i as u8; 48])).collect()).join().unwrap())
            .collect();
        let arena = Arena::new();
        // More than a segment (32 MiB in mimalloc 2): the arena needs pages beyond this
        // thread's free ones, which is when mimalloc reclaims.
        let tree: Vec<Box<[u8; 1024]>> = arena.enter(|| (0..40_000).map(|_| Box::new([0u8; 1024])).collect());
        let adopted = left.iter().flatten().filter(|b| unsafe { mi_heap_contains_block(arena.heap.get(), b.as_ptr() as *const _) }).count();
        assert_eq!(adopted, 0, "the arena took pages holding other threads' values");
        // SAFETY: nothing of the arena is used afterwards.
        unsafe { arena.free_with(tree) };
        for (t, values) in left.iter().enumerate() {
            assert!(values.iter().enumerate().all(|(i, b)| b[47] == t as u8 ^ i as u8));
        }
    }

    /// Under another allocator, the segment a pointer would lie in may be unmapped:
    /// asking about it must not read there.
    #[test]
    fn a_foreign_pointer_is_not_read_to_learn_it_is_foreign() {
        const SEGMENT: usize = 32 << 20;
        // Reserve two segments' worth, readable nowhere, and open one page just past a
        // segment boundary inside it: the boundary itself stays unreadable.
        // SAFETY: a fresh anonymous mapping, unmapped at the end of the test.
        let base = unsafe {
            libc::mmap(std::ptr::null_mut(), 2 * SEGMENT, libc::PROT_NONE, libc::MAP_PRIVATE | libc::MAP_ANONYMOUS, -1, 0)
        };
        assert_ne!(base, libc::MAP_FAILED);
        let page = ((base as usize + SEGMENT) & !(SEGMENT - 1)) + 4096;
        // SAFETY: `page` lies inside the reservation.
        assert_eq!(unsafe { libc::mprotect(page as *mut _, 4096, libc::PROT_READ | libc::PROT_WRITE) }, 0);
        let arena = Arena::new();
        assert!(!heap_owns(arena.heap.get(), (page + 64) as *const _));
        // SAFETY: the reservation made above, no longer used.
        unsafe { libc::munmap(base, 2 * SEGMENT) };
    }

    /// What escaped a poisoned arena reads as poison: the corpus test's printed text
    /// would show it.
    #[test]
    fn a_value_that_escapes_a_poisoned_arena_reads_as_poison() {
        let arena = Arena::new();
        let (tree, escaped): (Vec<String>, *const u8) = arena.enter(|| {
            let tree: Vec<String> = (0..100).map(|i| format!("node {i}")).collect();
            let escaped = tree[42].as_ptr();
            (tree, escaped)
        });
        // SAFETY: nothing of the arena is used afterwards but the escaped bytes, which
        // stay mapped (a poisoned arena is never released).
        unsafe { arena.free(tree, true) };
        let bytes = unsafe { std::slice::from_raw_parts(escaped, 7) };
        assert_eq!(bytes, [POISON; 7]);
    }

    #[test]
    fn values_allocated_in_an_arena_outlive_its_drop() {
        let arena = Arena::new();
        let v: Vec<String> = arena.enter(|| (0..100).map(|i| i.to_string()).collect());
        drop(arena);
        assert_eq!(v[42], "42");
    }

    #[test]
    fn an_arena_is_active_under_mimalloc_and_frees_its_values_at_once() {
        // The library's tests run with mimalloc as the global allocator (lib.rs).
        let arena = Arena::new();
        assert!(arena.is_active());
        let kept = outside_arena(|| String::from("kept"));
        let tree: Vec<Box<[u8; 64]>> = arena.enter(|| {
            let inner = outside_arena(|| Box::new(7u32));
            assert!(!unsafe { mi_heap_contains_block(arena.heap.get(), &*inner as *const u32 as *const _) });
            (0..1000).map(|_| Box::new([1u8; 64])).collect()
        });
        assert!(unsafe { mi_heap_contains_block(arena.heap.get(), tree[500].as_ptr() as *const _) });
        // SAFETY: nothing of the arena is used afterwards.
        unsafe { arena.free_with(tree) };
        assert_eq!(kept, "kept");
    }
}
