//! Stages of the Python API, timed on programs rather than on files: building a
//! Relax function of [`BINDINGS`] bindings with `relax.BlockBuilder`, and two Python
//! visitors (`tvm_ffi.structural_walk` with a callback counting every node it receives
//! by type; a `relax.PyExprVisitor` counting calls by operator and variable
//! definitions) and `relax.transform.LegalizeOps` over the module of the largest
//! file benched. The same program text runs
//! in our interpreter and, with `--tvm`, in TVM's server, each run of ours right
//! before one of TVM's (ratios are medians of those pairs).

use std::path::Path;
use std::time::Instant;

use super::rounds::median;
use super::tvm::Server;
use crate::ir::{ObjectRef, Value};
use crate::session::Session;

/// Bindings the BlockBuilder stage emits (one `relax.add` each, in a dataflow block).
pub const BINDINGS: usize = 10_000;

/// The program both sides run: `build(n)` makes the module; `n` is given by the caller.
pub const BLOCK_BUILDER: &str = r#"
from tvm import relax

def build(n):
    x = relax.Var("x", relax.TensorType([4, 4], "float32"))
    bb = relax.BlockBuilder()
    with bb.function("main", [x]):
        with bb.dataflow():
            v = x
            for _ in range(n):
                v = bb.emit(relax.op.add(v, x))
            out = bb.emit_output(v)
        bb.emit_func_output(out)
    return bb.get()
"#;

/// The visitor both sides run: `count(mod)` walks the module in pre-order with one
/// catch-all Python callback and returns how many values of each type it received.
pub const VISITOR: &str = r#"
import tvm_ffi

def count(mod):
    counts = {}
    def visit(node):
        key = type(node).__name__
        counts[key] = counts.get(key, 0) + 1
    tvm_ffi.structural_walk(mod, visit, order="pre")
    return counts
"#;

/// The Relax visitor both sides run: `count(mod)` visits every Relax function of the
/// module with a `PyExprVisitor` overriding two methods, and returns its counts.
pub const PY_EXPR_VISITOR: &str = r#"
import tvm
from tvm import relax
from tvm.ir import Op


@relax.expr_functor.visitor
class CallCounter(relax.PyExprVisitor):
    def __init__(self):
        self.counts = {}

    def visit_call_(self, call):
        op = call.op
        key = op.name if isinstance(op, Op) else type(op).__name__
        self.counts[key] = self.counts.get(key, 0) + 1
        super().visit_call_(call)

    def visit_var_def_(self, var):
        self.counts["def"] = self.counts.get("def", 0) + 1


def count(mod):
    # A file whose last definition is a function is visited as a module of it.
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({"main": mod})
    counter = CallCounter()
    for _, func in mod.functions.items():
        if isinstance(func, relax.Function):
            counter.visit_expr(func)
    return counter.counts
"#;

/// The legalization both sides run: `legalize(mod)` applies `relax.transform.LegalizeOps`
/// and returns how many functions the result holds.
pub const LEGALIZE: &str = r#"
import tvm

def legalize(mod):
    # A file whose last definition is a function is legalized as a module of it.
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({"main": mod})
    return len(tvm.relax.transform.LegalizeOps()(mod).functions)
"#;

/// One stage's medians: ours, TVM's, and the median ratio of pairs (TVM over ours).
pub struct ApiStage {
    /// The stage's name.
    pub name: &'static str,
    /// What it works on (`10000 bindings`, `llm_large.py`).
    pub size: String,
    /// Our median, in seconds.
    pub ours: Option<f64>,
    /// TVM's median, in seconds.
    pub tvm: Option<f64>,
    /// The median ratio of pairs (TVM's time over ours).
    pub vs_tvm: Option<f64>,
    /// Values the callback received, ours and TVM's (the visitor stage): the two
    /// walks do not visit exactly the same values (docs/performance.md).
    pub visited: Option<(u64, Option<u64>)>,
    /// Why the stage could not be measured.
    pub error: Option<String>,
}

impl ApiStage {
    fn new(name: &'static str, size: String) -> Self {
        ApiStage { name, size, ours: None, tvm: None, vs_tvm: None, visited: None, error: None }
    }
}

/// Time a stage `runs` times, each run of ours (`ours`) right before one of TVM's
/// (`theirs`, through `server`), after an untimed run on each side.
fn pairs(
    mut stage: ApiStage,
    runs: usize,
    mut server: Option<&mut Server>,
    mut ours: impl FnMut() -> Result<f64, String>,
    mut theirs: impl FnMut(&mut Server) -> Result<f64, String>,
) -> ApiStage {
    if let Err(e) = ours() {
        stage.error = Some(e);
        return stage;
    }
    if let Some(s) = server.as_deref_mut()
        && let Err(e) = theirs(s)
    {
        stage.error = Some(e);
        server = None;
    }
    let (mut mine, mut tvm, mut ratios) = (vec![], vec![], vec![]);
    for _ in 0..runs.max(1) {
        match ours() {
            Ok(t) => mine.push(t),
            Err(e) => {
                stage.error = Some(e);
                break;
            }
        }
        if let Some(s) = server.as_deref_mut() {
            match theirs(s) {
                Ok(t) => {
                    tvm.push(t);
                    ratios.push(t / mine.last().copied().unwrap_or(1.0).max(1e-9));
                }
                Err(e) => {
                    stage.error = Some(e);
                    server = None;
                }
            }
        }
    }
    stage.ours = median(mine);
    stage.tvm = median(tvm);
    stage.vs_tvm = median(ratios);
    stage
}

/// Time the BlockBuilder stage `runs` times (after an untimed run on each side).
pub fn measure(session: &Session, runs: usize, server: Option<&mut Server>) -> ApiStage {
    let program = format!("{BLOCK_BUILDER}\nmod = build({BINDINGS})\n");
    let ours = || -> Result<f64, String> {
        let start = Instant::now();
        session.run("block_builder.py", &program, &[]).map_err(|e| e.message.clone())?;
        Ok(start.elapsed().as_secs_f64())
    };
    let stage = ApiStage::new("BlockBuilder", format!("{BINDINGS} bindings"));
    pairs(stage, runs, server, ours, |s| s.block_builder(BINDINGS))
}

/// Of `paths`, the largest file and its index (its key in TVM's server).
pub fn largest(paths: &[std::path::PathBuf]) -> Option<(usize, &Path)> {
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    paths.iter().enumerate().max_by_key(|(_, p)| size(p)).map(|(i, p)| (i, p.as_path()))
}

/// The module a file defines (its last definition, as `from_source` returns it).
fn module_of(session: &Session, path: &Path) -> Result<ObjectRef, String> {
    let text = crate::program::run::read_source(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let defs = session.parse_with(&name, &text, false).map_err(|e| e.message.lines().next().unwrap_or("").to_string())?;
    defs.into_iter().last().map(|(_, d)| d).ok_or_else(|| format!("{name}: defines nothing"))
}

/// Time a visitor stage (`visitor` defines `count(mod)`, a dict of counts) on file
/// `key` at `path` (TVM's server has loaded it as `key`), `runs` times after an
/// untimed run on each side.
pub fn measure_visitor(
    session: &Session,
    (stage_name, visitor): (&'static str, &'static str),
    key: usize,
    path: &Path,
    runs: usize,
    server: Option<&mut Server>,
) -> ApiStage {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let mut stage = ApiStage::new(stage_name, name);
    let module = match module_of(session, path) {
        Ok(m) => m,
        Err(e) => {
            stage.error = Some(e);
            return stage;
        }
    };
    // `Session::run` hands back IR-valued globals: the count comes back as an IntImm.
    let program = format!("{visitor}\nfrom tvm import tirx\nn = tirx.IntImm(\"int64\", sum(count(mod).values()))\n");
    let inputs = [("mod", Value::Object(module))];
    let (mut ours_n, mut theirs_n) = (None, None);
    let ours = || -> Result<f64, String> {
        let start = Instant::now();
        let globals = session.run("visitor.py", &program, &inputs).map_err(|e| e.message.clone())?;
        let elapsed = start.elapsed().as_secs_f64();
        ours_n = globals.iter().find(|(k, _)| k == "n").and_then(|(_, v)| v.as_object()?.field("value")?.as_int());
        Ok(elapsed)
    };
    let theirs = |s: &mut Server| -> Result<f64, String> {
        let (t, n) = s.visit(key, visitor)?;
        theirs_n = Some(n);
        Ok(t)
    };
    let mut stage = pairs(stage, runs, server, ours, theirs);
    stage.visited = ours_n.map(|n| (n as u64, theirs_n));
    stage
}

/// Time the LegalizeOps stage on file `key` at `path` (TVM's server has loaded it as
/// `key`), `runs` times after an untimed run on each side.
pub fn measure_legalize(session: &Session, key: usize, path: &Path, runs: usize, server: Option<&mut Server>) -> ApiStage {
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let mut stage = ApiStage::new("LegalizeOps", name);
    let module = match module_of(session, path) {
        Ok(m) => m,
        Err(e) => {
            stage.error = Some(e);
            return stage;
        }
    };
    let program = format!("{LEGALIZE}\nn = legalize(mod)\n");
    let inputs = [("mod", Value::Object(module))];
    let ours = || -> Result<f64, String> {
        let start = Instant::now();
        session.run("legalize.py", &program, &inputs).map_err(|e| e.message.clone())?;
        Ok(start.elapsed().as_secs_f64())
    };
    pairs(stage, runs, server, ours, |s| s.legalize(key))
}
