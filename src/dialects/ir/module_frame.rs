//! The frame a module class body runs in (`@I.ir_module class Module:`). Function
//! decorators in the body defer their definitions; `I.ir_module` then declares every
//! GlobalVar before building any body, so functions may refer to each other in any order.

use rustpython_vm::{PyResult, VirtualMachine};

use crate::builder::{self, Frame};
use crate::ir::{GlobalVar, ObjectRef, Result, Value};

/// A module under construction.
#[derive(Default)]
pub struct IRModuleFrame {
    /// Declared functions, by name.
    pub global_vars: crate::fast_hash::FastIndexMap<String, GlobalVar>,
    pub attrs: Vec<(Value, Value)>,
    pub global_infos: Vec<(Value, Value)>,
    /// Items emitted into the module directly (kept for diagnostics).
    pub items: Vec<ObjectRef>,
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
    fn finish(self: Box<Self>) -> Result<Option<ObjectRef>> {
        Ok(None)
    }
}

/// Open a module frame (the runtime calls this before a module class body runs).
pub fn enter(_vm: &VirtualMachine) -> PyResult<usize> {
    Ok(builder::enter(Box::new(IRModuleFrame::default())))
}

/// The GlobalVar of a function declared in the innermost module being built.
pub fn lookup_global_var(name: &str) -> Option<GlobalVar> {
    builder::find_frame::<IRModuleFrame, _>(|m| m.global_vars.get(name).cloned()).flatten()
}
