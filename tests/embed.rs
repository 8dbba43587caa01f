//! Runs `examples/embed.rs` as part of `cargo test`, and checks what it reports.

#[allow(dead_code)]
#[path = "../examples/embed.rs"]
mod embed;

/// Run `f` on the one thread this test binary keeps for sessions.
///
/// The TIRx frontend creates its Python classes on the thread that first loads
/// the `T` namespace only, so a second thread parsing `@T.prim_func` panics; until
/// that is fixed, sessions here stay on one thread.
fn on_session_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    use std::sync::{mpsc, Mutex, OnceLock};
    type Job = Box<dyn FnOnce() + Send>;
    static WORKER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
    let worker = WORKER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::spawn(move || {
            for job in rx {
                job();
            }
        });
        Mutex::new(tx)
    });
    let (tx, rx) = mpsc::channel();
    let job: Job = Box::new(move || {
        let _ = tx.send(catch_unwind(AssertUnwindSafe(f)));
    });
    worker.lock().unwrap_or_else(|e| e.into_inner()).send(job).expect("the session thread runs");
    match rx.recv().expect("the session thread answers") {
        Ok(r) => r,
        Err(panic) => resume_unwind(panic),
    }
}

#[test]
fn embedding_example_runs() {
    let out = on_session_thread(|| embed::run().map_err(|e| e.to_string())).unwrap_or_else(|e| panic!("the example failed: {e}"));
    assert!(out.contains("parsed `scale`: a tirx.PrimFunc"), "{out}");
    // The extension counted the kernel's one loop, from inside the script.
    assert!(out.contains("script reported loops in kernel: 1"), "{out}");
    assert!(out.contains("script defined `copy`: a tirx.PrimFunc"), "{out}");
    assert!(out.contains("script defined `Module`: a ir.IRModule"), "{out}");
    assert!(out.contains("copy equals kernel: true"), "{out}");
    // The module is printed as TVMScript.
    assert!(out.contains("@I.ir_module"), "{out}");
    assert!(out.contains("class Module:"), "{out}");
    assert!(out.contains("A[i] = A[i] + T.float32(1.0)"), "{out}");
}

#[test]
fn sessions_share_registered_extensions() {
    on_session_thread(second_session_sees_the_extension);
}

fn second_session_sees_the_extension() {
    embed::register_extension();
    let session = tvmscript::Session::new();
    let text = "from tvm.script import demo\n\n@T.prim_func\ndef f(A: T.Buffer((2,), \"int32\")):\n    for i in range(2):\n        for j in range(2):\n            A[i] = j\n\nn = demo.count(f, \"tirx.For\")\nassert n == 2, n\n";
    session.run("nested.py", text, &[]).unwrap_or_else(|e| panic!("{e}"));
}
