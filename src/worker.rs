//! A second thread per working thread, kept from one job to the next.
//!
//! A parse of a large source gives a second thread two jobs in turn: the second part
//! of the source to parse and transpile (`program::split`), then the later
//! definitions to lower and the program to compile (`program::lazy`); a module's print
//! gives it half of the functions (`dialects::ir::parallel_print`). A thread started
//! for a job often began late: in about a third of llm_small's parses the kernel put
//! the new thread on the starting thread's core (the other still counted busy with
//! what had run there last), and it ran only when that thread blocked, 0.5 to 2.5 ms
//! later; starting and joining a thread took 0.5-1 ms more. A thread that sleeps
//! between jobs has its stack and heap ready. The worker's core is left to the
//! scheduler: a library leaves thread affinities alone.
//!
//! Each thread that gives jobs has a worker of its own (sessions are per thread),
//! started with its first job and ended when that thread ends. Jobs run in the order
//! they are given; one that panics does not end the worker.
//!
//! A library starts no thread its embedder did not ask for: helper threads (this
//! worker and the short-lived ones of `memory::dispose`) start only on a thread inside [`with_helper_threads`]`(true, ..)` (the
//! CLI's, or a `Session` built with `helper_threads(true)`); elsewhere every job runs
//! on the calling thread, with the same results.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};

type Job = Box<dyn FnOnce() + Send>;

/// A started worker: where its jobs go.
struct Worker {
    jobs: Sender<Job>,
}

thread_local! {
    /// Whether this thread may start helper threads (see [`with_helper_threads`]).
    static HELPERS: Cell<bool> = const { Cell::new(false) };
    /// Helper threads started on behalf of this thread (see [`helper_threads_started`]).
    static STARTED: Cell<usize> = const { Cell::new(0) };
    /// This thread's worker.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Run `f` with helper threads allowed on this thread (`on`) or not, restoring the
/// old setting after (also when `f` unwinds).
pub fn with_helper_threads<R>(on: bool, f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            let _ = HELPERS.try_with(|h| h.set(self.0));
        }
    }
    let _restore = Restore(HELPERS.with(|h| h.replace(on)));
    f()
}

/// Whether this thread may start helper threads now.
pub fn helpers_allowed() -> bool {
    HELPERS.try_with(Cell::get).unwrap_or(false)
}

/// How many helper threads this thread has started (a count for tests: an
/// embedder's thread that did not ask must stay at zero).
pub fn helper_threads_started() -> usize {
    STARTED.try_with(Cell::get).unwrap_or(0)
}

/// Start a helper thread for this thread, if helper threads are allowed here.
pub fn spawn_helper<T: Send + 'static>(
    name: &str,
    stack: Option<usize>,
    f: impl FnOnce() -> T + Send + 'static,
) -> Option<std::thread::JoinHandle<T>> {
    if !helpers_allowed() {
        return None;
    }
    let mut builder = std::thread::Builder::new().name(name.into());
    if let Some(stack) = stack {
        builder = builder.stack_size(stack);
    }
    let handle = builder.spawn(f).ok()?;
    let _ = STARTED.try_with(|s| s.set(s.get() + 1));
    Some(handle)
}

fn start() -> Option<Worker> {
    let (jobs, inbox) = channel::<Job>();
    // Deep expressions parse, lower and print recursively: a stack like the CLI's
    // worker (only touched pages cost memory).
    spawn_helper("tvmscript-worker", Some(crate::memory::HELPER_THREAD_STACK), move || {
            // Its jobs come from a thread that allowed helpers; so may theirs.
            HELPERS.with(|h| h.set(true));
            for job in inbox {
                // The job's channels tell its caller it failed (their senders drop).
                let _ = catch_unwind(AssertUnwindSafe(job));
            }
        })?;
    Some(Worker { jobs })
}

/// Start this thread's worker if it has none, so that it waits on a core of its own
/// before its first job; whether there is one.
pub fn ready() -> bool {
    // While this thread's locals are being destroyed (a value dropped then asks),
    // there is no worker.
    WORKER.try_with(|w| started_in(&mut w.borrow_mut()).is_some()).unwrap_or(false)
}

/// Run `job` on this thread's worker (started if need be), after the jobs given
/// before; `false` when no worker could take it (then `job` was dropped here).
pub fn run(job: impl FnOnce() + Send + 'static) -> bool {
    send(Box::new(job))
}

/// The worker in `slot`, started there if it is empty.
fn started_in(slot: &mut Option<Worker>) -> Option<&Worker> {
    if slot.is_none() {
        *slot = start();
    }
    slot.as_ref()
}

fn send(mut job: Job) -> bool {
    let sent = WORKER.try_with(|w| {
        let mut w = w.borrow_mut();
        // A worker that ended (it cannot, short of an abort) is started again, once.
        for _ in 0..2 {
            let Some(worker) = started_in(&mut w) else { return false };
            match worker.jobs.send(job) {
                Ok(()) => return true,
                Err(back) => {
                    job = back.0;
                    *w = None;
                }
            }
        }
        false
    });
    sent.unwrap_or(false)
}

fn started() -> bool {
    WORKER.try_with(|w| w.borrow().is_some()).unwrap_or(false)
}

/// Run `f` on this thread's worker if it has one, and wait for its result.
pub fn if_started<R: Send>(f: impl FnOnce() -> R + Send) -> Option<R> {
    if !started() {
        return None;
    }
    scoped(f, || ()).0
}

/// Run `there` on the worker while `here` runs on this thread, and return both
/// results once both have ended: `there`'s is `None` when it panicked or no worker
/// could run it. Unlike a job given to [`run`], `there` may borrow from the caller.
pub fn scoped<'a, A: Send + 'a, B>(there: impl FnOnce() -> A + Send + 'a, here: impl FnOnce() -> B) -> (Option<A>, B) {
    let (done, result) = channel::<A>();
    let job: Box<dyn FnOnce() + Send + 'a> = Box::new(move || {
        let _ = done.send(there());
    });
    // SAFETY: only the lifetime is erased. This function does not return, nor
    // unwind, before the job has ended: `result.recv()` returns once `there` has
    // returned and its value was sent, or once `done` was dropped (the job unwound
    // or was dropped unrun), after `there` and all it captured were dropped. So
    // nothing borrowed for `'a` is used after the caller's borrow ends.
    let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + 'a>, Job>(job) };
    let sent = send(job);
    let here = catch_unwind(AssertUnwindSafe(here));
    let there = if sent { result.recv().ok() } else { None };
    match here {
        Ok(here) => (there, here),
        Err(panic) => resume_unwind(panic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_in_order_on_one_thread_that_outlives_a_panicking_job() {
        with_helper_threads(true, jobs_run_in_order);
    }

    fn jobs_run_in_order() {
        let (tx, rx) = channel();
        let here = std::thread::current().id();
        for i in 0..3 {
            let tx = tx.clone();
            assert!(run(move || {
                if i == 1 {
                    panic!("a failing job");
                }
                tx.send((i, std::thread::current().id())).unwrap();
            }));
        }
        drop(tx);
        let got: Vec<_> = rx.iter().collect();
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(got[0].1, got[1].1, "one worker");
        assert_ne!(got[0].1, here);
    }

    #[test]
    fn a_scoped_job_borrows_and_both_sides_finish() {
        with_helper_threads(true, scoped_job);
    }

    fn scoped_job() {
        let mut left = vec![1, 2, 3];
        let right = vec![10, 20];
        let (there, here) = scoped(
            || {
                left.push(4);
                (left.iter().sum::<i32>(), std::thread::current().id())
            },
            || right.iter().sum::<i32>(),
        );
        let (sum, thread) = there.expect("the worker ran it");
        assert_eq!((sum, here), (10, 30));
        assert_ne!(thread, std::thread::current().id());
        assert_eq!(left, [1, 2, 3, 4]);
        // A panic there is a `None` here, and the worker lives on.
        let (failed, _) = scoped(|| -> i32 { panic!("a failing job") }, || ());
        assert_eq!(failed, None);
        assert_eq!(scoped(|| 1, || 2), (Some(1), 2));
    }

    /// `scoped`'s SAFETY: it returns (or unwinds) only after the job has ended, so
    /// what the job borrows outlives it, also when this side panics first.
    #[test]
    fn a_scoped_job_ends_before_a_panic_here_leaves_its_borrows() {
        with_helper_threads(true, || {
            let mut finished = false;
            let unwound = catch_unwind(AssertUnwindSafe(|| {
                scoped(
                    || {
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        finished = true;
                    },
                    || panic!("this side fails first"),
                )
            }));
            assert!(unwound.is_err());
            assert!(finished, "the job was still running when scoped unwound");
        });
    }

    #[test]
    fn without_helper_threads_nothing_starts_and_scoped_jobs_run_here() {
        assert!(!helpers_allowed());
        assert!(!ready());
        assert!(!run(|| ()));
        let (there, here) = scoped(|| 1, || 2);
        assert_eq!((there, here), (None, 2));
        assert_eq!(helper_threads_started(), 0);
        // Asked for, then no longer: the setting is scoped.
        with_helper_threads(true, || assert!(helpers_allowed()));
        assert!(!helpers_allowed());
    }
}
