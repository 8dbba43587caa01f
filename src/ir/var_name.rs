//! A variable's name. TVM names a variable in place when a script binds it
//! (`IRBuilder.name` sets `name_hint`): `v = T.axis.spatial(...)` names the
//! iteration variable the call made. A [`VarName`] takes that one late name without
//! rebuilding everything that already holds the variable.

use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use super::error::Result;
use super::object::ChildRef;
use super::value::{no_children, Field, Value};

/// The name a variable was made with, or the one it was given later (once).
#[derive(Default)]
pub struct VarName {
    made: Arc<str>,
    given: OnceLock<Arc<str>>,
}

impl VarName {
    /// The current name as a shared string.
    pub fn to_arc(&self) -> Arc<str> {
        self.given.get().unwrap_or(&self.made).clone()
    }

    /// Give the variable `name`. A variable takes one late name: false when it
    /// already has a different one.
    pub fn give(&self, name: &str) -> bool {
        if &**self == name {
            return true;
        }
        self.given.set(name.into()).is_ok()
    }
}

impl Deref for VarName {
    type Target = str;
    fn deref(&self) -> &str {
        self.given.get().unwrap_or(&self.made)
    }
}

impl Clone for VarName {
    /// A copy has the current name as the one it was made with.
    fn clone(&self) -> Self {
        VarName { made: self.to_arc(), given: OnceLock::new() }
    }
}

impl fmt::Debug for VarName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for VarName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl PartialEq for VarName {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl From<&str> for VarName {
    fn from(s: &str) -> Self {
        VarName::from(Arc::<str>::from(s))
    }
}

impl From<String> for VarName {
    fn from(s: String) -> Self {
        VarName::from(Arc::<str>::from(s))
    }
}

impl From<Arc<str>> for VarName {
    fn from(s: Arc<str>) -> Self {
        VarName { made: s, given: OnceLock::new() }
    }
}

impl Field for VarName {
    fn to_value(&self) -> Value {
        Value::Str(self.to_arc())
    }
    fn from_value(v: Value) -> Result<Self> {
        Arc::<str>::from_value(v).map(VarName::from)
    }
    no_children!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_given_once_and_copies_keep_it() {
        let n = VarName::from("v");
        assert!(n.give("v"), "the same name needs no giving");
        assert!(n.give("v0"));
        assert_eq!(&*n, "v0");
        assert!(!n.give("v1"), "a second, different name is refused");
        assert!(n.give("v0"));
        let copy = n.clone();
        assert_eq!(&*copy, "v0");
        assert!(copy.give("w"), "a copy starts with its name as made");
        assert_eq!((&*n, &*copy), ("v0", "w"));
        assert_eq!(VarName::from_value(n.to_value()).unwrap(), VarName::from("v0"));
    }
}
