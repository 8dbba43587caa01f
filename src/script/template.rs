//! Small AST templates: Python text with holes, parsed once, cloned and filled.
//!
//! The transpiler writes its output as templates such as
//! `with __tvm__.for_(E0) as E1:\n    B0` and fills `E<n>` with original
//! expressions and `B<n>` with statement lists. Every node the template adds takes
//! the range of the construct it replaces, and filled-in nodes keep their own, so
//! compiled code maps back to the user's lines and columns exactly.

use std::cell::RefCell;
use std::rc::Rc;

use ruff_text_size::TextRange;
use rustpython_vm::compiler::ast::{self, Expr, Stmt};
use rustpython_vm::compiler::ast::visitor::transformer::{walk_expr, walk_stmt, Transformer};
use rustpython_vm::compiler::parser;

use crate::fast_hash::FastMap;

/// What fills a hole: an expression (`E<n>`) or a block of statements (`B<n>`).
pub enum Hole {
    /// An expression hole.
    E(Expr),
    /// A statement-block hole.
    B(Vec<Stmt>),
}

thread_local! {
    // Keyed by the template's address: templates are literals, and hashing their
    // text for every instantiation showed in profiles.
    static CACHE: RefCell<FastMap<(usize, usize), Rc<Vec<Stmt>>>> = RefCell::new(FastMap::default());
}

fn parsed(src: &'static str) -> Vec<Stmt> {
    let key = (src.as_ptr() as usize, src.len());
    let body = CACHE.with(|c| {
        c.borrow_mut()
            .entry(key)
            .or_insert_with(|| match parser::parse_module(src) {
                Ok(m) => Rc::new(m.into_syntax().body),
                // Templates are literals in our own source; a broken one is a bug caught by tests.
                Err(e) => unreachable!("invalid transpiler template {src:?}: {e}"),
            })
            .clone()
    });
    (*body).clone()
}

/// Instantiate a statement template at `range`.
pub fn stmts(src: &'static str, holes: Vec<Hole>, range: TextRange) -> Vec<Stmt> {
    let mut body = parsed(src);
    let filler = Filler::new(range, holes);
    for s in body.iter_mut() {
        filler.visit_stmt(s);
    }
    filler.splice(&mut body);
    body
}

/// Instantiate an expression template at `range`.
pub fn expr(src: &'static str, holes: Vec<Hole>, range: TextRange) -> Expr {
    let mut body = stmts(src, holes, range);
    match body.pop() {
        Some(Stmt::Expr(e)) => *e.value,
        _ => unreachable!("expression template {src:?} is not an expression"),
    }
}

thread_local! {
    /// Literal expressions by their text (see [`literal`]).
    static LITERALS: RefCell<FastMap<Box<str>, Rc<Expr>>> = RefCell::new(FastMap::default());
}

/// Distinct literal texts kept (a program has a handful; this bounds odd ones).
const LITERALS_KEPT: usize = 256;

/// The expression a Python literal display `text` parses to (a dict of options,
/// say), at `range`: parsed once per thread and cloned. Every definition gets one;
/// parsing each anew took a quarter of transpiling a module of small functions.
pub fn literal(text: &str, range: TextRange) -> Expr {
    let parsed = LITERALS.with(|c| {
        let mut c = c.borrow_mut();
        if let Some(e) = c.get(text) {
            return e.clone();
        }
        let e = match parser::parse_expression(text) {
            Ok(m) => Rc::new(*m.into_syntax().body),
            // Our own literals; a broken one is a bug caught by tests.
            Err(e) => unreachable!("invalid literal {text:?}: {e}"),
        };
        if c.len() >= LITERALS_KEPT {
            c.clear();
        }
        c.insert(text.into(), e.clone());
        e
    });
    let mut e = (*parsed).clone();
    ast::relocate::relocate_expr(&mut e, range);
    e
}

/// A string literal expression (double-quoted, as the unparser writes it).
pub fn string(s: &str, range: TextRange) -> Expr {
    let flags = ast::StringLiteralFlags::empty().with_quote_style(ast::str::Quote::Double);
    let literal = ast::StringLiteral { range, node_index: Default::default(), value: s.into(), flags };
    Expr::StringLiteral(ast::ExprStringLiteral { node_index: Default::default(), range, value: ast::StringLiteralValue::single(literal) })
}

/// The `None` literal.
pub fn none(range: TextRange) -> Expr {
    Expr::NoneLiteral(ast::ExprNoneLiteral { node_index: Default::default(), range })
}

/// A name expression in load context.
pub fn name(id: &str, range: TextRange) -> Expr {
    Expr::Name(ast::ExprName { node_index: Default::default(), range, id: id.into(), ctx: ast::ExprContext::Load })
}

/// A tuple of expressions (load context).
pub fn tuple(elts: Vec<Expr>, range: TextRange) -> Expr {
    Expr::Tuple(ast::ExprTuple {
        node_index: Default::default(),
        range,
        elts,
        ctx: ast::ExprContext::Load,
        parenthesized: true,
    })
}

/// Python source for a string literal holding `s`.
pub fn python_string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Filler {
    range: TextRange,
    exprs: RefCell<Vec<Option<Expr>>>,
    blocks: RefCell<Vec<Option<Vec<Stmt>>>>,
}

fn hole_index(id: &str, prefix: char) -> Option<usize> {
    let rest = id.strip_prefix(prefix)?;
    rest.parse().ok().filter(|_| rest.bytes().all(|b| b.is_ascii_digit()))
}

impl Filler {
    fn new(range: TextRange, holes: Vec<Hole>) -> Self {
        let (mut exprs, mut blocks) = (vec![], vec![]);
        for h in holes {
            match h {
                Hole::E(e) => exprs.push(Some(e)),
                Hole::B(b) => blocks.push(Some(b)),
            }
        }
        Filler { range, exprs: RefCell::new(exprs), blocks: RefCell::new(blocks) }
    }

    /// `E<n>` is the n-th expression hole and `B<n>` the n-th block hole.
    fn take_expr(&self, i: usize) -> Option<Expr> {
        self.exprs.borrow_mut().get_mut(i).and_then(Option::take)
    }

    fn take_block(&self, i: usize) -> Option<Vec<Stmt>> {
        self.blocks.borrow_mut().get_mut(i).and_then(Option::take)
    }

    /// Replace `B<n>` statements by their blocks, recursively.
    fn splice(&self, body: &mut Vec<Stmt>) {
        let mut out = Vec::with_capacity(body.len());
        for mut s in body.drain(..) {
            if let Stmt::Expr(e) = &s
                && let Expr::Name(n) = &*e.value
                && let Some(i) = hole_index(n.id.as_str(), 'B')
                && let Some(block) = self.take_block(i)
            {
                out.extend(block);
                continue;
            }
            match &mut s {
                Stmt::For(f) => {
                    self.splice(&mut f.body);
                    self.splice(&mut f.orelse);
                }
                Stmt::While(w) => self.splice(&mut w.body),
                Stmt::If(i) => {
                    self.splice(&mut i.body);
                    for c in i.elif_else_clauses.iter_mut() {
                        self.splice(&mut c.body);
                    }
                }
                Stmt::With(w) => self.splice(&mut w.body),
                Stmt::Try(t) => {
                    self.splice(&mut t.body);
                    for h in t.handlers.iter_mut() {
                        let ast::ExceptHandler::ExceptHandler(h) = h;
                        self.splice(&mut h.body);
                    }
                    self.splice(&mut t.orelse);
                    self.splice(&mut t.finalbody);
                }
                Stmt::FunctionDef(f) => self.splice(&mut f.body),
                Stmt::ClassDef(c) => self.splice(&mut c.body),
                _ => {}
            }
            out.push(s);
        }
        *body = out;
    }
}

impl Transformer for Filler {
    fn visit_stmt(&self, stmt: &mut Stmt) {
        set_stmt_range(stmt, self.range);
        walk_stmt(self, stmt);
    }

    fn visit_expr(&self, expr: &mut Expr) {
        if let Expr::Name(n) = expr
            && let Some(i) = hole_index(n.id.as_str(), 'E')
        {
            if let Some(e) = self.take_expr(i) {
                // Filled expressions keep their own ranges: do not walk into them.
                let ctx = n.ctx;
                *expr = e;
                set_expr_ctx(expr, ctx);
            }
            return;
        }
        ast::relocate::relocate_expr(expr, self.range);
        walk_expr(self, expr);
    }
}

/// Give a filled expression the context of the hole it fills (targets need Store).
fn set_expr_ctx(expr: &mut Expr, ctx: ast::ExprContext) {
    match expr {
        Expr::Name(n) => n.ctx = ctx,
        Expr::Tuple(t) => {
            t.ctx = ctx;
            for e in t.elts.iter_mut() {
                set_expr_ctx(e, ctx);
            }
        }
        Expr::List(l) => {
            l.ctx = ctx;
            for e in l.elts.iter_mut() {
                set_expr_ctx(e, ctx);
            }
        }
        Expr::Starred(s) => {
            s.ctx = ctx;
            set_expr_ctx(&mut s.value, ctx);
        }
        Expr::Attribute(a) => a.ctx = ctx,
        Expr::Subscript(s) => s.ctx = ctx,
        _ => {}
    }
}

/// Set the range of a statement node (not of its children).
pub fn set_stmt_range(stmt: &mut Stmt, range: TextRange) {
    macro_rules! set {
        ($($v:ident),*) => {
            match stmt { $(Stmt::$v(s) => s.range = range,)* }
        };
    }
    set!(
        FunctionDef, ClassDef, Return, Delete, TypeAlias, Assign, AugAssign, AnnAssign, For, While, If, With,
        Match, Raise, Try, Assert, Import, ImportFrom, Global, Nonlocal, Expr, Pass, Break, Continue,
        IpyEscapeCommand
    );
    if let Stmt::If(i) = stmt {
        for c in i.elif_else_clauses.iter_mut() {
            c.range = range;
        }
    }
    if let Stmt::With(w) = stmt {
        for item in w.items.iter_mut() {
            item.range = range;
        }
    }
}
