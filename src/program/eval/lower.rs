//! From a transpiled definition (ruff AST) to the evaluated form, or `None` when
//! the body uses anything the evaluator does not implement (it is then compiled).
//!
//! Python's scoping is reproduced statically, as the compiler does: a name bound
//! anywhere in the function (parameter, assignment, `with`/`for` target, `del`)
//! is local to all of it; every other name is global. Whatever would change that
//! (`global`, `nonlocal`, nested functions and classes, comprehensions, lambdas
//! with parameters that read a local, imports, walrus) makes the body ineligible.

use indexmap::IndexSet;
use rustpython_vm::compiler::ast;

use super::tree::*;
use crate::fast_hash::{FastBuild, FastMap};

/// Names of one definition, in first-seen order, borrowed from its syntax tree.
type Names<'a> = IndexSet<&'a str, FastBuild>;

/// A function body in evaluated form.
pub struct Lowered {
    /// The parameters' names; parameter `i` is slot `i`.
    pub params: Box<[Name]>,
    /// Every local's name, by slot.
    pub slots: Box<[Name]>,
    /// The statements.
    pub body: Box<[Stmt]>,
    /// The global names the body reads (a code object's `co_names`, less attributes).
    pub globals: Box<[Name]>,
    /// The name table (`Name` indexes it).
    pub names: Box<[Box<str>]>,
    /// How many names, from the first, the body looks up (globals, attributes,
    /// keywords) and so needs as Python strings; the rest only name slots (a Relax
    /// function binds thousands of them, each interned for nothing otherwise).
    pub looked_up: u32,
    /// The literal table (`Const` indexes it); each literal once, as a compiler's
    /// constant table holds it (literals are immutable, so sharing is unobservable).
    pub literals: Box<[Literal]>,
    /// How many lambdas with parameters ([`Function`]) the body has.
    pub functions: u32,
}

/// The evaluated form of `def`, or `None` when it uses what the evaluator does not implement.
pub fn lower(def: &ast::StmtFunctionDef) -> Option<Lowered> {
    if def.is_async || def.type_params.is_some() {
        return None;
    }
    let p = &def.parameters;
    if !p.posonlyargs.is_empty() || p.vararg.is_some() || !p.kwonlyargs.is_empty() || p.kwarg.is_some() {
        return None;
    }
    if p.args.iter().any(|a| a.default.is_some() || a.parameter.annotation.is_some()) {
        return None;
    }
    let mut locals = Names::default();
    for a in &p.args {
        if !locals.insert(a.parameter.name.id.as_str()) {
            return None;
        }
    }
    bound_names(&def.body, &mut locals)?;
    let mut l = Lower::new(locals);
    let body = l.stmts(&def.body)?;
    // Slot names are added last, so the names read before come first.
    let looked_up = l.names.len() as u32;
    let params = p.args.iter().map(|a| l.name(a.parameter.name.id.as_str())).collect();
    let slots = l.locals.clone().iter().map(|s| l.name(s)).collect();
    Some(Lowered {
        params,
        slots,
        globals: l.globals.into(),
        body,
        names: l.names.iter().map(|s| Box::from(*s)).collect(),
        looked_up,
        literals: l.literals.into(),
        functions: l.functions,
    })
}

/// The names the statements bind (outside nested scopes); `None` on a statement
/// the evaluator does not implement.
fn bound_names<'a>(stmts: &'a [ast::Stmt], out: &mut Names<'a>) -> Option<()> {
    for s in stmts {
        match s {
            ast::Stmt::Assign(a) => {
                for t in &a.targets {
                    target_names(t, out)?;
                }
            }
            ast::Stmt::Expr(_) | ast::Stmt::Pass(_) | ast::Stmt::Return(_) => {}
            ast::Stmt::With(w) => {
                for item in &w.items {
                    if let Some(t) = &item.optional_vars {
                        target_names(t, out)?;
                    }
                }
                bound_names(&w.body, out)?;
            }
            ast::Stmt::For(f) => {
                target_names(&f.target, out)?;
                bound_names(&f.body, out)?;
            }
            ast::Stmt::If(i) => {
                bound_names(&i.body, out)?;
                for c in &i.elif_else_clauses {
                    bound_names(&c.body, out)?;
                }
            }
            ast::Stmt::Delete(d) => {
                for t in &d.targets {
                    let ast::Expr::Name(n) = t else { return None };
                    out.insert(n.id.as_str());
                }
            }
            _ => return None,
        }
    }
    Some(())
}

fn target_names<'a>(t: &'a ast::Expr, out: &mut Names<'a>) -> Option<()> {
    match t {
        ast::Expr::Name(n) => {
            out.insert(n.id.as_str());
        }
        ast::Expr::Tuple(ast::ExprTuple { elts, .. }) | ast::Expr::List(ast::ExprList { elts, .. }) => {
            for e in elts {
                target_names(e, out)?;
            }
        }
        _ => return None,
    }
    Some(())
}

/// Lowering one body.
struct Lower<'a> {
    locals: Names<'a>,
    /// Global names in first-read order.
    globals: Vec<Name>,
    /// Each name read so far, resolved (one lookup per read).
    resolved: FastMap<&'a str, Resolved>,
    names: Names<'a>,
    strings: FastMap<&'a str, Const>,
    ints: FastMap<u64, Const>,
    literals: Vec<Literal>,
    functions: u32,
}

#[derive(Clone, Copy)]
enum Resolved {
    Local(u32),
    Global(Name),
}

impl<'a> Lower<'a> {
    /// Lowering a scope whose local names are `locals`.
    fn new(locals: Names<'a>) -> Self {
        Lower {
            locals,
            globals: Vec::new(),
            resolved: FastMap::default(),
            names: Names::default(),
            strings: FastMap::default(),
            ints: FastMap::default(),
            literals: Vec::new(),
            functions: 0,
        }
    }

    fn name(&mut self, s: &'a str) -> Name {
        Name(self.names.insert_full(s).0 as u32)
    }

    fn literal(&mut self, l: Literal) -> Const {
        self.literals.push(l);
        Const(self.literals.len() as u32 - 1)
    }

    fn resolve(&mut self, name: &'a str) -> Resolved {
        if let Some(r) = self.resolved.get(name) {
            return *r;
        }
        let r = match self.locals.get_index_of(name) {
            Some(i) => Resolved::Local(i as u32),
            None => {
                let n = self.name(name);
                self.globals.push(n);
                Resolved::Global(n)
            }
        };
        self.resolved.insert(name, r);
        r
    }

    fn stmts(&mut self, stmts: &'a [ast::Stmt]) -> Option<Box<[Stmt]>> {
        stmts.iter().map(|s| self.stmt(s)).collect()
    }

    fn stmt(&mut self, s: &'a ast::Stmt) -> Option<Stmt> {
        Some(match s {
            ast::Stmt::Assign(a) => {
                let targets = a.targets.iter().map(|t| self.target(t)).collect::<Option<_>>()?;
                Stmt::Assign(targets, self.expr(&a.value)?)
            }
            ast::Stmt::Expr(e) => Stmt::Expr(self.expr(&e.value)?),
            ast::Stmt::Pass(_) => Stmt::Pass,
            ast::Stmt::Return(r) => Stmt::Return(match &r.value {
                Some(v) => Some(self.expr(v)?),
                None => None,
            }),
            ast::Stmt::With(w) => {
                if w.is_async {
                    return None;
                }
                // `with a, b: body` is `with a: with b: body`.
                let mut body = self.stmts(&w.body)?;
                for item in w.items.iter().rev() {
                    let target = match &item.optional_vars {
                        Some(t) => Some(self.target(t)?),
                        None => None,
                    };
                    let with = With { context: self.expr(&item.context_expr)?, target, body, range: item.range };
                    body = Box::new([Stmt::With(Box::new(with))]);
                }
                let [only] = <[Stmt; 1]>::try_from(body.into_vec()).ok()?;
                only
            }
            ast::Stmt::For(f) => {
                if f.is_async || !f.orelse.is_empty() {
                    return None;
                }
                Stmt::For(Box::new(For { target: self.target(&f.target)?, iter: self.expr(&f.iter)?, body: self.stmts(&f.body)?, range: f.range }))
            }
            ast::Stmt::If(i) => {
                // `elif` chains become nested `else: if`.
                let mut orelse: Box<[Stmt]> = Box::new([]);
                for c in i.elif_else_clauses.iter().rev() {
                    let body = self.stmts(&c.body)?;
                    orelse = match &c.test {
                        Some(t) => Box::new([Stmt::If(Box::new(If { test: self.expr(t)?, body, orelse }))]),
                        None => body,
                    };
                }
                Stmt::If(Box::new(If { test: self.expr(&i.test)?, body: self.stmts(&i.body)?, orelse }))
            }
            ast::Stmt::Delete(d) => {
                let mut slots = Vec::new();
                for t in &d.targets {
                    let ast::Expr::Name(n) = t else { return None };
                    slots.push((self.slot(n.id.as_str())?, n.range));
                }
                Stmt::Delete(slots.into())
            }
            _ => return None,
        })
    }

    fn slot(&self, name: &str) -> Option<u32> {
        self.locals.get_index_of(name).map(|i| i as u32)
    }

    fn target(&mut self, t: &'a ast::Expr) -> Option<Target> {
        Some(match t {
            ast::Expr::Name(n) => Target::Local(self.slot(n.id.as_str())?),
            ast::Expr::Tuple(ast::ExprTuple { elts, range, .. }) | ast::Expr::List(ast::ExprList { elts, range, .. }) => {
                Target::Unpack(elts.iter().map(|e| self.target(e)).collect::<Option<_>>()?, *range)
            }
            _ => return None,
        })
    }

    fn exprs(&mut self, es: &'a [ast::Expr]) -> Option<Box<[Expr]>> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn expr(&mut self, e: &'a ast::Expr) -> Option<Expr> {
        Some(match e {
            ast::Expr::Name(n) => match self.resolve(n.id.as_str()) {
                Resolved::Local(i) => Expr::Local(i, n.range),
                Resolved::Global(g) => Expr::Global(g, n.range),
            },
            ast::Expr::Attribute(a) => Expr::Attr(Box::new(self.expr(&a.value)?), self.name(a.attr.id.as_str()), a.range),
            ast::Expr::Call(c) => {
                let args = c.arguments.args.iter().map(|a| if a.is_starred_expr() { None } else { self.expr(a) }).collect::<Option<_>>()?;
                let mut keywords = Vec::with_capacity(c.arguments.keywords.len());
                for k in &c.arguments.keywords {
                    keywords.push((self.name(k.arg.as_ref()?.id.as_str()), self.expr(&k.value)?));
                }
                Expr::Call(Box::new(Call { func: self.expr(&c.func)?, args, keywords: keywords.into(), range: c.range }))
            }
            ast::Expr::StringLiteral(s) => {
                let v = s.value.to_str();
                match self.strings.get(v) {
                    Some(c) => Expr::Const(*c),
                    None => {
                        // A lone surrogate in the source needs the compiler's own
                        // decoding (checked once per distinct string).
                        if v.contains(char::REPLACEMENT_CHARACTER) {
                            return None;
                        }
                        let c = self.literal(Literal::Str(v.into()));
                        self.strings.insert(v, c);
                        Expr::Const(c)
                    }
                }
            }
            ast::Expr::NumberLiteral(n) => Expr::Const(match &n.value {
                ast::Number::Int(i) => {
                    let i = i.as_u64()?;
                    match self.ints.get(&i) {
                        Some(c) => *c,
                        None => {
                            let c = self.literal(Literal::Int(i));
                            self.ints.insert(i, c);
                            c
                        }
                    }
                }
                ast::Number::Float(f) => self.literal(Literal::Float(*f)),
                ast::Number::Complex { .. } => return None,
            }),
            ast::Expr::BooleanLiteral(b) => Expr::Const(self.literal(Literal::Bool(b.value))),
            ast::Expr::NoneLiteral(_) => Expr::Const(self.literal(Literal::None)),
            ast::Expr::EllipsisLiteral(_) => Expr::Const(self.literal(Literal::Ellipsis)),
            ast::Expr::Tuple(t) => {
                if t.elts.iter().any(|e| e.is_starred_expr()) {
                    return None;
                }
                Expr::Tuple(self.exprs(&t.elts)?)
            }
            ast::Expr::List(l) => {
                if l.elts.iter().any(|e| e.is_starred_expr()) {
                    return None;
                }
                Expr::List(self.exprs(&l.elts)?)
            }
            ast::Expr::Dict(d) => {
                let mut items = Vec::with_capacity(d.items.len());
                for item in &d.items {
                    items.push((self.expr(item.key.as_ref()?)?, self.expr(&item.value)?));
                }
                Expr::Dict(items.into())
            }
            ast::Expr::Subscript(s) => Expr::Subscript(Box::new((self.expr(&s.value)?, self.expr(&s.slice)?)), s.range),
            ast::Expr::Slice(s) => {
                let mut part = |p: &'a Option<Box<ast::Expr>>| match p {
                    Some(e) => self.expr(e).map(Some),
                    None => Some(None),
                };
                Expr::Slice(Box::new([part(&s.lower)?, part(&s.upper)?, part(&s.step)?]), s.range)
            }
            ast::Expr::BinOp(b) => Expr::Binary(Box::new((self.expr(&b.left)?, self.expr(&b.right)?)), b.op, b.range),
            ast::Expr::UnaryOp(u) => Expr::Unary(u.op, Box::new(self.expr(&u.operand)?), u.range),
            ast::Expr::Compare(c) => {
                let rest = c.ops.iter().zip(c.comparators.iter()).map(|(op, e)| Some((op.as_str(), self.expr(e)?))).collect::<Option<_>>()?;
                Expr::Compare(Box::new(self.expr(&c.left)?), rest, c.range)
            }
            ast::Expr::If(i) => Expr::IfExp(Box::new((self.expr(&i.test)?, self.expr(&i.body)?, self.expr(&i.orelse)?))),
            ast::Expr::Lambda(l) => match l.parameters.as_deref() {
                Some(p) if !p.is_empty() => Expr::Function(std::sync::Arc::new(self.function(l, p)?)),
                _ => Expr::Lambda(std::sync::Arc::new(Lambda { body: self.expr(&l.body)?, range: l.range })),
            },
            _ => return None,
        })
    }
}

impl<'a> Lower<'a> {
    /// A lambda with plain parameters whose body the evaluator could run itself
    /// (so it holds nothing that changes scoping: no comprehension, walrus, nested
    /// scope reading its parameters) and reads no local of the body: compiled
    /// alone, it needs no closure.
    fn function(&mut self, l: &'a ast::ExprLambda, p: &'a ast::Parameters) -> Option<Function> {
        if !p.posonlyargs.is_empty() || p.vararg.is_some() || !p.kwonlyargs.is_empty() || p.kwarg.is_some() {
            return None;
        }
        let mut params = Names::default();
        for a in &p.args {
            // A default is evaluated where the lambda is made; a repeated name is a
            // compile error the compiled body would have reported before running.
            if a.default.is_some() || !params.insert(a.parameter.name.id.as_str()) {
                return None;
            }
        }
        let mut inner = Lower::new(params);
        inner.expr(&l.body)?;
        if inner.globals.iter().any(|g| self.locals.contains(inner.names[g.0 as usize])) {
            return None;
        }
        self.functions += 1;
        Some(Function { index: self.functions - 1, node: l.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustpython_vm::compiler::parser;

    /// Whether the first function of `src` lowers.
    fn lowers(src: &str) -> bool {
        crate::init();
        let module = parser::parse_module(src).expect("parses").into_syntax();
        let ast::Stmt::FunctionDef(def) = &module.body[0] else { panic!("a function first") };
        lower(def).is_some()
    }

    #[test]
    fn the_transpilers_statement_forms_lower() {
        assert!(lowers("def f(a, b):\n    x = g(a, k=1)[0:2]\n    with m(x) as (p, q):\n        del x\n    for y in it:\n        if y: pass\n        elif not y: return -y\n        else: z = lambda: a < b <= 3\n    return {1: [a, (b,)]}\n"));
    }

    #[test]
    fn what_changes_scoping_or_control_flow_does_not_lower() {
        for src in [
            "def f():\n    global x\n    x = 1\n",
            "def f():\n    return [y for y in z]\n",
            "def f():\n    def g(): pass\n",
            "def f():\n    try:\n        pass\n    except E:\n        pass\n",
            "def f():\n    while x: pass\n",
            "def f():\n    x += 1\n",
            "def f():\n    a.b = 1\n",
            "def f():\n    g(*args)\n",
            "def f():\n    g(**kw)\n",
            "def f():\n    x = 1\n    return lambda v: v + x\n",
            "def f(x):\n    return lambda v: lambda: v + x\n",
            "def f():\n    return lambda v=1: v\n",
            "def f():\n    return lambda *v: v\n",
            "def f():\n    return lambda v, v: v\n",
            "def f():\n    return lambda v: [v for _ in v]\n",
            "def f(a=1):\n    pass\n",
            "def f(*a):\n    pass\n",
            "def f():\n    for x in y:\n        break\n",
            "def f():\n    import os\n",
            "def f():\n    return f'{x}'\n",
            "def f():\n    return (y := 1)\n",
            "async def f():\n    pass\n",
        ] {
            assert!(!lowers(src), "lowered: {src}");
        }
    }

    #[test]
    fn lambdas_reading_only_parameters_and_globals_lower() {
        assert!(lowers("def f(a):\n    g(lambda x, y: x + y * k, a)\n    return lambda v: (lambda: v)\n"));
    }

    #[test]
    fn names_bound_anywhere_are_local_everywhere() {
        crate::init();
        let module = parser::parse_module("def f(a):\n    b = c\n    with m() as d:\n        del b\n").expect("parses").into_syntax();
        let ast::Stmt::FunctionDef(def) = &module.body[0] else { unreachable!() };
        let l = lower(def).expect("lowers");
        let slots: Vec<&str> = l.slots.iter().map(|s| &*l.names[s.0 as usize]).collect();
        assert_eq!(slots, ["a", "b", "d"]);
        let globals: Vec<&str> = l.globals.iter().map(|s| &*l.names[s.0 as usize]).collect();
        assert_eq!(globals, ["c", "m"]);
    }

    /// Only the names the body looks up need Python strings: they come first, and
    /// a name that only names a slot comes after them.
    #[test]
    fn looked_up_names_come_before_slot_only_names() {
        crate::init();
        let src = "def f(a):\n    x = T.call(a, k=1)\n    shape = x.shape\n    return shape\n";
        let module = parser::parse_module(src).expect("parses").into_syntax();
        let ast::Stmt::FunctionDef(def) = &module.body[0] else { unreachable!() };
        let l = lower(def).expect("lowers");
        let mut looked_up: Vec<&str> = l.names[..l.looked_up as usize].iter().map(|n| &**n).collect();
        looked_up.sort_unstable();
        assert_eq!(looked_up, ["T", "call", "k", "shape"]);
        let rest: Vec<&str> = l.names[l.looked_up as usize..].iter().map(|n| &**n).collect();
        assert_eq!(rest, ["a", "x"]);
    }
}
