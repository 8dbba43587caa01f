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
    /// A field this side does not have (TVM's `attr_missing`).
    AttrMissing(Arc<str>),
    /// An array element past this side's end (one side is shorter).
    IndexMissing(usize),
    /// A map key this side does not have.
    MapKeyMissing(Value),
}

impl PathStep {
    /// TVM's `AccessKind` number of this step (`ATTR` 0 … `MAP_ITEM_MISSING` 5).
    pub fn kind_code(&self) -> u8 {
        match self {
            PathStep::Attr(_) => 0,
            PathStep::Index(_) => 1,
            PathStep::MapKey(_) => 2,
            PathStep::AttrMissing(_) => 3,
            PathStep::IndexMissing(_) => 4,
            PathStep::MapKeyMissing(_) => 5,
        }
    }
}

/// A map key as a path shows it: a module's function is keyed by its GlobalVar,
/// shown as TVM's paths show it (`I.GlobalVar("main")`); other keys by their repr.
fn key_repr(k: &Value) -> String {
    match k {
        Value::Object(o) => match o.downcast_ref::<crate::ir::GlobalVarNode>() {
            Some(gv) => format!("I.GlobalVar({:?})", &*gv.name_hint),
            None => k.repr(),
        },
        _ => k.repr(),
    }
}

impl fmt::Display for PathStep {
    /// As TVM writes a step: `.name`, `[2]`, `["key"]`, `[<missing:2>]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Attr(name) => write!(f, ".{name}"),
            PathStep::Index(i) => write!(f, "[{i}]"),
            PathStep::MapKey(k) => write!(f, "[{}]", key_repr(k)),
            PathStep::AttrMissing(name) => write!(f, "[<missing:{:?}>]", &**name),
            PathStep::IndexMissing(i) => write!(f, "[<missing:{i}>]"),
            PathStep::MapKeyMissing(k) => write!(f, "[<missing:{}>]", key_repr(k)),
        }
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
    /// This path then the array element `i` that this side lacks.
    pub fn index_missing(&self, i: usize) -> Self {
        self.extend(PathStep::IndexMissing(i))
    }
    /// This path then the map entry of `key` that this side lacks.
    pub fn map_key_missing(&self, key: Value) -> Self {
        if !self.is_tracked() {
            return AccessPath::untracked();
        }
        self.extend(PathStep::MapKeyMissing(key))
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
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for AccessPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
