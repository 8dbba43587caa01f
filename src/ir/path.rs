//! Access paths: how to reach a sub-object from a root (`<root>.body.seq[1].value`).
//!
//! Structural equality reports mismatches as paths, and every printer Doc remembers
//! the path of the IR it came from, so either side can underline the other.

use std::fmt;
use std::sync::Arc;

use super::value::Value;

/// One step from an object to a part of it.
#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// A reflected field, by name.
    Attr(Arc<str>),
    /// An element of an array.
    Index(usize),
    /// The value stored under a map key.
    MapKey(Value),
    /// The end of an array or map was reached on this side (one side is shorter).
    Missing,
    /// An array element the other side has and this one lacks (`[<missing:3>]`).
    MissingIndex(usize),
    /// A map key the other side has and this one lacks (`[<missing:"k">]`).
    MissingKey(Value),
}

/// A map key as a path shows it: a GlobalVar as `I.GlobalVar("name")`, as TVM's
/// paths name a module's functions; other values by their `repr`.
fn key_repr(k: &Value) -> String {
    match k {
        Value::Object(o) => match o.downcast_ref::<super::expr::GlobalVarNode>() {
            Some(gv) => format!("I.GlobalVar({:?})", &*gv.name_hint),
            None => k.repr(),
        },
        _ => k.repr(),
    }
}

/// A path from the root object, built by appending steps. Cheap to clone and extend:
/// steps are shared through a parent link, as in TVM's `AccessPath`.
///
/// An *untracked* path records nothing: extending it is free and gives it back. The
/// printer walks with one when no configuration asks for paths (underlines,
/// annotations), so the common case builds no path at all.
#[derive(Clone, Default)]
pub struct AccessPath(Option<Arc<PathNode>>, Tracking);

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Tracking {
    #[default]
    On,
    Off,
}

struct PathNode {
    parent: AccessPath,
    step: PathStep,
    depth: usize,
}

impl AccessPath {
    /// The empty path (the root object itself).
    pub fn root() -> Self {
        AccessPath(None, Tracking::On)
    }
    /// The path that records nothing (see the type's documentation).
    pub fn untracked() -> Self {
        AccessPath(None, Tracking::Off)
    }
    /// Whether this path records its steps.
    pub fn is_tracked(&self) -> bool {
        self.1 == Tracking::On
    }
    /// This path and one more step.
    pub fn extend(&self, step: PathStep) -> Self {
        if !self.is_tracked() {
            return AccessPath::untracked();
        }
        AccessPath(Some(Arc::new(PathNode { parent: self.clone(), step, depth: self.len() + 1 })), Tracking::On)
    }
    /// This path then the field `name`.
    pub fn attr(&self, name: &str) -> Self {
        if !self.is_tracked() {
            return AccessPath::untracked();
        }
        self.extend(PathStep::Attr(name.into()))
    }
    /// This path then the array element `i`.
    pub fn index(&self, i: usize) -> Self {
        self.extend(PathStep::Index(i))
    }
    /// This path then the map entry of `key`.
    pub fn map_key(&self, key: Value) -> Self {
        if !self.is_tracked() {
            return AccessPath::untracked();
        }
        self.extend(PathStep::MapKey(key))
    }
    /// This path then a missing element (one side is shorter).
    pub fn missing(&self) -> Self {
        self.extend(PathStep::Missing)
    }
    /// The number of steps.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |n| n.depth)
    }
    /// Whether this is the root path.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
    /// The path without its last step.
    pub fn parent(&self) -> Option<&AccessPath> {
        self.0.as_ref().map(|n| &n.parent)
    }
    /// The last step.
    pub fn last(&self) -> Option<&PathStep> {
        self.0.as_ref().map(|n| &n.step)
    }
    /// The steps from the root, in order.
    pub fn steps(&self) -> Vec<PathStep> {
        let mut out = Vec::with_capacity(self.len());
        let mut cur = self;
        while let Some(node) = &cur.0 {
            out.push(node.step.clone());
            cur = &node.parent;
        }
        out.reverse();
        out
    }
    /// Whether `self` is `other` or lies below it.
    pub fn starts_with(&self, other: &AccessPath) -> bool {
        let mut cur = self;
        while cur.len() > other.len() {
            cur = cur.parent().expect("depth > 0 has a parent");
        }
        cur == other
    }
}

impl PartialEq for AccessPath {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, None) => self.1 == other.1,
            (Some(a), Some(b)) => {
                Arc::ptr_eq(a, b) || (a.depth == b.depth && a.step == b.step && a.parent == b.parent)
            }
            _ => false,
        }
    }
}

impl fmt::Display for AccessPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_tracked() {
            return f.write_str("<untracked>");
        }
        f.write_str("<root>")?;
        for step in self.steps() {
            match step {
                PathStep::Attr(name) => write!(f, ".{name}")?,
                PathStep::Index(i) => write!(f, "[{i}]")?,
                PathStep::MapKey(k) => write!(f, "[{}]", key_repr(&k))?,
                PathStep::Missing => f.write_str("[<missing>]")?,
                PathStep::MissingIndex(i) => write!(f, "[<missing:{i}>]")?,
                PathStep::MissingKey(k) => write!(f, "[<missing:{}>]", key_repr(&k))?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for AccessPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
