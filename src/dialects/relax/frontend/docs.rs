//! The docstrings of the `R` namespace's members (`R.add.__doc__`, what the REPL's
//! `help(R.add)` shows), in one place: a table for the members that are not
//! operators, and for operators their script signature from the operator table
//! with a sentence from [`OP_SUMMARIES`] (or the operator's name) and the
//! arguments the registry describes.

use crate::dialects::relax::ops::op_fact;
use crate::vm::namespace::{MemberDoc, NamespaceTable};

/// `R`'s documented members that are not operators.
pub const DOCS: &[MemberDoc] = &[
    ("function", "function(f=None, pure=True, private=False, check_well_formed=True)", "Decorator: parse the Python function it decorates as a Relax function (`relax.Function`)."),
    ("macro", "macro(*args, hygienic=True)", "Decorator: a macro whose body is expanded where it is called."),
    ("dataflow", "dataflow()", "A dataflow block: `with R.dataflow():` holds side-effect-free bindings; `R.output` names the ones visible after it."),
    ("output", "output(*vars)", "Make variables of the enclosing dataflow block visible after it."),
    ("func_attr", "func_attr(attrs)", "Set attributes of the enclosing function."),
    ("match_cast", "match_cast(value, ty)", "`value` checked at run time against the type `ty`, binding its symbolic shape variables."),
    ("const", "const(value, dtype=None)", "A constant tensor from a number or nested lists (int32, float32 or bool unless `dtype` says)."),
    ("shape", "shape(value)", "A shape expression from a list of dimensions."),
    ("prim_value", "prim_value(value)", "A scalar value (`R.Prim`) from a number or a TIR expression."),
    ("str", "str(value)", "A string value."),
    ("dtype", "dtype(value)", "A data type value (`R.dtype('float32')`)."),
    ("tuple", "tuple(*fields)", "A tuple of expressions."),
    ("call_packed", "call_packed(func, *args, ty_args=None, **kwargs)", "A call of the packed function named `func`, with the result type `ty_args`."),
];

/// What the common operators do, by operator name. Operators without an entry are
/// described by their name.
pub const OP_SUMMARIES: &[(&str, &str)] = &[
    ("relax.add", "Elementwise sum, broadcasting as NumPy does."),
    ("relax.subtract", "Elementwise difference, broadcasting as NumPy does."),
    ("relax.multiply", "Elementwise product, broadcasting as NumPy does."),
    ("relax.divide", "Elementwise quotient, broadcasting as NumPy does."),
    ("relax.floor_divide", "Elementwise quotient rounded down, broadcasting as NumPy does."),
    ("relax.power", "Elementwise power, broadcasting as NumPy does."),
    ("relax.maximum", "Elementwise maximum, broadcasting as NumPy does."),
    ("relax.minimum", "Elementwise minimum, broadcasting as NumPy does."),
    ("relax.equal", "Elementwise `==`, broadcasting as NumPy does (a bool tensor)."),
    ("relax.less", "Elementwise `<`, broadcasting as NumPy does (a bool tensor)."),
    ("relax.greater", "Elementwise `>`, broadcasting as NumPy does (a bool tensor)."),
    ("relax.matmul", "Matrix product of two tensors, batched over their leading dimensions."),
    ("relax.exp", "Elementwise exponential."),
    ("relax.log", "Elementwise natural logarithm."),
    ("relax.sqrt", "Elementwise square root."),
    ("relax.tanh", "Elementwise hyperbolic tangent."),
    ("relax.sigmoid", "Elementwise logistic sigmoid."),
    ("relax.negative", "Elementwise negation."),
    ("relax.abs", "Elementwise absolute value."),
    ("relax.astype", "The tensor converted to another element type."),
    ("relax.reshape", "The tensor with another shape of the same number of elements."),
    ("relax.permute_dims", "The tensor with its dimensions reordered (reversed when `axes` is None)."),
    ("relax.concat", "The tensors joined along an axis."),
    ("relax.split", "The tensor cut along an axis into equal sections or at indices."),
    ("relax.squeeze", "The tensor without dimensions of extent 1."),
    ("relax.expand_dims", "The tensor with new dimensions of extent 1."),
    ("relax.broadcast_to", "The tensor broadcast to a shape."),
    ("relax.take", "Elements of the tensor at indices along an axis."),
    ("relax.strided_slice", "A strided slice of the tensor along some axes."),
    ("relax.where", "Elements of `x1` where the condition holds, else of `x2`."),
    ("relax.sum", "The sum of the elements over axes (all when `axis` is None)."),
    ("relax.mean", "The mean of the elements over axes (all when `axis` is None)."),
    ("relax.max", "The largest element over axes (all when `axis` is None)."),
    ("relax.min", "The smallest element over axes (all when `axis` is None)."),
    ("relax.argmax", "The index of the largest element along an axis."),
    ("relax.zeros", "A tensor of zeros of a shape and element type."),
    ("relax.ones", "A tensor of ones of a shape and element type."),
    ("relax.full", "A tensor of a shape filled with one value."),
    ("relax.arange", "The evenly spaced values `start, start + step, …` below `end`."),
    ("relax.call_tir", "Call a TIR function in destination-passing style: its outputs, of types `out_ty`, are allocated for it and returned."),
    ("relax.call_dps_packed", "Call a packed function in destination-passing style, its outputs of types `out_ty` allocated for it."),
    ("relax.nn.relu", "Elementwise rectified linear unit, `max(x, 0)`."),
    ("relax.nn.gelu", "Elementwise Gaussian error linear unit."),
    ("relax.nn.silu", "Elementwise `x * sigmoid(x)`."),
    ("relax.nn.softmax", "Softmax along an axis: the exponentials divided by their sum."),
    ("relax.nn.log_softmax", "The logarithm of the softmax along an axis."),
    ("relax.nn.conv2d", "2-D convolution of the data with a weight tensor."),
    ("relax.nn.max_pool2d", "2-D max pooling."),
    ("relax.nn.avg_pool2d", "2-D average pooling."),
    ("relax.nn.batch_norm", "Batch normalization with running mean and variance."),
    ("relax.nn.layer_norm", "Layer normalization over the given axes."),
    ("relax.nn.dropout", "Dropout: elements zeroed at a rate, for training."),
];

/// The docstring of the operator `op` as the script function `name`.
pub fn op_doc(name: &str, op: &str) -> String {
    let Some(fact) = op_fact(op) else { return format!("{name}(*args)\n\nA call of the Relax operator `{op}`.") };
    let summary = OP_SUMMARIES.iter().find(|(o, _)| *o == op).map_or_else(|| format!("A call of the Relax operator `{op}`."), |(_, s)| s.to_string());
    let mut doc = format!("{name}({})\n\n{summary}", fact.script_signature);
    if !fact.args.is_empty() {
        doc.push_str("\n\nArguments of the operator:");
        for (arg, kind, what) in fact.args {
            doc.push_str(&format!("\n  {arg} ({kind}): {what}"));
        }
    }
    doc
}

/// Document `R`'s members: the table, then the operators `ops` lists (member name,
/// operator name).
pub fn document(t: &mut NamespaceTable, ops: &[(String, &'static str)]) {
    t.docs(DOCS);
    document_ops(t, ops);
}

/// Document the operator functions `ops` lists (member name, operator name).
pub fn document_ops(t: &mut NamespaceTable, ops: &[(String, &'static str)]) {
    for (name, op) in ops {
        t.doc(name, op_doc(name, op));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_members_and_operators_exist() {
        use crate::vm::namespace::{assert_documented, member_doc};
        assert_documented("relax", "R", DOCS);
        for (op, _) in OP_SUMMARIES {
            assert!(op_fact(op).is_some(), "{op} is not an operator");
        }
        let add = member_doc("relax", "add").expect("R.add documented");
        assert!(add.starts_with("add(x1, x2)\n\nElementwise sum"), "{add}");
        let softmax = member_doc("relax.nn", "softmax").expect("R.nn.softmax documented");
        assert!(softmax.starts_with("softmax(data, axis=-1)\n\nSoftmax"), "{softmax}");
    }
}
