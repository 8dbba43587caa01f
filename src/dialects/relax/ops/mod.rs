//! The Relax operators: every `relax.*` operator of TVM 0.27 registered through
//! [`OpDef`], their call attributes (`relax.attrs.*` nodes, [`attrs`]), the table from
//! script names (`nn.softmax` in `R.nn.softmax`) to operator names, and type
//! inference (TVM's StructInfo inference) for the common operators.
//!
//! Registered operator attributes (values as TVM has them):
//! * `script_name`: the dotted name after `R.` (`"add"`, `"nn.softmax"`, `"call_tir"`).
//!   Always the operator name without its `relax.` prefix; absent for the
//!   `relax.inspect.*` operators, which have no script function.
//! * `num_inputs`, `support_level`: TVM's fields of `ir.Op` (`num_inputs` is -1 for
//!   variadic operators and is not always the real arity).
//! * `attrs_type_key`: TVM's `ir.Op.attrs_type_key`, when not empty.
//! * `call_attrs`: the `relax.attrs.*` type calls of the operator carry (observed in the
//!   corpus; TVM leaves `attrs_type_key` empty for some, such as `relax.sum`).
//! * `FPurity`: whether a call is pure (TVM's attribute of that name).
//!
//! Inference runs when a call is built with `Call::make(None, ..)`. Operators without
//! a rule type their calls `Type::missing()`, and so does any call with an argument of
//! missing type (nothing is known, so nothing is claimed).

pub mod attrs;
mod create;
mod elementwise;
mod infer;
mod linalg;
mod manipulate;
mod misc;
mod nn;
mod quant_index;
mod reduce;
mod repeat_scan;
mod table;
mod text;
mod vision;

use std::sync::OnceLock;

pub use infer::{infer_relax_call, InferRule};
pub use text::{op_repr, prim_text, shape_text, type_text};

use crate::ir::op::ArgSpec;
use crate::ir::{CallNode, OpDef, Result, Type, Value};

/// Operator attribute: the name a call prints as (`"R.add"`).
pub const ATTR_SCRIPT_NAME: &str = "script_name";
/// Operator attribute: the number of inputs.
pub const ATTR_NUM_INPUTS: &str = "num_inputs";
/// Operator attribute: TVM's `support_level`.
pub const ATTR_SUPPORT_LEVEL: &str = "support_level";
/// Operator attribute: TVM's `attrs_type_key`.
pub const ATTR_ATTRS_TYPE_KEY: &str = "attrs_type_key";
/// Operator attribute: the `relax.attrs.*` type of a call's attributes.
pub const ATTR_CALL_ATTRS: &str = "call_attrs";
/// Operator attribute: TVM's `FPurity`.
pub const ATTR_PURITY: &str = "FPurity";

/// What TVM's registry says about one operator (see [`op_facts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpFact {
    /// `relax.nn.softmax`.
    pub name: &'static str,
    /// The path after `R.` of the script function building it: `nn.softmax`.
    pub script_name: Option<&'static str>,
    /// TVM's `num_inputs` (-1: variadic).
    pub num_inputs: i64,
    /// TVM's `attrs_type_key` of the operator (often empty).
    pub attrs_type_key: &'static str,
    /// The `relax.attrs.*` type of `call.attrs` (empty: calls carry no attributes).
    pub call_attrs: &'static str,
    /// TVM's `support_level`.
    pub support_level: i64,
    /// TVM's `FPurity` attribute (`None`: not set).
    pub purity: Option<bool>,
    /// Whether a call of the operator occurs in the conformance corpus.
    pub in_corpus: bool,
    /// TVM's argument declarations: (name, kind, description).
    pub args: &'static [(&'static str, &'static str, &'static str)],
    /// The parameters of the script function (`x, axis=None, keepdims=False`), from its
    /// Python signature: how script arguments become call arguments and attributes is
    /// the frontend's business, this says what it accepts.
    pub script_signature: &'static str,
}

/// All `relax.*` operators of TVM 0.27, in name order.
pub fn op_facts() -> &'static [OpFact] {
    table::OP_FACTS
}

/// The facts of one operator.
pub fn op_fact(name: &str) -> Option<&'static OpFact> {
    static INDEX: OnceLock<crate::fast_hash::FastMap<&'static str, usize>> = OnceLock::new();
    let index = INDEX.get_or_init(|| table::OP_FACTS.iter().enumerate().map(|(i, f)| (f.name, i)).collect());
    index.get(name).map(|&i| &table::OP_FACTS[i])
}

/// The operator a script name builds: `"nn.softmax"` (from `R.nn.softmax`) -> `"relax.nn.softmax"`.
/// `None` for names that are not operators (`R.Tensor`, `R.function`, `R.const`,
/// `R.call_packed` … — see the fact sheet `docs/dev-notes/relax-model.md`).
pub fn op_name_of_script(script_name: &str) -> Option<&'static str> {
    static INDEX: OnceLock<crate::fast_hash::FastMap<&'static str, &'static str>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        table::OP_FACTS.iter().filter_map(|f| f.script_name.map(|s| (s, f.name))).collect()
    });
    index.get(script_name).copied()
}

/// The script name of an operator: `"relax.nn.softmax"` -> `"nn.softmax"`.
pub fn script_name_of_op(op_name: &str) -> Option<&'static str> {
    op_fact(op_name).and_then(|f| f.script_name)
}

/// `(script name, operator name)` for every operator with a script function, in
/// operator-name order: the table the `R` namespace is built from.
pub fn script_op_table() -> impl Iterator<Item = (&'static str, &'static str)> {
    table::OP_FACTS.iter().filter_map(|f| f.script_name.map(|s| (s, f.name)))
}

/// Register the attribute nodes and every Relax operator (not idempotent by itself:
/// [`super::register_dialect`] guards it).
pub(crate) fn register() -> Result<()> {
    attrs::register()?;
    for fact in table::OP_FACTS {
        op_def(fact).register()?;
    }
    Ok(())
}

fn op_def(fact: &OpFact) -> OpDef {
    let documented =
        fact.args.iter().map(|(name, kind, doc)| ArgSpec { name: (*name).into(), kind: (*kind).into(), doc: (*doc).into() }).collect();
    let mut def = OpDef::new(fact.name, "")
        .document_args(documented)
        .set_attr(ATTR_NUM_INPUTS, Value::Int(fact.num_inputs))
        .set_attr(ATTR_SUPPORT_LEVEL, Value::Int(fact.support_level));
    if let Some(s) = fact.script_name {
        def = def.set_attr(ATTR_SCRIPT_NAME, s);
    }
    if !fact.attrs_type_key.is_empty() {
        def = def.set_attr(ATTR_ATTRS_TYPE_KEY, fact.attrs_type_key);
    }
    if !fact.call_attrs.is_empty() {
        def = def.set_attr(ATTR_CALL_ATTRS, fact.call_attrs);
    }
    if let Some(p) = fact.purity {
        def = def.set_attr(ATTR_PURITY, Value::Bool(p));
    }
    // Declare the arguments only where TVM's declaration is the real arity: some
    // operators take optional trailing arguments (`strided_slice`'s strides,
    // `nll_loss`'s weights) or declare a count they do not use.
    // Only operators seen in use are declared, so a declaration is known to be right.
    if fact.in_corpus
        && fact.num_inputs >= 0
        && fact.num_inputs as usize == fact.args.len()
        && !has_optional_args(fact.name)
    {
        let specs: Vec<ArgSpec> = fact
            .args
            .iter()
            .map(|(name, kind, doc)| ArgSpec { name: (*name).into(), kind: (*kind).into(), doc: (*doc).into() })
            .collect();
        def = def.signature(specs);
    }
    match infer::rule_of(fact.name) {
        Some(rule) => def.set_infer_type(move |call: &CallNode| infer::run(rule, call)),
        None => def,
    }
}

/// Operators whose calls may leave trailing declared arguments out.
fn has_optional_args(name: &str) -> bool {
    matches!(name, "relax.nn.nll_loss" | "relax.grad.nll_loss_backward")
}

/// Infer the type of a Relax call (TVM's `FInferStructInfo` for operators; for other
/// callees, see [`infer_relax_call`]). Missing when the operator has no rule.
pub fn infer_op_call(call: &CallNode) -> Result<Type> {
    crate::ir::op::infer_call_type(call)
}

