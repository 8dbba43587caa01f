//! TVM 0.27 measured beside us: `tvmscript bench --tvm CMD` starts a Python that can
//! `import tvm` (say `/path/to/venv/bin/python`) once, as a server holding
//! every file's text and parsed module, and asks it to time one stage at a time
//! between our own runs of the same stage: timed back to back, both sides of a ratio
//! see the same machine, whose speed can vary severalfold within minutes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};

/// The server: one request per line, `load KEY PATH` (read and parse the file once,
/// timed), `ast|parse|print KEY` (one timed run of CPython's `ast.parse`, TVM's
/// `from_source` without the well-formedness check, `.script()`; a file with imports
/// or statements of its own is an ordinary script: it is run instead, its prints
/// discarded, and its last definition is its module) or
/// `block_builder N PROGRAM` (the program, JSON-quoted, defines `build(n)`; one
/// timed call of `build(N)`), `legalize KEY PROGRAM` (the program defines
/// `legalize(mod)`; one timed call on file KEY's module) or `visit KEY PROGRAM` (the program defines
/// `count(mod)`, a dict of counts; one timed call on file KEY's module, the reply
/// also giving the total as `n`). Each reply is one
/// line, `@@bench {"s": SECONDS}` or `@@bench {"error": MESSAGE}`; the marker keeps
/// whatever TVM writes to stdout itself out of the way. A collection before each
/// timed call, as `BASELINE.json` was measured.
const SERVER: &str = r#"
import ast, contextlib, gc, io, json, sys, time
from typing import TypeVar
import tvm
from tvm.script import tirx as T, relax as R, ir as I
from tvm.tirx.layout import Axis
names = {"T": T, "R": R, "I": I, "TypeVar": TypeVar, "Axis": Axis, "tvm": tvm}
texts, mods, programs, defs = {}, {}, {}, {}
def is_program(text):
    return any(isinstance(n, (ast.Import, ast.ImportFrom)) or (isinstance(n, ast.Expr) and not isinstance(n.value, ast.Constant)) for n in ast.parse(text).body)
def run_program(key):
    g = {"__name__": "__main__", "__file__": programs[key][0]}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(programs[key][1], g)
    return [v for v in g.values() if isinstance(v, (tvm.IRModule, tvm.tirx.PrimFunc, tvm.relax.Function))]
def parse(key):
    if key in programs:
        return run_program(key)
    return tvm.script.from_source(texts[key], extra_vars=names, check_well_formed=False)
def script(key):
    return [d.script() for d in defs[key]] if key in programs else mods[key].script()
def timed(f):
    gc.collect()
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out
def reply(obj):
    sys.stdout.write("@@bench " + json.dumps(obj) + "\n")
    sys.stdout.flush()
for line in sys.stdin:
    words = line.rstrip("\n").split(" ", 2)
    try:
        op, key = words[0], words[1]
        if op == "load":
            with open(words[2], encoding="utf-8") as f:
                texts[key] = f.read()
            if is_program(texts[key]):
                programs[key] = (words[2], compile(texts[key], words[2], "exec"))
                s, defs[key] = timed(lambda: parse(key))
                mods[key] = defs[key][-1]
            else:
                s, mods[key] = timed(lambda: parse(key))
        elif op == "ast":
            s, _ = timed(lambda: ast.parse(texts[key]))
        elif op == "parse":
            s, _ = timed(lambda: parse(key))
        elif op == "print":
            s, _ = timed(lambda: script(key))
        elif op == "block_builder":
            if "block_builder" not in texts:
                texts["block_builder"] = {}
                exec(json.loads(words[2]), texts["block_builder"])
            s, _ = timed(lambda: texts["block_builder"]["build"](int(key)))
        elif op == "legalize":
            if "legalize" not in texts:
                texts["legalize"] = {}
                exec(json.loads(words[2]), texts["legalize"])
            s, _ = timed(lambda: texts["legalize"]["legalize"](mods[key]))
        elif op == "visit":
            name = "visitor " + words[2]
            if name not in texts:
                texts[name] = {}
                exec(json.loads(words[2]), texts[name])
            s, counts = timed(lambda: texts[name]["count"](mods[key]))
            reply({"s": s, "n": sum(counts.values())})
            continue
        else:
            raise ValueError("unknown request " + repr(line))
        reply({"s": s})
    except Exception as e:
        reply({"error": type(e).__name__ + ": " + str(e).splitlines()[0] if str(e) else type(e).__name__})
"#;

/// A stage TVM times on request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// CPython's `ast.parse`: the floor of a Python-hosted parser.
    Ast,
    /// TVM's `tvm.script.from_source`.
    Parse,
    /// TVM's `.script()`.
    Print,
}

impl Stage {
    fn word(self) -> &'static str {
        match self {
            Stage::Ast => "ast",
            Stage::Parse => "parse",
            Stage::Print => "print",
        }
    }
}

/// The command as given: a program and its leading arguments, split at spaces.
pub fn command_words(cmd: &str) -> Vec<String> {
    cmd.split_whitespace().map(str::to_string).collect()
}

fn start(cmd: &[String], args: &[&str], stdin: Stdio) -> Result<Child, String> {
    let (program, leading) = cmd.split_first().ok_or("--tvm: the command is empty")?;
    Command::new(program)
        .args(leading)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("--tvm: cannot start `{}`: {e}", cmd.join(" ")))
}

/// The last non-empty line of a process's stderr, or a placeholder.
fn last_line(err: &str) -> &str {
    err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("(no message)")
}

/// TVM's version through `cmd`: checks once, before any timing, that it imports.
pub fn version(cmd: &[String]) -> Result<String, String> {
    let out = start(cmd, &["-c", "import tvm; print(tvm.__version__)"], Stdio::null())?
        .wait_with_output()
        .map_err(|e| format!("--tvm: `{}`: {e}", cmd.join(" ")))?;
    if !out.status.success() {
        return Err(format!("--tvm: `{}` failed: {}", cmd.join(" "), last_line(&String::from_utf8_lossy(&out.stderr))));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// A running measuring server (see `SERVER`).
pub struct Server {
    child: Child,
    requests: Option<ChildStdin>,
    replies: BufReader<ChildStdout>,
    /// Its stderr, drained on a thread (a full pipe would stop it): the last line
    /// explains a crash.
    stderr: Arc<Mutex<String>>,
    /// The thread draining it: joined before the last line is read.
    drain: Option<std::thread::JoinHandle<()>>,
    cmd: String,
}

impl Server {
    /// Start the server with the Python command `cmd`.
    pub fn start(cmd: &[String]) -> Result<Server, String> {
        let mut child = start(cmd, &["-c", SERVER], Stdio::piped())?;
        let (requests, replies) = (child.stdin.take(), child.stdout.take().map(BufReader::new));
        let (Some(requests), Some(replies)) = (requests, replies) else {
            return Err("--tvm: the server's pipes are missing".into());
        };
        let stderr = Arc::new(Mutex::new(String::new()));
        let drain = child.stderr.take().map(|mut pipe| {
            let sink = stderr.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n @ 1..) = std::io::Read::read(&mut pipe, &mut buf) {
                    let mut s = sink.lock().unwrap_or_else(|e| e.into_inner());
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    // Only the tail is ever shown.
                    if s.len() > 64 * 1024 {
                        let cut = s.len() - 16 * 1024;
                        let cut = (cut..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(s.len());
                        s.drain(..cut);
                    }
                }
            })
        });
        Ok(Server { child, requests: Some(requests), replies, stderr, drain, cmd: cmd.join(" ") })
    }

    /// Read `path` as file `key` and parse it once; TVM's parse time.
    pub fn load(&mut self, key: usize, path: &std::path::Path) -> Result<f64, String> {
        let path = path.to_str().filter(|p| !p.contains('\n')).ok_or_else(|| format!("--tvm: cannot pass the path {}", path.display()))?;
        self.timed(&format!("load {key} {path}"))
    }

    /// One timed run of the BlockBuilder program (`api::BLOCK_BUILDER`) building
    /// `bindings` bindings.
    pub fn block_builder(&mut self, bindings: usize) -> Result<f64, String> {
        let program = serde_json::to_string(super::api::BLOCK_BUILDER).map_err(|e| e.to_string())?;
        self.timed(&format!("block_builder {bindings} {program}"))
    }

    /// One timed run of a visitor program (`api::VISITOR`, `api::PY_EXPR_VISITOR`)
    /// over file `key`'s module (loaded before): its time and the sum of its counts.
    pub fn visit(&mut self, key: usize, visitor: &str) -> Result<(f64, u64), String> {
        let program = serde_json::to_string(visitor).map_err(|e| e.to_string())?;
        let reply = self.request(&format!("visit {key} {program}"))?;
        let n = reply.get("n").and_then(|n| n.as_u64()).ok_or("--tvm: a visit reply without a count")?;
        Ok((seconds(&reply)?, n))
    }

    /// One timed run of `relax.transform.LegalizeOps` (`api::LEGALIZE`) over file
    /// `key`'s module (loaded before).
    pub fn legalize(&mut self, key: usize) -> Result<f64, String> {
        let program = serde_json::to_string(super::api::LEGALIZE).map_err(|e| e.to_string())?;
        self.timed(&format!("legalize {key} {program}"))
    }

    /// One timed run of `stage` on file `key`.
    pub fn time(&mut self, stage: Stage, key: usize) -> Result<f64, String> {
        self.timed(&format!("{} {key}", stage.word()))
    }

    /// A request whose reply is a time.
    fn timed(&mut self, line: &str) -> Result<f64, String> {
        let reply = self.request(line)?;
        seconds(&reply).map_err(|e| format!("--tvm: `{line}`: {e}"))
    }

    /// A request's reply, or its error.
    fn request(&mut self, line: &str) -> Result<serde_json::Value, String> {
        let sent = self.requests.as_mut().map(|w| writeln!(w, "{line}").and_then(|()| w.flush()));
        if !matches!(sent, Some(Ok(()))) {
            return Err(self.died());
        }
        let mut reply = String::new();
        loop {
            reply.clear();
            match self.replies.read_line(&mut reply) {
                Ok(0) | Err(_) => return Err(self.died()),
                Ok(_) => {}
            }
            if let Some(json) = reply.strip_prefix("@@bench ") {
                return parse_reply(json).map_err(|e| format!("--tvm: `{line}`: {e}"));
            }
        }
    }

    fn died(&mut self) -> String {
        self.requests = None;
        let _ = self.child.wait();
        // The pipe ends with the process: what it wrote last is read once the
        // drain has seen the end.
        if let Some(drain) = self.drain.take() {
            let _ = drain.join();
        }
        let err = self.stderr.lock().map(|s| last_line(&s).to_string()).unwrap_or_default();
        format!("--tvm: `{}` stopped: {err}", self.cmd)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // End of input ends its loop; it holds every module, so do not wait for a
        // slow exit.
        self.requests = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A reply, or its error.
fn parse_reply(json: &str) -> Result<serde_json::Value, String> {
    let v: serde_json::Value = serde_json::from_str(json.trim()).map_err(|e| format!("a reply that is not JSON ({e})"))?;
    if let Some(e) = v.get("error").and_then(|e| e.as_str()) {
        return Err(e.to_string());
    }
    Ok(v)
}

/// A reply's seconds.
fn seconds(reply: &serde_json::Value) -> Result<f64, String> {
    reply.get("s").and_then(|s| s.as_f64()).filter(|s| s.is_finite() && *s > 0.0).ok_or_else(|| format!("a reply without a time: {reply}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_seconds_or_an_error() {
        let time = |json: &str| parse_reply(json).and_then(|r| seconds(&r));
        assert_eq!(time("{\"s\": 0.016}\n"), Ok(0.016));
        assert_eq!(time("{\"error\": \"ParserError: bad\"}"), Err("ParserError: bad".to_string()));
        assert!(time("{\"s\": 0}").is_err());
        assert!(parse_reply("Traceback").is_err());
        assert_eq!(parse_reply("{\"s\": 1.5, \"n\": 7}").unwrap().get("n").and_then(|n| n.as_u64()), Some(7));
    }

    /// A stand-in server in sh: it answers requests, ignores lines without the
    /// marker, and dies on `print`.
    #[test]
    fn requests_get_their_replies_and_a_crash_says_what_it_printed_last() {
        let script = "while read op key rest; do echo noise; case $op in \
                      load) echo '@@bench {\"s\": 1.5}' ;; ast) echo '@@bench {\"s\": 0.25}' ;; \
                      parse) echo '@@bench {\"error\": \"ParserError: no\"}' ;; \
                      *) echo 'Segmentation fault' >&2; exit 1 ;; esac; done";
        let cmd = vec!["sh".to_string(), "-c".to_string(), script.to_string()];
        let mut s = Server::start(&cmd).unwrap();
        assert_eq!(s.load(0, std::path::Path::new("/some where/f.py")), Ok(1.5));
        assert_eq!(s.time(Stage::Ast, 0), Ok(0.25));
        assert_eq!(s.time(Stage::Parse, 0), Err("--tvm: `parse 0`: ParserError: no".to_string()));
        let err = s.time(Stage::Print, 0).unwrap_err();
        assert!(err.starts_with("--tvm: `sh -c while") && err.ends_with("stopped: Segmentation fault"), "{err}");
        assert!(s.time(Stage::Ast, 0).is_err());
    }

    #[test]
    fn a_command_that_cannot_import_tvm_says_what_it_printed_last() {
        let cmd = command_words("sh -c");
        let err = version(&[cmd[0].clone(), "-c".into(), "echo first >&2; echo 'ModuleNotFoundError: tvm' >&2; exit 1".into()]).unwrap_err();
        assert!(err.ends_with("failed: ModuleNotFoundError: tvm"), "{err}");
        let err = version(&command_words("/nonexistent/python3")).unwrap_err();
        assert!(err.starts_with("--tvm: cannot start `/nonexistent/python3`"), "{err}");
        assert_eq!(version(&[]).unwrap_err(), "--tvm: the command is empty");
    }

    /// The real server under the host's Python, with a stand-in `tvm` package: a file
    /// that is a definition goes to `from_source`; an ordinary script (imports, prints
    /// around its definitions) is run, its prints kept out of the replies, and its
    /// definitions printed.
    #[test]
    fn an_ordinary_script_is_run_and_a_definition_file_parsed() {
        if Command::new("python3").arg("-c").arg("pass").output().is_err() {
            eprintln!("skipped: no python3 on PATH");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("tvm");
        std::fs::create_dir_all(pkg.join("script")).unwrap();
        std::fs::create_dir_all(pkg.join("tirx")).unwrap();
        let stub = |rel: &str, text: &str| std::fs::write(pkg.join(rel), text).unwrap();
        stub("__init__.py", "from . import script, tirx, relax\nclass IRModule:\n    def script(self):\n        return 'module'\n");
        stub(
            "script/__init__.py",
            "from . import tirx, relax, ir\ndef from_source(text, extra_vars=None, check_well_formed=True):\n    \
             if 'import' in text:\n        raise ValueError('Visitor of AST node is not implemented: Import')\n    \
             import tvm\n    return tvm.IRModule()\n",
        );
        stub("script/tirx.py", "def prim_func(f):\n    import tvm.tirx\n    return tvm.tirx.PrimFunc(f.__name__)\n");
        stub("script/relax.py", "");
        stub("script/ir.py", "");
        stub("tirx/__init__.py", "class PrimFunc:\n    def __init__(self, name):\n        self.name = name\n    def script(self):\n        return self.name\n");
        stub("tirx/layout.py", "Axis = None\n");
        stub("relax.py", "class Function:\n    pass\n");
        let script = dir.path().join("ordinary.py");
        std::fs::write(&script, "from tvm.script import tirx as T\nprint('@@bench {\\\"s\\\": 99}')\n@T.prim_func\ndef f():\n    pass\nprint('noise')\n").unwrap();
        let definition = dir.path().join("definition.py");
        std::fs::write(&definition, "@T.prim_func\ndef g():\n    pass\n").unwrap();
        let cmd = vec!["env".to_string(), format!("PYTHONPATH={}", dir.path().display()), "python3".to_string()];
        let mut s = Server::start(&cmd).unwrap();
        let loaded = s.load(0, &script).unwrap();
        assert!(loaded < 99.0, "the script's own print answered the request");
        assert!(s.time(Stage::Parse, 0).is_ok());
        assert!(s.time(Stage::Print, 0).is_ok());
        assert!(s.load(1, &definition).is_ok());
        assert!(s.time(Stage::Print, 1).is_ok());
    }
}
