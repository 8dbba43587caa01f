//! The docstrings of the `T` namespace's members (`T.serial.__doc__`, what the
//! REPL's `help(T.serial)` shows): one table, a signature and a sentence each.
//! Intrinsics without an entry get one made from the operator registry
//! ([`intrinsic_doc`]). Signatures follow TVM 0.27's Python ones (names and
//! defaults, without annotations).

use crate::dialects::tirx::ops::{intrinsics, script_name_table};
use crate::vm::namespace::{MemberDoc, NamespaceTable};

/// `T`'s documented members.
pub const DOCS: &[MemberDoc] = &[
    // Definitions.
    ("prim_func", "prim_func(func=None, private=False, check_well_formed=True, s_tir=False, persistent=False)", "Decorator: parse the Python function it decorates as a TIR function (`tirx.PrimFunc`); `s_tir=True` allows blocks, `private=True` leaves out the global symbol."),
    ("function", "function(func=None, private=False, check_well_formed=True)", "Decorator: the native spelling of `T.prim_func`; parses the decorated function as a TIR function."),
    ("macro", "macro(*args, hygienic=True)", "Decorator: a macro, whose body is expanded where it is called (a hygienic macro resolves its free names where it is defined)."),
    ("inline", "inline(*args)", "Decorator: a function whose body is expanded where it is called, with Python's scoping of names."),
    // Buffers and variables.
    ("Buffer", "Buffer(shape, dtype='float32', data=None, strides=None, elem_offset=None, scope='global', align=0, offset_factor=0)", "A buffer: as a parameter annotation it declares the function's tensor argument; called, it declares a buffer of that shape and element type."),
    ("Tensor", "Tensor(shape, dtype='float32', data=None, strides=None, elem_offset=None, scope='global', align=0, offset_factor=0)", "The native spelling of `T.Buffer`: a tensor parameter or buffer declaration."),
    ("alloc_buffer", "alloc_buffer(shape, dtype='float32', data=None, strides=None, elem_offset=None, scope='global', align=0, offset_factor=0)", "Allocate a buffer in the enclosing scope (a block's or the function's)."),
    ("alloc_shared", "alloc_shared(shape, dtype='float32', ...)", "Allocate a buffer in shared memory (`T.alloc_buffer` with `scope='shared'`)."),
    ("alloc_local", "alloc_local(shape, dtype='float32', ...)", "Allocate a buffer in thread-local memory (`T.alloc_buffer` with `scope='local'`)."),
    ("decl_buffer", "decl_buffer(shape, dtype='float32', data=None, strides=None, elem_offset=None, scope='global', align=0, offset_factor=0)", "Declare a buffer view over existing data (a `DeclBuffer` statement); allocates when no `data` is given."),
    ("match_buffer", "match_buffer(param, shape=None, dtype='float32', data=None, strides=None, elem_offset=None, scope='global', align=0, offset_factor=0)", "Bind a buffer to a handle parameter or a buffer region, checking its shape and layout."),
    ("var", "var(dtype, name='')", "A new scalar variable of `dtype`."),
    ("handle", "handle(dtype=None, storage_scope='global')", "A pointer variable (a handle parameter, or a pointer to `dtype` in a storage scope)."),
    ("bool", "bool(expr=None)", "A boolean variable, or `expr` cast to bool."),
    ("ptr", "ptr(dtype, storage_scope='global')", "A pointer variable to elements of `dtype`."),
    ("bind", "bind(value, type_annotation=None, *, var=None)", "Bind `value` to a new variable for the rest of the block (a `Bind` statement); returns the variable."),
    ("meta_var", "meta_var(value)", "Keep a Python value as it is when bound to a name in a script (evaluated while parsing, never IR)."),
    // Loops and scopes.
    ("serial", "serial(start, stop=None, *, annotations=None, step=None)", "A serial loop over `range(start, stop)` (`for i in T.serial(n)`)."),
    ("parallel", "parallel(start, stop=None, *, annotations=None, step=None)", "A loop whose iterations may run in parallel."),
    ("vectorized", "vectorized(start, stop=None, *, annotations=None, step=None)", "A loop to be vectorized."),
    ("unroll", "unroll(start, stop=None, *, annotations=None, step=None)", "A loop to be unrolled."),
    ("thread_binding", "thread_binding(start, stop=None, thread=None, *, annotations=None)", "A loop bound to a GPU thread axis (`thread='threadIdx.x'`)."),
    ("grid", "grid(*extents)", "Nested serial loops, one per extent: `for i, j in T.grid(4, 8)`."),
    ("attr", "attr(node, attr_key, value)", "An attribute statement around the body: `with T.attr(node, key, value):`."),
    ("launch_thread", "launch_thread(thread, extent)", "Launch a GPU thread axis of `extent` threads around the body."),
    ("env_thread", "env_thread(thread_tag, dtype='int32')", "The variable of a GPU thread axis (`threadIdx.x` …), for `T.launch_thread`."),
    ("evaluate", "evaluate(value)", "A statement that evaluates an expression for its effect (an `Evaluate` statement)."),
    ("func_attr", "func_attr(attrs)", "Set attributes of the enclosing function (`{'global_symbol': 'main'}` …)."),
    ("Assert", "Assert(condition, message)", "An assertion statement: fails at run time with `message` when `condition` is false."),
    ("target", "target(target_config, host=None)", "A compilation target from a string or config dict (`T.target('cuda')`)."),
    ("hint", "hint(message='', **attrs)", "A directive for later passes, attached to the statements it encloses."),
    // S-TIR blocks.
    ("sblock", "sblock(name='', no_realize=False)", "A block: `with T.sblock('C'):` scopes its iteration variables, buffer regions and allocations."),
    ("init", "init()", "The initialization of a reduction block: `with T.init():` runs before the first iteration."),
    ("where", "where(predicate)", "The predicate of the enclosing block: its body runs only where it holds."),
    ("reads", "reads(*buffer_slices)", "The buffer regions the enclosing block reads (inferred when not given)."),
    ("writes", "writes(*buffer_slices)", "The buffer regions the enclosing block writes (inferred when not given)."),
    ("sblock_attr", "sblock_attr(attrs)", "Annotations of the enclosing block."),
    // Expressions.
    ("max", "max(a, b)", "The larger of two expressions."),
    ("min", "min(a, b)", "The smaller of two expressions."),
    ("floordiv", "floordiv(a, b)", "Division rounding toward negative infinity."),
    ("floormod", "floormod(a, b)", "The remainder of `floordiv` (the sign of the divisor)."),
    ("truncdiv", "truncdiv(a, b)", "Division rounding toward zero."),
    ("truncmod", "truncmod(a, b)", "The remainder of `truncdiv` (the sign of the dividend)."),
    ("ceildiv", "ceildiv(lhs, rhs)", "Division rounding toward positive infinity."),
    ("cast", "cast(value, dtype)", "`value` converted to `dtype` (folded for constants)."),
    ("Cast", "Cast(dtype, value)", "A `Cast` node converting `value` to `dtype`, never folded."),
    ("Select", "Select(condition, true_value, false_value)", "A `Select` node: `true_value` where `condition` holds, else `false_value` (both are evaluated)."),
    ("if_then_else", "if_then_else(cond, t, f)", "`t` if `cond` holds else `f`, evaluating only the branch taken."),
    ("Range", "Range(begin, end)", "The range `[begin, end)`."),
    ("iter_var", "iter_var(v, dom, iter_type, thread_tag)", "An iteration variable over `dom` of a kind (`'DataPar'`, `'CommReduce'` …)."),
    ("Let", "Let(expr, where)", "A `Let` expression: `expr` with the variables of `where` bound to their values."),
    ("Ramp", "Ramp(base, stride, lanes)", "The vector `base, base + stride, …` of `lanes` elements."),
    ("Broadcast", "Broadcast(value, lanes)", "A vector of `lanes` copies of a scalar."),
    ("Shuffle", "Shuffle(vectors, indices)", "The elements of `vectors` (concatenated) at `indices`."),
    ("comm_reducer", "comm_reducer(combiner, identity)", "A commutative reducer from a combining lambda and its identity elements."),
    ("abs", "abs(x)", "The absolute value."),
    ("min_value", "min_value(dtype)", "The smallest value of `dtype`."),
    ("max_value", "max_value(dtype)", "The largest value of `dtype`."),
    ("call_extern", "call_extern(dtype, func_name, *args)", "A call of the external function `func_name`, returning `dtype`."),
    ("call_pure_extern", "call_pure_extern(dtype, func_name, *args)", "A call of the external function `func_name` without side effects, returning `dtype`."),
    ("call_intrin", "call_intrin(dtype, func_name, *args)", "A call of the intrinsic `func_name`, returning `dtype`."),
    ("call_packed", "call_packed(*args)", "A call of a packed function by name (the first argument)."),
    ("reinterpret", "reinterpret(dtype, value)", "The bits of `value` read as `dtype`."),
    ("exp", "exp(x)", "The exponential of `x`."),
    ("log", "log(x)", "The natural logarithm of `x`."),
    ("sqrt", "sqrt(x)", "The square root of `x`."),
    ("tanh", "tanh(x)", "The hyperbolic tangent of `x`."),
    ("sigmoid", "sigmoid(x)", "The logistic sigmoid `1 / (1 + exp(-x))`."),
    ("pow", "pow(x, y)", "`x` raised to the power `y`."),
    ("floor", "floor(x)", "The largest integer value not greater than `x`."),
    ("ceil", "ceil(x)", "The smallest integer value not less than `x`."),
    ("round", "round(x)", "`x` rounded to the nearest integer value."),
];

/// `T.axis`'s members: block iteration variables.
pub const AXIS_DOCS: &[MemberDoc] = &[
    ("spatial", "spatial(dom, binding, dtype='int32')", "A spatial (data-parallel) block iteration variable over `dom`, bound to `binding`."),
    ("reduce", "reduce(dom, binding, dtype='int32')", "A reduction block iteration variable over `dom`, bound to `binding`."),
    ("scan", "scan(dom, binding, dtype='int32')", "An ordered (scan) block iteration variable over `dom`, bound to `binding`."),
    ("opaque", "opaque(dom, binding, dtype='int32')", "An opaque block iteration variable over `dom`, bound to `binding`."),
    ("S", "S(dom, binding, dtype='int32')", "Short for `T.axis.spatial`."),
    ("R", "R(dom, binding, dtype='int32')", "Short for `T.axis.reduce`."),
    ("remap", "remap(kinds, bindings, dtype='int32')", "Several block iteration variables at once: `vi, vk = T.axis.remap('SR', [i, k])`."),
];

/// A docstring for an intrinsic from the registry: its script name, its arity
/// and the operator it calls.
pub fn intrinsic_doc(script_name: &str, op: &str) -> String {
    let inputs = intrinsics().find(|i| i.name == op).map_or(-1, |i| i.num_inputs);
    let params = match inputs {
        0 => String::new(),
        1 => "x".to_string(),
        n if n > 1 && n <= 8 => (0..n).map(|i| format!("arg{i}")).collect::<Vec<_>>().join(", "),
        _ => "*args".to_string(),
    };
    format!("{script_name}({params})\n\nA call of the intrinsic `{op}`.")
}

/// Add the table's docs to `T`, then registry-made ones for its intrinsics the
/// table does not document.
pub fn document(t: &mut NamespaceTable) {
    t.docs(DOCS);
    document_intrinsics(t, "");
}

/// Registry-made docs for the intrinsics among `t`'s members whose script names
/// are `prefix` (`"ptx."`, empty for `T` itself) and a member name.
pub fn document_intrinsics(t: &mut NamespaceTable, prefix: &str) {
    for (script, names) in script_name_table() {
        let (Some(name), Some(op)) = (script.strip_prefix(prefix), names.first()) else { continue };
        if !name.contains('.') && t.members.contains_key(name) && !t.docs.contains_key(name) {
            t.doc(name, intrinsic_doc(name, op));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_documented_member_exists_and_shows_its_doc() {
        use crate::vm::namespace::{assert_documented, member_doc};
        assert_documented("tirx", "T", DOCS);
        assert_documented("tirx.axis", "T.axis", AXIS_DOCS);
        // An intrinsic without an entry is documented from the registry.
        assert_eq!(member_doc("tirx", "tvm_thread_allreduce").map(|d| d.contains("`tirx.tvm_thread_allreduce`")), Some(true));
    }
}
