//! `obj.script(**config)` from the VM: keyword arguments become a `PrinterConfig`.
//!
//! Inside the VM the default spelling is TVM 0.27's, so programs written for TVM
//! print what TVM prints; `syntax="native"` selects the native spelling.

use rustpython_vm::function::FuncArgs;
use rustpython_vm::{PyObjectRef, PyResult, TryFromObject, VirtualMachine};

use crate::vm::convert::{py_to_object, py_to_seq, py_to_value};
use crate::vm::error::IntoPyResult;
use crate::vm::access_path::path_from_py;
use crate::ir::{AccessPath, DataType, ObjectRef, Value};
use crate::printer::{self, PrinterConfig, Syntax};

/// Print an object with printer options taken from keyword arguments.
pub fn script(vm: &VirtualMachine, obj: &ObjectRef, args: FuncArgs) -> PyResult<String> {
    let cfg = config_from_kwargs(vm, args)?;
    printer::script(obj, &cfg).py(vm)
}

/// Print after a registered set-up (`obj._relax_script(**config)`: the "relax" variant).
pub fn script_variant(vm: &VirtualMachine, obj: &ObjectRef, args: FuncArgs, variant: &str) -> PyResult<String> {
    let cfg = config_from_kwargs(vm, args)?;
    printer::script_variant(obj, &cfg, Some(variant)).py(vm)
}

fn dtype_arg(vm: &VirtualMachine, v: PyObjectRef) -> PyResult<DataType> {
    let s = String::try_from_object(vm, v)?;
    s.parse::<DataType>().py(vm)
}

thread_local! {
    /// The spelling `script()` and `str()` write without `syntax=`, per VM (keyed by
    /// its global state): TVM's, as a script run by `python` with TVM prints, unless
    /// the host says otherwise (the REPL's `:syntax`).
    static SCRIPT_SYNTAX: std::cell::RefCell<Vec<(usize, Syntax)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn vm_key(vm: &VirtualMachine) -> usize {
    rustpython_vm::common::rc::PyRc::as_ptr(&vm.state) as usize
}

/// Make `syntax` the spelling `script()` and `str()` write in `vm` without `syntax=`.
pub fn set_script_syntax(vm: &VirtualMachine, syntax: Syntax) {
    let key = vm_key(vm);
    SCRIPT_SYNTAX.with(|s| {
        let mut s = s.borrow_mut();
        match s.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = syntax,
            None => s.push((key, syntax)),
        }
    });
}

/// The spelling `script()` writes in `vm` without `syntax=` (TVM's unless set).
pub fn script_syntax(vm: &VirtualMachine) -> Syntax {
    let key = vm_key(vm);
    SCRIPT_SYNTAX.with(|s| s.borrow().iter().find(|(k, _)| *k == key).map_or(Syntax::Tvm, |(_, syn)| *syn))
}

/// The printer configuration for `script(**kwargs)` (TVM's `PrinterConfig` fields).
pub fn config_from_kwargs(vm: &VirtualMachine, args: FuncArgs) -> PyResult<PrinterConfig> {
    if !args.args.is_empty() {
        return Err(vm.new_type_error("script() takes keyword arguments only"));
    }
    let mut cfg = PrinterConfig { syntax: script_syntax(vm), ..PrinterConfig::default() };
    for (key, value) in args.kwargs {
        let flag = |v: &PyObjectRef| v.clone().try_to_bool(vm);
        // TVM's signature defaults these to None: the same as not giving them.
        const NONE_IS_DEFAULT: &[&str] =
            &["num_context_lines", "path_to_underline", "path_to_annotate", "obj_to_underline", "obj_to_annotate", "extra_config"];
        if vm.is_none(&value) && NONE_IS_DEFAULT.contains(&key.as_str()) {
            continue;
        }
        match key.as_str() {
            "name" => cfg.name = if vm.is_none(&value) { None } else { Some(String::try_from_object(vm, value)?) },
            "show_meta" => cfg.show_meta = flag(&value)?,
            "ir_prefix" => cfg.ir_prefix = String::try_from_object(vm, value)?,
            "module_alias" => cfg.module_alias = String::try_from_object(vm, value)?,
            "buffer_dtype" => cfg.buffer_dtype = dtype_arg(vm, value)?,
            "int_dtype" => cfg.int_dtype = dtype_arg(vm, value)?,
            "float_dtype" => cfg.float_dtype = dtype_arg(vm, value)?,
            "verbose_expr" => cfg.verbose_expr = flag(&value)?,
            "indent_spaces" => cfg.indent_spaces = usize::try_from_object(vm, value)?,
            "print_line_numbers" => cfg.print_line_numbers = flag(&value)?,
            "num_context_lines" => {
                let n = i64::try_from_object(vm, value)?;
                cfg.num_context_lines = if n < 0 { None } else { Some(n as usize) };
            }
            "syntax_sugar" => cfg.syntax_sugar = flag(&value)?,
            "show_object_address" => cfg.show_object_address = flag(&value)?,
            "syntax" => {
                cfg.syntax = match String::try_from_object(vm, value)?.as_str() {
                    "tvm" => Syntax::Tvm,
                    "native" => Syntax::Native,
                    other => return Err(vm.new_value_error(format!("syntax must be \"tvm\" or \"native\", not {other:?}"))),
                }
            }
            "path_to_underline" => cfg.path_to_underline = paths(vm, &value)?,
            "path_to_annotate" => cfg.path_to_annotate = annotated_paths(vm, &value)?,
            "obj_to_underline" => {
                cfg.obj_to_underline = py_to_seq(vm, &value)?.iter().map(|o| py_to_object(vm, o)).collect::<PyResult<_>>()?
            }
            "obj_to_annotate" => {
                let d = value.downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("obj_to_annotate must be a dict"))?;
                for (k, v) in &d {
                    cfg.obj_to_annotate.push((py_to_object(vm, &k)?, String::try_from_object(vm, v)?));
                }
            }
            // TVM's option for the Relax annotations a binding may drop.
            "show_all_ty" => {
                cfg.extra.insert("relax.show_all_ty".to_string(), Value::Bool(flag(&value)?));
            }
            // Dialect knobs by their dotted names (`{"tirx.prefix": "Tx"}`).
            "extra_config" => {
                let d = value.downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("extra_config must be a dict"))?;
                for (k, v) in &d {
                    let k = String::try_from_object(vm, k)?;
                    // A core option TVM reads from the extra settings.
                    if k == "render_invisible_path_info" {
                        cfg.render_invisible_path_info = v.try_to_bool(vm)?;
                        continue;
                    }
                    cfg.extra.insert(k, py_to_value(vm, &v)?);
                }
            }
            other => {
                return Err(vm.new_type_error(format!("Scriptable.script() got an unexpected keyword argument '{other}'")));
            }
        }
    }
    check_identifier(vm, "ir_prefix", &cfg.ir_prefix, "IsIdentifier(std::string(n->ir_prefix))")?;
    if !cfg.module_alias.is_empty() {
        check_identifier(vm, "module_alias", &cfg.module_alias, "n->module_alias.empty() || IsIdentifier(std::string(n->module_alias))")?;
    }
    if let Some(Value::Str(prefix)) = cfg.extra.get("tirx.prefix") {
        check_identifier(vm, "tirx.prefix", prefix, "IsIdentifier(std::string(tir_prefix))")?;
    }
    Ok(cfg)
}

/// TVM's check that a printed alias is a Python identifier: `tvm.error.InternalError`
/// (a RuntimeError) with its `Check failed` message.
fn check_identifier(vm: &VirtualMachine, option: &str, value: &str, condition: &str) -> PyResult<()> {
    let mut chars = value.chars();
    let ok = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_');
    if ok {
        return Ok(());
    }
    let msg = format!("Check failed: ({condition}) is false: Invalid `{option}`: {value}");
    let cls = vm
        .import("tvm.error", 0)
        // `import` gives the top package (`tvm`), as `__import__` does.
        .and_then(|tvm| tvm.get_attr("error", vm))
        .and_then(|m| m.get_attr("InternalError", vm))
        .ok()
        .and_then(|c| c.downcast::<rustpython_vm::builtins::PyType>().ok());
    Err(match cls {
        Some(cls) => vm.new_exception_msg(cls, msg.into()),
        None => vm.new_runtime_error(msg),
    })
}

fn paths(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Vec<AccessPath>> {
    py_to_seq(vm, v)?.iter().map(|p| path_from_py(vm, p)).collect()
}

fn annotated_paths(vm: &VirtualMachine, v: &PyObjectRef) -> PyResult<Vec<(AccessPath, String)>> {
    let d = v.clone().downcast::<rustpython_vm::builtins::PyDict>().map_err(|_| vm.new_type_error("path_to_annotate must be a dict"))?;
    let mut out = Vec::new();
    for (k, val) in &d {
        out.push((path_from_py(vm, &k)?, String::try_from_object(vm, val)?));
    }
    Ok(out)
}
