//! The frame a module class body runs in (`@I.ir_module class Module:`). Function
//! decorators in the body defer their definitions; `I.ir_module` then declares every
//! GlobalVar before building any body, so functions may refer to each other in any order.

use rustpython_vm::{PyObjectRef, PyResult, VirtualMachine};

use crate::builder::{self, Frame};
use crate::ir::{BaseFunc, Error, GlobalVar, IRModule, ObjectRef, Result, Value};

/// A module under construction.
#[derive(Default)]
pub struct IRModuleFrame {
    /// Declared functions, by name.
    pub global_vars: crate::fast_hash::FastIndexMap<String, GlobalVar>,
    /// Module attributes (`I.module_attrs`).
    pub attrs: Vec<(Value, Value)>,
    /// Module global infos (`I.module_global_infos`).
    pub global_infos: Vec<(Value, Value)>,
    /// Items emitted into the module directly (kept for diagnostics).
    pub items: Vec<ObjectRef>,
    /// Functions defined from Python (`tvm.script.ir_builder`: a function frame that
    /// finished inside this one, `I.def_function`), by name, in definition order.
    pub defined: crate::fast_hash::FastIndexMap<String, BaseFunc>,
    /// GlobalVars a dialect made from a declared one, typed its own way (Relax calls
    /// a PrimFunc through an `R.Callable`-typed copy): (declared, copy, how to make
    /// the copy again). When the declared one is retyped, so is every copy.
    pub derived: Vec<(GlobalVar, GlobalVar, fn(&GlobalVar) -> Option<GlobalVar>)>,
}

/// Record that a dialect made `copy` of the declared GlobalVar `declared` with
/// `derive` (in the innermost module being built), so a later retyping of the
/// declared one reaches the copy too.
pub fn note_derived(declared: &GlobalVar, copy: &GlobalVar, derive: fn(&GlobalVar) -> Option<GlobalVar>) {
    builder::find_frame::<IRModuleFrame, _>(|m| m.derived.push((declared.clone(), copy.clone(), derive)));
}

/// The retyped pairs (old, new) with the dialect copies of each old one paired with
/// the same copy made of the new one (see [`IRModuleFrame::derived`]).
pub fn with_derived(retyped: Vec<(GlobalVar, GlobalVar)>) -> Vec<(GlobalVar, GlobalVar)> {
    let derived = builder::find_frame::<IRModuleFrame, _>(|m| m.derived.clone()).unwrap_or_default();
    let mut out = retyped.clone();
    for (old, new) in &retyped {
        for (declared, copy, derive) in &derived {
            if declared.same_as(&old.clone().upcast()) {
                if let Some(again) = derive(new) {
                    out.push((copy.clone(), again));
                }
            }
        }
    }
    out
}

impl Frame for IRModuleFrame {
    fn describe(&self) -> String {
        "I.ir_module".into()
    }
    fn collects_definitions(&self) -> bool {
        true
    }
    fn add(&mut self, item: ObjectRef) -> Result<()> {
        self.items.push(item);
        Ok(())
    }
    /// Only a module opened from Python (`I.ir_module()`) is finished (the parser's
    /// module class drops its frame and builds the module itself): its declared
    /// functions, each defined, with the attributes and global infos given.
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>> {
        let IRModuleFrame { global_vars, attrs, global_infos, mut defined, .. } = *self;
        let mut functions = Vec::with_capacity(global_vars.len());
        for (name, gv) in global_vars {
            let func = defined
                .swap_remove(&name)
                .ok_or_else(|| Error::value_error(format!("function {name} is declared but never defined")))?;
            functions.push((gv, func));
        }
        let mut module = IRModule::from_functions(functions)?;
        if !attrs.is_empty() {
            module = module.with_attrs(attrs.into());
        }
        if !global_infos.is_empty() {
            module = module.with_global_infos(global_infos.into());
        }
        Ok(Some(module.upcast()))
    }
}

/// `I.decl_function(name, signature)`: declare a function of the innermost module
/// being built; its GlobalVar takes the signature's type.
pub fn decl_function(name: &str, signature: &BaseFunc) -> Result<GlobalVar> {
    let ty = crate::ir::Expr::from_object_unchecked(signature.as_object().clone()).ty();
    builder::find_frame::<IRModuleFrame, _>(|m| {
        if m.global_vars.contains_key(name) {
            return Err(Error::value_error(format!("function {name} has already been defined")));
        }
        let gv = GlobalVar::new(crate::ir::GlobalVarNode { ty, name_hint: name.into(), span: crate::ir::Span::none() });
        m.global_vars.insert(name.to_string(), gv.clone());
        Ok(gv)
    })
    .unwrap_or_else(|| Err(Error::value_error("I.decl_function must be called inside an I.ir_module() frame")))
}

/// `I.def_function(name, func)`: define a declared function. Its GlobalVar takes the
/// function's type (a Relax function without a return annotation declared `R.Any`
/// returns what its body gives), so functions built after it call it with that type.
pub fn def_function(name: &str, func: BaseFunc) -> Result<()> {
    builder::find_frame::<IRModuleFrame, _>(|m| {
        let Some(gv) = m.global_vars.get(name) else {
            return Err(Error::value_error(format!("function {name} does not exist, please declare it first.")));
        };
        if let Some(new) = retype_global_var(gv, &func) {
            m.global_vars.insert(name.to_string(), new);
        }
        m.defined.insert(name.to_string(), func);
        Ok(())
    })
    .unwrap_or_else(|| Err(Error::value_error("I.def_function must be called inside an I.ir_module() frame")))
}

/// The GlobalVar `gv` retyped as the defined function `func` (TVM's `DefFunction` sets
/// the declared GlobalVar's type in place), or `None` when the type is already that.
/// The declared one stays in the frame's lookups no longer: later bodies see the new one.
pub fn retype_global_var(gv: &GlobalVar, func: &BaseFunc) -> Option<GlobalVar> {
    let ty = crate::ir::Expr::from_object_unchecked(func.as_object().clone()).ty();
    if ty.is_missing() || (crate::ir::structural_equal(&ty, &gv.ty, false) && same_variables(&ty, &gv.ty)) {
        return None;
    }
    let new = GlobalVar::new(crate::ir::GlobalVarNode { ty, name_hint: gv.name_hint.clone(), span: gv.span.clone() });
    builder::find_frame::<IRModuleFrame, _>(|m| {
        if let Some(slot) = m.global_vars.get_mut(&*gv.name_hint) {
            *slot = new.clone();
        }
    });
    Some(new)
}

/// Whether `a` and `b` hold the very same variables, in order: a signature's
/// symbolic shape (`T.Buffer((n,))` declared before the body is built) is equal in
/// structure to the function's, but its `n` is not the one the function binds.
fn same_variables(a: &crate::ir::Type, b: &crate::ir::Type) -> bool {
    let vars = |t: &crate::ir::Type| {
        let mut out = Vec::new();
        crate::ir::post_order_visit(t, |o| {
            if o.type_info().eq_kind == crate::ir::EqKind::Var {
                out.push(o.clone());
            }
        });
        out
    };
    let (x, y) = (vars(a), vars(b));
    x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| p.same_as(q))
}

/// The functions with every use of a retyped GlobalVar (old, new) made a use of the
/// new one: a function built before another was retyped still calls it by the
/// declared GlobalVar, which in TVM is the same object.
pub fn replace_global_vars(funcs: Vec<(GlobalVar, BaseFunc)>, retyped: &[(GlobalVar, GlobalVar)]) -> Result<Vec<(GlobalVar, BaseFunc)>> {
    if retyped.is_empty() {
        return Ok(funcs);
    }
    let pairs: Vec<(ObjectRef, ObjectRef)> = retyped.iter().map(|(o, n)| (o.clone().upcast(), n.clone().upcast())).collect();
    let mut out = Vec::with_capacity(funcs.len());
    for (gv, f) in funcs {
        let mapped = crate::ir::structural_map(
            f.as_object().clone(),
            |n: ObjectRef| -> Result<crate::ir::MapResult> {
                for (old, new) in &pairs {
                    if n.same_as(old) {
                        return Ok(crate::ir::MapResult::ReplaceAndSkip(new.clone()));
                    }
                }
                Ok(crate::ir::MapResult::Unchanged)
            },
            crate::ir::WalkOrder::PreOrder,
        )?;
        out.push((gv, BaseFunc::try_from_object(mapped)?));
    }
    Ok(out)
}

/// Whether a module is being built (a function frame then defines into it).
pub fn in_module() -> bool {
    builder::find_frame::<IRModuleFrame, _>(|_| ()).is_some()
}

/// A function a builder frame opened from Python finished: declared and defined in
/// the innermost module being built, else the current IRBuilder's result. `name` is
/// the function's `func_name`, if it was given one.
pub fn deliver_function(vm: &VirtualMachine, name: Option<&str>, func: BaseFunc) -> PyResult<()> {
    use crate::vm::error::IntoPyResult;
    if !in_module() {
        return crate::vm::ir_builder::set_result(vm, func.into_object());
    }
    let Some(name) = name else {
        return Err(vm.new_value_error(
            "Check failed: (name.has_value()) is false: The function name must be defined before exiting the function scope, if it's defined in a Module",
        ));
    };
    let declared = builder::find_frame::<IRModuleFrame, _>(|m| m.global_vars.contains_key(name)).unwrap_or(false);
    if !declared {
        decl_function(name, &func).py(vm)?;
    }
    def_function(name, func).py(vm)
}

/// `I.ir_module()` called from Python: a module frame as a context manager.
pub fn open_from_python(vm: &VirtualMachine) -> PyObjectRef {
    crate::vm::ir_builder::BuilderFrame::new(
        "I.ir_module",
        Box::new(|vm: &VirtualMachine| {
            builder::enter(Box::new(IRModuleFrame::default()));
            Ok(vm.ctx.none())
        }),
        crate::vm::ir_builder::deliver_to_builder(),
    )
    .into_py(vm)
}

/// Open a module frame (the runtime calls this before a module class body runs).
pub fn enter(_vm: &VirtualMachine) -> PyResult<usize> {
    Ok(builder::enter(Box::new(IRModuleFrame::default())))
}

/// The GlobalVar of a function declared in the innermost module being built.
pub fn lookup_global_var(name: &str) -> Option<GlobalVar> {
    builder::find_frame::<IRModuleFrame, _>(|m| m.global_vars.get(name).cloned()).flatten()
}
