//! The timed runs, in rounds. In each round, our runs of every file's stages come
//! first, then TVM's runs of the same stages when TVM is measured. The machine's speed
//! drifts severalfold within minutes: a ratio to TVM is the median of ratios of runs
//! taken in the same round, and the files' times per megabyte are compared round by
//! round ([`spread`]) and on their best runs ([`best_spread`]).
//!
//! Our runs are measured as a benchmark harness measures a function: a stage's runs
//! of one file back to back, after an untimed one ([`by_file`]). A run right after
//! other work (another process's, as TVM's, or another file's) finds the caches cold:
//! a fixed cost of some milliseconds that weighs on a small file's time per megabyte
//! and not on a large one's. The whole-process figure is where a cold start counts.
//! Every file runs as often, so best runs are taken over as many runs; TVM's runs,
//! slow, are fewer for a larger file.

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

/// One run of each stage on one file, in seconds: ours, and TVM's in the same round.
#[derive(Clone, Copy, Debug, Default)]
struct Rep {
    /// The round it was taken in.
    round: usize,
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

    /// `secs` for the whole file, per megabyte of its source.
    pub fn per_mb(&self, secs: f64) -> f64 {
        secs / (self.bytes as f64 / 1e6).max(1e-9)
    }

    /// The fastest parse: noise on a machine only ever adds time, so the best of many
    /// runs estimates what the work itself costs.
    pub fn best_parse(&self) -> Option<f64> {
        self.reps.iter().filter_map(|r| r.parse).reduce(f64::min)
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

/// How much slower per megabyte the slowest file's parse is than the fastest's, with
/// the machine's drift between rounds taken out: in each round, every file's median
/// time per megabyte over their geometric mean; each file's median of those over the
/// rounds; the largest of these over the smallest. `None` with fewer than two parsed
/// files.
pub fn spread(files: &[&FileRuns]) -> Option<f64> {
    stage_spread(files, |r| r.parse)
}

/// [`spread`] of RustPython's AST alone on the same files: the floor's own spread,
/// which the files' content sets (a file denser in tokens costs more per megabyte
/// to any parser).
pub fn ast_spread(files: &[&FileRuns]) -> Option<f64> {
    stage_spread(files, |r| Some(r.ast))
}

/// [`spread`] of one stage's times, over the files our parse succeeded on.
fn stage_spread(files: &[&FileRuns], stage: impl Fn(&Rep) -> Option<f64>) -> Option<f64> {
    let per_mb = |f: &FileRuns, round: usize| median(f.reps.iter().filter(|r| r.round == round).filter_map(&stage).collect()).map(|p| f.per_mb(p));
    let parsed: Vec<&FileRuns> = files.iter().copied().filter(|f| f.parse().is_some()).collect();
    let rounds = parsed.iter().flat_map(|f| f.reps.iter().map(|r| r.round)).max()?;
    let mut relative: Vec<Vec<f64>> = vec![Vec::new(); parsed.len()];
    for round in 0..=rounds {
        let Some(times) = parsed.iter().map(|f| per_mb(f, round)).collect::<Option<Vec<f64>>>() else { continue };
        let mean = (times.iter().map(|t| t.ln()).sum::<f64>() / times.len() as f64).exp();
        for (r, t) in relative.iter_mut().zip(times) {
            r.push(t / mean);
        }
    }
    max_over_min(&relative.into_iter().filter_map(median).collect::<Vec<_>>())
}

/// How much slower per megabyte the slowest file's best parse is than the fastest's
/// ([`FileRuns::best_parse`]); `None` with fewer than two parsed files.
pub fn best_spread(files: &[&FileRuns]) -> Option<f64> {
    max_over_min(&files.iter().filter_map(|f| f.best_parse().map(|p| f.per_mb(p))).collect::<Vec<_>>())
}

/// The largest of `v` over the smallest; `None` with fewer than two values.
fn max_over_min(v: &[f64]) -> Option<f64> {
    let lo = v.iter().copied().reduce(f64::min)?;
    let hi = v.iter().copied().reduce(f64::max)?;
    (v.len() >= 2).then(|| hi / lo)
}

/// A file being measured.
struct Subject {
    runs: FileRuns,
    text: String,
    /// The parsed definitions that every print run prints.
    defs: Option<Vec<(String, ObjectRef)>>,
    /// TVM's runs of each stage per round (ours: the most of any file's).
    per_round: usize,
}

fn once<R>(f: impl FnOnce() -> R) -> (f64, R) {
    let start = Instant::now();
    let r = f();
    (start.elapsed().as_secs_f64(), r)
}

/// Between runs, untimed: the worker's jobs of the last run end (it frees trees after
/// a parse returns), and the frees it left to later allocations are done, so that a
/// run is not charged for the one before (a small file's parse right after a large
/// one's took twice its time).
fn settle() {
    crate::memory::collect_deferred_frees();
}

/// Time a stage (`time`, by file) for every file's reps of a round (`set` records a
/// time): a file's runs back to back, after one untimed run, then the next file's. A
/// run right after other work (another file's, or TVM's in another process) finds the
/// caches cold and costs a small file up to twice its time; back to back, the runs
/// measure the work.
fn by_file(reps: &mut [Vec<Rep>], mut time: impl FnMut(usize) -> Option<f64>, set: impl Fn(&mut Rep, Option<f64>)) {
    for (key, file) in reps.iter_mut().enumerate() {
        if !file.is_empty() {
            let _ = time(key);
            settle();
        }
        for rep in file {
            set(rep, time(key));
            settle();
        }
    }
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
        // Every file runs as often as the smallest: a time per megabyte is then taken
        // over as many runs for each file (TVM's runs, slow, stay at `per_round`).
        let turns = subjects.iter().filter_map(|s| s.as_ref().ok()).map(|s| s.per_round).max().unwrap_or(0);
        let mut ours: Vec<Vec<Rep>> =
            subjects.iter().map(|s| vec![Rep { round, ..Rep::default() }; if s.is_ok() { turns } else { 0 }]).collect();
        let ok = |key: usize| subjects[key].as_ref().ok();
        // The IR is freed after the timer stops, as TVM's module is (its server keeps
        // the result past the timer too): freeing is the caller's, not the parse's.
        let parse = |key: usize| ok(key).filter(|s| s.defs.is_some()).map(|s| once(|| session.parse_with(&s.runs.name, &s.text, false)).0);
        let ast = |key: usize| ok(key).map(|s| once(|| parse_ast(&s.text)).0);
        let print_of = |key: usize| ok(key).and_then(|s| s.defs.as_ref()).map(|defs| once(|| print(defs)).0);
        by_file(&mut ours, ast, |rep, t| rep.ast = t.unwrap_or_default());
        by_file(&mut ours, parse, |rep, t| rep.parse = t);
        by_file(&mut ours, print_of, |rep, t| rep.print = t);
        for (key, (subject, mut reps)) in subjects.iter_mut().zip(ours).enumerate() {
            let Ok(s) = subject else { continue };
            for rep in reps.iter_mut().take(s.per_round) {
                rep.tvm_ast = beside(&mut server, &mut s.runs, key, Stage::Ast);
            }
            if s.defs.is_some() {
                if s.text.len() <= TVM_PARSES_UP_TO {
                    reps[0].tvm_parse = beside(&mut server, &mut s.runs, key, Stage::Parse);
                }
                for rep in reps.iter_mut().take(s.per_round) {
                    rep.tvm_print = beside(&mut server, &mut s.runs, key, Stage::Print);
                }
            }
            s.runs.reps.extend(reps);
        }
    }
    subjects.into_iter().map(|s| s.map(|s| s.runs)).collect()
}

fn parse_ast(text: &str) -> bool {
    rustpython_vm::compiler::parser::parse_module(text).is_ok()
}

/// Read `path` and parse it once (untimed).
fn prepare(session: &Session, path: &Path) -> Result<Subject, String> {
    let text = crate::program::run::read_source(path)?;
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

    /// Ratios pair runs of the same round: a machine twice as slow in one round slows
    /// both sides of that round's ratio.
    #[test]
    fn ratios_are_medians_of_pairs_from_one_round() {
        let rep = |scale: f64| Rep {
            round: 0,
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

    /// A round on a machine twice as slow slows every file of that round: the spread
    /// compares files within rounds.
    #[test]
    fn the_spread_compares_files_round_by_round() {
        let file = |bytes: usize, parses: &[(usize, f64)]| FileRuns {
            bytes,
            reps: parses.iter().map(|&(round, p)| Rep { round, ast: 1.0, parse: Some(p), ..Rep::default() }).collect(),
            ..runs(vec![])
        };
        // Per byte, `b` takes 1.5 times `a`'s time in every round; the machine speed
        // differs fourfold between rounds.
        let a = file(8, &[(0, 8.0), (0, 9.0), (0, 7.0), (1, 32.0), (1, 40.0), (2, 16.0)]);
        let b = file(64, &[(0, 96.0), (1, 480.0), (2, 192.0)]);
        let close = |x: Option<f64>| x.is_some_and(|x| (x - 1.5).abs() < 1e-9);
        assert!(close(spread(&[&a, &b])), "{:?}", spread(&[&a, &b]));
        assert!(close(spread(&[&b, &a])));
        assert_eq!(spread(&[&a]), None);
        assert_eq!(spread(&[]), None);
        // Both files' ASTs take 1.0 a run: `a` is eight times `b`'s per megabyte.
        assert!(ast_spread(&[&a, &b]).is_some_and(|x| (x - 8.0).abs() < 1e-9), "{:?}", ast_spread(&[&a, &b]));
    }

    #[test]
    fn small_files_run_more_often() {
        assert_eq!(runs_for(3, 5_000_000), 3);
        assert_eq!(runs_for(3, 100_000), 20);
        assert_eq!(runs_for(3, 10), 50);
    }
}
