//! Python AST -> Python source text.
//!
//! RustPython 0.5 compiles ASTs but cannot print them, and `tvmscript transpile` has to
//! show the builder program. The layout follows CPython's `ast.unparse` (a blank line
//! before each `def`/`class`, docstrings in triple quotes, `repr`-style string quoting,
//! tuples parenthesized outside targets and subscripts) while operator parentheses are
//! the minimal ones the grammar needs. Everything the ruff AST distinguishes is kept
//! (`elif` vs `else: if`, `(x): int`, f-string debug text), so parsing the output gives
//! back the same AST up to source ranges.
//!
//! The printer never fails: an AST no parser could produce (empty body, `cause` without
//! exception, ...) still prints as the closest text.

use rustpython_vm::compiler::ast::{
    self, BoolOp, CmpOp, ConversionFlag, Expr, InterpolatedElement, InterpolatedStringElement, Number, Operator,
    Parameters, Pattern, Stmt, TypeParam, UnaryOp,
};
use rustpython_vm::literal::char::is_printable;
use rustpython_vm::literal::float as pyfloat;

/// The source text of a module, one statement per line, ending in a newline.
pub fn unparse_module(m: &ast::ModModule) -> String {
    unparse_stmts(&m.body)
}

/// The source text of a statement list at indentation level zero.
pub fn unparse_stmts(body: &[Stmt]) -> String {
    let mut w = StmtWriter::default();
    w.body_with_docstring(body);
    if !w.out.is_empty() {
        w.out.push('\n');
    }
    w.out
}

/// The source text of one expression, parenthesized as an expression statement needs
/// (`(a, b)`, `(x := 1)`; `yield x` stays bare).
pub fn unparse_expr(e: &Expr) -> String {
    expr_text(e, Prec::Yield)
}

// ---------------------------------------------------------------------------------------
// Precedence

/// Binding strength, loosest first (CPython's `_Precedence`). As the precedence of an
/// expression it says how tightly the expression binds; as the precedence of a slot it
/// says how tightly an expression must bind to sit there without parentheses.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Prec {
    /// `x := y`. As a slot: a `named_expression` position (call argument, list element,
    /// `if` test), which takes `x := y` but neither a bare tuple nor `yield`.
    Named,
    Tuple,
    Yield,
    /// `lambda`, `a if b else c`.
    Test,
    Or,
    And,
    Not,
    Cmp,
    Bor,
    Bxor,
    Band,
    Shift,
    Arith,
    Term,
    /// Unary `+`, `-`, `~`.
    Factor,
    Power,
    Await,
    Atom,
}

impl Prec {
    fn next(self) -> Prec {
        use Prec::*;
        match self {
            Named => Tuple,
            Tuple => Yield,
            Yield => Test,
            Test => Or,
            Or => And,
            And => Not,
            Not => Cmp,
            Cmp => Bor,
            Bor => Bxor,
            Bxor => Band,
            Band => Shift,
            Shift => Arith,
            Arith => Term,
            Term => Factor,
            Factor => Power,
            Power => Await,
            Await | Atom => Atom,
        }
    }
}

fn needs_parens(own: Prec, slot: Prec) -> bool {
    match slot {
        Prec::Named => own != Prec::Named && own < Prec::Test,
        _ => own < slot,
    }
}

fn operator_prec(op: Operator) -> Prec {
    match op {
        Operator::Add | Operator::Sub => Prec::Arith,
        Operator::Mult | Operator::MatMult | Operator::Div | Operator::Mod | Operator::FloorDiv => Prec::Term,
        Operator::Pow => Prec::Power,
        Operator::LShift | Operator::RShift => Prec::Shift,
        Operator::BitOr => Prec::Bor,
        Operator::BitXor => Prec::Bxor,
        Operator::BitAnd => Prec::Band,
    }
}

fn operator_str(op: Operator) -> &'static str {
    match op {
        Operator::Add => "+",
        Operator::Sub => "-",
        Operator::Mult => "*",
        Operator::MatMult => "@",
        Operator::Div => "/",
        Operator::Mod => "%",
        Operator::Pow => "**",
        Operator::LShift => "<<",
        Operator::RShift => ">>",
        Operator::BitOr => "|",
        Operator::BitXor => "^",
        Operator::BitAnd => "&",
        Operator::FloorDiv => "//",
    }
}

fn cmp_str(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::NotEq => "!=",
        CmpOp::Lt => "<",
        CmpOp::LtE => "<=",
        CmpOp::Gt => ">",
        CmpOp::GtE => ">=",
        CmpOp::Is => "is",
        CmpOp::IsNot => "is not",
        CmpOp::In => "in",
        CmpOp::NotIn => "not in",
    }
}

fn precedence(e: &Expr) -> Prec {
    match e {
        Expr::BoolOp(b) => match b.op {
            BoolOp::And => Prec::And,
            BoolOp::Or => Prec::Or,
        },
        Expr::Named(_) => Prec::Named,
        Expr::BinOp(b) => operator_prec(b.op),
        Expr::UnaryOp(u) => match u.op {
            UnaryOp::Not => Prec::Not,
            _ => Prec::Factor,
        },
        Expr::Lambda(_) | Expr::If(_) => Prec::Test,
        Expr::Await(_) => Prec::Await,
        Expr::Yield(_) | Expr::YieldFrom(_) => Prec::Yield,
        Expr::Compare(_) => Prec::Cmp,
        Expr::Tuple(t) if !t.elts.is_empty() => Prec::Tuple,
        Expr::NumberLiteral(n) => number_prec(&n.value),
        _ => Prec::Atom,
    }
}

// ---------------------------------------------------------------------------------------
// Expressions

fn expr_text(e: &Expr, slot: Prec) -> String {
    let mut w = ExprWriter::default();
    w.expr(e, slot);
    w.out
}

#[derive(Default)]
struct ExprWriter {
    out: String,
    /// Open brackets written so far.
    depth: u32,
    /// A `lambda` or `:=` was written outside any bracket: its colon would end an
    /// f-string replacement field.
    bare_colon: bool,
}

impl ExprWriter {
    fn open(&mut self, s: &str) {
        self.out.push_str(s);
        self.depth += 1;
    }

    fn close(&mut self, s: &str) {
        self.out.push_str(s);
        self.depth = self.depth.saturating_sub(1);
    }

    fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn expr(&mut self, e: &Expr, slot: Prec) {
        let parens = needs_parens(precedence(e), slot);
        if parens {
            self.open("(");
        }
        self.expr_bare(e);
        if parens {
            self.close(")");
        }
    }

    fn comma_list<'a>(&mut self, items: impl IntoIterator<Item = &'a Expr>, slot: Prec) {
        for (i, e) in items.into_iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.expr(e, slot);
        }
    }

    fn expr_bare(&mut self, e: &Expr) {
        match e {
            Expr::BoolOp(b) => {
                let (word, own) = match b.op {
                    BoolOp::And => (" and ", Prec::And),
                    BoolOp::Or => (" or ", Prec::Or),
                };
                for (i, v) in b.values.iter().enumerate() {
                    if i > 0 {
                        self.write(word);
                    }
                    self.expr(v, own.next());
                }
            }
            Expr::Named(n) => {
                if self.depth == 0 {
                    self.bare_colon = true;
                }
                self.expr(&n.target, Prec::Atom);
                self.write(" := ");
                self.expr(&n.value, Prec::Test);
            }
            Expr::BinOp(b) => {
                let own = operator_prec(b.op);
                // `**` is right-associative and takes a unary operand on its right: `2 ** -x`.
                let (left, right) = if b.op == Operator::Pow { (Prec::Await, Prec::Factor) } else { (own, own.next()) };
                self.expr(&b.left, left);
                self.write(" ");
                self.write(operator_str(b.op));
                self.write(" ");
                self.expr(&b.right, right);
            }
            Expr::UnaryOp(u) => {
                let (word, slot) = match u.op {
                    UnaryOp::Not => ("not ", Prec::Not),
                    UnaryOp::Invert => ("~", Prec::Factor),
                    UnaryOp::UAdd => ("+", Prec::Factor),
                    UnaryOp::USub => ("-", Prec::Factor),
                };
                self.write(word);
                self.expr(&u.operand, slot);
            }
            Expr::Lambda(l) => {
                if self.depth == 0 {
                    self.bare_colon = true;
                }
                self.write("lambda");
                if let Some(p) = &l.parameters {
                    let text = parameters_text(p);
                    if !text.is_empty() {
                        self.write(" ");
                        self.write(&text);
                    }
                }
                self.write(": ");
                self.expr(&l.body, Prec::Test);
            }
            Expr::If(i) => {
                self.expr(&i.body, Prec::Or);
                self.write(" if ");
                self.expr(&i.test, Prec::Or);
                self.write(" else ");
                self.expr(&i.orelse, Prec::Test);
            }
            Expr::Dict(d) => {
                self.open("{");
                for (i, item) in d.items.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    match &item.key {
                        Some(k) => {
                            self.expr(k, Prec::Test);
                            self.write(": ");
                            self.expr(&item.value, Prec::Test);
                        }
                        None => {
                            self.write("**");
                            self.expr(&item.value, Prec::Bor);
                        }
                    }
                }
                self.close("}");
            }
            Expr::Set(s) => {
                if s.elts.is_empty() {
                    // `{}` is a dict, and `set()` may be shadowed.
                    self.write("{*()}");
                } else {
                    self.open("{");
                    self.comma_list(&s.elts, Prec::Named);
                    self.close("}");
                }
            }
            Expr::ListComp(c) => {
                self.open("[");
                self.expr(&c.elt, Prec::Named);
                self.comprehensions(&c.generators);
                self.close("]");
            }
            Expr::SetComp(c) => {
                self.open("{");
                self.expr(&c.elt, Prec::Named);
                self.comprehensions(&c.generators);
                self.close("}");
            }
            Expr::DictComp(c) => {
                self.open("{");
                self.expr(&c.key, Prec::Test);
                self.write(": ");
                self.expr(&c.value, Prec::Test);
                self.comprehensions(&c.generators);
                self.close("}");
            }
            Expr::Generator(g) => {
                self.open("(");
                self.generator_inner(g);
                self.close(")");
            }
            Expr::Await(a) => {
                self.write("await ");
                self.expr(&a.value, Prec::Atom);
            }
            Expr::Yield(y) => {
                self.write("yield");
                if let Some(v) = &y.value {
                    self.write(" ");
                    self.expr(v, Prec::Test);
                }
            }
            Expr::YieldFrom(y) => {
                self.write("yield from ");
                self.expr(&y.value, Prec::Test);
            }
            Expr::Compare(c) => {
                self.expr(&c.left, Prec::Bor);
                for (op, right) in c.ops.iter().zip(c.comparators.iter()) {
                    self.write(" ");
                    self.write(cmp_str(*op));
                    self.write(" ");
                    self.expr(right, Prec::Bor);
                }
            }
            Expr::Call(c) => {
                self.expr(&c.func, Prec::Atom);
                self.arguments(&c.arguments);
            }
            Expr::FString(f) if f.value.iter().any(|p| matches!(p, ast::FStringPart::Literal(l) if l.value.is_empty())) => {
                // An empty `''` part is an element of its own in the ruff AST: keep the
                // concatenation rather than lose it by joining.
                for (i, part) in f.value.iter().enumerate() {
                    if i > 0 {
                        self.write(" ");
                    }
                    match part {
                        ast::FStringPart::Literal(l) => self.write(&str_repr(&l.value)),
                        ast::FStringPart::FString(s) => {
                            let mut pieces = Vec::new();
                            interpolated_pieces(&s.elements, &mut pieces);
                            self.write(&interpolated_string_text('f', &pieces));
                        }
                    }
                }
            }
            Expr::FString(f) => {
                let mut pieces = Vec::new();
                for part in f.value.iter() {
                    match part {
                        ast::FStringPart::Literal(l) => push_literal(&mut pieces, &l.value),
                        ast::FStringPart::FString(s) => interpolated_pieces(&s.elements, &mut pieces),
                    }
                }
                self.write(&interpolated_string_text('f', &pieces));
            }
            Expr::TString(t) => {
                let mut pieces = Vec::new();
                for part in t.value.iter() {
                    interpolated_pieces(&part.elements, &mut pieces);
                }
                self.write(&interpolated_string_text('t', &pieces));
            }
            Expr::StringLiteral(s) => {
                let unicode = s.value.iter().next().is_some_and(|p| p.flags.prefix().is_unicode());
                if unicode {
                    self.write("u");
                }
                self.write(&str_repr(s.value.to_str()));
            }
            Expr::BytesLiteral(b) => {
                let bytes: Vec<u8> = b.value.bytes().collect();
                self.write(&bytes_repr(&bytes));
            }
            Expr::NumberLiteral(n) => self.write(&number_text(&n.value)),
            Expr::BooleanLiteral(b) => self.write(if b.value { "True" } else { "False" }),
            Expr::NoneLiteral(_) => self.write("None"),
            Expr::EllipsisLiteral(_) => self.write("..."),
            Expr::Attribute(a) => {
                self.expr(&a.value, Prec::Atom);
                // `1.real` would lex as the float `1.` followed by a name.
                if let Expr::NumberLiteral(ast::ExprNumberLiteral { value: Number::Int(_), .. }) = a.value.as_ref() {
                    self.write(" ");
                }
                self.write(".");
                self.write(a.attr.as_str());
            }
            Expr::Subscript(s) => {
                self.expr(&s.value, Prec::Atom);
                self.open("[");
                match s.slice.as_ref() {
                    Expr::Tuple(t) if !t.elts.is_empty() => self.tuple_items(&t.elts),
                    other => self.slice_item(other),
                }
                self.close("]");
            }
            Expr::Starred(s) => {
                self.write("*");
                self.expr(&s.value, Prec::Bor);
            }
            Expr::Name(n) => self.write(n.id.as_str()),
            Expr::List(l) => {
                self.open("[");
                self.comma_list(&l.elts, Prec::Named);
                self.close("]");
            }
            Expr::Tuple(t) => {
                if t.elts.is_empty() {
                    self.write("()");
                } else {
                    self.tuple_items(&t.elts);
                }
            }
            Expr::Slice(s) => {
                if let Some(lower) = &s.lower {
                    self.expr(lower, Prec::Test);
                }
                self.write(":");
                if let Some(upper) = &s.upper {
                    self.expr(upper, Prec::Test);
                }
                if let Some(step) = &s.step {
                    self.write(":");
                    self.expr(step, Prec::Test);
                }
            }
            Expr::IpyEscapeCommand(c) => {
                self.write(c.kind.as_str());
                self.write(&c.value);
            }
        }
    }

    /// Tuple elements without the parentheses; one element keeps its comma.
    fn tuple_items(&mut self, elts: &[Expr]) {
        for (i, e) in elts.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.slice_item(e);
        }
        if elts.len() == 1 {
            self.write(",");
        }
    }

    /// An element of a tuple or subscript: slices (`a[1:2, ::3]`) print bare.
    fn slice_item(&mut self, e: &Expr) {
        self.expr(e, Prec::Named);
    }

    fn comprehensions(&mut self, generators: &[ast::Comprehension]) {
        for g in generators {
            self.write(if g.is_async { " async for " } else { " for " });
            self.expr(&g.target, Prec::Tuple);
            self.write(" in ");
            self.expr(&g.iter, Prec::Or);
            for cond in &g.ifs {
                self.write(" if ");
                self.expr(cond, Prec::Or);
            }
        }
    }

    fn generator_inner(&mut self, g: &ast::ExprGenerator) {
        self.expr(&g.elt, Prec::Named);
        self.comprehensions(&g.generators);
    }

    /// A call's or class's parenthesized arguments: positional ones first, then keywords
    /// (always valid, whatever the source order was).
    fn arguments(&mut self, args: &ast::Arguments) {
        self.open("(");
        // A sole generator argument needs no parentheses of its own: `f(x for x in y)`.
        if let ([Expr::Generator(g)], []) = (&args.args[..], &args.keywords[..]) {
            self.generator_inner(g);
            self.close(")");
            return;
        }
        let mut first = true;
        for a in args.args.iter() {
            if !first {
                self.write(", ");
            }
            first = false;
            self.expr(a, Prec::Named);
        }
        for k in args.keywords.iter() {
            if !first {
                self.write(", ");
            }
            first = false;
            match &k.arg {
                Some(name) => {
                    self.write(name.as_str());
                    self.write("=");
                }
                None => self.write("**"),
            }
            self.expr(&k.value, Prec::Test);
        }
        self.close(")");
    }
}

fn parameters_text(p: &Parameters) -> String {
    let mut parts: Vec<String> = Vec::new();
    for a in &p.posonlyargs {
        parts.push(parameter_with_default_text(a));
    }
    if !p.posonlyargs.is_empty() {
        parts.push("/".into());
    }
    for a in &p.args {
        parts.push(parameter_with_default_text(a));
    }
    match &p.vararg {
        Some(v) => parts.push(format!("*{}", parameter_text(v))),
        None if !p.kwonlyargs.is_empty() => parts.push("*".into()),
        None => {}
    }
    for a in &p.kwonlyargs {
        parts.push(parameter_with_default_text(a));
    }
    if let Some(k) = &p.kwarg {
        parts.push(format!("**{}", parameter_text(k)));
    }
    parts.join(", ")
}

fn parameter_text(p: &ast::Parameter) -> String {
    let mut s = p.name.as_str().to_string();
    if let Some(ann) = &p.annotation {
        s.push_str(": ");
        s.push_str(&expr_text(ann, Prec::Test));
    }
    s
}

fn parameter_with_default_text(p: &ast::ParameterWithDefault) -> String {
    let mut s = parameter_text(&p.parameter);
    if let Some(d) = &p.default {
        // PEP 8: `x=1` but `x: int = 1`.
        s.push_str(if p.parameter.annotation.is_some() { " = " } else { "=" });
        s.push_str(&expr_text(d, Prec::Test));
    }
    s
}

fn type_params_text(tp: Option<&ast::TypeParams>) -> String {
    let Some(tp) = tp else { return String::new() };
    if tp.type_params.is_empty() {
        return String::new();
    }
    let items: Vec<String> = tp
        .type_params
        .iter()
        .map(|p| {
            let (mut s, default) = match p {
                TypeParam::TypeVar(t) => {
                    let mut s = t.name.as_str().to_string();
                    if let Some(b) = &t.bound {
                        s.push_str(": ");
                        s.push_str(&expr_text(b, Prec::Test));
                    }
                    (s, &t.default)
                }
                TypeParam::TypeVarTuple(t) => (format!("*{}", t.name.as_str()), &t.default),
                TypeParam::ParamSpec(t) => (format!("**{}", t.name.as_str()), &t.default),
            };
            if let Some(d) = default {
                s.push_str(" = ");
                s.push_str(&expr_text(d, Prec::Test));
            }
            s
        })
        .collect();
    format!("[{}]", items.join(", "))
}

// ---------------------------------------------------------------------------------------
// Numbers

/// Python's spelling of a float literal that overflows to infinity.
const INF: &str = "1e309";

fn number_prec(n: &Number) -> Prec {
    match n {
        Number::Int(_) => Prec::Atom,
        Number::Float(f) if f.is_sign_negative() && !f.is_nan() => Prec::Factor,
        Number::Float(_) => Prec::Atom,
        Number::Complex { real, imag } => {
            if *real != 0.0 || real.is_sign_negative() {
                Prec::Atom
            } else if imag.is_nan() {
                Prec::Term
            } else if imag.is_sign_negative() {
                Prec::Factor
            } else {
                Prec::Atom
            }
        }
    }
}

fn number_text(n: &Number) -> String {
    match n {
        Number::Int(i) => i.to_string(),
        Number::Float(f) => float_repr(*f),
        Number::Complex { real, imag } => {
            if *real == 0.0 && !real.is_sign_negative() {
                imag_text(*imag)
            } else {
                // Not a single literal: Python's `repr` of such a complex.
                let re = trim_point_zero(float_repr(*real));
                let im = imag_text(*imag);
                let sign = if im.starts_with('-') { "" } else { "+" };
                format!("({re}{sign}{im})")
            }
        }
    }
}

/// `repr(float)`, with infinities as overflowing literals and NaN as `inf - inf`.
fn float_repr(f: f64) -> String {
    if f.is_nan() {
        format!("({INF}-{INF})")
    } else if f.is_infinite() {
        if f > 0.0 { INF.to_string() } else { format!("-{INF}") }
    } else {
        pyfloat::to_string(f)
    }
}

fn imag_text(imag: f64) -> String {
    if imag.is_nan() {
        format!("({INF}-{INF})*1j")
    } else {
        format!("{}j", trim_point_zero(float_repr(imag)))
    }
}

/// Complex reprs drop a trailing `.0`: `1j`, not `1.0j`.
fn trim_point_zero(mut s: String) -> String {
    if s.ends_with(".0") {
        s.truncate(s.len() - 2);
    }
    s
}

// ---------------------------------------------------------------------------------------
// Strings

/// Python's `repr(str)`: single quotes unless only the single quote occurs.
fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        escape_char(&mut out, c, Some(quote), false);
    }
    out.push(quote);
    out
}

/// Append `c` as it must appear between `quote`s (`None`: escape no quote); `keep_layout` leaves newlines and tabs
/// alone (docstrings).
fn escape_char(out: &mut String, c: char, quote: Option<char>, keep_layout: bool) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\n' | '\t' if keep_layout => out.push(c),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if Some(c) == quote => {
            out.push('\\');
            out.push(c);
        }
        ' ' => out.push(' '),
        c if is_printable(c) => out.push(c),
        c => push_unicode_escape(out, c),
    }
}

fn push_unicode_escape(out: &mut String, c: char) {
    let n = c as u32;
    if n < 0x100 {
        out.push_str(&format!("\\x{n:02x}"));
    } else if n < 0x10000 {
        out.push_str(&format!("\\u{n:04x}"));
    } else {
        out.push_str(&format!("\\U{n:08x}"));
    }
}

/// Python's `repr(bytes)`.
fn bytes_repr(b: &[u8]) -> String {
    let quote = if b.contains(&b'\'') && !b.contains(&b'"') { b'"' } else { b'\'' };
    let mut out = String::with_capacity(b.len() + 3);
    out.push('b');
    out.push(quote as char);
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c as char);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote as char);
    out
}

/// A docstring the way CPython writes it: triple quotes, real newlines, as few
/// backslashes as possible.
fn docstring_text(s: &str) -> String {
    let mut escaped = String::with_capacity(s.len());
    for c in s.chars() {
        // No quote is escaped here: the quote style is chosen to avoid them.
        escape_char(&mut escaped, c, None, true);
    }
    let mut candidates: Vec<&str> = ["\"\"\"", "'''"].into_iter().filter(|q| !escaped.contains(q)).collect();
    if candidates.is_empty() {
        // Both triple quotes occur: fall back to repr's body inside its own quote tripled.
        let r = str_repr(s);
        let q = if r.starts_with('"') { "\"\"\"" } else { "'''" };
        return format!("{q}{}{q}", &r[1..r.len() - 1]);
    }
    if let Some(last) = escaped.chars().last() {
        // Prefer the quote that does not need the final character escaped.
        candidates.sort_by_key(|q| q.starts_with(last));
        if candidates[0].starts_with(last) {
            escaped.pop();
            escaped.push('\\');
            escaped.push(last);
        }
    }
    format!("{q}{escaped}{q}", q = candidates[0])
}

/// One part of an f-string or t-string body.
enum Piece {
    Literal(String),
    /// `{` and the expression with its debug text and conversion; the format spec
    /// follows after a `:`, then the closing `}`.
    Field { head: String, spec: Option<Vec<Piece>> },
}

fn push_literal(pieces: &mut Vec<Piece>, text: &str) {
    if let Some(Piece::Literal(s)) = pieces.last_mut() {
        s.push_str(text);
    } else if !text.is_empty() {
        pieces.push(Piece::Literal(text.to_string()));
    }
}

fn interpolated_pieces(elements: &[InterpolatedStringElement], pieces: &mut Vec<Piece>) {
    for el in elements {
        match el {
            InterpolatedStringElement::Literal(l) => push_literal(pieces, &l.value),
            InterpolatedStringElement::Interpolation(i) => pieces.push(field_piece(i)),
        }
    }
}

fn field_piece(i: &InterpolatedElement) -> Piece {
    // `yield` and conditional expressions fit a replacement field; a colon outside
    // brackets would start the format spec.
    let mut w = ExprWriter::default();
    w.expr(&i.expression, Prec::Yield);
    let mut text = w.out;
    if w.bare_colon {
        text = format!("({text})");
    }
    let mut head = String::from("{");
    if let Some(d) = &i.debug_text {
        head.push_str(&d.leading);
    }
    // `{{` would be an escaped brace.
    if text.starts_with('{') && !head.ends_with(char::is_whitespace) {
        head.push(' ');
    }
    head.push_str(&text);
    if let Some(d) = &i.debug_text {
        head.push_str(&d.trailing);
    }
    if i.conversion != ConversionFlag::None
        && let Some(c) = i.conversion.to_char()
    {
        head.push('!');
        head.push(c);
    }
    let spec = i.format_spec.as_ref().map(|s| {
        let mut v = Vec::new();
        interpolated_pieces(&s.elements, &mut v);
        v
    });
    Piece::Field { head, spec }
}

#[derive(Default)]
struct QuoteUse {
    literal_single: bool,
    literal_double: bool,
    /// Expression text (with debug text) of replacement fields.
    code: String,
}

fn scan_pieces(pieces: &[Piece], u: &mut QuoteUse) {
    for p in pieces {
        match p {
            Piece::Literal(s) => {
                u.literal_single |= s.contains('\'');
                u.literal_double |= s.contains('"');
            }
            Piece::Field { head, spec } => {
                u.code.push_str(head);
                u.code.push('\n');
                if let Some(spec) = spec {
                    scan_pieces(spec, u);
                }
            }
        }
    }
}

/// An f-string (`prefix` 'f') or t-string ('t') from its flattened parts. The quotes are
/// ones no nested expression uses where possible (literal parts are escaped), so the
/// text also reads in Pythons before 3.12; failing that, nested quotes rely on PEP 701.
fn interpolated_string_text(prefix: char, pieces: &[Piece]) -> String {
    let mut u = QuoteUse::default();
    scan_pieces(pieces, &mut u);
    // Debug text (`{x = }`) may hold a newline, which only triple quotes allow.
    let multiline = pieces_have_code_newline(pieces);
    let free = |q: char| !u.code.contains(q);
    let free_triple = |q: char| !u.code.contains(&String::from(q).repeat(3));
    let (quote, triple) = if !multiline && free('\'') && !u.literal_single {
        ('\'', false)
    } else if !multiline && free('"') && !u.literal_double {
        ('"', false)
    } else if !multiline && free('\'') {
        ('\'', false)
    } else if !multiline && free('"') {
        ('"', false)
    } else if free_triple('\'') {
        ('\'', true)
    } else if free_triple('"') {
        ('"', true)
    } else {
        ('\'', multiline)
    };
    let delimiter: String = std::iter::repeat_n(quote, if triple { 3 } else { 1 }).collect();
    let mut out = String::new();
    out.push(prefix);
    out.push_str(&delimiter);
    render_pieces(&mut out, pieces, quote);
    out.push_str(&delimiter);
    out
}

fn pieces_have_code_newline(pieces: &[Piece]) -> bool {
    pieces.iter().any(|p| match p {
        Piece::Literal(_) => false,
        Piece::Field { head, spec } => head.contains('\n') || spec.as_deref().is_some_and(pieces_have_code_newline),
    })
}

fn render_pieces(out: &mut String, pieces: &[Piece], quote: char) {
    for p in pieces {
        match p {
            Piece::Literal(s) => {
                for c in s.chars() {
                    match c {
                        '{' => out.push_str("{{"),
                        '}' => out.push_str("}}"),
                        c => escape_char(out, c, Some(quote), false),
                    }
                }
            }
            Piece::Field { head, spec } => {
                out.push_str(head);
                if let Some(spec) = spec {
                    out.push(':');
                    render_pieces(out, spec, quote);
                }
                out.push('}');
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Patterns

/// `slot` is `Test` (anything), `Bor` (no bare `as`) or `Bxor` (no bare `|` either).
fn pattern_text(p: &Pattern, slot: Prec) -> String {
    match p {
        Pattern::MatchValue(v) => expr_text(&v.value, Prec::Bor),
        Pattern::MatchSingleton(s) => match s.value {
            ast::Singleton::None => "None",
            ast::Singleton::True => "True",
            ast::Singleton::False => "False",
        }
        .to_string(),
        Pattern::MatchSequence(s) => {
            let items: Vec<String> = s.patterns.iter().map(|p| pattern_text(p, Prec::Test)).collect();
            format!("[{}]", items.join(", "))
        }
        Pattern::MatchMapping(m) => {
            let mut items: Vec<String> = m
                .keys
                .iter()
                .zip(m.patterns.iter())
                .map(|(k, p)| format!("{}: {}", expr_text(k, Prec::Bor), pattern_text(p, Prec::Test)))
                .collect();
            if let Some(rest) = &m.rest {
                items.push(format!("**{}", rest.as_str()));
            }
            format!("{{{}}}", items.join(", "))
        }
        Pattern::MatchClass(c) => {
            let mut items: Vec<String> = c.arguments.patterns.iter().map(|p| pattern_text(p, Prec::Test)).collect();
            for k in &c.arguments.keywords {
                items.push(format!("{}={}", k.attr.as_str(), pattern_text(&k.pattern, Prec::Test)));
            }
            format!("{}({})", expr_text(&c.cls, Prec::Atom), items.join(", "))
        }
        Pattern::MatchStar(s) => format!("*{}", s.name.as_ref().map_or("_", |n| n.as_str())),
        Pattern::MatchAs(a) => match (&a.pattern, &a.name) {
            (None, name) => name.as_ref().map_or("_", |n| n.as_str()).to_string(),
            (Some(inner), None) => pattern_text(inner, slot),
            (Some(inner), Some(name)) => {
                let text = format!("{} as {}", pattern_text(inner, Prec::Bor), name.as_str());
                if slot > Prec::Test { format!("({text})") } else { text }
            }
        },
        Pattern::MatchOr(o) => {
            let items: Vec<String> = o.patterns.iter().map(|p| pattern_text(p, Prec::Bxor)).collect();
            let text = items.join(" | ");
            if slot > Prec::Bor { format!("({text})") } else { text }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Statements

#[derive(Default)]
struct StmtWriter {
    out: String,
    indent: usize,
}

impl StmtWriter {
    /// Start a new line at the current indentation.
    fn fill(&mut self, text: &str) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
    }

    /// A blank line before a definition, unless it starts the output.
    fn blank_line(&mut self) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
    }

    fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn expr(&mut self, e: &Expr, slot: Prec) {
        let text = expr_text(e, slot);
        self.out.push_str(&text);
    }

    fn block(&mut self, body: &[Stmt]) {
        self.write(":");
        self.indent += 1;
        self.stmts(body);
        self.indent -= 1;
    }

    fn block_with_docstring(&mut self, body: &[Stmt]) {
        self.write(":");
        self.indent += 1;
        self.body_with_docstring(body);
        self.indent -= 1;
    }

    fn stmts(&mut self, body: &[Stmt]) {
        if body.is_empty() {
            // Not parseable, but an empty block still has to print as a block.
            self.fill("pass");
        }
        for s in body {
            self.stmt(s);
        }
    }

    fn body_with_docstring(&mut self, body: &[Stmt]) {
        if let Some(Stmt::Expr(e)) = body.first()
            && let Expr::StringLiteral(s) = e.value.as_ref()
        {
            self.fill("");
            if s.value.iter().next().is_some_and(|p| p.flags.prefix().is_unicode()) {
                self.write("u");
            }
            self.write(&docstring_text(s.value.to_str()));
            for st in &body[1..] {
                self.stmt(st);
            }
        } else if self.indent == 0 {
            // A module may be empty.
            for s in body {
                self.stmt(s);
            }
        } else {
            self.stmts(body);
        }
    }

    fn decorators(&mut self, decorators: &[ast::Decorator]) {
        self.blank_line();
        for d in decorators {
            self.fill("@");
            self.expr(&d.expression, Prec::Named);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::FunctionDef(f) => {
                self.decorators(&f.decorator_list);
                self.fill(if f.is_async { "async def " } else { "def " });
                self.write(f.name.as_str());
                self.write(&type_params_text(f.type_params.as_deref()));
                self.write("(");
                self.write(&parameters_text(&f.parameters));
                self.write(")");
                if let Some(r) = &f.returns {
                    self.write(" -> ");
                    self.expr(r, Prec::Test);
                }
                self.block_with_docstring(&f.body);
            }
            Stmt::ClassDef(c) => {
                self.decorators(&c.decorator_list);
                self.fill("class ");
                self.write(c.name.as_str());
                self.write(&type_params_text(c.type_params.as_deref()));
                if let Some(args) = &c.arguments
                    && !(args.args.is_empty() && args.keywords.is_empty())
                {
                    let mut w = ExprWriter::default();
                    w.arguments(args);
                    self.write(&w.out);
                }
                self.block_with_docstring(&c.body);
            }
            Stmt::Return(r) => {
                self.fill("return");
                if let Some(v) = &r.value {
                    self.write(" ");
                    self.expr(v, Prec::Test);
                }
            }
            Stmt::Delete(d) => {
                self.fill("del ");
                let mut w = ExprWriter::default();
                w.comma_list(&d.targets, Prec::Test);
                self.write(&w.out);
            }
            Stmt::TypeAlias(t) => {
                self.fill("type ");
                self.expr(&t.name, Prec::Atom);
                self.write(&type_params_text(t.type_params.as_deref()));
                self.write(" = ");
                self.expr(&t.value, Prec::Test);
            }
            Stmt::Assign(a) => {
                self.fill("");
                for t in &a.targets {
                    self.expr(t, Prec::Tuple);
                    self.write(" = ");
                }
                self.expr(&a.value, Prec::Yield);
            }
            Stmt::AugAssign(a) => {
                self.fill("");
                self.expr(&a.target, Prec::Tuple);
                self.write(" ");
                self.write(operator_str(a.op));
                self.write("= ");
                self.expr(&a.value, Prec::Yield);
            }
            Stmt::AnnAssign(a) => {
                self.fill("");
                // `(x): int` is not simple: it does not make `x` an annotated local.
                if !a.simple && a.target.is_name_expr() {
                    self.write("(");
                    self.expr(&a.target, Prec::Atom);
                    self.write(")");
                } else {
                    self.expr(&a.target, Prec::Tuple);
                }
                self.write(": ");
                self.expr(&a.annotation, Prec::Test);
                if let Some(v) = &a.value {
                    self.write(" = ");
                    self.expr(v, Prec::Yield);
                }
            }
            Stmt::For(f) => {
                self.fill(if f.is_async { "async for " } else { "for " });
                self.expr(&f.target, Prec::Tuple);
                self.write(" in ");
                self.expr(&f.iter, Prec::Test);
                self.block(&f.body);
                self.orelse(&f.orelse);
            }
            Stmt::While(w) => {
                self.fill("while ");
                self.expr(&w.test, Prec::Named);
                self.block(&w.body);
                self.orelse(&w.orelse);
            }
            Stmt::If(i) => {
                self.fill("if ");
                self.expr(&i.test, Prec::Named);
                self.block(&i.body);
                for clause in &i.elif_else_clauses {
                    match &clause.test {
                        Some(t) => {
                            self.fill("elif ");
                            self.expr(t, Prec::Named);
                        }
                        None => self.fill("else"),
                    }
                    self.block(&clause.body);
                }
            }
            Stmt::With(w) => {
                self.fill(if w.is_async { "async with " } else { "with " });
                for (i, item) in w.items.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    let text = expr_text(&item.context_expr, Prec::Test);
                    // `with (a, b):` would be two context managers.
                    if matches!(&item.context_expr, Expr::Tuple(t) if !t.elts.is_empty()) {
                        self.write("(");
                        self.write(&text);
                        self.write(")");
                    } else {
                        self.write(&text);
                    }
                    if let Some(v) = &item.optional_vars {
                        self.write(" as ");
                        self.expr(v, Prec::Test);
                    }
                }
                self.block(&w.body);
            }
            Stmt::Match(m) => {
                self.fill("match ");
                self.expr(&m.subject, Prec::Named);
                self.write(":");
                self.indent += 1;
                for case in &m.cases {
                    self.fill("case ");
                    self.write(&pattern_text(&case.pattern, Prec::Test));
                    if let Some(g) = &case.guard {
                        self.write(" if ");
                        self.expr(g, Prec::Named);
                    }
                    self.block(&case.body);
                }
                self.indent -= 1;
            }
            Stmt::Raise(r) => {
                self.fill("raise");
                if let Some(e) = &r.exc {
                    self.write(" ");
                    self.expr(e, Prec::Test);
                }
                if let Some(c) = &r.cause {
                    self.write(" from ");
                    self.expr(c, Prec::Test);
                }
            }
            Stmt::Try(t) => {
                self.fill("try");
                self.block(&t.body);
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    self.fill(if t.is_star { "except*" } else { "except" });
                    if let Some(ty) = &h.type_ {
                        self.write(" ");
                        self.expr(ty, Prec::Test);
                    }
                    if let Some(n) = &h.name {
                        self.write(" as ");
                        self.write(n.as_str());
                    }
                    self.block(&h.body);
                }
                self.orelse(&t.orelse);
                if !t.finalbody.is_empty() {
                    self.fill("finally");
                    self.block(&t.finalbody);
                }
            }
            Stmt::Assert(a) => {
                self.fill("assert ");
                self.expr(&a.test, Prec::Test);
                if let Some(m) = &a.msg {
                    self.write(", ");
                    self.expr(m, Prec::Test);
                }
            }
            Stmt::Import(i) => {
                self.fill(if i.is_lazy { "lazy import " } else { "import " });
                self.write(&aliases_text(&i.names));
            }
            Stmt::ImportFrom(i) => {
                self.fill(if i.is_lazy { "lazy from " } else { "from " });
                for _ in 0..i.level {
                    self.write(".");
                }
                if let Some(m) = &i.module {
                    self.write(m.as_str());
                }
                self.write(" import ");
                self.write(&aliases_text(&i.names));
            }
            Stmt::Global(g) => {
                self.fill("global ");
                self.write(&identifiers_text(&g.names));
            }
            Stmt::Nonlocal(n) => {
                self.fill("nonlocal ");
                self.write(&identifiers_text(&n.names));
            }
            Stmt::Expr(e) => {
                self.fill("");
                self.expr(&e.value, Prec::Yield);
            }
            Stmt::Pass(_) => self.fill("pass"),
            Stmt::Break(_) => self.fill("break"),
            Stmt::Continue(_) => self.fill("continue"),
            Stmt::IpyEscapeCommand(c) => {
                self.fill(c.kind.as_str());
                self.write(&c.value);
            }
        }
    }

    fn orelse(&mut self, orelse: &[Stmt]) {
        if !orelse.is_empty() {
            self.fill("else");
            self.block(orelse);
        }
    }
}

fn aliases_text(names: &[ast::Alias]) -> String {
    let items: Vec<String> = names
        .iter()
        .map(|a| match &a.asname {
            Some(as_name) => format!("{} as {}", a.name.as_str(), as_name.as_str()),
            None => a.name.as_str().to_string(),
        })
        .collect();
    items.join(", ")
}

fn identifiers_text(names: &[ast::Identifier]) -> String {
    let items: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
    items.join(", ")
}
