//! The form a definition body is kept in to be evaluated: the builder program's
//! statements with names resolved to local slots or globals. It holds no Python
//! objects (bodies are lowered on several threads): names and literals are indices
//! into the body's tables, made into interned strings and objects when it first runs.

use std::sync::Arc;

use ruff_text_size::TextRange;

/// A name (global, attribute, keyword, local), by index in the body's name table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name(pub u32);

/// A literal, by index in the body's literal table.
#[derive(Clone, Copy, Debug)]
pub struct Const(pub u32);

/// A literal's value.
#[derive(Debug, Clone)]
pub enum Literal {
    Str(Box<str>),
    Int(u64),
    Float(f64),
    Bool(bool),
    None,
    Ellipsis,
}

pub enum Expr {
    Const(Const),
    /// A local of the function (a parameter or an assigned name), by slot.
    Local(u32, TextRange),
    /// Any other name: the function's globals, then its builtins.
    Global(Name, TextRange),
    Attr(Box<Expr>, Name, TextRange),
    Call(Box<Call>),
    Tuple(Box<[Expr]>),
    List(Box<[Expr]>),
    Dict(Box<[(Expr, Expr)]>),
    Subscript(Box<(Expr, Expr)>, TextRange),
    Slice(Box<[Option<Expr>; 3]>, TextRange),
    Binary(Box<(Expr, Expr)>, BinOp, TextRange),
    Unary(UnaryOp, Box<Expr>, TextRange),
    /// `a < b <= c`: the first operand, then each operator with its right operand.
    Compare(Box<Expr>, Box<[(&'static str, Expr)]>, TextRange),
    /// `a if cond else b`: (cond, a, b).
    IfExp(Box<(Expr, Expr, Expr)>),
    /// `lambda: expr` (no parameters), reading the function's locals when called.
    Lambda(Arc<Lambda>),
    /// `lambda x, y: expr` reading only its parameters and globals: made a Python
    /// function from code compiled for it alone (see [`Function`]).
    Function(Arc<Function>),
}

pub struct Call {
    pub func: Expr,
    pub args: Box<[Expr]>,
    pub keywords: Box<[(Name, Expr)]>,
    pub range: TextRange,
}

pub struct Lambda {
    pub body: Expr,
    pub range: TextRange,
}

/// A lambda with parameters. It is compiled, on its own, the first time it is
/// evaluated: callees read its code (`T.comm_reducer` names its variables after
/// the parameters). Lowering accepts it only when it needs no closure (it reads no
/// local of the body), so compiled alone it is the function the body would make.
pub struct Function {
    /// Which of the body's functions (its compiled code is kept per body).
    pub index: u32,
    pub node: rustpython_vm::compiler::ast::ExprLambda,
}

/// Operators as the parser names them.
pub use rustpython_vm::compiler::ast::{Operator as BinOp, UnaryOp};

/// An assignment target: a local, or a tuple/list of targets to unpack into.
pub enum Target {
    Local(u32),
    Unpack(Box<[Target]>, TextRange),
}

pub enum Stmt {
    /// `a = b = value` (targets left to right, as Python assigns them).
    Assign(Box<[Target]>, Expr),
    Expr(Expr),
    /// One `with` item; several items nest.
    With(Box<With>),
    Delete(Box<[(u32, TextRange)]>),
    Return(Option<Expr>),
    Pass,
    For(Box<For>),
    If(Box<If>),
}

pub struct With {
    pub context: Expr,
    pub target: Option<Target>,
    pub body: Box<[Stmt]>,
    pub range: TextRange,
}

pub struct For {
    pub target: Target,
    pub iter: Expr,
    pub body: Box<[Stmt]>,
    pub range: TextRange,
}

pub struct If {
    pub test: Expr,
    pub body: Box<[Stmt]>,
    pub orelse: Box<[Stmt]>,
}
