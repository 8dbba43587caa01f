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

/// TVM's variable table as the transpiler follows it statically. A loop or `while`
/// body is a frame: what it binds is visible until the frame ends, and a
/// name it binds that an enclosing frame already binds shadows that binding only
/// inside the frame (TVM's parser pops the frame and the outer value is back). The
/// builder program gives such a shadowing binding a fresh Python name, so the
/// outer variable keeps its value. (An `if` is no frame here: whether it is one in
/// TVM depends on its condition being an IR value, known only when it runs; nor is a
/// `with`, whose meaning is the dialect's: a Relax dataflow block's outputs stay bound.)
pub struct VarFrames {
    frames: Vec<VarFrame>,
    renames: usize,
}

#[derive(Default)]
struct VarFrame {
    /// Names bound in this frame under their own Python name.
    bound: FastSet<String>,
    /// Names bound in this frame under a fresh Python name (they shadow an outer one).
    renamed: std::collections::HashMap<String, String>,
}

impl VarFrames {
    /// The function's frame, binding its parameters.
    pub fn new(params: FastSet<String>) -> VarFrames {
        VarFrames { frames: vec![VarFrame { bound: params, renamed: Default::default() }], renames: 0 }
    }

    /// Open a nested frame (a block's scope).
    pub fn push(&mut self) {
        self.frames.push(VarFrame::default());
    }

    /// End the innermost frame; the names it bound under their own Python name.
    pub fn pop(&mut self) -> FastSet<String> {
        let f = self.frames.pop().unwrap_or_default();
        self.renames -= f.renamed.len();
        f.bound
    }

    /// Whether a frame binds `name` (as the program reads it at this point).
    pub fn visible(&self, name: &str) -> bool {
        self.frames.iter().any(|f| f.bound.contains(name) || f.renamed.contains_key(name))
    }

    /// Whether some binding in scope has a fresh Python name.
    pub fn any_renamed(&self) -> bool {
        self.renames > 0
    }

    /// The Python name a load of `name` reads, when it is not `name` itself.
    pub fn load(&self, name: &str) -> Option<&str> {
        for f in self.frames.iter().rev() {
            if let Some(r) = f.renamed.get(name) {
                return Some(r);
            }
            if f.bound.contains(name) {
                return None;
            }
        }
        None
    }

    /// Bind `name` in the innermost frame; the Python name to store it under
    /// (`fresh()` makes one when the binding shadows an enclosing frame's).
    pub fn bind(&mut self, name: &str, fresh: impl FnOnce() -> String) -> String {
        let depth = self.frames.len();
        let shadows = depth > 1 && self.frames[..depth - 1].iter().any(|f| f.bound.contains(name) || f.renamed.contains_key(name));
        let Some(top) = self.frames.last_mut() else { return name.to_string() };
        if let Some(r) = top.renamed.get(name) {
            return r.clone();
        }
        if top.bound.contains(name) || !shadows {
            top.bound.insert(name.to_string());
            return name.to_string();
        }
        let r = fresh();
        top.renamed.insert(name.to_string(), r.clone());
        self.renames += 1;
        r
    }
}
