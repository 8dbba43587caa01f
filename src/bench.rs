//! `tvmscript bench FILE...`: timings of each stage on large scripts, in one process,
//! with the floor (parsing the same text to a Python AST) measured in the same run so
//! results read as ratios. Peak memory is the process's maximum resident set.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::printer::{PrinterConfig, Syntax};
use crate::script::{self, Environment, Source};
use crate::session::Session;

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

fn time<R>(runs: usize, mut f: impl FnMut() -> R) -> (Duration, R) {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let r = f();
        times.push(t.elapsed());
        last = Some(r);
    }
    (median(times), last.expect("at least one run"))
}

/// Measure one file.
pub fn bench_file(session: &Session, path: &Path, runs: usize) -> Result<FileTimes, String> {
    let text = crate::vm::run::read_source(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let source = Source::new(&name, &text);
    let (python_ast, _) = time(runs, || rustpython_vm::compiler::parser::parse_module(&text).is_ok());
    let env = printed_env();
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

fn printed_env() -> Environment {
    let mut env = Environment::default();
    for (name, ns) in [("T", "tirx"), ("I", "ir"), ("R", "relax"), ("Ts", "s_tir")] {
        if script::protocol::is_namespace(ns) {
            env.namespaces.insert(name.into(), ns.into());
        }
    }
    for name in ["tvm", "TypeVar", "Axis"] {
        env.names.insert(name.into());
    }
    env
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

/// `tvmscript bench`: a table of timings and ratios.
pub fn run(paths: &[std::path::PathBuf], runs: usize) -> i32 {
    crate::init();
    let session = Session::new();
    println!("| file | MB | python AST s | transpile s | parse s | parse/AST | s/MB | print s |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut code = 0;
    for p in paths {
        match bench_file(&session, p, runs) {
            Ok(t) => {
                let mb = t.bytes as f64 / 1e6;
                let (parse, ratio, per_mb) = match &t.parse {
                    Ok(d) => (
                        secs(*d),
                        format!("{:.1}x", d.as_secs_f64() / t.python_ast.as_secs_f64().max(1e-9)),
                        format!("{:.3}", d.as_secs_f64() / mb.max(1e-9)),
                    ),
                    Err(e) => (format!("error: {e}"), "-".into(), "-".into()),
                };
                println!(
                    "| {} | {:.2} | {} | {} | {} | {} | {} | {} |",
                    t.name,
                    mb,
                    secs(t.python_ast),
                    secs(t.transpile),
                    parse,
                    ratio,
                    per_mb,
                    t.print.map(secs).unwrap_or_else(|| "-".into())
                );
            }
            Err(e) => {
                eprintln!("{e}");
                code = 1;
            }
        }
    }
    println!("\npeak RSS: {:.1} MiB", peak_rss_mib());
    code
}
