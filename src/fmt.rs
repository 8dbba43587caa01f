//! `tvmscript fmt`: each top-level TVMScript definition of a file replaced by its
//! printed text, where that changes only layout. The printed text of a definition
//! is the canonical text of its IR, so formatting never changes meaning; what it
//! could lose is what the printer does not keep: comments inside a definition and
//! sugar (`for i in range(8)` where the printer writes `T.serial`, a helper call it
//! expands). So a definition is formatted only when its tokens, layout aside, are
//! the printed text's; otherwise the file is left as it is, with a located message
//! at the first token that would change. Code around the definitions (imports,
//! helpers, comments between definitions) is kept byte for byte.

use std::path::Path;

use ruff_text_size::{Ranged, TextRange, TextSize};
use rustpython_vm::compiler::ast::token::TokenKind;
use rustpython_vm::compiler::ast::{self, Stmt};
use rustpython_vm::compiler::parser;

use crate::ir::ObjectRef;
use crate::printer::{self, PrinterConfig, Syntax};
use crate::script::diagnostics::{self, Diagnostic};
use crate::script::Source;

/// The outcome of formatting one source.
#[derive(Debug, PartialEq, Eq)]
pub enum Formatted {
    /// Already formatted.
    Unchanged,
    /// The new text.
    Changed(String),
}

/// A definition's place in the file: from its first decorator's line to its end.
struct Region {
    name: String,
    range: TextRange,
}

/// Top-level `def`/`class` statements bound to a definition.
fn regions(source: &Source, names: &[&str]) -> Result<Vec<Region>, String> {
    let parsed = parser::parse_module(&source.text).map_err(|e| format!("{}: error: {e}", source.name))?;
    let mut out = Vec::new();
    for stmt in &parsed.syntax().body {
        let (name, decorators, range) = match stmt {
            Stmt::FunctionDef(f) => (f.name.as_str(), &f.decorator_list, f.range()),
            Stmt::ClassDef(c) => (c.name.as_str(), &c.decorator_list, c.range()),
            _ => continue,
        };
        if !names.contains(&name) || decorators.is_empty() {
            continue;
        }
        let start = decorators.iter().map(|d: &ast::Decorator| d.range().start()).min().unwrap_or(range.start());
        // From the start of the first decorator's line (its `@`).
        let line_start = source.text[..u32::from(start) as usize].rfind('\n').map_or(0, |i| i + 1);
        out.push(Region { name: name.to_string(), range: TextRange::new(TextSize::from(line_start as u32), range.end()) });
    }
    Ok(out)
}

/// A token as compared: its kind and its text, a string by its contents (the
/// printer's quotes may differ from the source's).
#[derive(Debug, PartialEq, Eq)]
struct Tok<'a> {
    kind: TokenKind,
    text: &'a str,
    range: TextRange,
}

impl Tok<'_> {
    /// The same token, a number by its value (`T.float32(1)` prints `1.0`).
    fn same(&self, other: &Tok<'_>) -> bool {
        let number = |t: &Tok<'_>| matches!(t.kind, TokenKind::Int | TokenKind::Float).then(|| t.text.replace('_', "").parse::<f64>().ok()).flatten();
        match (number(self), number(other)) {
            (Some(a), Some(b)) => a == b,
            _ => self.kind == other.kind && self.text == other.text,
        }
    }
}

/// The tokens of `text` within `range` that carry meaning: no layout (newlines,
/// indentation), no trailing comma before a closing bracket.
fn meaningful(text: &str, range: TextRange) -> Result<(Vec<Tok<'_>>, Option<TextRange>), String> {
    let parsed = parser::parse_module(text).map_err(|e| e.to_string())?;
    let mut toks: Vec<Tok<'_>> = Vec::new();
    let mut comment = None;
    for t in parsed.tokens().iter() {
        let r = t.range();
        if r.start() < range.start() || r.end() > range.end() {
            continue;
        }
        let kind = t.kind();
        match kind {
            TokenKind::Comment => {
                comment.get_or_insert(r);
                continue;
            }
            TokenKind::Newline | TokenKind::NonLogicalNewline | TokenKind::Indent | TokenKind::Dedent | TokenKind::EndOfFile => continue,
            TokenKind::Rpar | TokenKind::Rsqb | TokenKind::Rbrace if toks.last().is_some_and(|p| p.kind == TokenKind::Comma) => {
                toks.pop();
            }
            _ => {}
        }
        let mut s = &text[r];
        if kind == TokenKind::String {
            s = s.trim_start_matches(['r', 'b', 'u', 'R', 'B', 'U']);
            if s.len() >= 2 {
                s = &s[1..s.len() - 1];
            }
        }
        toks.push(Tok { kind, text: s, range: r });
    }
    Ok((toks, comment))
}

/// The printed text of a definition without the header the printer puts above it
/// (`# from tvm.script import tirx as T` and the blank line after).
fn printed_body(obj: &ObjectRef, syntax: Syntax) -> Result<String, String> {
    let cfg = PrinterConfig { syntax, ..Default::default() };
    let text = printer::script(obj, &cfg).map_err(|e| format!("cannot print: {e}"))?;
    let mut rest = text.as_str();
    while let Some(line) = rest.lines().next() {
        if line.starts_with("# from ") || line.starts_with("# import ") || line.is_empty() {
            rest = &rest[(line.len() + 1).min(rest.len())..];
        } else {
            break;
        }
    }
    Ok(rest.trim_end().to_string())
}

/// Why a definition cannot be formatted: a located diagnostic.
fn refusal(source: &Source, at: TextRange, message: String, note: String) -> String {
    let start = u32::from(at.start()) as usize;
    let end = u32::from(at.end()) as usize;
    let d = Diagnostic { kind: "FormatError".into(), message, file: source.name.to_string(), start, end: end.max(start + 1), notes: vec![note] };
    d.render(&source.text, diagnostics::diagnostic_color())
}

/// Compare one definition's tokens with its printed text in `syntax`: `Ok` when only
/// layout differs, else the first source token that differs and what is printed there.
fn compare(source: &Source, region: &Region, printed: &str) -> Result<(), (TextRange, String)> {
    let (ours, _) = meaningful(&source.text, region.range).map_err(|e| (region.range, e))?;
    let (theirs, _) = meaningful(printed, TextRange::up_to(TextSize::from(printed.len() as u32))).map_err(|e| (region.range, e))?;
    for (i, a) in ours.iter().enumerate() {
        match theirs.get(i) {
            Some(b) if a.same(b) => {}
            Some(b) => return Err((a.range, printed_line(printed, b.range))),
            None => return Err((a.range, String::new())),
        }
    }
    match theirs.get(ours.len()) {
        Some(b) => Err((ours.last().map_or(region.range, |t| t.range), printed_line(printed, b.range))),
        None => Ok(()),
    }
}

fn printed_line(printed: &str, at: TextRange) -> String {
    let start = u32::from(at.start()) as usize;
    let line_start = printed[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = printed[start..].find('\n').map_or(printed.len(), |i| start + i);
    printed[line_start..line_end].trim().to_string()
}

/// Format `source`, whose definitions (`defs`, by the names they are bound to) were
/// parsed from it. `syntax`: the spelling to write; `None` keeps the spelling each
/// definition is written in (the first of native, TVM's whose tokens match).
pub fn format_source(source: &Source, defs: &[(String, ObjectRef)], syntax: Option<Syntax>) -> Result<Formatted, String> {
    let names: Vec<&str> = defs.iter().map(|(n, _)| n.as_str()).collect();
    let regions = regions(source, &names)?;
    if regions.is_empty() {
        return Err(format!("{}: error: no top-level TVMScript definition to format", source.name));
    }
    let spellings: &[Syntax] = match syntax {
        Some(s) => &[s][..],
        None => &[Syntax::Native, Syntax::Tvm][..],
    };
    let mut out = String::with_capacity(source.text.len());
    let mut at = 0usize;
    for region in &regions {
        let (_, comment) = meaningful(&source.text, region.range).map_err(|e| format!("{}: error: {e}", source.name))?;
        if let Some(c) = comment {
            return Err(refusal(
                source,
                c,
                format!("fmt would drop this comment: printing `{}` keeps no comments", region.name),
                "fmt leaves the file as it is; move the comment above the definition to format it".into(),
            ));
        }
        let obj = &defs.iter().find(|(n, _)| *n == region.name).expect("regions are of named definitions").1;
        let mut first_mismatch: Option<(TextRange, String)> = None;
        let mut chosen = None;
        for &s in spellings {
            let printed = printed_body(obj, s).map_err(|e| format!("{}: error: {e}", source.name))?;
            match compare(source, region, &printed) {
                Ok(()) => {
                    chosen = Some(printed);
                    break;
                }
                // The spelling that agrees longest explains the difference best.
                Err(m) if first_mismatch.as_ref().is_none_or(|f| m.0.start() > f.0.start()) => first_mismatch = Some(m),
                Err(_) => {}
            }
        }
        let Some(printed) = chosen else {
            let (range, line) = first_mismatch.expect("a spelling was compared");
            let note = if line.is_empty() {
                "the printed text ends before this".to_string()
            } else {
                format!("printed here: `{line}`")
            };
            return Err(refusal(
                source,
                range,
                format!("fmt would change more than layout in `{}` (the printer writes this differently)", region.name),
                format!("{note}; fmt leaves the file as it is (`tvmscript print` shows the canonical text)"),
            ));
        };
        let start = u32::from(region.range.start()) as usize;
        out.push_str(&source.text[at..start]);
        out.push_str(&printed);
        at = u32::from(region.range.end()) as usize;
    }
    out.push_str(&source.text[at..]);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(if *out == *source.text { Formatted::Unchanged } else { Formatted::Changed(out) })
}

/// Replace `path`'s contents with `text` atomically: written to a temporary file in
/// the same folder, then renamed over it (keeping its permissions), so a failure
/// leaves the old file whole.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A unified diff of `old` and `new` under `name`.
pub fn unified_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new).unified_diff().context_radius(3).header(name, name).to_string()
}
