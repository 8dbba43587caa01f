//! Limits for running scripts that may be hostile or simply wrong: the Python
//! recursion depth, a wall-clock budget, and the native stack the interpreter and
//! the frontend run on.
//!
//! - **Recursion.** Python-level recursion is bounded by `sys.setrecursionlimit`
//!   ([`Limits::recursion_limit`], default 1000 as in CPython); RustPython also
//!   raises `RecursionError` before the native stack runs out, even when a script
//!   raises the limit. Deeply nested *source* (brackets, indentation, operator
//!   chains) is refused by the frontend before parsing (`script::nesting`).
//! - **Stack.** Parsing, transpiling and printing recurse over trees; [`with_stack`]
//!   runs them on a thread with a large stack ([`DEFAULT_STACK_SIZE`]), which only
//!   reserves address space until used.
//! - **Time.** A [`Watchdog`] raises `TimeoutError` inside the interpreter once the
//!   budget is spent, at the next bytecode instruction (through RustPython's
//!   user-signal channel, see [`Interrupter`]), and again at every instruction
//!   after that until the run ends, so a script that catches the error cannot
//!   carry on (the watchdog also re-sends it every [`REPEAT_INTERVAL`], for other
//!   interpreters of the process that consume the shared signal flag). Native code
//!   that never returns to the interpreter (one huge `10 ** 10 ** 9`) cannot be
//!   interrupted this way; for that the watchdog can end the process after a grace
//!   period ([`HardExit`], used by the CLI).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustpython_vm::signal::{user_signal_channel, UserSignal, UserSignalReceiver, UserSignalSender};
use rustpython_vm::VirtualMachine;

pub use crate::stack::{remaining_stack, with_stack, DEFAULT_STACK_SIZE};

/// Python's default recursion limit (CPython's).
pub const DEFAULT_RECURSION_LIMIT: usize = 1000;
/// Largest source file read (a device such as `/dev/zero` never ends).
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;
/// How often the watchdog raises again after the deadline.
pub const REPEAT_INTERVAL: Duration = Duration::from_millis(20);

/// The limits a run is held to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// `sys.getrecursionlimit()` at start (a script may change it).
    pub recursion_limit: usize,
    /// Wall-clock budget of the script; `None`: unlimited.
    pub timeout: Option<Duration>,
    /// Native stack of the thread the work runs on, in bytes.
    pub stack_size: usize,
    /// Run the file in the sandbox (no file, network or process access; see
    /// `vm::sandbox`): what `print`, `check`, `roundtrip` and `fmt` do unless told
    /// `--allow-io`.
    pub sandbox: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { recursion_limit: DEFAULT_RECURSION_LIMIT, timeout: None, stack_size: DEFAULT_STACK_SIZE, sandbox: false }
    }
}

/// Raises exceptions inside one interpreter from any thread, through RustPython's
/// user-signal channel: the interpreter runs the queued action at its next
/// instruction boundary. Give it to [`crate::vm::InterpOptions::interrupter`] before
/// the interpreter is built.
#[derive(Clone)]
pub struct Interrupter {
    tx: UserSignalSender,
    rx: Arc<Mutex<Option<UserSignalReceiver>>>,
}

impl std::fmt::Debug for Interrupter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Interrupter")
    }
}

impl Default for Interrupter {
    fn default() -> Self {
        Self::new()
    }
}

impl Interrupter {
    /// An interrupter not yet attached to an interpreter.
    pub fn new() -> Self {
        let (tx, rx) = user_signal_channel();
        Interrupter { tx, rx: Arc::new(Mutex::new(Some(rx))) }
    }

    /// Connect to the interpreter being built (its init hook); once only.
    pub fn attach(&self, vm: &mut VirtualMachine) {
        if let Some(rx) = self.rx.lock().unwrap_or_else(|e| e.into_inner()).take() {
            vm.set_user_signal_channel(rx);
        }
    }

    /// Raise `TimeoutError(message)` in the interpreter while `armed` holds.
    /// False when the interpreter is gone.
    pub fn raise_timeout(&self, message: &str, armed: &Arc<AtomicBool>) -> bool {
        self.tx.send(timeout_signal(self.tx.clone(), Arc::from(message), armed.clone())).is_ok()
    }
}

/// The queued action that raises `TimeoutError`. Raising queues it again, so every
/// following instruction raises too: a script that catches the error (`except
/// BaseException: pass` inside a loop) cannot carry on.
fn timeout_signal(tx: UserSignalSender, message: Arc<str>, armed: Arc<AtomicBool>) -> UserSignal {
    Box::new(move |vm: &VirtualMachine| {
        if !armed.load(Ordering::Acquire) {
            return Ok(());
        }
        let _ = tx.send(timeout_signal(tx.clone(), message.clone(), armed.clone()));
        // Built by calling the class: TimeoutError is an OSError, whose instances
        // have their own layout.
        let ty = vm.ctx.exceptions.timeout_error.to_owned();
        Err(vm.invoke_exception(ty, vec![vm.ctx.new_str(&*message).into()]).unwrap_or_else(|e| e))
    })
}

/// Ending the process when the interpreter does not stop after its deadline
/// (stuck in native code, or catching every `TimeoutError`).
#[derive(Clone, Debug)]
pub struct HardExit {
    /// Time after the deadline before the process exits.
    pub grace: Duration,
    /// Printed to stderr before exiting (names the file).
    pub message: String,
    /// The process's exit code.
    pub exit_code: i32,
}

struct WatchState {
    stopped: Mutex<bool>,
    wake: Condvar,
}

/// Enforces a time budget on an interpreter; stops (and disarms) when dropped.
pub struct Watchdog {
    state: Arc<WatchState>,
    armed: Arc<AtomicBool>,
    fired: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// The message of the `TimeoutError` a spent budget raises.
pub fn timeout_message(timeout: Duration) -> String {
    format!("the script ran longer than its time limit of {}", format_duration(timeout))
}

fn format_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 { format!("{s:.0} s") } else { format!("{s} s") }
}

impl Watchdog {
    /// Start timing: after `timeout`, raise `TimeoutError` in the interpreter
    /// `interrupter` is attached to, and keep raising until stopped.
    pub fn start(interrupter: &Interrupter, timeout: Duration, hard_exit: Option<HardExit>) -> Watchdog {
        let state = Arc::new(WatchState { stopped: Mutex::new(false), wake: Condvar::new() });
        let armed = Arc::new(AtomicBool::new(true));
        let fired = Arc::new(AtomicBool::new(false));
        let (st, arm, fire, intr) = (state.clone(), armed.clone(), fired.clone(), interrupter.clone());
        let deadline = Instant::now() + timeout;
        let message = timeout_message(timeout);
        let thread = std::thread::Builder::new()
            .name("tvmscript-watchdog".into())
            .spawn(move || {
                let mut wait_until = deadline;
                loop {
                    let stopped = st.stopped.lock().unwrap_or_else(|e| e.into_inner());
                    let now = Instant::now();
                    let (stopped, _) = st
                        .wake
                        .wait_timeout_while(stopped, wait_until.saturating_duration_since(now), |s| !*s)
                        .unwrap_or_else(|e| e.into_inner());
                    if *stopped {
                        return;
                    }
                    drop(stopped);
                    let now = Instant::now();
                    if now < wait_until {
                        continue;
                    }
                    if let Some(h) = &hard_exit
                        && now >= deadline + h.grace
                        && arm.load(Ordering::Acquire)
                    {
                        eprintln!("{}", h.message);
                        // `_exit`, not `exit`: the interpreter thread is still running,
                        // and `exit` would tear down state under it.
                        // SAFETY: `_exit` ends the process at once; nothing runs after it.
                        unsafe { libc::_exit(h.exit_code) };
                    }
                    fire.store(true, Ordering::Release);
                    // Raised again and again: another interpreter in the process may
                    // consume the shared "signal pending" flag first, and a script may
                    // catch the error.
                    if !intr.raise_timeout(&message, &arm) {
                        return;
                    }
                    wait_until = now + REPEAT_INTERVAL;
                }
            })
            .ok();
        Watchdog { state, armed, fired, thread }
    }

    /// Whether the deadline passed (the interpreter was interrupted).
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::Acquire)
    }

    /// Stop timing; pending interruptions become no-ops.
    pub fn stop(&mut self) {
        self.armed.store(false, Ordering::Release);
        *self.state.stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.state.wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop();
    }
}
