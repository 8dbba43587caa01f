//! Stages of the Python API, timed on programs rather than on files: building a
//! Relax function of [`BINDINGS`] bindings with `relax.BlockBuilder`. The same
//! program text runs in our interpreter and, with `--tvm`, in TVM's server, each
//! run of ours right before one of TVM's (ratios are medians of those pairs).

use std::time::Instant;

use super::rounds::median;
use super::tvm::Server;
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

/// One stage's medians: ours, TVM's, and the median ratio of pairs (TVM over ours).
pub struct ApiStage {
    /// The stage's name.
    pub name: &'static str,
    /// Our median, in seconds.
    pub ours: Option<f64>,
    /// TVM's median, in seconds.
    pub tvm: Option<f64>,
    /// The median ratio of pairs (TVM's time over ours).
    pub vs_tvm: Option<f64>,
    /// Why the stage could not be measured.
    pub error: Option<String>,
}

/// Time the BlockBuilder stage `runs` times (after an untimed run on each side).
pub fn measure(session: &Session, runs: usize, mut server: Option<&mut Server>) -> ApiStage {
    let program = format!("{BLOCK_BUILDER}\nmod = build({BINDINGS})\n");
    let ours_once = || -> Result<f64, String> {
        let start = Instant::now();
        session.run("block_builder.py", &program, &[]).map_err(|e| e.message.clone())?;
        Ok(start.elapsed().as_secs_f64())
    };
    let mut stage = ApiStage { name: "BlockBuilder", ours: None, tvm: None, vs_tvm: None, error: None };
    if let Err(e) = ours_once() {
        stage.error = Some(e);
        return stage;
    }
    if let Some(s) = server.as_deref_mut()
        && let Err(e) = s.block_builder(BINDINGS)
    {
        stage.error = Some(e);
        server = None;
    }
    let (mut ours, mut theirs, mut ratios) = (vec![], vec![], vec![]);
    for _ in 0..runs.max(1) {
        match ours_once() {
            Ok(t) => ours.push(t),
            Err(e) => {
                stage.error = Some(e);
                break;
            }
        }
        if let Some(s) = server.as_deref_mut() {
            match s.block_builder(BINDINGS) {
                Ok(t) => {
                    theirs.push(t);
                    ratios.push(t / ours.last().copied().unwrap_or(1.0).max(1e-9));
                }
                Err(e) => {
                    stage.error = Some(e);
                    server = None;
                }
            }
        }
    }
    stage.ours = median(ours);
    stage.tvm = median(theirs);
    stage.vs_tvm = median(ratios);
    stage
}
