//! Source locations attached to IR nodes.

use std::sync::Arc;

/// Where a node came from: file name and 1-based line/column range.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpanData {
    /// The file name the source was given as.
    pub file: Arc<str>,
    /// First line (1-based).
    pub line: u32,
    /// First column (1-based).
    pub col: u32,
    /// Last line (1-based).
    pub end_line: u32,
    /// Column just past the end (1-based).
    pub end_col: u32,
}

/// An optional, cheaply cloned source location. Ignored by structural equality.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span(pub Option<Arc<SpanData>>);

impl Span {
    /// No location.
    pub const fn none() -> Self {
        Span(None)
    }
    /// A location in `file`.
    pub fn new(file: Arc<str>, line: u32, col: u32, end_line: u32, end_col: u32) -> Self {
        Span(Some(Arc::new(SpanData { file, line, col, end_line, end_col })))
    }
    /// Whether there is no location.
    pub fn is_none(&self) -> bool {
        self.0.is_none()
    }
    /// The location, if any.
    pub fn data(&self) -> Option<&SpanData> {
        self.0.as_deref()
    }
}
