//! Running a pass pipeline from a Rust host (`cargo run --release --example passes`):
//! a pass written in Rust (a `FunctionPass` over TIRx functions, as in seed 003) and
//! a built-in pass taken from the pass registry run in one `Sequential` over a
//! module parsed by a `Session`, under a `PassContext` with an instrument that logs
//! each pass; the host prints the module before and after.
//!
//! The Rust pass turns every store to a buffer named `debug` into a no-op; the
//! built-in `tirx.RemoveNoOp` then removes the no-ops and the loops left empty.
//!
//! `tests/embed.rs` runs [`run`] as part of `cargo test`.

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use tvmscript::dialects::tirx::nodes::{BufferStore, Evaluate, EvaluateNode, PrimFunc};
use tvmscript::ir::{
    get_pass, int_imm, structural_map_typed, DataType, FunctionPass, IRModule, MapResult, Pass, PassContext, PassInfo,
    PassInstrument, Result, Sequential, WalkOrder,
};
use tvmscript::printer::{PrinterConfig, Syntax};
use tvmscript::Session;

const SCRIPT: &str = r#"
from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func
    def scale(A: T.Buffer((16,), "float32"), debug: T.Buffer((16,), "float32")):
        for i in range(16):
            A[i] = A[i] * T.float32(2.0)
            debug[i] = A[i]
        for j in range(16):
            debug[j] = T.float32(0.0)
"#;

/// The body of `demo.DropDebugStores`: a store to `debug` becomes `T.evaluate(0)`.
fn drop_debug_stores(func: PrimFunc, _module: IRModule, _ctx: PassContext) -> Result<Option<PrimFunc>> {
    let no_op = || Evaluate::new(EvaluateNode { value: int_imm(DataType::int(32), 0), span: Default::default() });
    let rewritten = structural_map_typed(
        func,
        |store: BufferStore| match &*store.buffer.name == "debug" {
            true => MapResult::Replace(no_op().upcast()),
            false => MapResult::Unchanged,
        },
        WalkOrder::PostOrder,
    )?;
    Ok(Some(rewritten))
}

fn drop_debug_stores_pass() -> Pass {
    FunctionPass::new(drop_debug_stores, PassInfo::new(0, "demo.DropDebugStores")).into()
}

/// Logs the passes that run (`tvm.ir.instrument.PassInstrument`).
struct Log(Mutex<Vec<String>>);

impl PassInstrument for Log {
    fn name(&self) -> &str {
        "demo.Log"
    }
    fn run_before_pass(&self, _module: &IRModule, info: &PassInfo) -> Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(info.name.clone());
        Ok(())
    }
}

/// Run the example; returns what it would print.
pub fn run() -> Result<String> {
    tvmscript::init();
    let session = Session::new();
    let module = session.parse_module("module.py", SCRIPT)?;
    let pipeline = Sequential::new([drop_debug_stores_pass(), get_pass("tirx.RemoveNoOp")?], PassInfo::new(0, "demo.Pipeline"));
    let log = Arc::new(Log(Mutex::new(Vec::new())));
    let ctx = PassContext::default().with_instrument(log.clone());
    let lowered = Pass::from(pipeline).run(module.clone(), &ctx)?;

    let config = PrinterConfig { syntax: Syntax::Tvm, ..Default::default() };
    let mut out = String::new();
    let _ = writeln!(out, "before:\n{}", tvmscript::print(&module.upcast(), &config)?);
    let ran = log.0.lock().unwrap_or_else(|e| e.into_inner()).join(", ");
    let _ = writeln!(out, "passes run: {ran}");
    let _ = write!(out, "after:\n{}", tvmscript::print(&lowered.upcast(), &config)?);
    Ok(out)
}

fn main() {
    match run() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("passes: {e}");
            std::process::exit(1);
        }
    }
}
