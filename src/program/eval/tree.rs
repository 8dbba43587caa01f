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
    /// A string.
    Str(Box<str>),
    /// A non-negative integer.
    Int(u64),
    /// A float.
    Float(f64),
    /// `True` / `False`.
    Bool(bool),
    /// `None`.
    None,
    /// `...`.
    Ellipsis,
}

/// An expression of an evaluated body.
pub enum Expr {
    /// A literal, by index in the body's literal table.
    Const(Const),
    /// A local of the function (a parameter or an assigned name), by slot.
    Local(u32, TextRange),
    /// Any other name: the function's globals, then its builtins.
    Global(Name, TextRange),
    /// `value.name`.
    Attr(Box<Expr>, Name, TextRange),
    /// A call.
    Call(Box<Call>),
    /// `(a, b)`.
    Tuple(Box<[Expr]>),
    /// `[a, b]`.
    List(Box<[Expr]>),
    /// `{k: v}`.
    Dict(Box<[(Expr, Expr)]>),
    /// `value[index]`.
    Subscript(Box<(Expr, Expr)>, TextRange),
    /// `start:stop:step`.
    Slice(Box<[Option<Expr>; 3]>, TextRange),
    /// `a op b`.
    Binary(Box<(Expr, Expr)>, BinOp, TextRange),
    /// `op a`.
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

/// `func(*args, **keywords)` (no starred arguments).
pub struct Call {
    /// The callee.
    pub func: Expr,
    /// Positional arguments.
    pub args: Box<[Expr]>,
    /// Keyword arguments, in order.
    pub keywords: Box<[(Name, Expr)]>,
    /// Where the call is written.
    pub range: TextRange,
}

/// A `lambda: expr` without parameters.
pub struct Lambda {
    /// Its expression.
    pub body: Expr,
    /// Where it is written.
    pub range: TextRange,
}

/// A lambda with parameters. It is compiled, on its own, the first time it is
/// evaluated: callees read its code (`T.comm_reducer` names its variables after
/// the parameters). Lowering accepts it only when it needs no closure (it reads no
/// local of the body), so compiled alone it is the function the body would make.
pub struct Function {
    /// Which of the body's functions (its compiled code is kept per body).
    pub index: u32,
    /// The lambda as parsed (compiled from this).
    pub node: rustpython_vm::compiler::ast::ExprLambda,
}

/// Operators as the parser names them.
pub use rustpython_vm::compiler::ast::{Operator as BinOp, UnaryOp};

/// An assignment target: a local, or a tuple/list of targets to unpack into.
pub enum Target {
    /// A local, by slot.
    Local(u32),
    /// `a, b` (unpacked from an iterable).
    Unpack(Box<[Target]>, TextRange),
}

/// A statement of an evaluated body.
pub enum Stmt {
    /// `a = b = value` (targets left to right, as Python assigns them).
    Assign(Box<[Target]>, Expr),
    /// An expression statement.
    Expr(Expr),
    /// One `with` item; several items nest.
    With(Box<With>),
    /// `del a, b` (locals by slot).
    Delete(Box<[(u32, TextRange)]>),
    /// `return value`.
    Return(Option<Expr>),
    /// `pass`.
    Pass,
    /// `for target in iter: body`.
    For(Box<For>),
    /// `if test: body else: orelse`.
    If(Box<If>),
}

/// `with context as target: body`.
pub struct With {
    /// The context manager.
    pub context: Expr,
    /// The `as` target, if any.
    pub target: Option<Target>,
    /// The body.
    pub body: Box<[Stmt]>,
    /// Where the `with` is written.
    pub range: TextRange,
}

/// `for target in iter: body`.
pub struct For {
    /// The loop target.
    pub target: Target,
    /// The iterated value.
    pub iter: Expr,
    /// The body.
    pub body: Box<[Stmt]>,
    /// Where the loop is written.
    pub range: TextRange,
}

/// `if test: body else: orelse`.
pub struct If {
    /// The condition.
    pub test: Expr,
    /// The statements run when it holds.
    pub body: Box<[Stmt]>,
    /// The statements run otherwise.
    pub orelse: Box<[Stmt]>,
}
