//! Conversions between Python objects and IR values.

use std::sync::Arc;

use rustpython_vm::builtins::{PyBaseExceptionRef, PyDict, PyFloat, PyInt, PyList, PyStr, PyTuple, PyType, PyTypeRef};
use rustpython_vm::{AsObject, PyObjectRef, PyRef, PyResult, TryFromObject, VirtualMachine};

use crate::vm::object::{unwrap_object, wrap};
use crate::ir::{self, DataType, Expr, ObjectRef, Value};

/// An IR value as a Python object (arrays become lists, maps dicts).
pub fn value_to_py(vm: &VirtualMachine, v: &Value) -> PyObjectRef {
    match v {
        Value::None => vm.ctx.none(),
        Value::Bool(b) => vm.ctx.new_bool(*b).into(),
        Value::Int(i) => vm.ctx.new_int(*i).into(),
        Value::Float(f) => vm.ctx.new_float(*f).into(),
        Value::Str(s) => vm.ctx.new_str(&**s).into(),
        Value::DType(d) => vm.ctx.new_str(d.to_string()).into(),
        Value::Object(o) => wrap(vm, o.clone()),
        Value::Array(a) => {
            py_array(vm, a.iter().map(|x| value_to_py(vm, x)).collect())
        }
        Value::Map(m) => {
            let d = match container_class(vm, 1) {
                Some(cls) => PyRef::new_ref(PyDict::default(), cls, None),
                None => vm.ctx.new_dict(),
            };
            for (k, v) in m.iter() {
                let _ = d.set_item(&*value_to_py(vm, k), value_to_py(vm, v), vm);
            }
            d.into()
        }
    }
}

/// Python objects as an IR array is read (TVM's `Array`, printed `(a, b)`).
pub fn py_array(vm: &VirtualMachine, items: Vec<PyObjectRef>) -> PyObjectRef {
    match container_class(vm, 0) {
        Some(cls) => PyRef::new_ref(PyTuple::new_unchecked(items.into_boxed_slice()), cls, None).into(),
        None => vm.ctx.new_list(items).into(),
    }
}

thread_local! {
    /// `_tvm_ffi_container.Array` and `Map` per VM (keyed by its global state).
    static CONTAINERS: std::cell::RefCell<crate::fast_hash::FastMap<usize, Option<[PyTypeRef; 2]>>> = Default::default();
}

/// The class IR arrays (0) or maps (1) are read as: TVM's containers, which print as
/// `(n, 4)` and `{"a": 1}`; None when the frozen module cannot be loaded.
fn container_class(vm: &VirtualMachine, which: usize) -> Option<PyTypeRef> {
    let key = rustpython_vm::common::rc::PyRc::as_ptr(&vm.state) as usize;
    if let Some(c) = CONTAINERS.with(|c| c.borrow().get(&key).cloned()) {
        return c.map(|c| c[which].clone());
    }
    let load = || -> Option<[PyTypeRef; 2]> {
        let m = vm.import("_tvm_ffi_container", 0).ok()?;
        let get = |n: &'static str| m.get_attr(n, vm).ok()?.downcast::<PyType>().ok();
        Some([get("Array")?, get("Map")?])
    };
    let classes = load();
    CONTAINERS.with(|c| c.borrow_mut().insert(key, classes.clone()));
    classes.map(|c| c[which].clone())
}

/// A Python object as an IR value.
pub fn py_to_value(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Value> {
    if vm.is_none(obj) {
        return Ok(Value::None);
    }
    if let Some(o) = unwrap_object(obj) {
        return Ok(Value::Object(o));
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(Value::Bool(obj.clone().try_to_bool(vm)?));
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        let v: i64 = i.try_to_primitive(vm)?;
        return Ok(Value::Int(v));
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(Value::Float(f.to_f64()));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(Value::Str(s.to_string_lossy().as_ref().into()));
    }
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        let items = t.as_slice().iter().map(|x| py_to_value(vm, x)).collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::Array(items.into()));
    }
    if let Some(l) = obj.downcast_ref::<PyList>() {
        let items = l.borrow_vec().iter().map(|x| py_to_value(vm, x)).collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::Array(items.into()));
    }
    if let Some(d) = obj.downcast_ref::<PyDict>() {
        let mut items = Vec::new();
        for (k, v) in d {
            items.push((py_to_value(vm, &k)?, py_to_value(vm, &v)?));
        }
        return Ok(Value::Map(Arc::from(items)));
    }
    Err(vm.new_type_error(format!("cannot convert a Python {} to an IR value", obj.class().name())))
}

/// A Python scalar or IR expression as an expression. Python ints become int32
/// constants (int64 when they do not fit), floats float32, bools bool, as TVM does.
pub fn py_to_expr(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Expr> {
    if let Some(o) = unwrap_object(obj) {
        if o.isinstance(ir::expr_info()) {
            return Ok(Expr(o));
        }
        return Err(vm.new_type_error(format!("expected an expression, got {}", o.type_key())));
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(ir::bool_imm(obj.clone().try_to_bool(vm)?));
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        return match i.try_to_primitive::<i64>(vm) {
            Ok(v) if i32::try_from(v).is_ok() => Ok(ir::int_imm(DataType::INT32, v)),
            Ok(v) => Ok(ir::int_imm(DataType::INT64, v)),
            Err(_) => Err(vm.new_value_error("integer constant does not fit in 64 bits")),
        };
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        return Ok(ir::float_imm(DataType::FLOAT32, f.to_f64()));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(ir::string_imm(s.to_string_lossy().as_ref()));
    }
    if let Some(inner) = prim_expr_of(vm, obj) {
        return py_to_expr(vm, &inner);
    }
    Err(vm.new_type_error(format!("expected an expression, got a Python {}", obj.class().name())))
}

/// The expression a Python object stands for, by its `__tvm_prim_expr__` attribute
/// (a `te` iteration axis stands for its variable, as TVM converts an `IterVar`).
pub fn prim_expr_of(vm: &VirtualMachine, obj: &PyObjectRef) -> Option<PyObjectRef> {
    if unwrap_object(obj).is_some() {
        return None;
    }
    obj.get_attr("__tvm_prim_expr__", vm).ok().filter(|v| !v.is(obj))
}

/// An IR object (any kind) out of a Python object.
pub fn py_to_object(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<ObjectRef> {
    unwrap_object(obj).ok_or_else(|| vm.new_type_error(format!("expected an IR object, got a Python {}", obj.class().name())))
}

/// A string argument.
pub fn py_to_str(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<String> {
    Ok(String::try_from_object(vm, obj.clone())?)
}

/// A sequence (tuple or list) as a vector of objects; a single object as one item.
pub fn py_to_seq(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<PyObjectRef>> {
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return Ok(t.as_slice().to_vec());
    }
    if let Some(l) = obj.downcast_ref::<PyList>() {
        return Ok(l.borrow_vec().to_vec());
    }
    let _ = vm;
    Ok(vec![obj.clone()])
}

/// Whether an object is a Python sequence (tuple or list).
pub fn is_seq(obj: &PyObjectRef) -> bool {
    obj.downcast_ref::<PyTuple>().is_some() || obj.downcast_ref::<PyList>().is_some()
}

/// A Python str (or a string constant) as a `String`.
pub fn py_str(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<String> {
    if let Some(o) = unwrap_object(obj)
        && let Some(s) = o.downcast_ref::<ir::StringImmNode>()
    {
        return Ok(s.value.to_string());
    }
    Ok(String::try_from_object(vm, obj.clone())?)
}

/// A Python int (or bool, or an integer constant) as `i64`.
pub fn py_int(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<i64> {
    if let Some(o) = unwrap_object(obj)
        && let Some(i) = o.downcast_ref::<ir::IntImmNode>()
    {
        return Ok(i.value);
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(obj.clone().try_to_bool(vm)? as i64);
    }
    match obj.downcast_ref::<PyInt>() {
        Some(i) => i.try_to_primitive::<i64>(vm),
        None => Err(vm.new_type_error(format!("expected an integer, got {}", obj.class().name()))),
    }
}

/// An IR error as the Python exception of its kind.
pub fn err(vm: &VirtualMachine, e: ir::Error) -> PyBaseExceptionRef {
    crate::vm::error::to_py_err(vm, &e)
}

/// Map an IR result into a Python one.
pub trait Py<T> {
    /// The result, with an IR error made the Python exception of its kind.
    fn py(self, vm: &VirtualMachine) -> PyResult<T>;
}

impl<T> Py<T> for ir::Result<T> {
    fn py(self, vm: &VirtualMachine) -> PyResult<T> {
        self.map_err(|e| err(vm, e))
    }
}

/// A `DiagnosticError` (what TVM's parser raises for misuse) with a message.
pub fn diag(vm: &VirtualMachine, msg: impl Into<String>) -> PyBaseExceptionRef {
    let msg: String = msg.into();
    vm.new_exception_msg(crate::vm::error::diagnostic_error_type(vm), msg.into())
}

/// Whether `obj` is a Python string.
pub fn is_str(obj: &PyObjectRef) -> bool {
    obj.downcast_ref::<PyStr>().is_some()
}

/// Whether `obj` is a Python int (not a bool).
pub fn is_python_int(vm: &VirtualMachine, obj: &PyObjectRef) -> bool {
    obj.downcast_ref::<PyInt>().is_some() && !obj.class().is(vm.ctx.types.bool_type)
}

/// A sequence (tuple or list) as its items; anything else as itself.
pub fn seq(obj: &PyObjectRef) -> Option<Vec<PyObjectRef>> {
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return Some(t.as_slice().to_vec());
    }
    if let Some(l) = obj.downcast_ref::<PyList>() {
        return Some(l.borrow_vec().to_vec());
    }
    None
}

/// A sequence, also accepting any iterable (ranges, generators, IR arrays as lists).
pub fn iterate(vm: &VirtualMachine, obj: &PyObjectRef) -> PyResult<Vec<PyObjectRef>> {
    if let Some(items) = seq(obj) {
        return Ok(items);
    }
    let list = vm.ctx.types.list_type.as_object().call((obj.clone(),), vm)?;
    Ok(seq(&list).unwrap_or_default())
}

/// Whether an object is Python's `typing.TypeVar` (a TVM 0.27 symbol header).
pub fn is_type_var(obj: &PyObjectRef) -> bool {
    *obj.class().name() == *"TypeVar"
}

/// An IR value in the VM.
pub fn py(vm: &VirtualMachine, obj: impl Into<ObjectRef>) -> PyObjectRef {
    wrap(vm, obj.into())
}

/// A list of IR values in the VM.
pub fn py_list(vm: &VirtualMachine, items: impl IntoIterator<Item = ObjectRef>) -> PyObjectRef {
    vm.ctx.new_list(items.into_iter().map(|o| wrap(vm, o)).collect()).into()
}
