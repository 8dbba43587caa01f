//! The syntax transpiler: rewrites a Python module so every TVMScript definition
//! becomes a *builder program*, ordinary Python calling the construction protocol
//! (`__tvm__.bind`, `__tvm__.store`, `__tvm__.emit`, `__tvm__.for_` …), while all
//! other code stays as written. The rewritten AST is compiled against the original
//! text, so tracebacks and diagnostics point at the user's own lines.
//!
//! A definition such as
//! ```python
//! @T.prim_func
//! def f(A: T.Buffer((4,), "float32")):
//!     for i in range(4):
//!         A[i] = A[i] + 1.0
//! ```
//! becomes
//! ```python
//! def __tvm_sig_f(__tvm_s):
//!     A = __tvm_s.param("A", T.Buffer((4,), "float32"))
//!     return (A,)
//! @T.prim_func
//! @__tvm__.builder("f", __tvm_sig_f, {...})
//! def f(A):
//!     range = __tvm__.range
//!     with __tvm__.for_(range(4), "i") as i:
//!         __tvm__.store(A, i, A[i] + 1.0)
//! del __tvm_sig_f
//! ```
//! The decorator receives the builder and constructs (or, inside a module class,
//! defers) the IR; the namespace owns what each protocol call means.

use std::collections::{HashMap, HashSet};

/// A set of names (scopes, globals): probed for every name the transpiler visits.
type NameSet = crate::fast_hash::FastSet<String>;

use ruff_text_size::{Ranged, TextRange};
use rustpython_vm::compiler::ast::{self, Expr, Stmt};
use rustpython_vm::compiler::ast::visitor::transformer::{walk_expr, Transformer};

use super::protocol::{self, DecoratorPolicy, DefinitionKind};
use super::scope::{self, BUILTINS};
use super::template::{self as tpl, Hole};

/// The name the builder program binds the runtime module to.
pub const RUNTIME: &str = "__tvm__";
/// The name prefix of generated signature builders (`__tvm_sig_f` for `f`).
pub const SIGNATURE_PREFIX: &str = "__tvm_sig_";

/// A syntax restriction, located in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxRestriction {
    /// What is not accepted.
    pub message: String,
    /// Where.
    pub range: TextRange,
}

/// What the transpiler knows about the environment of the source.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// Names bound by the caller (`extra_vars`) to namespaces: name -> namespace path.
    pub namespaces: HashMap<String, String>,
    /// Other names the caller binds (`extra_vars`): they resolve like globals.
    pub names: HashSet<String>,
    /// Namespace names supplied without the caller asking (a source string parsed
    /// without `extra_vars` gets a printed script's header names). A definition in
    /// the native spelling may not rely on them: its source imports its aliases.
    pub implicit: HashSet<String>,
    /// A source string (`tvm.script.from_source`): namespace aliases of native-spelling
    /// definitions come from imports or `extra_vars`, not from assignments it executes.
    pub source_string: bool,
}

/// Rewrite `module` in place into a builder program.
pub fn transpile(module: &mut ast::ModModule, env: &Environment) -> Result<(), SyntaxRestriction> {
    let scope = ModuleScope::of(module, env);
    transpile_with(module, scope, None)
}

/// The rest of a top-level class body, transpiled elsewhere (on another thread:
/// see `program::split`): the statements, and whether they use the runtime.
pub type ClassTail<'a> = Box<dyn FnOnce() -> Result<(Vec<Stmt>, bool), SyntaxRestriction> + 'a>;

/// [`transpile`] with the module's scope made beforehand; the body of the class at
/// top-level statement `tail.0` continues with what `tail.1` supplies.
pub fn transpile_with(module: &mut ast::ModModule, scope: ModuleScope, tail: Option<(usize, ClassTail<'_>)>) -> Result<(), SyntaxRestriction> {
    let mut cx = scope.0;
    let body = std::mem::take(&mut module.body);
    let mut out = Vec::with_capacity(body.len());
    let mut tail = tail;
    for (i, s) in body.into_iter().enumerate() {
        match s {
            Stmt::ClassDef(c) if tail.as_ref().is_some_and(|(at, _)| *at == i) => {
                let rest = tail.take().map(|(_, t)| t);
                cx.host_class(c, &[], rest, &mut out)?
            }
            s => cx.host_stmt(s, &[], &mut out)?,
        }
    }
    // Import the runtime after any `from __future__` imports.
    let at = out
        .iter()
        .position(|s| !matches!(s, Stmt::ImportFrom(i) if i.module.as_ref().is_some_and(|m| m.id.as_str() == "__future__")) && !is_docstring(s))
        .unwrap_or(out.len());
    if cx.used_runtime {
        let range = TextRange::default();
        out.insert(at, tpl::stmts("import _tvmscript_rt as __tvm__", vec![], range).remove(0));
    }
    module.body = out;
    Ok(())
}

/// What the transpiler learns from a whole module before rewriting any of it:
/// the namespace aliases its imports and assignments make, and its globals.
#[derive(Clone)]
pub struct ModuleScope(Context);

impl ModuleScope {
    /// The names `stmts` bind in their own scope.
    pub fn bound_names(stmts: &[Stmt]) -> crate::fast_hash::FastSet<String> {
        let mut names = NameSet::default();
        scope::bound_names(stmts, &mut names);
        names
    }

    /// Learn the aliases and globals of `module`.
    pub fn of(module: &ast::ModModule, env: &Environment) -> ModuleScope {
        ModuleScope(Context::new(module, env))
    }

    /// Transpile statements that continue the body of a top-level class, as
    /// [`transpile_with`] would in place; the names it makes end in `suffix`, so
    /// they differ from those made for the rest of the module.
    /// `bound`: the names the class body binds before `stmts` ([`ModuleScope::bound_names`]).
    pub fn class_body(self, bound: NameSet, stmts: Vec<Stmt>, suffix: &'static str) -> Result<(Vec<Stmt>, bool), SyntaxRestriction> {
        let mut cx = self.0;
        cx.suffix = suffix;
        let out = cx.class_block(stmts, &[], bound)?;
        Ok((out, cx.used_runtime))
    }
}

fn is_docstring(s: &Stmt) -> bool {
    matches!(s, Stmt::Expr(e) if matches!(&*e.value, Expr::StringLiteral(_)))
}

/// A namespace reference found by resolving a name or dotted path.
#[derive(Clone, Debug, PartialEq)]
enum Ref {
    /// A registered script namespace (`tirx`, `relax` …).
    Namespace(String),
    /// A Python package on the way to one (`tvm`, `tvm.script`).
    Package(String),
    /// A decorator of a namespace bound to a plain name (`pf = T.prim_func`).
    DecoratorAlias(String),
}

#[derive(Clone)]
struct Context {
    aliases: crate::fast_hash::FastMap<String, Ref>,
    /// Names bound at module level, by the caller, or builtins: resolvable as globals.
    globals: NameSet,
    used_runtime: bool,
    counter: usize,
    /// Ends the names [`Context::fresh`] makes (parts of a module transpiled apart).
    suffix: &'static str,
    /// Every namespace's definition decorator names: an attribute by any other name
    /// is no decorator, whatever its namespace (prescan asks of every `x = NS.f(...)`).
    decorator_names: std::sync::Arc<crate::fast_hash::FastSet<String>>,
    /// Namespace names the caller supplied implicitly and the source does not bind.
    implicit: NameSet,
    /// Namespace aliases a source string binds by assignment (`X = T`).
    assigned: NameSet,
    source_string: bool,
    /// Names bound so far in the class body being transpiled, for a definition
    /// directly in it (its annotations see them, as a Python method's do).
    class_names: Option<NameSet>,
    /// The class names of the definition whose signature is being transpiled.
    sig_class: Option<NameSet>,
    /// Names some `global` statement rebinds: a deferred module member's annotations
    /// read them as they are at its position, not at module construction.
    declared_global: NameSet,
}

impl Context {
    fn new(module: &ast::ModModule, env: &Environment) -> Self {
        let mut globals: NameSet = BUILTINS.iter().map(|s| s.to_string()).collect();
        scope::bound_names(&module.body, &mut globals);
        globals.extend(env.names.iter().cloned());
        globals.extend(env.namespaces.keys().cloned());
        let decorator_names = std::sync::Arc::new(protocol::decorators().into_iter().map(|(_, name, _)| name).collect());
        let mut cx = Context {
            aliases: Default::default(),
            globals,
            used_runtime: false,
            counter: 0,
            suffix: "",
            decorator_names,
            implicit: env.implicit.iter().cloned().collect(),
            assigned: NameSet::default(),
            source_string: env.source_string,
            class_names: None,
            sig_class: None,
            declared_global: NameSet::default(),
        };
        for (name, ns) in &env.namespaces {
            cx.aliases.insert(name.clone(), Ref::Namespace(ns.clone()));
        }
        cx.prescan(&module.body);
        cx
    }

    /// Collect namespace aliases from imports and plain alias assignments, anywhere.
    fn prescan(&mut self, body: &[Stmt]) {
        for s in body {
            match s {
                Stmt::Import(i) => {
                    for a in &i.names {
                        let full = a.name.id.as_str();
                        match &a.asname {
                            Some(asname) => {
                                let r = match protocol::namespace_of_module(full) {
                                    Some(ns) => Ref::Namespace(ns),
                                    None => Ref::Package(full.to_string()),
                                };
                                self.implicit.remove(asname.id.as_str());
                                self.aliases.insert(asname.id.to_string(), r);
                            }
                            None => {
                                let root = full.split('.').next().unwrap_or_default();
                                self.aliases.insert(root.to_string(), Ref::Package(root.to_string()));
                            }
                        }
                    }
                }
                Stmt::ImportFrom(i) => {
                    let Some(m) = &i.module else { continue };
                    for a in &i.names {
                        let full = format!("{}.{}", m.id, a.name.id);
                        let bound = a.asname.as_ref().unwrap_or(&a.name).id.to_string();
                        let r = match protocol::namespace_of_module(&full) {
                            Some(ns) => Ref::Namespace(ns),
                            None => Ref::Package(full),
                        };
                        self.implicit.remove(bound.as_str());
                        self.aliases.insert(bound, r);
                    }
                }
                Stmt::Assign(a) if a.targets.len() == 1 => {
                    if let Expr::Name(n) = &a.targets[0] {
                        if let Some(r @ Ref::Namespace(_)) = self.resolve(&a.value) {
                            if self.source_string {
                                self.assigned.insert(n.id.to_string());
                            }
                            self.implicit.remove(n.id.as_str());
                            self.aliases.insert(n.id.to_string(), r);
                        } else if self.decorator_of(&a.value).is_some() {
                            self.aliases.insert(n.id.to_string(), Ref::DecoratorAlias(n.id.to_string()));
                        }
                    }
                }
                Stmt::Global(g) => self.declared_global.extend(g.names.iter().map(|n| n.id.to_string())),
                _ => {}
            }
            for_each_child_block(s, |b| self.prescan(b));
        }
    }

    fn resolve(&self, e: &Expr) -> Option<Ref> {
        match e {
            Expr::Name(n) => self.aliases.get(n.id.as_str()).cloned(),
            Expr::Attribute(a) => match self.resolve(&a.value)? {
                Ref::Package(p) => {
                    let full = format!("{p}.{}", a.attr.id);
                    Some(match protocol::namespace_of_module(&full) {
                        Some(ns) => Ref::Namespace(ns),
                        None => Ref::Package(full),
                    })
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The policy of a definition decorator expression (`T.prim_func`, `T.prim_func(...)`,
    /// a re-export such as `tvm.script.ir_module`, or a name imported from either).
    fn decorator_of(&self, dec: &Expr) -> Option<(String, String, DecoratorPolicy)> {
        let target = match dec {
            Expr::Call(c) => &*c.func,
            other => other,
        };
        let a = match target {
            Expr::Attribute(a) => a,
            Expr::Name(n) => {
                return match self.aliases.get(n.id.as_str())? {
                    Ref::Package(path) => Self::member_decorator(path),
                    _ => None,
                };
            }
            _ => return None,
        };
        if !self.decorator_names.contains(a.attr.id.as_str()) {
            return None;
        }
        // A plain alias (`T`) is looked up without copying its namespace: prescan
        // asks this of every `x = NS.attr(...)` in the script.
        let resolved = match &*a.value {
            Expr::Name(n) => self.aliases.get(n.id.as_str())?,
            other => &self.resolve(other)?,
        };
        let ns = match resolved {
            Ref::Namespace(ns) => ns,
            Ref::Package(p) => return Self::member_decorator(&format!("{p}.{}", a.attr.id)),
            Ref::DecoratorAlias(_) => return None,
        };
        let policy = protocol::decorator_policy(ns, a.attr.id.as_str())?;
        Some((ns.clone(), a.attr.id.to_string(), policy))
    }

    /// The decorator a package path names (`tvm.script.ir_module`).
    fn member_decorator(path: &str) -> Option<(String, String, DecoratorPolicy)> {
        let (ns, member) = protocol::member_at_path(path)?;
        let policy = protocol::decorator_policy(&ns, &member)?;
        Some((ns, member, policy))
    }

    /// The first construction decorator of a definition, checking misuse.
    fn definition(&self, decorators: &[ast::Decorator]) -> Result<Option<(usize, String, DecoratorPolicy)>, SyntaxRestriction> {
        for (i, d) in decorators.iter().enumerate() {
            let target = match &d.expression {
                Expr::Call(c) => &*c.func,
                other => other,
            };
            if let Expr::Name(n) = target
                && let Some(Ref::DecoratorAlias(_)) = self.aliases.get(n.id.as_str())
            {
                return Err(SyntaxRestriction {
                    message: format!(
                        "`{}` is an alias of a TVMScript decorator; bare callable aliases are not supported, \
                         use the namespace form (e.g. `@T.prim_func`)",
                        n.id
                    ),
                    range: d.range,
                });
            }
            if let Some((ns, _, policy)) = self.decorator_of(&d.expression) {
                if !policy.tvm_spelling {
                    self.check_source_alias(target, &ns, d.range)?;
                }
                return Ok(Some((i, ns, policy)));
            }
        }
        Ok(None)
    }

    /// A native-spelling decorator's namespace name must be bound by the source's
    /// imports or by the caller: not supplied implicitly, and (in a source string)
    /// not assigned by the source itself.
    fn check_source_alias(&self, target: &Expr, ns: &str, range: ruff_text_size::TextRange) -> Result<(), SyntaxRestriction> {
        let Expr::Attribute(a) = target else { return Ok(()) };
        let Expr::Name(root) = &*a.value else { return Ok(()) };
        let name = root.id.as_str();
        let import = format!("from tvm.script import {ns} as {name}");
        if self.implicit.contains(name) {
            return Err(SyntaxRestriction {
                message: format!(
                    "`{name}` is not defined: a source string gets no implicit `{name}`; \
                     add `{import}` to the source or pass `extra_vars={{\"{name}\": {name}}}`"
                ),
                range,
            });
        }
        if self.assigned.contains(name) {
            return Err(SyntaxRestriction {
                message: format!(
                    "`{name}` is assigned in the source string; namespace aliases of a source string \
                     come from imports or extra_vars: write `{import}` or pass `extra_vars={{\"{name}\": ...}}`"
                ),
                range,
            });
        }
        Ok(())
    }

    fn fresh(&mut self, base: &str) -> String {
        self.counter += 1;
        format!("__tvm_{base}{}{}", self.counter, self.suffix)
    }

    // ---- host code: only definitions change -------------------------------------

    fn host_block(&mut self, body: Vec<Stmt>, scopes: &[NameSet]) -> Result<Vec<Stmt>, SyntaxRestriction> {
        let mut out = Vec::with_capacity(body.len());
        for s in body {
            self.host_stmt(s, scopes, &mut out)?;
        }
        Ok(out)
    }

    /// A class body: each statement sees the names the statements before it bound.
    fn class_block(&mut self, body: Vec<Stmt>, scopes: &[NameSet], mut bound: NameSet) -> Result<Vec<Stmt>, SyntaxRestriction> {
        let outer = self.class_names.take();
        let mut out = Vec::with_capacity(body.len());
        for s in body {
            let mut here = NameSet::default();
            scope::bound_names(std::slice::from_ref(&s), &mut here);
            self.class_names = Some(bound);
            self.host_stmt(s, scopes, &mut out)?;
            bound = self.class_names.take().unwrap_or_default();
            bound.extend(here);
        }
        self.class_names = outer;
        Ok(out)
    }

    fn host_stmt(&mut self, s: Stmt, scopes: &[NameSet], out: &mut Vec<Stmt>) -> Result<(), SyntaxRestriction> {
        match s {
            Stmt::FunctionDef(f) => {
                if let Some((_, ns, policy)) = self.definition(&f.decorator_list)? {
                    return self.definition_stmts(f, &ns, &policy, scopes, out);
                }
                let mut f = f;
                let mut inner = scopes.to_vec();
                let mut names = NameSet::default();
                scope::param_names(&f.parameters, &mut names);
                scope::bound_names(&f.body, &mut names);
                inner.push(names);
                // A function body does not see the class body around it.
                let class = self.class_names.take();
                f.body = self.host_block(std::mem::take(&mut f.body), &inner)?;
                self.class_names = class;
                out.push(Stmt::FunctionDef(f));
            }
            Stmt::ClassDef(c) => self.host_class(c, scopes, None, out)?,
            mut other => {
                let mut err = None;
                map_child_blocks(&mut other, &mut |b| {
                    if err.is_none() {
                        match self.host_block(std::mem::take(b), scopes) {
                            Ok(nb) => *b = nb,
                            Err(e) => err = Some(e),
                        }
                    }
                });
                if let Some(e) = err {
                    return Err(e);
                }
                out.push(other);
            }
        }
        Ok(())
    }

    /// A class: its body (continued by `tail`, when part of it was transpiled
    /// elsewhere), then the module wrapper if it defines an IR module.
    fn host_class(&mut self, mut c: ast::StmtClassDef, scopes: &[NameSet], tail: Option<ClassTail<'_>>, out: &mut Vec<Stmt>) -> Result<(), SyntaxRestriction> {
        let module = self.definition(&c.decorator_list)?.filter(|(_, _, p)| p.kind == DefinitionKind::Module);
        // Class scopes are not visible to nested functions: pass the outer scopes on
        // (only the annotations of its definitions see the class's names).
        c.body = self.class_block(std::mem::take(&mut c.body), scopes, NameSet::default())?;
        if let Some(tail) = tail {
            let (rest, used_runtime) = tail()?;
            c.body.extend(rest);
            self.used_runtime |= used_runtime;
        }
        if module.is_some() {
            self.used_runtime = true;
            let range = c.range;
            let token = self.fresh("module");
            let stmts = tpl::stmts(
                "E0 = __tvm__.enter_module()\ntry:\n    B0\nexcept BaseException:\n    __tvm__.abort_module(E1)\n    raise",
                vec![Hole::E(tpl::name(&token, range)), Hole::B(vec![Stmt::ClassDef(c)]), Hole::E(tpl::name(&token, range))],
                range,
            );
            out.extend(stmts);
        } else {
            out.push(Stmt::ClassDef(c));
        }
        Ok(())
    }

    // ---- definitions -----------------------------------------------------------

    fn definition_stmts(
        &mut self,
        f: ast::StmtFunctionDef,
        ns: &str,
        policy: &DecoratorPolicy,
        scopes: &[NameSet],
        out: &mut Vec<Stmt>,
    ) -> Result<(), SyntaxRestriction> {
        if policy.kind == DefinitionKind::Python {
            // `I.pyfunc`: an ordinary Python callable kept in the module.
            out.push(Stmt::FunctionDef(f));
            return Ok(());
        }
        self.used_runtime = true;
        // Only this definition's annotations see the class body; its body does not.
        let class = self.class_names.take();
        let r = self.definition_body(f, ns, policy, scopes, class.as_ref(), out);
        self.class_names = class;
        r
    }

    fn definition_body(
        &mut self,
        mut f: ast::StmtFunctionDef,
        ns: &str,
        policy: &DecoratorPolicy,
        scopes: &[NameSet],
        class: Option<&NameSet>,
        out: &mut Vec<Stmt>,
    ) -> Result<(), SyntaxRestriction> {
        let range = f.range;
        let name = f.name.id.to_string();

        // Names the body binds, and what an unresolvable name means. Loop-scoped:
        // bound only as `for` targets (one scan of the body for each set; a Relax
        // function binds thousands of names).
        let mut body_scope = NameSet::default();
        scope::bound_names(&f.body, &mut body_scope);
        let mut params = NameSet::default();
        scope::param_names(&f.parameters, &mut params);
        body_scope.extend(params.iter().cloned());
        if let Some(tp) = &f.type_params {
            for p in &tp.type_params {
                body_scope.insert(type_param_name(p).to_string());
            }
        }
        let mut inner = scopes.to_vec();
        inner.push(body_scope);

        let hygienic = macro_hygienic(&f.decorator_list);
        let mut decls = symbol_declarations(&f.body);
        // Scalar parameters (`n: T.int64`) give the dtype a shape string's symbol `n` takes.
        for a in &f.parameters.args {
            if let Some(ann) = &a.parameter.annotation
                && let Expr::Attribute(attr) = &**ann
                && attr.attr.id.parse::<crate::ir::DataType>().is_ok()
            {
                decls.entry(a.parameter.name.id.to_string()).or_insert_with(|| attr.attr.id.to_string());
            }
        }
        let frames = scope::VarFrames::new(params);
        let mut body = Body { cx: self, scopes: &inner, ns: ns.to_string(), kind: policy.kind, hygienic, frames };
        let new_body = body.block(std::mem::take(&mut f.body))?;

        if policy.kind == DefinitionKind::Macro {
            // Macros keep their Python parameters; the body runs in the caller's context.
            strip_annotations(&mut f.parameters);
            // `range` means the dialect's loop in macro bodies too.
            let mut stmts = tpl::stmts("range = __tvm__.range", vec![], range);
            stmts.extend(new_body);
            if stmts.is_empty() {
                stmts.push(tpl::stmts("pass", vec![], range).remove(0));
            }
            f.body = stmts;
            let marker = tpl::expr(
                "__tvm__.builder(E0, None, E1)",
                vec![Hole::E(tpl::string(&name, range)), Hole::E(self.options_dict(policy, &HashMap::new(), hygienic, &Specializable::default(), range))],
                range,
            );
            f.decorator_list.push(ast::Decorator { range, node_index: Default::default(), expression: marker });
            out.push(Stmt::FunctionDef(f));
            return Ok(());
        }

        // Function: a signature builder, then the body builder under the same name.
        let sig_name = format!("{SIGNATURE_PREFIX}{name}");
        self.sig_class = class.cloned();
        let sig = self.signature(&mut f, policy, scopes, range);
        let class = self.sig_class.take();
        let sig = sig?;
        let snapshot = class.map(|c| self.snapshot_names(&sig, &c, scopes)).unwrap_or_default();
        let (mut sig_stmts, body_params, kwonly) = (sig.stmts, sig.params, sig.kwonly);
        // A deferred member's annotations read the values at its position in the
        // class body: keyword-only parameters take them as defaults, evaluated where
        // the signature builder is defined; a missing one is unbound, so it raises only
        // when an annotation reads it.
        let mut sig_kwonly = kwonly.clone();
        let mut prologue = vec![];
        for n in &snapshot {
            let mut p = plain_param(n, range);
            p.default = Some(Box::new(tpl::expr(
                "__tvm__.snapshot(locals(), globals(), E0)",
                vec![Hole::E(tpl::string(n, range))],
                range,
            )));
            sig_kwonly.push(p);
            prologue.extend(tpl::stmts(
                "if E0 is __tvm__.MISSING:\n    del E1",
                vec![Hole::E(tpl::name(n, range)), Hole::E(del_name(n, range))],
                range,
            ));
        }
        prologue.append(&mut sig_stmts);
        let sig_stmts = prologue;
        let sig_def = match &sig.const_args {
            // JIT: the signature builder also reads the specialization map.
            Some(_) => tpl::stmts("def E0(__tvm_s, __tvm_map):\n    B0", vec![Hole::E(tpl::name(&sig_name, range)), Hole::B(sig_stmts)], range),
            None => tpl::stmts("def E0(__tvm_s):\n    B0", vec![Hole::E(tpl::name(&sig_name, range)), Hole::B(sig_stmts)], range),
        };
        // `def E0` above is a Name placeholder: give the function its real name.
        let mut sig_def = sig_def;
        if let Some(Stmt::FunctionDef(sd)) = sig_def.first_mut() {
            sd.name = ast::Identifier { id: sig_name.as_str().into(), range, node_index: Default::default() };
            sd.parameters.kwonlyargs = sig_kwonly;
            // Parameter names are not template holes: name the map's parameter here.
            if let (Some(map), Some(p)) = (&sig.const_args, sd.parameters.args.get_mut(1)) {
                p.parameter.name = ast::Identifier { id: map.as_str().into(), range, node_index: Default::default() };
            }
        }
        out.extend(sig_def);

        let mut params = ast::Parameters {
            range: f.parameters.range,
            node_index: Default::default(),
            posonlyargs: vec![],
            args: body_params,
            vararg: None,
            kwonlyargs: kwonly,
            kwarg: None,
        };
        strip_annotations(&mut params);
        f.parameters = Box::new(params);
        f.returns = None;
        f.type_params = None;
        let mut stmts = tpl::stmts("range = __tvm__.range", vec![], range);
        stmts.extend(new_body);
        f.body = stmts;
        let marker = tpl::expr(
            "__tvm__.builder(E0, E1, E2)",
            vec![
                Hole::E(tpl::string(&name, range)),
                Hole::E(tpl::name(&sig_name, range)),
                Hole::E(self.options_dict(policy, &decls, hygienic, &sig.specializable, range)),
            ],
            range,
        );
        f.decorator_list.push(ast::Decorator { range, node_index: Default::default(), expression: marker });
        out.push(Stmt::FunctionDef(f));
        out.extend(tpl::stmts("del E0", vec![Hole::E(tpl::name(&sig_name, range))], range));
        Ok(())
    }

    /// `{"tvm_spelling": .., "decls": {...}, "hygienic": ..}` for the builder record.
    fn options_dict(
        &self,
        policy: &DecoratorPolicy,
        decls: &HashMap<String, String>,
        hygienic: bool,
        jit: &Specializable,
        range: TextRange,
    ) -> Expr {
        let names = |v: &[String]| v.iter().map(|n| format!("{}, ", tpl::python_string_literal(n))).collect::<String>();
        let mut text = String::from("{");
        text.push_str(&format!(
            "\"tvm_spelling\": {}, \"jit\": {}, \"hygienic\": {}, \"constexpr\": ({}), \"optional\": ({}), \"decls\": {{",
            py_bool(policy.tvm_spelling),
            py_bool(policy.jit),
            py_bool(hygienic),
            names(&jit.constexpr),
            names(&jit.optional),
        ));
        let mut keys: Vec<_> = decls.iter().collect();
        keys.sort();
        for (k, v) in keys {
            text.push_str(&format!("{}: {}, ", tpl::python_string_literal(k), tpl::python_string_literal(v)));
        }
        text.push_str("}}");
        tpl::literal(&text, range)
    }

    /// The signature builder's statements and the body builder's parameters.
    fn signature(
        &mut self,
        f: &mut ast::StmtFunctionDef,
        policy: &DecoratorPolicy,
        scopes: &[NameSet],
        _range: TextRange,
    ) -> Result<Signature, SyntaxRestriction> {
        let mut stmts = vec![];
        let mut specializable = Specializable::default();
        // JIT signatures read the specialization map through a fresh name.
        let const_args = policy.jit.then(|| self.fresh("const_args"));
        let mut params = vec![];
        let mut values = vec![];
        // Names bound so far inside the signature builder.
        let mut sig_scope: NameSet = NameSet::default();

        if let Some(tp) = f.type_params.take() {
            for p in &tp.type_params {
                let pname = type_param_name(p).to_string();
                let r = p.range();
                let bound = match p {
                    ast::TypeParam::TypeVar(tv) => tv.bound.as_deref().cloned(),
                    _ => None,
                };
                let bound = match bound {
                    Some(b) => self.resolve_names(b, scopes, &sig_scope, "__tvm_s"),
                    None => tpl::none(r),
                };
                stmts.extend(tpl::stmts(
                    "E0 = __tvm_s.type_param(E1, E2)",
                    vec![Hole::E(store_name(&pname, r)), Hole::E(tpl::string(&pname, r)), Hole::E(bound)],
                    r,
                ));
                sig_scope.insert(pname.clone());
                values.push(tpl::name(&pname, r));
                params.push(plain_param(&pname, r));
            }
        }
        let p = &f.parameters;
        // JIT definitions take their compile-time constants as keyword-only parameters.
        let kwonly_ok = policy.jit;
        if p.vararg.is_some() || p.kwarg.is_some() || (!kwonly_ok && !p.kwonlyargs.is_empty()) || !p.posonlyargs.is_empty() {
            return Err(SyntaxRestriction {
                message: "TVMScript functions take plain positional parameters only".into(),
                range: p.range,
            });
        }
        // Compile-time constants: keyword-only parameters, and (JIT) positional ones
        // annotated `T.constexpr`. Every annotation sees their values, as TVM binds
        // them before the signature is read.
        let mut kwonly = vec![];
        let positional_constexpr =
            p.args.iter().filter(|a| policy.jit && a.parameter.annotation.as_deref().is_some_and(|e| self.is_constexpr(e)));
        for a in p.kwonlyargs.iter().chain(positional_constexpr) {
            let mut k = a.clone();
            k.parameter.annotation = None;
            sig_scope.insert(k.parameter.name.id.to_string());
            specializable.constexpr.push(k.parameter.name.id.to_string());
            kwonly.push(k);
        }
        let mut param_locals: HashMap<String, String> = HashMap::new();
        for a in &p.args {
            let pname = a.parameter.name.id.to_string();
            let r = a.range;
            if specializable.constexpr.contains(&pname) {
                continue;
            }
            let optional = policy.jit && a.parameter.annotation.as_deref().is_some_and(|e| self.is_optional(e));
            let ann = match &a.parameter.annotation {
                Some(ann) => {
                    if matches!(&**ann, Expr::StringLiteral(_)) {
                        return Err(SyntaxRestriction {
                            message: "quoted annotations are not supported in TVMScript: write the annotation as an \
                                      expression (string arguments inside it are fine)"
                                .into(),
                            range: ann.range(),
                        });
                    }
                    let mut e = self.resolve_names((**ann).clone(), scopes, &sig_scope, "__tvm_s");
                    ParamRenamer { names: &param_locals }.visit_expr(&mut e);
                    e
                }
                None => tpl::none(r),
            };
            // Parameters bind fresh locals: an annotation before the parameter still
            // reads the outer name (`A: T.Tensor((n,)), n: n`), later ones the parameter.
            let local = self.fresh("param");
            match (&const_args, optional) {
                // An optional parameter given as None in the map is absent: its
                // annotation is never evaluated.
                (Some(map), true) => {
                    specializable.optional.push(pname.clone());
                    stmts.extend(tpl::stmts(
                        "if __tvm_s.absent(E0, E1):\n    E2 = None\nelse:\n    E3 = __tvm_s.param(E4, E5)",
                        vec![
                            Hole::E(tpl::name(map, r)),
                            Hole::E(tpl::string(&pname, r)),
                            Hole::E(store_name(&local, r)),
                            Hole::E(store_name(&local, r)),
                            Hole::E(tpl::string(&pname, r)),
                            Hole::E(ann),
                        ],
                        r,
                    ));
                }
                _ => stmts.extend(tpl::stmts(
                    "E0 = __tvm_s.param(E1, E2)",
                    vec![Hole::E(store_name(&local, r)), Hole::E(tpl::string(&pname, r)), Hole::E(ann)],
                    r,
                )),
            }
            sig_scope.insert(pname.clone());
            values.push(tpl::name(&local, r));
            param_locals.insert(pname.clone(), local);
            params.push(plain_param(&pname, r));
        }
        if let Some(ret) = f.returns.take() {
            if matches!(&*ret, Expr::StringLiteral(_)) {
                return Err(SyntaxRestriction {
                    message: "quoted annotations are not supported in TVMScript".into(),
                    range: ret.range(),
                });
            }
            let r = ret.range();
            let mut ret = self.resolve_names(*ret, scopes, &sig_scope, "__tvm_s");
            ParamRenamer { names: &param_locals }.visit_expr(&mut ret);
            stmts.extend(tpl::stmts("__tvm_s.ret(E0)", vec![Hole::E(ret)], r));
        }
        let r = f.range;
        stmts.extend(tpl::stmts("return E0", vec![Hole::E(tpl::tuple(values, r))], r));
        Ok(Signature { stmts, params, kwonly, const_args, specializable })
    }

    /// `T.constexpr` (through any namespace alias), `constexpr`, or `T.constexpr | x`.
    fn is_constexpr(&self, e: &Expr) -> bool {
        self.is_namespace_member(e, "constexpr")
            || matches!(e, Expr::BinOp(b) if b.op == ast::Operator::BitOr && (self.is_constexpr(&b.left) || self.is_constexpr(&b.right)))
    }

    /// `T.Optional(annotation)`: a JIT parameter that specialization may remove.
    fn is_optional(&self, e: &Expr) -> bool {
        matches!(e, Expr::Call(c) if self.is_namespace_member(&c.func, "Optional"))
    }

    fn is_namespace_member(&self, e: &Expr, member: &str) -> bool {
        match e {
            Expr::Name(n) => n.id.as_str() == member,
            Expr::Attribute(a) => a.attr.id.as_str() == member && matches!(self.resolve(&a.value), Some(Ref::Namespace(_))),
            _ => false,
        }
    }

    /// Rewrite loads of names no scope binds into `<via>.name("x")`: such a name can
    /// only be a symbol the builder knows (declared by a shape string).
    fn resolve_names(&self, mut e: Expr, scopes: &[NameSet], local: &NameSet, via: &str) -> Expr {
        let r = NameResolver { cx: self, scopes, local, via };
        r.visit_expr(&mut e);
        e
    }

    fn resolvable(&self, name: &str, scopes: &[NameSet], local: &NameSet) -> bool {
        local.contains(name)
            || scopes.iter().any(|s| s.contains(name))
            || self.globals.contains(name)
            || self.sig_class.as_ref().is_some_and(|c| c.contains(name))
    }

    /// The names a deferred member's signature reads whose values may change before
    /// the module is built: names of the class body before it, and names a `global`
    /// statement rebinds. Closure names keep their Python scope.
    fn snapshot_names(&self, sig: &Signature, class: &NameSet, scopes: &[NameSet]) -> Vec<String> {
        let mut loads = NameLoads::default();
        for s in &sig.stmts {
            ast::visitor::Visitor::visit_stmt(&mut loads, s);
        }
        let taken: HashSet<&str> = sig.kwonly.iter().map(|k| k.parameter.name.id.as_str()).collect();
        let mut names: Vec<String> = loads
            .0
            .into_iter()
            .filter(|n| !n.starts_with("__tvm") && !taken.contains(n))
            .filter(|n| class.contains(*n) || (self.declared_global.contains(*n) && !scopes.iter().any(|s| s.contains(*n))))
            .map(str::to_string)
            .collect();
        names.sort();
        names
    }
}

/// A transpiled signature: the signature builder's statements, the body builder's
/// positional and keyword-only parameters, and what JIT specialization may supply.
struct Signature {
    stmts: Vec<Stmt>,
    params: Vec<ast::ParameterWithDefault>,
    kwonly: Vec<ast::ParameterWithDefault>,
    /// The fresh name of the specialization map (JIT definitions only).
    const_args: Option<String>,
    specializable: Specializable,
}

/// Parameter names a JIT specialization may supply: constants, and optional
/// parameters it may mark absent with None.
#[derive(Default)]
struct Specializable {
    constexpr: Vec<String>,
    optional: Vec<String>,
}

/// Loads of earlier parameters in a signature read their fresh locals.
struct ParamRenamer<'a> {
    names: &'a HashMap<String, String>,
}

impl Transformer for ParamRenamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Name(n) if n.ctx == ast::ExprContext::Load => {
                if let Some(local) = self.names.get(n.id.as_str()) {
                    n.id = local.as_str().into();
                }
            }
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {}
            _ => walk_expr(self, expr),
        }
    }
}

/// Loads of a name bound under a fresh Python name in an enclosing frame read that name.
struct ShadowRenamer<'a> {
    frames: &'a scope::VarFrames,
}

impl Transformer for ShadowRenamer<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Name(n) if n.ctx == ast::ExprContext::Load => {
                if let Some(py) = self.frames.load(n.id.as_str()) {
                    n.id = py.into();
                }
            }
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {}
            _ => walk_expr(self, expr),
        }
    }
}

/// The names statements load (outside lambdas and comprehensions), borrowed.
#[derive(Default)]
struct NameLoads<'a>(HashSet<&'a str>);

impl<'a> ast::visitor::Visitor<'a> for NameLoads<'a> {
    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(n) if n.ctx == ast::ExprContext::Load => {
                self.0.insert(n.id.as_str());
            }
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {}
            _ => ast::visitor::walk_expr(self, expr),
        }
    }
}

struct NameResolver<'a> {
    cx: &'a Context,
    scopes: &'a [NameSet],
    local: &'a NameSet,
    via: &'a str,
}

impl Transformer for NameResolver<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Name(n) if n.ctx == ast::ExprContext::Load && !self.cx.resolvable(n.id.as_str(), self.scopes, self.local) => {
                let r = n.range;
                let s = tpl::string(n.id.as_str(), r);
                *expr = if self.via == "__tvm_s" {
                    tpl::expr("__tvm_s.name(E0)", vec![Hole::E(s)], r)
                } else {
                    tpl::expr("__tvm__.name(E0)", vec![Hole::E(s)], r)
                };
            }
            // Comprehensions and lambdas bind their own names: leave them alone.
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {}
            _ => walk_expr(self, expr),
        }
    }
}

/// Rewrites the constructs whose Python meaning needs `bool()` of an operand (`and`,
/// `or`, `not`, chained comparisons, conditional expressions) or reorders operands
/// (comparisons with a literal on the left) into runtime calls, so the namespace
/// decides what they mean for IR operands (TVM's parser evaluates them itself).
/// Comprehensions and lambdas keep plain Python semantics, as in TVM.
struct LogicRewriter;

impl Transformer for LogicRewriter {
    fn visit_expr(&self, expr: &mut Expr) {
        match expr {
            Expr::Lambda(_) | Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => return,
            _ => walk_expr(self, expr),
        }
        let r = expr.range();
        let placeholder = || tpl::none(r);
        match expr {
            Expr::BoolOp(b) => {
                let op = if b.op == ast::BoolOp::And { "and" } else { "or" };
                let values = std::mem::take(&mut b.values);
                // `a and b and c` -> bool_op("and", bool_op("and", a, lambda: b), lambda: c),
                // folding from the left as TVM's parser does.
                let mut it = values.into_iter();
                let mut acc = it.next().unwrap_or_else(placeholder);
                for v in it {
                    acc = tpl::expr(
                        "__tvm__.bool_op(E0, E1, lambda: E2)",
                        vec![Hole::E(tpl::string(op, r)), Hole::E(acc), Hole::E(v)],
                        r,
                    );
                }
                *expr = acc;
            }
            Expr::UnaryOp(u) if u.op == ast::UnaryOp::Not => {
                let operand = std::mem::replace(&mut *u.operand, placeholder());
                *expr = tpl::expr("__tvm__.not_(E0)", vec![Hole::E(operand)], r);
            }
            // Every comparison: Python would swap `3 <= x` into `x >= 3`.
            Expr::Compare(c) => {
                let ops = c.ops.iter().map(|o| tpl::string(o.as_str(), r)).collect();
                let mut operands = vec![std::mem::replace(&mut *c.left, placeholder())];
                operands.extend(std::mem::take(&mut c.comparators));
                *expr = tpl::expr(
                    "__tvm__.compare(E0, E1)",
                    vec![Hole::E(tpl::tuple(ops, r)), Hole::E(tpl::tuple(operands, r))],
                    r,
                );
            }
            Expr::If(i) => {
                let test = std::mem::replace(&mut *i.test, placeholder());
                let body = std::mem::replace(&mut *i.body, placeholder());
                let orelse = std::mem::replace(&mut *i.orelse, placeholder());
                *expr = tpl::expr(
                    "__tvm__.if_exp(E0, lambda: E1, lambda: E2)",
                    vec![Hole::E(test), Hole::E(body), Hole::E(orelse)],
                    r,
                );
            }
            _ => {}
        }
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

fn type_param_name(p: &ast::TypeParam) -> &str {
    match p {
        ast::TypeParam::TypeVar(t) => t.name.id.as_str(),
        ast::TypeParam::ParamSpec(t) => t.name.id.as_str(),
        ast::TypeParam::TypeVarTuple(t) => t.name.id.as_str(),
    }
}

fn store_name(id: &str, range: TextRange) -> Expr {
    Expr::Name(ast::ExprName { node_index: Default::default(), range, id: id.into(), ctx: ast::ExprContext::Store })
}

fn del_name(id: &str, range: TextRange) -> Expr {
    Expr::Name(ast::ExprName { node_index: Default::default(), range, id: id.into(), ctx: ast::ExprContext::Del })
}

fn plain_param(name: &str, range: TextRange) -> ast::ParameterWithDefault {
    ast::ParameterWithDefault {
        range,
        node_index: Default::default(),
        parameter: ast::Parameter {
            range,
            node_index: Default::default(),
            name: ast::Identifier { id: name.into(), range, node_index: Default::default() },
            annotation: None,
        },
        default: None,
    }
}

fn strip_annotations(p: &mut ast::Parameters) {
    for a in p.posonlyargs.iter_mut().chain(p.args.iter_mut()).chain(p.kwonlyargs.iter_mut()) {
        a.parameter.annotation = None;
    }
    if let Some(v) = p.vararg.as_mut() {
        v.annotation = None;
    }
    if let Some(v) = p.kwarg.as_mut() {
        v.annotation = None;
    }
}

/// `hygienic=False` written literally on a macro decorator.
fn macro_hygienic(decorators: &[ast::Decorator]) -> bool {
    for d in decorators {
        if let Expr::Call(c) = &d.expression {
            for k in c.arguments.keywords.iter() {
                if k.arg.as_ref().is_some_and(|a| a.id.as_str() == "hygienic")
                    && matches!(&k.value, Expr::BooleanLiteral(b) if !b.value)
                {
                    return false;
                }
            }
        }
    }
    true
}

/// `n = T.int64()` statements at the top of a body declare the dtype of symbol `n`.
fn symbol_declarations(body: &[Stmt]) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for s in body {
        if let Stmt::Assign(a) = s
            && a.targets.len() == 1
            && let Expr::Name(n) = &a.targets[0]
            && let Expr::Call(c) = &*a.value
            && c.arguments.args.is_empty()
            && c.arguments.keywords.is_empty()
            && let Expr::Attribute(attr) = &*c.func
            && attr.attr.id.parse::<crate::ir::DataType>().is_ok()
        {
            out.insert(n.id.to_string(), attr.attr.id.to_string());
        }
    }
    out
}

/// Call `f` on each statement block directly inside `s`.
fn for_each_child_block(s: &Stmt, mut f: impl FnMut(&[Stmt])) {
    match s {
        Stmt::FunctionDef(d) => f(&d.body),
        Stmt::ClassDef(c) => f(&c.body),
        Stmt::For(x) => {
            f(&x.body);
            f(&x.orelse);
        }
        Stmt::While(x) => {
            f(&x.body);
            f(&x.orelse);
        }
        Stmt::If(x) => {
            f(&x.body);
            for c in &x.elif_else_clauses {
                f(&c.body);
            }
        }
        Stmt::With(x) => f(&x.body),
        Stmt::Try(t) => {
            f(&t.body);
            for h in &t.handlers {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                f(&h.body);
            }
            f(&t.orelse);
            f(&t.finalbody);
        }
        Stmt::Match(m) => {
            for c in &m.cases {
                f(&c.body);
            }
        }
        _ => {}
    }
}

/// Call `f` on each statement block directly inside `s`, mutably (not function or class bodies).
fn map_child_blocks(s: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    match s {
        Stmt::For(x) => {
            f(&mut x.body);
            f(&mut x.orelse);
        }
        Stmt::While(x) => {
            f(&mut x.body);
            f(&mut x.orelse);
        }
        Stmt::If(x) => {
            f(&mut x.body);
            for c in x.elif_else_clauses.iter_mut() {
                f(&mut c.body);
            }
        }
        Stmt::With(x) => f(&mut x.body),
        Stmt::Try(t) => {
            f(&mut t.body);
            for h in t.handlers.iter_mut() {
                let ast::ExceptHandler::ExceptHandler(h) = h;
                f(&mut h.body);
            }
            f(&mut t.orelse);
            f(&mut t.finalbody);
        }
        Stmt::Match(m) => {
            for c in m.cases.iter_mut() {
                f(&mut c.body);
            }
        }
        _ => {}
    }
}

// ---- script bodies -------------------------------------------------------------

struct Body<'a> {
    cx: &'a mut Context,
    scopes: &'a [NameSet],
    #[allow(dead_code)]
    ns: String,
    kind: DefinitionKind,
    hygienic: bool,
    /// TVM's variable-table frames: a loop's variables leave scope with it (a later
    /// use is an undefined name) and a shadowed outer binding is back after it.
    frames: scope::VarFrames,
}

impl Body<'_> {
    fn block(&mut self, body: Vec<Stmt>) -> Result<Vec<Stmt>, SyntaxRestriction> {
        let mut out = Vec::with_capacity(body.len());
        for (i, s) in body.into_iter().enumerate() {
            if i == 0 && is_docstring(&s) {
                continue;
            }
            self.stmt(s, &mut out)?;
        }
        Ok(out)
    }

    /// Rewrite unresolvable names in an expression (they may be builder symbols).
    fn e(&self, e: Expr) -> Expr {
        let mut e = self.resolved(e);
        // Before the logic rewrite, whose lambdas the renamer would not enter.
        if self.frames.any_renamed() {
            ShadowRenamer { frames: &self.frames }.visit_expr(&mut e);
        }
        LogicRewriter.visit_expr(&mut e);
        e
    }

    /// A binding target with each name stored under the Python name its frame gives it.
    fn bind_target(&mut self, t: &mut Expr) {
        match t {
            Expr::Name(n) => {
                let cx = &mut *self.cx;
                let name = n.id.to_string();
                let py = self.frames.bind(&name, || cx.fresh(&name));
                if py != name {
                    n.id = py.as_str().into();
                }
            }
            Expr::Tuple(tu) => tu.elts.iter_mut().for_each(|e| self.bind_target(e)),
            Expr::List(l) => l.elts.iter_mut().for_each(|e| self.bind_target(e)),
            Expr::Starred(st) => self.bind_target(&mut st.value),
            _ => {}
        }
    }

    /// `del` of the names of `target` that the frame just ended bound under their own
    /// Python name and no enclosing frame binds (TVM pops them with the frame).
    fn unbind(&self, target: &Expr, ended: &NameSet) -> Option<Stmt> {
        let mut names = NameSet::default();
        scope::target_names(target, &mut names);
        if names.is_empty() || !names.iter().all(|n| ended.contains(n) && !self.frames.visible(n)) {
            return None;
        }
        Some(delete_targets(target))
    }

    fn resolved(&self, e: Expr) -> Expr {
        if self.hygienic {
            self.cx.resolve_names(e, self.scopes, &NameSet::default(), "__tvm__")
        } else {
            // Non-hygienic macros read free names at the use site, falling back to definition.
            let empty: &[NameSet] = &[];
            let mut local = NameSet::default();
            if let Some(last) = self.scopes.last() {
                local.extend(last.iter().cloned());
            }
            let globals_only = Context {
                aliases: Default::default(),
                globals: BUILTINS.iter().map(|s| s.to_string()).collect(),
                used_runtime: false,
                counter: 0,
                suffix: "",
                decorator_names: Default::default(),
                implicit: NameSet::default(),
                assigned: NameSet::default(),
                source_string: false,
                class_names: None,
                sig_class: None,
                declared_global: NameSet::default(),
            };
            globals_only.resolve_names(e, empty, &local, "__tvm__")
        }
    }

    fn stmt(&mut self, s: Stmt, out: &mut Vec<Stmt>) -> Result<(), SyntaxRestriction> {
        let range = s.range();
        match s {
            Stmt::Assign(a) => {
                let value = self.e(*a.value);
                if a.targets.len() != 1 {
                    let tmp = self.cx.fresh("value");
                    out.extend(tpl::stmts("E0 = E1", vec![Hole::E(store_name(&tmp, range)), Hole::E(value)], range));
                    for t in a.targets {
                        self.assign(t, tpl::name(&tmp, range), range, out)?;
                    }
                } else {
                    let t = a.targets.into_iter().next().unwrap_or_else(|| tpl::name("_", range));
                    self.assign(t, value, range, out)?;
                }
            }
            Stmt::AnnAssign(a) => {
                let Expr::Name(n) = &*a.target else {
                    return Err(SyntaxRestriction { message: "an annotated assignment must bind a plain name".into(), range });
                };
                let name = n.id.to_string();
                let ann = self.e(*a.annotation);
                let value = a.value.map(|v| self.e(*v));
                let mut target = *a.target;
                self.bind_target(&mut target);
                let stmts = match value {
                    Some(v) => tpl::stmts(
                        "E0 = __tvm__.bind_annotated(E1, E2, E3)",
                        vec![Hole::E(target), Hole::E(tpl::string(&name, range)), Hole::E(ann), Hole::E(v)],
                        range,
                    ),
                    None => tpl::stmts(
                        "E0 = __tvm__.declare(E1, E2)",
                        vec![Hole::E(target), Hole::E(tpl::string(&name, range)), Hole::E(ann)],
                        range,
                    ),
                };
                out.extend(stmts);
            }
            Stmt::AugAssign(a) => {
                let op_expr = Expr::BinOp(ast::ExprBinOp {
                    node_index: Default::default(),
                    range,
                    left: Box::new(load_copy(&a.target)),
                    op: a.op,
                    right: a.value,
                });
                let value = self.e(op_expr);
                self.assign(*a.target, value, range, out)?;
            }
            Stmt::Expr(e) => {
                let v = self.e(*e.value);
                out.extend(tpl::stmts("__tvm__.emit(E0)", vec![Hole::E(v)], range));
            }
            Stmt::For(f) => {
                if !f.orelse.is_empty() {
                    return Err(SyntaxRestriction { message: "`for ... else` is not supported in TVMScript".into(), range });
                }
                let iter = self.e(*f.iter);
                // The hook gets the target names so loop variables are named as written.
                let names = target_spec(&f.target).unwrap_or_else(|| tpl::none(range));
                self.frames.push();
                let mut target = *f.target;
                self.bind_target(&mut target);
                let body = self.block(f.body);
                let ended = self.frames.pop();
                let body = body?;
                let unbind = self.unbind(&target, &ended);
                out.extend(tpl::stmts(
                    "with __tvm__.for_(E0, E1) as E2:\n    B0",
                    vec![Hole::E(iter), Hole::E(names), Hole::E(target), Hole::B(non_empty(body, range))],
                    range,
                ));
                out.extend(unbind);
            }
            Stmt::While(w) => {
                if !w.orelse.is_empty() {
                    return Err(SyntaxRestriction { message: "`while ... else` is not supported in TVMScript".into(), range });
                }
                let cond = self.e(*w.test);
                self.frames.push();
                let body = self.block(w.body);
                self.frames.pop();
                let body = body?;
                out.extend(tpl::stmts(
                    "with __tvm__.while_(E0):\n    B0",
                    vec![Hole::E(cond), Hole::B(non_empty(body, range))],
                    range,
                ));
            }
            Stmt::If(i) => {
                let stmts = self.if_chain(*i.test, i.body, i.elif_else_clauses, range)?;
                out.extend(stmts);
            }
            Stmt::With(mut w) => {
                // No frame: a Relax dataflow block's outputs stay bound after it.
                for item in w.items.iter_mut() {
                    let ctx = std::mem::replace(&mut item.context_expr, tpl::none(range));
                    // The hook also gets the `as` target's names (for naming what it binds).
                    let names = item.optional_vars.as_deref().and_then(target_spec).unwrap_or_else(|| tpl::none(range));
                    item.context_expr =
                        tpl::expr("__tvm__.with_(E0, E1)", vec![Hole::E(self.e(ctx)), Hole::E(names)], range);
                    if let Some(t) = item.optional_vars.as_deref_mut() {
                        self.bind_target(t);
                    }
                }
                w.body = non_empty(self.block(std::mem::take(&mut w.body))?, range);
                out.push(Stmt::With(w));
            }
            Stmt::Assert(a) => {
                let test = self.e(*a.test);
                let msg = match a.msg {
                    Some(m) => self.e(*m),
                    None => tpl::none(range),
                };
                out.extend(tpl::stmts("__tvm__.assert_(E0, E1)", vec![Hole::E(test), Hole::E(msg)], range));
            }
            Stmt::Return(r) => {
                let v = match r.value {
                    Some(v) => self.e(*v),
                    None => tpl::none(range),
                };
                if self.kind == DefinitionKind::Macro {
                    out.extend(tpl::stmts("return __tvm__.macro_return(E0)", vec![Hole::E(v)], range));
                } else {
                    out.extend(tpl::stmts("__tvm__.return_(E0)", vec![Hole::E(v)], range));
                }
            }
            Stmt::Break(_) => out.extend(tpl::stmts("__tvm__.break_()", vec![], range)),
            Stmt::Continue(_) => out.extend(tpl::stmts("__tvm__.continue_()", vec![], range)),
            Stmt::FunctionDef(f) => {
                if let Some((_, ns, policy)) = self.cx.definition(&f.decorator_list)? {
                    self.cx.definition_stmts(f, &ns, &policy, self.scopes, out)?;
                } else {
                    let mut tmp = vec![];
                    self.cx.host_stmt(Stmt::FunctionDef(f), self.scopes, &mut tmp)?;
                    out.extend(tmp);
                }
            }
            other => {
                self.cx.host_stmt(other, self.scopes, out)?;
            }
        }
        Ok(())
    }

    fn if_chain(
        &mut self,
        test: Expr,
        body: Vec<Stmt>,
        mut rest: Vec<ast::ElifElseClause>,
        range: TextRange,
    ) -> Result<Vec<Stmt>, SyntaxRestriction> {
        let cond = self.e(test);
        let then = non_empty(self.block(body)?, range);
        let has_else = !rest.is_empty();
        let orelse = if rest.is_empty() {
            tpl::stmts("pass", vec![], range)
        } else {
            let first = rest.remove(0);
            match first.test {
                Some(t) => self.if_chain(t, first.body, rest, first.range)?,
                None => non_empty(self.block(first.body)?, range),
            }
        };
        let flag = self.cx.fresh("branch");
        Ok(tpl::stmts(
            "for E0 in __tvm__.if_(E1, E2):\n    if E3:\n        B0\n    else:\n        B1",
            vec![
                Hole::E(store_name(&flag, range)),
                Hole::E(cond),
                Hole::E(tpl::name(py_bool(has_else), range)),
                Hole::E(tpl::name(&flag, range)),
                Hole::B(then),
                Hole::B(orelse),
            ],
            range,
        ))
    }

    /// `target = value` through the binding hooks.
    fn assign(&mut self, target: Expr, value: Expr, range: TextRange, out: &mut Vec<Stmt>) -> Result<(), SyntaxRestriction> {
        match target {
            Expr::Name(n) => {
                let s = tpl::string(n.id.as_str(), n.range);
                let mut target = Expr::Name(n);
                self.bind_target(&mut target);
                out.extend(tpl::stmts(
                    "E0 = __tvm__.bind(E1, E2)",
                    vec![Hole::E(target), Hole::E(s), Hole::E(value)],
                    range,
                ));
            }
            Expr::Tuple(_) | Expr::List(_) => {
                let names = target_spec(&target).ok_or_else(|| SyntaxRestriction {
                    message: "only names can be unpacked in a TVMScript assignment".into(),
                    range,
                })?;
                let mut target = target;
                self.bind_target(&mut target);
                out.extend(tpl::stmts(
                    "E0 = __tvm__.bind(E1, E2)",
                    vec![Hole::E(target), Hole::E(names), Hole::E(value)],
                    range,
                ));
            }
            Expr::Subscript(s) => {
                let obj = self.e(*s.value);
                let index = slices_to_calls(self.e(*s.slice));
                out.extend(tpl::stmts(
                    "__tvm__.store(E0, E1, E2)",
                    vec![Hole::E(obj), Hole::E(index), Hole::E(value)],
                    range,
                ));
            }
            Expr::Attribute(mut a) => {
                *a.value = self.e(*a.value);
                out.extend(tpl::stmts("E0 = E1", vec![Hole::E(Expr::Attribute(a)), Hole::E(value)], range));
            }
            other => {
                return Err(SyntaxRestriction {
                    message: "this assignment target is not supported in TVMScript".into(),
                    range: other.range(),
                });
            }
        }
        Ok(())
    }
}

/// A load-context copy of an assignment target (for `x += v` → `x = x + v`).
/// `del <target>` (every name of a loop target).
fn delete_targets(t: &Expr) -> Stmt {
    let mut t = t.clone();
    set_ctx(&mut t, ast::ExprContext::Del);
    let range = t.range();
    let targets = match t {
        Expr::Tuple(tu) => tu.elts,
        Expr::List(l) => l.elts,
        other => vec![other],
    };
    // `for *rest, r in ...` binds `rest`: `del rest, r`.
    let targets = targets
        .into_iter()
        .map(|e| match e {
            Expr::Starred(s) => *s.value,
            other => other,
        })
        .collect();
    Stmt::Delete(ast::StmtDelete { node_index: Default::default(), range, targets })
}

fn set_ctx(e: &mut Expr, ctx: ast::ExprContext) {
    match e {
        Expr::Name(n) => n.ctx = ctx,
        Expr::Tuple(t) => t.elts.iter_mut().for_each(|x| set_ctx(x, ctx)),
        Expr::List(l) => l.elts.iter_mut().for_each(|x| set_ctx(x, ctx)),
        Expr::Starred(s) => set_ctx(&mut s.value, ctx),
        _ => {}
    }
}

fn load_copy(t: &Expr) -> Expr {
    let mut c = t.clone();
    set_load(&mut c);
    c
}

fn set_load(e: &mut Expr) {
    match e {
        Expr::Name(n) => n.ctx = ast::ExprContext::Load,
        Expr::Subscript(s) => s.ctx = ast::ExprContext::Load,
        Expr::Attribute(a) => a.ctx = ast::ExprContext::Load,
        Expr::Tuple(t) => {
            t.ctx = ast::ExprContext::Load;
            t.elts.iter_mut().for_each(set_load);
        }
        _ => {}
    }
}

/// The names an unpacking target binds, as a nested tuple of strings (`"*rest"` for starred).
fn target_spec(t: &Expr) -> Option<Expr> {
    let r = t.range();
    match t {
        Expr::Name(n) => Some(tpl::string(n.id.as_str(), r)),
        Expr::Starred(s) => match &*s.value {
            Expr::Name(n) => Some(tpl::string(&format!("*{}", n.id), r)),
            _ => None,
        },
        Expr::Tuple(tu) => Some(tpl::tuple(tu.elts.iter().map(target_spec).collect::<Option<Vec<_>>>()?, r)),
        Expr::List(l) => Some(tpl::tuple(l.elts.iter().map(target_spec).collect::<Option<Vec<_>>>()?, r)),
        _ => None,
    }
}

/// Slices are syntax only inside subscripts; as call arguments they become `slice(...)`.
fn slices_to_calls(e: Expr) -> Expr {
    match e {
        Expr::Slice(s) => {
            let r = s.range;
            let part = |p: Option<Box<Expr>>| p.map(|b| *b).unwrap_or_else(|| tpl::none(r));
            tpl::expr(
                "slice(E0, E1, E2)",
                vec![Hole::E(part(s.lower)), Hole::E(part(s.upper)), Hole::E(part(s.step))],
                r,
            )
        }
        Expr::Tuple(mut t) => {
            t.elts = t.elts.into_iter().map(slices_to_calls).collect();
            Expr::Tuple(t)
        }
        other => other,
    }
}

fn non_empty(mut body: Vec<Stmt>, range: TextRange) -> Vec<Stmt> {
    if body.is_empty() {
        body.extend(tpl::stmts("pass", vec![], range));
    }
    body
}
