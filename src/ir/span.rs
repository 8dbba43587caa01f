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
    /// The spans this one was reached through, outermost first (TVM's
    /// `SequentialSpan`: a macro call site, then the macro's statement); none for
    /// a plain span.
    pub outer: Span,
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
        Span(Some(Arc::new(SpanData { file, line, col, end_line, end_col, outer: Span::none() })))
    }
    /// Several spans of one node, outermost first (TVM's `SequentialSpan`); a
    /// plain span when there is one.
    pub fn sequence(spans: &[Span]) -> Self {
        let Some((last, rest)) = spans.split_last() else { return Span::none() };
        let Some(d) = last.data() else { return Span::sequence(rest) };
        if rest.is_empty() {
            return last.clone();
        }
        Span(Some(Arc::new(SpanData { outer: Span::sequence(rest), ..d.clone() })))
    }
    /// The plain spans this one is made of, outermost first (itself when plain).
    pub fn parts(&self) -> Vec<Span> {
        let Some(d) = self.data() else { return vec![] };
        if d.outer.is_none() {
            return vec![self.clone()];
        }
        let mut out = d.outer.parts();
        out.push(Span::new(d.file.clone(), d.line, d.col, d.end_line, d.end_col));
        out
    }
    /// Whether this plain span covers `inner`'s range in the same source.
    pub fn contains(&self, inner: &Span) -> bool {
        let (Some(a), Some(b)) = (self.data(), inner.data()) else { return false };
        a.outer.is_none()
            && b.outer.is_none()
            && a.file == b.file
            && (a.line, a.col) <= (b.line, b.col)
            && (b.end_line, b.end_col) <= (a.end_line, a.end_col)
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

/// The attribute under which a Python exception carries where its diagnostic points,
/// rather than the Python line that raised it (a check over finished IR runs at the
/// decorator, but the problem is in a statement of the body): a list of
/// `(file, line, column, end_line, end_column)`, outermost first (a macro's call
/// site, then its statement). The VM bridge sets it; the front end's diagnostics read it.
pub const EXCEPTION_SPAN_ATTR: &str = "_tvm_span";
