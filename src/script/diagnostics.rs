//! Located diagnostics: `file:line:col`, the source line and a caret underline,
//! rendered with codespan-reporting.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// A message about a range of a source.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// The error class (`SyntaxError`, `TypeError` …).
    pub kind: String,
    pub message: String,
    pub file: String,
    /// Byte range in `text`.
    pub start: usize,
    pub end: usize,
}

impl Diagnostic {
    /// Render with a header `file:line:col: kind: message`, the line and carets.
    pub fn render(&self, text: &str, color: bool) -> String {
        let source = super::source::Source::new(&self.file, text);
        let lc = source.line_col(self.start as u32);
        let file = SimpleFile::new(self.file.as_str(), text);
        let end = self.end.max(self.start).min(text.len());
        let start = self.start.min(end);
        let diag = CsDiagnostic::error()
            .with_message(format!("{}: {}", self.kind, self.message))
            .with_labels(vec![Label::primary((), start..end.max(start))]);
        let _ = lc;
        let mut out = String::new();
        let mut buf = if color {
            term::termcolor::Buffer::ansi()
        } else {
            term::termcolor::Buffer::no_color()
        };
        if term::emit(&mut buf, &Config::default(), &file, &diag).is_ok() {
            out.push_str(&String::from_utf8_lossy(buf.as_slice()));
        }
        out
    }
}
