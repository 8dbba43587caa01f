//! The native base of `tvm.relax.BlockBuilder` (the Python class in
//! `stdlib/tvm/relax/block_builder.py` subclasses it and keeps TVM's function and
//! dataflow scopes, as TVM's Python does; emitting is this class's methods): the
//! module being built, the construction state the script parser's function frame
//! holds too (`construct.rs`: the blocks being filled, the name supply shared by
//! variables and functions), and the binding table.
//!
//! Emitting normalises with the script frontend's rules (`emit::normalize_children_with`):
//! a nested call is bound first to a fresh `lv`/`gv` variable, in this builder's block.

use rustpython_vm::builtins::{PyBaseExceptionRef, PyList, PyTuple, PyType};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::Constructor;
use rustpython_vm::{pyclass, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::construct::{Construction, NameSupply, Seq};

use super::convert::{to_expr, to_type};
use super::emit::{binding_var, normalize_arg_with, normalize_children_with, seq_expr};
use crate::dialects::relax::nodes::{AnyBlock, AnyVar, Binding, Function, FunctionNode, MatchCast, VarBinding};
use crate::fast_hash::FastMap;
use crate::ir::{self, BaseFunc, Expr, GlobalVar, GlobalVarNode, IRModule, ObjectRef, Span, Type, Var};
use crate::vm::args::bind;
use crate::vm::convert::py_str;
use crate::vm::error::IntoPyResult;
use crate::vm::object::{unwrap_object, wrap};

struct State {
    module: IRModule,
    /// The blocks being filled (one sequence per `begin_block`) and the name supply.
    build: Construction,
    /// Each bound variable's value, by the variable's address (the variable is kept
    /// alive in the entry so the address stays its own).
    table: FastMap<usize, (ObjectRef, Expr)>,
}

impl State {
    fn fresh(&mut self, name: &str) -> String {
        self.build.names.fresh(name)
    }

    fn push(&mut self, var: &AnyVar, value: Expr, binding: Binding) {
        self.table.insert(var.as_object().addr(), (var.as_object().clone(), value));
        if let Some(b) = self.build.open() {
            b.current.push(binding);
        }
    }

    /// Bind a normalised value to a fresh variable of the current block.
    fn bind_fresh(&mut self, value: Expr, hint: &str) -> AnyVar {
        let dataflow = self.build.dataflow();
        let name = self.build.fresh_name(hint);
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

/// An emitted value: Python lists and tuples are Relax tuples and `None` is
/// `R.null_value()`, as TVM's `_normalize_python_tuple` makes them.
fn emitted(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    let items = if let Some(t) = obj.downcast_ref::<PyTuple>() {
        t.as_slice().to_vec()
    } else if let Some(l) = obj.downcast_ref::<PyList>() {
        l.borrow_vec().to_vec()
    } else if vm.is_none(obj) {
        // `import tvm.relax.op` gives the package.
        let op = vm.import("tvm.relax.op", 0)?.get_attr("relax", vm)?.get_attr("op", vm)?;
        let null = op.get_attr("null_value", vm)?.call((), vm)?;
        return to_expr(vm, &null);
    } else {
        return to_expr(vm, obj);
    };
    let fields = items.iter().map(|x| emitted(vm, x)).collect::<PyResult<Vec<_>>>()?;
    Ok(super::convert::make_tuple(fields))
}

/// `(value, name_hint="")` of `emit` and `emit_output`.
fn value_and_hint(vm: &VirtualMachine, what: &'static str, args: FuncArgs) -> PyResult<(Expr, String)> {
    let a = bind(vm, what, args, &["expr", "name_hint"])?;
    let e = emitted(vm, &a.req(vm, "expr")?)?;
    let hint = match a.get(vm, "name_hint") {
        Some(h) => py_str(vm, &h)?,
        None => String::new(),
    };
    Ok((e, hint))
}

impl Constructor for BlockBuilderCore {
    type Args = FuncArgs;
    fn py_new(_cls: &Py<PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
        let a = bind(vm, "BlockBuilder", args, &["mod"])?;
        let module = match a.get(vm, "mod").filter(|m| !vm.is_none(m)) {
            None => IRModule::empty(),
            Some(m) => unwrap_object(&m)
                .and_then(|o| o.downcast::<ir::IRModuleNode>().ok())
                .map(IRModule::from)
                .ok_or_else(|| vm.new_type_error("BlockBuilder(mod): mod must be an IRModule"))?,
        };
        let state = State { module, build: Construction::default(), table: FastMap::default() };
        Ok(BlockBuilderCore { state: PyMutex::new(state) })
    }
}

impl BlockBuilderCore {
    /// Close the innermost block.
    pub(super) fn end(&self, vm: &VirtualMachine) -> PyResult<AnyBlock> {
        let seq = self.state.lock().build.seqs.pop();
        seq.map(Seq::into_block).ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: no block is being built"))
    }

    /// `emit_normalized`: add a binding as it is.
    pub(super) fn push_binding(&self, vm: &VirtualMachine, binding: &ObjectRef) -> PyResult<()> {
        if !binding.isinstance(crate::dialects::relax::nodes::binding_info()) {
            return Err(vm.new_type_error("emit_normalized expects a relax.Binding"));
        }
        let b = Binding(binding.clone());
        let (var, value) = (b.var().cloned(), b.value().cloned());
        self.with_block(vm, "emit_normalized", |s| {
            if let (Some(var), Some(value)) = (var, value) {
                s.push(&var, value, b);
            }
            Ok(())
        })
    }

    /// `normalize`: operands bound in the current block, types inferred.
    pub(super) fn normalize_expr(&self, vm: &VirtualMachine, e: Expr) -> PyResult<Expr> {
        let mut s = self.state.lock();
        if s.build.seqs.is_empty() {
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
            return Ok(e);
        }
        s.normalize(e).py(vm)
    }

    fn with_block<R>(&self, vm: &VirtualMachine, what: &str, f: impl FnOnce(&mut State) -> ir::Result<R>) -> PyResult<R> {
        let mut s = self.state.lock();
        if s.build.seqs.is_empty() {
            return Err(internal(vm, &format!("(!block_stack_.empty()) is false: {what}: no block is being built")));
        }
        f(&mut s).py(vm)
    }
}

#[pyclass(with(Constructor), flags(BASETYPE))]
impl BlockBuilderCore {
    #[pymethod]
    pub(super) fn begin_block(&self, dataflow: bool) {
        self.state.lock().build.seqs.push(Seq::new(dataflow));
    }

    /// Close the current block: a `BindingBlock` / `DataflowBlock` of its bindings.
    #[pymethod]
    fn end_block(&self, vm: &VirtualMachine) -> PyResult {
        Ok(wrap(vm, self.end(vm)?.into_object()))
    }

    /// `with bb.dataflow()` (`true`) and its end: the block being filled is closed
    /// and the next one is of that kind.
    #[pymethod]
    fn set_block_kind(&self, dataflow: bool, vm: &VirtualMachine) -> PyResult<()> {
        let mut s = self.state.lock();
        let seq = s.build.open().ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: no block is being built"))?;
        seq.start_block(dataflow);
        Ok(())
    }

    #[pymethod]
    fn current_block_is_dataflow(&self, vm: &VirtualMachine) -> PyResult<bool> {
        let s = self.state.lock();
        s.build.seqs.last().map(|b| b.dataflow).ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: no block is being built"))
    }

    /// Bind `expr` (normalised, its type inferred) to a new variable.
    #[pymethod]
    fn emit(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let (e, name_hint) = value_and_hint(vm, "emit", args)?;
        let var = self.with_block(vm, "emit", |s| {
            let e = s.normalize(e)?;
            Ok(s.bind_fresh(e, &name_hint))
        })?;
        Ok(wrap(vm, var.0))
    }

    /// A plain variable bound in the dataflow block being built (visible after it).
    #[pymethod]
    fn emit_output(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let (e, name_hint) = value_and_hint(vm, "emit_output", args)?;
        // TVM checks that a block is open before that it is a dataflow block.
        if !self.current_block_is_dataflow(vm)? {
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

    /// Bind `value` checked against `ty` (`R.match_cast`) to a new variable.
    #[pymethod]
    fn match_cast(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = bind(vm, "match_cast", args, &["value", "ty", "name_hint"])?;
        let e = to_expr(vm, &a.req(vm, "value")?)?;
        let ty = to_type(vm, &a.req(vm, "ty")?)?;
        let name_hint = match a.get(vm, "name_hint") {
            Some(h) => py_str(vm, &h)?,
            None => String::new(),
        };
        let var = self.with_block(vm, "match_cast", |s| {
            let e = s.normalize(e)?;
            let dataflow = s.build.dataflow();
            let name = s.build.fresh_name(&name_hint);
            let var = binding_var(&name, ty.clone(), dataflow);
            s.push(&var, e.clone(), MatchCast::make(var.clone(), e, ty, Span::none()).into());
            Ok(var)
        })?;
        Ok(wrap(vm, var.0))
    }

    /// `BlockBuilder.normalize`: operands bound in the current block, types inferred.
    #[pymethod]
    fn normalize(&self, expr: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let e = self.normalize_expr(vm, to_expr(vm, &expr)?)?;
        Ok(wrap(vm, e.into_object()))
    }

    /// Add an already normalised binding to the block being built.
    #[pymethod]
    fn emit_normalized(&self, binding: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let b = unwrap_object(&binding).ok_or_else(|| vm.new_type_error("emit_normalized expects a relax.Binding"))?;
        self.push_binding(vm, &b)
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
        let mut supply = NameSupply::default();
        for (_, _, sym) in &entries {
            if let Some(sym) = sym {
                supply.fresh(sym);
            }
        }
        let mut renamed: FastMap<usize, Expr> = FastMap::default();
        for (gv, _, sym) in &entries {
            let name = match sym {
                Some(sym) => sym.clone(),
                None if supply.contains(&gv.name_hint) => supply.fresh(&gv.name_hint),
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

    /// The end of `emit_func_output`: the function of the blocks of the sequence
    /// `with bb.function` opened, returning `output`, whose operands, and itself
    /// when not a leaf, are bound in a last block (TVM's normalisation of the
    /// body); added to the module.
    #[pymethod]
    fn finish_function(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let a = bind(vm, "finish_function", args, &["name", "params", "output", "is_pure", "attrs"])?;
        let name = py_str(vm, &a.req(vm, "name")?)?;
        let params = crate::vm::convert::iterate(vm, &a.req(vm, "params")?)?
            .iter()
            .map(|p| match unwrap_object(p).and_then(|o| o.downcast::<ir::VarNode>().ok()) {
                Some(v) => Ok(Var::from(v)),
                None => Err(vm.new_type_error("function parameters must be relax.Var objects")),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let output = emitted(vm, &a.req(vm, "output")?)?;
        let is_pure = a.bool_or(vm, "is_pure", true)?;
        let attrs = crate::dialects::relax::classes::attr_map(vm, a.get(vm, "attrs"))?;
        let mut s = self.state.lock();
        let open = s.build.open().ok_or_else(|| internal(vm, "(!block_stack_.empty()) is false: emit_func_output: no block is being built"))?;
        open.start_block(false);
        let body = normalize_arg_with(output, &mut |v| Ok(s.bind_fresh(v, "")));
        let mut seq = s.build.seqs.pop().expect("checked above");
        let body = body.py(vm)?;
        seq.flush();
        // TVM normalises the function: sequences emitted as values are flattened
        // into the blocks around them, empty blocks dropped, neighbours merged.
        let (blocks, _) = crate::dialects::relax::normalize::normalize_blocks(seq.blocks).py(vm)?;
        let seq = seq_expr(blocks, body);
        let f = Function::make(params, seq, None, is_pure, attrs, Span::none());
        let gv = s.add_func(f.into(), &name).py(vm)?;
        Ok(wrap(vm, gv.upcast()))
    }
}
