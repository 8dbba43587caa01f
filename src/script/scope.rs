//! Scope facts for the transpiler: which names a block binds, so a name read in
//! TVMScript can be told apart from one only the IR builder knows (a symbol
//! declared by a shape string in the signature).

use crate::fast_hash::FastSet;

use rustpython_vm::compiler::ast::{self, Expr, Stmt};

/// Names bound directly in `body` (not inside nested functions or classes,
/// whose own names count).
pub fn bound_names(body: &[Stmt], out: &mut FastSet<String>) {
    collect(body, out, true);
}

/// The names `body` binds other than as `for` targets (loop variables leave scope
/// with their loop in TVMScript, other bindings stay).
pub fn bound_outside_loops(body: &[Stmt], out: &mut FastSet<String>) {
    collect(body, out, false);
}

fn collect(body: &[Stmt], out: &mut FastSet<String>, loop_targets: bool) {
    for s in body {
        bound_in_stmt(s, out, loop_targets);
    }
}

fn bound_in_stmt(s: &Stmt, out: &mut FastSet<String>, loops: bool) {
    match s {
        Stmt::FunctionDef(f) => {
            out.insert(f.name.id.as_str().to_owned());
        }
        Stmt::ClassDef(c) => {
            out.insert(c.name.id.as_str().to_owned());
        }
        Stmt::Assign(a) => a.targets.iter().for_each(|t| target_names(t, out)),
        Stmt::AnnAssign(a) => target_names(&a.target, out),
        Stmt::AugAssign(a) => target_names(&a.target, out),
        Stmt::TypeAlias(t) => target_names(&t.name, out),
        Stmt::For(f) => {
            if loops {
                target_names(&f.target, out);
            }
            collect(&f.body, out, loops);
            collect(&f.orelse, out, loops);
        }
        Stmt::While(w) => {
            collect(&w.body, out, loops);
            collect(&w.orelse, out, loops);
        }
        Stmt::If(i) => {
            collect(&i.body, out, loops);
            for c in &i.elif_else_clauses {
                collect(&c.body, out, loops);
            }
        }
        Stmt::With(w) => {
            for item in &w.items {
                if let Some(v) = &item.optional_vars {
                    target_names(v, out);
                }
            }
            collect(&w.body, out, loops);
        }
        Stmt::Try(t) => {
            collect(&t.body, out, loops);
            for h in &t.handlers {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                if let Some(n) = &h.name {
                    out.insert(n.id.as_str().to_owned());
                }
                collect(&h.body, out, loops);
            }
            collect(&t.orelse, out, loops);
            collect(&t.finalbody, out, loops);
        }
        Stmt::Match(m) => {
            for c in &m.cases {
                collect(&c.body, out, loops);
            }
        }
        Stmt::Import(i) => {
            for a in &i.names {
                let name = a.asname.as_ref().map(|n| n.id.as_str().to_owned()).unwrap_or_else(|| {
                    a.name.id.split('.').next().unwrap_or_default().to_string()
                });
                out.insert(name);
            }
        }
        Stmt::ImportFrom(i) => {
            for a in &i.names {
                out.insert(a.asname.as_ref().unwrap_or(&a.name).id.as_str().to_owned());
            }
        }
        Stmt::Global(g) => g.names.iter().for_each(|n| {
            out.insert(n.id.as_str().to_owned());
        }),
        Stmt::Nonlocal(g) => g.names.iter().for_each(|n| {
            out.insert(n.id.as_str().to_owned());
        }),
        _ => {}
    }
}

/// Names an assignment target binds.
pub fn target_names(t: &Expr, out: &mut FastSet<String>) {
    match t {
        Expr::Name(n) => {
            out.insert(n.id.as_str().to_owned());
        }
        Expr::Tuple(t) => t.elts.iter().for_each(|e| target_names(e, out)),
        Expr::List(l) => l.elts.iter().for_each(|e| target_names(e, out)),
        Expr::Starred(s) => target_names(&s.value, out),
        _ => {}
    }
}

/// Parameter names of a function.
pub fn param_names(p: &ast::Parameters, out: &mut FastSet<String>) {
    for a in p.posonlyargs.iter().chain(&p.args).chain(&p.kwonlyargs) {
        out.insert(a.parameter.name.id.as_str().to_owned());
    }
    if let Some(v) = &p.vararg {
        out.insert(v.name.id.as_str().to_owned());
    }
    if let Some(v) = &p.kwarg {
        out.insert(v.name.id.as_str().to_owned());
    }
}

/// Python's builtin names: always resolvable.
pub const BUILTINS: &[&str] = &[
    "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes",
    "callable", "chr", "classmethod", "compile", "complex", "copyright", "credits", "delattr", "dict", "dir",
    "divmod", "enumerate", "eval", "exec", "exit", "filter", "float", "format", "frozenset", "getattr",
    "globals", "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter",
    "len", "license", "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct", "open",
    "ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set", "setattr",
    "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip", "__import__",
    "__name__", "__file__", "__doc__", "__builtins__", "__spec__", "__loader__", "__package__",
    "__debug__", "__build_class__", "None", "True", "False", "Ellipsis", "NotImplemented",
    "BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError", "EOFError",
    "ImportError", "IndexError", "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError",
    "ModuleNotFoundError", "NameError", "NotImplementedError", "OSError", "OverflowError",
    "RecursionError", "RuntimeError", "StopIteration", "SyntaxError", "SystemExit", "TypeError",
    "UnboundLocalError", "ValueError", "ZeroDivisionError", "Warning", "UserWarning",
    "DeprecationWarning", "RuntimeWarning", "FileNotFoundError", "PermissionError", "IOError",
    "GeneratorExit", "StopAsyncIteration", "BufferError", "ConnectionError", "TimeoutError",
    "UnicodeError", "UnicodeDecodeError", "UnicodeEncodeError", "BaseExceptionGroup", "ExceptionGroup",
];
