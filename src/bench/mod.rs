//! `tvmscript bench FILE...`: timings of each stage on large scripts, in one process,
//! with the floor (parsing the same text to a Python AST) measured in the same run so
//! results read as ratios. Peak memory is the process's maximum resident set.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::printer::{PrinterConfig, Syntax};
use crate::script::{self, Source};
use crate::session::Session;

pub mod tvm;

/// The timings of one file (medians over `runs`).
#[derive(Clone, Debug)]
pub struct FileTimes {
    pub name: String,
    pub bytes: usize,
    /// RustPython's parser alone: the floor for any approach.
    pub python_ast: Duration,
    /// Parse + transpile (no execution).
    pub transpile: Duration,
    /// The whole parse to IR (well-formedness check off), or the error that stopped it.
    pub parse: Result<Duration, String>,
    pub print: Option<Duration>,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The median time of `runs` calls of `f` after one untimed call: the figures are
/// for a warm session (the first call also pays for lazily made classes, namespace
/// members and the allocator's first pages; `process s` measures a cold start).
fn time<R>(runs: usize, mut f: impl FnMut() -> R) -> (Duration, R) {
    let mut times = Vec::with_capacity(runs);
    let mut last = Some(f());
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let r = f();
        times.push(t.elapsed());
        last = Some(r);
    }
    (median(times), last.expect("at least one run"))
}

/// Source bytes each stage is timed over at least (in runs of the whole file): a
/// small file's stages take a few milliseconds, where one slow run in a handful
/// moves the median.
const MIN_BYTES_TIMED: usize = 2_000_000;

/// `runs`, or more for a small file (see [`MIN_BYTES_TIMED`]).
fn runs_for(runs: usize, bytes: usize) -> usize {
    runs.max(MIN_BYTES_TIMED.div_ceil(bytes.max(1)).min(50))
}

/// Measure one file.
pub fn bench_file(session: &Session, path: &Path, runs: usize) -> Result<FileTimes, String> {
    let text = crate::vm::run::read_source(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let source = Source::new(&name, &text);
    let runs = runs_for(runs, text.len());
    let (python_ast, _) = time(runs, || rustpython_vm::compiler::parser::parse_module(&text).is_ok());
    let env = script::header::printed_environment();
    let (transpile, _) = time(runs, || script::transpile_source(&source, &env).is_ok());
    let (parse_t, parsed) = time(runs, || session.parse_with(&name, &text, false));
    let (parse, print) = match parsed {
        Ok(defs) => {
            let cfg = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
            let (pt, _) = time(runs, || defs.iter().map(|(_, d)| crate::print(d, &cfg).map(|s| s.len())).collect::<Vec<_>>());
            (Ok(parse_t), Some(pt))
        }
        Err(e) => (Err(e.message.lines().next().unwrap_or("").to_string()), None),
    };
    Ok(FileTimes { name, bytes: text.len(), python_ast, transpile, parse, print })
}

/// The process's peak resident set, in MiB.
pub fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn secs(d: Duration) -> String {
    format!("{:.4}", d.as_secs_f64())
}

/// One whole `tvmscript print --syntax tvm FILE > /dev/null` process: its median
/// wall time over `runs` and its peak resident set in MiB.
pub fn whole_process(path: &Path, runs: usize) -> Result<(Duration, f64), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find the tvmscript binary: {e}"))?;
    let mut times = Vec::new();
    let mut peak = 0.0f64;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let mut child = std::process::Command::new(&exe)
            .args(["print", "--syntax", "tvm", "--color", "never"])
            .arg(path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
        let (status, rss) = wait_with_rss(&mut child)?;
        times.push(start.elapsed());
        if !status {
            return Err(format!("`tvmscript print {}` failed", path.display()));
        }
        peak = peak.max(rss);
    }
    Ok((median(times), peak))
}

/// Wait for `child`; whether it succeeded and its own peak RSS in MiB (`wait4`).
fn wait_with_rss(child: &mut std::process::Child) -> Result<(bool, f64), String> {
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our unreaped child; the pointers are to live locals.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if r != pid {
        return Err(format!("waiting for the child failed: {}", std::io::Error::last_os_error()));
    }
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    Ok((ok, usage.ru_maxrss as f64 / 1024.0))
}

/// TVM 0.27's figures for one file, from `BASELINE.json` (`files.<name>`).
struct Baseline {
    parse: f64,
    /// CPython's `ast.parse` of the same text: the AST floor of a Python-hosted parser.
    cpython_ast: f64,
    print: f64,
    process: f64,
    peak_mib: f64,
}

fn load_baseline(path: &Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))
}

fn baseline_of(json: &serde_json::Value, name: &str) -> Option<Baseline> {
    let f = json.get("files")?.get(name)?;
    let num = |v: Option<&serde_json::Value>| v.and_then(|x| x.as_f64());
    let inp = f.get("in_process_median_s")?;
    let whole = f.get("whole_process")?;
    Some(Baseline {
        // TVM's parse with the well-formedness check off, as ours is timed.
        parse: num(inp.get("parse_no_wellformed_check"))?,
        cpython_ast: num(inp.get("python_ast_parse"))?,
        print: num(inp.get("print"))?,
        process: num(whole.get("wall_s").and_then(|w| w.get("median")))?,
        peak_mib: num(whole.get("peak_mib").and_then(|w| w.get("median")))?,
    })
}

fn ratio(theirs: f64, ours: f64) -> String {
    format!("{:.1}x", theirs / ours.max(1e-9))
}

/// `tvmscript bench`: a table of timings and ratios against TVM 0.27: its
/// in-process figures measured in this run through `tvm` (a command running a
/// Python that imports tvm), else taken from `baseline` (`BASELINE.json`), which
/// also gives the whole-process and memory figures.
pub fn run(paths: &[std::path::PathBuf], runs: usize, baseline: Option<&Path>, tvm: Option<&str>) -> i32 {
    crate::init();
    let baseline = match baseline.map(load_baseline).transpose() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let tvm_cmd = tvm.map(tvm::command_words);
    let tvm_version = match tvm_cmd.as_deref().map(tvm::version).transpose() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    // Whole processes first, while this process is small: a spawned child's peak RSS
    // starts from its parent's (Linux carries the high-water mark across exec).
    let wholes: Vec<Option<(Duration, f64)>> = paths
        .iter()
        .map(|p| match whole_process(p, runs) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("{e}");
                None
            }
        })
        .collect();
    let session = Session::new();
    println!(
        "| file | MB | python AST s | parse s | parse/AST | parse/CPython AST | parse s/MB | print s | process s | process MiB | parse vs TVM | print vs TVM | process vs TVM | memory vs TVM |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut code = 0;
    for (p, whole) in paths.iter().zip(wholes) {
        let t = match bench_file(&session, p, runs) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                code = 1;
                continue;
            }
        };
        let mb = t.bytes as f64 / 1e6;
        let parse = t.parse.as_ref().ok().map(|d| d.as_secs_f64());
        if whole.is_none() {
            code = 1;
        }
        let fixed = baseline.as_ref().and_then(|b| baseline_of(b, &t.name));
        // TVM right after us, in the same minutes.
        let beside = match &tvm_cmd {
            Some(cmd) => match tvm::measure(cmd, p, runs) {
                Ok(m) => Some(m),
                Err(e) => {
                    eprintln!("{e}");
                    code = 1;
                    None
                }
            },
            None => None,
        };
        let in_process = match (&tvm_cmd, &fixed) {
            (Some(_), _) => beside,
            (None, Some(b)) => Some(tvm::TvmTimes { cpython_ast: b.cpython_ast, parse: b.parse, print: b.print }),
            (None, None) => None,
        };
        let dash = || "-".to_string();
        let cell = |v: Option<String>| v.unwrap_or_else(dash);
        println!(
            "| {} | {:.2} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.name,
            mb,
            secs(t.python_ast),
            match &t.parse {
                Ok(d) => secs(*d),
                Err(e) => format!("error: {e}"),
            },
            cell(parse.map(|d| format!("{:.1}x", d / t.python_ast.as_secs_f64().max(1e-9)))),
            cell(in_process.zip(parse).map(|(b, d)| format!("{:.2}x", d / b.cpython_ast.max(1e-9)))),
            cell(parse.map(|d| format!("{:.3}", d / mb.max(1e-9)))),
            cell(t.print.map(secs)),
            cell(whole.map(|(d, _)| secs(d))),
            cell(whole.map(|(_, m)| format!("{m:.0}"))),
            cell(in_process.zip(parse).map(|(b, d)| ratio(b.parse, d))),
            cell(in_process.zip(t.print).map(|(b, d)| ratio(b.print, d.as_secs_f64()))),
            cell(fixed.as_ref().zip(whole).map(|(b, (d, _))| ratio(b.process, d.as_secs_f64()))),
            cell(fixed.as_ref().zip(whole).map(|(b, (_, m))| ratio(b.peak_mib, m))),
        );
    }
    if let (Some(cmd), Some(v)) = (&tvm_cmd, &tvm_version) {
        let rest = if baseline.is_some() { "whole process and memory from the baseline" } else { "no baseline for the whole process and memory" };
        println!("\nTVM {v} measured in this run (`{}`): CPython AST, parse, print; {rest}.", cmd.join(" "));
    }
    println!("\nbench process peak RSS: {:.1} MiB", peak_rss_mib());
    code
}
