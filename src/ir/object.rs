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
/// One reflected field of a node type: its name and its structural-equality role.
pub struct FieldInfo {
    /// The field's name, as TVM reflects it.
    pub name: &'static str,
    /// How structural equality and hashing treat the field.
    pub role: FieldRole,
}

/// Reflection data of one node type.
pub struct TypeInfo {
    /// The type key, such as `"tirx.For"`: `dialect.Name`.
    pub key: &'static str,
    /// The base type, for `isinstance`-style checks.
    pub parent: Option<fn() -> &'static TypeInfo>,
    /// The fields, in declaration order (the order of `Object::fields`).
    pub fields: &'static [FieldInfo],
    /// How nodes of this type compare structurally.
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
    /// The base type's info.
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
    /// The position of the field called `name`.
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
    /// The node's reflection data.
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
    /// Where the node came from.
    fn span(&self) -> &Span;
    /// The node's location, to set on a node no one else holds yet (see
    /// [`ObjectRef::locate_unshared`]); `None` for a node that keeps none.
    fn span_mut(&mut self) -> Option<&mut Span> {
        None
    }
    /// Call `f` on every object-valued field, through arrays, options and maps, in the
    /// order `fields()` lists them (map entries key first), without building `Value`s.
    /// The default goes through `fields()`; `ir_node!` writes a borrowing one.
    fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        for value in self.fields() {
            value.for_each_owned_child(f);
        }
    }
    /// The objects a structural walk visits, with the index of the field (in
    /// `type_info().fields`) each comes from: as `for_each_child`, without map keys.
    /// The default goes through `fields()`; `ir_node!` writes a borrowing one.
    fn for_each_walked_field<'a>(&'a self, f: &mut dyn FnMut(usize, ChildRef<'a>)) {
        for (i, value) in self.fields().iter().enumerate() {
            value.for_each_owned_walked_child(&mut |c| f(i, c));
        }
    }
    /// The type of an expression node (`Expr.ty`), when this node is one.
    fn expr_ty(&self) -> Option<&ObjectRef> {
        None
    }
}

/// Static access to a node type's reflection data, for typed handles.
pub trait NodeType: Object + Sized {
    /// The type's reflection data.
    fn static_info() -> &'static TypeInfo;
    /// The type key, without a node at hand.
    fn type_key_static() -> &'static str {
        Self::static_info().key
    }
}

/// A shared, type-erased reference to an IR node.
#[derive(Clone)]
pub struct ObjectRef(pub(crate) Arc<dyn Object>);

impl AsRef<ObjectRef> for ObjectRef {
    fn as_ref(&self) -> &ObjectRef {
        self
    }
}

impl ObjectRef {
    /// Share a new node.
    pub fn new<T: Object>(node: T) -> Self {
        ObjectRef(Arc::new(node))
    }
    /// The node's reflection data.
    pub fn type_info(&self) -> &'static TypeInfo {
        self.0.type_info()
    }
    /// The node's type key (`"tirx.For"` …).
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
    /// Whether the node is a `T`.
    pub fn is<T: Object>(&self) -> bool {
        // `Object: Any`, so the node upcasts: one dynamic call per test.
        (&*self.0 as &dyn Any).is::<T>()
    }
    /// The node's Rust type: read once to test it against many types (each `is` and
    /// `downcast_ref` reads it again).
    pub fn node_type_id(&self) -> std::any::TypeId {
        (&*self.0 as &dyn Any).type_id()
    }
    /// Whether the node's type is `info` or derives from it.
    pub fn isinstance(&self, info: &TypeInfo) -> bool {
        self.type_info().derives_from(info)
    }
    /// The node as a `T`, borrowed.
    pub fn downcast_ref<T: Object>(&self) -> Option<&T> {
        (&*self.0 as &dyn Any).downcast_ref::<T>()
    }
    /// A typed handle to the same node; a TypeError naming both types if it is not a `T`.
    pub fn downcast<T: NodeType>(&self) -> Result<Ref<T>> {
        self.try_downcast::<T>().ok_or_else(|| {
            Error::type_error(format!("expected {}, got {}", T::type_key_static(), self.type_key()))
        })
    }
    /// A typed handle to the node, if it is a `T`.
    pub fn try_downcast<T: Object>(&self) -> Option<Ref<T>> {
        if !self.is::<T>() {
            return None;
        }
        let any: Arc<dyn Any + Send + Sync> = self.0.clone();
        any.downcast::<T>().ok().map(Ref)
    }
    /// The field values, in declaration order.
    pub fn fields(&self) -> Vec<Value> {
        self.0.fields()
    }
    /// A reflected field by name.
    pub fn field(&self, name: &str) -> Option<Value> {
        let i = self.type_info().field_index(name)?;
        self.0.fields().into_iter().nth(i)
    }
    /// A copy of the node with new field values (same order), keeping its span.
    pub fn rebuild(&self, values: Vec<Value>) -> Result<ObjectRef> {
        self.0.rebuild(values)
    }
    /// A copy of the node with field `name` set to `value` (see [`rebuild`](Self::rebuild)).
    pub fn with_field(&self, name: &str, value: Value) -> Result<ObjectRef> {
        let i = self.type_info().field_index(name).ok_or_else(|| Error::runtime(format!("{} has no field {name}", self.type_key())))?;
        let mut fields = self.fields();
        fields[i] = value;
        self.rebuild(fields)
    }
    /// Locate an unlocated node at `span` in place when this handle is its only
    /// holder (a node just made); a shared node is left as it is, since others may
    /// hold it (a variable's identity, a shared constant). Whether it was located.
    pub fn locate_unshared(&mut self, span: &Span) -> bool {
        match Arc::get_mut(&mut self.0).and_then(|n| n.span_mut()) {
            Some(s) if s.is_none() => {
                *s = span.clone();
                true
            }
            _ => false,
        }
    }
    /// A copy of the node located at `span` (the same fields).
    pub fn with_span(&self, span: Span) -> Result<ObjectRef> {
        let create = self.type_info().create.ok_or_else(|| Error::type_error(format!("{} cannot be rebuilt from fields", self.type_key())))?;
        create(self.fields(), span)
    }
    /// The object-valued fields, borrowed (see [`Object::for_each_child`]).
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(ChildRef<'a>)) {
        self.0.for_each_child(f)
    }
    /// What a structural walk visits, by field (see [`Object::for_each_walked_field`]).
    pub fn for_each_walked_field<'a>(&'a self, f: &mut dyn FnMut(usize, ChildRef<'a>)) {
        self.0.for_each_walked_field(f)
    }
    /// Where the node came from.
    pub fn span(&self) -> &Span {
        self.0.span()
    }
    /// `Expr.ty` for expression nodes.
    pub fn expr_ty(&self) -> Option<&ObjectRef> {
        self.0.expr_ty()
    }
    /// The node as a trait object.
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
    /// Share a new node.
    pub fn new(node: T) -> Self {
        Ref(Arc::new(node))
    }
    /// Forget the node's Rust type.
    pub fn upcast(self) -> ObjectRef {
        ObjectRef(self.0)
    }
    /// An untyped handle to the same node.
    pub fn as_ref_obj(&self) -> ObjectRef {
        ObjectRef(self.0.clone())
    }
    /// Whether `other` is this very node (identity, not structure).
    pub fn same_as(&self, other: &ObjectRef) -> bool {
        Arc::as_ptr(&self.0) as *const () as usize == other.addr()
    }
    /// Whether both handles point to the same node.
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

/// A child object met by [`Object::for_each_child`], borrowed from its parent when it
/// can be: walks over large IR then clone no `Arc` per node.
#[derive(Clone)]
pub enum ChildRef<'a> {
    /// An `ObjectRef` (or category handle) field.
    Erased(&'a ObjectRef),
    /// A typed `Ref<T>` field.
    Typed(&'a dyn TypedRef),
    /// An object reached through a field type with no borrowing visitor (its `Value`).
    Owned(ObjectRef),
}

/// A typed handle seen without its type: what [`ChildRef::Typed`] needs of a `Ref<T>`.
pub trait TypedRef: Send + Sync {
    /// The node.
    fn object(&self) -> &dyn Object;
    /// An untyped handle to the node.
    fn to_object_ref(&self) -> ObjectRef;
    /// How many handles share the node (`Arc::strong_count`).
    fn ref_count(&self) -> usize;
}

impl<T: Object> TypedRef for Ref<T> {
    fn object(&self) -> &dyn Object {
        &*self.0
    }
    fn to_object_ref(&self) -> ObjectRef {
        self.as_ref_obj()
    }
    fn ref_count(&self) -> usize {
        Arc::strong_count(&self.0)
    }
}

impl<'a> ChildRef<'a> {
    /// The node.
    pub fn object(&self) -> &dyn Object {
        match self {
            ChildRef::Erased(o) => &*o.0,
            ChildRef::Typed(t) => t.object(),
            ChildRef::Owned(o) => &*o.0,
        }
    }
    /// The node's address: the same as [`ObjectRef::addr`] of a handle to it.
    pub fn addr(&self) -> usize {
        self.object() as *const dyn Object as *const () as usize
    }
    /// The node's reflection data.
    pub fn type_info(&self) -> &'static TypeInfo {
        self.object().type_info()
    }
    /// Whether the node is a `T`.
    pub fn is<T: Object>(&self) -> bool {
        (self.object() as &dyn Any).is::<T>()
    }
    /// The node as a `T`, borrowed.
    pub fn downcast_ref<T: Object>(&self) -> Option<&T> {
        (self.object() as &dyn Any).downcast_ref::<T>()
    }
    /// An untyped handle to the node.
    pub fn to_object_ref(&self) -> ObjectRef {
        match self {
            ChildRef::Erased(o) => (*o).clone(),
            ChildRef::Typed(t) => t.to_object_ref(),
            ChildRef::Owned(o) => o.clone(),
        }
    }
    /// Run `f` on an `ObjectRef` of the child (a typed field is converted for the call).
    pub fn with_object_ref<R>(&self, f: impl FnOnce(&ObjectRef) -> R) -> R {
        match self {
            ChildRef::Erased(o) => f(o),
            ChildRef::Typed(t) => f(&t.to_object_ref()),
            ChildRef::Owned(o) => f(o),
        }
    }
    /// Whether this is the only handle to the node, so no other field can reach it.
    pub fn is_unique(&self) -> bool {
        match self {
            ChildRef::Erased(o) => Arc::strong_count(&o.0) == 1,
            ChildRef::Typed(t) => t.ref_count() == 1,
            // The `Value` it came from holds another handle.
            ChildRef::Owned(_) => false,
        }
    }
    /// The child's own children, borrowed as long as this child is.
    pub fn for_each_child(&self, f: &mut dyn FnMut(ChildRef<'a>)) {
        match self {
            ChildRef::Erased(o) => o.0.for_each_child(f),
            ChildRef::Typed(t) => t.object().for_each_child(f),
            // Borrowed from a temporary: passed on as owned handles.
            ChildRef::Owned(o) => o.0.for_each_child(&mut |c| f(ChildRef::Owned(c.to_object_ref()))),
        }
    }
}

impl fmt::Debug for ChildRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.object(), f)
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
/// ```
/// use tvmscript::ir::{float_imm, object_info, register_type, DataType, Expr, Span};
///
/// tvmscript::ir_node! {
///     /// A complex constant (an extension's node; the core's `tirx.For` reads
///     /// `base stmt_info, isa [Stmt]` and marks its loop variable `[def]`).
///     pub struct ComplexImmNode as ComplexImm: "my_ext.ComplexImm", base object_info {
///         pub re: Expr,
///         pub im: Expr,
///     }
/// }
///
/// register_type::<ComplexImmNode>()?;
/// let part = |v| float_imm(DataType::FLOAT32, v);
/// let z = ComplexImm::new(ComplexImmNode { re: part(1.0), im: part(2.0), span: Span::none() });
/// assert_eq!(z.as_ref_obj().type_key(), "my_ext.ComplexImm");
/// assert_eq!(z.im.as_float(), Some(2.0));
/// // Reflection sees the fields, so generic algorithms (equality, maps, JSON) do too.
/// assert_eq!(z.as_ref_obj().fields().len(), 2);
/// # Ok::<(), tvmscript::ir::Error>(())
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
            // A field the declaration leaves undocumented is documented by its
            // reflected name (TVM's field of the same type key).
            $( $(#[$fmeta])*
               #[doc = $crate::ir_node!(@field_doc [$(#[$fmeta])*] $key, $fname)]
               pub $fname: $fty, )*
            /// Where the node came from.
            pub span: $crate::ir::Span,
        }

        #[doc = concat!("A shared handle to a [`", stringify!($node), "`] (`", $key, "`).")]
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
            fn span_mut(&mut self) -> Option<&mut $crate::ir::Span> {
                Some(&mut self.span)
            }
            #[allow(unused_variables)]
            fn for_each_child<'a>(&'a self, f: &mut dyn FnMut($crate::ir::ChildRef<'a>)) {
                $( $crate::ir::Field::for_each_child(&self.$fname, f); )*
            }
            #[allow(unused_variables, unused_mut, unused_assignments)]
            fn for_each_walked_field<'a>(&'a self, f: &mut dyn FnMut(usize, $crate::ir::ChildRef<'a>)) {
                let mut index = 0usize;
                $(
                    $crate::ir::Field::for_each_walked_child(&self.$fname, &mut |c| f(index, c));
                    index += 1;
                )*
            }
            $(
            fn expr_ty(&self) -> Option<&$crate::ir::ObjectRef> {
                Some(&self.$tyfield.0)
            }
            )?
        }

        // A marker, not `From` impls: `impl From<Ref<Node>> for Type` would break the
        // orphan rule in an extension crate; the category's blanket impl does not.
        $($(
        impl $crate::ir::IsA<$cat> for $node {}
        )*)?
    };
    (@field_doc [] $key:expr, $fname:ident) => {
        concat!("The reflected field `", stringify!($fname), "` of `", $key, "`.")
    };
    (@field_doc [$($attr:tt)+] $key:expr, $fname:ident) => { "" };
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
        #[repr(transparent)]
        $vis struct $name(pub $crate::ir::ObjectRef);

        impl $name {
            /// View a borrowed object as this category without checking or cloning it.
            pub fn from_object_ref_unchecked(obj: &$crate::ir::ObjectRef) -> &Self {
                const _: () = assert!(
                    std::mem::size_of::<$name>() == std::mem::size_of::<$crate::ir::ObjectRef>()
                        && std::mem::align_of::<$name>() == std::mem::align_of::<$crate::ir::ObjectRef>()
                );
                // SAFETY: `#[repr(transparent)]` over one `ObjectRef` field (layouts
                // checked equal just above), so a `&ObjectRef` is a valid `&Self` for
                // the same lifetime.
                unsafe { &*(obj as *const $crate::ir::ObjectRef as *const Self) }
            }
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
            /// The object this handle wraps.
            pub fn as_object(&self) -> &$crate::ir::ObjectRef {
                &self.0
            }
            /// Unwrap into the object.
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

        impl AsRef<$crate::ir::ObjectRef> for $name {
            fn as_ref(&self) -> &$crate::ir::ObjectRef {
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
            fn for_each_child<'a>(&'a self, f: &mut dyn FnMut($crate::ir::ChildRef<'a>)) {
                f($crate::ir::ChildRef::Erased(&self.0))
            }
            fn for_each_walked_child<'a>(&'a self, f: &mut dyn FnMut($crate::ir::ChildRef<'a>)) {
                f($crate::ir::ChildRef::Erased(&self.0))
            }
        }
    };
}

#[cfg(test)]
pub(crate) mod child_tests {
    use super::*;

    /// A lowered TIR module: typed `Var` fields, options, arrays, attribute maps, shared
    /// buffer types, and the module's function map (visited through `to_value`).
    pub(crate) const LOWERED_TIR: &str = r#"
@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def f(
        A: T.Buffer((T.int64(1), T.int64(2048)), "float16"),
        B: T.Buffer((2048, 2048), "float16"),
        C: T.Buffer((T.int64(1), T.int64(2048)), "float16"),
    ):
        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
        A_1 = T.decl_buffer((2048,), "float16", data=A.data)
        B_1 = T.decl_buffer((4194304,), "float16", data=B.data)
        C_1 = T.decl_buffer((2048,), "float16", data=C.data)
        with T.launch_thread("blockIdx.x", 128) as blockIdx_x:
            acc = T.alloc_local((1,), "float16")
            red = T.alloc_local((1,), "float16")
            with T.launch_thread("threadIdx.y", 16) as threadIdx_y:
                threadIdx_x = T.launch_thread("threadIdx.x", 16)
                acc[0] = T.float16(0.0)
                v1: T.let[T.int32] = blockIdx_x * 16
                for k in range(128):
                    acc[0] = acc[0] + A_1[k * 16 + threadIdx_y] * B_1[k * 32768 + threadIdx_y * 2048 + v1 + threadIdx_x]
                with T.attr(T.comm_reducer(lambda x0, y0: x0 + y0, [T.float16(0.0)]), "reduce_scope", 0):
                    T.tvm_thread_allreduce(T.uint32(1), acc[0], T.bool(True), red[0], threadIdx_y)
                if threadIdx_y == 0:
                    v2: T.let[T.int32] = v1 + threadIdx_x
                    C_1[v2] = T.if_then_else(v2 < 4, red[0], T.float16(1.0))

    @T.prim_func
    def g(x: T.int32, D: T.Buffer((4,), "int32")):
        for i in T.thread_binding(4, thread="threadIdx.x"):
            while x > i:
                D[i] = T.Select(x > 2, x, i)
"#;

    pub(crate) fn parse_lowered_tir() -> Vec<ObjectRef> {
        crate::init();
        let session = crate::Session::new();
        session.parse("lowered.py", LOWERED_TIR).expect("the test module parses").into_iter().map(|(_, o)| o).collect()
    }

    /// The objects of a reflected field value, in `fields()` order (keys first).
    fn each_object(value: &Value, f: &mut dyn FnMut(&ObjectRef)) {
        match value {
            Value::Object(o) => f(o),
            Value::Array(items) => items.iter().for_each(|v| each_object(v, f)),
            Value::Map(entries) => entries.iter().for_each(|(k, v)| {
                each_object(k, f);
                each_object(v, f);
            }),
            _ => {}
        }
    }

    #[test]
    fn with_field_sets_one_field_and_names_a_missing_one() {
        let seven = crate::ir::int_imm(crate::ir::DataType::INT32, 7).into_object();
        let eight = seven.with_field("value", Value::Int(8)).expect("an IntImm has a value");
        assert_eq!(eight.field("value").map(|v| matches!(v, Value::Int(8))), Some(true));
        assert_eq!(eight.field("ty").map(|v| v.kind_name()), seven.field("ty").map(|v| v.kind_name()));
        let err = seven.with_field("nothing", Value::None).expect_err("no such field");
        assert!(err.to_string().contains("ir.IntImm has no field nothing"), "{err}");
    }

    #[test]
    fn for_each_child_lists_the_objects_of_fields_in_order() {
        let roots = parse_lowered_tir();
        let (mut nodes, mut typed, mut owned) = (0, 0, 0);
        let mut todo = roots.clone();
        let mut seen = std::collections::HashSet::new();
        while let Some(obj) = todo.pop() {
            if !seen.insert(obj.addr()) {
                continue;
            }
            nodes += 1;
            let mut expected = Vec::new();
            obj.fields().iter().for_each(|v| each_object(v, &mut |o| expected.push(o.addr())));
            let mut got = Vec::new();
            obj.for_each_child(&mut |c| {
                match &c {
                    ChildRef::Typed(_) => typed += 1,
                    ChildRef::Owned(_) => owned += 1,
                    ChildRef::Erased(_) => {}
                }
                assert_eq!(c.addr(), c.to_object_ref().addr());
                assert_eq!(c.type_info().key, c.to_object_ref().type_key());
                got.push(c.addr());
                todo.push(c.to_object_ref());
            });
            assert_eq!(got, expected, "children of {}", obj.type_key());
        }
        // The walk met every kind of child, so each path above was checked.
        assert!(nodes > 100, "{nodes} nodes");
        assert!(typed > 0 && owned > 0, "typed {typed}, owned {owned}");
    }

    #[test]
    fn walked_fields_are_the_fields_objects_without_map_keys() {
        let roots = parse_lowered_tir();
        let mut todo = roots.clone();
        let mut seen = std::collections::HashSet::new();
        let mut maps = 0;
        while let Some(obj) = todo.pop() {
            if !seen.insert(obj.addr()) {
                continue;
            }
            let mut expected = Vec::new();
            for (i, v) in obj.fields().iter().enumerate() {
                if let Value::Map(m) = v {
                    maps += usize::from(!m.is_empty());
                }
                v.for_each_walked_child(&mut |c| expected.push((i, c.addr())));
            }
            let mut got = Vec::new();
            obj.for_each_walked_field(&mut |i, c| {
                got.push((i, c.addr()));
                todo.push(c.to_object_ref());
            });
            assert_eq!(got, expected, "walked children of {}", obj.type_key());
            obj.for_each_child(&mut |c| todo.push(c.to_object_ref()));
        }
        assert!(maps > 0, "the module has maps, so keys were left out somewhere");
    }

    #[test]
    fn children_of_children_borrow_from_the_root() {
        let roots = parse_lowered_tir();
        // Depth-first over borrowed children only, as `for_each_child` of a `ChildRef`.
        let mut count_borrowed = 0;
        let mut count_reflected = 0;
        for root in &roots {
            let mut todo = vec![ChildRef::Erased(root)];
            while let Some(c) = todo.pop() {
                count_borrowed += 1;
                c.for_each_child(&mut |d| todo.push(d));
            }
            let mut todo = vec![root.clone()];
            while let Some(o) = todo.pop() {
                count_reflected += 1;
                for v in o.fields() {
                    each_object(&v, &mut |c| todo.push(c.clone()));
                }
            }
        }
        assert_eq!(count_borrowed, count_reflected);
    }

    #[test]
    fn a_single_handle_is_unique() {
        let v = crate::ir::Var::scalar("v", crate::ir::DataType::int(32));
        let e: crate::ir::Expr = v.clone().into();
        assert!(!ChildRef::Typed(&v).is_unique());
        drop(e);
        assert!(ChildRef::Typed(&v).is_unique());
        let o = v.as_ref_obj();
        assert!(!ChildRef::Erased(&o).is_unique());
        assert!(!ChildRef::Owned(o.clone()).is_unique());
    }
}
