//! The variable checks of TVM's `verify_well_formed` (its `UndefinedVarVerifier`):
//! a variable is defined once, in one function; a use after its definition's scope
//! ended is an error. Definitions and their scopes: a function's parameters (the
//! function), a loop variable (the loop body), a `Bind` (the statements after it in
//! its sequence: TIRx's flat binding), a thread binding `AttrStmt`'s iteration
//! variable (its body; an environment thread may be bound again in the same
//! function), a block's iteration variables (the block) and a `Let`'s variable (its
//! body). A variable never defined is not reported here (free symbolic variables).

use std::collections::{HashMap, HashSet};

use super::nodes::{AttrStmtNode, BindNode, ForNode, IterVarNode, IterVarType, PrimFuncNode, SeqStmtNode};
use crate::dialects::s_tir::nodes::SBlockNode;
use crate::ir::{LetNode, ObjectRef, Value, VarNode};

#[derive(Default)]
struct Verifier {
    /// Defined now: variable address to where.
    current: HashMap<usize, String>,
    /// Definitions in scope, innermost last (to end them at their scope's end).
    stack: Vec<(usize, String)>,
    /// Defined before, out of scope now.
    previous: HashMap<usize, String>,
    /// Environment threads of this function, which may be bound again.
    env_threads: HashSet<usize>,
    error: Option<String>,
}

/// `Err(TVM's message)` for the first variable defined twice or used out of its scope,
/// over functions checked in order (a module's functions share one record).
pub fn verify(funcs: &[crate::ir::Ref<PrimFuncNode>]) -> Result<(), String> {
    let mut v = Verifier::default();
    for f in funcs {
        v.function(f);
        if let Some(e) = v.error.take() {
            return Err(e);
        }
    }
    Ok(())
}

impl Verifier {
    fn function(&mut self, f: &PrimFuncNode) {
        let mark = self.stack.len();
        for (i, p) in f.params.iter().enumerate() {
            self.define(p.as_ref_obj().addr(), &p.name, format!("<root>.params[{i}]"));
        }
        self.visit(&f.body.clone().into_object(), "<root>.body".into());
        self.end_scope(mark);
        self.env_threads.clear();
    }

    fn define(&mut self, addr: usize, name: &str, path: String) {
        if self.error.is_some() {
            return;
        }
        let allowed = self.env_threads.contains(&addr);
        if let Some(first) = self.current.get(&addr)
            && !allowed
        {
            self.error = Some(format!(
                "TIR is ill-formed, due to multiple nested definitions of variable {name}. It was first defined at {first}, and was re-defined at {path}"
            ));
            return;
        }
        if let Some(first) = self.previous.get(&addr)
            && !allowed
        {
            self.error = Some(format!(
                "TIR is ill-formed, due to multiple definitions of variable {name}. It was first defined at {first}, and was later re-defined at {path}"
            ));
            return;
        }
        self.current.entry(addr).or_insert_with(|| path.clone());
        self.stack.push((addr, path));
    }

    fn end_scope(&mut self, mark: usize) {
        while self.stack.len() > mark {
            let (addr, path) = self.stack.pop().expect("above the mark");
            if self.stack.iter().all(|(a, _)| *a != addr) {
                self.current.remove(&addr);
                self.previous.insert(addr, path);
            }
        }
    }

    fn visit_value(&mut self, v: &Value, path: &str) {
        match v {
            Value::Object(o) => self.visit(o, path.to_string()),
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    self.visit_value(x, &format!("{path}[{i}]"));
                }
            }
            Value::Map(items) => {
                for (k, x) in items.iter() {
                    self.visit_value(x, &format!("{path}[{k:?}]"));
                }
            }
            _ => {}
        }
    }

    fn visit(&mut self, o: &ObjectRef, path: String) {
        if self.error.is_some() {
            return;
        }
        if let Some(var) = o.downcast_ref::<VarNode>() {
            let addr = o.addr();
            if !self.current.contains_key(&addr)
                && let Some(prev) = self.previous.get(&addr)
            {
                self.error = Some(format!(
                    "Invalid use of undefined variable {} at {path}..  While this variable was previously defined at {prev}, this definition is no longer in-scope.",
                    var.name
                ));
            }
            return;
        }
        if let Some(seq) = o.downcast_ref::<SeqStmtNode>() {
            let mark = self.stack.len();
            for (i, s) in seq.seq.iter().enumerate() {
                self.visit(s.as_object(), format!("{path}.seq[{i}]"));
            }
            self.end_scope(mark);
            return;
        }
        if let Some(b) = o.downcast_ref::<BindNode>() {
            self.visit(b.value.as_object(), format!("{path}.value"));
            self.define(b.var.as_ref_obj().addr(), &b.var.name, format!("{path}.var"));
            return;
        }
        if let Some(f) = o.downcast_ref::<ForNode>() {
            self.visit(f.min.as_object(), format!("{path}.min"));
            self.visit(f.extent.as_object(), format!("{path}.extent"));
            let mark = self.stack.len();
            self.define(f.loop_var.as_ref_obj().addr(), &f.loop_var.name, format!("{path}.loop_var"));
            self.visit(&f.body.clone().into_object(), format!("{path}.body"));
            self.end_scope(mark);
            return;
        }
        if let Some(a) = o.downcast_ref::<AttrStmtNode>() {
            let iv = match &a.node {
                Value::Object(n) => n.downcast_ref::<IterVarNode>().filter(|_| a.attr_key == "thread_extent"),
                _ => None,
            };
            self.visit(a.value.as_object(), format!("{path}.value"));
            let mark = self.stack.len();
            if let Some(iv) = iv {
                let addr = iv.var.as_ref_obj().addr();
                let was_env = self.env_threads.contains(&addr);
                self.define(addr, &iv.var.name, format!("{path}.node"));
                if iv.iter_type == IterVarType::ThreadIndex && !was_env {
                    self.env_threads.insert(addr);
                }
            }
            self.visit(&a.body.clone().into_object(), format!("{path}.body"));
            self.end_scope(mark);
            return;
        }
        if let Some(b) = o.downcast_ref::<SBlockNode>() {
            let mark = self.stack.len();
            for (i, iv) in b.iter_vars.iter().enumerate() {
                self.define(iv.var.as_ref_obj().addr(), &iv.var.name, format!("{path}.iter_vars[{i}]"));
            }
            let names = o.type_info().fields;
            for (info, value) in names.iter().zip(o.fields()) {
                if info.name != "iter_vars" {
                    self.visit_value(&value, &format!("{path}.{}", info.name));
                }
            }
            self.end_scope(mark);
            return;
        }
        if let Some(l) = o.downcast_ref::<LetNode>() {
            self.visit(l.value.as_object(), format!("{path}.value"));
            let mark = self.stack.len();
            self.define(l.var.as_ref_obj().addr(), &l.var.name, format!("{path}.var"));
            self.visit(l.body.as_object(), format!("{path}.body"));
            self.end_scope(mark);
            return;
        }
        // Other nodes: their fields, in order (a nested function is checked alone).
        if o.is::<PrimFuncNode>() {
            return;
        }
        let names = o.type_info().fields;
        for (info, value) in names.iter().zip(o.fields()) {
            self.visit_value(&value, &format!("{path}.{}", info.name));
        }
    }
}
