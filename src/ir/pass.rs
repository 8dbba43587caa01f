//! Pass infrastructure, as TVM's `tvm.transform`: `PassInfo`, `PassContext`,
//! `Pass` (built from a `FunctionPass`, a `ModulePass` or a `Sequential`) and
//! pass instruments.
//!
//! ```
//! use tvmscript::dialects::tirx::nodes::PrimFunc;
//! use tvmscript::ir::{FunctionPass, IRModule, IRModuleNode, Pass, PassContext, PassInfo, Result};
//!
//! // A function pass: called with each TIR function; returning it keeps it, another
//! // function replaces it, `None` removes it (TVM's `PrimFuncPass`).
//! let keep = |f: PrimFunc, _module: IRModule, _ctx: PassContext| -> Result<Option<PrimFunc>> {
//!     assert_eq!(f.params.len(), 1);
//!     Ok(Some(f))
//! };
//! let pass = Pass::new(FunctionPass::new(keep, PassInfo::new(0, "my_ext.Keep")));
//!
//! let source = r#"
//! from tvm.script import ir as I
//! from tvm.script import tirx as T
//!
//! @I.ir_module
//! class Module:
//!     @T.prim_func
//!     def main(A: T.Buffer((4,), "float32")):
//!         A[0] = T.float32(1)
//! "#;
//! let defs = tvmscript::Session::new().parse("module.py", source)?;
//! let module = defs[0].1.try_downcast::<IRModuleNode>().expect("an IRModule");
//! let out = pass.run(module.clone(), &PassContext::default())?;
//! assert!(out.ptr_eq(&module), "nothing changed, so the module is the same object");
//! # Ok::<(), tvmscript::ir::Error>(())
//! ```
//! A `Sequential` runs its passes in order, skipping those the context disables
//! or whose `opt_level` exceeds the context's (a pass the context requires runs
//! regardless), and runs each pass's own `required` passes (looked up by name in
//! the pass registry) before it. A pass run directly is never skipped by level.
//!
//! This is the one pass machinery: `tvm.transform` in scripts is a thin layer over it
//! (`vm::pylib::passes`), so a pass written in Python is a [`Pass`] here (its body
//! calls back into Python) and a Rust pass is a pass object Python can put in a
//! `Sequential`; instruments written in Python are [`PassInstrument`]s. Nothing here
//! needs to cross threads, so passes and instruments need not be `Send`.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::{Arc, OnceLock, RwLock};

use indexmap::IndexMap;

use super::error::{Error, ErrorKind, Result};
use super::expr::BaseFunc;
use super::map::FromNode;
use super::module::IRModule;
use super::value::Value;

/// A pass's name, optimisation level and prerequisites (`transform.PassInfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassInfo {
    /// A `Sequential` skips the pass when this exceeds the context's `opt_level`.
    pub opt_level: i32,
    /// The pass's name (how contexts enable, disable and require it).
    pub name: String,
    /// Names of passes to run right before this one (inside a `Sequential`).
    pub required: Vec<String>,
    /// Whether the pass can be traced (TVM's flag, kept for its repr).
    pub traceable: bool,
}

impl PassInfo {
    /// A pass's info with no prerequisites.
    pub fn new(opt_level: i32, name: &str) -> Self {
        PassInfo { opt_level, name: name.into(), required: Vec::new(), traceable: false }
    }
    /// The same info with these prerequisite passes.
    pub fn with_required<S: Into<String>>(mut self, required: impl IntoIterator<Item = S>) -> Self {
        self.required = required.into_iter().map(Into::into).collect();
        self
    }
    /// The same info with the `traceable` flag set.
    pub fn with_traceable(mut self, traceable: bool) -> Self {
        self.traceable = traceable;
        self
    }
}

/// TVM's repr: `transform.PassInfo(opt_level=3, name="P3", required=(), traceable=False)`.
impl fmt::Display for PassInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let required: Vec<String> = self.required.iter().map(|r| format!("{r:?}")).collect();
        let required = match required.len() {
            1 => format!("({},)", required[0]),
            _ => format!("({})", required.join(", ")),
        };
        write!(
            f,
            "transform.PassInfo(opt_level={}, name={:?}, required={required}, traceable={})",
            self.opt_level,
            self.name,
            if self.traceable { "True" } else { "False" }
        )
    }
}

/// Hooks around pass execution (`tvm.ir.instrument.PassInstrument`).
pub trait PassInstrument {
    /// The instrument's name.
    fn name(&self) -> &str {
        "PassInstrument"
    }
    /// Called when a context holding the instrument is entered.
    fn enter_pass_ctx(&self) -> Result<()> {
        Ok(())
    }
    /// Called when a context holding the instrument is left.
    fn exit_pass_ctx(&self) -> Result<()> {
        Ok(())
    }
    /// `false` from any instrument skips the pass (the module passes through);
    /// not asked for a pass the context requires.
    fn should_run(&self, _module: &IRModule, _info: &PassInfo) -> Result<bool> {
        Ok(true)
    }
    /// Called before each pass that runs.
    fn run_before_pass(&self, _module: &IRModule, _info: &PassInfo) -> Result<()> {
        Ok(())
    }
    /// Called after each pass that ran.
    fn run_after_pass(&self, _module: &IRModule, _info: &PassInfo) -> Result<()> {
        Ok(())
    }
}

/// The settings passes run under (`tvm.transform.PassContext`).
#[derive(Clone)]
pub struct PassContext {
    /// Passes of a `Sequential` above this level are skipped (TVM's default: 2).
    pub opt_level: i32,
    /// Passes run even above `opt_level`.
    pub required_passes: Vec<String>,
    /// Passes never run by a `Sequential`.
    pub disabled_passes: Vec<String>,
    /// Config options by registered key.
    pub config: IndexMap<String, Value>,
    /// Instruments called around every pass run under this context.
    pub instruments: Vec<Arc<dyn PassInstrument>>,
    /// The host's own object for this context (a script's `tvm.transform.PassContext`),
    /// handed back by `current()` to the host: the context a script entered is the
    /// one it gets back, with whatever it carries that Rust does not read.
    pub host: Option<Rc<dyn Any>>,
}

impl Default for PassContext {
    fn default() -> Self {
        PassContext::new(2)
    }
}

impl fmt::Debug for PassContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassContext")
            .field("opt_level", &self.opt_level)
            .field("required_passes", &self.required_passes)
            .field("disabled_passes", &self.disabled_passes)
            .field("config", &self.config)
            .field("instruments", &self.instruments.iter().map(|i| i.name().to_string()).collect::<Vec<_>>())
            .finish()
    }
}

thread_local! {
    static CONTEXT_STACK: RefCell<Vec<PassContext>> = const { RefCell::new(Vec::new()) };
}

impl PassContext {
    /// The default context at another optimisation level.
    pub fn new(opt_level: i32) -> Self {
        PassContext {
            opt_level,
            required_passes: Vec::new(),
            disabled_passes: Vec::new(),
            config: IndexMap::new(),
            instruments: Vec::new(),
            host: None,
        }
    }
    /// The same context at another optimisation level.
    pub fn with_opt_level(mut self, opt_level: i32) -> Self {
        self.opt_level = opt_level;
        self
    }
    /// The same context with these passes disabled.
    pub fn disable<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.disabled_passes.extend(names.into_iter().map(Into::into));
        self
    }
    /// The same context with these passes required.
    pub fn require<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.required_passes.extend(names.into_iter().map(Into::into));
        self
    }
    /// The same context with one more instrument.
    pub fn with_instrument(mut self, instrument: Arc<dyn PassInstrument>) -> Self {
        self.instruments.push(instrument);
        self
    }
    /// Set a config option; an AttributeError (TVM's message) unless the key was
    /// registered with [`register_config_option`].
    pub fn with_config(mut self, key: &str, value: impl Into<Value>) -> Result<Self> {
        let options = config_options().read().unwrap_or_else(|e| e.into_inner());
        if !options.contains(&key.to_string()) {
            return Err(Error::new(
                ErrorKind::AttributeError,
                format!("Invalid config option '{key}' candidates are: {}", options.join(" ,")),
            ));
        }
        drop(options);
        self.config.insert(key.into(), value.into());
        Ok(self)
    }
    /// The config option `key`, if set.
    pub fn get_config(&self, key: &str) -> Option<&Value> {
        self.config.get(key)
    }

    /// Whether a `Sequential` runs a pass under this context (TVM's `PassEnabled`).
    pub fn pass_enabled(&self, info: &PassInfo) -> bool {
        if self.disabled_passes.contains(&info.name) {
            return false;
        }
        if self.required_passes.contains(&info.name) {
            return true;
        }
        info.opt_level <= self.opt_level
    }

    /// The innermost context entered on this thread (`PassContext.current()`), or the default.
    pub fn current() -> PassContext {
        PassContext::entered().unwrap_or_default()
    }

    /// The innermost context entered on this thread, if any.
    pub fn entered() -> Option<PassContext> {
        CONTEXT_STACK.with(|s| s.borrow().last().cloned())
    }

    /// Make this context the current one (TVM's `EnterWithScope`, Python's
    /// `__enter__`): its instruments' `enter_pass_ctx` run first; when one fails,
    /// those entered are exited, the context drops its instruments and nothing is entered.
    pub fn enter(&mut self) -> Result<()> {
        for (i, inst) in self.instruments.iter().enumerate() {
            if let Err(e) = inst.enter_pass_ctx() {
                let entered = std::mem::take(&mut self.instruments);
                for inst in &entered[..i] {
                    inst.exit_pass_ctx()?;
                }
                return Err(e);
            }
        }
        CONTEXT_STACK.with(|s| s.borrow_mut().push(self.clone()));
        Ok(())
    }

    /// Leave the current context (TVM's `ExitWithScope`): popped, then its
    /// instruments' `exit_pass_ctx` run.
    pub fn exit() -> Result<()> {
        let Some(ctx) = CONTEXT_STACK.with(|s| s.borrow_mut().pop()) else { return Ok(()) };
        ctx.instruments.iter().try_for_each(|inst| inst.exit_pass_ctx())
    }

    /// Change the context on the top of the stack (a host's context edited while it is current).
    pub fn update_current(f: impl FnOnce(&mut PassContext)) {
        CONTEXT_STACK.with(|s| {
            if let Some(top) = s.borrow_mut().last_mut() {
                f(top)
            }
        })
    }

    /// Run `f` with this context as the current one (Python's `with PassContext(...)`),
    /// its instruments entered and exited around it.
    pub fn scope<R>(&self, f: impl FnOnce() -> R) -> Result<R> {
        struct Exit;
        impl Drop for Exit {
            fn drop(&mut self) {
                let _ = PassContext::exit();
            }
        }
        self.clone().enter()?;
        let exit = Exit;
        let out = f();
        std::mem::forget(exit);
        PassContext::exit()?;
        Ok(out)
    }

    /// TVM's `InstrumentBeforePass`: whether the pass runs (every instrument's
    /// `should_run`, unless the context requires the pass), then `run_before_pass`.
    fn instrument_before(&self, module: &IRModule, info: &PassInfo) -> Result<bool> {
        if self.instruments.is_empty() {
            return Ok(true);
        }
        let mut should_run = true;
        if !self.required_passes.contains(&info.name) {
            for inst in &self.instruments {
                should_run &= inst.should_run(module, info)?;
            }
        }
        if should_run {
            for inst in &self.instruments {
                inst.run_before_pass(module, info)?;
            }
        }
        Ok(should_run)
    }
}

fn config_options() -> &'static RwLock<Vec<String>> {
    static OPTIONS: OnceLock<RwLock<Vec<String>>> = OnceLock::new();
    OPTIONS.get_or_init(Default::default)
}

/// Make `key` a valid `PassContext` config option (`TVM_REGISTER_PASS_CONFIG_OPTION`).
pub fn register_config_option(key: &str) {
    let mut options = config_options().write().unwrap_or_else(|e| e.into_inner());
    if !options.iter().any(|k| k == key) {
        options.push(key.into());
    }
}

/// The body of a pass: what `Pass::run` wraps with instruments.
pub trait PassNode {
    /// The pass's name and level.
    fn info(&self) -> &PassInfo;
    /// Transform `module` (instruments are `Pass::run`'s business).
    fn transform(&self, module: IRModule, ctx: &PassContext) -> Result<IRModule>;
    /// The pass as a `Sequential`, when it is one.
    fn as_sequential(&self) -> Option<&Sequential> {
        None
    }
}

/// A runnable pass (`tvm.transform.Pass`): cheap to clone.
#[derive(Clone)]
pub struct Pass(Arc<dyn PassNode>);

impl Pass {
    /// Wrap a pass body.
    pub fn new(node: impl PassNode + 'static) -> Pass {
        Pass(Arc::new(node))
    }
    /// The pass's name and level.
    pub fn info(&self) -> &PassInfo {
        self.0.info()
    }
    /// The pass's name.
    pub fn name(&self) -> &str {
        &self.0.info().name
    }
    /// Run on `module` under `ctx`, with the context's instruments.
    pub fn run(&self, module: IRModule, ctx: &PassContext) -> Result<IRModule> {
        let info = self.0.info();
        if !ctx.instrument_before(&module, info)? {
            return Ok(module);
        }
        let out = self.0.transform(module, ctx)?;
        for inst in &ctx.instruments {
            inst.run_after_pass(&out, info)?;
        }
        Ok(out)
    }
    /// The pass as a `Sequential`, when it is one (its passes).
    pub fn as_sequential(&self) -> Option<&Sequential> {
        self.0.as_sequential()
    }
    /// Run under the current context (Python's `pass_(mod)`).
    pub fn call(&self, module: IRModule) -> Result<IRModule> {
        self.run(module, &PassContext::current())
    }
}

/// Run a pass's body without the context's instruments (a pass made of another
/// pass that instruments should see as one).
pub fn transform_only(pass: &Pass, module: IRModule, ctx: &PassContext) -> Result<IRModule> {
    pass.0.transform(module, ctx)
}

impl fmt::Debug for Pass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pass({})", self.info())
    }
}

type FunctionBody = dyn Fn(&BaseFunc, IRModule, PassContext) -> Option<Result<Option<BaseFunc>>>;

/// Applies a function to each function of a module whose type it takes (`FunctionPass`).
#[derive(Clone)]
pub struct FunctionPass {
    info: PassInfo,
    body: Arc<FunctionBody>,
}

impl FunctionPass {
    /// `f(function, module, ctx)` runs on every function of type `F` in the module;
    /// `Ok(Some(new))` replaces the function (returning it unchanged keeps it),
    /// `Ok(None)` removes it, as TVM's `PrimFuncPass` does. Every call sees the module
    /// as it was when the pass started; functions of other types are left alone.
    pub fn new<F, R, Func>(f: Func, info: PassInfo) -> FunctionPass
    where
        F: FromNode + 'static,
        R: Into<BaseFunc> + 'static,
        Func: Fn(F, IRModule, PassContext) -> Result<Option<R>> + 'static,
    {
        let body = move |func: &BaseFunc, module: IRModule, ctx: PassContext| {
            let typed = F::from_node(func.as_object())?;
            Some(f(typed, module, ctx).map(|r| r.map(Into::into)))
        };
        FunctionPass { info, body: Arc::new(body) }
    }
    /// A pass over the functions `f` answers for (`None` from it: a function of
    /// another kind, left alone), with the meaning of [`FunctionPass::new`]'s results.
    pub fn filtered(
        f: impl Fn(&BaseFunc, IRModule, PassContext) -> Option<Result<Option<BaseFunc>>> + 'static,
        info: PassInfo,
    ) -> FunctionPass {
        FunctionPass { info, body: Arc::new(f) }
    }
    /// The pass's name and level.
    pub fn info(&self) -> &PassInfo {
        &self.info
    }
}

impl PassNode for FunctionPass {
    fn info(&self) -> &PassInfo {
        &self.info
    }
    fn transform(&self, module: IRModule, ctx: &PassContext) -> Result<IRModule> {
        let mut updates = Vec::new();
        for (gv, func) in module.functions() {
            let func = &func;
            let Some(result) = (self.body)(func, module.clone(), ctx.clone()) else {
                continue;
            };
            match result.map_err(|e| in_pass(e, &self.info.name, &gv.name_hint))? {
                Some(new) if new.same_as(func) => {}
                new => updates.push((gv.clone(), new)),
            }
        }
        updates.into_iter().try_fold(module, |m, (gv, func)| match func {
            Some(func) => Ok(m.update(gv, func)),
            None => m.remove(&gv.name_hint),
        })
    }
}

/// Keep the error's kind and message; note where it happened when the message is empty.
fn in_pass(e: Error, pass: &str, func: &str) -> Error {
    if e.message.is_empty() {
        Error { message: format!("in pass {pass} on function {func}"), ..e }
    } else {
        e
    }
}

type ModuleBody = dyn Fn(IRModule, PassContext) -> Result<IRModule>;

/// Transforms the whole module (`ModulePass`).
#[derive(Clone)]
pub struct ModulePass {
    info: PassInfo,
    body: Arc<ModuleBody>,
}

impl ModulePass {
    /// A pass that transforms the whole module with `f`.
    pub fn new(f: impl Fn(IRModule, PassContext) -> Result<IRModule> + 'static, info: PassInfo) -> Self {
        ModulePass { info, body: Arc::new(f) }
    }
    /// The pass's name and level.
    pub fn info(&self) -> &PassInfo {
        &self.info
    }
}

impl PassNode for ModulePass {
    fn info(&self) -> &PassInfo {
        &self.info
    }
    fn transform(&self, module: IRModule, ctx: &PassContext) -> Result<IRModule> {
        (self.body)(module, ctx.clone())
    }
}

/// Runs passes in order (`tvm.transform.Sequential`).
#[derive(Clone)]
pub struct Sequential {
    info: PassInfo,
    passes: Vec<Pass>,
}

impl Sequential {
    /// Run `passes` in order, as one pass described by `info`.
    pub fn new(passes: impl IntoIterator<Item = Pass>, info: PassInfo) -> Self {
        Sequential { info, passes: passes.into_iter().collect() }
    }
    /// The passes, in order.
    pub fn passes(&self) -> &[Pass] {
        &self.passes
    }
    /// The pass's name and level.
    pub fn info(&self) -> &PassInfo {
        &self.info
    }
}

impl PassNode for Sequential {
    fn info(&self) -> &PassInfo {
        &self.info
    }
    fn as_sequential(&self) -> Option<&Sequential> {
        Some(self)
    }
    fn transform(&self, mut module: IRModule, ctx: &PassContext) -> Result<IRModule> {
        for pass in &self.passes {
            let info = pass.info();
            if !ctx.pass_enabled(info) {
                continue;
            }
            for name in &info.required {
                module = get_pass(name)?.run(module, ctx)?;
            }
            module = pass.run(module, ctx)?;
        }
        Ok(module)
    }
}

macro_rules! into_pass {
    ($($t:ty),*) => {$(
        impl From<$t> for Pass {
            fn from(p: $t) -> Pass {
                Pass::new(p)
            }
        }
        impl From<&$t> for Pass {
            fn from(p: &$t) -> Pass {
                Pass::new(p.clone())
            }
        }
    )*};
}
into_pass!(FunctionPass, ModulePass, Sequential);

/// Builds a pass by name, for `required` lists.
pub type PassFactory = fn() -> Pass;

fn pass_registry() -> &'static RwLock<HashMap<String, PassFactory>> {
    static REG: OnceLock<RwLock<HashMap<String, PassFactory>>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Make a pass available by name (to `required` lists and `get_pass`).
pub fn register_pass(name: &str, factory: PassFactory) {
    pass_registry().write().unwrap_or_else(|e| e.into_inner()).insert(name.into(), factory);
}

/// A registered pass by name, looked up as TVM 0.27's `GetPass` does: a name holding
/// "transform." as it is (TVM's global names of its passes, `relax.transform.Normalize`,
/// under which the built-in passes register too), any other as `"transform.<name>"` or
/// as it is (a pass registered under a plain name).
pub fn get_pass(name: &str) -> Result<Pass> {
    let registry = pass_registry().read().unwrap_or_else(|e| e.into_inner());
    let factory = match name.contains("transform.") {
        true => registry.get(name).copied(),
        false => registry.get(&format!("transform.{name}")).or_else(|| registry.get(name)).copied(),
    };
    drop(registry);
    factory.map(|f| f()).ok_or_else(|| {
        Error::new(ErrorKind::InternalError, format!("Check failed: (f.has_value()) is false: Cannot use {name} to create the pass"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::module::test_support::{add_const, base, func, TestFunc};
    use crate::ir::{int_imm, structural_equal, structural_map, DataType, GlobalVar, IntImm, MapResult, WalkOrder};
    use std::sync::Mutex;

    fn module() -> IRModule {
        IRModule::from_functions([
            (GlobalVar::named("a"), base(add_const(1))),
            (GlobalVar::named("b"), base(add_const(2))),
        ])
        .unwrap()
    }

    /// A module pass that appends its name to a shared log.
    fn logging(name: &str, level: i32, log: &Arc<Mutex<Vec<String>>>) -> Pass {
        let (log, label) = (log.clone(), name.to_string());
        ModulePass::new(
            move |m, _| {
                log.lock().unwrap().push(label.clone());
                Ok(m)
            },
            PassInfo::new(level, name),
        )
        .into()
    }

    /// Increment every integer constant: a function pass over test functions.
    fn bump(f: TestFunc, _m: IRModule, _c: PassContext) -> Result<Option<TestFunc>> {
        let out = structural_map(
            f,
            |i: IntImm| MapResult::Replace(int_imm(DataType::INT32, i.value + 1).into_object()),
            WalkOrder::PostOrder,
        )?;
        Ok(Some(out.downcast::<super::super::module::test_support::TestFuncNode>()?))
    }

    #[test]
    fn function_pass_rewrites_each_function() {
        let pass = FunctionPass::new(bump, PassInfo::new(0, "test.Bump"));
        let m = module();
        let out = Pass::from(&pass).run(m.clone(), &PassContext::default()).unwrap();
        assert!(structural_equal(&out.lookup("a").unwrap(), &add_const(2), false));
        assert!(structural_equal(&out.lookup("b").unwrap(), &add_const(3), false));
        // Order and GlobalVars kept.
        assert!(out.global_vars()[0].ptr_eq(&m.global_vars()[0]));
        // The input module is untouched.
        assert!(structural_equal(&m.lookup("a").unwrap(), &add_const(1), false));
    }

    #[test]
    fn function_pass_keeps_returned_functions_and_removes_on_none() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        let keep = FunctionPass::new(
            move |f: BaseFunc, m: IRModule, _: PassContext| {
                s.lock().unwrap().push(m.functions().len());
                Ok(Some(f))
            },
            PassInfo::new(0, "test.Keep"),
        );
        let m = module();
        let out = Pass::from(keep).run(m.clone(), &PassContext::default()).unwrap();
        assert!(out.ptr_eq(&m));
        assert_eq!(*seen.lock().unwrap(), [2, 2]);
        let drop_b = FunctionPass::new(
            |f: BaseFunc, _: IRModule, _: PassContext| Ok((!structural_equal(&f, &base(add_const(2)), false)).then_some(f)),
            PassInfo::new(0, "test.DropB"),
        );
        let out = Pass::from(drop_b).run(m, &PassContext::default()).unwrap();
        assert_eq!(out.functions().map(|(gv, _)| gv.name_hint.to_string()).collect::<Vec<_>>(), ["a"]);
    }

    #[test]
    fn function_pass_errors_abort() {
        let pass = FunctionPass::new(
            |_: TestFunc, _: IRModule, _: PassContext| -> Result<Option<TestFunc>> { Err(Error::value_error("nope")) },
            PassInfo::new(0, "test.Fail"),
        );
        let err = Pass::from(&pass).run(module(), &PassContext::default()).unwrap_err();
        assert_eq!(err.message, "nope");
    }

    #[test]
    fn sequential_runs_in_order_and_skips_by_level() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let seq = Sequential::new(
            [logging("P3", 3, &log), logging("P1", 1, &log), logging("P0", 0, &log)],
            PassInfo::new(0, "seq"),
        );
        let run = |ctx: PassContext| {
            log.lock().unwrap().clear();
            Pass::from(&seq).run(module(), &ctx).unwrap();
            log.lock().unwrap().clone()
        };
        assert_eq!(run(PassContext::new(2).disable(["P0"])), ["P1"]);
        assert_eq!(run(PassContext::new(2).require(["P3"])), ["P3", "P1", "P0"]);
        assert_eq!(run(PassContext::new(3)), ["P3", "P1", "P0"]);
        assert_eq!(run(PassContext::new(0)), ["P0"]);
        // A pass run on its own is not skipped by level.
        log.lock().unwrap().clear();
        logging("P3", 3, &log).run(module(), &PassContext::new(0)).unwrap();
        assert_eq!(*log.lock().unwrap(), ["P3"]);
    }

    #[test]
    fn sequential_threads_the_module_through() {
        let bump_pass: Pass = FunctionPass::new(bump, PassInfo::new(0, "test.Bump")).into();
        let seq = Sequential::new([bump_pass.clone(), bump_pass], PassInfo::new(0, "twice"));
        let out = Pass::from(seq).run(module(), &PassContext::default()).unwrap();
        assert!(structural_equal(&out.lookup("a").unwrap(), &add_const(3), false));
    }

    fn registered_marker() -> Pass {
        ModulePass::new(|m, _| Ok(m.with_attr("marked", true)), PassInfo::new(5, "test.Marker")).into()
    }

    #[test]
    fn required_passes_run_first() {
        register_pass("test.Marker", registered_marker);
        let check = ModulePass::new(
            |m: IRModule, _| {
                if m.get_attr("marked").is_none() {
                    return Err(Error::value_error("marker did not run"));
                }
                Ok(m)
            },
            PassInfo::new(0, "test.Check").with_required(["test.Marker"]),
        );
        let seq = Sequential::new([Pass::from(&check)], PassInfo::new(0, "seq"));
        assert!(Pass::from(&seq).run(module(), &PassContext::new(0)).is_ok());
        let missing = Sequential::new(
            [ModulePass::new(Ok_, PassInfo::new(0, "x").with_required(["test.Unknown"])).into()],
            PassInfo::new(0, "seq"),
        );
        assert!(Pass::from(missing).run(module(), &PassContext::default()).is_err());
    }

    #[allow(non_snake_case)]
    fn Ok_(m: IRModule, _: PassContext) -> Result<IRModule> {
        Ok(m)
    }

    struct SkipNamed(&'static str, Arc<Mutex<Vec<String>>>);
    impl PassInstrument for SkipNamed {
        fn should_run(&self, _m: &IRModule, info: &PassInfo) -> Result<bool> {
            Ok(info.name != self.0)
        }
        fn run_before_pass(&self, _m: &IRModule, info: &PassInfo) -> Result<()> {
            self.1.lock().unwrap().push(format!("before {}", info.name));
            Ok(())
        }
        fn run_after_pass(&self, _m: &IRModule, info: &PassInfo) -> Result<()> {
            self.1.lock().unwrap().push(format!("after {}", info.name));
            Ok(())
        }
    }

    #[test]
    fn instruments_wrap_and_can_skip() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let events = Arc::new(Mutex::new(Vec::new()));
        let seq = Sequential::new([logging("A", 0, &log), logging("B", 0, &log)], PassInfo::new(0, "S"));
        let ctx = PassContext::default().with_instrument(Arc::new(SkipNamed("A", events.clone())));
        Pass::from(&seq).run(module(), &ctx).unwrap();
        assert_eq!(*log.lock().unwrap(), ["B"]);
        assert_eq!(*events.lock().unwrap(), ["before S", "before B", "after B", "after S"]);
    }

    #[test]
    fn context_config_and_scope() {
        let err = PassContext::default().with_config("test.unregistered_option", 1i64).unwrap_err();
        assert_eq!(err.kind, ErrorKind::AttributeError);
        assert!(err.message.starts_with("Invalid config option 'test.unregistered_option' candidates are: "));
        register_config_option("test.unroll");
        let ctx = PassContext::new(3).with_config("test.unroll", true).unwrap();
        assert_eq!(ctx.get_config("test.unroll"), Some(&Value::Bool(true)));
        assert_eq!(PassContext::current().opt_level, 2);
        let level = ctx.scope(|| PassContext::current().opt_level).unwrap();
        assert_eq!(level, 3);
        assert_eq!(PassContext::current().opt_level, 2);
    }

    #[test]
    fn pass_info_repr() {
        assert_eq!(
            PassInfo::new(3, "P3").to_string(),
            "transform.PassInfo(opt_level=3, name=\"P3\", required=(), traceable=False)"
        );
        assert_eq!(
            PassInfo::new(0, "Q").with_required(["A"]).to_string(),
            "transform.PassInfo(opt_level=0, name=\"Q\", required=(\"A\",), traceable=False)"
        );
        let _ = func(vec![], int_imm(DataType::INT32, 0));
    }
}
