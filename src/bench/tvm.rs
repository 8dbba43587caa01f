//! TVM 0.27 measured beside us: `tvmscript bench --tvm CMD` runs a Python that can
//! `import tvm` (say `../shared/tools/tvm-oracle python`) on each file right after
//! our own timings, so the ratios compare figures taken in the same minutes. The
//! development machine's speed varies severalfold over a day; a fixed baseline
//! measured on another day mostly shows that.

use std::path::Path;
use std::process::{Command, Stdio};

/// TVM's in-process figures for one file, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TvmTimes {
    /// CPython's `ast.parse` of the text: the floor of a Python-hosted parser.
    pub cpython_ast: f64,
    /// `tvm.script.from_source(text, check_well_formed=False)`.
    pub parse: f64,
    /// `.script()` of the parsed definitions.
    pub print: f64,
}

/// The measuring program: argv is `RUNS FILE`; it prints one JSON line. Medians,
/// a collection before each timed call, as `BASELINE.json` was measured. TVM
/// parses a megabyte in seconds, so a file over 1 MB is parsed once.
const MEASURE: &str = r#"
import ast, gc, json, statistics, sys, time
from typing import TypeVar
import tvm
from tvm.script import tirx as T, relax as R, ir as I
from tvm.tirx.layout import Axis
runs, path = int(sys.argv[1]), sys.argv[2]
text = open(path).read()
names = {"T": T, "R": R, "I": I, "TypeVar": TypeVar, "Axis": Axis, "tvm": tvm}
def timed(f, n):
    out, times = None, []
    for _ in range(n):
        gc.collect()
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out
parse_runs = 1 if len(text) > 1_000_000 else runs
a, _ = timed(lambda: ast.parse(text), runs)
p, mod = timed(lambda: tvm.script.from_source(text, extra_vars=names, check_well_formed=False), parse_runs)
s, _ = timed(lambda: mod.script(), runs)
print(json.dumps({"cpython_ast": a, "parse": p, "print": s}))
"#;

/// The command as given: a program and its leading arguments, split at spaces.
pub fn command_words(cmd: &str) -> Vec<String> {
    cmd.split_whitespace().map(str::to_string).collect()
}

fn run_python(cmd: &[String], args: &[&str]) -> Result<String, String> {
    let (program, leading) = cmd.split_first().ok_or("--tvm: the command is empty")?;
    let out = Command::new(program)
        .args(leading)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("--tvm: cannot start `{}`: {e}", cmd.join(" ")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("(no message)");
        return Err(format!("--tvm: `{}` failed: {last}", cmd.join(" ")));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// TVM's version through `cmd`: checks once, before any timing, that it imports.
pub fn version(cmd: &[String]) -> Result<String, String> {
    let out = run_python(cmd, &["-c", "import tvm; print(tvm.__version__)"])?;
    Ok(out.trim().to_string())
}

/// TVM's figures for `path` (medians of `runs`).
pub fn measure(cmd: &[String], path: &Path, runs: usize) -> Result<TvmTimes, String> {
    let file = path.to_string_lossy();
    let runs = runs.max(1).to_string();
    let out = run_python(cmd, &["-c", MEASURE, &runs, &file])?;
    parse_figures(&out).ok_or_else(|| format!("--tvm: no figures for {file} in the output of `{}`", cmd.join(" ")))
}

/// The figures in the measuring program's last output line.
fn parse_figures(out: &str) -> Option<TvmTimes> {
    let line = out.lines().rev().find(|l| !l.trim().is_empty())?;
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let num = |k: &str| v.get(k).and_then(|x| x.as_f64()).filter(|x| x.is_finite() && *x > 0.0);
    Some(TvmTimes { cpython_ast: num("cpython_ast")?, parse: num("parse")?, print: num("print")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_come_from_the_last_line_and_must_all_be_there() {
        let out = "a warning\n{\"cpython_ast\": 0.02, \"parse\": 1.5, \"print\": 0.016}\n";
        assert_eq!(parse_figures(out), Some(TvmTimes { cpython_ast: 0.02, parse: 1.5, print: 0.016 }));
        assert_eq!(parse_figures("{\"cpython_ast\": 0.02, \"parse\": 1.5}"), None);
        assert_eq!(parse_figures("{\"cpython_ast\": 0.02, \"parse\": 0, \"print\": 1}"), None);
        assert_eq!(parse_figures("Traceback"), None);
    }

    #[test]
    fn a_command_that_fails_says_what_it_printed_last() {
        let cmd = command_words("sh -c");
        let err = run_python(&cmd, &["echo first >&2; echo 'ModuleNotFoundError: tvm' >&2; exit 1"]).unwrap_err();
        assert_eq!(err, "--tvm: `sh -c` failed: ModuleNotFoundError: tvm");
        let err = version(&command_words("/nonexistent/python3")).unwrap_err();
        assert!(err.starts_with("--tvm: cannot start `/nonexistent/python3`"), "{err}");
        assert_eq!(version(&[]).unwrap_err(), "--tvm: the command is empty");
    }
}
