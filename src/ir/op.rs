//! The operator registry: `OpDef::new(name, doc).signature(..).set_infer_type(f)
//! .set_validator(f).set_attr(key, value).register()?`.
//!
//! `Op::get(name)` returns the registry's single `Op` object for a name, so passes
//! recognise an operator by pointer (`call.op.same_as(&op)`).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use super::error::{Error, ErrorKind, Result};
use crate::fast_hash::FastMap;
use super::expr::{Call, CallNode, Expr, Op, OpNode};
use super::object::Ref;
use super::span::Span;
use super::ty::Type;
use super::value::Value;

/// The operator attribute holding a print hook for calls of the operator (TVM's
/// `FDocTranslate`): a [`Value::native`] of `crate::printer::engine::PrintHook`, called
/// with the `ir.Call`. Dialect call printers consult it before their generic form, so an
/// extension's operators print in its own namespace (`my_ext.cmul(z, w)`).
pub const ATTR_DOC_TRANSLATE: &str = "FDocTranslate";

/// Computes a call's result type from its arguments.
pub type InferTypeFn = Arc<dyn Fn(&CallNode) -> Result<Type> + Send + Sync>;
/// Checks a call against the operator's contract.
pub type ValidateFn = Arc<dyn Fn(&CallNode) -> Result<()> + Send + Sync>;

/// One declared argument of an operator.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgSpec {
    /// The argument's name.
    pub name: String,
    /// What the argument must be, for messages and docs (`"PrimExpr"`, `"Buffer"` …).
    pub kind: String,
    /// What the argument is for.
    pub doc: String,
}

/// Typed argument declarations for [`OpDef::signature`].
pub mod sig {
    use super::ArgSpec;

    /// Something an argument can be declared as: the name shown in messages.
    pub trait ArgKind {
        /// The kind's name in messages (`"PrimExpr"` …).
        const KIND: &'static str;
    }
    /// A scalar expression.
    pub struct PrimExpr;
    impl ArgKind for PrimExpr {
        const KIND: &'static str = "PrimExpr";
    }
    /// Any expression.
    pub struct AnyExpr;
    impl ArgKind for AnyExpr {
        const KIND: &'static str = "Expr";
    }

    /// An argument of kind `K`, with its name and description.
    pub fn arg<K: ArgKind>(name: &str, doc: &str) -> ArgSpec {
        ArgSpec { name: name.into(), kind: K::KIND.into(), doc: doc.into() }
    }

    /// A list of argument specs, from a tuple or an array.
    pub trait Signature {
        /// The argument specs, in order.
        fn into_specs(self) -> Vec<ArgSpec>;
    }
    impl Signature for Vec<ArgSpec> {
        fn into_specs(self) -> Vec<ArgSpec> {
            self
        }
    }
    impl<const N: usize> Signature for [ArgSpec; N] {
        fn into_specs(self) -> Vec<ArgSpec> {
            self.into()
        }
    }
    impl Signature for () {
        fn into_specs(self) -> Vec<ArgSpec> {
            vec![]
        }
    }
    impl Signature for (ArgSpec,) {
        fn into_specs(self) -> Vec<ArgSpec> {
            vec![self.0]
        }
    }
    impl Signature for (ArgSpec, ArgSpec) {
        fn into_specs(self) -> Vec<ArgSpec> {
            vec![self.0, self.1]
        }
    }
    impl Signature for (ArgSpec, ArgSpec, ArgSpec) {
        fn into_specs(self) -> Vec<ArgSpec> {
            vec![self.0, self.1, self.2]
        }
    }
}

/// Everything the registry knows about one operator.
#[derive(Clone)]
pub struct OpEntry {
    /// The operator object (one per name).
    pub op: Op,
    /// What the operator does.
    pub doc: String,
    /// Declared arguments; `None` when the operator takes any number.
    pub args: Option<Vec<ArgSpec>>,
    /// The arguments as TVM documents them (`Op.arguments`), which may be more or
    /// fewer than a call is checked against.
    pub documented_args: Vec<ArgSpec>,
    /// Computes a call's type from its arguments (`FInferType`).
    pub infer_type: Option<InferTypeFn>,
    /// Checks a call's arguments beyond their number.
    pub validator: Option<ValidateFn>,
    /// Attributes by key (printer hooks, lowering hooks, flags).
    pub attrs: HashMap<String, Value>,
}

// Entries are shared: a call's type inference looks its operator up, and copying
// the entry (attributes, argument specs) per call was a measurable part of a parse.
type Registry = FastMap<Arc<str>, Arc<OpEntry>>;

fn registry() -> &'static RwLock<Registry> {
    static REG: OnceLock<RwLock<Registry>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

/// A definition in progress; `register()` puts it into the registry.
#[must_use = "an OpDef does nothing until .register() is called"]
pub struct OpDef {
    entry: OpEntry,
}

impl OpDef {
    /// Start defining the operator `name` (`dialect.op`), described by `doc`.
    pub fn new(name: &str, doc: &str) -> OpDef {
        let op = Op::new(OpNode { ty: Type::missing(), name: name.into(), span: Span::none() });
        OpDef { entry: OpEntry { op, doc: doc.into(), args: None, documented_args: Vec::new(), infer_type: None, validator: None, attrs: HashMap::new() } }
    }
    /// Declare the arguments (their number is then checked by `Call::validate`).
    pub fn signature(mut self, sig: impl sig::Signature) -> OpDef {
        let specs = sig.into_specs();
        if self.entry.documented_args.is_empty() {
            self.entry.documented_args = specs.clone();
        }
        self.entry.args = Some(specs);
        self
    }
    /// Document the arguments (`Op.arguments`) without checking calls against them.
    pub fn document_args(mut self, specs: Vec<ArgSpec>) -> OpDef {
        self.entry.documented_args = specs;
        self
    }
    /// Set how a call's type is inferred from its arguments.
    pub fn set_infer_type(mut self, f: impl Fn(&CallNode) -> Result<Type> + Send + Sync + 'static) -> OpDef {
        self.entry.infer_type = Some(Arc::new(f));
        self
    }
    /// Set a check run on every call (`call.validate()`).
    pub fn set_validator(mut self, f: impl Fn(&CallNode) -> Result<()> + Send + Sync + 'static) -> OpDef {
        self.entry.validator = Some(Arc::new(f));
        self
    }
    /// Set an attribute (a value, or a native hook: [`Value::native`]).
    pub fn set_attr(mut self, key: &str, value: impl Into<Value>) -> OpDef {
        self.entry.attrs.insert(key.into(), value.into());
        self
    }
    /// Add the operator to the registry. Registering a name twice is a ValueError.
    pub fn register(self) -> Result<Op> {
        let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
        let name = self.entry.op.name.clone();
        if reg.contains_key(&name) {
            return Err(Error::value_error(format!("operator {name:?} is already registered")));
        }
        let op = self.entry.op.clone();
        reg.insert(name, Arc::new(self.entry));
        Ok(op)
    }
}

impl Ref<OpNode> {
    /// The registered operator of this name (one object per name).
    pub fn get(name: &str) -> Result<Op> {
        Self::lookup(name).ok_or_else(|| Error::new(ErrorKind::AttributeError, format!("operator {name:?} is not registered")))
    }
    /// The registered operator of this name, if any.
    pub fn lookup(name: &str) -> Option<Op> {
        registry().read().unwrap_or_else(|e| e.into_inner()).get(name).map(|e| e.op.clone())
    }
    /// The registry entry of this operator.
    pub fn entry(&self) -> Option<Arc<OpEntry>> {
        op_entry(&self.name)
    }
    /// The attribute `key` of this operator.
    pub fn get_attr(&self, key: &str) -> Option<Value> {
        op_attr(&self.name, key)
    }
}

/// The attribute `key` of the operator registered as `name`.
pub fn op_attr(name: &str, key: &str) -> Option<Value> {
    registry().read().unwrap_or_else(|e| e.into_inner()).get(name)?.attrs.get(key).cloned()
}

/// The registry entry of the operator called `name`.
pub fn op_entry(name: &str) -> Option<Arc<OpEntry>> {
    registry().read().unwrap_or_else(|e| e.into_inner()).get(name).cloned()
}

/// Names of all registered operators, sorted.
pub fn registered_ops() -> Vec<String> {
    let mut v: Vec<String> = registry().read().unwrap_or_else(|e| e.into_inner()).keys().map(|k| k.to_string()).collect();
    v.sort();
    v
}

/// Replace or set one attribute of a registered operator.
pub fn set_op_attr(name: &str, key: &str, value: Value) -> Result<()> {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    let entry = reg.get_mut(name).ok_or_else(|| Error::key_error(format!("operator {name:?} is not registered")))?;
    Arc::make_mut(entry).attrs.insert(key.into(), value);
    Ok(())
}

impl Ref<CallNode> {
    /// Build a call. `ty: None` runs the operator's inference (keeping the missing
    /// type when there is none); an explicit type, even `Type::missing()`, is kept.
    pub fn make(
        ty: Option<Type>,
        op: impl Into<Expr>,
        args: impl IntoIterator<Item = impl Into<Expr>>,
        attrs: Option<Value>,
        ty_args: Vec<Type>,
        span: Span,
    ) -> Result<Call> {
        let op = op.into();
        let mut node = CallNode {
            ty: Type::missing(),
            op,
            args: args.into_iter().map(Into::into).collect(),
            attrs: attrs.unwrap_or(Value::None),
            ty_args,
            span,
        };
        node.ty = match ty {
            Some(t) => t,
            None => infer_call_type(&node)?,
        };
        Ok(Call::new(node))
    }

    /// Check the call against its operator's registered contract.
    pub fn validate(&self) -> Result<()> {
        validate_call_node(self)
    }
}

/// Run the registered inference of a call's operator, if any.
pub fn infer_call_type(call: &CallNode) -> Result<Type> {
    let Some(op) = call.op.downcast_ref::<OpNode>() else {
        return Ok(Type::missing());
    };
    match op_entry(&op.name) {
        Some(entry) => match &entry.infer_type {
            Some(f) => f(call),
            None => Ok(Type::missing()),
        },
        None => Ok(Type::missing()),
    }
}

/// Arity per the declared signature, then the operator's own validator.
pub fn validate_call_node(call: &CallNode) -> Result<()> {
    let Some(op) = call.op.downcast_ref::<OpNode>() else {
        return Ok(());
    };
    let entry = op_entry(&op.name)
        .ok_or_else(|| Error::value_error(format!("operator {:?} is not registered", op.name)))?;
    if let Some(args) = &entry.args
        && args.len() != call.args.len()
    {
        return Err(Error::type_error(format!(
            "{} expects {} argument(s), got {}",
            op.name,
            args.len(),
            call.args.len()
        )));
    }
    match &entry.validator {
        Some(v) => v(call),
        None => Ok(()),
    }
}
