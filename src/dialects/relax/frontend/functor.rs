//! Relax's expression functors (`tvm.relax.PyExprVisitor` / `PyExprMutator`) driven
//! in Rust: the walk over a function's children is this module's, and Python runs
//! only the `visit_*` methods a subclass overrides. Which methods a class overrides
//! is decided once per class (`functor_overrides`, from `__init_subclass__`) as a
//! bit mask; a default method called from Python (`super().visit_call_(op)`)
//! re-enters here for that node's children.
//!
//! The walk is TVM's ExprVisitor / ExprMutator: a binding visits its value, then
//! its variable's definition; the mutator rebuilds a node only when a child
//! changed (a rebuilt node keeps its type), replaces variables whose definition
//! was remapped, and re-emits each binding of a block through its `builder_` (a
//! `relax.BlockBuilder`), so a visit method's own `builder_.emit(...)` lands before
//! the binding being rewritten.

use rustpython_vm::builtins::{PyBoundMethod, PyFunction};
use rustpython_vm::common::lock::PyMutex;
use rustpython_vm::function::FuncArgs;
use rustpython_vm::types::{Callable, GetDescriptor};
use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine};

use super::block_builder::BlockBuilderCore;
use crate::dialects::relax::nodes::{AnyBlock, DataflowVarNode, FunctionNode, IfNode, MatchCastNode, SeqExprNode, VarBindingNode};
use crate::fast_hash::FastMap;
use crate::ir::{CallNode, Expr, ObjectRef, TupleGetItemNode, TupleNode, Value};
use crate::vm::convert::py_int;
use crate::vm::error::IntoPyResult;
use crate::vm::namespace::NamespaceTable;
use crate::vm::object::{unwrap_object, wrap};

/// The overridable methods, each a constant naming its index (its bit in a
/// class's mask): the entries (`visit_expr` …), then one method per kind.
macro_rules! methods {
    ($($id:ident = $name:literal),* $(,)?) => {
        const METHODS: &[&str] = &[$($name),*];
        #[repr(usize)]
        #[allow(clippy::upper_case_acronyms, non_camel_case_types)]
        enum Method { $($id),* }
        $(const $id: usize = Method::$id as usize;)*
    };
}

methods! {
    EXPR = "visit_expr", BINDING = "visit_binding", BLOCK = "visit_binding_block", VAR_DEF = "visit_var_def",
    SPAN = "visit_span", CONST = "visit_generic_const_", TUPLE = "visit_tuple_", VAR = "visit_var_",
    DF_VAR = "visit_dataflow_var_", SHAPE = "visit_shape_expr_", EXTERN = "visit_extern_func_",
    GLOBAL = "visit_global_var_", FUNCTION = "visit_function_", CALL = "visit_call_", SEQ = "visit_seq_expr_",
    IF = "visit_if_", OP = "visit_op_", GET_ITEM = "visit_tuple_getitem_", STRING = "visit_string_imm_",
    FALLBACK = "visit_expr_fallback_", VAR_BINDING = "visit_var_binding_", MATCH_CAST = "visit_match_cast_",
    BINDING_BLOCK = "visit_binding_block_", DATAFLOW_BLOCK = "visit_dataflow_block_",
    VAR_DEF_PLAIN = "visit_var_def_", VAR_DEF_DF = "visit_dataflow_var_def_",
}

/// The bit of a mask that marks a mutator's class (`PyExprMutator` and below).
const MUTATOR: u64 = 1 << 62;

/// The method an expression goes to (by its exact type, as TVM's functor dispatches).
fn expr_kind(e: &ObjectRef) -> usize {
    match e.type_key() {
        "ir.Call" => CALL,
        "relax.expr.DataflowVar" => DF_VAR,
        "ir.Var" => VAR,
        "ir.Op" => OP,
        "ir.Tuple" => TUPLE,
        "ir.GenericConst" => CONST,
        "relax.expr.ShapeExpr" => SHAPE,
        "ir.TupleGetItem" => GET_ITEM,
        "relax.expr.SeqExpr" => SEQ,
        "relax.expr.Function" => FUNCTION,
        "ir.GlobalVar" => GLOBAL,
        "relax.expr.If" => IF,
        "relax.expr.ExternFunc" => EXTERN,
        "ir.StringImm" => STRING,
        _ => FALLBACK,
    }
}

/// The method a node given to `entry` (a binding, a block, a variable definition) goes to.
fn kind_of(entry: usize, o: &ObjectRef) -> usize {
    match entry {
        EXPR => expr_kind(o),
        BINDING if o.is::<MatchCastNode>() => MATCH_CAST,
        BINDING => VAR_BINDING,
        BLOCK if AnyBlock(o.clone()).is_dataflow() => DATAFLOW_BLOCK,
        BLOCK => BINDING_BLOCK,
        _ if o.is::<DataflowVarNode>() => VAR_DEF_DF,
        _ => VAR_DEF_PLAIN,
    }
}

/// A mutator's own state: the variable remap and the bindings seen, each by the
/// variable's address (the variable is kept in the entry so the address stays its own).
#[pyclass(module = "tvm.relax", name = "MutatorState")]
#[derive(PyPayload, Default)]
pub struct MutatorState {
    remap: PyMutex<FastMap<usize, (ObjectRef, ObjectRef)>>,
    bindings: PyMutex<FastMap<usize, (ObjectRef, ObjectRef)>>,
}

impl std::fmt::Debug for MutatorState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MutatorState")
    }
}

impl MutatorState {
    fn remapped(&self, var: &ObjectRef) -> ObjectRef {
        self.remap.lock().get(&var.addr()).map_or_else(|| var.clone(), |(_, new)| new.clone())
    }
    fn note_binding(&self, var: &ObjectRef, value: &ObjectRef) {
        self.bindings.lock().insert(var.addr(), (var.clone(), value.clone()));
    }
}

fn object_arg(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<ObjectRef> {
    unwrap_object(o).ok_or_else(|| vm.new_type_error(format!("expected an IR object, got {}", o.class().name())))
}

#[pyclass]
impl MutatorState {
    #[pymethod]
    fn set_var_remap(&self, old: PyObjectRef, new: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let (old, new) = (object_arg(vm, &old)?, object_arg(vm, &new)?);
        self.remap.lock().insert(old.addr(), (old, new));
        Ok(())
    }
    #[pymethod]
    fn get_var_remap(&self, var: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let v = object_arg(vm, &var)?;
        Ok(match self.remap.lock().get(&v.addr()) {
            Some((_, new)) => wrap(vm, new.clone()),
            None => var,
        })
    }
    #[pymethod]
    fn lookup_binding(&self, var: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let v = object_arg(vm, &var)?;
        Ok(self.bindings.lock().get(&v.addr()).map_or_else(|| vm.ctx.none(), |(_, value)| wrap(vm, value.clone())))
    }
}

/// What a functor class overrides, decided when the class is made
/// (`functor_class(cls, base)`, kept as `cls._tvm_functor`): the mask, and each
/// overriding method's function, called with the functor and the node.
#[pyclass(module = "tvm.relax", name = "FunctorClass")]
#[derive(PyPayload)]
pub struct FunctorClass {
    mask: u64,
    functions: Vec<Option<PyObjectRef>>,
}

impl std::fmt::Debug for FunctorClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FunctorClass({:#x})", self.mask)
    }
}

#[pyclass]
impl FunctorClass {}

/// A base class's method (`visit_expr`, `visit_call_` …), native: the entry or the
/// default of method `index`, called as `self.method(node)`.
#[pyclass(module = "tvm.relax", name = "FunctorMethod")]
#[derive(Debug, PyPayload)]
pub struct FunctorMethod {
    index: usize,
}

impl GetDescriptor for FunctorMethod {
    fn descr_get(zelf: PyObjectRef, obj: Option<PyObjectRef>, _cls: Option<PyObjectRef>, vm: &VirtualMachine) -> PyResult {
        Ok(match obj {
            Some(obj) if !vm.is_none(&obj) => PyBoundMethod::new(obj, zelf).into_ref(&vm.ctx).into(),
            _ => zelf,
        })
    }
}

impl Callable for FunctorMethod {
    type Args = FuncArgs;
    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let [this, node] = args.args.as_slice() else { return Err(vm.new_type_error("a functor method takes (self, node)")) };
        let node = object_arg(vm, node)?;
        let d = Driver::new(vm, this)?;
        let r = if zelf.index <= VAR_DEF { d.dispatch(zelf.index, &node)? } else { d.default(zelf.index, &node)? };
        Ok(if d.mutation.is_some() { wrap(vm, r) } else { vm.ctx.none() })
    }
}

#[pyclass(with(GetDescriptor, Callable))]
impl FunctorMethod {}

/// What a mutator walk needs beyond a visitor's.
struct Mutation {
    state: PyRef<MutatorState>,
    builder: PyObjectRef,
}

impl Mutation {
    fn core(&self) -> &BlockBuilderCore {
        self.builder.downcast_ref::<BlockBuilderCore>().expect("checked when the walk began")
    }
}

/// One walk from Python: the functor object, its class's override mask, and the
/// mutator state when it is a mutator.
struct Driver<'a> {
    vm: &'a VirtualMachine,
    this: &'a PyObjectRef,
    class: PyRef<FunctorClass>,
    mask: u64,
    mutation: Option<Mutation>,
}

impl Driver<'_> {
    fn new<'a>(vm: &'a VirtualMachine, this: &'a PyObjectRef) -> PyResult<Driver<'a>> {
        let class = this
            .class()
            .as_object()
            .get_attr("_tvm_functor", vm)?
            .downcast::<FunctorClass>()
            .map_err(|_| vm.new_type_error("not a PyExprVisitor or PyExprMutator"))?;
        let mask = class.mask;
        let mutation = if mask & MUTATOR != 0 {
            let state = this
                .get_attr("_tvm_mutator_state", vm)?
                .downcast::<MutatorState>()
                .map_err(|_| vm.new_type_error("PyExprMutator's state is not a MutatorState"))?;
            let builder = this.get_attr("builder_", vm)?;
            if builder.downcast_ref::<BlockBuilderCore>().is_none() {
                return Err(vm.new_type_error("PyExprMutator.builder_ must be a relax.BlockBuilder"));
            }
            Some(Mutation { state, builder })
        } else {
            None
        };
        Ok(Driver { vm, this, class, mask, mutation })
    }

    fn overrides(&self, method: usize) -> bool {
        self.mask & (1 << method) != 0
    }

    /// Call the Python method `method` on `node`; a mutator's answer is the new node.
    fn call(&self, method: usize, node: &ObjectRef) -> PyResult<ObjectRef> {
        let arg = wrap(self.vm, node.clone());
        let out = match &self.class.functions[method] {
            Some(f) => f.call((self.this.clone(), arg), self.vm)?,
            None => self.vm.call_method(self.this, METHODS[method], (arg,))?,
        };
        if self.mutation.is_none() || method == BINDING || method == VAR_BINDING || method == MATCH_CAST || method == SPAN {
            return Ok(node.clone());
        }
        unwrap_object(&out).ok_or_else(|| {
            self.vm.new_type_error(format!("{} must return an IR object, got {}", METHODS[method], out.class().name()))
        })
    }

    /// `visit_expr` / `visit_binding` / `visit_binding_block` / `visit_var_def`
    /// of a child: the override of the entry, else the method of its kind.
    fn entry(&self, entry: usize, node: &ObjectRef) -> PyResult<ObjectRef> {
        if self.overrides(entry) { self.call(entry, node) } else { self.dispatch(entry, node) }
    }

    fn dispatch(&self, entry: usize, node: &ObjectRef) -> PyResult<ObjectRef> {
        self.method(kind_of(entry, node), node)
    }

    /// The method of `kind`: the override, else the default.
    fn method(&self, kind: usize, node: &ObjectRef) -> PyResult<ObjectRef> {
        if self.overrides(kind) { self.call(kind, node) } else { self.default(kind, node) }
    }

    fn expr(&self, e: &Expr) -> PyResult<Expr> {
        self.entry(EXPR, e.as_object()).map(Expr)
    }

    fn exprs(&self, items: &[Expr]) -> PyResult<Option<Value>> {
        let mut changed = false;
        let mut out = Vec::with_capacity(items.len());
        for e in items {
            let n = self.expr(e)?;
            changed |= !n.same_as(e);
            out.push(Value::Object(n.into_object()));
        }
        Ok(changed.then(|| Value::Array(out.into())))
    }

    fn span(&self, node: &ObjectRef) -> PyResult<()> {
        if self.mutation.is_none() && self.overrides(SPAN) {
            let span = node.field("span").map_or_else(|| self.vm.ctx.none(), |s| crate::vm::convert::value_to_py(self.vm, &s));
            self.vm.call_method(self.this, METHODS[SPAN], (span,))?;
        }
        Ok(())
    }

    /// The default method of `kind`: the node's children, through their entries.
    fn default(&self, kind: usize, node: &ObjectRef) -> PyResult<ObjectRef> {
        let vm = self.vm;
        match kind {
            // A dataflow variable's definition is a variable's to TVM's functors
            // unless its own method is overridden (its uses are not).
            VAR_DEF_DF => self.method(VAR_DEF_PLAIN, node),
            VAR | DF_VAR | VAR_DEF_PLAIN => {
                self.span(node)?;
                Ok(self.mutation.as_ref().map_or_else(|| node.clone(), |m| m.state.remapped(node)))
            }
            TUPLE => {
                self.span(node)?;
                let t = node.downcast_ref::<TupleNode>().expect("kind checked");
                let fields = self.exprs(&t.fields)?;
                rebuild(vm, node, &mut [("fields", fields)])
            }
            CALL => {
                self.span(node)?;
                let c = node.downcast_ref::<CallNode>().expect("kind checked");
                let op = self.expr(&c.op)?;
                let op = (!op.same_as(&c.op)).then(|| Value::Object(op.into_object()));
                let args = self.exprs(&c.args)?;
                rebuild(vm, node, &mut [("op", op), ("args", args)])
            }
            FUNCTION => {
                self.span(node)?;
                let f = node.downcast_ref::<FunctionNode>().expect("kind checked");
                let mut changed = false;
                let mut params = Vec::with_capacity(f.params.len());
                for p in &f.params {
                    let n = self.entry(VAR_DEF, &p.as_ref_obj())?;
                    changed |= !n.same_as(&p.as_ref_obj());
                    params.push(Value::Object(n));
                }
                let body = self.expr(&f.body.clone().into())?;
                let body = (!body.same_as(&f.body.as_ref_obj())).then(|| Value::Object(body.into_object()));
                rebuild(vm, node, &mut [("params", changed.then(|| Value::Array(params.into()))), ("body", body)])
            }
            SEQ => {
                self.span(node)?;
                let s = node.downcast_ref::<SeqExprNode>().expect("kind checked");
                let mut changed = false;
                let mut blocks = Vec::with_capacity(s.blocks.len());
                for b in &s.blocks {
                    let n = self.entry(BLOCK, b.as_object())?;
                    let empty = self.mutation.is_some() && AnyBlock(n.clone()).bindings().is_empty();
                    changed |= empty || !n.same_as(b.as_object());
                    if !empty {
                        blocks.push(Value::Object(n));
                    }
                }
                let body = self.expr(&s.body)?;
                let body = (!body.same_as(&s.body)).then(|| Value::Object(body.into_object()));
                rebuild(vm, node, &mut [("blocks", changed.then(|| Value::Array(blocks.into()))), ("body", body)])
            }
            IF => {
                self.span(node)?;
                let i = node.downcast_ref::<IfNode>().expect("kind checked");
                let mut parts = [("cond", None), ("true_branch", None), ("false_branch", None)];
                let children = [i.cond.clone(), i.true_branch.clone().into(), i.false_branch.clone().into()];
                for (slot, child) in parts.iter_mut().zip(children) {
                    let n = self.expr(&child)?;
                    slot.1 = (!n.same_as(&child)).then(|| Value::Object(n.into_object()));
                }
                rebuild(vm, node, &mut parts)
            }
            GET_ITEM => {
                self.span(node)?;
                let g = node.downcast_ref::<TupleGetItemNode>().expect("kind checked");
                let n = self.expr(&g.tuple_value)?;
                let n = (!n.same_as(&g.tuple_value)).then(|| Value::Object(n.into_object()));
                rebuild(vm, node, &mut [("tuple_value", n)])
            }
            VAR_BINDING | MATCH_CAST => {
                let (var, value) = match node.downcast_ref::<VarBindingNode>() {
                    Some(b) => (b.var.clone(), b.value.clone()),
                    None => {
                        let m = node.downcast_ref::<MatchCastNode>().expect("kind checked");
                        (m.var.clone(), m.value.clone())
                    }
                };
                let new_value = self.expr(&value)?;
                let new_var = self.entry(VAR_DEF, var.as_object())?;
                let Some(m) = &self.mutation else { return Ok(node.clone()) };
                m.state.note_binding(var.as_object(), new_value.as_object());
                m.state.note_binding(&new_var, new_value.as_object());
                let var_v = (!new_var.same_as(var.as_object())).then(|| Value::Object(new_var));
                let value_v = (!new_value.same_as(&value)).then(|| Value::Object(new_value.into_object()));
                let new = rebuild(vm, node, &mut [("var", var_v), ("value", value_v)])?;
                m.core().push_binding(vm, &new)?;
                Ok(new)
            }
            BINDING_BLOCK | DATAFLOW_BLOCK => {
                let bindings = AnyBlock(node.clone()).bindings().to_vec();
                let Some(m) = &self.mutation else {
                    for b in &bindings {
                        self.entry(BINDING, b.as_object())?;
                    }
                    return Ok(node.clone());
                };
                m.core().begin_block(kind == DATAFLOW_BLOCK);
                let walked: PyResult<()> = bindings.iter().try_for_each(|b| self.entry(BINDING, b.as_object()).map(drop));
                let new = m.core().end(vm)?;
                walked?;
                // An unchanged block stays the same object.
                let same = new.bindings().len() == bindings.len()
                    && new.bindings().iter().zip(&bindings).all(|(a, b)| a.as_object().same_as(b.as_object()));
                if same {
                    return Ok(node.clone());
                }
                let values: Vec<Value> = new.bindings().iter().map(|b| Value::Object(b.as_object().clone())).collect();
                rebuild(vm, node, &mut [("bindings", Some(Value::Array(values.into())))])
            }
            // Leaves: constants, shapes, globals, operators, strings, extern functions.
            _ => {
                self.span(node)?;
                Ok(node.clone())
            }
        }
    }
}

/// `node` with the fields given a value replaced (itself when none is).
fn rebuild(vm: &VirtualMachine, node: &ObjectRef, updates: &mut [(&str, Option<Value>)]) -> PyResult<ObjectRef> {
    if updates.iter().all(|(_, v)| v.is_none()) {
        return Ok(node.clone());
    }
    let info = node.type_info();
    let mut fields = node.fields();
    for (name, value) in updates.iter_mut() {
        if let (Some(i), Some(v)) = (info.field_index(name), value.take()) {
            fields[i] = v;
        }
    }
    node.rebuild(fields).py(vm)
}

/// `functor_post_order(self, expr)`: the mutator's own method for `expr`'s kind
/// (children first, through their entries), then normalised by the builder.
fn post_order(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let [this, node] = args.args.as_slice() else { return Err(vm.new_type_error("expected (mutator, expr)")) };
    let node = object_arg(vm, node)?;
    let d = Driver::new(vm, this)?;
    let Some(m) = &d.mutation else { return Err(vm.new_type_error("visit_expr_post_order needs a PyExprMutator")) };
    let r = d.default(expr_kind(&node), &node)?;
    let e = m.core().normalize_expr(vm, Expr(r))?;
    Ok(wrap(vm, e.into_object()))
}

/// `functor_class(cls, base, mutator)`: what `cls` overrides of `base`'s methods.
fn functor_class(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let [cls, base, mutator] = args.args.as_slice() else { return Err(vm.new_type_error("expected (cls, base, mutator)")) };
    let mut mask = if mutator.clone().try_to_bool(vm)? { MUTATOR } else { 0 };
    let mut functions = Vec::with_capacity(METHODS.len());
    for (i, name) in METHODS.iter().enumerate() {
        let mine = cls.get_attr(*name, vm)?;
        let overridden = !mine.is(&base.get_attr(*name, vm)?);
        if overridden {
            mask |= 1 << i;
        }
        // A plain function is called directly; anything else through the instance.
        functions.push((overridden && mine.downcast_ref::<PyFunction>().is_some()).then_some(mine));
    }
    Ok(FunctorClass { mask, functions }.into_ref(&vm.ctx).into())
}

/// Add the functor entries to `relax._impl`.
pub fn register(t: &mut NamespaceTable) {
    t.func("functor_method", |vm, args: FuncArgs| {
        let index = args.args.first().map(|i| py_int(vm, i)).transpose()?.unwrap_or(0) as usize;
        Ok(FunctorMethod { index }.into_ref(&vm.ctx).into())
    });
    t.func("functor_class", functor_class);
    t.func("functor_post_order", post_order);
    t.value("functor_methods", |vm| Ok(vm.ctx.new_tuple(METHODS.iter().map(|m| vm.ctx.new_str(*m).into()).collect()).into()));
    t.func("MutatorState", |vm, _| Ok(MutatorState::default().into_ref(&vm.ctx).into()));
}
