//! `tvm_ffi.structural_walk` and `tvm_ffi.structural_map` for Python: the walks of
//! `ir::map` (the mechanism Rust passes use) with Python callbacks, routed by the
//! callback's class. The frozen `tvm_ffi` package normalises the callback entries
//! and the order (TVM 0.27's checks and messages) and calls the namespace
//! `ffi._walk` defined here with `[(class, fn)]` lists.
//!
//! A node goes to the first entry whose class it is an instance of (plain entries
//! first, then the def-region-aware ones, which also receive the region's kind).
//! The match is decided once per type key, so a walk wraps only the nodes a
//! callback receives.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use rustpython_vm::builtins::{PyBaseExceptionRef, PyInt};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::vm::error::from_py_err;
use crate::vm::object::{unwrap_object, wrap};
use crate::ir::map::{structural_map_value, DefRegion, MapResult, WalkOrder};
use crate::ir::object::{EqKind, FieldRole};
use crate::ir::{ObjectRef, TypeInfo, Value};

/// TVM's `DefRegionKind`: a use, a definition inside a pattern (function
/// parameters, bindings, buffer maps), or a simple definition (a loop variable).
const KIND_NONE: i64 = 0;
const KIND_PATTERN: i64 = 1;
const KIND_SIMPLE: i64 = 2;

fn simple_owners() -> &'static RwLock<Vec<&'static TypeInfo>> {
    static OWNERS: OnceLock<RwLock<Vec<&'static TypeInfo>>> = OnceLock::new();
    OWNERS.get_or_init(Default::default)
}

/// Definitions made by nodes of this category (say `tirx.Stmt`: a loop variable, a
/// `Bind`) are `DEF_SIMPLE`; all others (function parameters, Relax bindings) are
/// `DEF_PATTERN`, as TVM reports them.
pub fn register_simple_definitions(category: &'static TypeInfo) {
    let mut owners = simple_owners().write().unwrap_or_else(|e| e.into_inner());
    if !owners.iter().any(|c| c.key == category.key) {
        owners.push(category);
    }
}

fn definition_kind(owner: &TypeInfo) -> i64 {
    let owners = simple_owners().read().unwrap_or_else(|e| e.into_inner());
    let simple = owners.iter().any(|cat| owner.derives_from(cat));
    if simple { KIND_SIMPLE } else { KIND_PATTERN }
}

/// The callbacks of one walk, and which of them takes each type key.
struct Routes {
    plain: Vec<(PyObjectRef, PyObjectRef)>,
    with_kind: Vec<(PyObjectRef, PyObjectRef)>,
    /// By type key: `Some((with_kind, index))` of the first matching entry.
    chosen: HashMap<&'static str, Option<(bool, usize)>>,
}

impl Routes {
    fn new(vm: &VirtualMachine, plain: &PyObjectRef, with_kind: &PyObjectRef) -> PyResult<Routes> {
        Ok(Routes { plain: entries(vm, plain)?, with_kind: entries(vm, with_kind)?, chosen: HashMap::new() })
    }

    fn route(&mut self, vm: &VirtualMachine, node: &ObjectRef, wrapped: &mut Option<PyObjectRef>) -> PyResult<Option<(bool, usize)>> {
        let key = node.type_key();
        if let Some(r) = self.chosen.get(key) {
            return Ok(*r);
        }
        let obj = wrapped.get_or_insert_with(|| wrap(vm, node.clone())).clone();
        let mut found = None;
        'search: for (with_kind, list) in [(false, &self.plain), (true, &self.with_kind)] {
            for (i, (cls, _)) in list.iter().enumerate() {
                if vm.is_none(cls) || obj.is_instance(cls, vm)? {
                    found = Some((with_kind, i));
                    break 'search;
                }
            }
        }
        self.chosen.insert(key, found);
        Ok(found)
    }

    /// Call the callback for `node`, if one takes it: `None` when none does.
    fn call(&mut self, vm: &VirtualMachine, node: &ObjectRef, kind: i64, kind_enum: &PyObjectRef) -> PyResult<Option<PyObjectRef>> {
        let mut wrapped = None;
        let Some((with_kind, i)) = self.route(vm, node, &mut wrapped)? else { return Ok(None) };
        let obj = wrapped.unwrap_or_else(|| wrap(vm, node.clone()));
        let out = if with_kind {
            let kind = kind_enum.call((kind,), vm)?;
            self.with_kind[i].1.call((obj, kind), vm)?
        } else {
            self.plain[i].1.call((obj,), vm)?
        };
        Ok(Some(out))
    }
}

fn entries(vm: &VirtualMachine, list: &PyObjectRef) -> PyResult<Vec<(PyObjectRef, PyObjectRef)>> {
    let mut out = Vec::new();
    for item in crate::vm::convert::py_to_seq(vm, list)? {
        let pair = crate::vm::convert::py_to_seq(vm, &item)?;
        match pair.as_slice() {
            [cls, f] => out.push((cls.clone(), f.clone())),
            _ => return Err(vm.new_type_error("callback entries must be (type, callback) pairs")),
        }
    }
    Ok(out)
}

fn order_of(vm: &VirtualMachine, o: &PyObjectRef) -> PyResult<WalkOrder> {
    Ok(if crate::vm::convert::py_int(vm, o)? == 0 { WalkOrder::PreOrder } else { WalkOrder::PostOrder })
}

/// What a walk callback answered.
enum Answer {
    Advance,
    Skip,
    Stop(PyObjectRef),
}

fn answer(vm: &VirtualMachine, out: PyObjectRef, interrupt: &PyObjectRef) -> PyResult<Answer> {
    if vm.is_none(&out) {
        return Ok(Answer::Advance);
    }
    if out.is_instance(interrupt, vm)? {
        return Ok(Answer::Stop(out));
    }
    if let Some(i) = out.downcast_ref::<PyInt>() {
        // `WalkResult.SKIP` is 1; other values continue, as TVM treats them.
        if i.as_bigint() == &1.into() {
            return Ok(Answer::Skip);
        }
    }
    Ok(Answer::Advance)
}

struct Walk<'a> {
    vm: &'a VirtualMachine,
    routes: Routes,
    order: WalkOrder,
    kind: i64,
    kind_enum: PyObjectRef,
    interrupt: PyObjectRef,
}

impl Walk<'_> {
    /// `Ok(Some(interrupt))` when a callback stopped the walk.
    fn value(&mut self, v: &Value) -> PyResult<Option<PyObjectRef>> {
        match v {
            Value::Object(o) => self.object(o),
            Value::Array(items) => {
                for item in items.iter() {
                    if let Some(stop) = self.value(item)? {
                        return Ok(Some(stop));
                    }
                }
                Ok(None)
            }
            Value::Map(entries) => {
                for (_, item) in entries.iter() {
                    if let Some(stop) = self.value(item)? {
                        return Ok(Some(stop));
                    }
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    fn visit(&mut self, o: &ObjectRef) -> PyResult<Answer> {
        match self.routes.call(self.vm, o, self.kind, &self.kind_enum)? {
            Some(out) => answer(self.vm, out, &self.interrupt),
            None => Ok(Answer::Advance),
        }
    }

    fn object(&mut self, o: &ObjectRef) -> PyResult<Option<PyObjectRef>> {
        // Operators are registry entries, not part of the walked IR (TVM's walk
        // does not report them).
        if o.type_info().eq_kind == EqKind::Unique {
            return Ok(None);
        }
        if self.order == WalkOrder::PreOrder {
            match self.visit(o)? {
                Answer::Stop(i) => return Ok(Some(i)),
                Answer::Skip => return Ok(None),
                Answer::Advance => {}
            }
        }
        if let Some(stop) = self.children(o)? {
            return Ok(Some(stop));
        }
        if self.order == WalkOrder::PostOrder
            && let Answer::Stop(i) = self.visit(o)?
        {
            return Ok(Some(i));
        }
        Ok(None)
    }

    fn children(&mut self, o: &ObjectRef) -> PyResult<Option<PyObjectRef>> {
        let info = o.type_info();
        if info.eq_kind == EqKind::Unique {
            return Ok(None);
        }
        let skipped = crate::ir::map::unwalked_scalar_type(o);
        let mut children = Vec::new();
        o.for_each_walked_field(&mut |i, child| {
            if skipped.is_none() || skipped != Some(child.addr()) {
                children.push((i, child.to_object_ref()))
            }
        });
        for (i, child) in children {
            let role = info.fields.get(i).map_or(FieldRole::Normal, |f| f.role);
            let found = match role {
                FieldRole::Ignore => None,
                FieldRole::Normal => self.object(&child)?,
                FieldRole::Def => {
                    // Nested definitions keep the kind of the outermost one.
                    let kind = if self.kind == KIND_NONE { definition_kind(info) } else { self.kind };
                    let saved = std::mem::replace(&mut self.kind, kind);
                    let r = self.object(&child);
                    self.kind = saved;
                    r?
                }
            };
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}

fn arg(vm: &VirtualMachine, args: &FuncArgs, i: usize) -> PyResult<PyObjectRef> {
    args.args.get(i).cloned().ok_or_else(|| vm.new_type_error("ffi._walk: missing argument"))
}

/// `walk(root, entries, entries_with_kind, order, VisitInterrupt, DefRegionKind)`.
fn walk(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let root = crate::vm::convert::py_to_value(vm, &arg(vm, &args, 0)?)?;
    let routes = Routes::new(vm, &arg(vm, &args, 1)?, &arg(vm, &args, 2)?)?;
    let order = order_of(vm, &arg(vm, &args, 3)?)?;
    let mut w = Walk { vm, routes, order, kind: KIND_NONE, kind_enum: arg(vm, &args, 5)?, interrupt: arg(vm, &args, 4)? };
    Ok(w.value(&root)?.unwrap_or_else(|| vm.ctx.none()))
}

/// `map(root, entries, entries_with_kind, order, DefRegionKind)`: the callbacks'
/// answers replace the nodes they were given (the same node: unchanged).
fn map(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let root_py = arg(vm, &args, 0)?;
    let root = crate::vm::convert::py_to_value(vm, &root_py)?;
    let routes = RefCell::new(Routes::new(vm, &arg(vm, &args, 1)?, &arg(vm, &args, 2)?)?);
    let order = order_of(vm, &arg(vm, &args, 3)?)?;
    let kind_enum = arg(vm, &args, 4)?;
    // A Python exception raised by a callback, re-raised as itself after the map.
    let failure: RefCell<Option<PyBaseExceptionRef>> = RefCell::new(None);
    let callback = |node: ObjectRef, region: DefRegion| -> crate::ir::Result<MapResult> {
        let kind = match region {
            DefRegion::Use => KIND_NONE,
            DefRegion::Def => KIND_PATTERN,
        };
        let out = routes.borrow_mut().call(vm, &node, kind, &kind_enum);
        match out {
            Ok(None) => Ok(MapResult::Unchanged),
            Ok(Some(new)) => {
                if vm.is_none(&new) {
                    return Err(crate::ir::Error::type_error(format!(
                        "structural_map: the callback for {} returned None; return the node to keep it",
                        node.type_key()
                    )));
                }
                match unwrap_object(&new) {
                    Some(n) if n.same_as(&node) => Ok(MapResult::Unchanged),
                    Some(n) => Ok(MapResult::Replace(n)),
                    None => Err(crate::ir::Error::type_error(format!(
                        "structural_map: the callback for {} must return an IR object, got {}",
                        node.type_key(),
                        new.class().name()
                    ))),
                }
            }
            Err(e) => {
                let err = from_py_err(vm, &e);
                *failure.borrow_mut() = Some(e);
                Err(err)
            }
        }
    };
    let result = structural_map_value(&root, callback, order);
    if let Some(e) = failure.into_inner() {
        return Err(e);
    }
    match result {
        Ok(v) => match (&v, &root) {
            (Value::Object(a), Value::Object(b)) if a.same_as(b) => Ok(root_py),
            _ => Ok(crate::vm::convert::value_to_py(vm, &v)),
        },
        Err(e) => Err(crate::vm::error::to_py_err(vm, &e)),
    }
}

/// `vars(root, defined=())`: `(definitions, undefined_uses, globals)` of the
/// variables under `root`: every definition site in walk order (a variable defined
/// twice appears twice), each variable used where no definition came before it
/// (once, in order of first use) and the global variables referred to (once each).
/// The analyses (`undefined_vars`, `verify_ssa`, `free_vars` ...) filter these by class.
fn vars(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    use crate::ir::map::{structural_walk, WalkControl};
    let root = crate::vm::convert::py_to_value(vm, &arg(vm, &args, 0)?)?;
    let mut defined: std::collections::HashSet<usize> = std::collections::HashSet::new();
    if let Some(given) = args.args.get(1).filter(|d| !vm.is_none(d)) {
        for v in crate::vm::convert::py_to_seq(vm, given)? {
            if let Some(o) = unwrap_object(&v) {
                defined.insert(o.addr());
            }
        }
    }
    let (mut defs, mut undefined, mut globals) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen_undefined = std::collections::HashSet::new();
    let mut seen_globals = std::collections::HashSet::new();
    let global_info = crate::ir::object::lookup_type("ir.GlobalVar");
    let _ = structural_walk(
        &root,
        |node, region| {
            let info = node.type_info();
            if global_info.is_some_and(|g| info.derives_from(g)) {
                if seen_globals.insert(node.addr()) {
                    globals.push(node.clone());
                }
            } else if info.eq_kind == EqKind::Var {
                match region {
                    DefRegion::Def => {
                        defined.insert(node.addr());
                        defs.push(node.clone());
                    }
                    DefRegion::Use => {
                        if !defined.contains(&node.addr()) && seen_undefined.insert(node.addr()) {
                            undefined.push(node.clone());
                        }
                    }
                }
            }
            Ok(WalkControl::Advance)
        },
        WalkOrder::PreOrder,
    );
    let list = |v: Vec<ObjectRef>| -> PyObjectRef { vm.ctx.new_list(v.into_iter().map(|o| wrap(vm, o)).collect()).into() };
    Ok(vm.ctx.new_tuple(vec![list(defs), list(undefined), list(globals)]).into())
}

/// Whether two values are the same (objects by identity, sequences item by item).
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x.same_as(y),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same_value(p, q)),
        (Value::None, Value::None) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Str(x), Value::Str(y)) => x == y,
        _ => false,
    }
}

/// `with_fields(obj, {name: value})`: a copy of `obj` with those reflected fields
/// replaced (the rebuild a default mutator does when a child changed); `obj`
/// itself when every value given is the one it holds.
fn with_fields(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let obj_py = arg(vm, &args, 0)?;
    let obj = unwrap_object(&obj_py).ok_or_else(|| vm.new_type_error("with_fields expects an IR object"))?;
    let updates = arg(vm, &args, 1)?
        .downcast::<rustpython_vm::builtins::PyDict>()
        .map_err(|_| vm.new_type_error("with_fields expects a dict of fields"))?;
    let info = obj.type_info();
    let mut values = obj.fields();
    let mut changed = false;
    for (k, v) in &updates {
        let name = crate::vm::convert::py_str(vm, &k)?;
        let i = info
            .field_index(&name)
            .ok_or_else(|| vm.new_attribute_error(format!("{} has no field {name:?}", info.key)))?;
        let new = crate::vm::convert::py_to_value(vm, &v)?;
        if !same_value(&values[i], &new) {
            values[i] = new;
            changed = true;
        }
    }
    if !changed {
        return Ok(obj_py);
    }
    let rebuilt = obj.rebuild(values).map_err(|e| crate::vm::error::to_py_err(vm, &e))?;
    Ok(wrap(vm, rebuilt))
}

/// Define the `ffi._walk` namespace the frozen `tvm_ffi` package calls.
pub fn register() {
    crate::vm::namespace::register_namespace("ffi._walk", |t| {
        t.func("walk", walk);
        t.func("map", map);
        t.func("vars", vars);
        t.func("with_fields", with_fields);
    });
}
