//! The members of the `T` namespace (and of `Ts`, which adds its own decorator to
//! all of them), with nested namespaces `T.axis`, `T.ptx`, `T.cuda` … built from
//! the intrinsic table.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyPayload, PyResult, VirtualMachine};

use super::{buffers, exprs, func, ops, stmts};
use crate::dialects::tirx::nodes::{ForKind, IterVarType, ScopeBinding};
use crate::dialects::tirx::ops::script_name_table;
use crate::ir::{BinOp, DataType, Type};
use crate::vm::namespace::{register_namespace_initializer, NamespaceTable};

/// Element types with constructors (`T.int8` …), as TVM spells them.
const SCALARS: &[&str] = &[
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64",
    "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
    "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn", "float4_e2m1fn",
];
const LANES: &[u32] = &[2, 4, 8, 16, 32, 64];

fn dtype_ctor(t: &mut NamespaceTable, name: &str, dtype: DataType) {
    t.value(name, move |vm: &VirtualMachine| Ok(exprs::DtypeCtor { dtype }.into_ref(&vm.ctx).into()));
}

fn members(t: &mut NamespaceTable) {
    // Data types.
    for s in SCALARS {
        let Ok(d) = s.parse::<DataType>() else { continue };
        dtype_ctor(t, s, d);
        for l in LANES {
            dtype_ctor(t, &format!("{s}x{l}"), d.with_lanes(*l as i32));
        }
    }
    if let Ok(bf) = "bfloat16".parse::<DataType>() {
        dtype_ctor(t, "bfloat16", bf);
    }
    for (alias, full) in [
        ("f16", "float16"),
        ("f32", "float32"),
        ("f64", "float64"),
        ("bf16", "bfloat16"),
        ("i8", "int8"),
        ("i16", "int16"),
        ("i32", "int32"),
        ("i64", "int64"),
        ("u8", "uint8"),
        ("u16", "uint16"),
        ("u32", "uint32"),
        ("u64", "uint64"),
    ] {
        if let Ok(d) = full.parse::<DataType>() {
            dtype_ctor(t, alias, d);
        }
    }
    t.func("bool", exprs::boolean);
    t.func("boolean", exprs::boolean);
    t.func("handle", exprs::handle);
    t.func("void", exprs::void);
    t.func("TensorMap", |vm, _| Ok(super::convert::py(vm, exprs::tensor_map_var())));
    t.func("ptr", exprs::ptr);
    t.func("buffer_var", exprs::ptr);
    t.func("var", exprs::var);
    t.func("dynamic", exprs::dynamic);
    t.value("let", |vm| Ok(exprs::LetAnnotation { type_spec: None }.into_ref(&vm.ctx).into()));
    t.func("meta_var", meta_var);

    // Definitions.
    t.func("prim_func", |vm, args| func::decorator(vm, args, false));
    t.func("function", |vm, args| func::decorator(vm, args, false));
    t.func("macro", func::macro_decorator);
    t.func("inline", func::macro_decorator);
    t.func("jit", func::jit_decorator);
    t.value("constexpr", |vm| Ok(vm.ctx.new_str(func::CONSTEXPR).into()));
    t.func("Optional", func::optional);

    // Buffers.
    t.func("Buffer", buffers::buffer);
    t.func("Tensor", buffers::buffer);
    t.func("buffer", buffers::buffer);
    t.func("alloc_buffer", |vm, a| buffers::alloc_buffer(vm, a, None));
    t.func("alloc_shared", |vm, a| buffers::alloc_buffer(vm, a, Some("shared")));
    t.func("smem", |vm, a| buffers::alloc_buffer(vm, a, Some("shared")));
    t.func("alloc_local", |vm, a| buffers::alloc_buffer(vm, a, Some("local")));
    t.func("tmem", |vm, a| buffers::alloc_buffer(vm, a, Some("tmem")));
    t.func("decl_buffer", buffers::decl_buffer);
    t.func("match_buffer", buffers::match_buffer);
    t.func("alloc_scalar", |vm, a| buffers::scalar_fn(vm, a, "alloc_scalar", None));
    t.func("local_scalar", |vm, a| buffers::scalar_fn(vm, a, "local_scalar", Some("local")));
    t.func("shared_scalar", |vm, a| buffers::scalar_fn(vm, a, "shared_scalar", Some("shared")));
    t.func("decl_scalar", buffers::decl_scalar);

    // Loops and scopes.
    for (name, kind) in [
        ("serial", ForKind::Serial),
        ("parallel", ForKind::Parallel),
        ("vectorized", ForKind::Vectorized),
        ("unroll", ForKind::Unrolled),
    ] {
        t.func(name, move |vm, a| stmts::for_kind(vm, kind, name, a));
    }
    t.func("thread_binding", stmts::thread_binding);
    t.func("grid", stmts::grid);
    t.func("attr", stmts::attr);
    t.func("hint", stmts::hint);
    t.func("launch_thread", stmts::launch_thread);
    t.func("env_thread", stmts::env_thread);
    t.func("device_entry", stmts::device_entry);
    t.func("evaluate", stmts::evaluate);
    t.func("bind", stmts::bind_fn);
    t.func("Bind", stmts::bind_fn);
    t.func("func_attr", stmts::func_attr);
    t.func("func_name", stmts::func_name);
    t.func("func_ret", stmts::func_ret);
    t.func("Assert", stmts::assert_fn);
    t.func("target", stmts::target);
    for b in ScopeBinding::ALL {
        let b = *b;
        t.func(b.script_name(), move |vm, a| stmts::scope_id(vm, b, a));
    }

    // S-TIR.
    use crate::dialects::s_tir::frontend as st;
    t.func("sblock", st::sblock);
    t.func("init", st::init);
    t.func("where", st::where_);
    t.native("reads", st::reads);
    t.native("writes", st::writes);
    t.func("sblock_attr", st::sblock_attr);
    t.func("sblock_alloc_buffer", st::sblock_alloc_buffer);
    t.namespace("axis", "tirx.axis");

    // Expressions.
    t.func("max", |vm, a| exprs::binary_fn(vm, BinOp::Max, "max", a));
    t.func("min", |vm, a| exprs::binary_fn(vm, BinOp::Min, "min", a));
    t.func("truncdiv", |vm, a| exprs::binary_fn(vm, BinOp::Div, "truncdiv", a));
    t.func("truncmod", |vm, a| exprs::binary_fn(vm, BinOp::Mod, "truncmod", a));
    t.func("floordiv", |vm, a| exprs::binary_fn(vm, BinOp::FloorDiv, "floordiv", a));
    t.func("floormod", |vm, a| exprs::binary_fn(vm, BinOp::FloorMod, "floormod", a));
    t.func("indexdiv", |vm, a| exprs::binary_fn(vm, BinOp::FloorDiv, "indexdiv", a));
    t.func("indexmod", |vm, a| exprs::binary_fn(vm, BinOp::FloorMod, "indexmod", a));
    // The node constructors, as `tvm.tirx` has them (`T.Add(a, b)`: never folded).
    // (`T` has the arithmetic and logical ones; the bitwise classes are `tvm.tirx`'s only.)
    for &(name, op) in crate::dialects::tirx::python::BINARY.iter().filter(|(_, op)| !op.type_key().contains("Bitwise") && !op.type_key().ends_with("Shift")) {
        t.func(name, move |vm, a| exprs::node_fn(vm, op, name, a));
    }
    t.func("Cast", exprs::cast_node);
    t.func("cast", exprs::cast_fn);
    t.func("Select", exprs::select);
    t.func("if_then_else", exprs::if_then_else);
    t.func("ceildiv", exprs::ceildiv);
    for (name, op) in [
        ("shift_left", BinOp::LShift),
        ("shift_right", BinOp::RShift),
        ("bitwise_and", BinOp::BitwiseAnd),
        ("bitwise_or", BinOp::BitwiseOr),
        ("bitwise_xor", BinOp::BitwiseXor),
    ] {
        t.func(name, move |vm, a| exprs::binary_fn(vm, op, name, a));
    }
    t.func("bitwise_not", exprs::bitwise_not);
    t.func("Range", exprs::range);
    t.func("iter_var", exprs::iter_var);
    t.func("Let", exprs::let_expr);
    t.native("Ramp", exprs::ramp);
    t.native("ramp", exprs::ramp);
    t.func("Shuffle", exprs::shuffle);
    t.func("comm_reducer", exprs::comm_reducer);
    t.native("Broadcast", exprs::broadcast);
    t.native("broadcast", exprs::broadcast);
    t.func("abs", exprs::abs);
    exprs::register_math(t);
    t.func("min_value", |vm, a| exprs::limit_value(vm, a, false));
    t.func("max_value", |vm, a| exprs::limit_value(vm, a, true));
    t.func("call_intrin", ops::call_intrin);
    for (name, op) in [
        ("call_extern", "tirx.call_extern"),
        ("call_pure_extern", "tirx.call_pure_extern"),
        ("call_llvm_intrin", "tirx.call_llvm_intrin"),
        ("call_llvm_pure_intrin", "tirx.call_llvm_pure_intrin"),
        ("reinterpret", "tirx.reinterpret"),
    ] {
        t.func(name, move |vm, a| ops::dtype_first(vm, op, a));
    }
    t.func("call_packed", |vm, a| ops::fixed(vm, "tirx.tvm_call_packed", Type::prim(DataType::INT32), a));
    t.func("call_cpacked", |vm, a| ops::fixed(vm, "tirx.tvm_call_cpacked", Type::prim(DataType::INT32), a));

    super::intrinsics::register(t);
    for name in ["TileLayout", "ComposeLayout", "S", "R", "Iter"] {
        layout_member(t, name);
    }
    for name in ["tile", "thread", "warp", "wg", "warpgroup", "cta", "cluster"] {
        python_member(t, "tvm.tirx.tile", name);
    }

    // Every other registered intrinsic under its script name.
    for (script, names) in script_name_table() {
        let Some(op) = names.first().copied() else { continue };
        match script.split_once('.') {
            None => {
                if !t.members.contains_key(script.as_str()) {
                    t.func(script, move |vm, a| ops::generic(vm, op, a));
                }
            }
            Some((first, _)) => {
                if !t.members.contains_key(first) {
                    t.namespace(first, &format!("tirx.{first}"));
                }
            }
        }
    }
    super::wrappers::apply(t);
    // TVM's `T` also names the packed-call builders by their operator names.
    for (alias, target) in [
        ("tvm_call_packed", "call_packed"),
        ("tvm_call_cpacked", "call_cpacked"),
        ("tvm_call_packed_lowered", "call_packed_lowered"),
        ("tvm_call_cpacked_lowered", "call_cpacked_lowered"),
    ] {
        if let Some(m) = t.members.get(target).cloned() {
            t.members.entry(alias.to_string()).or_insert(m);
        }
    }
    super::docs::document(t);
}

/// Nested namespaces from dotted script names (`ptx.ld`, `cuda.iket.mark`).
fn nested(prefix: &str, t: &mut NamespaceTable) {
    let want = format!("{prefix}.");
    let mut children: Vec<String> = vec![];
    for (script, names) in script_name_table() {
        let Some(rest) = script.strip_prefix(&want) else { continue };
        let Some(op) = names.first().copied() else { continue };
        match rest.split_once('.') {
            None => t.func(rest, move |vm, a| ops::generic(vm, op, a)),
            Some((first, _)) => {
                if !children.iter().any(|c| c == first) {
                    children.push(first.to_string());
                }
            }
        }
    }
    if prefix == "ptx_legacy" {
        t.func("ldmatrix", ops::ptx_legacy_ldmatrix);
    }
    super::docs::document_intrinsics(t, &want);
    for c in children {
        let path = format!("tirx.{prefix}.{c}");
        t.namespace(&c, &path);
        let inner = format!("{prefix}.{c}");
        register_namespace_initializer(&path, move |t| nested(&inner, t));
    }
}

fn axis_members(t: &mut NamespaceTable) {
    use crate::dialects::s_tir::frontend as st;
    for (name, kind) in [
        ("spatial", IterVarType::DataPar),
        ("reduce", IterVarType::CommReduce),
        ("scan", IterVarType::Ordered),
        ("opaque", IterVarType::Opaque),
        ("S", IterVarType::DataPar),
        ("R", IterVarType::CommReduce),
    ] {
        t.native(name, move |vm, a| st::axis(vm, kind, a));
    }
    t.func("remap", st::remap);
    t.docs(super::docs::AXIS_DOCS);
}

fn register_nested() {
    let mut firsts: Vec<String> = vec![];
    for script in script_name_table().keys() {
        if let Some((first, _)) = script.split_once('.')
            && !firsts.iter().any(|f| f == first)
        {
            firsts.push(first.to_string());
        }
    }
    for f in firsts {
        let path = format!("tirx.{f}");
        let prefix = f.clone();
        register_namespace_initializer(&path, move |t| nested(&prefix, t));
    }
    register_namespace_initializer("tirx.axis", axis_members);
}

/// Helpers the frozen `tvm.tirx` package uses (`tvm.tirx.layout.Axis`, debugging dumps).
fn impl_members(t: &mut NamespaceTable) {
    t.func("axis", |vm, args: FuncArgs| {
        let name = match args.args.first() {
            Some(n) => super::convert::py_str(vm, n)?,
            None => return Err(vm.new_type_error("axis(name)")),
        };
        Ok(super::convert::py(vm, crate::dialects::tirx::nodes::Axis::get(&name)))
    });
    t.func("iter", |vm, args: FuncArgs| super::layouts::iter(vm, args));
    t.func("tile_layout", |vm, args: FuncArgs| super::layouts::tile_layout(vm, args));
    t.func("compose_layout", |vm, args: FuncArgs| super::layouts::compose_layout(vm, args));
    t.func("default_strides", |vm, args: FuncArgs| super::layouts::default_strides(vm, args));
    t.func("to_region", |vm, args: FuncArgs| super::tiles::to_region(vm, args));
    t.func("const", |vm, args: FuncArgs| super::tiles::constant(vm, args));
    t.func("tile_op_ref", |vm, args: FuncArgs| super::tiles::op_ref(vm, args));
    t.func("tile_call", |vm, args: FuncArgs| super::tiles::tile_call(vm, args));
    t.func("verify_well_formed", |vm, args: FuncArgs| super::wellformed::verify(vm, args));
    t.func("dump", |vm, args: FuncArgs| {
        let v = match args.args.first() {
            Some(o) => crate::vm::convert::py_to_value(vm, o)?,
            None => crate::ir::Value::None,
        };
        Ok(vm.ctx.new_str(super::dump::dump(&v)).into())
    });
}

/// `T.TileLayout`, `T.S` …: the Python spec builders of `tvm.tirx.layout`.
fn layout_member(t: &mut NamespaceTable, name: &'static str) {
    python_member(t, "tvm.tirx.layout", name);
}

/// A member implemented in a frozen Python module.
fn python_member(t: &mut NamespaceTable, module: &'static str, name: &'static str) {
    t.value(name, move |vm| {
        vm.import(module, 0)?;
        let modules = vm.sys_module.get_attr("modules", vm)?;
        modules.get_item(module, vm)?.get_attr(name, vm)
    });
}

/// `T.meta_var(value)`, also `I.meta_var` (TVM's is `ir_builder.ir.meta_var`): a
/// Python value that stays Python when bound to a name.
fn meta_var(vm: &VirtualMachine, args: FuncArgs) -> PyResult {
    let v = args.args.first().cloned().unwrap_or_else(|| vm.ctx.none());
    Ok(exprs::MetaVar { value: v }.into_ref(&vm.ctx).into())
}

/// Register `T` (`tirx`) and its nested namespaces.
pub fn register_tirx_namespace() {
    register_namespace_initializer("ir", |t| t.func("meta_var", meta_var));
    register_namespace_initializer("tirx._impl", impl_members);
    crate::dialects::tirx::python::register();
    crate::dialects::tirx::index_map::register();
    register_nested();
    register_namespace_initializer("tirx", members);
}

/// Register `Ts` (`s_tir`): `@Ts.function` builds S-TIR functions; the rest is `T`'s.
pub fn register_s_tir_namespace() -> crate::ir::Result<()> {
    register_namespace_initializer("s_tir", |t| {
        members(t);
        t.func("function", |vm, args| func::decorator(vm, args, true));
        t.doc("function", "function(func=None, private=False, check_well_formed=True)\n\nDecorator: parse the decorated function as an S-TIR function (blocks allowed).");
        t.members.shift_remove("prim_func");
        t.docs.remove("prim_func");
    });
    Ok(())
}

#[allow(dead_code)]
fn unused(_: PyResult<()>) {}
