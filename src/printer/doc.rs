//! The Doc tree: a small Python-syntax AST the translation engine produces and
//! `python.rs` formats. Every doc remembers the IR paths it was made from
//! (`source_paths`), so the text can be underlined at an IR location.
//!
//! Mirrors TVM's `script.printer.*Doc` classes. Docs are plain owned trees: they are
//! built once, bottom-up, and printed once.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::ir::AccessPath;

/// The text of a name, keyword or string literal in a doc. Most are keywords
/// (`T.float32`) or short names (`lv12`), so neither costs an allocation: up to 22
/// bytes are stored inline, longer text is shared (and static text is borrowed).
#[derive(Clone)]
pub struct Text(Repr);

/// Private, so inline bytes only ever come from whole `&str`s.
#[derive(Clone)]
enum Repr {
    Static(&'static str),
    Inline { len: u8, bytes: [u8; INLINE_CAP] },
    Shared(Arc<str>),
}

const INLINE_CAP: usize = 22;

impl Text {
    /// Borrow static text (no copy).
    pub const fn from_static(s: &'static str) -> Self {
        Text(Repr::Static(s))
    }
    /// Copy borrowed text.
    pub fn copy(s: &str) -> Self {
        if s.len() <= INLINE_CAP {
            let mut bytes = [0u8; INLINE_CAP];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            Text(Repr::Inline { len: s.len() as u8, bytes })
        } else {
            Text(Repr::Shared(s.into()))
        }
    }
    /// The parts joined, with no allocation when the result is short.
    pub fn concat(parts: &[&str]) -> Self {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if len > INLINE_CAP {
            return Text(Repr::Shared(parts.concat().into()));
        }
        let mut bytes = [0u8; INLINE_CAP];
        let mut at = 0;
        for part in parts {
            bytes[at..at + part.len()].copy_from_slice(part.as_bytes());
            at += part.len();
        }
        Text(Repr::Inline { len: len as u8, bytes })
    }
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Static(s) => s,
            // SAFETY: only `copy` and `concat` make inline text, from whole `&str`s, so the
            // bytes are valid UTF-8 (checking them again on every read cost 2% of printing).
            Repr::Inline { len, bytes } => unsafe { std::str::from_utf8_unchecked(&bytes[..*len as usize]) },
            Repr::Shared(s) => s,
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text::from_static("")
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for Text {}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}
impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Borrowed text is copied (inline when short, so keywords cost no allocation); this
/// keeps `doc.attr(name)` working for any `&str`. `Text::from_static` borrows without copying.
impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text::copy(s)
    }
}
impl From<String> for Text {
    fn from(s: String) -> Self {
        if s.len() <= INLINE_CAP { Text::copy(&s) } else { Text(Repr::Shared(s.into())) }
    }
}
impl From<&String> for Text {
    fn from(s: &String) -> Self {
        Text::copy(s)
    }
}
impl From<Arc<str>> for Text {
    fn from(s: Arc<str>) -> Self {
        Text(Repr::Shared(s))
    }
}
impl From<&Arc<str>> for Text {
    fn from(s: &Arc<str>) -> Self {
        Text(Repr::Shared(s.clone()))
    }
}
/// A data type's name (`float32`): common scalar types without formatting.
impl From<crate::ir::DataType> for Text {
    fn from(d: crate::ir::DataType) -> Self {
        match d.static_name() {
            Some(name) => Text::from_static(name),
            None => Text::from(d.to_string()),
        }
    }
}

impl From<&Text> for Text {
    fn from(s: &Text) -> Self {
        s.clone()
    }
}

/// A literal value.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float, printed as TVM prints it.
    Float(f64),
    /// A string, printed quoted.
    Str(Text),
}

/// Python operators, named after Python's `ast` module (TVM's `OperationDocNode::Kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    // unary
    /// `-x`
    USub,
    /// `~x`
    Invert,
    /// `not x`
    Not,
    // binary
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mult,
    /// `/`
    Div,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `**`
    Pow,
    /// `<<`
    LShift,
    /// `>>`
    RShift,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<`
    Lt,
    /// `<=`
    LtE,
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `>`
    Gt,
    /// `>=`
    GtE,
    /// `and`
    And,
    /// `or`
    Or,
    /// `@`
    MatMul,
    // special: operands are [condition, then, else]
    /// `a if cond else b` (operands: cond, a, b).
    IfThenElse,
}

impl OpKind {
    /// Whether this takes one operand.
    pub fn is_unary(self) -> bool {
        matches!(self, OpKind::USub | OpKind::Invert | OpKind::Not)
    }
    /// Whether this takes two operands.
    pub fn is_binary(self) -> bool {
        !self.is_unary() && self != OpKind::IfThenElse
    }
    /// The number of operands the operator takes.
    pub fn arity(self) -> usize {
        if self.is_unary() {
            1
        } else if self == OpKind::IfThenElse {
            3
        } else {
            2
        }
    }
    /// The Python token (`"not "` carries its separating space); empty for `IfThenElse`.
    pub fn token(self) -> &'static str {
        use OpKind::*;
        match self {
            USub => "-",
            Invert => "~",
            Not => "not ",
            Add => "+",
            Sub => "-",
            Mult => "*",
            Div => "/",
            FloorDiv => "//",
            Mod => "%",
            Pow => "**",
            LShift => "<<",
            RShift => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            Lt => "<",
            LtE => "<=",
            Eq => "==",
            NotEq => "!=",
            Gt => ">",
            GtE => ">=",
            And => "and",
            Or => "or",
            MatMul => "@",
            IfThenElse => "",
        }
    }
}

/// An expression doc.
#[derive(Clone, Debug)]
pub struct ExprDoc {
    /// What the expression is.
    pub kind: ExprKind,
    /// The IR paths this doc was produced from.
    pub source_paths: Vec<AccessPath>,
}

#[derive(Clone, Debug)]
/// The kinds of expression doc.
pub enum ExprKind {
    /// A literal.
    Literal(Literal),
    /// An identifier.
    Id(Text),
    /// `value.name`
    Attr {
        /// The object.
        value: Box<ExprDoc>,
        /// The attribute's name.
        name: Text,
    },
    /// `value[i, j]`; slices only appear here.
    Index {
        /// The indexed value.
        value: Box<ExprDoc>,
        /// The indices (`a[i, j]`).
        indices: Vec<ExprDoc>,
    },
    /// `callee(args..., key=value...)`
    Call {
        /// The called expression.
        callee: Box<ExprDoc>,
        /// Positional arguments.
        args: Vec<ExprDoc>,
        /// Keyword arguments, in order.
        kwargs: Vec<(Text, ExprDoc)>,
    },
    /// An operator applied to operands (parenthesised by precedence).
    Operation {
        /// The operator.
        op: OpKind,
        /// Its operands.
        operands: Vec<ExprDoc>,
    },
    /// `lambda args: body`; the arguments are identifiers.
    Lambda {
        /// Parameter names.
        args: Vec<ExprDoc>,
        /// The body.
        body: Box<ExprDoc>,
    },
    /// `(a, b)`
    Tuple(Vec<ExprDoc>),
    /// `[a, b]`
    List(Vec<ExprDoc>),
    /// `{k: v}`
    Dict(Vec<(ExprDoc, ExprDoc)>),
    /// `start:stop:step`
    Slice {
        /// Start, if given.
        start: Option<Box<ExprDoc>>,
        /// Stop, if given.
        stop: Option<Box<ExprDoc>>,
        /// Step, if given.
        step: Option<Box<ExprDoc>>,
    },
}

impl From<ExprKind> for ExprDoc {
    fn from(kind: ExprKind) -> Self {
        ExprDoc { kind, source_paths: Vec::new() }
    }
}

impl ExprDoc {
    /// An expression doc of a kind, with no IR paths.
    pub fn new(kind: ExprKind) -> Self {
        kind.into()
    }
    /// A literal.
    pub fn literal(lit: Literal) -> Self {
        ExprKind::Literal(lit).into()
    }
    /// `None`
    pub fn none() -> Self {
        Self::literal(Literal::None)
    }
    /// `True` / `False`
    pub fn bool(v: bool) -> Self {
        Self::literal(Literal::Bool(v))
    }
    /// An integer literal.
    pub fn int(v: i64) -> Self {
        Self::literal(Literal::Int(v))
    }
    /// A float literal.
    pub fn float(v: f64) -> Self {
        Self::literal(Literal::Float(v))
    }
    /// A string literal.
    pub fn str(v: impl Into<Text>) -> Self {
        Self::literal(Literal::Str(v.into()))
    }
    /// An identifier.
    pub fn id(name: impl Into<Text>) -> Self {
        ExprKind::Id(name.into()).into()
    }
    /// A tuple.
    pub fn tuple(elements: Vec<ExprDoc>) -> Self {
        ExprKind::Tuple(elements).into()
    }
    /// A list.
    pub fn list(elements: Vec<ExprDoc>) -> Self {
        ExprKind::List(elements).into()
    }
    /// A dict.
    pub fn dict(items: Vec<(ExprDoc, ExprDoc)>) -> Self {
        ExprKind::Dict(items).into()
    }
    /// A slice (`start:stop:step`).
    pub fn slice(start: Option<ExprDoc>, stop: Option<ExprDoc>, step: Option<ExprDoc>) -> Self {
        ExprKind::Slice { start: start.map(Box::new), stop: stop.map(Box::new), step: step.map(Box::new) }.into()
    }
    /// `lambda args: body`
    pub fn lambda<S: Into<Text>>(args: impl IntoIterator<Item = S>, body: ExprDoc) -> Self {
        let args = args.into_iter().map(ExprDoc::id).collect();
        ExprKind::Lambda { args, body: Box::new(body) }.into()
    }
    /// An operator applied to operands.
    pub fn operation(op: OpKind, operands: Vec<ExprDoc>) -> Self {
        ExprKind::Operation { op, operands }.into()
    }
    /// A unary operation.
    pub fn unary(op: OpKind, operand: ExprDoc) -> Self {
        Self::operation(op, vec![operand])
    }
    /// A binary operation.
    pub fn binary(op: OpKind, lhs: ExprDoc, rhs: ExprDoc) -> Self {
        Self::operation(op, vec![lhs, rhs])
    }
    /// `then if cond else otherwise`
    pub fn if_then_else(cond: ExprDoc, then: ExprDoc, otherwise: ExprDoc) -> Self {
        Self::operation(OpKind::IfThenElse, vec![cond, then, otherwise])
    }

    /// `self.name`
    pub fn attr(self, name: impl Into<Text>) -> Self {
        ExprKind::Attr { value: Box::new(self), name: name.into() }.into()
    }
    /// `self[indices]`
    pub fn index(self, indices: Vec<ExprDoc>) -> Self {
        ExprKind::Index { value: Box::new(self), indices }.into()
    }
    /// `self(args)`
    pub fn call(self, args: Vec<ExprDoc>) -> Self {
        ExprKind::Call { callee: Box::new(self), args, kwargs: Vec::new() }.into()
    }
    /// `self(args, key=value...)`
    pub fn call_kw(self, args: Vec<ExprDoc>, kwargs: Vec<(Text, ExprDoc)>) -> Self {
        ExprKind::Call { callee: Box::new(self), args, kwargs }.into()
    }
    /// Append a keyword argument to a call; any other doc is called with just this keyword.
    pub fn kwarg(self, key: impl Into<Text>, value: ExprDoc) -> Self {
        match self.kind {
            ExprKind::Call { callee, args, mut kwargs } => {
                kwargs.push((key.into(), value));
                ExprDoc { kind: ExprKind::Call { callee, args, kwargs }, source_paths: self.source_paths }
            }
            _ => self.call_kw(Vec::new(), vec![(key.into(), value)]),
        }
    }
    /// `not self` (use `!doc` for the same; `-doc`, `a + b` ... build the other operators).
    pub fn logical_not(self) -> Self {
        Self::unary(OpKind::Not, self)
    }
    /// `~self`
    pub fn invert(self) -> Self {
        Self::unary(OpKind::Invert, self)
    }
    /// `self // rhs`
    pub fn floor_div(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::FloorDiv, self, rhs)
    }
    /// `self % rhs`
    pub fn modulo(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Mod, self, rhs)
    }
    /// `self ** rhs`
    pub fn pow(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Pow, self, rhs)
    }
    /// `self < rhs`
    pub fn lt(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Lt, self, rhs)
    }
    /// `self <= rhs`
    pub fn le(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::LtE, self, rhs)
    }
    /// `self == rhs`
    pub fn eq(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Eq, self, rhs)
    }
    /// `self != rhs`
    pub fn ne(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::NotEq, self, rhs)
    }
    /// `self > rhs`
    pub fn gt(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Gt, self, rhs)
    }
    /// `self >= rhs`
    pub fn ge(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::GtE, self, rhs)
    }
    /// `self and rhs`
    pub fn and(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::And, self, rhs)
    }
    /// `self or rhs`
    pub fn or(self, rhs: ExprDoc) -> Self {
        Self::binary(OpKind::Or, self, rhs)
    }

    /// Add an IR path this doc came from.
    pub fn with_path(mut self, path: AccessPath) -> Self {
        // An untracked path means nobody will look for this doc by path.
        if path.is_tracked() {
            self.source_paths.push(path);
        }
        self
    }
    /// The identifier, when this doc is one.
    pub fn as_id(&self) -> Option<&str> {
        match &self.kind {
            ExprKind::Id(name) => Some(name.as_str()),
            _ => None,
        }
    }
    /// Wrap as an expression statement.
    pub fn into_stmt(self) -> StmtDoc {
        StmtDoc::expr(self)
    }
}

/// A statement doc. `comment` is printed after one-line statements (`x = 1  # c`)
/// and as `# c` lines before compound ones; functions and classes print it as a docstring.
#[derive(Clone, Debug)]
pub struct StmtDoc {
    /// What the statement is.
    pub kind: StmtKind,
    /// A comment printed with it (after it on the line, or above a block statement).
    pub comment: Option<String>,
    /// The IR paths this statement was made from (for underlines).
    pub source_paths: Vec<AccessPath>,
}

#[derive(Clone, Debug)]
/// The kinds of statement doc.
pub enum StmtKind {
    /// `lhs: annotation = rhs`; either `rhs` or `annotation` is normally present.
    Assign {
        /// The target.
        lhs: ExprDoc,
        /// The value, if any (`x: T` alone has none).
        rhs: Option<ExprDoc>,
        /// The annotation, if any.
        annotation: Option<ExprDoc>,
    },
    /// `if predicate: … else: …`
    If {
        /// The condition.
        predicate: ExprDoc,
        /// The statements run when it holds.
        then_branch: Vec<StmtDoc>,
        /// The statements run otherwise (empty: no `else`).
        else_branch: Vec<StmtDoc>,
    },
    /// `while predicate: …`
    While {
        /// The condition.
        predicate: ExprDoc,
        /// The loop body.
        body: Vec<StmtDoc>,
    },
    /// `for lhs in rhs: …`
    For {
        /// The loop target.
        lhs: ExprDoc,
        /// The iterated expression.
        rhs: ExprDoc,
        /// The loop body.
        body: Vec<StmtDoc>,
    },
    /// `with rhs as lhs:`
    Scope {
        /// The `as` target, if any.
        lhs: Option<ExprDoc>,
        /// The context manager.
        rhs: ExprDoc,
        /// The body.
        body: Vec<StmtDoc>,
    },
    /// An expression statement.
    Expr(ExprDoc),
    /// `assert test, msg`
    Assert {
        /// The asserted condition.
        test: ExprDoc,
        /// The message, if any.
        msg: Option<ExprDoc>,
    },
    /// `return value`
    Return(ExprDoc),
    /// A function definition.
    Function(Box<FunctionDoc>),
    /// A class definition.
    Class(Box<ClassDoc>),
    /// A comment line; its text is the statement's `comment`.
    Comment,
    /// A docstring; its text is the statement's `comment`.
    DocString,
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// A statement formatted ahead of the rest (`Printer::format_ahead`): its text as
    /// written at `indent` spaces, first line unindented, and whether it defines a
    /// function or class.
    Formatted {
        /// The text.
        text: String,
        /// The indentation it was formatted at.
        indent: usize,
        /// Whether it defines a function or class.
        definition: bool,
    },
}

#[derive(Clone, Debug)]
/// A function definition: decorators, name, parameters, return annotation, body.
pub struct FunctionDoc {
    /// An identifier doc.
    pub name: ExprDoc,
    /// Parameters, as `Assign` statements (`x: T = default`) without comments.
    pub args: Vec<StmtDoc>,
    /// Decorators, outermost first.
    pub decorators: Vec<ExprDoc>,
    /// The return annotation, if any.
    pub return_type: Option<ExprDoc>,
    /// The body.
    pub body: Vec<StmtDoc>,
    /// PEP 695 type parameters (`def f[n, k: T.int64]`): identifiers or annotated assigns.
    pub type_params: Vec<Doc>,
}

#[derive(Clone, Debug)]
/// A class definition: decorators, name, body.
pub struct ClassDoc {
    /// An identifier doc.
    pub name: ExprDoc,
    /// Decorators, outermost first.
    pub decorators: Vec<ExprDoc>,
    /// The body.
    pub body: Vec<StmtDoc>,
}

impl From<StmtKind> for StmtDoc {
    fn from(kind: StmtKind) -> Self {
        StmtDoc { kind, comment: None, source_paths: Vec::new() }
    }
}

impl StmtDoc {
    /// A statement doc of a kind, with no comment and no IR paths.
    pub fn new(kind: StmtKind) -> Self {
        kind.into()
    }
    /// `lhs = rhs`
    pub fn assign(lhs: ExprDoc, rhs: ExprDoc) -> Self {
        StmtKind::Assign { lhs, rhs: Some(rhs), annotation: None }.into()
    }
    /// `lhs: annotation = rhs` (or `lhs: annotation` without `rhs`)
    pub fn assign_annotated(lhs: ExprDoc, rhs: Option<ExprDoc>, annotation: ExprDoc) -> Self {
        StmtKind::Assign { lhs, rhs, annotation: Some(annotation) }.into()
    }
    /// `if predicate: then_branch else: else_branch`
    pub fn if_(predicate: ExprDoc, then_branch: Vec<StmtDoc>, else_branch: Vec<StmtDoc>) -> Self {
        StmtKind::If { predicate, then_branch, else_branch }.into()
    }
    /// `while predicate: body`
    pub fn while_(predicate: ExprDoc, body: Vec<StmtDoc>) -> Self {
        StmtKind::While { predicate, body }.into()
    }
    /// `for lhs in rhs: body`
    pub fn for_(lhs: ExprDoc, rhs: ExprDoc, body: Vec<StmtDoc>) -> Self {
        StmtKind::For { lhs, rhs, body }.into()
    }
    /// `with rhs as lhs:` (no `as` without `lhs`)
    pub fn scope(lhs: Option<ExprDoc>, rhs: ExprDoc, body: Vec<StmtDoc>) -> Self {
        StmtKind::Scope { lhs, rhs, body }.into()
    }
    /// An expression statement.
    pub fn expr(expr: ExprDoc) -> Self {
        StmtKind::Expr(expr).into()
    }
    /// `assert test, msg`
    pub fn assert(test: ExprDoc, msg: Option<ExprDoc>) -> Self {
        StmtKind::Assert { test, msg }.into()
    }
    /// `return value`
    pub fn return_(value: ExprDoc) -> Self {
        StmtKind::Return(value).into()
    }
    /// A function definition.
    pub fn function(f: FunctionDoc) -> Self {
        StmtKind::Function(Box::new(f)).into()
    }
    /// A class definition.
    pub fn class(c: ClassDoc) -> Self {
        StmtKind::Class(Box::new(c)).into()
    }
    /// A comment; each line prints as `# line`. The empty comment prints nothing
    /// (an empty line inside a block).
    pub fn comment(text: impl Into<String>) -> Self {
        StmtDoc { kind: StmtKind::Comment, comment: Some(text.into()), source_paths: Vec::new() }
    }
    /// A docstring.
    pub fn doc_string(text: impl Into<String>) -> Self {
        StmtDoc { kind: StmtKind::DocString, comment: Some(text.into()), source_paths: Vec::new() }
    }
    /// `break`
    pub fn break_() -> Self {
        StmtKind::Break.into()
    }
    /// `continue`
    pub fn continue_() -> Self {
        StmtKind::Continue.into()
    }
    /// A statement already formatted at `indent` spaces (see [`StmtKind::Formatted`]).
    pub fn formatted(text: String, indent: usize, definition: bool) -> Self {
        StmtKind::Formatted { text, indent, definition }.into()
    }

    /// Set the trailing comment.
    pub fn with_comment(mut self, comment: impl Into<String>) -> Self {
        self.comment = Some(comment.into());
        self
    }
    /// Add a comment line: appended to an existing comment after a newline.
    pub fn add_comment(&mut self, text: &str) {
        self.comment = Some(match self.comment.take() {
            Some(c) => format!("{c}\n{text}"),
            None => text.to_string(),
        });
    }
    /// Record that this statement was made from the IR at `path`.
    pub fn with_path(mut self, path: AccessPath) -> Self {
        // An untracked path means nobody will look for this doc by path.
        if path.is_tracked() {
            self.source_paths.push(path);
        }
        self
    }
    /// Whether this defines a function or class.
    pub fn is_definition(&self) -> bool {
        matches!(self.kind, StmtKind::Function(_) | StmtKind::Class(_) | StmtKind::Formatted { definition: true, .. })
    }
}

impl FunctionDoc {
    /// A function `name(args): body` (each argument an assignment doc: name, annotation, default).
    pub fn new(name: impl Into<Text>, args: Vec<StmtDoc>, body: Vec<StmtDoc>) -> Self {
        FunctionDoc {
            name: ExprDoc::id(name),
            args,
            decorators: Vec::new(),
            return_type: None,
            body,
            type_params: Vec::new(),
        }
    }
    /// Add a decorator (after those added before).
    pub fn decorator(mut self, d: ExprDoc) -> Self {
        self.decorators.push(d);
        self
    }
    /// Set the return annotation.
    pub fn returns(mut self, ty: ExprDoc) -> Self {
        self.return_type = Some(ty);
        self
    }
    /// As a statement.
    pub fn into_stmt(self) -> StmtDoc {
        StmtDoc::function(self)
    }
}

impl ClassDoc {
    /// A class `name: body`.
    pub fn new(name: impl Into<Text>, body: Vec<StmtDoc>) -> Self {
        ClassDoc { name: ExprDoc::id(name), decorators: Vec::new(), body }
    }
    /// Add a decorator (after those added before).
    pub fn decorator(mut self, d: ExprDoc) -> Self {
        self.decorators.push(d);
        self
    }
    /// As a statement.
    pub fn into_stmt(self) -> StmtDoc {
        StmtDoc::class(self)
    }
}

/// A sequence of statements printed one per line (a temporary container, as in TVM:
/// it is what a hook returns when it produces several statements).
#[derive(Clone, Debug, Default)]
pub struct StmtBlockDoc {
    /// The statements.
    pub stmts: Vec<StmtDoc>,
    /// The IR paths the block was made from.
    pub source_paths: Vec<AccessPath>,
}

impl StmtBlockDoc {
    /// A block of these statements.
    pub fn new(stmts: Vec<StmtDoc>) -> Self {
        StmtBlockDoc { stmts, source_paths: Vec::new() }
    }
}

/// Any doc: what translation hooks return and what the Python printer formats.
#[derive(Clone, Debug)]
pub enum Doc {
    /// An expression.
    Expr(ExprDoc),
    /// Boxed: every expression hook returns a `Doc`, and a statement is three times the
    /// size of an expression.
    Stmt(Box<StmtDoc>),
    /// Several statements.
    Block(StmtBlockDoc),
}

impl Doc {
    /// The IR paths this doc was made from.
    pub fn source_paths(&self) -> &[AccessPath] {
        match self {
            Doc::Expr(d) => &d.source_paths,
            Doc::Stmt(d) => &d.source_paths,
            Doc::Block(d) => &d.source_paths,
        }
    }
    /// The IR paths this doc was made from, to add to.
    pub fn source_paths_mut(&mut self) -> &mut Vec<AccessPath> {
        match self {
            Doc::Expr(d) => &mut d.source_paths,
            Doc::Stmt(d) => &mut d.source_paths,
            Doc::Block(d) => &mut d.source_paths,
        }
    }
    /// `"expression"`, `"statement"` or `"statement block"`, for messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Doc::Expr(_) => "expression",
            Doc::Stmt(_) => "statement",
            Doc::Block(_) => "statement block",
        }
    }
    /// The expression, if this is one.
    pub fn as_expr(&self) -> Option<&ExprDoc> {
        match self {
            Doc::Expr(e) => Some(e),
            _ => None,
        }
    }
    /// The statements of this doc; an expression becomes an expression statement.
    pub fn into_stmts(self) -> Vec<StmtDoc> {
        match self {
            Doc::Expr(e) => vec![StmtDoc::expr(e)],
            Doc::Stmt(s) => vec![*s],
            Doc::Block(b) => b.stmts,
        }
    }
    /// Append the statements of `into_stmts` to `out` (no vector for a single one).
    pub fn append_stmts_to(self, out: &mut Vec<StmtDoc>) {
        match self {
            Doc::Expr(e) => out.push(StmtDoc::expr(e)),
            Doc::Stmt(s) => out.push(*s),
            Doc::Block(b) => out.extend(b.stmts),
        }
    }
}

impl From<ExprDoc> for Doc {
    fn from(d: ExprDoc) -> Self {
        Doc::Expr(d)
    }
}
impl From<StmtDoc> for Doc {
    fn from(d: StmtDoc) -> Self {
        Doc::Stmt(Box::new(d))
    }
}
impl From<StmtBlockDoc> for Doc {
    fn from(d: StmtBlockDoc) -> Self {
        Doc::Block(d)
    }
}
impl From<Vec<StmtDoc>> for Doc {
    fn from(stmts: Vec<StmtDoc>) -> Self {
        Doc::Block(StmtBlockDoc::new(stmts))
    }
}

/// Python operators on docs: `a + b` builds `OperationDoc(Add, [a, b])`, `-a` builds
/// `USub`, `!a` builds `not a`. (`a % b` is Python's `%`, `a & b` is bitwise.)
macro_rules! binary_ops {
    ($($trait:ident $method:ident $op:ident;)*) => {$(
        impl std::ops::$trait for ExprDoc {
            type Output = ExprDoc;
            fn $method(self, rhs: ExprDoc) -> ExprDoc {
                ExprDoc::binary(OpKind::$op, self, rhs)
            }
        }
    )*};
}

binary_ops! {
    Add add Add;
    Sub sub Sub;
    Mul mul Mult;
    Div div Div;
    Rem rem Mod;
    BitAnd bitand BitAnd;
    BitOr bitor BitOr;
    BitXor bitxor BitXor;
    Shl shl LShift;
    Shr shr RShift;
}

impl std::ops::Neg for ExprDoc {
    type Output = ExprDoc;
    fn neg(self) -> ExprDoc {
        ExprDoc::unary(OpKind::USub, self)
    }
}

impl std::ops::Not for ExprDoc {
    type Output = ExprDoc;
    fn not(self) -> ExprDoc {
        ExprDoc::unary(OpKind::Not, self)
    }
}

#[cfg(test)]
mod text_tests {
    use super::Text;

    /// `as_str` trusts inline bytes to be whole UTF-8 (see its SAFETY): text of
    /// multi-byte characters up to and just past the inline capacity, copied or
    /// joined, reads back as it was.
    #[test]
    fn inline_text_is_the_whole_text_it_was_made_from() {
        for n in 0..=12 {
            let s = "é".repeat(n);
            assert_eq!(Text::copy(&s).as_str(), s);
            let t = format!("a{s}");
            assert_eq!(Text::concat(&["a", &s]).as_str(), t);
            assert_eq!(Text::concat(&[&s, "€", "x"]).as_str(), format!("{s}€x"));
        }
    }
}
