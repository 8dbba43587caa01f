//! Typed errors shared by the IR core and everything built on it.
//!
//! An [`Error`] keeps its *kind* (the Python exception class it maps to) so a
//! failure raised in Rust surfaces in a script as the same `TypeError` or
//! `ValueError` TVM would raise, and a located one can point at source.

use std::fmt;

use super::span::Span;

/// The class of an error, mirroring the Python exception it becomes in the VM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Python's `TypeError`.
    TypeError,
    /// Python's `ValueError`.
    ValueError,
    /// Python's `KeyError`.
    KeyError,
    /// Python's `IndexError`.
    IndexError,
    /// Python's `AttributeError`.
    AttributeError,
    /// Python's `NameError`.
    NameError,
    /// Python's `SyntaxError`.
    SyntaxError,
    /// Python's `RuntimeError`.
    RuntimeError,
    /// Python's `NotImplementedError`.
    NotImplementedError,
    /// TVM's `DiagnosticError`: a located error from the script parser.
    DiagnosticError,
    /// TVM's `InternalError` (a failed check, `tvm.error.InternalError`).
    InternalError,
}

impl ErrorKind {
    /// The Python exception name (`"TypeError"` …).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::TypeError => "TypeError",
            ErrorKind::ValueError => "ValueError",
            ErrorKind::KeyError => "KeyError",
            ErrorKind::IndexError => "IndexError",
            ErrorKind::AttributeError => "AttributeError",
            ErrorKind::NameError => "NameError",
            ErrorKind::SyntaxError => "SyntaxError",
            ErrorKind::RuntimeError => "RuntimeError",
            ErrorKind::NotImplementedError => "NotImplementedError",
            ErrorKind::DiagnosticError => "DiagnosticError",
            ErrorKind::InternalError => "InternalError",
        }
    }
}

/// An error with a kind, a message and, when known, the source span it concerns.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// What kind of error (the Python exception it maps to).
    pub kind: ErrorKind,
    /// The message, without the kind.
    pub message: String,
    /// The source location the error concerns, if known.
    pub span: Span,
    /// The message is a whole report that names its kind itself (a script's
    /// located diagnostic, `file:line:col: error: NameError: …` with the source
    /// line and carets): `Display` shows it as it is instead of prefixing the kind.
    pub report: bool,
}

/// A result whose error is an [`Error`] by default.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of `kind` with no location.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error { kind, message: message.into(), span: Span::none(), report: false }
    }
    /// A `TypeError`.
    pub fn type_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::TypeError, message)
    }
    /// A `ValueError`.
    pub fn value_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::ValueError, message)
    }
    /// A `KeyError`.
    pub fn key_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::KeyError, message)
    }
    /// An `IndexError`.
    pub fn index_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::IndexError, message)
    }
    /// An `AttributeError`.
    pub fn attribute_error(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::AttributeError, message)
    }
    /// A `RuntimeError`.
    pub fn runtime(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::RuntimeError, message)
    }
    /// A `DiagnosticError` (a script the parser refuses).
    pub fn diagnostic(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::DiagnosticError, message)
    }
    /// An error whose message is a whole report (see [`Error::report`]).
    pub fn reported(kind: ErrorKind, report: impl Into<String>) -> Self {
        Error { report: true, ..Self::new(kind, report) }
    }
    /// Attach a span unless one is already known (the innermost location wins).
    pub fn at(mut self, span: &Span) -> Self {
        if self.span.is_none() {
            self.span = span.clone();
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.report {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.kind.name(), self.message)
        }
    }
}

impl std::error::Error for Error {}

/// `require(cond, msg)?`: a ValueError unless `cond` holds.
pub fn require(cond: bool, message: &str) -> Result<()> {
    if cond { Ok(()) } else { Err(Error::value_error(message)) }
}
