//! Builder frames of TIRx and S-TIR functions: the function frame and one
//! statement frame type whose kind says what it builds (loops, while, if/then/else,
//! attribute scopes, blocks, block init, plain lexical scopes).
//!
//! Each frame collects the statements emitted inside it and keeps the names bound
//! in its scope (TVM's variable table), so a later `x = v` can tell a store to an
//! existing local scalar from a new binding.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;


use crate::builder::Frame;
use crate::dialects::s_tir::frontend::BlockState;
use crate::dialects::tirx::nodes::*;
use crate::ir::{int_imm, AttrMap, DataType, Error, Expr, ObjectRef, Range, Result, Span, Type, Value, Var};

/// The names bound in one scope, in binding order.
#[derive(Default)]
pub struct Scope {
    /// Names bound in this scope.
    pub names: crate::fast_hash::FastMap<String, ObjectRef>,
}

impl Scope {
    /// Bind `name`.
    pub fn bind(&mut self, name: &str, value: ObjectRef) {
        self.names.insert(name.to_string(), value);
    }
}

/// `stmts` as one statement, as TVM's `SeqStmt::Flatten` makes it: nested sequences
/// spliced in, no-ops (`T.evaluate(0)`, an integer or boolean zero) dropped; then
/// `Evaluate(0)` when empty (as TVM fills empty bodies), the statement itself when
/// alone, else a `SeqStmt`.
pub fn seq(stmts: Vec<Stmt>) -> Stmt {
    let mut flat = Vec::with_capacity(stmts.len());
    for s in stmts {
        match s.downcast_ref::<SeqStmtNode>() {
            Some(inner) => flat.extend(inner.seq.iter().filter(|s| !is_evaluate_zero(s.as_object())).cloned()),
            None if is_evaluate_zero(s.as_object()) => {}
            None => flat.push(s),
        }
    }
    match flat.len() {
        0 => evaluate(int_imm(DataType::INT32, 0)),
        1 => flat.pop().unwrap_or_else(|| evaluate(int_imm(DataType::INT32, 0))),
        _ => SeqStmt::new(SeqStmtNode { seq: flat, span: Span::none() }).into(),
    }
}

/// `T.evaluate(value)`.
pub fn evaluate(value: Expr) -> Stmt {
    Evaluate::new(EvaluateNode { value, span: Span::none() }).into()
}

fn as_stmt(item: ObjectRef) -> Result<Stmt> {
    Stmt::try_from_object(item).map_err(|e| Error::type_error(format!("a TIRx frame can only hold statements: {}", e.message)))
}

/// The frame of a TIRx (or S-TIR) function under construction.
pub struct PrimFuncFrame {
    /// The function's name.
    pub name: String,
    /// Whether it is an S-TIR function.
    pub s_tir: bool,
    /// Whether it is private (no `global_symbol`).
    pub private: bool,
    /// `@T.prim_func` (strings in shapes declare symbols) rather than `@T.function`.
    pub tvm_spelling: bool,
    /// `n = T.int64()` declarations of the body and scalar parameter dtypes: the
    /// dtype a symbol gets when a shape string declares it.
    pub decls: HashMap<String, String>,
    /// The parameters, in order.
    pub params: Vec<Var>,
    /// Function attributes (`T.func_attr`).
    pub attrs: Vec<(String, Value)>,
    /// The declared return type, if any.
    pub ret_type: Option<Type>,
    /// The body's statements so far.
    pub body: Vec<Stmt>,
    /// Names bound at function level.
    pub scope: Scope,
    /// Symbols the signature declared (shape strings, TypeVar headers, type parameters).
    pub symbols: crate::fast_hash::FastIndexMap<String, Var>,
    /// True while the signature builder runs.
    pub in_signature: bool,
    /// Variables bound to a name already (a second binding of one is a copy, not a rename).
    pub named: crate::fast_hash::FastSet<usize>,
    /// Loads `T.alloc_scalar` / `T.decl_scalar` returned (TVM's `scalar_wrapper`):
    /// `x = T.decl_scalar(...)` names the buffer and binds `x` to the load itself.
    pub scalar_loads: Vec<ObjectRef>,
    /// Buffers allocated at function level by `T.sblock_alloc_buffer` (the root block's).
    pub root_alloc_buffers: Vec<Var>,
    /// What blocks the body built (blocks come only from block frames): only with
    /// them does the finished body need the whole-body walks of S-TIR completion.
    pub blocks: crate::dialects::s_tir::frontend::BlocksBuilt,
    /// Where `finish` leaves the built function for the decorator.
    pub result: Rc<RefCell<Option<PrimFunc>>>,
    /// Where `finish` leaves the function's name (`T.func_name`), for a frame
    /// opened from Python (`tvm.script.ir_builder.tirx.prim_func`), which starts
    /// without one.
    pub name_out: Option<Rc<RefCell<String>>>,
}

impl PrimFuncFrame {
    /// A frame for the function `name`; the built function goes to `result`.
    pub fn new(name: &str, s_tir: bool, private: bool, tvm_spelling: bool, result: Rc<RefCell<Option<PrimFunc>>>) -> Self {
        PrimFuncFrame {
            name: name.to_string(),
            s_tir,
            private,
            tvm_spelling,
            decls: HashMap::new(),
            params: vec![],
            attrs: vec![],
            ret_type: None,
            body: vec![],
            scope: Scope::default(),
            symbols: Default::default(),
            in_signature: false,
            named: Default::default(),
            scalar_loads: vec![],
            root_alloc_buffers: vec![],
            blocks: Default::default(),
            result,
            name_out: None,
        }
    }
}

impl Frame for PrimFuncFrame {
    fn describe(&self) -> String {
        "T.prim_func".into()
    }
    fn dialect(&self) -> Option<&'static str> {
        Some("tirx")
    }
    fn add(&mut self, item: ObjectRef) -> Result<()> {
        self.body.push(as_stmt(item)?);
        Ok(())
    }
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>> {
        let slot = self.result.clone();
        if let Some(name) = &self.name_out {
            *name.borrow_mut() = self.name.clone();
        }
        let func = super::func::finish_prim_func(*self)?;
        *slot.borrow_mut() = Some(func);
        Ok(None)
    }
}

/// One loop of a loop frame (`T.grid` makes several, outermost first).
#[derive(Clone)]
pub struct LoopSpec {
    /// The loop variable.
    pub var: Var,
    /// The first value.
    pub min: Expr,
    /// The number of iterations.
    pub extent: Expr,
    /// Serial, parallel, vectorized, unrolled or thread-bound.
    pub kind: ForKind,
    /// The thread a thread-bound loop binds.
    pub thread_binding: Option<IterVar>,
    /// Loop annotations.
    pub annotations: AttrMap,
    /// The step, if not 1.
    pub step: Option<Expr>,
}

/// Which branch an `if` frame fills next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Branch {
    /// The `then` branch.
    Then,
    /// The `else` branch.
    Else,
}

/// What a statement frame builds around its body.
pub enum Kind {
    /// Nested loops (`T.grid` makes several).
    Loops(Vec<LoopSpec>),
    /// `while cond:`.
    While(Expr),
    /// `if cond:` (the branches are `Branch` frames inside it).
    If {
        /// The condition.
        cond: Expr,
        /// The `then` branch, once built.
        then_case: Option<Stmt>,
        /// The `else` branch, once built.
        else_case: Option<Stmt>,
        /// The branch being built, if any.
        filling: Option<Branch>,
    },
    /// The body of one branch of the enclosing `If` frame.
    Branch(Branch),
    /// `AttrStmt(node, key, value, body)` over the frame's statements.
    Attr {
        /// The node the attribute is about.
        node: Value,
        /// The attribute's key.
        key: String,
        /// Its value.
        value: Expr,
    },
    /// An S-TIR block (`T.sblock`).
    Block(Box<BlockState>),
    /// `with T.init():` inside a block.
    Init,
    /// A lexical scope only (macro bodies): statements pass through to the parent.
    Scope,
    /// `with T.Assert(...)` from Python: the assertion, then the frame's statements.
    Assert(Stmt),
}

/// A statement-building frame.
pub struct StmtFrame {
    /// What the frame builds.
    pub kind: Kind,
    /// The body's statements so far.
    pub body: Vec<Stmt>,
    /// Names bound in the body.
    pub scope: Scope,
    /// Where the statement the frame builds was written (the whole `for`, `if` or
    /// `with` statement, as TVM's builder locates a frame's statement).
    pub span: Span,
}

impl StmtFrame {
    /// A frame of `kind` with an empty body.
    pub fn new(kind: Kind) -> Self {
        StmtFrame { kind, body: vec![], scope: Scope::default(), span: Span::none() }
    }
}

/// Locate the statement frames opened above depth `below` at `span` (those a
/// script statement just opened).
pub fn locate_frames(below: usize, span: &Span) {
    if span.is_none() {
        return;
    }
    let mut n = crate::builder::depth().saturating_sub(below);
    crate::builder::search_frames(|f| {
        if n == 0 {
            return Some(());
        }
        n -= 1;
        if let Some(s) = f.as_any_mut().downcast_mut::<StmtFrame>() {
            s.span = span.clone();
        }
        None
    });
}

impl Frame for StmtFrame {
    fn describe(&self) -> String {
        match &self.kind {
            Kind::Loops(_) => "for loop",
            Kind::While(_) => "while loop",
            Kind::If { .. } => "if statement",
            Kind::Branch(Branch::Then) => "then branch",
            Kind::Branch(Branch::Else) => "else branch",
            Kind::Attr { .. } => "T.attr",
            Kind::Block(_) => "T.sblock",
            Kind::Init => "T.init",
            Kind::Scope => "scope",
            Kind::Assert(_) => "T.Assert",
        }
        .into()
    }
    fn dialect(&self) -> Option<&'static str> {
        Some("tirx")
    }
    fn add(&mut self, item: ObjectRef) -> Result<()> {
        let stmt = as_stmt(item)?;
        match &mut self.kind {
            Kind::If { then_case, else_case, filling, .. } => {
                match filling.take() {
                    Some(Branch::Then) => *then_case = Some(stmt),
                    Some(Branch::Else) => *else_case = Some(stmt),
                    None => return Err(Error::diagnostic("statements inside an if frame must be in a branch")),
                }
                Ok(())
            }
            Kind::Block(b) if b.filling_init => {
                b.filling_init = false;
                if b.init.is_some() {
                    return Err(Error::diagnostic("Duplicate block init declaration"));
                }
                b.init = Some(stmt);
                Ok(())
            }
            _ => {
                self.body.push(stmt);
                Ok(())
            }
        }
    }
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>> {
        let StmtFrame { kind, body, span, .. } = *self;
        let stmt: Stmt = match kind {
            Kind::Loops(loops) => {
                let mut inner = seq(body);
                for l in loops.into_iter().rev() {
                    inner = For::new(ForNode {
                        loop_var: l.var,
                        min: l.min,
                        extent: l.extent,
                        kind: l.kind,
                        body: inner,
                        thread_binding: l.thread_binding,
                        annotations: l.annotations,
                        step: l.step,
                        span: span.clone(),
                    })
                    .into();
                }
                inner
            }
            Kind::While(condition) => While::new(WhileNode { condition, body: seq(body), span }).into(),
            Kind::If { cond, then_case, else_case, .. } => {
                let then_case = then_case.unwrap_or_else(|| seq(vec![]));
                IfThenElse::new(IfThenElseNode { condition: cond, then_case, else_case, span }).into()
            }
            Kind::Branch(_) | Kind::Init => seq(body),
            Kind::Attr { node, key, value } => {
                AttrStmt::new(AttrStmtNode { node, attr_key: key, value, body: seq(body), span }).into()
            }
            Kind::Block(state) => {
                let infers = state.reads.is_none() || state.writes.is_none();
                crate::builder::find_frame(|f: &mut PrimFuncFrame| f.blocks.saw(infers));
                let mut block = crate::dialects::s_tir::frontend::finish_block(*state, seq(body))?;
                block.0.locate_unshared(&span);
                block
            }
            Kind::Assert(assertion) if body.is_empty() => assertion,
            Kind::Assert(assertion) => {
                let seq = std::iter::once(assertion).chain(body).collect();
                SeqStmt::construct(seq, Span::none())?.into()
            }
            Kind::Scope => {
                // A pure scope hands its statements to the parent one by one.
                let n = body.len();
                if n == 0 {
                    return Ok(None);
                }
                return Ok(Some(SeqStmt::new(SeqStmtNode { seq: body, span: Span::none() }).upcast()));
            }
        };
        Ok(Some(stmt.into_object()))
    }
}

/// A half-open range `[min, min + extent)`.
pub fn range(min: Expr, extent: Expr) -> Range {
    Range::from_min_extent(min, extent, Span::none())
}
