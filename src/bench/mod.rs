//! `tvmscript bench FILE...`: timings of each stage on large scripts, in one process,
//! with the floor (parsing the same text to a Python AST) and, with `--tvm`, TVM's
//! own stages timed in the same rounds (`rounds`), so results read as ratios. Peak
//! memory is the process's maximum resident set.

use std::path::Path;
use std::time::Instant;

use crate::session::Session;

pub mod api;
mod rounds;
pub mod tvm;

/// The process's peak resident set, in MiB.
pub fn peak_rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Seconds with four decimals, or three significant digits below 10 ms (a print of
/// 0.8 ms: four decimals would round away an eighth of it).
fn secs(s: f64) -> String {
    let decimals = if s > 0.0 && s < 0.01 { (2.0 - s.log10().floor()) as usize } else { 4 };
    format!("{s:.decimals$}")
}

/// One whole `tvmscript print --syntax tvm FILE > /dev/null` process: its median
/// wall time over `runs` and its peak resident set in MiB.
pub fn whole_process(path: &Path, runs: usize) -> Result<(f64, f64), String> {
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
        times.push(start.elapsed().as_secs_f64());
        if !status {
            return Err(format!("`tvmscript print {}` failed", path.display()));
        }
        peak = peak.max(rss);
    }
    Ok((rounds::median(times).unwrap_or_default(), peak))
}

/// Wait for `child`; whether it succeeded and its own peak RSS in MiB (`wait4`).
fn wait_with_rss(child: &mut std::process::Child) -> Result<(bool, f64), String> {
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage (plain integers) is a valid value for wait4 to fill
    // in; `pid` is our unreaped child (so no other process is reaped); the pointers
    // are to live locals.
    let (r, usage) = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        (libc::wait4(pid, &mut status, 0, &mut usage), usage)
    };
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

/// Replaces the interpreter's `sys.stdout` with a sink that keeps nothing.
const DISCARD_STDOUT: &str = "import sys\n\nclass _Discard:\n    def write(self, text):\n        return len(text)\n\n    def flush(self):\n        pass\n\nsys.stdout = _Discard()\n";

/// `tvmscript bench`: a table of timings and ratios against TVM 0.27: its
/// in-process figures measured in this run through `tvm` (a command running a
/// Python that imports tvm), else taken from `baseline` (`BASELINE.json`), which
/// also gives the whole-process and memory figures. With `api_only`, only the
/// Python API stages run (the files' stages and whole processes do not).
pub fn run(paths: &[std::path::PathBuf], runs: usize, baseline: Option<&Path>, tvm: Option<&str>, api_only: bool) -> i32 {
    crate::init();
    // A file that cannot be read is reported once, as every command reports it, and
    // nothing is timed.
    let mut unreadable = false;
    for p in paths.iter().filter(|p| p.as_os_str() != "-") {
        if let Err(msg) = crate::program::run::read_source(p) {
            eprintln!("{msg}");
            unreadable = true;
        }
    }
    if unreadable {
        return 2;
    }
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
    let file_paths = if api_only { &[][..] } else { paths };
    let wholes: Vec<Option<(f64, f64)>> = file_paths
        .iter()
        .map(|p| match whole_process(p, runs) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("{e}");
                None
            }
        })
        .collect();
    let mut server = match &tvm_cmd {
        Some(cmd) => match tvm::Server::start(cmd) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        },
        None => None,
    };
    let session = Session::new();
    // A script's own prints are not the bench's output: they go nowhere while it runs.
    if let Err(e) = session.run("<bench>", DISCARD_STDOUT, &[]) {
        eprintln!("{e}");
    }
    let measured = if api_only { Vec::new() } else { rounds::measure(&session, file_paths, runs, server.as_mut()) };
    eprintln!("bench: BlockBuilder, {} bindings", api::BINDINGS);
    let mut stages = vec![api::measure(&session, runs, server.as_mut())];
    if let Some((key, largest)) = api::largest(paths) {
        // The files' rounds had TVM's server load every file; else it loads this one.
        if api_only && let Some(s) = server.as_mut() {
            eprintln!("bench: TVM parses {}", largest.display());
            if let Err(e) = s.load(key, largest) {
                eprintln!("{e}");
            }
        }
        eprintln!("bench: Python visitors over {}", largest.display());
        for stage in [("Python visitor", api::VISITOR), ("PyExprVisitor", api::PY_EXPR_VISITOR)] {
            stages.push(api::measure_visitor(&session, stage, key, largest, runs, server.as_mut()));
        }
        eprintln!("bench: LegalizeOps over {}", largest.display());
        stages.push(api::measure_legalize(&session, key, largest, runs, server.as_mut()));
    }
    drop(server);
    let files: Vec<_> = measured.iter().filter_map(|m| m.as_ref().ok()).collect();
    let (spread, best_spread, ast_spread) = (rounds::spread(&files), rounds::best_spread(&files), rounds::ast_spread(&files));
    if !measured.is_empty() {
        println!(
            "| file | MB | python AST s | parse s | parse/AST | parse/CPython AST | parse s/MB | best parse s/MB | print s | process s | process MiB | parse vs TVM | print vs TVM | process vs TVM | memory vs TVM |"
        );
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    }
    let mut code = 0;
    for (t, whole) in measured.into_iter().zip(wholes) {
        let t = match t {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                code = 1;
                continue;
            }
        };
        if whole.is_none() {
            code = 1;
        }
        if let Some(e) = &t.tvm_error {
            eprintln!("{}: {e}", t.name);
            code = 1;
        }
        let mb = t.bytes as f64 / 1e6;
        let (ast, parse, print) = (t.ast(), t.parse(), t.print());
        let fixed = baseline.as_ref().and_then(|b| baseline_of(b, &t.name));
        // Measured beside us, TVM's figures are ratios of back-to-back runs; else the
        // baseline's medians over ours.
        let against = |beside: Option<f64>, theirs: Option<f64>, ours: Option<f64>| match &tvm_cmd {
            Some(_) => beside,
            None => theirs.zip(ours).map(|(b, d)| b / d.max(1e-9)),
        };
        let times = |v: f64| format!("{v:.1}x");
        let dash = || "-".to_string();
        let cell = |v: Option<String>| v.unwrap_or_else(dash);
        println!(
            "| {} | {:.2} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.name,
            mb,
            cell(ast.map(secs)),
            match (&t.parse_error, parse) {
                (Some(e), _) => format!("error: {e}"),
                (None, p) => cell(p.map(secs)),
            },
            cell(t.parse_over_ast().map(times)),
            cell(match &tvm_cmd {
                Some(_) => t.parse_over_cpython_ast(),
                None => fixed.as_ref().zip(parse).map(|(b, d)| d / b.cpython_ast.max(1e-9)),
            }
            .map(|r| format!("{r:.2}x"))),
            cell(parse.map(|d| format!("{:.3}", t.per_mb(d)))),
            cell(t.best_parse().map(|d| format!("{:.3}", t.per_mb(d)))),
            cell(print.map(secs)),
            cell(whole.map(|(d, _)| secs(d))),
            cell(whole.map(|(_, m)| format!("{m:.0}"))),
            cell(against(t.parse_vs_tvm(), fixed.as_ref().map(|b| b.parse), parse).map(times)),
            cell(against(t.print_vs_tvm(), fixed.as_ref().map(|b| b.print), print).map(times)),
            cell(fixed.as_ref().zip(whole).map(|(b, (d, _))| ratio(b.process, d))),
            cell(fixed.as_ref().zip(whole).map(|(b, (_, m))| ratio(b.peak_mib, m))),
        );
    }
    println!("\n| API stage | on | ours s | TVM s | vs TVM | values visited (ours / TVM's) |");
    println!("|---|---|---|---|---|---|");
    let cell = |v: Option<String>| v.unwrap_or_else(|| "-".to_string());
    for stage in &stages {
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            stage.name,
            stage.size,
            cell(stage.ours.map(secs)),
            cell(stage.tvm.map(secs)),
            cell(stage.vs_tvm.map(|r| format!("{r:.1}x"))),
            cell(stage.visited.map(|(ours, theirs)| format!("{ours} / {}", cell(theirs.map(|n| n.to_string()))))),
        );
        if let Some(e) = &stage.error {
            eprintln!("{}: {e}", stage.name);
            code = 1;
        }
    }
    if let (Some(cmd), Some(v)) = (&tvm_cmd, &tvm_version) {
        let rest = if baseline.is_some() { "whole process and memory from the baseline" } else { "no baseline for the whole process and memory" };
        println!(
            "\nTVM {v} measured in this run (`{}`): CPython AST, parse, print, each stage's runs in the same round as ours (ratios are medians of these pairs); {rest}.",
            cmd.join(" ")
        );
    }
    if let (Some(best), Some(median)) = (best_spread, spread) {
        println!(
            "\nParse time per megabyte, the slowest file's over the fastest's: {best:.2}x on each file's best run; {median:.2}x on medians (relative to each round's mean, then the median over rounds)."
        );
        if let Some(ast) = ast_spread {
            println!("The Python AST alone (the floor), measured the same way on medians: {ast:.2}x.");
        }
    }
    println!("\nbench process peak RSS: {:.1} MiB", peak_rss_mib());
    code
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_times_keep_three_significant_digits() {
        assert_eq!(super::secs(0.25), "0.2500");
        assert_eq!(super::secs(0.0123), "0.0123");
        assert_eq!(super::secs(0.0049), "0.00490");
        assert_eq!(super::secs(0.0008123), "0.000812");
        assert_eq!(super::secs(0.0), "0.0000");
    }
}
