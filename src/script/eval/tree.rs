//! The form a definition body is kept in to be evaluated: the builder program's
//! statements with names resolved to local slots or globals, attribute and
//! keyword names interned and literals made into Python objects once.

use ruff_text_size::TextRange;
use rustpython_vm::builtins::PyStrInterned;
use rustpython_vm::PyObjectRef;

/// A name as the interpreter sees it (interned: dictionary lookups hash it once).
pub type Name = &'static PyStrInterned;

pub enum Expr {
    Const(PyObjectRef),
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
    Lambda(std::rc::Rc<Lambda>),
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

#[derive(Clone, Copy, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
}

#[derive(Clone, Copy, Debug)]
pub enum UnaryOp {
    Neg,
    Pos,
    Invert,
    Not,
}

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
