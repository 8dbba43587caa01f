//! Doc -> Python text, byte for byte as TVM 0.27's Python doc printer writes it:
//! minimal parentheses from operator precedence, TVM's literal formats, comments,
//! docstrings and blank lines, then (optionally) line numbers and `^^^` underlines
//! under the text of the docs made from chosen IR paths, with context elision.

use crate::ir::{AccessPath, Error, Result};

use super::config::PrinterConfig;
use super::doc::{Doc, ExprDoc, ExprKind, Literal, OpKind, StmtBlockDoc, StmtDoc, StmtKind};

/// Format a doc with `cfg` (indentation, line numbers, `cfg.path_to_underline`).
pub fn to_python(doc: &Doc, cfg: &PrinterConfig) -> Result<String> {
    to_python_underlined(doc, cfg, &cfg.path_to_underline)
}

/// Format a doc, underlining the docs made from `underline` (instead of the config's paths).
pub fn to_python_underlined(doc: &Doc, cfg: &PrinterConfig, underline: &[AccessPath]) -> Result<String> {
    format(doc, cfg, underline)
}

/// The plain text of a doc (no underlines, line numbers or path header whatever `cfg`
/// asks): an expression a hook quotes into a string literal (`"T.Cast(\"int64\", n)"`).
pub fn to_python_plain(doc: &Doc, cfg: &PrinterConfig) -> Result<String> {
    let mut p = PyPrinter::new(cfg, &[]);
    p.decorated = false;
    p.doc(doc)?;
    Ok(p.finish())
}

/// Spaces to indent with, a slice at a time.
const SPACES: &str = "                                                                ";

/// The text of `stmt` alone as written at `indent` spaces (its first line
/// unindented), for [`StmtKind::Formatted`]; plain (no underlines, no line numbers).
pub(super) fn format_stmt(stmt: &StmtDoc, cfg: &PrinterConfig, indent: usize) -> Result<String> {
    thread_local! {
        /// The buffer statements are formatted into, kept between calls: grown by
        /// doubling, a fresh buffer for each function wrote its text into new, cold
        /// memory once per doubling; this one stays in the cache, and the text is
        /// copied out once, at its size.
        static SCRATCH: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
    }
    /// A larger buffer is not kept (one huge function should not hold its size).
    const KEEP_UP_TO: usize = 1 << 20;
    let mut p = PyPrinter::new(cfg, &[]);
    p.out = SCRATCH.take();
    p.decorated = false;
    p.indent = indent;
    let r = p.stmt(stmt);
    let text = r.map(|()| p.out.as_str().to_owned());
    let mut scratch = std::mem::take(&mut p.out);
    if scratch.capacity() <= KEEP_UP_TO {
        scratch.clear();
        SCRATCH.set(scratch);
    }
    text
}

/// Format `doc`, underlining the docs made from `underline`.
fn format(doc: &Doc, cfg: &PrinterConfig, underline: &[AccessPath]) -> Result<String> {
    let mut p = PyPrinter::new(cfg, underline);
    // The text is that of the statements formatted ahead and a little more (the
    // header, the class line, blank lines between functions): reserved at once with
    // room for that, it is not copied as it grows (a copy of the whole text into new,
    // cold memory when the last lines went past the reservation).
    let ahead = formatted_len(doc);
    p.out.reserve(ahead + ahead / 64 + 4096);
    p.doc(doc)?;
    Ok(p.finish())
}

/// The length of the text of the statements formatted ahead (`StmtKind::Formatted`)
/// at the top of `doc` and in the classes there (where a module's functions are).
fn formatted_len(doc: &Doc) -> usize {
    fn len(stmts: &[StmtDoc], classes: bool) -> usize {
        stmts
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Formatted { text, .. } => text.len(),
                StmtKind::Class(c) if classes => len(&c.body, false),
                _ => 0,
            })
            .sum()
    }
    match doc {
        Doc::Block(b) => len(&b.stmts, true),
        Doc::Stmt(s) => len(std::slice::from_ref(s), true),
        Doc::Expr(_) => 0,
    }
}

/// A float literal as TVM prints it: integral values in full fixed notation with one
/// decimal (`1.0`, `1e20` -> `100000000000000000000.0`), others with 17 significant
/// digits (`%.17g`: `0.10000000000000001`, `1.0000000000000001e-05`), and infinities or
/// NaN quoted (`"inf"`).
pub fn format_float(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "\"-nan\"".into() } else { "\"nan\"".into() };
    }
    if v.is_infinite() {
        return if v < 0.0 { "\"-inf\"".into() } else { "\"inf\"".into() };
    }
    if v.round_ties_even() == v {
        // Integral: a decimal point keeps the value a float when parsed back.
        return format!("{v:.1}");
    }
    format_g17(v)
}

/// C's `%.17g`.
fn format_g17(v: f64) -> String {
    const PRECISION: i32 = 17;
    let sci = format!("{:.*e}", (PRECISION - 1) as usize, v);
    let (mantissa, exp) = sci.split_once('e').expect("`e` format has an exponent");
    let exp: i32 = exp.parse().expect("`e` format exponent is an integer");
    if !(-4..PRECISION).contains(&exp) {
        let mantissa = strip_fraction_zeros(mantissa);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exp.abs())
    } else {
        let fixed = format!("{:.*}", (PRECISION - 1 - exp) as usize, v);
        strip_fraction_zeros(&fixed).to_string()
    }
}

fn strip_fraction_zeros(s: &str) -> &str {
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { s }
}

/// Escape a string for a double-quoted Python literal, byte-wise as TVM does: `"`, `\`
/// and (if `escape_whitespace`) tab, CR and LF get backslash escapes; any other byte
/// outside printable ASCII becomes `\xHH` (so non-ASCII text is escaped per UTF-8 byte).
pub fn escape_str(s: &str, escape_whitespace: bool) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s, escape_whitespace);
    out
}

fn push_escaped(out: &mut String, s: &str, escape_whitespace: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &b in s.as_bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\t' if escape_whitespace => out.push_str("\\t"),
            b'\r' if escape_whitespace => out.push_str("\\r"),
            b'\n' if escape_whitespace => out.push_str("\\n"),
            b'\t' | b'\r' | b'\n' => out.push(b as char),
            b' '..=b'~' => out.push(b as char),
            _ => {
                out.push_str("\\x");
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 0xf) as usize] as char);
            }
        }
    }
}

/// The text of a literal.
pub fn literal_text(lit: &Literal) -> String {
    let mut out = String::new();
    push_literal(&mut out, lit);
    out
}

fn push_literal(out: &mut String, lit: &Literal) {
    match lit {
        Literal::None => out.push_str("None"),
        Literal::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        Literal::Int(i) => out.push_str(itoa::Buffer::new().format(*i)),
        Literal::Float(f) => out.push_str(&format_float(*f)),
        Literal::Str(s) => {
            out.push('"');
            push_escaped(out, s, true);
            out.push('"');
        }
    }
}

/// Binding strength, weakest first (Python's operator precedence table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Lambda,
    IfThenElse,
    Or,
    And,
    Not,
    Comparison,
    BitOr,
    BitXor,
    BitAnd,
    Shift,
    Add,
    Mult,
    Unary,
    Exp,
    /// Atoms, attribute access, indexing, calls.
    Identity,
}

fn op_prec(op: OpKind) -> Prec {
    use OpKind::*;
    match op {
        USub | Invert => Prec::Unary,
        Not => Prec::Not,
        Add | Sub => Prec::Add,
        Mult | Div | FloorDiv | Mod | MatMul => Prec::Mult,
        Pow => Prec::Exp,
        LShift | RShift => Prec::Shift,
        BitAnd => Prec::BitAnd,
        BitOr => Prec::BitOr,
        BitXor => Prec::BitXor,
        Lt | LtE | Eq | NotEq | Gt | GtE => Prec::Comparison,
        And => Prec::And,
        Or => Prec::Or,
        IfThenElse => Prec::IfThenElse,
    }
}

fn prec(doc: &ExprDoc) -> Prec {
    match &doc.kind {
        ExprKind::Operation { op, .. } => op_prec(*op),
        ExprKind::Lambda { .. } => Prec::Lambda,
        _ => Prec::Identity,
    }
}

type Span = (usize, usize);

struct PyPrinter<'a> {
    out: String,
    indent: usize,
    indent_step: usize,
    /// Byte offset of each line's first character. Blank lines written without
    /// indentation (after a function, inside a docstring) are not recorded, as in TVM:
    /// line numbers count them as part of the line before.
    line_starts: Vec<usize>,
    /// Newlines, indentation and comments are never underlined.
    exempt: Vec<Span>,
    /// Whether `line_starts` and `exempt` are needed (underlines or line numbers);
    /// plain printing skips recording them.
    decorated: bool,
    cfg: &'a PrinterConfig,
    targets: &'a [AccessPath],
    /// Per target: the depth of the deepest doc path found that is a prefix of the
    /// target, that path, and the spans of the docs carrying it.
    best_depth: Vec<usize>,
    visible: Vec<Option<AccessPath>>,
    candidates: Vec<Vec<Span>>,
}

impl<'a> PyPrinter<'a> {
    fn new(cfg: &'a PrinterConfig, targets: &'a [AccessPath]) -> Self {
        PyPrinter {
            out: String::new(),
            indent: 0,
            indent_step: cfg.indent_spaces,
            line_starts: vec![0],
            exempt: Vec::new(),
            decorated: !targets.is_empty() || cfg.print_line_numbers,
            cfg,
            targets,
            best_depth: vec![0; targets.len()],
            visible: vec![None; targets.len()],
            candidates: vec![Vec::new(); targets.len()],
        }
    }

    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn new_line(&mut self) {
        let start = self.out.len();
        self.out.push('\n');
        if self.decorated {
            self.line_starts.push(self.out.len());
        }
        self.push_indent();
        self.exempt_from(start);
    }

    fn push_indent(&mut self) {
        let mut n = self.indent;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    /// Never underline the text written since `start`.
    fn exempt_from(&mut self, start: usize) {
        if self.decorated {
            self.exempt.push((start, self.out.len()));
        }
    }

    fn new_line_without_indent(&mut self) {
        let start = self.out.len();
        self.out.push('\n');
        self.exempt_from(start);
    }

    /// Record the span of a doc for every target path its source paths lead to.
    fn mark(&mut self, span: Span, paths: &[AccessPath]) {
        for path in paths {
            for (i, target) in self.targets.iter().enumerate() {
                let depth = path.len();
                if depth >= self.best_depth[i] && target.starts_with(path) {
                    if depth > self.best_depth[i] || self.visible[i].is_none() {
                        self.best_depth[i] = depth;
                        self.visible[i] = Some(path.clone());
                        self.candidates[i].clear();
                    }
                    self.candidates[i].push(span);
                }
            }
        }
    }

    fn doc(&mut self, doc: &Doc) -> Result<()> {
        match doc {
            Doc::Expr(e) => self.expr(e),
            Doc::Stmt(s) => self.stmt(s),
            Doc::Block(b) => self.block(b),
        }
    }

    // ---- expressions ----------------------------------------------------------------

    fn expr(&mut self, doc: &ExprDoc) -> Result<()> {
        let start = self.out.len();
        self.expr_inner(doc)?;
        if !self.targets.is_empty() {
            self.mark((start, self.out.len()), &doc.source_paths);
        }
        Ok(())
    }

    fn child(&mut self, doc: &ExprDoc, parent: Prec, parens_on_equal: bool) -> Result<()> {
        let p = prec(doc);
        if p < parent || (parens_on_equal && p == parent) {
            self.w("(");
            self.expr(doc)?;
            self.w(")");
            Ok(())
        } else {
            self.expr(doc)
        }
    }

    fn joined(&mut self, docs: &[ExprDoc], sep: &str) -> Result<()> {
        for (i, d) in docs.iter().enumerate() {
            if i > 0 {
                self.w(sep);
            }
            self.expr(d)?;
        }
        Ok(())
    }

    fn expr_inner(&mut self, doc: &ExprDoc) -> Result<()> {
        match &doc.kind {
            ExprKind::Literal(lit) => {
                push_literal(&mut self.out, lit);
            }
            ExprKind::Id(name) => self.w(name),
            ExprKind::Attr { value, name } => {
                self.child(value, Prec::Identity, false)?;
                self.w(".");
                self.w(name);
            }
            ExprKind::Index { value, indices } => {
                self.child(value, Prec::Identity, false)?;
                if indices.is_empty() {
                    self.w("[()]");
                } else {
                    self.w("[");
                    self.joined(indices, ", ")?;
                    self.w("]");
                }
            }
            ExprKind::Operation { op, operands } => self.operation(*op, operands)?,
            ExprKind::Call { callee, args, kwargs } => {
                self.child(callee, Prec::Identity, false)?;
                self.w("(");
                self.joined(args, ", ")?;
                for (i, (key, value)) in kwargs.iter().enumerate() {
                    if i > 0 || !args.is_empty() {
                        self.w(", ");
                    }
                    self.w(key);
                    self.w("=");
                    self.expr(value)?;
                }
                self.w(")");
            }
            ExprKind::Lambda { args, body } => {
                self.w("lambda ");
                self.joined(args, ", ")?;
                self.w(": ");
                self.child(body, Prec::Lambda, false)?;
            }
            ExprKind::Tuple(elements) => {
                self.w("(");
                if elements.len() == 1 {
                    self.expr(&elements[0])?;
                    self.w(",");
                } else {
                    self.joined(elements, ", ")?;
                }
                self.w(")");
            }
            ExprKind::List(elements) => {
                self.w("[");
                self.joined(elements, ", ")?;
                self.w("]");
            }
            ExprKind::Dict(items) => {
                self.w("{");
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.expr(k)?;
                    self.w(": ");
                    self.expr(v)?;
                }
                self.w("}");
            }
            ExprKind::Slice { start, stop, step } => {
                if let Some(s) = start {
                    self.expr(s)?;
                }
                self.w(":");
                if let Some(s) = stop {
                    self.expr(s)?;
                }
                if let Some(s) = step {
                    self.w(":");
                    self.expr(s)?;
                }
            }
        }
        Ok(())
    }

    fn operation(&mut self, op: OpKind, operands: &[ExprDoc]) -> Result<()> {
        if operands.len() != op.arity() {
            return Err(Error::value_error(format!(
                "operator {op:?} takes {} operands, but got {}",
                op.arity(),
                operands.len()
            )));
        }
        let p = op_prec(op);
        if op.is_unary() {
            self.w(op.token());
            self.child(&operands[0], p, false)
        } else if op == OpKind::Pow {
            // Right-associative, and binds less tightly than a unary operator on its right.
            self.child(&operands[0], p, true)?;
            self.w(" ** ");
            self.child(&operands[1], Prec::Unary, false)
        } else if op == OpKind::IfThenElse {
            self.child(&operands[1], p, false)?;
            self.w(" if ");
            self.child(&operands[0], p, true)?;
            self.w(" else ");
            self.child(&operands[2], p, true)
        } else {
            self.child(&operands[0], p, false)?;
            self.w(" ");
            self.w(op.token());
            self.w(" ");
            self.child(&operands[1], p, true)
        }
    }

    // ---- statements -----------------------------------------------------------------

    fn block(&mut self, doc: &StmtBlockDoc) -> Result<()> {
        let start = self.out.len();
        for (i, stmt) in doc.stmts.iter().enumerate() {
            self.stmt(stmt)?;
            if i + 1 != doc.stmts.len() {
                self.new_line();
            }
        }
        if !self.targets.is_empty() {
            self.mark((start, self.out.len()), &doc.source_paths);
        }
        Ok(())
    }

    fn stmt(&mut self, doc: &StmtDoc) -> Result<()> {
        let start = self.out.len();
        self.stmt_inner(doc)?;
        if !self.targets.is_empty() {
            self.mark((start, self.out.len()), &doc.source_paths);
        }
        Ok(())
    }

    /// Statements of a block, each on a new line at the current indentation.
    fn lines(&mut self, stmts: &[StmtDoc]) -> Result<()> {
        for s in stmts {
            self.new_line();
            self.stmt(s)?;
        }
        Ok(())
    }

    fn indented_block(&mut self, stmts: &[StmtDoc]) -> Result<()> {
        self.indent += self.indent_step;
        self.lines(stmts)?;
        if stmts.is_empty() {
            self.new_line();
            self.w("pass");
        }
        self.indent -= self.indent_step;
        Ok(())
    }

    fn comment_inline(&mut self, doc: &StmtDoc) -> Result<()> {
        if let Some(c) = &doc.comment {
            if c.contains('\n') {
                return Err(Error::value_error(format!(
                    "Check failed: (!has_newline) is false: the comment string of script.printer.{} cannot have newline.",
                    stmt_kind_name(&doc.kind)
                )));
            }
            let start = self.out.len();
            self.w("  # ");
            self.w(c);
            self.exempt_from(start);
        }
        Ok(())
    }

    fn comment_lines(&mut self, comment: Option<&str>, new_line_after: bool) {
        if let Some(c) = comment {
            let start = self.out.len();
            for (i, line) in split_lines(c).enumerate() {
                if i > 0 {
                    self.new_line();
                }
                self.w("# ");
                self.w(line);
            }
            self.exempt_from(start);
            if new_line_after {
                self.new_line();
            }
        }
    }

    fn doc_string(&mut self, text: &str) {
        let start = self.out.len();
        self.w("\"\"\"");
        for line in split_lines(text) {
            if line.is_empty() {
                // Empty lines carry no indentation.
                self.out.push('\n');
            } else {
                self.new_line();
                self.w(line);
            }
        }
        self.new_line();
        self.w("\"\"\"");
        self.exempt_from(start);
    }

    fn block_comment(&mut self, text: &str) {
        self.indent += self.indent_step;
        self.new_line();
        self.doc_string(text);
        self.indent -= self.indent_step;
    }

    fn decorators(&mut self, decorators: &[ExprDoc]) -> Result<()> {
        for d in decorators {
            self.w("@");
            self.expr(d)?;
            self.new_line();
        }
        Ok(())
    }

    /// A tuple target prints bare (`a, b = ...`).
    fn target(&mut self, lhs: &ExprDoc) -> Result<()> {
        match &lhs.kind {
            ExprKind::Tuple(elements) => self.joined(elements, ", "),
            _ => self.expr(lhs),
        }
    }

    fn stmt_inner(&mut self, doc: &StmtDoc) -> Result<()> {
        match &doc.kind {
            StmtKind::Assign { lhs, rhs, annotation } => {
                self.target(lhs)?;
                if let Some(a) = annotation {
                    self.w(": ");
                    self.expr(a)?;
                }
                if let Some(rhs) = rhs {
                    self.w(" = ");
                    match &rhs.kind {
                        ExprKind::Tuple(elements) if elements.len() > 1 => self.joined(elements, ", ")?,
                        _ => self.expr(rhs)?,
                    }
                }
                self.comment_inline(doc)?;
            }
            StmtKind::If { predicate, then_branch, else_branch } => {
                self.comment_lines(doc.comment.as_deref(), true);
                self.w("if ");
                self.expr(predicate)?;
                self.w(":");
                self.indented_block(then_branch)?;
                if !else_branch.is_empty() {
                    self.new_line();
                    self.w("else:");
                    self.indented_block(else_branch)?;
                }
            }
            StmtKind::While { predicate, body } => {
                self.comment_lines(doc.comment.as_deref(), true);
                self.w("while ");
                self.expr(predicate)?;
                self.w(":");
                self.indented_block(body)?;
            }
            StmtKind::For { lhs, rhs, body } => {
                self.comment_lines(doc.comment.as_deref(), true);
                self.w("for ");
                match &lhs.kind {
                    ExprKind::Tuple(elements) if elements.len() == 1 => {
                        self.expr(&elements[0])?;
                        self.w(",");
                    }
                    _ => self.target(lhs)?,
                }
                self.w(" in ");
                self.expr(rhs)?;
                self.w(":");
                self.indented_block(body)?;
            }
            StmtKind::Scope { lhs, rhs, body } => {
                self.comment_lines(doc.comment.as_deref(), true);
                self.w("with ");
                self.expr(rhs)?;
                if let Some(lhs) = lhs {
                    self.w(" as ");
                    self.expr(lhs)?;
                }
                self.w(":");
                self.indented_block(body)?;
            }
            StmtKind::Expr(e) => {
                self.expr(e)?;
                self.comment_inline(doc)?;
            }
            StmtKind::Assert { test, msg } => {
                self.w("assert ");
                self.expr(test)?;
                if let Some(m) = msg {
                    self.w(", ");
                    self.expr(m)?;
                }
                self.comment_inline(doc)?;
            }
            StmtKind::Return(value) => {
                self.w("return ");
                self.expr(value)?;
                self.comment_inline(doc)?;
            }
            StmtKind::Function(f) => {
                if f.args.iter().any(|a| a.comment.is_some()) {
                    return Err(Error::value_error("a function parameter cannot have a comment"));
                }
                self.decorators(&f.decorators)?;
                self.w("def ");
                self.expr(&f.name)?;
                if !f.type_params.is_empty() {
                    self.w("[");
                    for (i, t) in f.type_params.iter().enumerate() {
                        if i > 0 {
                            self.w(", ");
                        }
                        self.doc(t)?;
                    }
                    self.w("]");
                }
                self.w("(");
                for (i, a) in f.args.iter().enumerate() {
                    if i > 0 {
                        self.w(", ");
                    }
                    self.stmt(a)?;
                }
                self.w(")");
                if let Some(r) = &f.return_type {
                    self.w(" -> ");
                    self.expr(r)?;
                }
                self.w(":");
                if let Some(c) = &doc.comment {
                    self.block_comment(c);
                }
                self.indented_block(&f.body)?;
                // A blank line after every function definition.
                self.new_line_without_indent();
            }
            StmtKind::Class(c) => {
                self.decorators(&c.decorators)?;
                self.w("class ");
                self.expr(&c.name)?;
                self.w(":");
                if let Some(text) = &doc.comment {
                    self.block_comment(text);
                }
                self.indented_block(&c.body)?;
            }
            StmtKind::Comment => self.comment_lines(doc.comment.as_deref(), false),
            StmtKind::DocString => {
                if let Some(text) = doc.comment.as_deref().filter(|t| !t.is_empty()) {
                    self.doc_string(text);
                }
            }
            StmtKind::Break => self.w("break"),
            StmtKind::Continue => self.w("continue"),
            StmtKind::Formatted { text, indent, .. } => self.formatted(text, *indent),
        }
        Ok(())
    }

    /// Text formatted ahead at `indent` spaces, moved to the current indentation
    /// (every line the printer indents starts with those spaces; blank lines stay).
    fn formatted(&mut self, text: &str, indent: usize) {
        if indent == self.indent && !self.decorated {
            self.w(text);
            return;
        }
        for (i, line) in text.split('\n').enumerate() {
            if i == 0 {
                self.w(line);
                continue;
            }
            if line.is_empty() {
                self.new_line_without_indent();
                continue;
            }
            self.new_line();
            let indented = line.len() >= indent && line.as_bytes()[..indent].iter().all(|&b| b == b' ');
            self.w(if indented { &line[indent..] } else { line });
        }
    }

    // ---- decoration -----------------------------------------------------------------

    fn finish(self) -> String {
        let mut text = self.out;
        // Drop trailing indentation, end with exactly the newline the text has or one.
        let trimmed = text.trim_end_matches(' ').len();
        text.truncate(trimmed);
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        if !self.decorated {
            // Nothing to number or underline: the text is the script.
            if text.ends_with('\n') {
                text.pop();
            }
            return text;
        }
        let spans: Vec<Span> = self.candidates.iter().flatten().copied().collect();
        let underlines = merge_and_exempt(&spans, &self.exempt);
        let mut script = decorate(&text, &self.line_starts, self.cfg, &underlines);
        if script.ends_with('\n') {
            script.pop();
        }
        if !self.cfg.render_invisible_path_info || self.targets.is_empty() {
            return script;
        }
        let mut head = String::new();
        for (i, target) in self.targets.iter().enumerate() {
            if i > 0 {
                head.push('\n');
            }
            head.push_str(&format!("Access path: {target}"));
            match &self.visible[i] {
                None => head.push_str("\nNote: No visible object for this path is rendered in TVMScript."),
                Some(v) if v != target => {
                    head.push_str("\nNote: The underlined object is the nearest visible parent of this path.")
                }
                Some(_) => {}
            }
        }
        head.push_str("\n\n");
        head.push_str(&script);
        head
    }
}

/// The doc class TVM names in a message about a statement (`AssignDoc`).
fn stmt_kind_name(kind: &StmtKind) -> &'static str {
    match kind {
        StmtKind::Assign { .. } => "AssignDoc",
        StmtKind::If { .. } => "IfDoc",
        StmtKind::While { .. } => "WhileDoc",
        StmtKind::For { .. } => "ForDoc",
        StmtKind::Scope { .. } => "ScopeDoc",
        StmtKind::Expr(_) => "ExprStmtDoc",
        StmtKind::Assert { .. } => "AssertDoc",
        StmtKind::Return(_) => "ReturnDoc",
        StmtKind::Function(_) => "FunctionDoc",
        StmtKind::Class(_) => "ClassDoc",
        StmtKind::Comment => "CommentDoc",
        StmtKind::DocString => "DocStringDoc",
        StmtKind::Break => "BreakDoc",
        StmtKind::Continue => "ContinueDoc",
        StmtKind::Formatted { .. } => "StmtDoc",
    }
}

/// Split on `\n` like C++'s `getline` loop: a trailing empty piece is dropped, so
/// `""` has no lines and `"a\n"` has one.
fn split_lines(s: &str) -> impl Iterator<Item = &str> {
    let body = s.strip_suffix('\n').unwrap_or(s);
    let none = s.is_empty();
    body.split('\n').filter(move |_| !none)
}

/// Union of `spans` minus `exempt`, as sorted disjoint spans (adjacent ones merged).
fn merge_and_exempt(spans: &[Span], exempt: &[Span]) -> Vec<Span> {
    if spans.is_empty() {
        return Vec::new();
    }
    // Sweep over +1/-1 stamps; an exemption weighs more than all spans together.
    let heavy = spans.len() as i64 + 1;
    let mut stamps: Vec<(usize, i64)> = Vec::with_capacity(2 * (spans.len() + exempt.len()));
    for &(a, b) in spans {
        stamps.push((a, 1));
        stamps.push((b, -1));
    }
    for &(a, b) in exempt {
        stamps.push((a, -heavy));
        stamps.push((b, heavy));
    }
    stamps.sort_unstable();
    let mut out: Vec<Span> = Vec::new();
    let mut sum = 0i64;
    for i in 0..stamps.len() - 1 {
        sum += stamps[i].1;
        let (here, next) = (stamps[i].0, stamps[i + 1].0);
        if sum > 0 && here < next {
            match out.last_mut() {
                Some(last) if last.1 == here => last.1 = next,
                _ => out.push((here, next)),
            }
        }
    }
    out
}

/// Printable width of `text[a..b]` (ASCII only, as TVM).
fn text_width(text: &[u8], a: usize, b: usize) -> usize {
    if a >= b {
        return 0;
    }
    text[a..b.min(text.len())].iter().filter(|c| (b' '..=b'~').contains(*c)).count()
}

fn line_index(pos: usize, line_starts: &[usize]) -> usize {
    line_starts.partition_point(|&s| s <= pos).saturating_sub(1)
}

/// Lines between two chunks shorter than this are printed rather than elided.
const MIN_LINES_TO_CUT: usize = 2;

fn decorate(text: &str, line_starts: &[usize], cfg: &PrinterConfig, underlines: &[Span]) -> String {
    let num_lines = if line_starts.last() == Some(&text.len()) { line_starts.len() - 1 } else { line_starts.len() };
    let number_width = if cfg.print_line_numbers { num_lines.to_string().len() + 1 } else { 0 };
    let ctx = cfg.num_context_lines.unwrap_or(usize::MAX);
    let chunk = Chunker { text, line_starts, cfg, number_width };
    let mut out = String::with_capacity(text.len() + 16);
    if underlines.is_empty() {
        chunk.print(&mut out, (0, num_lines), &[]);
        return out;
    }
    let lines_of = |u: Span| -> (usize, usize) {
        let first = line_index(u.0, line_starts);
        let end = line_index(u.1.saturating_sub(1), line_starts) + 1;
        let end_chunk = if ctx > num_lines.saturating_sub(end) { num_lines } else { end + ctx };
        (first.saturating_sub(ctx), end_chunk)
    };
    let mut last_end = 0;
    let mut cur = lines_of(underlines[0]);
    if cur.0 < MIN_LINES_TO_CUT {
        cur.0 = 0;
    }
    let mut first_in_cur = 0;
    for (i, &u) in underlines.iter().enumerate().skip(1) {
        let next = lines_of(u);
        if next.0 < cur.1 + MIN_LINES_TO_CUT {
            cur.1 = next.1;
        } else {
            print_cut(&mut out, cur.0.saturating_sub(last_end));
            chunk.print(&mut out, cur, &underlines[first_in_cur..i]);
            last_end = cur.1;
            cur = next;
            first_in_cur = i;
        }
    }
    print_cut(&mut out, cur.0.saturating_sub(last_end));
    if num_lines.saturating_sub(cur.1) < MIN_LINES_TO_CUT {
        cur.1 = num_lines;
    }
    chunk.print(&mut out, cur, &underlines[first_in_cur..]);
    print_cut(&mut out, num_lines.saturating_sub(cur.1));
    out
}

fn print_cut(out: &mut String, skipped: usize) {
    if skipped != 0 {
        out.push_str(&format!("(... {skipped} lines skipped ...)\n"));
    }
}

struct Chunker<'a> {
    text: &'a str,
    line_starts: &'a [usize],
    cfg: &'a PrinterConfig,
    number_width: usize,
}

impl Chunker<'_> {
    /// Print lines `[lines.0, lines.1)`, each followed by a caret line if underlined.
    fn print(&self, out: &mut String, lines: (usize, usize), underlines: &[Span]) {
        let bytes = self.text.as_bytes();
        let mut pending = underlines.iter().copied();
        let none = (usize::MAX, usize::MAX);
        let mut cur = pending.next().unwrap_or(none);
        for line in lines.0..lines.1 {
            if self.cfg.print_line_numbers {
                let num = format!("{} ", line + 1);
                for _ in num.len()..self.number_width {
                    out.push(' ');
                }
                out.push_str(&num);
            }
            let start = self.line_starts[line];
            let end = if line + 1 == self.line_starts.len() { self.text.len() } else { self.line_starts[line + 1] };
            out.push_str(&self.text[start..end]);

            let mut printed = false;
            let mut pos = start;
            // An empty underline still gets one caret; the next run gives the column back.
            let mut extra_caret = false;
            while cur.0 < end {
                if !printed {
                    out.extend(std::iter::repeat_n(' ', self.number_width));
                    printed = true;
                }
                let stop = end.min(cur.1);
                let mut spaces = text_width(bytes, pos, cur.0);
                if spaces > 0 && extra_caret {
                    spaces -= 1;
                    extra_caret = false;
                }
                out.extend(std::iter::repeat_n(' ', spaces));
                let mut carets = text_width(bytes, cur.0, stop);
                if carets == 0 && !extra_caret {
                    carets = 1;
                    extra_caret = true;
                } else if carets > 0 && extra_caret {
                    carets -= 1;
                    extra_caret = false;
                }
                out.extend(std::iter::repeat_n('^', carets));
                pos = stop;
                cur.0 = stop;
                if cur.0 >= cur.1 {
                    cur = pending.next().unwrap_or(none);
                }
            }
            if printed {
                out.push('\n');
            }
        }
    }
}
