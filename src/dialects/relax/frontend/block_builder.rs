//! The native core of `tvm.relax.BlockBuilder` (the Python class in
//! `stdlib/tvm/relax/block_builder.py` keeps TVM's function and dataflow scopes, as
//! TVM's Python does, and calls this for what TVM's C++ builder does): the module
//! being built, the stack of blocks being filled, the name supply shared by
//! variables and functions, and the binding table.
//!
//! Emitting normalises with the script frontend's rules (`emit::normalize_children_with`):
//! a nested call is bound first to a fresh `lv`/`gv` variable, in this builder's block.

use std::collections::HashMap;

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{pyclass, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::convert::{to_expr, to_type};
use super::emit::{binding_var, normalize_arg_with, normalize_children_with, seq_expr};
use crate::dialects::relax::nodes::{AnyBlock, AnyVar, Binding, Function, FunctionNode, MatchCast, VarBinding};
use crate::fast_hash::FastMap;
use crate::ir::{self, BaseFunc, Expr, GlobalVar, GlobalVarNode, IRModule, ObjectRef, Span, Type, Var};
use crate::vm::args::bind;
use crate::vm::convert::py_str;
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

/// A block being filled.
struct Block {
    dataflow: bool,
    bindings: Vec<Binding>,
}

struct State {
    module: IRModule,
    /// TVM's `NameSupply`: each name given, and the last number appended to it.
    names: HashMap<String, usize>,
    blocks: Vec<Block>,
    /// Each bound variable's value, by the variable's address (the variable is kept
    /// alive in the entry so the address stays its own).
    table: FastMap<usize, (ObjectRef, Expr)>,
}

impl State {
    /// A name no earlier request got: `name`, else `name1`, `name2` … (dots become
    /// underscores), as TVM's `NameSupply::FreshName`.
    fn fresh(&mut self, name: &str) -> String {
        let name = name.replace('.', "_");
        let Some(&last) = self.names.get(&name) else {
            self.names.insert(name.clone(), 0);
            return name;
        };
        let mut n = last;
        loop {
            n += 1;
            let candidate = format!("{name}{n}");
            if !self.names.contains_key(&candidate) {
                self.names.insert(name, n);
                self.names.insert(candidate.clone(), 0);
                return candidate;
            }
        }
    }

    fn push(&mut self, var: &AnyVar, value: Expr, binding: Binding) {
        self.table.insert(var.as_object().addr(), (var.as_object().clone(), value));
        if let Some(b) = self.blocks.last_mut() {
            b.bindings.push(binding);
        }
    }

    /// Bind a normalised value to a fresh variable of the current block.
    fn bind_fresh(&mut self, value: Expr, hint: &str) -> AnyVar {
        let dataflow = self.blocks.last().is_some_and(|b| b.dataflow);
        let hint = if hint.is_empty() { if dataflow { "lv" } else { "gv" } } else { hint };
        let name = self.fresh(hint);
        let var = binding_var(&name, value.ty(), dataflow);
        self.push(&var, value.clone(), VarBinding::make(var.clone(), value, Span::none()).into());
        var
    }

    /// Normalise `e`'s operands, binding the non-leaf ones in the current block.
    fn normalize(&mut self, e: Expr) -> ir::Result<Expr> {
        normalize_children_with(e, &mut |v| Ok(self.bind_fresh(v, "")))
    }

    /// Add a function under a fresh name (an equal function added before is reused).
    fn add_func(&mut self, func: BaseFunc, hint: &str) -> ir::Result<GlobalVar> {
        if let Some((gv, _)) = self.module.functions().find(|(_, f)| ir::structural_equal(f, &func, false)) {
            return Ok(gv.clone());
        }
        let mut name = self.fresh(hint);
        while self.module.contains(&name) {
            name = self.fresh(hint);
        }
        let ty = match func.downcast_ref::<FunctionNode>() {
            Some(f) => f.ty.clone(),
            None => Type::missing(),
        };
        let gv = GlobalVar::new(GlobalVarNode { ty, name_hint: name.as_str().into(), span: Span::none() });
        self.module = self.module.add(gv.clone(), func)?;
        Ok(gv)
    }
}

/// The builder state behind one `relax.BlockBuilder`.
#[pyclass(module = "tvm.relax", name = "BlockBuilderCore")]
#[derive(PyPayload)]
pub struct BlockBuilderCore {
    state: PyMutex<State>,
}

impl std::fmt::Debug for BlockBuilderCore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BlockBuilderCore")
    }
}

/// TVM's `InternalError` (a failed check of its C++ builder), from `tvm.error`.
fn internal(vm: &VirtualMachine, msg: &str) -> PyBaseExceptionRef {
    let class = vm
        .import("tvm.error", 0)
        // `import tvm.error` gives the package.
        .and_then(|m| m.get_attr("error", vm))
        .and_then(|m| m.get_attr("InternalError", vm))
        .ok()
        .and_then(|c| c.downcast::<rustpython_vm::builtins::PyType>().ok());
    match class {
        Some(c) => vm.new_exception_msg(c, format!("Check failed: {msg}").into()),
        None => vm.new_runtime_error(msg.to_string()),
    }
}

fn var_of(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<AnyVar> {
    match unwrap_object(v) {
        Some(o) if o.is::<ir::VarNode>() || o.is::<crate::dialects::relax::nodes::DataflowVarNode>() => Ok(AnyVar(o)),
        _ => Err(vm.new_type_error("expected a relax.Var")),
    }
}

fn base_func(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<BaseFunc> {
    match unwrap_object(v) {
        Some(o) if o.isinstance(ir::base_func_info()) => Ok(BaseFunc(o)),
        _ => Err(vm.new_type_error("expected a function (relax.Function or tirx.PrimFunc)")),
    }
}

fn global_var(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<GlobalVar> {
    unwrap_object(v)
        .and_then(|o| o.downcast::<GlobalVarNode>().ok())
        .map(GlobalVar::from)
        .ok_or_else(|| vm.new_type_error("expected a GlobalVar"))
}

impl BlockBuilderCore {
    fn with_block<R>(&self, vm: &VirtualMachine, what: &str, f: impl FnOnce(&mut State) -> ir::Result<R>) -> PyResult<R> {
        let mut s = self.state.lock();
        if s.blocks.is_empty() {
            return Err(internal(vm, &format!("(!block_stack_.empty()) is false: {what}: no block is being built")));
        }
        f(&mut s).py(vm)
    }
}

#[pyclass]
impl BlockBuilderCore {
    #[pymethod]
    fn begin_block(&self, dataflow: bool) {
        self.state.lock().blocks.push(Block { dataflow, bindings: vec![] });
    }

    /// Close the current block: a `BindingBlock` / `DataflowBlock` of its bindings.
    #[pymethod]
    fn end_block(&self, vm: &VirtualMachine) -> PyResult {
        let b = self.state.lock().blocks.pop().ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: no block is being built"))?;
        Ok(wrap(vm, AnyBlock::make(b.dataflow, b.bindings, Span::none()).into_object()))
    }

    #[pymethod]
    fn current_block_is_dataflow(&self, vm: &VirtualMachine) -> PyResult<bool> {
        self.state.lock().blocks.last().map(|b| b.dataflow).ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: no block is being built"))
    }

    #[pymethod]
    fn emit(&self, expr: PyObjectRef, name_hint: String, vm: &VirtualMachine) -> PyResult {
        let e = to_expr(vm, &expr)?;
        let var = self.with_block(vm, "emit", |s| {
            let e = s.normalize(e)?;
            Ok(s.bind_fresh(e, &name_hint))
        })?;
        Ok(wrap(vm, var.0))
    }

    /// A plain variable bound in the dataflow block being built (visible after it).
    #[pymethod]
    fn emit_output(&self, expr: PyObjectRef, name_hint: String, vm: &VirtualMachine) -> PyResult {
        let e = to_expr(vm, &expr)?;
        // TVM checks that a block is open before that it is a dataflow block.
        self.current_block_is_dataflow(vm)?;
        if !self.state.lock().blocks.last().is_some_and(|b| b.dataflow) {
            return Err(internal(vm, "(cur_frame->is_dataflow) is false: EmitOutput has to be called inside dataflow block."));
        }
        let var = self.with_block(vm, "emit_output", |s| {
            let e = s.normalize(e)?;
            let name = s.fresh(if name_hint.is_empty() { "gv" } else { &name_hint });
            let var: AnyVar = ir::new_var(&name, e.ty(), Span::none()).into();
            s.push(&var, e.clone(), VarBinding::make(var.clone(), e, Span::none()).into());
            Ok(var)
        })?;
        Ok(wrap(vm, var.0))
    }

    #[pymethod]
    fn match_cast(&self, value: PyObjectRef, ty: PyObjectRef, name_hint: String, vm: &VirtualMachine) -> PyResult {
        let e = to_expr(vm, &value)?;
        let ty = to_type(vm, &ty)?;
        let var = self.with_block(vm, "match_cast", |s| {
            let e = s.normalize(e)?;
            let dataflow = s.blocks.last().is_some_and(|b| b.dataflow);
            let name = s.fresh(if !name_hint.is_empty() { &name_hint } else if dataflow { "lv" } else { "gv" });
            let var = binding_var(&name, ty.clone(), dataflow);
            s.push(&var, e.clone(), MatchCast::make(var.clone(), e, ty, Span::none()).into());
            Ok(var)
        })?;
        Ok(wrap(vm, var.0))
    }

    /// `BlockBuilder.normalize`: operands bound in the current block, types inferred.
    #[pymethod]
    fn normalize(&self, expr: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let e = to_expr(vm, &expr)?;
        let mut s = self.state.lock();
        if s.blocks.is_empty() {
            // Nothing can be bound: only an expression without non-leaf operands.
            let mut nested = false;
            let e = normalize_children_with(e, &mut |v| {
                nested = true;
                Ok(binding_var("_", v.ty(), false))
            })
            .py(vm)?;
            drop(s);
            if nested {
                return Err(internal(vm, "(!block_stack_.empty()) is false: normalize: no block is being built"));
            }
            return Ok(wrap(vm, e.into_object()));
        }
        let e = s.normalize(e).py(vm)?;
        Ok(wrap(vm, e.into_object()))
    }

    #[pymethod]
    fn emit_normalized(&self, binding: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let o = unwrap_object(&binding).filter(|o| o.isinstance(crate::dialects::relax::nodes::binding_info()));
        let b = Binding(o.ok_or_else(|| vm.new_type_error("emit_normalized expects a relax.Binding"))?);
        let (var, value) = (b.var().cloned(), b.value().cloned());
        self.with_block(vm, "emit_normalized", |s| {
            if let (Some(var), Some(value)) = (var, value) {
                s.push(&var, value, b);
            }
            Ok(())
        })
    }

    #[pymethod]
    fn lookup_binding(&self, var: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let v = var_of(vm, &var)?;
        let found = self.state.lock().table.get(&v.as_object().addr()).map(|(_, e)| e.clone());
        Ok(match found {
            Some(e) => wrap(vm, e.into_object()),
            None => vm.ctx.none(),
        })
    }

    #[pymethod]
    fn get_unique_name(&self, prefix: String) -> String {
        self.state.lock().fresh(&prefix)
    }

    #[pymethod]
    fn add_func(&self, func: PyObjectRef, name: String, vm: &VirtualMachine) -> PyResult {
        let f = base_func(vm, &func)?;
        let gv = self.state.lock().add_func(f, &name).py(vm)?;
        Ok(wrap(vm, gv.upcast()))
    }

    #[pymethod]
    fn update_func(&self, gv: PyObjectRef, func: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let gv = global_var(vm, &gv)?;
        let f = base_func(vm, &func)?;
        let mut s = self.state.lock();
        if !s.module.contains(&gv.name_hint) {
            return Err(vm.new_value_error(format!("Cannot update function {}: it is not in the module", &*gv.name_hint)));
        }
        s.module = s.module.update(gv, f);
        Ok(())
    }

    /// `BlockBuilder.finalize`: the module with each public function's GlobalVar
    /// named by its `global_symbol` (TVM's `NormalizeGlobalVar`); a private function
    /// holding such a name takes a fresh one. References follow the renaming.
    #[pymethod]
    fn finalize(&self, vm: &VirtualMachine) -> PyResult {
        let module = self.state.lock().module.clone();
        let symbol_of = |f: &BaseFunc| -> Option<String> {
            let attrs = f.field("attrs")?;
            attrs.map_get("global_symbol")?.as_str().map(str::to_string)
        };
        let entries: Vec<(GlobalVar, BaseFunc, Option<String>)> =
            module.functions().map(|(g, f)| (g.clone(), f.clone(), symbol_of(&f))).collect();
        // The names public functions must have are taken first; then every other
        // function keeps its name unless one of those took it.
        let mut supply = State { module: IRModule::empty(), names: HashMap::new(), blocks: vec![], table: FastMap::default() };
        for (_, _, sym) in &entries {
            if let Some(sym) = sym {
                supply.fresh(sym);
            }
        }
        let mut renamed: FastMap<usize, Expr> = FastMap::default();
        for (gv, _, sym) in &entries {
            let name = match sym {
                Some(sym) => sym.clone(),
                None if supply.names.contains_key(&*gv.name_hint) => supply.fresh(&gv.name_hint),
                None => {
                    supply.fresh(&gv.name_hint);
                    gv.name_hint.to_string()
                }
            };
            if name != *gv.name_hint {
                let new = GlobalVar::new(GlobalVarNode { ty: gv.ty.clone(), name_hint: name.as_str().into(), span: Span::none() });
                renamed.insert(gv.as_ref_obj().addr(), Expr(new.upcast()));
            }
        }
        if renamed.is_empty() {
            return Ok(wrap(vm, module.upcast()));
        }
        let mut pairs = Vec::with_capacity(entries.len());
        for (gv, f, _) in entries {
            let new_gv = match renamed.get(&gv.as_ref_obj().addr()) {
                Some(e) => GlobalVar::from(e.as_object().downcast::<GlobalVarNode>().py(vm)?),
                None => gv,
            };
            let f = super::frame::substitute(Expr(f.into_object()), &renamed).py(vm)?;
            pairs.push((new_gv, BaseFunc(f.into_object())));
        }
        let mut out = IRModule::from_functions(pairs).py(vm)?;
        if !module.attrs.is_empty() {
            out = out.with_attrs(module.attrs.clone());
        }
        if !module.global_infos.is_empty() {
            out = out.with_global_infos(module.global_infos.clone());
        }
        Ok(wrap(vm, out.upcast()))
    }

    #[pymethod]
    fn get(&self, vm: &VirtualMachine) -> PyObjectRef {
        wrap(vm, self.state.lock().module.clone().upcast())
    }

    /// The end of `emit_func_output`: the function of `blocks` (closed already)
    /// returning `output`, whose operands, and itself when not a leaf, are bound in
    /// a last block (TVM's normalisation of the body); added to the module.
    #[pymethod]
    fn finish_function(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = bind(vm, "finish_function", args, &["name", "params", "blocks", "output", "is_pure", "attrs"])?;
        let name = py_str(vm, &a.req(vm, "name")?)?;
        let params = crate::vm::convert::iterate(vm, &a.req(vm, "params")?)?
            .iter()
            .map(|p| match unwrap_object(p).and_then(|o| o.downcast::<ir::VarNode>().ok()) {
                Some(v) => Ok(Var::from(v)),
                None => Err(vm.new_type_error("function parameters must be relax.Var objects")),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let mut blocks = crate::vm::convert::iterate(vm, &a.req(vm, "blocks")?)?
            .iter()
            .map(|b| unwrap_object(b).map(AnyBlock).ok_or_else(|| vm.new_type_error("blocks must be binding blocks")))
            .collect::<PyResult<Vec<_>>>()?;
        let output = to_expr(vm, &a.req(vm, "output")?)?;
        let is_pure = a.bool_or(vm, "is_pure", true)?;
        let attrs = crate::dialects::relax::classes::attr_map(vm, a.get(vm, "attrs"))?;
        let mut s = self.state.lock();
        s.blocks.push(Block { dataflow: false, bindings: vec![] });
        let body = normalize_arg_with(output, &mut |v| Ok(s.bind_fresh(v, "")));
        let last = s.blocks.pop().expect("pushed above");
        let body = body.py(vm)?;
        if !last.bindings.is_empty() {
            blocks.push(AnyBlock::make(false, last.bindings, Span::none()));
        }
        let seq = seq_expr(blocks, body);
        let f = Function::make(params, seq, None, is_pure, attrs, Span::none());
        let gv = s.add_func(f.into(), &name).py(vm)?;
        Ok(wrap(vm, gv.upcast()))
    }
}

/// `_impl.BlockBuilderCore(mod=None)`.
pub fn new_core(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let a = bind(vm, "BlockBuilder", args, &["mod"])?;
    let module = match a.get(vm, "mod") {
        None => IRModule::empty(),
        Some(m) => unwrap_object(&m)
            .and_then(|o| o.downcast::<ir::IRModuleNode>().ok())
            .map(IRModule::from)
            .ok_or_else(|| vm.new_type_error("BlockBuilder(mod): mod must be an IRModule"))?,
    };
    let state = State { module, names: HashMap::new(), blocks: vec![], table: FastMap::default() };
    Ok(BlockBuilderCore { state: PyMutex::new(state) }.into_ref(&vm.ctx).into())
}
