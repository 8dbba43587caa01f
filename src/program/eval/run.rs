//! Evaluating a lowered body: each step is the operation the compiled body's
//! instruction would perform (the same object protocol calls, in the same order),
//! so the builder sees the same calls and the IR is the same.

use std::cell::RefCell;
use std::rc::Rc;

use ruff_text_size::TextRange;
use rustpython_vm::builtins::{PyBaseExceptionRef, PyDictRef, PyList, PySlice, PyTuple};
use rustpython_vm::function::{FuncArgs, KwArgs};
use rustpython_vm::protocol::PyIterReturn;
use rustpython_vm::types::PyTypeFlags;
use rustpython_vm::{AsObject, PyObjectRef, PyPayload, PyResult, VirtualMachine};

use super::tree::*;
use super::FastBody;
use crate::vm::native::{self, Val};

/// An exception on its way out, with the range of the construct that raised it.
pub struct Fail {
    /// The exception.
    pub exc: PyBaseExceptionRef,
    /// The construct that raised it.
    pub range: TextRange,
}

type R<T> = Result<T, Fail>;

trait At<T> {
    fn at(self, range: TextRange) -> R<T>;
}

impl<T> At<T> for PyResult<T> {
    #[inline]
    fn at(self, range: TextRange) -> R<T> {
        self.map_err(|exc| Fail { exc, range })
    }
}

/// One call of a body: its locals, globals and builtins.
pub struct Frame {
    /// The body being run.
    pub body: Rc<FastBody>,
    locals: RefCell<Vec<Option<PyObjectRef>>>,
    /// The globals names are looked up in.
    pub globals: PyDictRef,
    builtins: PyObjectRef,
}

impl Frame {
    /// Bind `args` to the parameters as a call of the function would.
    pub fn new(vm: &VirtualMachine, body: Rc<FastBody>, globals: PyDictRef, args: FuncArgs) -> PyResult<Rc<Frame>> {
        let code = &body.code;
        let mut locals: Vec<Option<PyObjectRef>> = vec![None; code.slots.len()];
        let n = code.params.len();
        let name = &body.name;
        if args.args.len() > n {
            return Err(vm.new_type_error(format!("{name}() takes {n} positional arguments but {} were given", args.args.len())));
        }
        for (slot, a) in locals.iter_mut().zip(args.args) {
            *slot = Some(a);
        }
        for (k, v) in args.kwargs {
            let Some(i) = code.params.iter().position(|p| body.name_text(*p) == k) else {
                return Err(vm.new_type_error(format!("{name}() got an unexpected keyword argument '{k}'{}", crate::renames::keyword_hint(&k))));
            };
            if locals[i].replace(v).is_some() {
                return Err(vm.new_type_error(format!("{name}() got multiple values for argument '{k}'")));
            }
        }
        if let Some(i) = (0..n).find(|&i| locals[i].is_none()) {
            return Err(vm.new_type_error(format!("{name}() missing 1 required positional argument: '{}'", body.name_text(code.params[i]))));
        }
        // As a function made from these globals finds its builtins.
        let builtins = match globals.get_item_opt("__builtins__", vm)? {
            Some(b) => match b.downcast_ref::<rustpython_vm::builtins::PyModule>() {
                Some(m) => m.dict().into(),
                None => b,
            },
            None => vm.builtins.dict().into(),
        };
        Ok(Rc::new(Frame { body, locals: RefCell::new(locals), globals, builtins }))
    }

    /// Run the body; its return value.
    pub fn run(self: &Rc<Self>, vm: &VirtualMachine) -> R<PyObjectRef> {
        let body = self.body.clone();
        let _running = Running::enter(vm, self.globals.clone());
        let flow = self.block(vm, &body.code.body);
        crate::vm::location::clear_step();
        match flow? {
            Flow::Return(v) => Ok(v),
            Flow::Next => Ok(vm.ctx.none()),
        }
    }

    fn block(self: &Rc<Self>, vm: &VirtualMachine, stmts: &[Stmt]) -> R<Flow> {
        for s in stmts {
            // A time budget's interrupt arrives as a signal, checked between
            // statements as the interpreter checks it between instructions.
            if let Err(exc) = vm.check_signals() {
                return Err(Fail { exc, range: s.range() });
            }
            if let Flow::Return(v) = self.stmt(vm, s)? {
                return Ok(Flow::Return(v));
            }
        }
        Ok(Flow::Next)
    }

    fn stmt(self: &Rc<Self>, vm: &VirtualMachine, s: &Stmt) -> R<Flow> {
        match s {
            Stmt::Assign(targets, value) => {
                let v = self.expr(vm, value)?;
                for t in targets.iter() {
                    self.assign(vm, t, v.clone())?;
                }
            }
            Stmt::Expr(e) => {
                self.expr(vm, e)?;
            }
            Stmt::Pass => {}
            Stmt::Return(v) => {
                let v = match v {
                    Some(e) => self.expr(vm, e)?,
                    None => vm.ctx.none(),
                };
                return Ok(Flow::Return(v));
            }
            Stmt::Delete(slots) => {
                let mut locals = self.locals.borrow_mut();
                for (slot, range) in slots.iter() {
                    if locals[*slot as usize].take().is_none() {
                        drop(locals);
                        return Err(self.unbound(vm, *slot)).at(*range);
                    }
                }
            }
            Stmt::With(w) => return self.with(vm, w),
            Stmt::For(f) => {
                let iter = self.expr(vm, &f.iter)?;
                let iter = iter.get_iter(vm).at(f.iter.range())?;
                loop {
                    vm.check_signals().at(f.range)?;
                    match iter.next(vm).at(f.range)? {
                        PyIterReturn::Return(v) => self.assign(vm, &f.target, v)?,
                        PyIterReturn::StopIteration(_) => break,
                    }
                    if let Flow::Return(v) = self.block(vm, &f.body)? {
                        return Ok(Flow::Return(v));
                    }
                }
            }
            Stmt::If(i) => {
                let test = self.expr(vm, &i.test)?;
                let branch = if test.try_to_bool(vm).at(i.test.range())? { &i.body } else { &i.orelse };
                return self.block(vm, branch);
            }
        }
        Ok(Flow::Next)
    }

    /// `with`: look up `__enter__` and `__exit__` on the type, enter, run the body,
    /// and exit with the exception (which `__exit__` may suppress) or with `None`s.
    fn with(self: &Rc<Self>, vm: &VirtualMachine, w: &With) -> R<Flow> {
        let mgr = self.expr(vm, &w.context)?;
        if let Some(native) = native::context(&mgr) {
            let value = (native.enter)(&mgr, vm).at(w.range)?;
            if let Some(t) = &w.target {
                self.assign(vm, t, value)?;
            }
            let flow = self.block(vm, &w.body);
            (native.exit)(&mgr, vm, flow.is_err()).at(w.range)?;
            return flow;
        }
        let enter = special(vm, &mgr, vm.ctx.names.__enter__).at(w.range)?;
        let exit = special(vm, &mgr, vm.ctx.names.__exit__).at(w.range)?;
        let value = enter.call(vm, &mgr, vec![]).at(w.range)?;
        if let Some(t) = &w.target {
            self.assign(vm, t, value)?;
        }
        let flow = self.block(vm, &w.body);
        match flow {
            Ok(flow) => {
                let none = vm.ctx.none();
                exit.call(vm, &mgr, vec![none.clone(), none.clone(), none]).at(w.range)?;
                Ok(flow)
            }
            Err(fail) => {
                let exc = fail.exc.clone();
                let tb = exc.__traceback__().map_or_else(|| vm.ctx.none(), |t| t.into());
                let args = vec![exc.class().to_owned().into(), exc.clone().into(), tb];
                let suppress = exit.call(vm, &mgr, args).and_then(|r| r.try_to_bool(vm)).at(w.range)?;
                if suppress { Ok(Flow::Next) } else { Err(fail) }
            }
        }
    }

    fn assign(&self, vm: &VirtualMachine, t: &Target, v: PyObjectRef) -> R<()> {
        match t {
            Target::Local(slot) => {
                // The old value is dropped after the table is released: dropping runs
                // no Python code here, but keep the borrow short anyway.
                let old = self.locals.borrow_mut()[*slot as usize].replace(v);
                drop(old);
            }
            Target::Unpack(targets, range) => {
                for (t, v) in targets.iter().zip(unpack(vm, &v, targets.len()).at(*range)?) {
                    self.assign(vm, t, v)?;
                }
            }
        }
        Ok(())
    }

    fn unbound(&self, vm: &VirtualMachine, slot: u32) -> PyBaseExceptionRef {
        let name = self.body.name_text(self.body.code.slots[slot as usize]);
        vm.new_exception_msg(
            vm.ctx.exceptions.unbound_local_error.to_owned(),
            format!("local variable '{name}' referenced before assignment").into(),
        )
    }

    fn exprs(self: &Rc<Self>, vm: &VirtualMachine, es: &[Expr]) -> R<Vec<PyObjectRef>> {
        let mut out = Vec::with_capacity(es.len());
        for e in es {
            out.push(self.expr(vm, e)?);
        }
        Ok(out)
    }

    fn expr(self: &Rc<Self>, vm: &VirtualMachine, e: &Expr) -> R<PyObjectRef> {
        Ok(match e {
            Expr::Const(c) => self.objects(vm).literals[c.0 as usize].clone(),
            Expr::Local(slot, range) => match &self.locals.borrow()[*slot as usize] {
                Some(v) => v.clone(),
                None => return Err(self.unbound(vm, *slot)).at(*range),
            },
            Expr::Global(name, range) => self.global(vm, self.objects(vm).names[name.0 as usize]).at(*range)?,
            Expr::Attr(value, name, range) => {
                let v = self.expr(vm, value)?;
                get_attr(vm, &v, self.objects(vm).names[name.0 as usize]).at(*range)?
            }
            // The call is made as an argument would be; its result is then Python's.
            Expr::Call(_) => self.val(vm, e)?.into_py(vm),
            Expr::Tuple(es) => vm.ctx.new_tuple(self.exprs(vm, es)?).into(),
            Expr::List(es) => vm.ctx.new_list(self.exprs(vm, es)?).into(),
            Expr::Dict(items) => {
                let d = vm.ctx.new_dict();
                for (k, v) in items.iter() {
                    let k = self.expr(vm, k)?;
                    let v = self.expr(vm, v)?;
                    d.set_item(&*k, v, vm).at(dict_range(items))?;
                }
                d.into()
            }
            // As an argument would be: a load from a buffer stays an IR value.
            Expr::Subscript(..) => self.val(vm, e)?.into_py(vm),
            Expr::Slice(parts, _) => {
                // An absent part is `None`, as the compiler loads it.
                let part = |p: &Option<Expr>| -> R<PyObjectRef> {
                    match p {
                        Some(e) => self.expr(vm, e),
                        None => Ok(vm.ctx.none()),
                    }
                };
                let [lo, hi, step] = &**parts;
                let (start, stop, step) = (part(lo)?, part(hi)?, part(step)?);
                PySlice { start: Some(start), stop, step: Some(step) }.into_ref(&vm.ctx).into()
            }
            // As an operand would be: intermediate results of a chain stay IR values.
            Expr::Binary(..) => self.val(vm, e)?.into_py(vm),
            Expr::Unary(op, operand, range) => {
                let v = self.expr(vm, operand)?;
                crate::vm::location::set_step(vm, &self.body.source, *range);
                match op {
                    UnaryOp::USub => vm._neg(&v),
                    UnaryOp::UAdd => vm._pos(&v),
                    UnaryOp::Invert => vm._invert(&v),
                    UnaryOp::Not => v.try_to_bool(vm).map(|b| vm.ctx.new_bool(!b).into()),
                }
                .at(*range)?
            }
            Expr::Compare(first, rest, range) => {
                let mut left = self.expr(vm, first)?;
                let mut result = vm.ctx.new_bool(true).into();
                for (i, (op, right)) in rest.iter().enumerate() {
                    let right = self.expr(vm, right)?;
                    crate::vm::location::set_step(vm, &self.body.source, *range);
                    result = crate::program::runtime::python_compare(vm, op, &left, &right).at(*range)?;
                    if i + 1 < rest.len() && !result.clone().try_to_bool(vm).at(*range)? {
                        break;
                    }
                    left = right;
                }
                result
            }
            Expr::IfExp(parts) => {
                let (test, then, orelse) = &**parts;
                let t = self.expr(vm, test)?;
                if t.try_to_bool(vm).at(test.range())? { self.expr(vm, then)? } else { self.expr(vm, orelse)? }
            }
            Expr::Lambda(l) => self.lambda(vm, l.clone()),
            Expr::Function(f) => self.function(vm, f).at(f.node.range)?,
        })
    }

    /// A call of a Python callable.
    fn call(self: &Rc<Self>, vm: &VirtualMachine, func: &PyObjectRef, c: &Call) -> R<PyObjectRef> {
        let args = self.exprs(vm, &c.args)?;
        crate::vm::location::set_step(vm, &self.body.source, c.range);
        if c.keywords.is_empty() {
            return func.call(FuncArgs::from(args), vm).at(c.range);
        }
        let mut kwargs = Vec::with_capacity(c.keywords.len());
        for (k, v) in c.keywords.iter() {
            kwargs.push((self.body.name_text(*k).to_owned(), self.expr(vm, v)?));
        }
        func.call(FuncArgs::new(args, kwargs.into_iter().collect::<KwArgs>()), vm).at(c.range)
    }

    /// An argument of a native call: a native call's result and a tuple display stay
    /// as they are (nothing else sees them); anything else is evaluated as usual.
    fn val(self: &Rc<Self>, vm: &VirtualMachine, e: &Expr) -> R<Val> {
        match e {
            Expr::Call(c) => {
                let func = self.expr(vm, &c.func)?;
                if let Some(native) = native::callee(&func) {
                    let args = self.native_args(vm, c)?;
                    crate::vm::location::set_step(vm, &self.body.source, c.range);
                    return native.call(&func, vm, args).at(c.range);
                }
                Ok(Val::Py(self.call(vm, &func, c)?))
            }
            Expr::Tuple(es) => {
                let mut items = Vec::with_capacity(es.len());
                for e in es.iter() {
                    items.push(self.val(vm, e)?);
                }
                Ok(Val::Tuple(items))
            }
            Expr::Binary(parts, op, range) => {
                let (l, r) = &**parts;
                let a = self.val(vm, l)?;
                let b = self.val(vm, r)?;
                crate::vm::location::set_step(vm, &self.body.source, *range);
                if let Some(py_op) = scalar_op(*op)
                    && let Some(result) = crate::vm::operators::native_binary(vm, py_op, &a, &b)
                {
                    return Ok(Val::Ir(result.at(*range)?.into_object()));
                }
                let (a, b) = (a.into_py(vm), b.into_py(vm));
                Ok(Val::Py(binary(vm, *op, &a, &b).at(*range)?))
            }
            Expr::Subscript(parts, range) => {
                let (value, index) = &**parts;
                let v = self.expr(vm, value)?;
                // The key as a native call's argument: a tuple display of indices is
                // not made a tuple when an item hook takes it as it is.
                let i = self.val(vm, index)?;
                crate::vm::location::set_step(vm, &self.body.source, *range);
                if let Some(r) = crate::vm::object::native_subscript(vm, &v, &i) {
                    return r.at(*range);
                }
                Ok(Val::Py(v.get_item(&*i.into_py(vm), vm).at(*range)?))
            }
            _ => Ok(Val::Py(self.expr(vm, e)?)),
        }
    }

    /// The arguments of a native call, evaluated in the order a Python call evaluates them.
    fn native_args(self: &Rc<Self>, vm: &VirtualMachine, c: &Call) -> R<native::Args> {
        let mut args = Vec::with_capacity(c.args.len());
        for a in c.args.iter() {
            args.push(self.val(vm, a)?);
        }
        let mut kwargs = Vec::with_capacity(c.keywords.len());
        for (k, v) in c.keywords.iter() {
            let name = self.objects(vm).names[k.0 as usize].as_str();
            kwargs.push((name, self.val(vm, v)?));
        }
        Ok(native::Args { args, kwargs })
    }

    fn objects(&self, vm: &VirtualMachine) -> &super::Objects {
        self.body.objects(vm)
    }

    /// A global name: the globals, then the builtins.
    fn global(&self, vm: &VirtualMachine, name: &'static rustpython_vm::builtins::PyStrInterned) -> PyResult {
        if let Some(v) = self.globals.get_item_opt(name, vm)? {
            return Ok(v);
        }
        self.builtins.get_item(name, vm).map_err(|e| {
            if e.fast_isinstance(vm.ctx.exceptions.key_error) {
                vm.new_name_error(format!("name '{name}' is not defined"), name.to_owned())
            } else {
                e
            }
        })
    }

    /// The function a lambda with parameters makes: its code (compiled alone, see
    /// [`tree::Function`]) with this body's globals, as `MAKE_FUNCTION` would make it.
    fn function(&self, vm: &VirtualMachine, f: &super::tree::Function) -> PyResult {
        let code = self.body.function_code(vm, f).ok_or_else(|| vm.new_runtime_error("a lambda of an evaluated body did not compile"))?;
        super::locate::make_function(vm, code, self.globals.clone())
    }

    /// A `lambda:` as a callable that evaluates its body in this frame when called
    /// (reading the locals as they are then, as a closure's cells would).
    fn lambda(self: &Rc<Self>, vm: &VirtualMachine, l: std::sync::Arc<Lambda>) -> PyObjectRef {
        let frame = self.clone();
        // Freed with the callable (it holds the frame, and the frame its globals).
        crate::vm::closure::closure(vm, "<lambda>", move |args: FuncArgs, vm: &VirtualMachine| -> PyResult {
            if !args.args.is_empty() || !args.kwargs.is_empty() {
                let n = args.args.len() + args.kwargs.len();
                return Err(vm.new_type_error(format!("<lambda>() takes 0 positional arguments but {n} were given")));
            }
            frame.expr(vm, &l.body).map_err(|fail| super::locate::located(vm, &frame, fail, Some(l.range)))
        })
    }
}

// Builders that read "the globals of the code running now" (names a macro or a
// shape string refers to) get an evaluated body's globals while it is the
// innermost code running: no interpreter frame was pushed for it.
thread_local! {
    static RUNNING: RefCell<Vec<(usize, PyDictRef)>> = const { RefCell::new(Vec::new()) };
}

/// The interpreter frame under which a body is evaluated (an address, or 0).
fn frame_key(vm: &VirtualMachine) -> usize {
    vm.current_frame().map_or(0, |f| &*f as *const rustpython_vm::Py<rustpython_vm::frame::Frame> as usize)
}

struct Running;

impl Running {
    fn enter(vm: &VirtualMachine, globals: PyDictRef) -> Running {
        RUNNING.with(|r| r.borrow_mut().push((frame_key(vm), globals)));
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.with(|r| r.borrow_mut().pop());
    }
}

/// The globals of the code running now: an evaluated body's when it is the
/// innermost (no interpreter frame entered since it started), else the current
/// interpreter frame's.
pub fn current_globals(vm: &VirtualMachine) -> Option<PyDictRef> {
    let key = frame_key(vm);
    if let Some(g) = RUNNING.with(|r| r.borrow().last().filter(|(k, _)| *k == key).map(|(_, g)| g.clone())) {
        return Some(g);
    }
    vm.current_frame().map(|f| f.globals.clone())
}

enum Flow {
    Next,
    Return(PyObjectRef),
}

impl Expr {
    /// The range an error in evaluating this expression is reported at.
    pub fn range(&self) -> TextRange {
        match self {
            Expr::Local(_, r) | Expr::Global(_, r) | Expr::Attr(_, _, r) | Expr::Subscript(_, r) | Expr::Slice(_, r) => *r,
            Expr::Binary(_, _, r) | Expr::Unary(_, _, r) | Expr::Compare(_, _, r) => *r,
            Expr::Call(c) => c.range,
            Expr::Lambda(l) => l.range,
            Expr::Function(f) => f.node.range,
            Expr::IfExp(parts) => parts.0.range().cover(parts.2.range()),
            Expr::Tuple(es) | Expr::List(es) => es.first().map_or_else(TextRange::default, |f| f.range().cover(es[es.len() - 1].range())),
            Expr::Dict(items) => dict_range(items),
            Expr::Const(_) => TextRange::default(),
        }
    }
}

fn dict_range(items: &[(Expr, Expr)]) -> TextRange {
    items.first().map_or_else(TextRange::default, |f| f.0.range().cover(items[items.len() - 1].1.range()))
}

/// The operator of an IR value that `op` calls, for those that may be computed
/// natively (`**` and `@` always go through Python).
fn scalar_op(op: BinOp) -> Option<crate::vm::object::PyOp> {
    use crate::ir::arith::PyOp as A;
    Some(crate::vm::object::PyOp::Binary(match op {
        BinOp::Add => A::Add,
        BinOp::Sub => A::Sub,
        BinOp::Mult => A::Mul,
        BinOp::Div => A::TrueDiv,
        BinOp::FloorDiv => A::FloorDiv,
        BinOp::Mod => A::Mod,
        BinOp::LShift => A::LShift,
        BinOp::RShift => A::RShift,
        BinOp::BitOr => A::BitOr,
        BinOp::BitXor => A::BitXor,
        BinOp::BitAnd => A::BitAnd,
        BinOp::Pow | BinOp::MatMult => return None,
    }))
}

fn binary(vm: &VirtualMachine, op: BinOp, a: &PyObjectRef, b: &PyObjectRef) -> PyResult {
    match op {
        BinOp::Add => vm._add(a, b),
        BinOp::Sub => vm._sub(a, b),
        BinOp::Mult => vm._mul(a, b),
        BinOp::MatMult => vm._matmul(a, b),
        BinOp::Div => vm._truediv(a, b),
        BinOp::FloorDiv => vm._floordiv(a, b),
        BinOp::Mod => vm._mod(a, b),
        BinOp::Pow => vm._pow(a, b, vm.ctx.none.as_object()),
        BinOp::LShift => vm._lshift(a, b),
        BinOp::RShift => vm._rshift(a, b),
        BinOp::BitOr => vm._or(a, b),
        BinOp::BitXor => vm._xor(a, b),
        BinOp::BitAnd => vm._and(a, b),
    }
}

/// `obj.name`. A plain module's attribute that is not a dunder name is read from
/// its dict: the module type (and `object`) define only dunder attributes, so no
/// descriptor of the type comes before the dict, which is all the full protocol
/// would find first. Builder programs read the runtime module's functions this
/// way at every call; anything else takes the full protocol.
fn get_attr(vm: &VirtualMachine, obj: &PyObjectRef, name: &'static rustpython_vm::builtins::PyStrInterned) -> PyResult {
    if obj.class().is(vm.ctx.types.module_type)
        && !name.as_str().starts_with("__")
        && let Some(module) = obj.downcast_ref::<rustpython_vm::builtins::PyModule>()
        && let Some(v) = module.dict().get_item_opt(name, vm)?
    {
        return Ok(v);
    }
    obj.get_attr(name, vm)
}

/// A special method looked up on the type, as `with` does.
enum Special {
    /// A method descriptor or function: called with the object first.
    Unbound(PyObjectRef),
    /// Anything else, bound through its descriptor.
    Bound(PyObjectRef),
}

impl Special {
    fn call(&self, vm: &VirtualMachine, obj: &PyObjectRef, mut args: Vec<PyObjectRef>) -> PyResult {
        match self {
            Special::Unbound(f) => {
                args.insert(0, obj.clone());
                f.call(args, vm)
            }
            Special::Bound(f) => f.call(args, vm),
        }
    }
}

fn special(vm: &VirtualMachine, obj: &PyObjectRef, name: &'static rustpython_vm::builtins::PyStrInterned) -> PyResult<Special> {
    let cls = obj.class();
    let Some(func) = cls.get_attr(name) else {
        return Err(vm.new_type_error(format!("'{}' object does not support the context manager protocol (missed {name} method)", cls.name())));
    };
    if func.class().slots.flags.has_feature(PyTypeFlags::METHOD_DESCRIPTOR) {
        return Ok(Special::Unbound(func));
    }
    let bound = vm.call_get_descriptor_specific(&func, Some(obj.clone()), Some(cls.to_owned().into())).unwrap_or(Ok(func))?;
    Ok(Special::Bound(bound))
}

/// `a, b = value`: exactly `n` items, as Python unpacks.
fn unpack(vm: &VirtualMachine, value: &PyObjectRef, n: usize) -> PyResult<Vec<PyObjectRef>> {
    let exact = |items: &[PyObjectRef]| -> PyResult<Vec<PyObjectRef>> {
        match items.len().cmp(&n) {
            std::cmp::Ordering::Equal => Ok(items.to_vec()),
            std::cmp::Ordering::Greater => Err(vm.new_value_error(format!("too many values to unpack (expected {n}, got {})", items.len()))),
            std::cmp::Ordering::Less => Err(vm.new_value_error(format!("not enough values to unpack (expected {n}, got {})", items.len()))),
        }
    };
    if value.class().is(vm.ctx.types.tuple_type)
        && let Some(t) = value.downcast_ref::<PyTuple>()
    {
        return exact(t.as_slice());
    }
    if value.class().is(vm.ctx.types.list_type)
        && let Some(l) = value.downcast_ref::<PyList>()
    {
        let items = l.borrow_vec().to_vec();
        return exact(&items);
    }
    let iter = value.get_iter(vm).map_err(|e| {
        if e.class().is(vm.ctx.exceptions.type_error) {
            vm.new_type_error(format!("cannot unpack non-iterable {} object", value.class().name()))
        } else {
            e
        }
    })?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        match iter.next(vm)? {
            PyIterReturn::Return(v) => out.push(v),
            PyIterReturn::StopIteration(_) => {
                return Err(vm.new_value_error(format!("not enough values to unpack (expected {n}, got {})", out.len())));
            }
        }
    }
    match iter.next(vm)? {
        PyIterReturn::Return(_) => Err(vm.new_value_error(format!("too many values to unpack (expected {n})"))),
        PyIterReturn::StopIteration(_) => Ok(out),
    }
}

impl Stmt {
    /// Where an interrupt between statements is reported.
    fn range(&self) -> TextRange {
        match self {
            Stmt::Assign(_, v) | Stmt::Expr(v) => v.range(),
            Stmt::With(w) => w.range,
            Stmt::For(f) => f.range,
            Stmt::If(i) => i.test.range(),
            Stmt::Delete(slots) => slots.first().map_or_else(TextRange::default, |s| s.1),
            Stmt::Return(v) => v.as_ref().map_or_else(TextRange::default, Expr::range),
            Stmt::Pass => TextRange::default(),
        }
    }
}
