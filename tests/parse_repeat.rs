//! Parsing a failing script and then a good one, many times in one session, keeps
//! memory flat and gives the same IR every time (temporary parse state is released
//! on success and on failure).

use tvmscript::ir::structural_equal;
use tvmscript::Session;

const GOOD: &str = r#"
@T.prim_func
def add_one(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i] + T.float32(1.0)
"#;

const BAD: &str = r#"
@T.prim_func
def broken(A: T.Buffer((16,), "float32")):
    for i in range(16):
        A[i] = undefined_name + 1
"#;

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The resident set is the process's: measured in a process of its own, where no
/// other test allocates meanwhile.
#[test]
fn failing_then_good_parse_repeated_keeps_memory_flat() {
    crate::cases::run_alone("parse_repeat::memory_probe", "probe: RSS");
}

#[test]
#[ignore = "run by failing_then_good_parse_repeated_keeps_memory_flat, in a process of its own"]
fn memory_probe() {
    if std::env::var_os(crate::cases::ALONE).is_none() {
        return;
    }
    let session = Session::new();
    let first = session.parse("good.py", GOOD).expect("good script parses");
    assert_eq!(first.len(), 1);
    // Warm up, then measure.
    for _ in 0..50 {
        assert!(session.parse("bad.py", BAD).is_err());
        session.parse("good.py", GOOD).unwrap();
    }
    let before = rss_kib();
    for i in 0..1000 {
        let err = session.parse("bad.py", BAD).unwrap_err();
        assert!(err.message.contains("undefined_name"), "iteration {i}: {}", err.message);
        let again = session.parse("good.py", GOOD).unwrap();
        assert!(structural_equal(&first[0].1, &again[0].1, true), "iteration {i} differs");
    }
    let grown = rss_kib().saturating_sub(before);
    println!("probe: RSS grew by {grown} KiB");
    assert!(grown < 64 * 1024, "RSS grew by {grown} KiB over 1000 failing+good parses");
}

/// A module large enough that its parse is split and lowered on two threads.
fn large_module(functions: usize) -> String {
    let mut text = String::from("@I.ir_module\nclass Module:\n");
    for i in 0..functions {
        text.push_str(&format!(
            "    @T.prim_func\n    def f{i}(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n        for j in range(16):\n            B[j] = A[j] * T.float32({i}.0) + A[15 - j]\n\n"
        ));
    }
    text
}

fn printed(session: &Session, text: &str) -> String {
    let defs = session.parse("large.py", text).unwrap_or_else(|e| panic!("{e}"));
    defs.iter().map(|(_, d)| session.print(d, &Default::default()).unwrap()).collect()
}

#[test]
fn sessions_on_several_threads_at_once_build_what_one_builds() {
    // Each parse runs helper threads (a worker per thread, the split front end, the
    // parallel print, trees freed on short-lived threads); sessions on threads that
    // start and end together must not disturb each other.
    let text = large_module(600);
    assert!(text.len() > 96 * 1024, "{} bytes", text.len());
    let expected = printed(&Session::new().helper_threads(true), &text);
    for round in 0..3 {
        let outputs: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..3).map(|_| s.spawn(|| printed(&Session::new().helper_threads(true), &text))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for out in outputs {
            assert!(out == expected, "round {round}: a thread printed something else");
        }
    }
}
