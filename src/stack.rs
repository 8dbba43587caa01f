//! The native stack: how much of it is left on this thread, and running work on a
//! thread with a large one. The front end refuses source nested deeper than the
//! stack allows (`script::nesting`); commands run on [`DEFAULT_STACK_SIZE`].

use std::sync::Mutex;

/// Bytes of native stack left below the caller on this thread, where the platform
/// tells (Linux); `None` elsewhere.
pub fn remaining_stack() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let here = 0u8;
        let here = &here as *const u8 as usize;
        let (base, size) = stack_bounds()?;
        // The stack grows down from `base + size` towards `base`.
        here.checked_sub(base).filter(|r| *r <= size)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// This thread's stack: its lowest address and its size. Asked once per thread: on
/// the main thread glibc reads `/proc/self/maps` to answer (0.2 ms, at every parse).
#[cfg(target_os = "linux")]
fn stack_bounds() -> Option<(usize, usize)> {
    thread_local! {
        static BOUNDS: std::cell::Cell<Option<Option<(usize, usize)>>> = const { std::cell::Cell::new(None) };
    }
    BOUNDS.with(|b| {
        if let Some(known) = b.get() {
            return known;
        }
        // SAFETY: `attr` (all-zero is a valid starting value for a plain C struct) is
        // initialized by pthread_getattr_np and destroyed after use; the
        // out-pointers are to live locals.
        let bounds = unsafe {
            let mut attr: libc::pthread_attr_t = std::mem::zeroed();
            if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
                None
            } else {
                let mut base: *mut libc::c_void = std::ptr::null_mut();
                let mut size: libc::size_t = 0;
                let ok = libc::pthread_attr_getstack(&attr, &mut base, &mut size) == 0;
                libc::pthread_attr_destroy(&mut attr);
                ok.then_some((base as usize, size))
            }
        };
        b.set(Some(bounds));
        bounds
    })
}

/// Stack of the thread running a command: 256 MiB of address space.
pub const DEFAULT_STACK_SIZE: usize = 256 << 20;
/// Run `f` on a new thread with `stack_size` bytes of stack and return its result
/// (a panic in `f` continues on the caller's thread). If no thread can be made,
/// `f` runs on the current one.
pub fn with_stack<R: Send>(stack_size: usize, f: impl FnOnce() -> R + Send) -> R {
    let slot = Mutex::new(Some(f));
    let take = || slot.lock().unwrap_or_else(|e| e.into_inner()).take();
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("tvmscript".into())
            .stack_size(stack_size)
            .spawn_scoped(s, || take().map(|f| f()));
        match spawned.map(|h| h.join()) {
            Ok(Ok(Some(r))) => r,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // Not spawned: the closure is still in the slot.
            Ok(Ok(None)) | Err(_) => match take() {
                Some(f) => f(),
                None => unreachable!("the thread ran the closure"),
            },
        }
    })
}

