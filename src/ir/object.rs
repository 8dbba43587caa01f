//! The object model: immutable IR nodes behind `Arc`, with reflection.
//!
//! Every node type is a plain Rust struct declared through [`ir_node!`](crate::ir_node),
//! which also gives it a [`TypeInfo`] (type key, base type, fields with their
//! structural-equality role) and the conversions of its fields to [`Value`]s.
//! Generic algorithms (structural equality and hashing, `structural_map`, JSON,
//! Python attribute access, the printer's fallback) use only this reflection.

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Arc, OnceLock, RwLock};

use super::error::{Error, Result};
use super::span::Span;
use super::value::Value;

/// How a field takes part in structural equality and hashing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldRole {
    /// Compared structurally.
    Normal,
    /// A definition point: variables met here are bound (mapped) rather than compared.
    Def,
    /// Not compared (names hints, spans, caches).
    Ignore,
}

/// How nodes of a type are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EqKind {
    /// Compared field by field.
    Tree,
    /// Has identity: equal only to itself or to the variable it is mapped to.
    Var,
    /// One object per name in a registry (operators): compared by pointer.
    Unique,
}

#[derive(Debug)]
pub struct FieldInfo {
    pub name: &'static str,
    pub role: FieldRole,
}

/// Reflection data of one node type.
pub struct TypeInfo {
    /// The type key, such as `"tirx.For"`: `dialect.Name`.
    pub key: &'static str,
    /// The base type, for `isinstance`-style checks.
    pub parent: Option<fn() -> &'static TypeInfo>,
    pub fields: &'static [FieldInfo],
    pub eq_kind: EqKind,
    /// Build a node from field values in declaration order (JSON, Python, generic rebuilds).
    /// `None` for abstract types.
    pub create: Option<fn(Vec<Value>, Span) -> Result<ObjectRef>>,
}

impl TypeInfo {
    /// An abstract type (a category such as `ir.Expr`) with no fields of its own.
    pub const fn abstract_type(key: &'static str, parent: Option<fn() -> &'static TypeInfo>) -> Self {
        TypeInfo { key, parent, fields: &[], eq_kind: EqKind::Tree, create: None }
    }
    /// The short class name: the last dotted component of the key.
    pub fn name(&self) -> &'static str {
        self.key.rsplit('.').next().unwrap_or(self.key)
    }
    /// The dialect (namespace) of the key: everything before the last dot.
    pub fn namespace(&self) -> &'static str {
        self.key.rsplit_once('.').map_or("", |(ns, _)| ns)
    }
    pub fn parent(&self) -> Option<&'static TypeInfo> {
        self.parent.map(|f| f())
    }
    /// Whether this type is `other` or derives from it.
    pub fn derives_from(&self, other: &TypeInfo) -> bool {
        let mut cur: Option<&TypeInfo> = Some(self);
        while let Some(info) = cur {
            if std::ptr::eq(info, other) || info.key == other.key {
                return true;
            }
            cur = info.parent();
        }
        false
    }
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
}

impl fmt::Debug for TypeInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeInfo({})", self.key)
    }
}

/// The root of the hierarchy (TVM's `ffi.Object`).
pub fn object_info() -> &'static TypeInfo {
    static INFO: TypeInfo = TypeInfo::abstract_type("ffi.Object", None);
    &INFO
}

/// An IR node. Implemented by [`ir_node!`](crate::ir_node); rarely by hand.
pub trait Object: Any + Send + Sync + fmt::Debug {
    fn type_info(&self) -> &'static TypeInfo;
    /// Field values, in the order of `type_info().fields`.
    fn fields(&self) -> Vec<Value>;
    /// A copy of this node with new field values (same order), keeping its span.
    fn rebuild(&self, values: Vec<Value>) -> Result<ObjectRef> {
        let create = self.type_info().create.ok_or_else(|| {
            Error::type_error(format!("{} cannot be rebuilt from fields", self.type_info().key))
        })?;
        create(values, self.span().clone())
    }
    fn span(&self) -> &Span;
    /// The type of an expression node (`Expr.ty`), when this node is one.
    fn expr_ty(&self) -> Option<&ObjectRef> {
        None
    }
    fn as_any(&self) -> &dyn Any;
    fn into_any_arc(self: Arc<Self>) -> Arc<dyn Any + Send + Sync>;
}

/// Static access to a node type's reflection data, for typed handles.
pub trait NodeType: Object + Sized {
    fn static_info() -> &'static TypeInfo;
    fn type_key_static() -> &'static str {
        Self::static_info().key
    }
}

/// A shared, type-erased reference to an IR node.
#[derive(Clone)]
pub struct ObjectRef(pub(crate) Arc<dyn Object>);

impl ObjectRef {
    pub fn new<T: Object>(node: T) -> Self {
        ObjectRef(Arc::new(node))
    }
    pub fn type_info(&self) -> &'static TypeInfo {
        self.0.type_info()
    }
    pub fn type_key(&self) -> &'static str {
        self.0.type_info().key
    }
    /// Identity comparison (TVM's `same_as`).
    pub fn same_as(&self, other: &ObjectRef) -> bool {
        self.addr() == other.addr()
    }
    /// The address of the node, a stable identity while it lives.
    pub fn addr(&self) -> usize {
        Arc::as_ptr(&self.0) as *const () as usize
    }
    pub fn is<T: Object>(&self) -> bool {
        self.0.as_any().is::<T>()
    }
    pub fn isinstance(&self, info: &TypeInfo) -> bool {
        self.type_info().derives_from(info)
    }
    pub fn downcast_ref<T: Object>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
    /// A typed handle to the same node; a TypeError naming both types if it is not a `T`.
    pub fn downcast<T: NodeType>(&self) -> Result<Ref<T>> {
        self.try_downcast::<T>().ok_or_else(|| {
            Error::type_error(format!("expected {}, got {}", T::type_key_static(), self.type_key()))
        })
    }
    pub fn try_downcast<T: Object>(&self) -> Option<Ref<T>> {
        if !self.is::<T>() {
            return None;
        }
        self.0.clone().into_any_arc().downcast::<T>().ok().map(Ref)
    }
    pub fn fields(&self) -> Vec<Value> {
        self.0.fields()
    }
    /// A reflected field by name.
    pub fn field(&self, name: &str) -> Option<Value> {
        let i = self.type_info().field_index(name)?;
        self.0.fields().into_iter().nth(i)
    }
    pub fn rebuild(&self, values: Vec<Value>) -> Result<ObjectRef> {
        self.0.rebuild(values)
    }
    pub fn span(&self) -> &Span {
        self.0.span()
    }
    /// `Expr.ty` for expression nodes.
    pub fn expr_ty(&self) -> Option<&ObjectRef> {
        self.0.expr_ty()
    }
    pub fn as_object(&self) -> &dyn Object {
        &*self.0
    }
}

impl fmt::Debug for ObjectRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

/// Hashing and `==` on `ObjectRef` are by identity; use `structural_equal` for structure.
impl PartialEq for ObjectRef {
    fn eq(&self, other: &Self) -> bool {
        self.same_as(other)
    }
}
impl Eq for ObjectRef {}
impl Hash for ObjectRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.addr().hash(state)
    }
}

/// A typed reference to a node of type `T`; dereferences to the node's fields.
pub struct Ref<T: ?Sized>(pub(crate) Arc<T>);

impl<T: Object> Ref<T> {
    pub fn new(node: T) -> Self {
        Ref(Arc::new(node))
    }
    pub fn upcast(self) -> ObjectRef {
        ObjectRef(self.0)
    }
    pub fn as_ref_obj(&self) -> ObjectRef {
        ObjectRef(self.0.clone())
    }
    pub fn same_as(&self, other: &ObjectRef) -> bool {
        Arc::as_ptr(&self.0) as *const () as usize == other.addr()
    }
    pub fn ptr_eq(&self, other: &Ref<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Clone for Ref<T> {
    fn clone(&self) -> Self {
        Ref(self.0.clone())
    }
}
impl<T: ?Sized> Deref for Ref<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}
impl<T: fmt::Debug + ?Sized> fmt::Debug for Ref<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}
impl<T: Object> From<Ref<T>> for ObjectRef {
    fn from(r: Ref<T>) -> ObjectRef {
        r.upcast()
    }
}
impl<T: Object> From<&Ref<T>> for ObjectRef {
    fn from(r: &Ref<T>) -> ObjectRef {
        r.as_ref_obj()
    }
}

/// A checked downcast (`let f: PrimFunc = obj.try_into()?`, seed 003's
/// `checked.try_into()?`): a TypeError naming both types when `obj` is not a `T`.
impl<T: NodeType> TryFrom<ObjectRef> for Ref<T> {
    type Error = Error;
    fn try_from(obj: ObjectRef) -> Result<Ref<T>> {
        obj.downcast::<T>()
    }
}

/// Marks a node type as belonging to a category handle (`Expr`, `Type`, `Stmt` …), so
/// `Ref<Node>` converts into the category with `into()`. `ir_node!`'s `isa [..]` writes it.
pub trait IsA<Category> {}

// ---------------------------------------------------------------------------
// The type registry: node types by key, open to extensions.

struct Registry {
    types: HashMap<&'static str, &'static TypeInfo>,
}

fn registry() -> &'static RwLock<Registry> {
    static REG: OnceLock<RwLock<Registry>> = OnceLock::new();
    REG.get_or_init(|| RwLock::new(Registry { types: HashMap::new() }))
}

/// Register a node type so it can be found (and constructed) by key.
/// Registering the same type twice is harmless; a different type under a taken key is an error.
pub fn register_type_info(info: &'static TypeInfo) -> Result<()> {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    match reg.types.get(info.key) {
        Some(existing) if std::ptr::eq(*existing, info) => Ok(()),
        Some(_) => Err(Error::value_error(format!("type key {:?} is already registered", info.key))),
        None => {
            reg.types.insert(info.key, info);
            Ok(())
        }
    }
}

/// `register_type::<ComplexTypeNode>()`: seed 003's `register_type`.
pub fn register_type<T: NodeType>() -> Result<()> {
    register_type_info(T::static_info())
}

/// Look a registered type up by key.
pub fn lookup_type(key: &str) -> Option<&'static TypeInfo> {
    registry().read().unwrap_or_else(|e| e.into_inner()).types.get(key).copied()
}

/// All registered type keys, sorted.
pub fn registered_type_keys() -> Vec<&'static str> {
    let mut keys: Vec<_> = registry().read().unwrap_or_else(|e| e.into_inner()).types.keys().copied().collect();
    keys.sort_unstable();
    keys
}

/// Declare an IR node type: the struct, its typed handle and its reflection.
///
/// ```ignore
/// ir_node! {
///     /// A for loop.
///     pub struct ForNode as For: "tirx.For", base stmt_info, isa [Stmt] {
///         [def] pub loop_var: Var,
///         pub min: Expr,
///         pub body: Stmt,
///     }
/// }
/// ```
/// Field roles: `[def]` marks a definition point, `[ignore]` a field structural
/// equality skips. `eq Var` / `eq Unique` changes how nodes of the type compare.
/// `ty field` names the field that holds an expression's type. `isa [..]` lists the
/// category handles (`Expr`, `Stmt`, `Type` …) the node converts into.
#[macro_export]
macro_rules! ir_node {
    (
        $(#[$meta:meta])*
        $vis:vis struct $node:ident as $handle:ident : $key:expr, base $base:path
            $(, isa [$($cat:ty),* $(,)?])?
            $(, eq $eqkind:ident)?
            $(, ty $tyfield:ident)?
        {
            $( $(#[$fmeta:meta])* $([$role:ident])? pub $fname:ident : $fty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        $vis struct $node {
            $( $(#[$fmeta])* pub $fname: $fty, )*
            /// Where the node came from.
            pub span: $crate::ir::Span,
        }

        $vis type $handle = $crate::ir::Ref<$node>;

        impl $crate::ir::NodeType for $node {
            fn static_info() -> &'static $crate::ir::TypeInfo {
                static FIELDS: &[$crate::ir::FieldInfo] = &[
                    $( $crate::ir::FieldInfo {
                        name: stringify!($fname),
                        role: $crate::ir_node!(@role $($role)?),
                    }, )*
                ];
                static INFO: $crate::ir::TypeInfo = $crate::ir::TypeInfo {
                    key: $key,
                    parent: Some($base),
                    fields: FIELDS,
                    eq_kind: $crate::ir_node!(@eq $($eqkind)?),
                    create: Some(<$node>::__create),
                };
                &INFO
            }
        }

        impl $node {
            #[doc(hidden)]
            #[allow(unused_mut, unused_variables)]
            fn __create(values: Vec<$crate::ir::Value>, span: $crate::ir::Span)
                -> $crate::ir::Result<$crate::ir::ObjectRef>
            {
                let mut it = values.into_iter();
                Ok($crate::ir::ObjectRef::new($node {
                    $( $fname: <$fty as $crate::ir::Field>::from_value(it.next().unwrap_or_default())
                        .map_err(|e| $crate::ir::Error::new(e.kind,
                            format!("{}.{}: {}", $key, stringify!($fname), e.message)))?, )*
                    span,
                }))
            }
        }

        impl $crate::ir::Object for $node {
            fn type_info(&self) -> &'static $crate::ir::TypeInfo {
                <$node as $crate::ir::NodeType>::static_info()
            }
            fn fields(&self) -> Vec<$crate::ir::Value> {
                vec![$( $crate::ir::Field::to_value(&self.$fname) ),*]
            }
            fn span(&self) -> &$crate::ir::Span {
                &self.span
            }
            $(
            fn expr_ty(&self) -> Option<&$crate::ir::ObjectRef> {
                Some(&self.$tyfield.0)
            }
            )?
            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
            fn into_any_arc(self: std::sync::Arc<Self>) -> std::sync::Arc<dyn std::any::Any + Send + Sync> {
                self
            }
        }

        // A marker, not `From` impls: `impl From<Ref<Node>> for Type` would break the
        // orphan rule in an extension crate; the category's blanket impl does not.
        $($(
        impl $crate::ir::IsA<$cat> for $node {}
        )*)?
    };
    (@role) => { $crate::ir::FieldRole::Normal };
    (@role def) => { $crate::ir::FieldRole::Def };
    (@role ignore) => { $crate::ir::FieldRole::Ignore };
    (@eq) => { $crate::ir::EqKind::Tree };
    (@eq $k:ident) => { $crate::ir::EqKind::$k };
}

/// Declare a category handle (`Expr`, `Stmt`, `Type` …): an `ObjectRef` known to
/// derive from an abstract type, with checked conversion from any object.
#[macro_export]
macro_rules! ir_category {
    ($(#[$meta:meta])* $vis:vis struct $name:ident : $info:path) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        $vis struct $name(pub $crate::ir::ObjectRef);

        impl $name {
            /// The abstract type every value of this category derives from.
            pub fn category_info() -> &'static $crate::ir::TypeInfo {
                $info()
            }
            /// Wrap without checking; for conversions the type system already proved.
            pub fn from_object_unchecked(obj: $crate::ir::ObjectRef) -> Self {
                $name(obj)
            }
            /// Wrap `obj`, or a TypeError if it is not of this category.
            pub fn try_from_object(obj: $crate::ir::ObjectRef) -> $crate::ir::Result<Self> {
                if obj.isinstance($info()) {
                    Ok($name(obj))
                } else {
                    Err($crate::ir::Error::type_error(format!(
                        "expected {}, got {}", $info().key, obj.type_key())))
                }
            }
            pub fn as_object(&self) -> &$crate::ir::ObjectRef {
                &self.0
            }
            pub fn into_object(self) -> $crate::ir::ObjectRef {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = $crate::ir::ObjectRef;
            fn deref(&self) -> &$crate::ir::ObjectRef {
                &self.0
            }
        }

        impl From<$name> for $crate::ir::ObjectRef {
            fn from(c: $name) -> $crate::ir::ObjectRef {
                c.0
            }
        }

        /// Every node declared `isa [..]` this category converts into it.
        impl<T: $crate::ir::NodeType + $crate::ir::IsA<$name>> From<$crate::ir::Ref<T>> for $name {
            fn from(r: $crate::ir::Ref<T>) -> $name {
                $name(r.upcast())
            }
        }
        impl<T: $crate::ir::NodeType + $crate::ir::IsA<$name>> From<&$crate::ir::Ref<T>> for $name {
            fn from(r: &$crate::ir::Ref<T>) -> $name {
                $name(r.as_ref_obj())
            }
        }

        /// A checked conversion (`let t: Type = obj.try_into()?`).
        impl TryFrom<$crate::ir::ObjectRef> for $name {
            type Error = $crate::ir::Error;
            fn try_from(obj: $crate::ir::ObjectRef) -> $crate::ir::Result<$name> {
                <$name>::try_from_object(obj)
            }
        }

        impl $crate::ir::Field for $name {
            fn to_value(&self) -> $crate::ir::Value {
                $crate::ir::Value::Object(self.0.clone())
            }
            fn from_value(v: $crate::ir::Value) -> $crate::ir::Result<Self> {
                match v {
                    $crate::ir::Value::Object(o) => Self::try_from_object(o),
                    other => Err($crate::ir::Error::type_error(format!(
                        "expected {}, got {}", $info().key, other.kind_name()))),
                }
            }
        }
    };
}
