//! The schedule state: the module being scheduled and its statement references.
//!
//! The IR is immutable (`Arc` nodes), so a primitive never edits a statement: it
//! builds a new subtree and [`ScheduleState::replace`]s the old one, which rebuilds
//! the function's spine. A *statement reference* (an [`SRefId`], TVM's `StmtSRef`)
//! names a loop or a block across such rewrites: the table maps each id to the
//! statement it denotes now, and `replace` re-points every id of the function to
//! the statement that took its place. A loop is followed by its loop variable and
//! a block by its name and iteration variables (a rebuilt parent keeps both); a
//! primitive that makes a new statement *meant* as the old one under another
//! identity (a block whose iteration variables it rewrote) says so with `reuse`
//! pairs. An id whose statement has gone is left pointing nowhere: `get` then
//! reports it as removed, as TVM's srefs with a null `stmt` do.

use std::collections::HashMap;

use crate::dialects::s_tir::nodes::{SBlock, SBlockNode, SBlockRealizeNode};
use crate::dialects::tirx::nodes::{For, ForNode, PrimFunc, PrimFuncNode, Stmt};
use crate::ir::map::{pre_order_visit, structural_map, MapResult, WalkOrder};
use crate::ir::{Error, IRModule, ObjectRef, Result};

/// A statement reference: an index into [`ScheduleState`]'s table.
pub type SRefId = usize;

/// What one statement reference denotes now.
#[derive(Clone, Debug)]
pub struct SRef {
    /// The function (by name in the module) holding the statement.
    pub func: String,
    /// The loop (`tirx.For`) or block (`s_tir.SBlock`); `None` once removed.
    pub stmt: Option<Stmt>,
}

/// The module under scheduling and its statement references.
#[derive(Clone, Debug)]
pub struct ScheduleState {
    /// The module as scheduled so far (a new module object after each change, so a
    /// module handed out earlier keeps its contents).
    pub module: IRModule,
    srefs: Vec<SRef>,
    /// Statement address to id, for the statements currently referenced.
    by_addr: HashMap<usize, SRefId>,
}

/// Whether `o` is a statement a reference can denote (a loop or a block).
pub fn is_sref_stmt(o: &ObjectRef) -> bool {
    o.is::<ForNode>() || o.is::<SBlockNode>()
}

/// The loops and blocks directly under `stmt` (not under another loop or block),
/// in program order: the children of TVM's sref tree. A block's `init` is not
/// part of that tree.
pub fn sref_children(stmt: &ObjectRef) -> Vec<Stmt> {
    let body: ObjectRef = if let Some(l) = stmt.downcast_ref::<ForNode>() {
        l.body.clone().into_object()
    } else if let Some(b) = stmt.downcast_ref::<SBlockNode>() {
        b.body.clone().into_object()
    } else {
        stmt.clone()
    };
    let mut out = Vec::new();
    pre_order_visit(&body, |n| {
        if is_sref_stmt(n) {
            out.push(Stmt::from_object_unchecked(n.clone()));
            return false;
        }
        true
    });
    out
}

/// The identity a statement keeps when its parents are rebuilt.
fn identity(o: &ObjectRef) -> Option<(String, Vec<usize>)> {
    if let Some(l) = o.downcast_ref::<ForNode>() {
        return Some((String::new(), vec![l.loop_var.as_ref_obj().addr()]));
    }
    let b = o.downcast_ref::<SBlockNode>()?;
    Some((b.name_hint.clone(), b.iter_vars.iter().map(|iv| iv.var.as_ref_obj().addr()).collect()))
}

impl ScheduleState {
    /// A state over a module (copied, so the caller's module is never changed).
    pub fn new(module: &IRModule) -> ScheduleState {
        ScheduleState { module: module.clone_module(), srefs: Vec::new(), by_addr: HashMap::new() }
    }

    /// The PrimFunc named `func`.
    pub fn func(&self, func: &str) -> Result<PrimFunc> {
        self.module
            .lookup(func)
            .and_then(|f| f.as_object().try_downcast::<PrimFuncNode>())
            .ok_or_else(|| Error::value_error(format!("Cannot find a PrimFunc named {func}")))
    }

    /// The names of the module's PrimFuncs, in module order.
    pub fn prim_func_names(&self) -> Vec<String> {
        self.module
            .functions()
            .filter(|(_, f)| f.as_object().is::<PrimFuncNode>())
            .map(|(gv, _)| gv.name_hint.to_string())
            .collect()
    }

    /// The root block of a function (its body is the root block's realize).
    pub fn root_block(&self, func: &str) -> Result<SBlock> {
        let f = self.func(func)?;
        f.body
            .as_object()
            .downcast_ref::<SBlockRealizeNode>()
            .map(|r| r.block.clone())
            .ok_or_else(|| Error::value_error(format!("The function {func} has no root block")))
    }

    /// The id of a statement of `func`, made on first use.
    pub fn sref_of(&mut self, func: &str, stmt: &Stmt) -> SRefId {
        if let Some(&id) = self.by_addr.get(&stmt.addr()) {
            return id;
        }
        let id = self.srefs.len();
        self.srefs.push(SRef { func: func.to_string(), stmt: Some(stmt.clone()) });
        self.by_addr.insert(stmt.addr(), id);
        id
    }

    /// What an id denotes now.
    pub fn sref(&self, id: SRefId) -> &SRef {
        &self.srefs[id]
    }

    /// The statement of an id; a ValueError naming `what` ("block", "loop") when removed.
    pub fn stmt(&self, id: SRefId, what: &str) -> Result<Stmt> {
        self.srefs
            .get(id)
            .and_then(|s| s.stmt.clone())
            .ok_or_else(|| Error::value_error(format!("The {what} no longer exists in the IRModule")))
    }

    /// The loop of an id.
    pub fn loop_of(&self, id: SRefId) -> Result<For> {
        let s = self.stmt(id, "loop")?;
        s.as_object().try_downcast::<ForNode>().ok_or_else(|| Error::type_error(format!("Expect a loop, got {}", s.type_key())))
    }

    /// The block of an id.
    pub fn block_of(&self, id: SRefId) -> Result<SBlock> {
        let s = self.stmt(id, "block")?;
        s.as_object().try_downcast::<SBlockNode>().ok_or_else(|| Error::type_error(format!("Expect a block, got {}", s.type_key())))
    }

    /// The loops and blocks from the function's root block down to `id`'s statement,
    /// both ends included.
    pub fn ancestors(&self, id: SRefId) -> Result<Vec<Stmt>> {
        let target = self.stmt(id, "statement")?;
        let root: Stmt = self.root_block(&self.srefs[id].func)?.into();
        let mut path = vec![root];
        if find_path(&mut path, &target) {
            Ok(path)
        } else {
            Err(Error::value_error("The statement is not in its function"))
        }
    }

    /// The statement directly above `id`'s (a loop or a block), `None` at the root.
    pub fn parent(&self, id: SRefId) -> Result<Option<Stmt>> {
        let mut path = self.ancestors(id)?;
        path.pop();
        Ok(path.pop())
    }

    /// Replace `old` (a statement of `func`) by `new`, rebuilding the function, and
    /// re-point every reference of the function (see the module docs); `reuse`
    /// pairs old statements with the new ones that continue them.
    pub fn replace(&mut self, func: &str, old: &ObjectRef, new: ObjectRef, reuse: &[(ObjectRef, ObjectRef)]) -> Result<()> {
        let f = self.func(func)?;
        let target = old.addr();
        let body = structural_map(
            f.body.clone(),
            |n: ObjectRef| if n.addr() == target { MapResult::ReplaceAndSkip(new.clone()) } else { MapResult::Unchanged },
            WalkOrder::PreOrder,
        )?;
        let body = Stmt::try_from_object(body)?;
        let new_func = f.as_ref_obj().with_field("body", body.clone().into_object().into())?;
        self.set_func(func, new_func, reuse)
    }

    /// Put a rebuilt function in the module and re-point the function's references.
    pub fn set_func(&mut self, func: &str, new_func: ObjectRef, reuse: &[(ObjectRef, ObjectRef)]) -> Result<()> {
        let gv = self.module.get_global_var(func)?;
        let module = self.module.clone_module();
        let new_func = new_func.try_downcast::<PrimFuncNode>().ok_or_else(|| Error::type_error("expected a PrimFunc"))?;
        module.set_function(gv, new_func.clone())?;
        self.module = module;
        // Every loop and block of the new function, by address and by identity.
        let mut present: HashMap<usize, ObjectRef> = HashMap::new();
        let mut by_identity: HashMap<(String, Vec<usize>), ObjectRef> = HashMap::new();
        pre_order_visit(&new_func.body.clone().into_object(), |n| {
            if let Some(key) = identity(n) {
                present.insert(n.addr(), n.clone());
                by_identity.entry(key).or_insert_with(|| n.clone());
            }
            true
        });
        let reuse: HashMap<usize, &ObjectRef> = reuse.iter().map(|(o, n)| (o.addr(), n)).collect();
        self.by_addr.clear();
        for (id, sref) in self.srefs.iter_mut().enumerate() {
            if sref.func == func
                && let Some(old) = sref.stmt.take()
            {
                let old = old.into_object();
                let now = if present.contains_key(&old.addr()) {
                    Some(old)
                } else if let Some(n) = reuse.get(&old.addr()) {
                    Some((*n).clone())
                } else {
                    identity(&old).and_then(|k| by_identity.get(&k).cloned())
                };
                sref.stmt = now.map(Stmt::from_object_unchecked);
            }
            if let Some(s) = &sref.stmt {
                self.by_addr.insert(s.addr(), id);
            }
        }
        Ok(())
    }
}

/// Extend `path` (whose last element is an ancestor of `target`) down to `target`.
fn find_path(path: &mut Vec<Stmt>, target: &Stmt) -> bool {
    let last = path.last().expect("path starts at the root").clone();
    if last.same_as(target) {
        return true;
    }
    for child in sref_children(&last) {
        path.push(child);
        if find_path(path, target) {
            return true;
        }
        path.pop();
    }
    false
}
