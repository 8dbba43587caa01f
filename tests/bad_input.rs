//! The bad-input corpus: every case in `tests/bad_input/` (an input and a
//! `NAME.expect` file) goes through `tvmscript run`, `print` and `check`; each must
//! fail cleanly: the expected exit code, a located message (`file:line:col` and a
//! caret line) with the expected fragment, nothing on stdout for `print`, and
//! never a panic or a native stack overflow.
//!
//! `NAME.expect` holds `key: value` lines (`#` starts a comment line):
//! - `exit: 1` — the accepted exit codes (space-separated); default `1`.
//! - `fragment: TEXT` — must appear in stderr; repeatable.
//! - `location: L:C` | `L` | `any` | `file` | `none` — `file:L:C` (or `file:L:`, or
//!   any `file:N:N`) plus a caret line; `file`: the file name only (unreadable
//!   files); `none`: nothing (a command that succeeds). Default `any`.
//! - `commands: run print check` — which commands to run (default all three).
//! - `args: ...` — extra arguments before the file (e.g. `--timeout 1`).
//! - `input: PATH` — the input, relative to the corpus folder (default `NAME.py`;
//!   it may be missing or a directory).
//! - `generate: TEMPLATE` — the input is generated: `{{N*TEXT}}` repeats TEXT N
//!   times, `\n`, `\t`, `\\` are escapes (for megabyte-sized inputs).
//! - `pending: REASON` — the frontend does not behave so yet: the case runs and is
//!   reported, but does not fail the test (TVM's behaviour is noted in comments).
//! - `run.KEY: ...`, `print.KEY: ...`, `check.KEY: ...` — a per-command `exit`,
//!   `fragment`, `location` or `args`, replacing the general one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const COMMANDS: [&str; 3] = ["run", "print", "check"];
/// A command taking longer than this has hung (every case runs in well under a second,
/// the timeout cases in a few).
const HANG: Duration = Duration::from_secs(60);
const FORBIDDEN: [&str; 5] = ["panicked", "RUST_BACKTRACE", "stack backtrace", "overflowed its stack", "fatal runtime error"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_input")
}

#[derive(Clone, Debug, Default)]
struct Expect {
    exit: Vec<i32>,
    fragments: Vec<String>,
    location: String,
    args: Vec<String>,
}

#[derive(Debug)]
struct Case {
    name: String,
    commands: Vec<String>,
    input: Option<String>,
    generate: Option<String>,
    pending: Option<String>,
    per_command: BTreeMap<String, Expect>,
}

fn parse_expect(name: &str, text: &str) -> Result<Case, String> {
    let mut general = Expect { exit: vec![1], location: "any".into(), ..Default::default() };
    let mut overrides: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut case = Case {
        name: name.to_string(),
        commands: COMMANDS.iter().map(|s| s.to_string()).collect(),
        input: None,
        generate: None,
        pending: None,
        per_command: BTreeMap::new(),
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(':').ok_or_else(|| format!("{name}.expect: `{line}` is not `key: value`"))?;
        let (key, value) = (key.trim(), value.trim().to_string());
        if let Some((cmd, k)) = key.split_once('.') {
            if !COMMANDS.contains(&cmd) {
                return Err(format!("{name}.expect: unknown command `{cmd}`"));
            }
            overrides.entry(cmd.to_string()).or_default().push((k.to_string(), value));
            continue;
        }
        match key {
            "commands" => case.commands = value.split_whitespace().map(str::to_string).collect(),
            "input" => case.input = Some(value),
            "generate" => case.generate = Some(value),
            "pending" => case.pending = Some(value),
            _ => set(&mut general, key, value).map_err(|e| format!("{name}.expect: {e}"))?,
        }
    }
    for cmd in &case.commands {
        let mut e = general.clone();
        let mut fresh_fragments = true;
        for (k, v) in overrides.get(cmd).into_iter().flatten() {
            if k == "fragment" && fresh_fragments {
                e.fragments.clear();
                fresh_fragments = false;
            }
            set(&mut e, k, v.clone()).map_err(|err| format!("{name}.expect: {err}"))?;
        }
        case.per_command.insert(cmd.clone(), e);
    }
    Ok(case)
}

fn set(e: &mut Expect, key: &str, value: String) -> Result<(), String> {
    match key {
        "exit" => {
            e.exit = value.split_whitespace().map(|v| v.parse::<i32>().map_err(|_| format!("bad exit code `{v}`"))).collect::<Result<_, _>>()?
        }
        "fragment" => e.fragments.push(value),
        "location" => e.location = value,
        "args" => e.args = value.split_whitespace().map(str::to_string).collect(),
        other => return Err(format!("unknown key `{other}`")),
    }
    Ok(())
}

/// Expand a `generate:` template.
fn expand(template: &str) -> Result<String, String> {
    let unescape = |s: &str| s.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\");
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&unescape(&rest[..open]));
        let close = rest[open..].find("}}").ok_or("unclosed `{{`")? + open;
        let body = &rest[open + 2..close];
        let (n, text) = body.split_once('*').ok_or("a repeat is `{{N*TEXT}}`")?;
        let n: usize = n.trim().parse().map_err(|_| format!("bad repeat count `{n}`"))?;
        out.push_str(&unescape(text).repeat(n));
        rest = &rest[close + 2..];
    }
    out.push_str(&unescape(rest));
    Ok(out)
}

fn load_cases() -> Vec<Case> {
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("the corpus folder exists")
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".expect")).map(str::to_string))
        .collect();
    names.sort();
    names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(corpus_dir().join(format!("{n}.expect"))).expect("readable .expect");
            parse_expect(n, &text).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

/// Run the binary in `dir` with `args`, capturing output through files (a pipe
/// could fill up), killing it if it hangs.
fn run_binary(dir: &Path, args: &[String], scratch: &Path) -> Outcome {
    let out_path = scratch.with_extension("stdout");
    let err_path = scratch.with_extension("stderr");
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvmscript"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).expect("scratch file"))
        .stderr(std::fs::File::create(&err_path).expect("scratch file"))
        .spawn()
        .expect("the binary starts");
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Outcome { code, stdout: read(&out_path), stderr: read(&err_path), elapsed: start.elapsed() }
}

/// A line of carets under a shown source line (codespan's `│   ^^^` or a traceback's `    ^^^`).
fn has_caret_line(stderr: &str) -> bool {
    stderr.lines().any(|l| {
        let t = l.trim_start().trim_start_matches('│').trim_start();
        t.starts_with('^')
    })
}

/// What is wrong with one command's outcome (empty: all as expected).
fn judge(file: &str, cmd: &str, e: &Expect, o: &Outcome) -> Vec<String> {
    let mut problems = Vec::new();
    match o.code {
        None => problems.push(format!("no exit code (hung for {:?} or killed by a signal)", o.elapsed)),
        Some(c) if !e.exit.contains(&c) => problems.push(format!("exit code {c}, expected {:?}", e.exit)),
        _ => {}
    }
    for f in FORBIDDEN {
        if o.stderr.contains(f) {
            problems.push(format!("stderr contains `{f}`"));
        }
    }
    for f in &e.fragments {
        if !o.stderr.contains(f.as_str()) {
            problems.push(format!("stderr lacks `{f}`"));
        }
    }
    if cmd == "print" && o.code != Some(0) && !o.stdout.is_empty() {
        problems.push("print failed but wrote to stdout".into());
    }
    let located = |prefix: &str| o.stderr.lines().any(|l| l.contains(prefix));
    match e.location.as_str() {
        "none" => {}
        "file" => {
            if !o.stderr.contains(file) {
                problems.push(format!("stderr does not name `{file}`"));
            }
        }
        loc => {
            let ok = if loc == "any" {
                o.stderr.lines().any(|l| has_line_col(l, file))
            } else if loc.contains(':') {
                located(&format!("{file}:{loc}"))
            } else {
                located(&format!("{file}:{loc}:"))
            };
            if !ok {
                problems.push(format!("stderr has no location `{file}:{loc}`"));
            }
            if !has_caret_line(&o.stderr) {
                problems.push("stderr has no caret line".into());
            }
        }
    }
    problems
}

/// `file:N:N` somewhere in the line.
fn has_line_col(line: &str, file: &str) -> bool {
    line.match_indices(&format!("{file}:")).any(|(i, m)| {
        let rest = &line[i + m.len()..];
        let mut parts = rest.splitn(3, ':');
        let num = |s: Option<&str>| s.is_some_and(|s| !s.is_empty() && s.bytes().take_while(u8::is_ascii_digit).count() > 0);
        let a = parts.next();
        let b = parts.next();
        num(a) && a.is_some_and(|s| s.bytes().all(|c| c.is_ascii_digit())) && num(b)
    })
}

struct Report {
    failures: Vec<String>,
    pending_failing: Vec<String>,
    pending_passing: Vec<String>,
    runs: usize,
}

fn run_case(case: &Case, scratch_root: &Path) -> (Vec<String>, usize) {
    let (dir, file) = match (&case.generate, &case.input) {
        (Some(t), _) => {
            let dir = scratch_root.join(format!("gen-{}", case.name));
            std::fs::create_dir_all(&dir).expect("scratch folder");
            let text = expand(t).unwrap_or_else(|e| panic!("{}.expect: {e}", case.name));
            let file = format!("{}.py", case.name);
            std::fs::write(dir.join(&file), text).expect("write generated input");
            (dir, file)
        }
        (None, Some(input)) => (corpus_dir(), input.clone()),
        (None, None) => (corpus_dir(), format!("{}.py", case.name)),
    };
    let mut problems = Vec::new();
    let mut runs = 0;
    for (cmd, e) in &case.per_command {
        let mut args = vec![cmd.clone()];
        args.extend(e.args.iter().cloned());
        args.push(file.clone());
        let scratch = scratch_root.join(format!("{}-{cmd}", case.name));
        let o = run_binary(&dir, &args, &scratch);
        runs += 1;
        for p in judge(&file, cmd, e, &o) {
            let excerpt: String = o.stderr.lines().take(12).collect::<Vec<_>>().join("\n      ");
            problems.push(format!("{} [{cmd}]: {p}\n      {}", case.name, excerpt.chars().take(1500).collect::<String>()));
        }
    }
    (problems, runs)
}

#[test]
fn bad_inputs_fail_cleanly_with_located_messages() {
    let cases = load_cases();
    assert!(cases.len() >= 60, "the corpus has {} cases, expected at least 60", cases.len());
    let scratch_root = std::env::temp_dir().join(format!("tvmscript-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&scratch_root).expect("scratch folder");
    let report = Mutex::new(Report { failures: vec![], pending_failing: vec![], pending_passing: vec![], runs: 0 });
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(4, |n| n.get()).min(8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let (problems, runs) = run_case(case, &scratch_root);
                    let mut r = report.lock().unwrap();
                    r.runs += runs;
                    match (&case.pending, problems.is_empty()) {
                        (None, true) => {}
                        (None, false) => r.failures.extend(problems),
                        (Some(why), false) => r.pending_failing.push(format!("{} ({why})", case.name)),
                        (Some(_), true) => r.pending_passing.push(case.name.clone()),
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&scratch_root);
    let r = report.into_inner().unwrap();
    println!(
        "bad inputs: {} cases, {} command runs, {} failing, {} pending",
        cases.len(),
        r.runs,
        r.failures.len(),
        r.pending_failing.len() + r.pending_passing.len()
    );
    for p in &r.pending_failing {
        println!("  pending, still failing: {p}");
    }
    for p in &r.pending_passing {
        println!("  pending case now passes (remove its `pending:` line): {p}");
    }
    assert!(r.failures.is_empty(), "{} problem(s):\n  {}", r.failures.len(), r.failures.join("\n  "));
}

#[test]
fn expect_format() {
    let c = parse_expect("x", "# c\nexit: 1 2\nfragment: a\nrun.fragment: b\nprint.exit: 0\ncommands: run print\n").unwrap();
    assert_eq!(c.per_command["run"].fragments, vec!["b"]);
    assert_eq!(c.per_command["print"].fragments, vec!["a"]);
    assert_eq!(c.per_command["print"].exit, vec![0]);
    assert_eq!(c.per_command["run"].exit, vec![1, 2]);
    assert!(!c.per_command.contains_key("check"));
    assert_eq!(expand("a{{3*(}}b{{2*\\n}}").unwrap(), "a(((b\n\n");
    assert!(has_line_col("  ┌─ f.py:3:14", "f.py"));
    assert!(!has_line_col("f.py: error", "f.py"));
    assert!(has_caret_line("3 │ x\n  │ ^^^"));
    assert!(parse_expect("x", "bogus: 1").is_err());
}
