//! `Value`: the dynamic value every reflected field converts to and from.
//!
//! Reflection exposes a node's fields as `Value`s; structural equality, hashing,
//! `structural_map`, JSON, Python attribute access and the generic printer all work
//! on this one representation instead of listing fields by hand.

use std::sync::Arc;

use super::dtype::DataType;
use super::error::{Error, Result};
use super::object::{ChildRef, NodeType, ObjectRef, Ref};

/// A dynamically typed field value (TVM's `ffi::Any`).
#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    /// Python's `None`.
    None,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(Arc<str>),
    /// A data type.
    DType(DataType),
    /// An IR object.
    Object(ObjectRef),
    /// An array of values.
    Array(Arc<[Value]>),
    /// An ordered map; keys are usually strings.
    Map(Arc<[(Value, Value)]>),
}

impl Value {
    /// A string value.
    pub fn str(s: &str) -> Value {
        Value::Str(s.into())
    }
    /// Whether this is `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&ObjectRef> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }
    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }
    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The entries, if this is a map.
    pub fn as_map(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    /// Look a string key up in a map value.
    pub fn map_get(&self, key: &str) -> Option<&Value> {
        self.as_map()?.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }
    /// The objects in this value (through arrays and maps, keys first), borrowed.
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        match self {
            Value::Object(o) => f(ChildRef::Erased(o)),
            Value::Array(items) => items.iter().for_each(|v| v.for_each_child(f)),
            Value::Map(entries) => entries.iter().for_each(|(k, v)| {
                k.for_each_child(f);
                v.for_each_child(f);
            }),
            _ => {}
        }
    }
    /// As [`Value::for_each_child`], for a temporary value: its objects are handed on as
    /// owned handles.
    pub fn for_each_owned_child<'a>(&self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.for_each_child(&mut |c| f(ChildRef::Owned(c.to_object_ref())))
    }
    /// The objects a structural walk visits in this value: as [`Value::for_each_child`]
    /// without map keys (anchors such as names and GlobalVars, not structure).
    pub fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        match self {
            Value::Object(o) => f(ChildRef::Erased(o)),
            Value::Array(items) => items.iter().for_each(|v| v.for_each_walked_child(f)),
            Value::Map(entries) => entries.iter().for_each(|(_, v)| v.for_each_walked_child(f)),
            _ => {}
        }
    }
    /// As [`Value::for_each_walked_child`], for a temporary value (owned handles).
    pub fn for_each_owned_walked_child<'a>(&self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.for_each_walked_child(&mut |c| f(ChildRef::Owned(c.to_object_ref())))
    }
    /// The kind of value, for messages (`"int"`, `"str"`, `"object"` …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::None => "None",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::DType(_) => "dtype",
            Value::Object(o) => o.type_key(),
            Value::Array(_) => "Array",
            Value::Map(_) => "Map",
        }
    }
    /// A short Python-like rendering, for messages and paths.
    pub fn repr(&self) -> String {
        match self {
            Value::None => "None".into(),
            Value::Bool(b) => if *b { "True" } else { "False" }.into(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => format!("{f:?}"),
            Value::Str(s) => format!("{s:?}"),
            Value::DType(d) => format!("{:?}", d.to_string()),
            Value::Object(o) => o.type_key().to_string(),
            Value::Array(a) => format!("[{}]", a.iter().map(Value::repr).collect::<Vec<_>>().join(", ")),
            Value::Map(m) => format!(
                "{{{}}}",
                m.iter().map(|(k, v)| format!("{}: {}", k.repr(), v.repr())).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

/// Shallow equality: objects by identity, floats by bit pattern.
/// (Structural comparison lives in `structural`.)
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::DType(a), Value::DType(b)) => a == b,
            (Value::Object(a), Value::Object(b)) => a.same_as(b),
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Map(a), Value::Map(b)) => a == b,
            _ => false,
        }
    }
}

/// A type that a reflected field can hold: converts to and from [`Value`].
pub trait Field: Sized {
    /// The field as a dynamic value.
    fn to_value(&self) -> Value;
    /// The field from a dynamic value; a TypeError if it has the wrong kind.
    fn from_value(v: Value) -> Result<Self>;
    /// Call `f` on the objects this field holds, in `to_value`'s order. The default
    /// converts through `to_value` (handing on owned handles); types that hold objects
    /// or are visited often override it to borrow, scalars to do nothing.
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.to_value().for_each_owned_child(f)
    }
    /// As [`Field::for_each_child`], without map keys: what a structural walk visits
    /// (see [`Value::for_each_walked_child`]). Types that hold no maps borrow as
    /// `for_each_child` does.
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.to_value().for_each_owned_walked_child(f)
    }
}

/// Fields that hold no objects: nothing to visit.
macro_rules! no_children {
    () => {
        #[inline]
        fn for_each_child<'a>(&'a self, _f: &mut dyn FnMut(ChildRef<'a>)) {}
        #[inline]
        fn for_each_walked_child<'a>(&'a self, _f: &mut dyn FnMut(ChildRef<'a>)) {}
    };
}
pub(crate) use no_children;

fn expected<T>(what: &str, got: &Value) -> Result<T> {
    Err(Error::type_error(format!("expected {what}, got {}", got.kind_name())))
}

impl Field for Value {
    fn to_value(&self) -> Value {
        self.clone()
    }
    fn from_value(v: Value) -> Result<Self> {
        Ok(v)
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        Value::for_each_child(self, f)
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        Value::for_each_walked_child(self, f)
    }
}

impl Field for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Bool(b) => Ok(b),
            Value::Int(i) => Ok(i != 0),
            other => expected("bool", &other),
        }
    }
    no_children!();
}

macro_rules! int_field {
    ($($t:ty),*) => {$(
        impl Field for $t {
            fn to_value(&self) -> Value { Value::Int(*self as i64) }
            fn from_value(v: Value) -> Result<Self> {
                match v {
                    Value::Int(i) => <$t>::try_from(i)
                        .map_err(|_| Error::value_error(format!("{i} out of range for {}", stringify!($t)))),
                    Value::Bool(b) => Ok(b as $t),
                    other => expected("int", &other),
                }
            }
            no_children!();
        }
    )*};
}
int_field!(i64, i32, u32, u8, usize);

impl Field for f64 {
    fn to_value(&self) -> Value {
        Value::Float(*self)
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Float(f) => Ok(f),
            Value::Int(i) => Ok(i as f64),
            other => expected("float", &other),
        }
    }
    no_children!();
}

impl Field for String {
    fn to_value(&self) -> Value {
        Value::Str(self.as_str().into())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Str(s) => Ok(s.to_string()),
            other => expected("str", &other),
        }
    }
    no_children!();
}

impl Field for Arc<str> {
    fn to_value(&self) -> Value {
        Value::Str(self.clone())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Str(s) => Ok(s),
            other => expected("str", &other),
        }
    }
    no_children!();
}

impl Field for DataType {
    fn to_value(&self) -> Value {
        Value::DType(*self)
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::DType(d) => Ok(d),
            Value::Str(s) => s.parse(),
            other => expected("dtype", &other),
        }
    }
    no_children!();
}

impl Field for ObjectRef {
    fn to_value(&self) -> Value {
        Value::Object(self.clone())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Object(o) => Ok(o),
            other => expected("an IR object", &other),
        }
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        f(ChildRef::Erased(self))
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        f(ChildRef::Erased(self))
    }
}

impl<T: NodeType> Field for Ref<T> {
    fn to_value(&self) -> Value {
        Value::Object(self.clone().upcast())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Object(o) => o.downcast::<T>(),
            other => expected(T::type_key_static(), &other),
        }
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        f(ChildRef::Typed(self))
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        f(ChildRef::Typed(self))
    }
}

impl<T: Field> Field for Option<T> {
    fn to_value(&self) -> Value {
        match self {
            Some(v) => v.to_value(),
            None => Value::None,
        }
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::None => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        if let Some(v) = self {
            v.for_each_child(f)
        }
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        if let Some(v) = self {
            v.for_each_walked_child(f)
        }
    }
}

impl<T: Field> Field for Vec<T> {
    fn to_value(&self) -> Value {
        Value::Array(self.iter().map(Field::to_value).collect())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Array(a) => a.iter().cloned().map(T::from_value).collect(),
            other => expected("an array", &other),
        }
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.iter().for_each(|v| v.for_each_child(f))
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.iter().for_each(|v| v.for_each_walked_child(f))
    }
}

/// An ordered string-keyed map of values (attributes, annotations).
pub type AttrMap = Arc<[(Value, Value)]>;

impl Field for AttrMap {
    fn to_value(&self) -> Value {
        Value::Map(self.clone())
    }
    fn from_value(v: Value) -> Result<Self> {
        match v {
            Value::Map(m) => Ok(m),
            Value::None => Ok(Arc::from(Vec::new())),
            other => expected("a map", &other),
        }
    }
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.iter().for_each(|(k, v)| {
            k.for_each_child(f);
            v.for_each_child(f);
        })
    }
    fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.iter().for_each(|(_, v)| v.for_each_walked_child(f))
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.into())
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}
impl From<ObjectRef> for Value {
    fn from(o: ObjectRef) -> Value {
        Value::Object(o)
    }
}
