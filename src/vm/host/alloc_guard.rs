//! Size guards on the builtins whose single allocation a script's arguments decide
//! (`[0] * 10**12`, `"a".ljust(10**12)`, `bytes(10**12)`).
//!
//! CPython answers such a request with `MemoryError`. RustPython asks the allocator
//! directly, and a failed allocation aborts the process (Rust's allocation error
//! handler cannot be replaced on stable Rust). So these builtins check the size first
//! and raise `MemoryError` for a request larger than the machine's memory (RAM plus
//! swap): one the allocator could never satisfy.
//!
//! The guards replace type slots and methods of builtin types. RustPython (without
//! `threading`) keeps builtin types per thread, so they are installed once per thread.

use std::cell::Cell;
use std::sync::OnceLock;

use rustpython_vm::builtins::{PyBytes, PyStr, PyType};
use rustpython_vm::function::FuncArgs;
use rustpython_vm::protocol::PySequence;
use rustpython_vm::{AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine};

/// The largest single allocation worth attempting, in bytes.
fn limit() -> u128 {
    static LIMIT: OnceLock<u128> = OnceLock::new();
    *LIMIT.get_or_init(|| machine_memory().unwrap_or(isize::MAX as u128))
}

/// RAM plus swap, from `/proc/meminfo` (Linux); `None` elsewhere.
fn machine_memory() -> Option<u128> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib = |key: &str| -> Option<u128> {
        let line = info.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()
    };
    Some((kib("MemTotal:")? + kib("SwapTotal:").unwrap_or(0)) * 1024)
}

/// `MemoryError` if `bytes` cannot be allocated on this machine.
fn check(vm: &VirtualMachine, bytes: u128, what: &str) -> PyResult<()> {
    if bytes > limit() {
        return Err(vm.new_memory_error(format!(
            "{what} would need {bytes} bytes, more than this machine's memory ({} bytes)",
            limit()
        )));
    }
    Ok(())
}

/// Bytes one repetition of a sequence occupies.
fn unit_bytes(obj: &PyObject, vm: &VirtualMachine) -> PyResult<u128> {
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(s.byte_len() as u128);
    }
    let len = obj.length(vm)? as u128;
    let is_bytes = obj.downcast_ref::<PyBytes>().is_some() || obj.fast_isinstance(vm.ctx.types.bytearray_type);
    Ok(if is_bytes { len } else { len * std::mem::size_of::<PyObjectRef>() as u128 })
}

type RepeatSlot = fn(PySequence<'_>, isize, &VirtualMachine) -> PyResult;

/// The builtin sequence types whose repetition is guarded.
fn sequence_types(vm: &VirtualMachine) -> [&'static Py<PyType>; 5] {
    let t = &vm.ctx.types;
    [t.list_type, t.tuple_type, t.str_type, t.bytes_type, t.bytearray_type]
}

/// The original slots, by position in `sequence_types` (the same functions on every thread).
static REPEAT: [OnceLock<RepeatSlot>; 5] = [const { OnceLock::new() }; 5];
static INPLACE_REPEAT: [OnceLock<RepeatSlot>; 5] = [const { OnceLock::new() }; 5];

fn original(slots: &[OnceLock<RepeatSlot>; 5], obj: &PyObject, vm: &VirtualMachine) -> PyResult<RepeatSlot> {
    sequence_types(vm)
        .iter()
        .position(|t| obj.fast_isinstance(t))
        .and_then(|i| slots[i].get().copied())
        .ok_or_else(|| vm.new_type_error(format!("'{}' object can't be repeated", obj.class().name())))
}

fn guarded_repeat(seq: PySequence<'_>, n: isize, vm: &VirtualMachine) -> PyResult {
    check(vm, unit_bytes(seq.obj, vm)? * n.max(0) as u128, "repeating a sequence")?;
    original(&REPEAT, seq.obj, vm)?(seq, n, vm)
}

fn guarded_inplace_repeat(seq: PySequence<'_>, n: isize, vm: &VirtualMachine) -> PyResult {
    check(vm, unit_bytes(seq.obj, vm)? * n.max(0) as u128, "repeating a sequence")?;
    original(&INPLACE_REPEAT, seq.obj, vm)?(seq, n, vm)
}

/// Methods whose first argument is the width (or tab size) of the result.
const WIDTH_METHODS: [&str; 5] = ["ljust", "rjust", "center", "zfill", "expandtabs"];

thread_local! {
    static INSTALLED: Cell<bool> = const { Cell::new(false) };
}

/// Install the guards on this thread's builtin types (once per thread).
pub fn install(vm: &VirtualMachine) {
    if INSTALLED.with(Cell::get) {
        return;
    }
    INSTALLED.with(|i| i.set(true));
    for (i, t) in sequence_types(vm).into_iter().enumerate() {
        let seq = &t.slots.as_sequence;
        if let Some(f) = seq.repeat.load()
            && f as usize != guarded_repeat as RepeatSlot as usize
        {
            let _ = REPEAT[i].set(f);
            seq.repeat.store(Some(guarded_repeat));
        }
        if let Some(f) = seq.inplace_repeat.load()
            && f as usize != guarded_inplace_repeat as RepeatSlot as usize
        {
            let _ = INPLACE_REPEAT[i].set(f);
            seq.inplace_repeat.store(Some(guarded_inplace_repeat));
        }
    }
    let t = &vm.ctx.types;
    for (tname, class) in [("str", t.str_type), ("bytes", t.bytes_type), ("bytearray", t.bytearray_type)] {
        for name in WIDTH_METHODS {
            guard_width_method(vm, tname, class, name);
        }
    }
    guard_constructor(vm, t.bytes_type);
    guard_constructor(vm, t.bytearray_type);
}

/// `s.ljust(width, ...)` and friends: the result holds about `width` characters.
fn guard_width_method(vm: &VirtualMachine, tname: &'static str, class: &'static Py<PyType>, name: &'static str) {
    let Some(orig) = class.get_attr(vm.ctx.intern_str(name)) else { return };
    let method = vm.new_method(name, class, move |zelf: PyObjectRef, args: FuncArgs, vm: &VirtualMachine| -> PyResult {
        let width = args.args.first().cloned().or_else(|| args.kwargs.get("width").or(args.kwargs.get("tabsize")).cloned());
        if let Some(w) = width.and_then(|w| w.try_index(vm).ok()).and_then(|w| u128::try_from(w.as_bigint().clone()).ok()) {
            // Tabs expand to at most `tabsize` characters each, of at most four bytes.
            let len = if name == "expandtabs" { unit_bytes(&zelf, vm)?.max(1) } else { 1 };
            check(vm, w.saturating_mul(len).saturating_mul(4), &format!("{tname}.{name}"))?;
        }
        let mut all = vec![zelf];
        all.extend(args.args);
        orig.call(FuncArgs { args: all, kwargs: args.kwargs }, vm)
    });
    class.set_attr(vm.ctx.intern_str(name), method.into());
}

type NewSlot = fn(rustpython_vm::builtins::PyTypeRef, FuncArgs, &VirtualMachine) -> PyResult;
type InitSlot = fn(PyObjectRef, FuncArgs, &VirtualMachine) -> PyResult<()>;
static BYTES_NEW: OnceLock<NewSlot> = OnceLock::new();
static BYTEARRAY_INIT: OnceLock<InitSlot> = OnceLock::new();

/// `bytes(n)` / `bytearray(n)`: n zero bytes.
fn check_count(args: &FuncArgs, vm: &VirtualMachine, what: &str) -> PyResult<()> {
    let source = args.args.first().or(args.kwargs.get("source"));
    if let Some(n) = source.filter(|s| s.downcast_ref::<PyStr>().is_none()).and_then(|s| s.try_index(vm).ok())
        && let Ok(n) = u128::try_from(n.as_bigint().clone())
    {
        check(vm, n, what)?;
    }
    Ok(())
}

fn guarded_bytes_new(cls: rustpython_vm::builtins::PyTypeRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    check_count(&args, vm, "bytes(n)")?;
    let orig = BYTES_NEW.get().ok_or_else(|| vm.new_runtime_error("bytes() is not available"))?;
    orig(cls, args, vm)
}

fn guarded_bytearray_init(zelf: PyObjectRef, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
    check_count(&args, vm, "bytearray(n)")?;
    let orig = BYTEARRAY_INIT.get().ok_or_else(|| vm.new_runtime_error("bytearray() is not available"))?;
    orig(zelf, args, vm)
}

fn guard_constructor(vm: &VirtualMachine, class: &'static Py<PyType>) {
    if class.is(vm.ctx.types.bytes_type) {
        if let Some(f) = class.slots.new.load()
            && f as usize != guarded_bytes_new as NewSlot as usize
        {
            let _ = BYTES_NEW.set(f);
            class.slots.new.store(Some(guarded_bytes_new));
        }
    } else if let Some(f) = class.slots.init.load()
        && f as usize != guarded_bytearray_init as InitSlot as usize
    {
        let _ = BYTEARRAY_INIT.set(f);
        class.slots.init.store(Some(guarded_bytearray_init));
    }
}
