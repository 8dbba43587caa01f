//! The builder frame of a Relax function (TVM's `FunctionFrame` plus its block
//! builder): parameters, symbolic variables, the construction state shared with
//! `relax.BlockBuilder` (`construct.rs`: the binding sequences of the function body
//! and `if` branches, the fresh-name supply) and the variable substitutions that
//! `R.output` and `if` leave behind.

use crate::fast_hash::FastMap;


use super::construct::{Construction, Seq};
use crate::builder::{self, Frame};
use crate::ir::{Expr, MapResult, ObjectRef, Result, Type, Value, Var, VarNode, WalkOrder};

/// A Relax function under construction.
pub struct RelaxFuncFrame {
    /// The function's name.
    pub name: String,
    /// The parameters, in order.
    pub params: Vec<Var>,
    /// The declared return type, if any.
    pub ret_ty: Option<Type>,
    /// Function attributes (`R.func_attr`).
    pub attrs: Vec<(Value, Value)>,
    /// Whether the function is pure.
    pub is_pure: bool,
    /// Whether the function is private (no `global_symbol`).
    pub private: bool,
    /// Symbolic shape variables by name (string dims, `TypeVar`s, `n = T.int64()`).
    pub symbols: crate::fast_hash::FastIndexMap<String, Var>,
    /// The open sequences (one per nested `if` branch) and the name supply: the
    /// construction state `relax.BlockBuilder` holds too.
    pub build: Construction,
    /// The returned expression, once `return` ran.
    pub ret: Option<Expr>,
    /// Variables replaced after the fact (dataflow vars exported by `R.output`,
    /// branch results by the `If`'s variable), by address.
    pub subst: crate::fast_hash::FastMap<usize, Expr>,
    /// The replaced variables themselves: kept alive so their addresses stay theirs.
    pub replaced: Vec<ObjectRef>,
    /// Names exported by `R.output` in the open dataflow block.
    pub outputs: Vec<ObjectRef>,
    /// Whether the signature is being built (parameters, not the body).
    pub in_signature: bool,
    /// Each PrimFunc callee as Relax calls it (its GlobalVar with a Relax type), by
    /// the address of the module's GlobalVar (kept alive here): made once per
    /// function, not per call site, and one object for all its calls as in TVM.
    pub callees: crate::fast_hash::FastMap<usize, (Expr, Expr)>,
}

impl RelaxFuncFrame {
    /// A frame for the function `name`.
    pub fn new(name: &str, private: bool, is_pure: bool) -> Self {
        RelaxFuncFrame {
            name: name.to_string(),
            params: vec![],
            ret_ty: None,
            attrs: vec![],
            is_pure,
            private,
            symbols: Default::default(),
            build: Construction { seqs: vec![Seq::default()], ..Construction::default() },
            ret: None,
            subst: Default::default(),
            replaced: vec![],
            outputs: vec![],
            in_signature: true,
            callees: Default::default(),
        }
    }

    /// The innermost open sequence.
    pub fn seq(&mut self) -> &mut Seq {
        self.build.open().expect("a function frame always has its body sequence")
    }

    /// A fresh name as TVM's block builder makes them: `gv`, `gv1`, … outside dataflow
    /// blocks and `lv`, `lv1`, … inside.
    pub fn fresh_name(&mut self) -> String {
        self.build.fresh_name("")
    }

    /// Take a fresh name without using it (TVM's builder takes one for every
    /// binding, even one the script then names).
    pub fn skip_name(&mut self) {
        self.build.fresh_name("");
    }

    /// Replace `old` by `new` wherever the script uses it from now on.
    pub fn replace(&mut self, old: ObjectRef, new: Expr) {
        self.subst.insert(old.addr(), new);
        self.replaced.push(old);
    }

    /// The symbolic int64 variable of a name, created on first use.
    pub fn symbol(&mut self, name: &str) -> Var {
        if let Some(v) = self.symbols.get(name) {
            return v.clone();
        }
        let v = Var::scalar(name, crate::ir::DataType::INT64);
        self.symbols.insert(name.to_string(), v.clone());
        v
    }
}

impl Frame for RelaxFuncFrame {
    fn describe(&self) -> String {
        "R.function".into()
    }
    fn dialect(&self) -> Option<&'static str> {
        Some("relax")
    }
    fn add(&mut self, _item: ObjectRef) -> Result<()> {
        Ok(())
    }
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>> {
        Ok(None)
    }
}

/// Run `f` on the innermost Relax function frame.
pub fn with_func<R>(f: impl FnOnce(&mut RelaxFuncFrame) -> R) -> Option<R> {
    builder::find_frame::<RelaxFuncFrame, R>(f)
}

/// Whether a Relax function is being built.
pub fn in_func() -> bool {
    with_func(|_| ()).is_some()
}

/// Apply the pending variable substitutions of the current function to `e`.
pub fn resolve(e: Expr) -> Result<Expr> {
    // Substituted in place: the map is read, never cloned (this runs for most expressions).
    let mut slot = Some(e);
    let done = with_func(|f| if f.subst.is_empty() { None } else { slot.take().map(|e| substitute(e, &f.subst)) }).flatten();
    match (done, slot) {
        (Some(r), _) => r,
        (None, Some(e)) => Ok(e),
        (None, None) => unreachable!("the expression is either substituted or still in its slot"),
    }
}

/// Replace variables (by address, transitively) in an expression.
pub fn substitute(e: Expr, map: &FastMap<usize, Expr>) -> Result<Expr> {
    let chase = |mut x: Expr| {
        let mut guard = 0;
        while let Some(y) = map.get(&x.as_object().addr()) {
            x = y.clone();
            guard += 1;
            if guard > 64 {
                break;
            }
        }
        x
    };
    // Nothing to replace: no walk (dataflow blocks substitute every binding, mostly with an empty map).
    if map.is_empty() {
        return Ok(e);
    }
    if map.contains_key(&e.as_object().addr()) {
        return Ok(chase(e));
    }
    if e.is::<VarNode>() || e.is::<crate::dialects::relax::nodes::DataflowVarNode>() {
        return Ok(e);
    }
    let out = crate::ir::structural_map(
        e.as_object().clone(),
        |n: ObjectRef| -> Result<MapResult> {
            if map.contains_key(&n.addr()) {
                return Ok(MapResult::ReplaceAndSkip(chase(Expr(n)).into_object()));
            }
            Ok(MapResult::Unchanged)
        },
        WalkOrder::PreOrder,
    )?;
    Ok(Expr(out))
}
