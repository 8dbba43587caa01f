//! Source text with a name and line offsets, for locations and diagnostics.

use std::sync::Arc;

use ruff_text_size::TextRange;

/// A source file (or string) being parsed.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name it is reported under (a file path, `<stdin>`, `<string>`).
    pub name: Arc<str>,
    /// The text.
    pub text: Arc<str>,
    line_starts: Arc<[u32]>,
}

/// A 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line (1-based).
    pub line: u32,
    /// Column in characters (1-based).
    pub col: u32,
}

impl Source {
    /// A source called `name` with this text.
    pub fn new(name: &str, text: &str) -> Self {
        let mut starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i as u32 + 1);
            }
        }
        Source { name: name.into(), text: text.into(), line_starts: starts.into() }
    }

    /// Line and column of a byte offset.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line] as usize;
        let end = (offset as usize).min(self.text.len());
        let col = self.text.get(start..end).map_or(end - start, |s| s.chars().count());
        LineCol { line: line as u32 + 1, col: col as u32 + 1 }
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: u32) -> &str {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.line_starts.get(i) else { return "" };
        let end = self.line_starts.get(i + 1).map_or(self.text.len(), |&e| e as usize);
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }

    /// The IR span of a byte range.
    pub fn span_of(&self, range: TextRange) -> crate::ir::Span {
        let a = self.line_col(range.start().into());
        let b = self.line_col(range.end().into());
        crate::ir::Span::new(self.name.clone(), a.line, a.col, b.line, b.col)
    }
}
