//! Access to the construction state: the innermost function frame, the scope chain
//! (TVM's variable table), naming of variables bound to Python names, closing
//! frames, and the target-name specs the transpiler passes along.

use rustpython_vm::builtins::{PyStr, PyTuple};
use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use super::convert::{diag, Py};
use super::frames::{PrimFuncFrame, StmtFrame};
use crate::builder::{self, Frame};
use crate::dialects::tirx::nodes::Stmt;
use crate::ir::{ObjectRef, Result, Var};

/// Run `f` on the innermost function frame.
pub fn with_func<R>(f: impl FnOnce(&mut PrimFuncFrame) -> R) -> Option<R> {
    builder::find_frame::<PrimFuncFrame, R>(f)
}

/// Whether a TIRx function is being built.
pub fn in_func() -> bool {
    with_func(|_| ()).is_some()
}

/// Whether the innermost function is an S-TIR one.
pub fn is_s_tir() -> bool {
    with_func(|f| f.s_tir).unwrap_or(false)
}

/// Add a statement to the innermost frame; with no frame open, a statement built from
/// Python under an `IRBuilder` is the builder's result (TVM's `AddToParent`).
pub fn emit(vm: &VirtualMachine, stmt: impl Into<Stmt>) -> PyResult<()> {
    let stmt: Stmt = stmt.into();
    let stmt = crate::vm::location::locate(vm, &stmt).map_or(stmt, Stmt::from_object_unchecked);
    if builder::depth() == 0 && crate::vm::ir_builder::in_scope() {
        return crate::vm::ir_builder::set_only_result(vm, stmt.into_object());
    }
    builder::add(stmt.into_object()).py(vm)
}

/// Exit frames down to and including the one at `depth`, finishing each; the IR of
/// the outermost when no frame was below it to take it.
pub fn close(depth: usize) -> Result<Option<ObjectRef>> {
    let mut orphan = None;
    while builder::depth() >= depth && depth > 0 {
        let at = builder::depth();
        let r = builder::exit(at)?;
        if at == depth {
            orphan = r;
        }
    }
    Ok(orphan)
}

/// Push a frame; returns its depth.
pub fn enter(frame: impl Frame) -> usize {
    builder::enter(Box::new(frame))
}

/// The value bound to `name` in the innermost scope that binds it.
pub fn lookup(name: &str) -> Option<ObjectRef> {
    builder::search_frames(|f| {
        let any = f.as_any_mut();
        if let Some(s) = any.downcast_mut::<StmtFrame>() {
            return s.scope.names.get(name).cloned().map(Some);
        }
        if let Some(p) = any.downcast_mut::<PrimFuncFrame>() {
            return Some(p.scope.names.get(name).cloned().or_else(|| p.symbols.get(name).map(|v| v.as_ref_obj())));
        }
        None
    })
    .flatten()
}

/// Record `name -> value` in the innermost scope.
pub fn bind_scope(name: &str, value: ObjectRef) {
    builder::search_frames(|f| {
        let any = f.as_any_mut();
        if let Some(s) = any.downcast_mut::<StmtFrame>() {
            s.scope.bind(name, value.clone());
            return Some(());
        }
        if let Some(p) = any.downcast_mut::<PrimFuncFrame>() {
            p.scope.bind(name, value.clone());
            return Some(());
        }
        None
    });
}

/// Give a variable its script name, in place as TVM's `IRBuilder.name` does: a
/// variable made by a call (`T.axis.spatial`, `T.sblock_alloc_buffer` …) takes the
/// name it is bound to. Returns false when the variable was already bound to a name
/// in this function (a second binding).
pub fn name_var(var: &Var, name: &str) -> bool {
    let addr = var.as_ref_obj().addr();
    with_func(|f| {
        if !f.named.insert(addr) {
            return false;
        }
        // A variable that took another name elsewhere (made outside this function and
        // bound in two) keeps its first one.
        var.name.give(name);
        true
    })
    .unwrap_or(false)
}

/// Mark a variable as named (created with its final name).
pub fn mark_named(var: &Var) {
    let addr = var.as_ref_obj().addr();
    with_func(|f| {
        f.named.insert(addr);
    });
}

/// Remember a load returned by `T.alloc_scalar` / `T.decl_scalar`.
pub fn mark_scalar_load(load: &ObjectRef) {
    with_func(|f| f.scalar_loads.push(load.clone()));
}

/// Whether `obj` is a load `mark_scalar_load` remembered (and forget it: one binding names it).
pub fn take_scalar_load(obj: &ObjectRef) -> bool {
    with_func(|f| match f.scalar_loads.iter().position(|l| l.same_as(obj)) {
        Some(i) => {
            f.scalar_loads.swap_remove(i);
            true
        }
        None => false,
    })
    .unwrap_or(false)
}

/// Whether a variable has been bound to a name in the current function.
pub fn is_named(var: &Var) -> bool {
    let addr = var.as_ref_obj().addr();
    with_func(|f| f.named.contains(&addr)).unwrap_or(true)
}

/// The variable a `typing.TypeVar` symbol denotes in the current function (TVM
/// 0.27 headers: an int64 variable per name), created on first use.
pub fn type_var_symbol(name: &str) -> Option<Var> {
    with_func(|f| {
        if !f.tvm_spelling {
            return None;
        }
        if let Some(v) = f.symbols.get(name) {
            return Some(v.clone());
        }
        // TypeVar symbols are declared by the signature only.
        if !f.in_signature {
            return None;
        }
        let v = Var::scalar(name, crate::ir::DataType::INT64);
        f.symbols.insert(name.to_string(), v.clone());
        f.named.insert(v.as_ref_obj().addr());
        Some(v)
    })
    .flatten()
}

/// A loop or assignment target as the transpiler describes it.
#[derive(Clone, Debug, PartialEq)]
pub enum NameSpec {
    /// A name.
    Name(String),
    /// `*name`.
    Star(String),
    /// `a, b` (nested).
    Tuple(Vec<NameSpec>),
}

impl NameSpec {
    /// The target the transpiler passed, if any.
    pub fn parse(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Option<NameSpec>> {
        if vm.is_none(obj) {
            return Ok(None);
        }
        if let Some(s) = obj.downcast_ref::<PyStr>() {
            let s = s.to_string_lossy();
            return Ok(Some(match s.strip_prefix('*') {
                Some(rest) => NameSpec::Star(rest.to_string()),
                None => NameSpec::Name(s.to_string()),
            }));
        }
        if let Some(t) = obj.downcast_ref::<PyTuple>() {
            let mut items = vec![];
            for x in t.as_slice() {
                match NameSpec::parse(vm, x)? {
                    Some(n) => items.push(n),
                    None => return Ok(None),
                }
            }
            return Ok(Some(NameSpec::Tuple(items)));
        }
        Ok(None)
    }

    /// Names for `n` values bound to this target: a tuple target must match the
    /// count (a starred item takes the rest, named `rest_0`, `rest_1` …); a single
    /// name binds a list named `x_0`, `x_1` … (or `x` for one value).
    pub fn expand(&self, vm: &VirtualMachine, n: usize) -> PyResult<Vec<String>> {
        match self {
            NameSpec::Name(s) | NameSpec::Star(s) => {
                if n == 1 {
                    Ok(vec![s.clone()])
                } else {
                    Ok((0..n).map(|i| format!("{s}_{i}")).collect())
                }
            }
            NameSpec::Tuple(items) => {
                let stars = items.iter().filter(|i| matches!(i, NameSpec::Star(_))).count();
                let fixed = items.len() - stars;
                if (stars == 0 && fixed != n) || (stars > 0 && fixed > n) {
                    return Err(diag(
                        vm,
                        format!(
                            "error: the loop/assignment target has {} name(s) but the value has {n}",
                            items.len()
                        ),
                    ));
                }
                let mut out = vec![];
                for it in items {
                    match it {
                        NameSpec::Name(s) => out.push(s.clone()),
                        NameSpec::Star(s) => {
                            for i in 0..n - fixed {
                                out.push(format!("{s}_{i}"));
                            }
                        }
                        NameSpec::Tuple(_) => {
                            return Err(diag(vm, "error: nested unpacking targets are not supported here"));
                        }
                    }
                }
                Ok(out)
            }
        }
    }
}
