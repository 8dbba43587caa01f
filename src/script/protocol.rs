//! The construction protocol registry: which namespaces exist (`tirx`, `relax`,
//! `ir`, `s_tir`, and extensions) and which of their members are definition
//! decorators of which kind. The transpiler consults it to recognise `@T.prim_func`
//! at a definition site; dialects register their syntax policies here.

use std::sync::{OnceLock, RwLock};

use crate::fast_hash::FastMap;

/// What a decorator defines (`DEFINITION_KIND`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefinitionKind {
    /// Regular and JIT IR definitions.
    Function,
    /// Inline and macro expansion: the body builds IR in the caller's context.
    Macro,
    /// A retained Python callable (`I.pyfunc`).
    Python,
    /// A module class (`@I.ir_module`).
    Module,
}

impl DefinitionKind {
    /// TVM's name of the kind (`"FUNCTION"` …).
    pub fn name(self) -> &'static str {
        match self {
            DefinitionKind::Function => "FUNCTION",
            DefinitionKind::Macro => "MACRO",
            DefinitionKind::Python => "PYTHON",
            DefinitionKind::Module => "MODULE",
        }
    }
}

/// How a definition decorator is spelled and what it builds.
#[derive(Clone, Debug, PartialEq)]
pub struct DecoratorPolicy {
    /// What the decorator defines.
    pub kind: DefinitionKind,
    /// `true` for TVM 0.27's spelling (`@T.prim_func`): strings in buffer shapes
    /// declare symbols. `false` for the native spelling (`@T.function`).
    pub tvm_spelling: bool,
    /// A JIT decorator (`const_args` selects root JIT construction).
    pub jit: bool,
}

#[derive(Default)]
struct Registry {
    /// namespace path -> decorator name -> policy (the transpiler asks for every
    /// `x = NS.attr(...)` of a script, thousands in a Relax function).
    decorators: FastMap<String, FastMap<String, DecoratorPolicy>>,
    /// Python module paths that import as a namespace (`tvm.script.tirx` -> `tirx`).
    modules: FastMap<String, String>,
    /// Members a package re-exports from a namespace (`tvm.script.ir_module` ->
    /// (`ir`, `ir_module`)), keyed by their full path.
    exports: FastMap<String, (String, String)>,
}

fn registry() -> &'static RwLock<Registry> {
    static REG: OnceLock<RwLock<Registry>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

/// Declare a namespace under its canonical path; `from tvm.script import <path>`
/// and `import tvm.script.<path>` then name it.
pub fn register_namespace_path(path: &str) {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.decorators.entry(path.to_string()).or_default();
    for prefix in ["tvm.script.", "tvm.script.parser."] {
        reg.modules.insert(format!("{prefix}{path}"), path.to_string());
    }
}

/// Register a definition decorator of a namespace.
pub fn register_decorator(namespace: &str, name: &str, policy: DecoratorPolicy) {
    register_namespace_path(namespace);
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.decorators.entry(namespace.to_string()).or_default().insert(name.to_string(), policy);
}

/// Declare that the Python package `package` re-exports `member` of `namespace`
/// (TVM's `tvm.script.ir_module` is `tvm.script.ir.ir_module`).
pub fn register_export(package: &str, namespace: &str, member: &str) {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.exports.insert(format!("{package}.{member}"), (namespace.to_string(), member.to_string()));
}

/// The namespace member a full dotted path names (`tvm.script.ir_module`,
/// `tvm.script.tirx.prim_func`), through a re-export or a namespace module.
pub fn member_at_path(path: &str) -> Option<(String, String)> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = reg.exports.get(path) {
        return Some(found.clone());
    }
    let (module, member) = path.rsplit_once('.')?;
    Some((reg.modules.get(module)?.clone(), member.to_string()))
}

/// Every re-export as (package, namespace, member), sorted (the `tvm` stdlib package
/// binds them at import).
pub fn exports() -> Vec<(String, String, String)> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    let mut v: Vec<_> = reg
        .exports
        .iter()
        .map(|(path, (ns, member))| {
            let package = path[..path.len() - member.len() - 1].to_string();
            (package, ns.clone(), member.clone())
        })
        .collect();
    v.sort();
    v
}

/// The policy of the decorator `namespace.name`, if it is a definition decorator.
pub fn decorator_policy(namespace: &str, name: &str) -> Option<DecoratorPolicy> {
    registry().read().unwrap_or_else(|e| e.into_inner()).decorators.get(namespace)?.get(name).cloned()
}

/// Whether `path` is a registered namespace.
pub fn is_namespace(path: &str) -> bool {
    registry().read().unwrap_or_else(|e| e.into_inner()).decorators.contains_key(path)
}

/// The namespace a Python module path imports as, if any.
pub fn namespace_of_module(module: &str) -> Option<String> {
    registry().read().unwrap_or_else(|e| e.into_inner()).modules.get(module).cloned()
}

/// All namespaces, sorted.
pub fn namespaces() -> Vec<String> {
    let mut v: Vec<String> = registry().read().unwrap_or_else(|e| e.into_inner()).decorators.keys().cloned().collect();
    v.sort();
    v
}

/// Every namespace's registered decorators with their policies, sorted by namespace
/// then name (`tvm.script.parser.protocol_registry`).
pub fn decorators() -> Vec<(String, String, DecoratorPolicy)> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    let mut v: Vec<_> = reg
        .decorators
        .iter()
        .flat_map(|(ns, ds)| ds.iter().map(move |(n, p)| (ns.clone(), n.clone(), p.clone())))
        .collect();
    v.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    v
}
