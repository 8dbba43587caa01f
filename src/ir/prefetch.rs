//! Cache hints for walks over cold IR. A module is built long before it is printed, so
//! a printer's first read of almost every node misses the cache, and those misses, not
//! the work, bound it. A walk over a sequence (a block's bindings) asks for the next
//! items' nodes before it needs them: each level of the tree one step further ahead,
//! since a node's children are known only once the node itself is loaded.
//!
//! Hints only: no effect on behaviour, and none on targets without a prefetch.

use super::object::{ChildRef, ObjectRef};

/// Start loading the node at `addr` (a node's address, as `ObjectRef::addr` gives it).
#[inline]
fn node(addr: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // The reference counts sit just before the node; most nodes fit in two lines.
        let start = addr.wrapping_sub(16) as *const i8;
        // SAFETY: a prefetch never faults and reads nothing the program sees.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(start);
            _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(64));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = addr;
}

impl ChildRef<'_> {
    /// Start loading this node into the cache.
    #[inline]
    pub fn prefetch(&self) {
        node(self.addr());
    }
}

/// How many levels of an item's tree `ahead` loads.
const LEVELS: usize = 4;

/// Called at item `i` of a walk over `items`: start loading level `d` (0: the item
/// itself) of item `i + LEVELS - d`, for each level. Level `d - 1` of that item was
/// asked for by the call before, so reading it to find level `d` rarely waits.
pub fn ahead<T: AsRef<ObjectRef>>(items: &[T], i: usize) {
    if crate::perf_switch::off("prefetch") {
        return;
    }
    for depth in 0..LEVELS {
        if let Some(item) = items.get(i + LEVELS - depth) {
            level(&ChildRef::Erased(item.as_ref()), depth);
        }
    }
}

/// Start loading the nodes `depth` levels below `node`.
fn level(node: &ChildRef<'_>, depth: usize) {
    if depth == 0 {
        node.prefetch();
    } else {
        node.for_each_child(&mut |c| level(&c, depth - 1));
    }
}
