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

use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::Mutex;

use libmimalloc_sys::{
    mi_heap_contains_block, mi_heap_delete, mi_heap_destroy, mi_heap_get_backing, mi_heap_new, mi_heap_set_default, mi_heap_t,
    mi_is_in_heap_region, mi_option_get, mi_option_max_segment_reclaim, mi_option_set,
};

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
        let heap = if crate::perf_switch::off("arena") { std::ptr::null_mut() } else { unsafe { mi_heap_new() } };
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
        if !self.is_active() {
            drop(owner);
            return;
        }
        std::mem::forget(owner);
        let heap = self.heap.replace(std::ptr::null_mut());
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
