//! The unparser: parse -> unparse -> parse gives the same AST (ranges ignored), the
//! text is a fixed point, and operator parentheses are the minimal ones.

use std::path::{Path, PathBuf};

use rstest::rstest;
use rustpython_vm::compiler::ast::comparable::{ComparableModModule, ComparableStmt};
use rustpython_vm::compiler::ast::{self, Expr, Number, Stmt};
use rustpython_vm::compiler::parser::parse_module;
use tvmscript::script::transpile::Environment;
use tvmscript::script::unparse::{unparse_expr, unparse_module, unparse_stmts};
use tvmscript::script::{transpile_source, Source};

fn parse(src: &str) -> ast::ModModule {
    match parse_module(src) {
        Ok(p) => p.into_syntax(),
        Err(e) => panic!("test input does not parse: {e}\n{src}"),
    }
}

/// Why `module` does not survive unparse -> parse, if it does not.
fn roundtrip_error(module: &ast::ModModule) -> Option<String> {
    let text = unparse_module(module);
    let again = match parse_module(&text) {
        Ok(p) => p.into_syntax(),
        Err(e) => return Some(format!("unparsed text does not parse: {e}\n--- text ---\n{text}")),
    };
    if ComparableModModule::from(module) != ComparableModModule::from(&again) {
        // Show the first top-level statement that changed, not the whole module.
        let i = (0..module.body.len().max(again.body.len()))
            .find(|&i| module.body.get(i).map(ComparableStmt::from) != again.body.get(i).map(ComparableStmt::from))
            .unwrap_or(0);
        return Some(format!(
            "AST changed at statement {i}\n--- text ---\n{text}\n--- before ---\n{:#?}\n--- after ---\n{:#?}",
            module.body.get(i).map(ComparableStmt::from),
            again.body.get(i).map(ComparableStmt::from)
        ));
    }
    let text2 = unparse_module(&again);
    if text2 != text {
        return Some(format!("text is not a fixed point\n--- first ---\n{text}\n--- second ---\n{text2}"));
    }
    None
}

fn assert_roundtrip(src: &str) {
    if let Some(e) = roundtrip_error(&parse(src)) {
        panic!("source:\n{src}\n{e}");
    }
}

fn unparse(src: &str) -> String {
    unparse_module(&parse(src)).trim_end_matches('\n').to_string()
}

#[rstest]
// expressions
#[case("a and b or c and d\n(a or b) and c\na and (b and c)\n(a or b) or c")]
#[case("not a\nnot (a and b)\nnot not a\n-(not a)\n-a ** b\n(-a) ** b\na ** -b\na ** b ** c\n(a ** b) ** c")]
#[case("a - (b - c)\n(a - b) - c\na * (b + c)\na / (b * c)\na @ b % c // d\n~a << b >> c & d ^ e | f")]
#[case("a < b < c\n(a < b) < c\na < (b < c)\na is not b\na not in b\na in (b in c)\n--a\n+-~a")]
#[case("x = a if b else c\nx = (a if b else c) if d else e\nx = a if (b if c else d) else e\nx = a if b else c if d else e")]
#[case("x = lambda: 1\nx = lambda a, /, b=1, *c, d, e=2, **f: 0\nx = lambda *, a: a\nx = (lambda: 1)()\nx = lambda: (yield)")]
#[case("x = lambda: (y := 1)\n(x := 1)\nf(x := 1)\nx = [y := 1, 2]\nx = a[b := 1]\nx = {(a := 1): (b := 2)}\nif x := f():\n    pass")]
#[case("while (n := n - 1) > 0:\n    pass\nx = (y := (z := 1))\nx = [y for x in z if (w := x)]\nx = (y := lambda: 1)")]
#[case("def f():\n    x = yield\n    x = yield a + b\n    yield a, b\n    yield (yield)\n    await (yield)\n    f((yield))\n    x = 1 if (yield) else 2")]
#[case("async def f():\n    await a + b\n    await (a + b)\n    (await a) ** 2\n    await a ** 2\n    -(await a)\n    await (await a)\n    x = yield from a\n    yield from (a, b)")]
#[case("x = a.b.c(d)[e]\n(a + b).c\n(-1).real\n1 .real\n1.0.real\n1j.imag\nx = a[1:2, ::3]\nx = a[:]\nx = a[::2]\nx = a[:, 1]\nx = a[()]\nx = a[(1, 2)]\nx = a[1,]")]
#[case("x = a[*b]\nx = a[*b, c]\nx = a[b:c:d, e]\nx = a[lambda: 1]\nx = a[b if c else d:e]")]
#[case("x = ()\nx = (1,)\nx = 1, 2\nx = (1, 2), 3\nx = [*a, *b]\nx = {*a, b}\nx = {*()}\nx = {}\nx = {**a, 'b': 1, **{'c': 2}}\nx = *a, b")]
#[case("x = [a for b in c]\nx = {a for b in c if d if e}\nx = {a: b for a, b in c}\nx = (a for b in c for d in e)\nx = [a async for a in b]\nf(x for x in y)\nf((x for x in y), z)\nf(a, *b, c=1, **d)\nf(*a or b)")]
#[case("x = [a for b in (lambda: c)()]\nx = [a for b in (c if d else e)]\nx = [a for b, in c]\nx = [lambda: a for b in c]")]
#[case("print(*a, sep='')\nf(**{'a': 1})\nf(a=1, *b)\nf(**a, b=1)\nf(a)(b)(c)")]
#[case("x = a[b := 1, 2]\nf(**a or b)\nx = [*a]\nx = (lambda: 1) if a else b\nx = a == (not b)\nx = not a == b\nx = (-2) ** 2\nx = -2 ** 2")]
#[case("x = [x for x in (y := z)]\nx = 1e5.real\nx = 123456789012345678901234567890 .real\nx = a if b else lambda: c\nx = lambda: a if b else c")]
#[case("def f():\n    return *a, b\nfor *a, b in c:\n    pass\ntry:\n    pass\nexcept A, B:\n    pass\nprint((yield))")]
// literals
#[case("x = 1\nx = 0xFF\nx = 1_000\nx = 123456789012345678901234567890\nx = 0xFFFFFFFFFFFFFFFFFFFFFFFF\nx = 0o17\nx = 0b101")]
#[case("x = 1.5\nx = 1e400\nx = 1e-5\nx = 1e16\nx = 0.1\nx = 3.0\nx = 1.5j\nx = 1e400j\nx = 1j\nx = 2.0j\nx = -1e400\nx = 1e22\nx = 5e-324")]
#[case("x = 'a'\nx = \"it's\"\nx = 'say \"hi\"'\nx = 'both \\' and \"'\nx = '\\n\\t\\r\\x00\\x7f\\u2028\\xa0\\U0001F600é€'\nx = '\\\\'\nx = u'u'\nx = r'\\d+'")]
#[case("x = 'a' 'b'\nx = 'a' \"b\" '''c'''\nx = b'a' b'b'\nx = b'\\x00\\xff\\'\"\\\\'\nx = b\"'\"\nx = b''\nx = ''")]
#[case("x = ...\nx = None\nx = True\nx = False\nx = ...[...]")]
// f-strings and t-strings
#[case("x = f'{a!r:>{w}} {b=} {c = !s} {{}} {d:%Y-%m-%d}'")]
#[case("x = f\"{'q'}\"\nx = f'{\"q\"}'\nx = f'''{'a'}{\"b\"}'''\nx = f'{x}' 'lit{' f'{y!a}'\nx = f'it\\'s {a}'\nx = f'\\n{a}\\t'")]
#[case("x = f'{ {1: 2}[1]}'\nx = f'{ {1}}'\nx = f'{(lambda: 1)()}'\nx = f'{(lambda: 1)}'\nx = f'{a if b else c}'\nx = f'{(x := 1)}'\nx = f'{a, b}'\nx = f'{yield}'")]
#[case("x = f'{x:{y}.{z}}'\nx = f'{x:{y:{z}}}'\nx = f'{f\"{a}\"}'\nx = f'{a}{b}'\nx = f''\nx = f'{a!r}'\nx = f'{a:}'\nx = f'{a:\\n}'\nx = f'{a = }'")]
#[case("x = t'{a} b {c!r:>10}'\nx = t'' t'{a}'\nx = t'{a=}'")]
#[case("x = f'{x}' ''\nx = '' f'' '' f''\nx = f'' ''.join(y)")]
#[case(r#"x = f'{f"{a!r}" + "b"}'
x = f'''{f"""{f'{f"{a}"}'}"""}'''
x = f'{x=:>10}'
x = f'{x=!r}' if 0 else 1
x = f'{a}' f'{b}' 'c'
x = f'{a:{b}{c}d}'
x = f'{"\n".join(a)}'
x = f'{a["k"]}'
x = f'{a:{"x"}}'
x = rf'\d{a}'
x = f'{{{a}}}'
x = f'{a!r:{b!s:{c}}}'"#)]
// statements
#[case("import a\nimport a.b as c, d\nfrom . import a\nfrom .. import (a as b, c)\nfrom .m import *\nfrom __future__ import annotations\nlazy import a\nlazy from a import b")]
#[case("global a, b\nnonlocal c\ndel a, (b, c), d[1], e.f\nassert x\nassert x, 'm'\nraise\nraise E\nraise E from e\npass\nreturn\nreturn a, b\nreturn (yield)")]
#[case("x = y = z\na, b = c\n(a, b), c = d\n[a, b] = c\na, *b = c\na, = b\nx += 1\nx **= a, b\nx: int\nx: int = 1\n(x): int = 1\na.b: int\na[1]: int = 2\nx: list[int] = yield")]
#[case("for a in b:\n    pass\nelse:\n    pass\nfor a, b in c, d:\n    break\nasync def f():\n    async for a in b:\n        continue\n    async with a as b, c:\n        pass")]
#[case("while a:\n    pass\nelse:\n    pass\nif a:\n    pass\nelif b:\n    pass\nelse:\n    pass\nif a:\n    pass\nelse:\n    if b:\n        pass")]
#[case("with a:\n    pass\nwith a as b, c as (d, e):\n    pass\nwith a as [b, c]:\n    pass\nwith (a, b):\n    pass\nwith (a, b) as c:\n    pass\nwith (yield):\n    pass")]
#[case("try:\n    pass\nexcept E as e:\n    pass\nexcept (A, B):\n    pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\ntry:\n    pass\nfinally:\n    pass")]
#[case("try:\n    pass\nexcept* E as e:\n    pass\nexcept* (A, B):\n    pass")]
#[case("@a.b(c)\n@(yield)\n@x := y\nasync def f[T](a: int, /, b: int = 1, *c: *Ts, d, e=2, **f: str) -> int:\n    'doc'\n    return a")]
#[case("class A:\n    pass\nclass B(A, metaclass=M, **kw):\n    x = 1\n    def f(self):\n        pass\nclass C[T: int = str, *Ts = *tuple[int], **P = [int]](Generic[T]):\n    '''doc'''")]
#[case("class A():\n    pass\n@dec\nclass B(*bases):\n    pass\ndef f(*, a):\n    pass\ndef g(a, /):\n    pass\ndef h(*args, **kwargs):\n    pass")]
#[case("type X = int\ntype X[T] = list[T]\ntype X[T: (int, str), *Ts, **P] = Callable[P, tuple[T, *Ts]]")]
#[case("match x:\n    case [1, *r] | {'k': v, **kw} if v:\n        pass\n    case Point(x=0) as p:\n        pass\n    case -1 + 2j | None | True:\n        pass\n    case (a as b) | c:\n        pass\n    case [a as b, (c | d) as e, *_]:\n        pass\n    case a.b.c | 'str' | b'bytes':\n        pass\n    case {1: _, 'a': [x, y]}:\n        pass\n    case C(a, b, c=d):\n        pass\n    case _:\n        pass")]
#[case("match a, b:\n    case x, y if (z := x):\n        pass\nmatch (x := y):\n    case []:\n        pass\n    case ():\n        pass\n    case (x,):\n        pass\n    case -1:\n        pass")]
// docstrings and layout
#[case("'''module doc\nwith lines'''\nx = 1")]
#[case("def f():\n    '''a \"\"\" b'''\ndef g():\n    \"\"\"a ''' b\"\"\"\ndef h():\n    '''both \\''' and \"\"\" '''\ndef i():\n    'ends with quote\"'\ndef j():\n    '\\\\backslash \\x00 \\t tab'")]
#[case("def f():\n    pass\n    'not a docstring'\nclass A:\n    u'unicode doc'\nx = 'not a docstring'")]
// soft keywords used as names
#[case("match = 1\ncase = 2\ntype = 3\nmatch(x)\ntype(x)\n_ = 1\nlazy = 1\nprint(match, case, type)")]
fn round_trip(#[case] src: &str) {
    assert_roundtrip(src);
}

#[rstest]
#[case("(a + b) * c", "(a + b) * c")]
#[case("a + (b * c)", "a + b * c")]
#[case("a - (b - c)", "a - (b - c)")]
#[case("(a - b) - c", "a - b - c")]
#[case("-(a ** b)", "-a ** b")]
#[case("(-a) ** b", "(-a) ** b")]
#[case("a ** (-b)", "a ** -b")]
#[case("(a ** b) ** c", "(a ** b) ** c")]
#[case("a ** (b ** c)", "a ** b ** c")]
#[case("not (a and b)", "not (a and b)")]
#[case("(not a) and b", "not a and b")]
#[case("(a and b) or (c and d)", "a and b or c and d")]
#[case("a and (b or c)", "a and (b or c)")]
#[case("(a or b) or c", "(a or b) or c")]
#[case("-(not a)", "-(not a)")]
#[case("(a < b) < c", "(a < b) < c")]
#[case("a < (b | c)", "a < b | c")]
#[case("x = (yield)", "x = yield")]
#[case("f((yield))", "f((yield))")]
#[case("x = 1 if (yield) else 2", "x = 1 if (yield) else 2")]
#[case("lambda: (x := 1)", "lambda: (x := 1)")]
#[case("(x := 1)", "(x := 1)")]
#[case("f((x := 1))", "f(x := 1)")]
#[case("if (x := f()):\n    pass", "if x := f():\n    pass")]
#[case("f((x for x in y))", "f(x for x in y)")]
#[case("f((x for x in y), z)", "f((x for x in y), z)")]
#[case("(a if b else c) if d else e", "(a if b else c) if d else e")]
#[case("a if b else (c if d else e)", "a if b else c if d else e")]
#[case("(lambda: 1)()", "(lambda: 1)()")]
#[case("(a.b)(c)", "a.b(c)")]
#[case("(1).real", "1 .real")]
#[case("x = a, b", "x = (a, b)")]
#[case("a, b = c", "a, b = c")]
#[case("for (a, b) in c:\n    pass", "for a, b in c:\n    pass")]
#[case("x = a[(1, 2)]", "x = a[1, 2]")]
#[case("print(*(a or b))", "print(*(a or b))")]
#[case("await (a + b)", "await (a + b)")]
#[case("x = 10000000000000000.0", "x = 1e+16")]
#[case("x = 1e-5", "x = 1e-05")]
#[case("x = 1e400", "x = 1e309")]
#[case("x = 1.0j", "x = 1j")]
#[case("x = 'a' 'b'", "x = 'ab'")]
#[case("x = \"it's\"", "x = \"it's\"")]
#[case("x = '\\u2028\\t\\x7f\\xa0é'", "x = '\\u2028\\t\\x7f\\xa0é'")]
#[case("x = f\"{a!r:>{w}} {'q'}\"", "x = f\"{a!r:>{w}} {'q'}\"")]
#[case("x = f'{ {1}}'", "x = f'{ {1}}'")]
#[case("x = f'{(lambda: 1)}'", "x = f'{(lambda: 1)}'")]
#[case("x = f'{a if b else c}'", "x = f'{a if b else c}'")]
#[case("x = f'{a=}'", "x = f'{a=}'")]
#[case("if a:\n    pass\nelse:\n    if b:\n        pass", "if a:\n    pass\nelse:\n    if b:\n        pass")]
#[case("with (a, b):\n    pass", "with a, b:\n    pass")]
#[case("(x): int = 1", "(x): int = 1")]
#[case("def f(a: int=1, b=2): pass", "def f(a: int = 1, b=2):\n    pass")]
#[case("x = 1\ndef f(): pass\nclass A:\n    def g(self): pass\n    y = 2", "x = 1\n\ndef f():\n    pass\n\nclass A:\n\n    def g(self):\n        pass\n    y = 2")]
#[case("def f():\n    '''doc\n    more'''", "def f():\n    \"\"\"doc\n    more\"\"\"")]
fn exact_text(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(unparse(src), expected, "source:\n{src}");
    assert_roundtrip(src);
}

#[test]
fn unparse_expr_and_stmts() {
    let m = parse("x = (a + b) * c, d");
    let Stmt::Assign(a) = &m.body[0] else { panic!() };
    assert_eq!(unparse_expr(&a.value), "((a + b) * c, d)");
    assert_eq!(unparse_expr(&a.targets[0]), "x");
    assert_eq!(unparse_stmts(&m.body), "x = ((a + b) * c, d)\n");
    assert_eq!(unparse_module(&parse("")), "");
}

/// Replace the value of the single `x = ...` statement of `src`.
fn with_value(src: &str, f: impl FnOnce(&mut Expr)) -> ast::ModModule {
    let mut m = parse(src);
    let Some(Stmt::Assign(a)) = m.body.first_mut() else { panic!("{src}") };
    f(&mut a.value);
    m
}

fn set_number(e: &mut Expr, value: Number) {
    match e {
        Expr::NumberLiteral(n) => n.value = value,
        Expr::BinOp(b) => set_number(&mut b.left, value),
        Expr::Attribute(a) => set_number(&mut a.value, value),
        other => panic!("no number in {other:?}"),
    }
}

/// Numbers the parser never produces (a transpiler may): they print as equivalent
/// expressions with the right parentheses.
#[rstest]
#[case("x = 0.0", Number::Float(-1.5), "x = -1.5")]
#[case("x = 0.0 ** 2", Number::Float(-1.5), "x = (-1.5) ** 2")]
#[case("x = 0.0 .real", Number::Float(-0.0), "x = (-0.0).real")]
#[case("x = 0.0", Number::Float(f64::NAN), "x = (1e309-1e309)")]
#[case("x = 0.0", Number::Float(f64::NEG_INFINITY), "x = -1e309")]
#[case("x = 0.0 ** 2", Number::Float(f64::NEG_INFINITY), "x = (-1e309) ** 2")]
#[case("x = 0.0", Number::Complex { real: 1.0, imag: 2.5 }, "x = (1+2.5j)")]
#[case("x = 0.0", Number::Complex { real: 0.0, imag: -2.0 }, "x = -2j")]
#[case("x = 0.0 ** 2", Number::Complex { real: 0.0, imag: -2.0 }, "x = (-2j) ** 2")]
#[case("x = 0.0", Number::Complex { real: 0.0, imag: f64::INFINITY }, "x = 1e309j")]
fn synthetic_numbers(#[case] src: &str, #[case] value: Number, #[case] expected: &str) {
    let m = with_value(src, |e| set_number(e, value));
    let text = unparse_module(&m);
    assert_eq!(text.trim_end(), expected);
    assert!(parse_module(&text).is_ok(), "{text}");
}

/// ASTs no parser produces still print, without panicking.
#[test]
fn odd_asts_do_not_panic() {
    let mut m = parse("def f():\n    pass\nif a:\n    pass\nx = a and b\ny = a < b\nraise E from e");
    if let Stmt::FunctionDef(f) = &mut m.body[0] {
        f.body.clear();
    }
    if let Stmt::If(i) = &mut m.body[1] {
        i.body.clear();
    }
    if let Stmt::Assign(a) = &mut m.body[2]
        && let Expr::BoolOp(b) = a.value.as_mut()
    {
        b.values.truncate(1);
    }
    if let Stmt::Assign(a) = &mut m.body[3]
        && let Expr::Compare(c) = a.value.as_mut()
    {
        c.comparators = Vec::new().into_boxed_slice();
    }
    if let Stmt::Raise(r) = &mut m.body[4] {
        r.exc = None;
    }
    let text = unparse_module(&m);
    assert_eq!(text, "def f():\n    pass\nif a:\n    pass\nx = a\ny = a\nraise from e\n");
}

fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["/work/shared/corpus/tvm", "/work/shared/corpus/run"] {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "py") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

fn check_corpus(what: &str, module_of: impl Fn(&Path, &str) -> Option<ast::ModModule>) {
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus files found");
    let (mut checked, mut skipped) = (0usize, 0usize);
    let mut failures = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            skipped += 1;
            continue;
        };
        let Some(module) = module_of(path, &text) else {
            skipped += 1;
            continue;
        };
        checked += 1;
        if let Some(e) = roundtrip_error(&module) {
            failures.push(format!("{}: {e}", path.display()));
        }
    }
    eprintln!("{what}: {checked} files round-trip checked, {skipped} skipped, {} failed", failures.len());
    assert!(checked > files.len() / 2, "{what}: only {checked} of {} files could be checked", files.len());
    assert!(
        failures.is_empty(),
        "{what}: {} of {checked} files fail:\n{}",
        failures.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n\n")
    );
}

#[test]
fn corpus_sources_round_trip() {
    // Files that are not valid Python (error-case inputs) are skipped.
    check_corpus("sources", |_, text| parse_module(text).ok().map(|p| p.into_syntax()));
}

/// The transpiler writes `None` as a name; as text it can only read back as the
/// literal, so compare against that spelling.
fn spell_constants_as_literals(m: &mut ast::ModModule) {
    use rustpython_vm::compiler::ast::visitor::transformer::{walk_expr, Transformer};
    struct Literals;
    impl Transformer for Literals {
        fn visit_expr(&self, e: &mut Expr) {
            walk_expr(self, e);
            if let Expr::Name(n) = e {
                let range = n.range;
                *e = match n.id.as_str() {
                    "None" => Expr::NoneLiteral(ast::ExprNoneLiteral { range, node_index: Default::default() }),
                    "True" | "False" => Expr::BooleanLiteral(ast::ExprBooleanLiteral {
                        range,
                        node_index: Default::default(),
                        value: n.id.as_str() == "True",
                    }),
                    _ => return,
                };
            }
        }
    }
    for s in &mut m.body {
        Literals.visit_stmt(s);
    }
}

/// The TVM 0.27 definition decorators the corpus uses, as the dialects register them.
fn register_decorators() {
    use tvmscript::script::protocol::{register_decorator, DecoratorPolicy, DefinitionKind};
    let policy = |kind, jit| DecoratorPolicy { kind, tvm_spelling: true, jit };
    register_decorator("tirx", "prim_func", policy(DefinitionKind::Function, false));
    register_decorator("tirx", "jit", policy(DefinitionKind::Function, true));
    register_decorator("tirx", "macro", policy(DefinitionKind::Macro, false));
    register_decorator("tirx", "inline", policy(DefinitionKind::Macro, false));
    register_decorator("relax", "function", policy(DefinitionKind::Function, false));
    register_decorator("relax", "macro", policy(DefinitionKind::Macro, false));
    register_decorator("ir", "ir_module", policy(DefinitionKind::Module, false));
    register_decorator("ir", "pyfunc", policy(DefinitionKind::Python, false));
}

#[test]
fn corpus_builder_programs_round_trip() {
    // The transpiler's output is what `tvmscript transpile` shows. The corpus files
    // name their imports in comments only: bind the usual aliases.
    register_decorators();
    let mut env = Environment::default();
    for (alias, ns) in [("T", "tirx"), ("R", "relax"), ("I", "ir")] {
        env.namespaces.insert(alias.to_string(), ns.to_string());
    }
    let rewritten = std::sync::atomic::AtomicUsize::new(0);
    check_corpus("builder programs", |path, text| {
        let source = Source::new(&path.display().to_string(), text);
        let mut module = transpile_source(&source, &env).ok()?;
        spell_constants_as_literals(&mut module);
        if unparse_module(&module).contains("__tvm__") {
            rewritten.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Some(module)
    });
    let rewritten = rewritten.into_inner();
    eprintln!("builder programs: {rewritten} rewritten by the transpiler");
    assert!(rewritten > 1000, "the transpiler rewrote only {rewritten} files");
}
