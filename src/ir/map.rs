//! `structural_map`: rewrite IR through reflection, and read-only walks.
//!
//! A callback sees each node (pre- or post-order) and answers with a
//! [`MapResult`]: keep it, replace it, or (pre-order) replace it without
//! descending. Callbacks may take any typed handle — `ObjectRef`, `Value`, a
//! category (`Expr`, `Type`, `BaseFunc`) or a concrete `Ref<XNode>` — and a
//! tuple of callbacks routes each node to the *first* one whose parameter type
//! it has (so list specific handlers before general ones, as TVM does):
//!
//! ```
//! use tvmscript::ir::{int_imm, structural_equal, structural_map, BinOp, DataType, Expr, MapResult, Span, Type, Var, WalkOrder};
//!
//! let i32 = DataType::INT32;
//! let x = Var::scalar("x", i32);
//! let sum = BinOp::Add.make(Type::prim(i32), x.clone().into(), int_imm(i32, 1), Span::none());
//! // Variables go to the first callback, every other expression to the second.
//! let out = structural_map(
//!     sum,
//!     (
//!         |v: Var| if v.ptr_eq(&x) { MapResult::Replace(int_imm(i32, 41).into()) } else { MapResult::Unchanged },
//!         |_: Expr| MapResult::Unchanged,
//!     ),
//!     WalkOrder::PostOrder,
//! )?;
//! let expected = BinOp::Add.make(Type::prim(i32), int_imm(i32, 41), int_imm(i32, 1), Span::none());
//! assert!(structural_equal(&out, &expected.into_object(), false));
//! # Ok::<(), tvmscript::ir::Error>(())
//! ```
//!
//! Unchanged subtrees are shared, not copied: a node whose children all come
//! back unchanged is not rebuilt. Fields marked `Ignore` are carried over, map
//! keys are kept (only values are mapped), and operators (`EqKind::Unique`) are
//! not descended into. Variables follow TVM's rule: a variable is descended only
//! where it is defined (inside a `Def` field); if that changes it (say its type
//! was rewritten), every later use is replaced by the new variable.

use std::collections::HashMap;
use std::marker::PhantomData;

use super::error::{Error, Result};
use super::expr::{BaseFunc, Expr};
use super::object::{EqKind, FieldRole, NodeType, ObjectRef, Ref};
use super::span::Span;
use super::ty::Type;
use super::value::{Field, Value};

/// When the callback runs relative to the node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    /// Before the children; a replacement is itself descended into.
    PreOrder,
    /// After the children; the callback sees the node with its children already mapped.
    PostOrder,
}

/// What a callback decided about one node.
#[derive(Clone, Debug)]
pub enum MapResult {
    /// Keep the node as it is.
    Unchanged,
    /// Put this node in its place (then descend into it, in pre-order).
    Replace(ObjectRef),
    /// Pre-order only: replace and do not descend into the replacement
    /// (post-order treats it as `Replace`).
    ReplaceAndSkip(ObjectRef),
}

/// Whether a node is visited inside a definition (`FieldRole::Def`) field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefRegion {
    /// An ordinary position: a variable here is a use.
    Use,
    /// Inside a definition field: a variable here is being defined.
    Def,
}

/// A typed view a callback can ask for; `None` when the node is not of that type.
pub trait FromNode: Sized {
    /// The node as `Self`, or `None` when it is not of that type.
    fn from_node(obj: &ObjectRef) -> Option<Self>;
    /// The expected type, for error messages.
    fn expected_name() -> &'static str;
}

impl FromNode for ObjectRef {
    fn from_node(obj: &ObjectRef) -> Option<Self> {
        Some(obj.clone())
    }
    fn expected_name() -> &'static str {
        "ffi.Object"
    }
}

impl FromNode for Value {
    fn from_node(obj: &ObjectRef) -> Option<Self> {
        Some(Value::Object(obj.clone()))
    }
    fn expected_name() -> &'static str {
        "Any"
    }
}

impl<T: NodeType> FromNode for Ref<T> {
    fn from_node(obj: &ObjectRef) -> Option<Self> {
        obj.try_downcast::<T>()
    }
    fn expected_name() -> &'static str {
        T::type_key_static()
    }
}

/// Implement [`FromNode`] for a category handle declared with `ir_category!`,
/// so callbacks can take it (`|s: Stmt| …`).
#[macro_export]
macro_rules! impl_from_node_for_category {
    ($($cat:ty),* $(,)?) => {$(
        impl $crate::ir::map::FromNode for $cat {
            fn from_node(obj: &$crate::ir::ObjectRef) -> Option<Self> {
                <$cat>::try_from_object(obj.clone()).ok()
            }
            fn expected_name() -> &'static str {
                <$cat>::category_info().key
            }
        }
    )*};
}

impl_from_node_for_category!(Expr, Type, BaseFunc);

/// A callback's answer that is not a `Result`: a [`MapResult`], a node (the same
/// node meaning "unchanged"), an `Option` of either (`None` = unchanged) or a `Value`.
pub trait MapOutput {
    /// What this answer means for `original`.
    fn resolve(self, original: &ObjectRef) -> Result<MapResult>;
}

impl MapOutput for MapResult {
    fn resolve(self, _original: &ObjectRef) -> Result<MapResult> {
        Ok(self)
    }
}

impl<T: Into<ObjectRef>> MapOutput for T {
    fn resolve(self, original: &ObjectRef) -> Result<MapResult> {
        let new: ObjectRef = self.into();
        Ok(if new.same_as(original) { MapResult::Unchanged } else { MapResult::Replace(new) })
    }
}

impl<T: MapOutput> MapOutput for Option<T> {
    fn resolve(self, original: &ObjectRef) -> Result<MapResult> {
        match self {
            Some(v) => v.resolve(original),
            None => Ok(MapResult::Unchanged),
        }
    }
}

impl MapOutput for Value {
    fn resolve(self, original: &ObjectRef) -> Result<MapResult> {
        match self {
            Value::Object(o) => o.resolve(original),
            other => Err(Error::type_error(format!(
                "structural_map: a callback must return an object, got {}",
                other.kind_name()
            ))),
        }
    }
}

/// Anything a callback may return: a [`MapOutput`] or a `Result` of one.
pub trait IntoMapResult {
    /// What this answer means for `original`; an error stops the walk.
    fn into_map_result(self, original: &ObjectRef) -> Result<MapResult>;
}

impl<T: MapOutput> IntoMapResult for T {
    fn into_map_result(self, original: &ObjectRef) -> Result<MapResult> {
        self.resolve(original)
    }
}

impl<T: MapOutput> IntoMapResult for Result<T> {
    fn into_map_result(self, original: &ObjectRef) -> Result<MapResult> {
        self.and_then(|v| v.resolve(original))
    }
}

/// A structural_map callback: one closure or function, or a tuple of them.
/// `M` is a marker that keeps the implementations apart; callers never name it.
pub trait MapFn<M> {
    /// `Some` when this callback takes nodes of `node`'s type.
    fn try_map(&mut self, node: &ObjectRef, region: DefRegion) -> Option<Result<MapResult>>;
}

#[doc(hidden)]
pub struct ByNode<T, R>(PhantomData<fn(T) -> R>);
#[doc(hidden)]
pub struct ByNodeInRegion<T, R>(PhantomData<fn(T) -> R>);
#[doc(hidden)]
pub struct FirstOf<M>(PhantomData<M>);

impl<F, T, R> MapFn<ByNode<T, R>> for F
where
    F: FnMut(T) -> R,
    T: FromNode,
    R: IntoMapResult,
{
    fn try_map(&mut self, node: &ObjectRef, _region: DefRegion) -> Option<Result<MapResult>> {
        let typed = T::from_node(node)?;
        Some(self(typed).into_map_result(node))
    }
}

impl<F, T, R> MapFn<ByNodeInRegion<T, R>> for F
where
    F: FnMut(T, DefRegion) -> R,
    T: FromNode,
    R: IntoMapResult,
{
    fn try_map(&mut self, node: &ObjectRef, region: DefRegion) -> Option<Result<MapResult>> {
        let typed = T::from_node(node)?;
        Some(self(typed, region).into_map_result(node))
    }
}

macro_rules! tuple_map_fn {
    ($(($f:ident, $m:ident)),+) => {
        impl<$($f, $m),+> MapFn<FirstOf<($($m,)+)>> for ($($f,)+)
        where
            $($f: MapFn<$m>),+
        {
            #[allow(non_snake_case)]
            fn try_map(&mut self, node: &ObjectRef, region: DefRegion) -> Option<Result<MapResult>> {
                let ($($f,)+) = self;
                $(
                    if let Some(r) = $f.try_map(node, region) {
                        return Some(r);
                    }
                )+
                None
            }
        }
    };
}

tuple_map_fn!((A, MA));
tuple_map_fn!((A, MA), (B, MB));
tuple_map_fn!((A, MA), (B, MB), (C, MC));
tuple_map_fn!((A, MA), (B, MB), (C, MC), (D, MD));
tuple_map_fn!((A, MA), (B, MB), (C, MC), (D, MD), (E, ME));
tuple_map_fn!((A, MA), (B, MB), (C, MC), (D, MD), (E, ME), (G, MG));
tuple_map_fn!((A, MA), (B, MB), (C, MC), (D, MD), (E, ME), (G, MG), (H, MH));
tuple_map_fn!((A, MA), (B, MB), (C, MC), (D, MD), (E, ME), (G, MG), (H, MH), (I, MI));

/// Rewrite `root` with `f`; returns the new root (the same object when nothing changed).
pub fn structural_map<M>(root: impl Into<ObjectRef>, mut f: impl MapFn<M>, order: WalkOrder) -> Result<ObjectRef> {
    let root = root.into();
    let mut mapper = Mapper { f: &mut f, order, region: DefRegion::Use, var_remap: HashMap::new(), _m: PhantomData };
    Ok(mapper.object(&root)?.unwrap_or(root))
}

/// [`structural_map`] keeping the root's handle type; a TypeError if the root was
/// replaced by a node of another type.
pub fn structural_map_typed<N, M>(root: N, f: impl MapFn<M>, order: WalkOrder) -> Result<N>
where
    N: Into<ObjectRef> + FromNode,
{
    let out = structural_map(root, f, order)?;
    N::from_node(&out).ok_or_else(|| {
        Error::type_error(format!("structural_map: expected {}, got {}", N::expected_name(), out.type_key()))
    })
}

/// [`structural_map`] over any value (arrays and maps of nodes included).
pub fn structural_map_value<M>(root: &Value, mut f: impl MapFn<M>, order: WalkOrder) -> Result<Value> {
    let mut mapper = Mapper { f: &mut f, order, region: DefRegion::Use, var_remap: HashMap::new(), _m: PhantomData };
    Ok(mapper.value(root)?.unwrap_or_else(|| root.clone()))
}

struct Mapper<'f, F, M> {
    f: &'f mut F,
    order: WalkOrder,
    region: DefRegion,
    /// Variables whose definition changed, to the variable that replaces them at every use.
    var_remap: HashMap<ObjectRef, ObjectRef>,
    _m: PhantomData<M>,
}

impl<F: MapFn<M>, M> Mapper<'_, F, M> {
    fn call(&mut self, node: &ObjectRef) -> Result<MapResult> {
        self.f.try_map(node, self.region).unwrap_or(Ok(MapResult::Unchanged))
    }

    /// `None` = unchanged (share the original).
    fn object(&mut self, obj: &ObjectRef) -> Result<Option<ObjectRef>> {
        match self.order {
            WalkOrder::PreOrder => match self.call(obj)? {
                MapResult::Unchanged => self.descend(obj),
                MapResult::Replace(new) => {
                    let descended = self.descend(&new)?;
                    Ok(Some(descended.unwrap_or(new)))
                }
                MapResult::ReplaceAndSkip(new) => Ok(if new.same_as(obj) { None } else { Some(new) }),
            },
            WalkOrder::PostOrder => {
                let descended = self.descend(obj)?;
                let current = descended.clone().unwrap_or_else(|| obj.clone());
                match self.call(&current)? {
                    MapResult::Unchanged => Ok(descended),
                    MapResult::Replace(new) | MapResult::ReplaceAndSkip(new) => {
                        Ok(if new.same_as(obj) { None } else { Some(new) })
                    }
                }
            }
        }
    }

    /// Map the children of `obj` and rebuild it if any changed.
    fn descend(&mut self, obj: &ObjectRef) -> Result<Option<ObjectRef>> {
        let info = obj.type_info();
        match info.eq_kind {
            // Registry singletons: a rebuilt copy would no longer be the operator.
            EqKind::Unique => return Ok(None),
            EqKind::Var => {
                if let Some(new) = self.var_remap.get(obj) {
                    return Ok(Some(new.clone()));
                }
                // A use of a variable whose definition did not change.
                if self.region == DefRegion::Use {
                    return Ok(None);
                }
            }
            EqKind::Tree => {}
        }
        let fields = obj.fields();
        let mut changed: Option<Vec<Value>> = None;
        for (i, (field, value)) in info.fields.iter().zip(&fields).enumerate() {
            let mapped = match field.role {
                FieldRole::Ignore => continue,
                FieldRole::Normal => self.value(value)?,
                FieldRole::Def => {
                    let saved = std::mem::replace(&mut self.region, DefRegion::Def);
                    let mapped = self.value(value);
                    self.region = saved;
                    mapped?
                }
            };
            if let Some(new) = mapped {
                changed.get_or_insert_with(|| fields.clone())[i] = new;
            }
        }
        let Some(values) = changed else {
            return Ok(None);
        };
        let rebuilt = obj
            .rebuild(values)
            .map_err(|e| Error::new(e.kind, format!("structural_map: cannot rebuild {}: {}", info.key, e.message)))?;
        if info.eq_kind == EqKind::Var {
            self.var_remap.insert(obj.clone(), rebuilt.clone());
        }
        Ok(Some(rebuilt))
    }

    fn value(&mut self, value: &Value) -> Result<Option<Value>> {
        match value {
            Value::Object(o) => Ok(self.object(o)?.map(Value::Object)),
            Value::Array(items) => {
                let mut changed: Option<Vec<Value>> = None;
                for (i, item) in items.iter().enumerate() {
                    if let Some(new) = self.value(item)? {
                        changed.get_or_insert_with(|| items.to_vec())[i] = new;
                    }
                }
                Ok(changed.map(|v| Value::Array(v.into())))
            }
            Value::Map(entries) => {
                let mut changed: Option<Vec<(Value, Value)>> = None;
                for (i, (_, v)) in entries.iter().enumerate() {
                    if let Some(new) = self.value(v)? {
                        changed.get_or_insert_with(|| entries.to_vec())[i].1 = new;
                    }
                }
                Ok(changed.map(|v| Value::Map(v.into())))
            }
            _ => Ok(None),
        }
    }
}

// ---------------------------------------------------------------------------
// Dispatch: route nodes to per-kind methods of a struct.

type Handler<S> = Box<dyn Fn(&mut S, &ObjectRef) -> Option<Result<MapResult>> + Send + Sync>;

/// Routes each node to the first handler whose parameter type it has (seed 003's
/// `#[dispatch(map)]`):
///
/// ```
/// use tvmscript::ir::{int_imm, structural_map, BinOp, DataType, Dispatch, IntImm, MapResult, Span, Type, Var, WalkOrder};
///
/// #[derive(Default)]
/// struct Count { vars: usize, ints: usize }
/// impl Count {
///     fn var(&mut self, _: Var) -> MapResult { self.vars += 1; MapResult::Unchanged }
///     fn int(&mut self, _: IntImm) -> MapResult { self.ints += 1; MapResult::Unchanged }
/// }
///
/// let i32 = DataType::INT32;
/// let e = BinOp::Mul.make(Type::prim(i32), Var::scalar("x", i32).into(), int_imm(i32, 2), Span::none());
/// let table = Dispatch::new().on(Count::var).on(Count::int);
/// let mut count = Count::default();
/// structural_map(e, table.callback(&mut count), WalkOrder::PostOrder)?;
/// assert_eq!((count.vars, count.ints), (1, 1));
/// # Ok::<(), tvmscript::ir::Error>(())
/// ```
/// See also [`dispatch_map!`](crate::dispatch_map), which writes the routing as a method.
pub struct Dispatch<S> {
    handlers: Vec<Handler<S>>,
}

impl<S> Default for Dispatch<S> {
    fn default() -> Self {
        Dispatch { handlers: Vec::new() }
    }
}

impl<S> Dispatch<S> {
    /// A table with no handlers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a handler for nodes of type `T` (tried after the ones added before it).
    pub fn on<T, R, F>(mut self, handler: F) -> Self
    where
        T: FromNode + 'static,
        R: IntoMapResult + 'static,
        F: Fn(&mut S, T) -> R + Send + Sync + 'static,
    {
        self.handlers.push(Box::new(move |state, node| {
            let typed = T::from_node(node)?;
            Some(handler(state, typed).into_map_result(node))
        }));
        self
    }

    /// The first matching handler's answer; `None` when no handler takes the node.
    pub fn dispatch(&self, state: &mut S, node: &ObjectRef) -> Option<Result<MapResult>> {
        self.handlers.iter().find_map(|h| h(state, node))
    }

    /// A structural_map callback that leaves unhandled nodes unchanged.
    pub fn callback<'a>(&'a self, state: &'a mut S) -> impl FnMut(ObjectRef) -> Result<MapResult> + 'a {
        move |node| self.dispatch(state, &node).unwrap_or(Ok(MapResult::Unchanged))
    }
}

/// Write a `dispatch` method that routes a node to the method taking its type,
/// in the order listed; `None` when none does:
///
/// ```
/// use tvmscript::ir::{int_imm, DataType, IntImm, MapResult, Var};
///
/// struct Lowering;
/// impl Lowering {
///     fn map_var(&mut self, _: Var) -> MapResult { MapResult::Unchanged }
///     fn map_int(&mut self, i: IntImm) -> MapResult { MapResult::Replace(int_imm(DataType::INT64, i.value).into()) }
/// }
/// tvmscript::dispatch_map! {
///     impl Lowering {
///         map_var(Var),
///         map_int(IntImm),
///     }
/// }
///
/// let node = int_imm(DataType::INT32, 7).into_object();
/// let answer = Lowering.dispatch(&node); // Option<Result<MapResult>>
/// assert!(matches!(answer, Some(Ok(MapResult::Replace(_)))));
/// ```
/// `impl Lowering as route { … }` names the method `route` instead.
#[macro_export]
macro_rules! dispatch_map {
    (impl $ty:ty { $($method:ident($node:ty)),* $(,)? }) => {
        $crate::dispatch_map!(impl $ty as dispatch { $($method($node)),* });
    };
    (impl $ty:ty as $name:ident { $($method:ident($node:ty)),* $(,)? }) => {
        impl $ty {
            /// Route `node` to the handler method of its type; `None` when there is none.
            #[allow(dead_code)]
            pub fn $name(
                &mut self,
                node: &$crate::ir::ObjectRef,
            ) -> Option<$crate::ir::Result<$crate::ir::map::MapResult>> {
                $(
                    if let Some(typed) = <$node as $crate::ir::map::FromNode>::from_node(node) {
                        return Some($crate::ir::map::IntoMapResult::into_map_result(self.$method(typed), node));
                    }
                )*
                None
            }
        }
    };
}

// ---------------------------------------------------------------------------
// Read-only walks.

/// The address of the expression's scalar type (`PrimType`), which walks do not
/// visit (TVM's walk treats it as data, its dtype); other types are visited.
/// A tensor load's type is visited (it is not a scalar expression in TVM's sense).
pub fn unwalked_scalar_type(o: &ObjectRef) -> Option<usize> {
    if o.is::<super::expr::TensorLoadNode>() {
        return None;
    }
    o.expr_ty().filter(|t| t.is::<super::ty::PrimTypeNode>()).map(|t| t.addr())
}

/// What a pre-order walk callback wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkControl {
    /// Continue, including this node's children.
    Advance,
    /// Continue, but not into this node's children.
    Skip,
    /// End the whole walk.
    Stop,
}

/// Walk every occurrence of every node under `root` (variables' types included,
/// except an expression's scalar `PrimType`; `Ignore` fields, map keys and operator internals not), calling `f` before or after
/// each node's children. Returns `Ok(false)` when a callback stopped the walk.
/// In post-order `Skip` means nothing (the children were already visited).
pub fn structural_walk<T: Field>(
    root: &T,
    mut f: impl FnMut(&ObjectRef, DefRegion) -> Result<WalkControl>,
    order: WalkOrder,
) -> Result<bool> {
    let mut walker = Walker { f: &mut f, order, region: DefRegion::Use };
    walker.value(&root.to_value())
}

struct Walker<'f, F> {
    f: &'f mut F,
    order: WalkOrder,
    region: DefRegion,
}

impl<F: FnMut(&ObjectRef, DefRegion) -> Result<WalkControl>> Walker<'_, F> {
    /// `Ok(false)`: stopped.
    fn value(&mut self, v: &Value) -> Result<bool> {
        match v {
            Value::Object(o) => self.object(o),
            Value::Array(items) => {
                for item in items.iter() {
                    if !self.value(item)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            // Keys are anchors (names, GlobalVars), not part of the walked structure.
            Value::Map(entries) => {
                for (_, item) in entries.iter() {
                    if !self.value(item)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    fn object(&mut self, o: &ObjectRef) -> Result<bool> {
        if self.order == WalkOrder::PreOrder {
            match (self.f)(o, self.region)? {
                WalkControl::Stop => return Ok(false),
                WalkControl::Skip => return Ok(true),
                WalkControl::Advance => {}
            }
        }
        if !self.children(o)? {
            return Ok(false);
        }
        if self.order == WalkOrder::PostOrder && (self.f)(o, self.region)? == WalkControl::Stop {
            return Ok(false);
        }
        Ok(true)
    }

    fn children(&mut self, o: &ObjectRef) -> Result<bool> {
        let info = o.type_info();
        if info.eq_kind == EqKind::Unique {
            return Ok(true);
        }
        // Children are borrowed from their parent (no `fields()` vector per node).
        // An expression's scalar type is data, as TVM's walk treats it (its dtype):
        // not visited. Other types (a tensor's, a buffer's) are.
        let prim_ty = unwalked_scalar_type(o);
        let mut result = Ok(true);
        o.for_each_walked_field(&mut |i, child| {
            if !matches!(result, Ok(true)) {
                return;
            }
            if prim_ty.is_some() && prim_ty == Some(child.addr()) {
                return;
            }
            let role = info.fields.get(i).map_or(FieldRole::Normal, |f| f.role);
            let child = child.to_object_ref();
            result = match role {
                FieldRole::Ignore => Ok(true),
                FieldRole::Normal => self.object(&child),
                FieldRole::Def => {
                    let saved = std::mem::replace(&mut self.region, DefRegion::Def);
                    let r = self.object(&child);
                    self.region = saved;
                    r
                }
            };
        });
        result
    }
}

/// Call `f` on every node under `root`, children first (TVM's `post_order_visit`).
pub fn post_order_visit<T: Field>(root: &T, mut f: impl FnMut(&ObjectRef)) {
    let _ = structural_walk(
        root,
        |node, _| {
            f(node);
            Ok(WalkControl::Advance)
        },
        WalkOrder::PostOrder,
    );
}

/// The span of the innermost located node (not `hit` itself) on the way from `root`
/// to the first node `hit` accepts: where a diagnostic about that node points (a
/// variable is shared, so its own span says where it was made, not where it is used).
pub fn innermost_span(root: &ObjectRef, hit: &dyn Fn(&ObjectRef) -> bool) -> Option<Span> {
    fn go(n: &ObjectRef, hit: &dyn Fn(&ObjectRef) -> bool, depth: usize) -> Option<Span> {
        if hit(n) {
            return Some(Span::none());
        }
        // IR this deep is found by the walkers that check it; a located answer is a nicety.
        if depth > 2000 {
            return None;
        }
        let mut found = None;
        n.for_each_walked_field(&mut |_, c| {
            if found.is_none() {
                found = go(&c.to_object_ref(), hit, depth + 1);
            }
        });
        found.map(|s| if s.is_none() { n.span().clone() } else { s })
    }
    go(root, hit, 0).filter(|s| !s.is_none())
}

/// Call `f` on every node under `root`, parents first; `f` returning false skips
/// the node's children (TVM's `pre_order_visit`).
pub fn pre_order_visit<T: Field>(root: &T, mut f: impl FnMut(&ObjectRef) -> bool) {
    let _ = structural_walk(
        root,
        |node, _| Ok(if f(node) { WalkControl::Advance } else { WalkControl::Skip }),
        WalkOrder::PreOrder,
    );
}

/// `ty` with each variable `select` picks replaced by a fresh one of the same name,
/// type and span (one per variable, wherever it occurs): a function's declared type
/// that must not share the symbols its signature made with the function built from
/// the same run of that signature.
pub fn fresh_vars(ty: &Type, select: impl Fn(&ObjectRef) -> bool) -> Result<Type> {
    use super::expr::{new_var, VarNode};
    // Types without the variables (static shapes, scalar parameters) need no copy:
    // a borrowing look is far cheaper than a rebuilding map that changes nothing.
    let mut found = false;
    pre_order_visit(ty.as_object(), |n| {
        found |= n.is::<VarNode>() && select(n);
        !found
    });
    if !found {
        return Ok(ty.clone());
    }
    let memo: std::cell::RefCell<HashMap<usize, ObjectRef>> = Default::default();
    let out = structural_map(
        ty.as_object().clone(),
        |n: ObjectRef| -> Result<MapResult> {
            let Some(v) = n.downcast_ref::<VarNode>() else { return Ok(MapResult::Unchanged) };
            if !select(&n) {
                return Ok(MapResult::Unchanged);
            }
            if let Some(done) = memo.borrow().get(&n.addr()) {
                return Ok(MapResult::ReplaceAndSkip(done.clone()));
            }
            let new = new_var(&v.name, v.ty.clone(), v.span.clone()).as_ref_obj();
            memo.borrow_mut().insert(n.addr(), new.clone());
            Ok(MapResult::ReplaceAndSkip(new))
        },
        WalkOrder::PreOrder,
    )?;
    Ok(Type(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{
        int_imm, structural_equal, Add, AddNode, BinOp, DataType, IntImm, IntImmNode, Let, LetNode, Span, Var,
        VarNode,
    };

    fn i32t() -> Type {
        Type::prim(DataType::INT32)
    }
    fn c(v: i64) -> Expr {
        int_imm(DataType::INT32, v)
    }
    fn add(a: impl Into<Expr>, b: impl Into<Expr>) -> Expr {
        BinOp::Add.make(i32t(), a.into(), b.into(), Span::none())
    }
    fn mul(a: impl Into<Expr>, b: impl Into<Expr>) -> Expr {
        BinOp::Mul.make(i32t(), a.into(), b.into(), Span::none())
    }
    fn let_(v: &Var, value: impl Into<Expr>, body: impl Into<Expr>) -> Expr {
        Let::new(LetNode { ty: i32t(), var: v.clone(), value: value.into(), body: body.into(), span: Span::none() })
            .into()
    }
    fn short(o: &ObjectRef) -> String {
        if let Some(i) = o.downcast_ref::<IntImmNode>() {
            return i.value.to_string();
        }
        o.type_info().name().to_string()
    }

    #[test]
    fn post_order_sees_children_first() {
        let x = Var::scalar("x", DataType::INT32);
        let e = add(mul(&x, c(2)), c(3));
        let mut seen = Vec::new();
        structural_map(
            e.clone(),
            |n: Expr| {
                seen.push(short(&n));
                MapResult::Unchanged
            },
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert_eq!(seen, ["Var", "2", "Mul", "3", "Add"]);
        let mut pre = Vec::new();
        structural_map(
            e,
            |n: Expr| {
                pre.push(short(&n));
                MapResult::Unchanged
            },
            WalkOrder::PreOrder,
        )
        .unwrap();
        assert_eq!(pre, ["Add", "Mul", "Var", "2", "3"]);
    }

    #[test]
    fn unchanged_subtrees_are_shared() {
        let x = Var::scalar("x", DataType::INT32);
        let left = mul(&x, c(2));
        let e = add(left.clone(), c(3));
        // Nothing changes: the very same root comes back.
        let same = structural_map(e.clone(), |_: Expr| MapResult::Unchanged, WalkOrder::PostOrder).unwrap();
        assert!(same.same_as(&e));
        // Only the right operand changes: the left subtree is the same Arc, the root is rebuilt.
        let out = structural_map(
            e.clone(),
            |i: IntImm| if i.value == 3 { Some(c(4)) } else { None },
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert!(!out.same_as(&e));
        let node = out.downcast_ref::<AddNode>().unwrap();
        assert!(node.a.same_as(&left));
        assert_eq!(node.b.as_int(), Some(4));
        assert!(structural_equal(&out, &add(left, c(4)), false));
    }

    #[test]
    fn post_order_rebuilds_before_the_parent_callback() {
        // Constant folding bottom-up needs the parent to see folded children.
        let e = add(mul(c(2), c(3)), c(4));
        let fold = |n: ObjectRef| -> Result<MapResult> {
            if let Some((op, a, b)) = BinOp::operands(&n)
                && let (Some(a), Some(b)) = (a.as_int(), b.as_int())
            {
                let v = match op {
                    BinOp::Add => a + b,
                    BinOp::Mul => a * b,
                    _ => return Ok(MapResult::Unchanged),
                };
                return Ok(MapResult::Replace(c(v).into_object()));
            }
            Ok(MapResult::Unchanged)
        };
        let out = structural_map(e, fold, WalkOrder::PostOrder).unwrap();
        assert_eq!(Expr(out).as_int(), Some(10));
    }

    #[test]
    fn pre_order_descends_into_replacements_unless_skipped() {
        let e = add(c(1), c(2));
        let wrap = |i: IntImm| -> Result<MapResult> {
            Ok(if i.value == 1 { MapResult::Replace(mul(c(5), c(6)).into_object()) } else { MapResult::Unchanged })
        };
        let mut seen = Vec::new();
        let out = structural_map(
            e.clone(),
            (wrap, |n: Expr| {
                seen.push(short(&n));
                MapResult::Unchanged
            }),
            WalkOrder::PreOrder,
        )
        .unwrap();
        // The replacement is descended into (its IntImms went to `wrap`) but not
        // offered to the callbacks itself.
        assert_eq!(seen, ["Add"]);
        assert!(structural_equal(&out, &add(mul(c(5), c(6)), c(2)), false));

        let mut count = 0;
        let out2 = structural_map(
            e,
            |n: Expr| {
                count += 1;
                if n.as_int() == Some(1) { MapResult::ReplaceAndSkip(mul(c(7), c(8)).into_object()) } else { MapResult::Unchanged }
            },
            WalkOrder::PreOrder,
        )
        .unwrap();
        assert_eq!(count, 3); // Add, 1, 2 — not the replacement's children
        assert!(structural_equal(&out2, &add(mul(c(7), c(8)), c(2)), false));
    }

    fn check_type(t: Type) -> Result<Type> {
        if t.as_prim() == Some(DataType::INT64) { Err(Error::value_error("int64 not allowed")) } else { Ok(t) }
    }

    #[test]
    fn tuple_callbacks_route_to_the_first_matching_type() {
        let x = Var::scalar("x", DataType::INT32);
        let e = add(&x, c(1));
        let mut adds = 0;
        let mut exprs = Vec::new();
        let mut types = 0;
        structural_map(
            e.clone(),
            (
                |t: Type| {
                    types += 1;
                    check_type(t)
                },
                |a: Add| {
                    adds += 1;
                    Ok::<_, Error>(a)
                },
                |n: Expr| {
                    exprs.push(short(&n));
                    n
                },
            ),
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert_eq!(adds, 1);
        // The Add went to its own handler only; the Var's type is not walked at a use.
        assert_eq!(exprs, ["Var", "1"]);
        assert_eq!(types, 2); // the IntImm's and the Add's
        // An error aborts.
        let bad = add(&x, int_imm(DataType::INT64, 1));
        let err = structural_map(bad, (check_type, |e: Expr| e), WalkOrder::PostOrder).unwrap_err();
        assert_eq!(err.message, "int64 not allowed");
    }

    #[test]
    fn changed_definitions_update_their_uses() {
        // Retype every int32 to int64: the Let's variable is rebuilt at its definition,
        // and its uses in the body follow.
        let x = Var::scalar("x", DataType::INT32);
        let e = let_(&x, c(1), add(&x, &x));
        let out = structural_map(
            e,
            |t: Type| if t.as_prim() == Some(DataType::INT32) { Some(Type::prim(DataType::INT64)) } else { None },
            WalkOrder::PostOrder,
        )
        .unwrap();
        let let_node = out.downcast_ref::<LetNode>().unwrap();
        assert_eq!(let_node.var.dtype(), DataType::INT64);
        let body = let_node.body.downcast_ref::<AddNode>().unwrap();
        assert!(body.a.same_as(&let_node.var.as_ref_obj()));
        assert!(body.b.same_as(&let_node.var.as_ref_obj()));
    }

    #[test]
    fn def_region_is_reported() {
        let x = Var::scalar("x", DataType::INT32);
        let e = let_(&x, c(1), add(&x, c(2)));
        let mut regions = Vec::new();
        structural_map(
            e,
            |_: Var, r: DefRegion| {
                regions.push(r);
                MapResult::Unchanged
            },
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert_eq!(regions, [DefRegion::Def, DefRegion::Use]);
    }

    #[test]
    fn typed_map_keeps_the_handle_type() {
        let x = Var::scalar("x", DataType::INT32);
        let e: Expr = add(&x, c(1));
        let out: Expr = structural_map_typed(e, |i: IntImm| Some(c(i.value + 1)), WalkOrder::PostOrder).unwrap();
        assert!(structural_equal(&out, &add(&x, c(2)), false));
        let v: Var = x.clone();
        let err = structural_map_typed(v, |_: Var| Some(c(0)), WalkOrder::PostOrder).unwrap_err();
        assert_eq!(err.kind, crate::ir::ErrorKind::TypeError);
    }

    #[test]
    fn rebuild_type_errors_are_reported() {
        let x = Var::scalar("x", DataType::INT32);
        let e = let_(&x, c(1), c(2));
        let err = structural_map(
            e,
            |_: Var, r: DefRegion| (r == DefRegion::Def).then(|| c(0)),
            WalkOrder::PostOrder,
        )
        .unwrap_err();
        assert!(err.message.contains("prim.Let"), "{}", err.message);
    }

    /// Seed 003's checking map: named functions and an un-annotated closure in one tuple.
    struct Ops {
        banned: i64,
    }
    fn check_call_lowered(ops: &Ops, add: Add) -> Result<Add> {
        if add.b.as_int() == Some(ops.banned) { Err(Error::value_error("banned operand")) } else { Ok(add) }
    }
    fn check_expr(expr: Expr) -> Result<Expr> {
        Ok(expr)
    }

    #[test]
    fn seed_style_checking_tuple() {
        let ops = Ops { banned: 7 };
        let good = add(c(1), c(2));
        let out = structural_map(good.clone(), (check_type, |call| check_call_lowered(&ops, call), check_expr), WalkOrder::PostOrder)
            .unwrap();
        assert!(out.same_as(&good));
        let bad = add(c(1), c(7));
        let err = structural_map(bad, (check_type, |call| check_call_lowered(&ops, call), check_expr), WalkOrder::PostOrder)
            .unwrap_err();
        assert_eq!(err.message, "banned operand");
    }

    struct Doubler {
        calls: usize,
    }
    impl Doubler {
        fn map_int(&mut self, i: IntImm) -> Result<Expr> {
            self.calls += 1;
            Ok(c(i.value * 2))
        }
        fn map_var(&mut self, v: Var) -> Result<MapResult> {
            self.calls += 1;
            let _ = v;
            Ok(MapResult::Unchanged)
        }
    }
    crate::dispatch_map! {
        impl Doubler {
            map_int(IntImm),
            map_var(Var),
        }
    }

    #[test]
    fn dispatch_macro_routes_by_type() {
        let x = Var::scalar("x", DataType::INT32);
        let e = add(&x, c(21));
        let mut d = Doubler { calls: 0 };
        let out = structural_map(
            e.clone(),
            |n: ObjectRef| d.dispatch(&n).unwrap_or(Ok(MapResult::Unchanged)),
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert_eq!(d.calls, 2);
        assert!(structural_equal(&out, &add(&x, c(42)), false));
        // No handler for Add or types.
        assert!(d.dispatch(&e).is_none());
    }

    #[test]
    fn dispatch_builder_routes_by_type() {
        let table = Dispatch::new().on(Doubler::map_int).on(|d: &mut Doubler, _t: Type| {
            d.calls += 100;
            MapResult::Unchanged
        });
        let mut d = Doubler { calls: 0 };
        let out = structural_map(add(c(1), c(2)), table.callback(&mut d), WalkOrder::PostOrder).unwrap();
        assert!(structural_equal(&out, &add(c(2), c(4)), false));
        assert_eq!(d.calls, 2 + 3 * 100);
    }

    #[test]
    fn visits() {
        let x = Var::scalar("x", DataType::INT32);
        let e = let_(&x, c(1), add(&x, c(2)));
        let mut post = Vec::new();
        post_order_visit(&e, |n| post.push(short(n)));
        // A scalar expression's PrimType is not walked (as TVM's walks skip it);
        // the Var is visited at each occurrence.
        assert_eq!(
            post,
            ["Var", "1", "Var", "2", "Add", "Let"]
        );
        let mut pre = Vec::new();
        pre_order_visit(&e, |n| {
            pre.push(short(n));
            !n.is::<AddNode>() && !n.is::<VarNode>() && !n.is::<IntImmNode>()
        });
        assert_eq!(pre, ["Let", "Var", "1", "Add"]);
        let mut n = 0;
        let done = structural_walk(
            &e,
            |_, _| {
                n += 1;
                Ok(if n == 3 { WalkControl::Stop } else { WalkControl::Advance })
            },
            WalkOrder::PreOrder,
        )
        .unwrap();
        assert!(!done);
        assert_eq!(n, 3);
    }
}
