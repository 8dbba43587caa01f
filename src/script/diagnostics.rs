//! Located diagnostics: `file:line:col`, the source line and a caret underline,
//! rendered with codespan-reporting; and the location of a Python exception raised
//! while running a source.
//!
//! Rendering shows exactly one source line, whatever the input: a label is cut to
//! the line it starts on, a very long line is cut to a window around the label
//! (the header keeps the real column), and control characters are shown as
//! visible symbols, so a binary or minified file cannot flood the terminal.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Config};
use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::{AsObject, PyObjectRef, TryFromObject, VirtualMachine};

use super::source::Source;

/// A message about a range of a source.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// The error class (`SyntaxError`, `TypeError` …).
    pub kind: String,
    /// The message, without the kind.
    pub message: String,
    /// The source's name.
    pub file: String,
    /// Byte range in `text`.
    pub start: usize,
    /// End of the byte range in `text`.
    pub end: usize,
    /// Further lines of the message (a well-formedness error's reason), shown as notes.
    pub notes: Vec<String>,
}

/// Lines longer than this many characters are shown as a window around the label.
const MAX_SHOWN_CHARS: usize = 160;
/// Characters kept before the label start in a window.
const WINDOW_LEAD: usize = 60;
/// Messages are cut to this many characters (a repr of a huge value can be megabytes).
const MAX_MESSAGE_CHARS: usize = 2000;

impl Diagnostic {
    /// Render with a header `file:line:col: kind: message`, the line and carets.
    pub fn render(&self, text: &str, color: bool) -> String {
        let view = LineView::new(&self.file, text, self.start, self.end);
        let diag = CsDiagnostic::error()
            .with_message(format!("{}: {}", self.kind, clean_message(&self.message)))
            .with_labels(vec![Label::primary((), view.label.clone())])
            .with_notes(self.notes.iter().map(|n| clean_message(n)).collect());
        let mut buf = if color { term::termcolor::Buffer::ansi() } else { term::termcolor::Buffer::no_color() };
        match term::emit(&mut buf, &Config::default(), &view, &diag) {
            Ok(()) => String::from_utf8_lossy(buf.as_slice()).into_owned(),
            // Not expected; still say where and what.
            Err(_) => {
                let lc = Source::new(&self.file, text).line_col(self.start.min(text.len()) as u32);
                format!("{}:{}:{}: {}: {}\n", self.file, lc.line, lc.col, self.kind, clean_message(&self.message))
            }
        }
    }
}

/// A message made safe to print: control characters escaped (a NUL byte in a
/// source can end up in a parser message), very long messages cut.
pub fn clean_message(msg: &str) -> String {
    let mut out = String::new();
    for (n, c) in msg.chars().enumerate() {
        if n == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() && c != '\n' && c != '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The one line codespan shows, as a [`Files`] whose line and column numbers are
/// those of the real source.
struct LineView<'a> {
    name: &'a str,
    line_index: usize,
    /// The shown text of the line (window, visible control characters).
    text: String,
    /// Real column (0-based, in chars) of the first shown char, minus the chars of
    /// the leading ellipsis.
    col_shift: isize,
    /// The label, in bytes of `text`.
    label: Range<usize>,
}

impl<'a> LineView<'a> {
    fn new(name: &'a str, text: &str, start: usize, end: usize) -> Self {
        let start = floor_char_boundary(text, start.min(text.len()));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = text[line_start..line_end].trim_end_matches('\r');
        let end = floor_char_boundary(text, end.clamp(start, line_start + line.len()));
        let line_index = text[..line_start].bytes().filter(|&b| b == b'\n').count();

        let chars: Vec<char> = line.chars().collect();
        let label_start = text[line_start..start].chars().count().min(chars.len());
        let label_end = text[line_start..end].chars().count().clamp(label_start, chars.len());
        let (from, to) = if chars.len() > MAX_SHOWN_CHARS {
            let from = label_start.saturating_sub(WINDOW_LEAD);
            (from, (from + MAX_SHOWN_CHARS).min(chars.len()))
        } else {
            (0, chars.len())
        };
        let mut shown = String::new();
        let lead = usize::from(from > 0);
        if from > 0 {
            shown.push('…');
        }
        let mut label = 0..0;
        for (i, &c) in chars.iter().enumerate().take(to).skip(from) {
            if i == label_start {
                label.start = shown.len();
            }
            if i == label_end {
                label.end = shown.len();
            }
            shown.push(visible(c));
        }
        if label_start >= to {
            label.start = shown.len();
        }
        if label_end >= to {
            label.end = shown.len();
        }
        label.end = label.end.max(label.start);
        if to < chars.len() {
            shown.push('…');
        }
        LineView { name, line_index, text: shown, col_shift: from as isize - lead as isize, label }
    }
}

/// A character as shown in a source excerpt: control characters (NUL, escape
/// sequences, bidirectional overrides) become visible symbols.
fn visible(c: char) -> char {
    match c {
        '\t' => ' ',
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' => '\u{fffd}',
        c if c.is_control() => '\u{fffd}',
        c => c,
    }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl<'a> Files<'a> for LineView<'_> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, FilesError> {
        Ok(&self.text)
    }

    fn line_index(&'a self, (): (), _byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.line_index)
    }

    fn column_number(&'a self, (): (), _line_index: usize, byte_index: usize) -> Result<usize, FilesError> {
        let shown = self.text.get(..byte_index.min(self.text.len())).map_or(0, |s| s.chars().count());
        Ok((shown as isize + self.col_shift).max(0) as usize + 1)
    }

    fn line_range(&'a self, (): (), line_index: usize) -> Result<Range<usize>, FilesError> {
        if line_index == self.line_index {
            Ok(0..self.text.len())
        } else {
            Err(FilesError::LineTooLarge { given: line_index, max: self.line_index })
        }
    }
}

/// The byte offset of a 1-based line and 1-based column (in chars); past-the-end
/// columns and lines are clamped to the end of the line and of the text.
pub fn offset_at(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0usize;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let body = l.trim_end_matches(['\n', '\r']);
            return off + body.char_indices().nth(col.saturating_sub(1)).map_or(body.len(), |(b, _)| b);
        }
        off += l.len();
    }
    text.len()
}

static DIAGNOSTIC_COLOR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the commands' located diagnostics are coloured (`--color`; off
/// unless a command turns it on, so never in an embedding's `Error`).
pub fn set_diagnostic_color(on: bool) {
    DIAGNOSTIC_COLOR.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// See [`set_diagnostic_color`].
pub fn diagnostic_color() -> bool {
    DIAGNOSTIC_COLOR.load(std::sync::atomic::Ordering::Relaxed)
}

/// Where in `source` an exception belongs, and its message: a `SyntaxError`'s own
/// location, a `file:line:col: ` prefix an IR error put in the message, or the
/// innermost traceback entry in the source (its exact expression range).
/// `None` when nothing points into the source.
pub fn exception_diagnostic(vm: &VirtualMachine, exc: &PyBaseExceptionRef, source: &Source) -> Option<Diagnostic> {
    let kind = exc.class().name().to_string();
    let obj = exc.as_object();
    let int_attr = |name: &'static str| obj.get_attr(name, vm).ok().and_then(|o| usize::try_from_object(vm, o).ok());
    let text = &*source.text;
    let is_syntax = obj.fast_isinstance(vm.ctx.exceptions.syntax_error);
    // A SyntaxError's `str` appends "(file, line N)"; its `msg` is the message proper.
    let full = if is_syntax {
        obj.get_attr("msg", vm).ok().and_then(|m| m.str(vm).ok()).map(|s| s.to_string())
    } else {
        None
    }
    .or_else(|| obj.str(vm).ok().map(|s| s.to_string()))
    .unwrap_or_default();
    let mut message = full.split('\n').next().unwrap_or("").to_string();
    // A name TVM 0.27 renamed gets its new name (rather than Python's guess: for
    // `from tvm.script import tir` that would be 'ir'). Otherwise, as Python's
    // traceback adds "Did you mean" to a NameError or AttributeError, so does the
    // diagnostic.
    if let Some(hint) = crate::renames::message_hint(&message) {
        message.push_str(&hint);
    } else if let Some(suggestion) = rustpython_vm::suggestion::offer_suggestions(exc, vm) {
        message.push_str(&format!(". Did you mean: '{suggestion}'?"));
    }
    // A multi-line message (TVM's "Program is not well-formed." then the reason)
    // keeps its other lines as notes; a long tail is cut.
    let notes: Vec<String> = full.split('\n').skip(1).map(str::trim_end).filter(|l| !l.trim().is_empty()).take(8).map(str::to_string).collect();
    let at = |start: usize, end: usize, message: String| Diagnostic {
        kind: kind.clone(),
        message: message.strip_prefix("error: ").map(str::to_string).unwrap_or(message),
        file: source.name.to_string(),
        start,
        end: end.max(start),
        notes: notes.clone(),
    };

    if is_syntax
        && let Some(line) = int_attr("lineno").filter(|&l| l > 0)
    {
        let same_file = obj.get_attr("filename", vm).ok().and_then(|f| f.str(vm).ok()).is_none_or(|f| f.to_string() == *source.name);
        if same_file {
            let col = int_attr("offset").unwrap_or(1).max(1);
            let start = offset_at(text, line, col);
            let end = match (int_attr("end_lineno"), int_attr("end_offset")) {
                (Some(l), Some(c)) if l > 0 && c > 0 => offset_at(text, l, c),
                _ => start,
            };
            return Some(at(start, end, message));
        }
    }

    // A check over finished IR located the problem (`ir::EXCEPTION_SPAN_ATTR`): the
    // innermost part in this source.
    if let Ok(parts) = obj.get_attr(crate::ir::EXCEPTION_SPAN_ATTR, vm)
        && let Ok(parts) = Vec::<PyObjectRef>::try_from_object(vm, parts)
    {
        let located = parts.into_iter().rev().find_map(|p| {
            let items = Vec::<PyObjectRef>::try_from_object(vm, p).ok()?;
            let [file, l, c, el, ec] = <[PyObjectRef; 5]>::try_from(items).ok()?;
            let n = |o: PyObjectRef| usize::try_from_object(vm, o).ok();
            (String::try_from_object(vm, file).ok()? == *source.name).then_some((n(l)?, n(c)?, n(el)?, n(ec)?))
        });
        if let Some((l, c, el, ec)) = located {
            return Some(at(offset_at(text, l, c), offset_at(text, el, ec), message));
        }
    }

    // An IR error located in this source names it first: "file:line:col: message".
    if let Some(rest) = message.strip_prefix(&format!("{}:", source.name)) {
        let mut parts = rest.splitn(3, ':');
        if let (Some(l), Some(c), Some(m)) = (parts.next(), parts.next(), parts.next())
            && let (Ok(l), Ok(c)) = (l.parse::<usize>(), c.parse::<usize>())
        {
            let start = offset_at(text, l, c);
            message = m.trim_start().to_string();
            return Some(at(start, start, message));
        }
    }

    // The innermost traceback entry in this source.
    let mut found = None;
    let mut tb = exc.__traceback__();
    while let Some(t) = tb {
        let code = &t.frame.code;
        if code.source_path().as_str() == &*source.name {
            let range = code.locations.get(t.lasti as usize / 2).map(|(a, b)| {
                let start = offset_at(text, a.line.get(), a.character_offset.get());
                let end = if b.line == a.line { offset_at(text, b.line.get(), b.character_offset.get()) } else { start };
                (start, end)
            });
            found = Some(range.unwrap_or_else(|| {
                // No position table entry: the whole line, from its indentation.
                let line = t.lineno.get();
                let start = offset_at(text, line, 1);
                let body = source.line_text(line as u32);
                (start + (body.len() - body.trim_start().len()), start + body.len())
            }));
        }
        tb = t.next.lock().clone();
    }
    let (start, mut end) = found?;
    if end <= start {
        // A point (some positions carry no end): the rest of the line.
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        end = start + text[start..line_end].trim_end().len();
    }
    Some(at(start, end, message))
}
