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

impl ObjectRef {
    /// Start loading this node into the cache.
    #[inline]
    pub fn prefetch(&self) {
        node(self.addr());
    }
}

impl ChildRef<'_> {
    /// Start loading this node into the cache.
    #[inline]
    pub fn prefetch(&self) {
        node(self.addr());
    }
}

/// Called at item `i` of a walk over `items`: start loading item `i + 4`, the children
/// of item `i + 3`, the grandchildren of item `i + 2` and the level below of item `i + 1`
/// (each loaded by the calls before).
pub fn ahead<T: AsRef<ObjectRef>>(items: &[T], i: usize) {
    if let Some(item) = items.get(i + 4) {
        item.as_ref().prefetch();
    }
    if let Some(item) = items.get(i + 3) {
        item.as_ref().for_each_child(&mut |c| c.prefetch());
    }
    if let Some(item) = items.get(i + 2) {
        item.as_ref().for_each_child(&mut |c| c.for_each_child(&mut |g| g.prefetch()));
    }
    if let Some(item) = items.get(i + 1) {
        item.as_ref().for_each_child(&mut |c| c.for_each_child(&mut |g| g.for_each_child(&mut |h| h.prefetch())));
    }
}
