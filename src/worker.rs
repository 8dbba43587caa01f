//! A second thread per working thread, kept from one job to the next.
//!
//! A parse of a large source gives a second thread two jobs in turn: the second part
//! of the source to parse and transpile (`script::split`), then the later
//! definitions to lower and the program to compile (`script::lazy`); a module's print
//! gives it half of the functions (`dialects::ir::parallel_print`). A thread started
//! for a job often began late: in about a third of llm_small's parses the kernel put
//! the new thread on the starting thread's core (the other still counted busy with
//! what had run there last), and it ran only when that thread blocked, 0.5 to 2.5 ms
//! later; starting and joining a thread took 0.5-1 ms more. A thread that sleeps
//! between jobs has its stack and heap ready, and is steered to another core than the
//! caller's before each wake-up ([`steer`]).
//!
//! Each thread that gives jobs has a worker of its own (sessions are per thread),
//! started with its first job and ended when that thread ends. Jobs run in the order
//! they are given; one that panics does not end the worker.
//!
//! A library starts no thread its embedder did not ask for: helper threads (this
//! worker and the short-lived ones of `memory::dispose` and the printer's common
//! prefixes) start only on a thread inside [`with_helper_threads`]`(true, ..)` (the
//! CLI's, or a `Session` built with `helper_threads(true)`); elsewhere every job runs
//! on the calling thread, with the same results.

use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};

use crate::memory::outside_arena;

type Job = Box<dyn FnOnce() + Send>;

/// A started worker.
struct Worker {
    jobs: Sender<Job>,
    /// Its kernel thread id, to steer it (see [`steer`]).
    tid: i32,
}

thread_local! {
    /// Whether this thread may start helper threads (see [`with_helper_threads`]).
    static HELPERS: Cell<bool> = const { Cell::new(false) };
    /// Helper threads started on behalf of this thread (see [`helper_threads_started`]).
    static STARTED: Cell<usize> = const { Cell::new(0) };
    /// This thread's worker: where its jobs go.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
    /// On a worker: the cores it may run on when not steered.
    static ALLOWED: RefCell<Option<affinity::Set>> = const { RefCell::new(None) };
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
    let (tell, told) = channel::<i32>();
    // Deep expressions parse, lower and print recursively: a stack like the CLI's
    // worker (only touched pages cost memory).
    spawn_helper("tvmscript-worker", Some(crate::memory::HELPER_THREAD_STACK), move || {
            // Its jobs come from a thread that allowed helpers; so may theirs.
            HELPERS.with(|h| h.set(true));
            ALLOWED.with(|a| *a.borrow_mut() = Some(affinity::current()));
            let _ = tell.send(affinity::thread_id());
            for job in inbox {
                unsteer();
                // The job's channels tell its caller it failed (their senders drop).
                let _ = catch_unwind(AssertUnwindSafe(job));
            }
        })?;
    // Waiting for the new thread to run once (a new thread is placed by other rules
    // than a woken one, often on this thread's core) lets the first job be steered.
    let tid = told.recv().ok()?;
    Some(Worker { jobs, tid })
}

/// Before waking this thread's worker inside a job (with a message on the job's own
/// channel, which it waits for): have it woken on another core, as [`run`] does.
pub fn steer_worker() {
    let _ = WORKER.try_with(|w| {
        if let Some(worker) = w.borrow().as_ref() {
            steer(worker);
        }
    });
}

/// On a worker, once it runs (a job started, or a message woke it inside one): free
/// to run on any core again (see [`steer`]). Elsewhere, nothing.
pub fn unsteer() {
    ALLOWED.with(|a| {
        if let Some(allowed) = a.borrow().as_ref() {
            affinity::restore(allowed);
        }
    });
}

/// Wake the worker on another core than this thread's.
///
/// A sleeping thread is woken on the core it last ran on when that core is idle;
/// but when another process had just run there (the bench's TVM, which this thread
/// had just waited for), this VM's kernel put the worker on this thread's core in
/// two prints of three: it preempted this thread or waited for it, and the two
/// halves of a print ran one after the other. So the worker may run only on the
/// other cores until it starts its job, and is free again from then on.
fn steer(worker: &Worker) {
    if worker.tid != 0 && !crate::perf_switch::off("steer") {
        affinity::elsewhere(worker.tid);
    }
}

/// Start this thread's worker if it has none, so that it waits on a core of its own
/// before its first job; whether there is one.
pub fn ready() -> bool {
    outside_arena(|| {
        // While this thread's locals are being destroyed (a value dropped then asks),
        // there is no worker.
        WORKER.try_with(|w| started_in(&mut w.borrow_mut()).is_some()).unwrap_or(false)
    })
}

/// Run `job` on this thread's worker (started if need be), after the jobs given
/// before; `false` when no worker could take it (then `job` was dropped here).
pub fn run(job: impl FnOnce() + Send + 'static) -> bool {
    // The job's box and the channel's buffers outlive any arena this thread is in.
    outside_arena(|| send(Box::new(job)))
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
            steer(worker);
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

/// Run `job` on this thread's worker if it has one (as [`run`]); `false`, with `job`
/// dropped here, if it has none.
pub fn run_if_started(job: impl FnOnce() + Send + 'static) -> bool {
    started() && run(job)
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
    let (done, result) = outside_arena(channel::<A>);
    let job: Box<dyn FnOnce() + Send + 'a> = outside_arena(|| {
        Box::new(move || {
            let _ = done.send(there());
        })
    });
    // SAFETY: only the lifetime is erased. This function does not return, nor
    // unwind, before the job has ended: `result.recv()` returns once `there` has
    // returned and its value was sent, or once `done` was dropped (the job unwound
    // or was dropped unrun), after `there` and all it captured were dropped. So
    // nothing borrowed for `'a` is used after the caller's borrow ends.
    let job: Job = unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + 'a>, Job>(job) };
    let sent = outside_arena(|| send(job));
    let here = catch_unwind(AssertUnwindSafe(here));
    let there = if sent { outside_arena(|| result.recv().ok()) } else { None };
    match here {
        Ok(here) => (there, here),
        Err(panic) => resume_unwind(panic),
    }
}

/// Which cores a thread may run on (Linux; elsewhere these do nothing).
mod affinity {
    #[cfg(target_os = "linux")]
    pub type Set = Option<libc::cpu_set_t>;
    #[cfg(not(target_os = "linux"))]
    pub type Set = ();

    /// The calling thread's kernel id.
    pub fn thread_id() -> i32 {
        #[cfg(target_os = "linux")]
        // SAFETY: gettid takes nothing and cannot fail.
        return unsafe { libc::gettid() };
        #[cfg(not(target_os = "linux"))]
        0
    }

    /// The cores the calling thread may run on.
    pub fn current() -> Set {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: an all-zero cpu_set_t is a valid empty set; the pointer is to a
            // live local of the size given.
            let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
            let ok = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) } == 0;
            ok.then_some(set)
        }
    }

    /// Let the calling thread run on `set` again.
    pub fn restore(set: &Set) {
        #[cfg(target_os = "linux")]
        if let Some(set) = set {
            // SAFETY: `set` is a valid set of the size given.
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set) };
        }
        #[cfg(not(target_os = "linux"))]
        let _ = set;
    }

    /// Let thread `tid` run only on the cores the calling thread may use other than
    /// the one it runs on, if there are any.
    pub fn elsewhere(tid: i32) {
        #[cfg(target_os = "linux")]
        {
            let Some(mut set) = current() else { return };
            // SAFETY: sched_getcpu takes nothing; the set macros index within the set.
            let here = unsafe { libc::sched_getcpu() };
            if here < 0 || here as usize >= libc::CPU_SETSIZE as usize {
                return;
            }
            unsafe { libc::CPU_CLR(here as usize, &mut set) };
            if unsafe { libc::CPU_COUNT(&set) } == 0 {
                return;
            }
            // SAFETY: `set` is a valid set of the size given; a failure (the thread
            // gone) leaves everything as it was.
            unsafe { libc::sched_setaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        }
        #[cfg(not(target_os = "linux"))]
        let _ = tid;
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

    /// Steered, the worker may run on every allowed core but one (the caller's), and
    /// on all of them again once its job runs.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_steered_worker_avoids_one_core_until_its_job_starts() {
        with_helper_threads(true, steered_worker);
    }

    #[cfg(target_os = "linux")]
    fn steered_worker() {
        let count = |set: &libc::cpu_set_t| unsafe { libc::CPU_COUNT(set) };
        let Some(allowed) = affinity::current() else { return };
        if count(&allowed) < 2 {
            return;
        }
        assert!(ready());
        let tid = WORKER.with(|w| w.borrow().as_ref().map(|w| w.tid)).unwrap();
        steer_worker();
        // SAFETY: an all-zero set is valid; the pointer is to a live local.
        let mut steered: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::sched_getaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &mut steered) }, 0);
        assert_eq!(count(&steered), count(&allowed) - 1);
        let (during, ()) = scoped(|| affinity::current().map(|s| count(&s)), || ());
        assert_eq!(during.flatten(), Some(count(&allowed)));
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
