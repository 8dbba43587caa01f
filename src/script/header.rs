//! The names a printed script's header binds (`from tvm.script import tirx as T`,
//! `from tvm.tirx.layout import Axis` …), which a printed script uses without
//! importing them. Each dialect declares its own when it registers; the command
//! line, `bench`, the REPL and `tvm.script.from_source` read them here, so the core
//! never lists a dialect's alias.
//!
//! The printer's header lines are registered separately (`printer::register_import`):
//! they follow the printer's configuration (`tirx.prefix` …), while these are the
//! default spellings a script is parsed with.

use std::sync::{OnceLock, RwLock};

use super::protocol;
use super::Environment;

/// Names every printed script may use whatever dialects are registered: `tvm` and
/// `typing.TypeVar` (the header's generic imports).
pub const CORE_NAMES: &[&str] = &["tvm", "TypeVar"];

/// How a header name is bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderBinding {
    /// `from tvm.script import <namespace> as <name>`: a script namespace, by path.
    Namespace(String),
    /// `from <module> import <name>`: a plain name (`Axis` from `tvm.tirx.layout`).
    Import(String),
}

/// A name a printed script's header binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderName {
    /// The bound name (`T`, `Axis` …).
    pub name: String,
    /// What binds it.
    pub binding: HeaderBinding,
    /// Order among names of the same kind: lower first (namespace aliases come
    /// before plain names). The built-ins: `T` 10, `I` 20, `R` 30, `Ts` 40.
    pub rank: i32,
}

impl HeaderName {
    /// The Python statement that binds the name.
    pub fn import_statement(&self) -> String {
        match &self.binding {
            HeaderBinding::Namespace(ns) => format!("from tvm.script import {ns} as {}", self.name),
            HeaderBinding::Import(module) => format!("from {module} import {}", self.name),
        }
    }
}

fn registry() -> &'static RwLock<Vec<HeaderName>> {
    static REG: OnceLock<RwLock<Vec<HeaderName>>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

fn declare(entry: HeaderName) {
    let mut names = registry().write().unwrap_or_else(|e| e.into_inner());
    // Declaring a name again replaces it, so a dialect may register twice.
    names.retain(|n| n.name != entry.name);
    names.push(entry);
}

/// Declare that printed scripts bind `alias` to the script namespace `namespace`
/// (`T` -> `tirx`). The alias is only bound while the namespace is registered
/// (`protocol::register_namespace_path` or `register_decorator`).
pub fn declare_namespace_alias(alias: &str, namespace: &str, rank: i32) {
    declare(HeaderName { name: alias.to_string(), binding: HeaderBinding::Namespace(namespace.to_string()), rank });
}

/// Declare that printed scripts bind `name` as `from <module> import <name>`
/// (`Axis` from `tvm.tirx.layout`).
pub fn declare_imported_name(name: &str, module: &str, rank: i32) {
    declare(HeaderName { name: name.to_string(), binding: HeaderBinding::Import(module.to_string()), rank });
}

/// The header names of the registered dialects: namespace aliases (of registered
/// namespaces only) by rank, then plain names by rank.
pub fn header_names() -> Vec<HeaderName> {
    let mut names: Vec<HeaderName> = registry()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter(|n| match &n.binding {
            HeaderBinding::Namespace(ns) => protocol::is_namespace(ns),
            HeaderBinding::Import(_) => true,
        })
        .cloned()
        .collect();
    names.sort_by_key(|n| (matches!(n.binding, HeaderBinding::Import(_)), n.rank, n.name.clone()));
    names
}

/// `(alias, namespace path)` of every registered namespace alias, in header order
/// (`T` tirx, `I` ir, `R` relax, `Ts` s_tir for the built-ins).
pub fn namespace_aliases() -> Vec<(String, String)> {
    header_names()
        .into_iter()
        .filter_map(|n| match n.binding {
            HeaderBinding::Namespace(ns) => Some((n.name, ns)),
            HeaderBinding::Import(_) => None,
        })
        .collect()
}

/// What the transpiler knows of a printed script's environment: the namespace
/// aliases, the plain header names and [`CORE_NAMES`].
pub fn printed_environment() -> Environment {
    let mut env = Environment::default();
    for n in header_names() {
        match n.binding {
            HeaderBinding::Namespace(ns) => {
                env.namespaces.insert(n.name, ns);
            }
            HeaderBinding::Import(_) => {
                env.names.insert(n.name);
            }
        }
    }
    env.names.extend(CORE_NAMES.iter().map(|s| s.to_string()));
    env
}

/// Python source that binds [`CORE_NAMES`] and every header name; an import that
/// fails leaves its name unbound rather than failing the whole header.
pub fn printed_globals_source() -> String {
    // `_typing.TypeVar` is `typing.TypeVar` (the class lives in the native module);
    // importing `typing` itself took about a quarter of a one-file `tvmscript print`.
    let mut code = String::from("import tvm\nfrom _typing import TypeVar\n");
    for n in header_names() {
        code.push_str(&format!("try:\n    {}\nexcept ImportError:\n    pass\n", n.import_statement()));
    }
    code
}

/// The names [`printed_globals_source`] binds, in order: [`CORE_NAMES`], then the
/// header names.
pub fn printed_names() -> Vec<String> {
    CORE_NAMES.iter().map(|s| s.to_string()).chain(header_names().into_iter().map(|n| n.name)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_dialects_declare_their_aliases_in_header_order() {
        crate::init();
        let env = printed_environment();
        for (alias, ns) in [("T", "tirx"), ("I", "ir"), ("R", "relax"), ("Ts", "s_tir")] {
            assert_eq!(env.namespaces.get(alias).map(String::as_str), Some(ns), "{alias}");
        }
        for name in ["tvm", "TypeVar", "Axis"] {
            assert!(env.names.contains(name), "{name}");
        }
        let names = printed_names();
        let at = |n: &str| names.iter().position(|x| x == n).unwrap_or_else(|| panic!("{n} missing"));
        let order: Vec<usize> = ["tvm", "TypeVar", "T", "I", "R", "Ts", "Axis"].iter().map(|n| at(n)).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        assert!(printed_globals_source().contains("from tvm.tirx.layout import Axis\n"));
    }
}
