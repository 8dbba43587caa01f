//! The front end's second thread, kept from one parse to the next.
//!
//! A parse of a large source gives a second thread two jobs in turn: the second part
//! of the source to parse and transpile (`split`), then the later definitions to
//! lower and the program to compile (`lazy`). A thread started for a parse often
//! began late: in about a third of llm_small's parses the kernel put the new thread
//! on the parsing thread's core, and it ran only when that thread blocked (0.5 to
//! 2.5 ms later, the split parse then ran in series). A thread that sleeps between
//! jobs is woken on the core it last ran on when that core is idle, with its stack
//! and heap ready, and no thread has to be made or ended per parse.
//!
//! Each parsing thread has a worker of its own (sessions are per thread), started
//! with its first large parse and ended when that thread ends. Jobs run in the order
//! they are given; one that panics does not end the worker.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};

use crate::memory::outside_arena;

type Job = Box<dyn FnOnce() + Send>;

thread_local! {
    /// This thread's worker: where its jobs go.
    static WORKER: RefCell<Option<Sender<Job>>> = const { RefCell::new(None) };
}

fn start() -> Option<Sender<Job>> {
    let (jobs, inbox) = channel::<Job>();
    // Deep expressions parse and lower recursively: a stack like the CLI's worker
    // (only touched pages cost memory).
    std::thread::Builder::new()
        .name("tvmscript-front".into())
        .stack_size(crate::memory::HELPER_THREAD_STACK)
        .spawn(move || {
            for job in inbox {
                // The job's channels tell its caller it failed (their senders drop).
                let _ = catch_unwind(AssertUnwindSafe(job));
            }
        })
        .ok()?;
    Some(jobs)
}

/// Start this thread's worker if it has none, so that it waits on a core of its own
/// before its first job; whether there is one.
pub fn ready() -> bool {
    outside_arena(|| {
        WORKER.with(|w| {
            let mut w = w.borrow_mut();
            if w.is_none() {
                *w = start();
            }
            w.is_some()
        })
    })
}

/// Run `job` on this thread's worker (started if need be), after the jobs given
/// before; `false` when no worker could take it (then `job` was dropped here).
pub fn run(job: impl FnOnce() + Send + 'static) -> bool {
    // The job's box and the channel's buffers outlive any arena this thread is in.
    outside_arena(|| {
        let mut job: Job = Box::new(job);
        WORKER.with(|w| {
            let mut w = w.borrow_mut();
            // A worker that ended (it cannot, short of an abort) is started again, once.
            for _ in 0..2 {
                if w.is_none() {
                    *w = start();
                }
                let Some(jobs) = w.as_ref() else { return false };
                match jobs.send(job) {
                    Ok(()) => return true,
                    Err(back) => {
                        job = back.0;
                        *w = None;
                    }
                }
            }
            false
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_in_order_on_one_thread_that_outlives_a_panicking_job() {
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
}
