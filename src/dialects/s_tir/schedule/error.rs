//! Schedule errors: what a primitive's check found, rendered as TVM 0.27 does.
//!
//! A check builds a [`ScheduleError`] with the two texts TVM's error classes give:
//! the short one (`fast` level, starting with `ScheduleError: `) and a detail
//! template in which `{0}`, `{1}` … stand for the objects of interest. The
//! `detail` level prints the module with those objects underlined and named
//! (`tirx.For#0`), as TVM's `ScheduleError::RenderReport` does.

use crate::ir::{Error, IRModule, ObjectRef};
use crate::printer::config::PrinterConfig;

/// A failed check of a schedule primitive.
#[derive(Clone, Debug)]
pub struct ScheduleError {
    /// The short message (TVM's `FastErrorString`).
    pub fast: String,
    /// The detail template (TVM's `DetailRenderTemplate`).
    pub detail: String,
    /// The objects `{i}` in the template stands for (TVM's `LocationsOfInterest`).
    pub locations: Vec<ObjectRef>,
    /// A plain message TVM raises as `ScheduleError` without rendering (the same
    /// text at every level).
    pub plain: bool,
}

/// What a primitive fails with: a schedule check, or another error (a ValueError,
/// a TypeError …) raised as it is.
#[derive(Clone, Debug)]
pub enum SchError {
    /// A check of the primitive failed.
    Schedule(Box<ScheduleError>),
    /// Any other error (raised as its own Python type).
    Other(Error),
}

impl From<Error> for SchError {
    fn from(e: Error) -> Self {
        SchError::Other(e)
    }
}

/// A primitive's result.
pub type SchResult<T> = std::result::Result<T, SchError>;

/// A schedule check failure (`fast` without its `ScheduleError: ` prefix).
pub fn fail<T>(fast: &str, detail: impl Into<String>, locations: Vec<ObjectRef>) -> SchResult<T> {
    Err(SchError::Schedule(Box::new(ScheduleError {
        fast: format!("ScheduleError: {fast}"),
        detail: detail.into(),
        locations,
        plain: false,
    })))
}

/// A `ScheduleError` with a plain message (TVM's `TVM_FFI_THROW(ScheduleError)`),
/// shown as it is at every render level.
pub fn fail_plain<T>(msg: &str) -> SchResult<T> {
    Err(SchError::Schedule(Box::new(ScheduleError { fast: msg.to_string(), detail: msg.to_string(), locations: vec![], plain: true })))
}

/// TVM's `ErrorRenderLevel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderLevel {
    /// The module printed with the objects of interest underlined.
    Detail,
    /// The short message.
    Fast,
    /// `(not rendered)`.
    None,
}

impl RenderLevel {
    /// From the Schedule's `error_render_level` string.
    pub fn parse(s: &str) -> Option<RenderLevel> {
        match s {
            "detail" => Some(RenderLevel::Detail),
            "fast" => Some(RenderLevel::Fast),
            "none" => Some(RenderLevel::None),
            _ => None,
        }
    }
}

impl ScheduleError {
    /// The message at a render level, for the primitive named `primitive`.
    pub fn render(&self, level: RenderLevel, primitive: &str, module: &IRModule, syntax: crate::printer::config::Syntax) -> String {
        if self.plain {
            return self.fast.clone();
        }
        match level {
            RenderLevel::None => "(not rendered)".to_string(),
            RenderLevel::Fast => self.fast.clone(),
            RenderLevel::Detail => {
                let mut msg = self.detail.clone();
                let mut cfg = PrinterConfig { syntax, ..PrinterConfig::default() };
                cfg.syntax_sugar = false;
                for (i, loc) in self.locations.iter().enumerate() {
                    let name = format!("{}#{i}", loc.type_key());
                    msg = msg.replace(&format!("{{{i}}}"), &name);
                    cfg.obj_to_annotate.push((loc.clone(), name));
                    cfg.obj_to_underline.push(loc.clone());
                }
                let script = crate::printer::engine::script(&module.clone().into(), &cfg).unwrap_or_default();
                format!(
                    "ScheduleError: An error occurred in the schedule primitive '{primitive}'.\n\nThe IR with diagnostic is:\n{script}\nError message: {msg}"
                )
            }
        }
    }
}
