//! The timed runs, interleaved: in each round every file's stages run once in turn
//! (a small file's several times), each of ours followed at once by TVM's run of the
//! same stage when TVM is measured. The machine's speed drifts severalfold within
//! minutes; a ratio is the median of ratios of runs taken back to back, and the files'
//! times per megabyte come from the same rounds.

use std::path::Path;
use std::time::Instant;

use super::tvm::{Server, Stage};
use crate::ir::ObjectRef;
use crate::printer::{PrinterConfig, Syntax};
use crate::session::Session;

/// Source bytes each stage is timed over at least (in runs of the whole file): a
/// small file's stages take a few milliseconds, where one slow run in a handful
/// moves the median.
const MIN_BYTES_TIMED: usize = 2_000_000;

/// TVM parses a megabyte in seconds to minutes: a larger file's parse is timed once,
/// when the server loads it.
const TVM_PARSES_UP_TO: usize = 1_000_000;

/// Runs of each stage of a file over the whole bench: `runs`, or more for a small
/// file (see [`MIN_BYTES_TIMED`]), up to 50.
fn runs_for(runs: usize, bytes: usize) -> usize {
    runs.max(MIN_BYTES_TIMED.div_ceil(bytes.max(1)).min(50))
}

/// One run of each stage on one file, in seconds: ours, and TVM's right after.
#[derive(Clone, Copy, Debug, Default)]
struct Rep {
    /// RustPython's parser alone: the floor for any approach.
    ast: f64,
    /// The whole parse to IR, well-formedness check off (as `print` parses).
    parse: Option<f64>,
    print: Option<f64>,
    /// CPython's `ast.parse` (TVM's floor).
    tvm_ast: Option<f64>,
    tvm_parse: Option<f64>,
    tvm_print: Option<f64>,
}

/// A file's runs, and what stopped a stage.
pub struct FileRuns {
    pub name: String,
    pub bytes: usize,
    reps: Vec<Rep>,
    /// Why the parse failed (then nothing is printed).
    pub parse_error: Option<String>,
    /// TVM's parse when the server loaded the file.
    tvm_load: Option<f64>,
    /// The first failure of TVM's measurement of this file.
    pub tvm_error: Option<String>,
}

/// The median of `v` (the upper one of an even count), `None` when empty.
pub(super) fn median(mut v: Vec<f64>) -> Option<f64> {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied()
}

impl FileRuns {
    fn median(&self, f: impl Fn(&Rep) -> Option<f64>) -> Option<f64> {
        median(self.reps.iter().filter_map(f).collect())
    }

    pub fn ast(&self) -> Option<f64> {
        self.median(|r| Some(r.ast))
    }

    pub fn parse(&self) -> Option<f64> {
        self.median(|r| r.parse)
    }

    pub fn print(&self) -> Option<f64> {
        self.median(|r| r.print)
    }

    /// Our parse over our AST floor, run by run.
    pub fn parse_over_ast(&self) -> Option<f64> {
        self.median(|r| r.parse.map(|p| p / r.ast))
    }

    /// Our parse over CPython's AST (TVM's floor), run by run.
    pub fn parse_over_cpython_ast(&self) -> Option<f64> {
        self.median(|r| r.parse.zip(r.tvm_ast).map(|(p, a)| p / a))
    }

    /// How many times faster than TVM our parse is: run by run, or against its one
    /// parse of a large file.
    pub fn parse_vs_tvm(&self) -> Option<f64> {
        self.median(|r| r.parse.zip(r.tvm_parse).map(|(p, t)| t / p))
            .or_else(|| self.tvm_load.zip(self.parse()).map(|(t, p)| t / p))
    }

    pub fn print_vs_tvm(&self) -> Option<f64> {
        self.median(|r| r.print.zip(r.tvm_print).map(|(p, t)| t / p))
    }
}

/// A file being measured.
struct Subject {
    runs: FileRuns,
    text: String,
    /// The parsed definitions that every print run prints.
    defs: Option<Vec<(String, ObjectRef)>>,
    per_round: usize,
}

fn once<R>(f: impl FnOnce() -> R) -> (f64, R) {
    let start = Instant::now();
    let r = f();
    (start.elapsed().as_secs_f64(), r)
}

/// Ask TVM for one run, or remember why it failed (and ask no more for this file).
fn beside(server: &mut Option<&mut Server>, runs: &mut FileRuns, key: usize, stage: Stage) -> Option<f64> {
    if runs.tvm_error.is_some() {
        return None;
    }
    let server = server.as_deref_mut()?;
    server.time(stage, key).map_err(|e| runs.tvm_error = Some(e)).ok()
}

/// Measure `paths` in `runs` rounds (see the module doc), with TVM's runs through
/// `server`. A file that cannot be read is an error in its place.
pub fn measure(session: &Session, paths: &[std::path::PathBuf], runs: usize, mut server: Option<&mut Server>) -> Vec<Result<FileRuns, String>> {
    let cfg = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
    let print = |defs: &[(String, ObjectRef)]| defs.iter().map(|(_, d)| crate::print(d, &cfg).map(|s| s.len())).collect::<Vec<_>>();
    let mut subjects: Vec<Result<Subject, String>> = Vec::new();
    // Every stage once untimed: the first run also makes classes and namespace
    // members, and takes the allocator's first pages.
    for (key, path) in paths.iter().enumerate() {
        subjects.push(prepare(session, path).map(|mut s| {
            let _ = parse_ast(&s.text);
            if let Some(defs) = &s.defs {
                let _ = print(defs);
            }
            if let Some(server) = server.as_deref_mut() {
                // TVM's parse of a large file takes minutes: say what is going on.
                eprintln!("bench: TVM parses {}", s.runs.name);
                match server.load(key, path) {
                    Ok(t) => s.runs.tvm_load = Some(t),
                    Err(e) => s.runs.tvm_error = Some(e),
                }
            }
            if s.defs.is_some() {
                let _ = beside(&mut server, &mut s.runs, key, Stage::Print);
            }
            s.per_round = runs_for(runs, s.text.len()).div_ceil(runs.max(1));
            s
        }));
    }
    for round in 0..runs.max(1) {
        eprintln!("bench: round {} of {}", round + 1, runs.max(1));
        for (key, subject) in subjects.iter_mut().enumerate() {
            let Ok(s) = subject else { continue };
            for k in 0..s.per_round {
                let mut rep = Rep { ast: once(|| parse_ast(&s.text)).0, ..Rep::default() };
                rep.tvm_ast = beside(&mut server, &mut s.runs, key, Stage::Ast);
                if let Some(defs) = &s.defs {
                    let (t, parsed) = once(|| session.parse_with(&s.runs.name, &s.text, false));
                    drop(parsed);
                    rep.parse = Some(t);
                    if k == 0 && s.text.len() <= TVM_PARSES_UP_TO {
                        rep.tvm_parse = beside(&mut server, &mut s.runs, key, Stage::Parse);
                    }
                    rep.print = Some(once(|| print(defs)).0);
                    rep.tvm_print = beside(&mut server, &mut s.runs, key, Stage::Print);
                }
                s.runs.reps.push(rep);
            }
        }
    }
    subjects.into_iter().map(|s| s.map(|s| s.runs)).collect()
}

fn parse_ast(text: &str) -> bool {
    rustpython_vm::compiler::parser::parse_module(text).is_ok()
}

/// Read `path` and parse it once (untimed).
fn prepare(session: &Session, path: &Path) -> Result<Subject, String> {
    let text = crate::vm::run::read_source(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let (defs, parse_error) = match session.parse_with(&name, &text, false) {
        Ok(defs) => (Some(defs), None),
        Err(e) => (None, Some(e.message.lines().next().unwrap_or("").to_string())),
    };
    let runs = FileRuns { name, bytes: text.len(), reps: Vec::new(), parse_error, tvm_load: None, tvm_error: None };
    Ok(Subject { runs, text, defs, per_round: 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(reps: Vec<Rep>) -> FileRuns {
        FileRuns { name: "f.py".into(), bytes: 1, reps, parse_error: None, tvm_load: None, tvm_error: None }
    }

    /// Ratios pair the runs taken back to back: a machine twice as slow in one round
    /// slows both sides of that round's ratio.
    #[test]
    fn ratios_are_medians_of_back_to_back_pairs() {
        let rep = |scale: f64| Rep {
            ast: 1.0 * scale,
            parse: Some(4.0 * scale),
            print: Some(2.0 * scale),
            tvm_ast: Some(8.0 * scale),
            tvm_parse: Some(400.0 * scale),
            tvm_print: Some(30.0 * scale),
        };
        let r = runs(vec![rep(1.0), rep(3.0), rep(2.0)]);
        assert_eq!(r.parse(), Some(8.0));
        assert_eq!(r.parse_over_ast(), Some(4.0));
        assert_eq!(r.parse_over_cpython_ast(), Some(0.5));
        assert_eq!(r.parse_vs_tvm(), Some(100.0));
        assert_eq!(r.print_vs_tvm(), Some(15.0));
    }

    #[test]
    fn a_large_file_is_compared_with_tvm_s_one_parse() {
        let rep = |p: f64| Rep { ast: 1.0, parse: Some(p), ..Rep::default() };
        let mut r = runs(vec![rep(2.0), rep(4.0), rep(3.0)]);
        assert_eq!(r.parse_vs_tvm(), None);
        r.tvm_load = Some(300.0);
        assert_eq!(r.parse_vs_tvm(), Some(100.0));
        assert_eq!(r.print_vs_tvm(), None);
    }

    #[test]
    fn small_files_run_more_often() {
        assert_eq!(runs_for(3, 5_000_000), 3);
        assert_eq!(runs_for(3, 100_000), 20);
        assert_eq!(runs_for(3, 10), 50);
    }
}
