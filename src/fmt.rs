//! `tvmscript fmt`: each top-level TVMScript definition of a file rewritten to its
//! canonical printed text, the way a formatter for a language with one canonical
//! form works (gofmt, rustfmt): the printer's text is the layout, so any file fmt
//! accepts comes out the same whatever layout it was written in.
//!
//! A definition is rewritten only when its meaning is kept: the new file is parsed
//! again and each rewritten definition must be structurally equal to the one it
//! replaces; one that is not (or that prints its constants as a metadata section)
//! is left as written, with a located warning saying why. In TVM's spelling a
//! PrimFunc with int64 shape symbols takes handle parameters and `T.match_buffer`s
//! (TVM 0.27 prints a module-level `TypeVar` there, which its own parser does not
//! take back), so the rewritten file still runs under TVM. Comments
//! are kept: those between definitions byte for byte with the code around them;
//! inside a definition a trailing comment goes to the end of the line of the
//! printed token that preceded it, a comment on a line of its own before the line
//! of the printed token that followed it; tokens are matched by aligning the
//! source's with the printed ones. Each definition keeps its name and the
//! spelling it is written in (`T.prim_func`/`T.Buffer` or `T.function`/`T.Tensor`,
//! else whichever its tokens match better), or `--syntax`'s.

use std::path::Path;

use ruff_text_size::{Ranged, TextRange, TextSize};
use rustpython_vm::compiler::ast::token::TokenKind;
use rustpython_vm::compiler::ast::{self, Stmt};
use rustpython_vm::compiler::parser;

use crate::ir::{self, ObjectRef};
use crate::printer::{self, PrinterConfig, Syntax};
use crate::script::diagnostics::{self, Diagnostic};
use crate::script::Source;

/// The outcome of formatting one source.
#[derive(Debug, PartialEq, Eq)]
pub struct Formatted {
    /// The new text, `None` when the file is already formatted.
    pub text: Option<String>,
    /// One located warning per definition left as written, saying why.
    pub left: Vec<String>,
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

/// A token as aligned: its kind and its text, a string by its contents (the
/// printer's quotes may differ from the source's), a number by its value.
struct Tok {
    key: String,
    range: TextRange,
}

/// A comment of the source within a definition.
struct Comment {
    range: TextRange,
    /// Code precedes it on its line.
    trailing: bool,
}

/// The tokens of `text` within `range` that carry meaning (no layout, no trailing
/// comma before a closing bracket), and the comments.
fn tokens(text: &str, range: TextRange) -> Result<(Vec<Tok>, Vec<Comment>), String> {
    let parsed = parser::parse_module(text).map_err(|e| e.to_string())?;
    let mut toks: Vec<Tok> = Vec::new();
    let mut comments = Vec::new();
    let mut last_kind = None;
    for t in parsed.tokens().iter() {
        let r = t.range();
        if r.start() < range.start() || r.end() > range.end() {
            continue;
        }
        let kind = t.kind();
        match kind {
            TokenKind::Comment => {
                let start = u32::from(r.start()) as usize;
                let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
                comments.push(Comment { range: r, trailing: !text[line_start..start].trim().is_empty() });
                continue;
            }
            TokenKind::Newline | TokenKind::NonLogicalNewline | TokenKind::Indent | TokenKind::Dedent | TokenKind::EndOfFile => continue,
            TokenKind::Rpar | TokenKind::Rsqb | TokenKind::Rbrace if last_kind == Some(TokenKind::Comma) => {
                toks.pop();
            }
            _ => {}
        }
        last_kind = Some(kind);
        let mut s = &text[r];
        let key = match kind {
            TokenKind::String => {
                s = s.trim_start_matches(['r', 'b', 'u', 'R', 'B', 'U']);
                if s.len() >= 2 {
                    s = &s[1..s.len() - 1];
                }
                format!("s{s}")
            }
            TokenKind::Int | TokenKind::Float => match s.replace('_', "").parse::<f64>() {
                Ok(v) => format!("n{v}"),
                Err(_) => format!("n{s}"),
            },
            _ => format!("{kind:?}{s}"),
        };
        toks.push(Tok { key, range: r });
    }
    Ok((toks, comments))
}

/// The printed text of a definition under `name`, without the header the printer
/// puts above it (`# from tvm.script import tirx as T` and the blank line after),
/// and the imports of that header (`from tvm.script import tirx as T`).
fn printed_body(obj: &ObjectRef, name: &str, syntax: Syntax) -> Result<(String, Vec<String>), String> {
    // A PrimFunc's int64 shape symbols in TVM's spelling: handle parameters and
    // `T.match_buffer`, not TVM's module-level `TypeVar`, which its parser takes in
    // Relax signatures only (the rewritten file must still run under TVM).
    let cfg = PrinterConfig { syntax, name: Some(name.to_string()), ..Default::default() }
        .with_extra(crate::dialects::tirx::printer::function::MATCH_BUFFER_PARAMS, ir::Value::Bool(true));
    let text = printer::script(obj, &cfg).map_err(|e| format!("it cannot be printed: {e}"))?;
    let mut rest = text.as_str();
    let mut imports = Vec::new();
    while let Some(line) = rest.lines().next() {
        if line.starts_with("# from ") || line.starts_with("# import ") || line.is_empty() {
            if !line.is_empty() {
                imports.push(line[2..].to_string());
            }
            rest = &rest[(line.len() + 1).min(rest.len())..];
        } else {
            break;
        }
    }
    Ok((rest.trim_end().to_string(), imports))
}

/// The name an import statement binds (`from a import b as C`: `C`; `import tvm`: `tvm`).
fn bound_name(import: &str) -> &str {
    match import.rsplit_once(" as ") {
        Some((_, n)) => n.trim(),
        None => import.rsplit([' ', ',']).next().unwrap_or("").split('.').next().unwrap_or(""),
    }
}

/// The names the file binds at its top level (imports, assignments, definitions),
/// and the end of its last top-level import before `before` (where an import goes).
fn top_level_names(text: &str, before: TextSize) -> (std::collections::HashSet<String>, Option<TextSize>) {
    let mut names = std::collections::HashSet::new();
    let mut last_import = None;
    let Ok(parsed) = parser::parse_module(text) else { return (names, None) };
    for stmt in &parsed.syntax().body {
        match stmt {
            Stmt::Import(i) => {
                for a in &i.names {
                    names.insert(a.asname.as_ref().map_or_else(|| a.name.as_str().split('.').next().unwrap_or("").to_string(), |n| n.to_string()));
                }
            }
            Stmt::ImportFrom(i) => {
                for a in &i.names {
                    names.insert(a.asname.as_ref().unwrap_or(&a.name).to_string());
                }
            }
            Stmt::Assign(a) => {
                for t in &a.targets {
                    if let ast::Expr::Name(n) = t {
                        names.insert(n.id.to_string());
                    }
                }
            }
            Stmt::FunctionDef(f) => {
                names.insert(f.name.to_string());
            }
            Stmt::ClassDef(c) => {
                names.insert(c.name.to_string());
            }
            _ => {}
        }
        if matches!(stmt, Stmt::Import(_) | Stmt::ImportFrom(_)) && stmt.range().end() <= before {
            last_import = Some(stmt.range().end());
        }
    }
    (names, last_import)
}

/// For each source token, the printed token it aligns with: a diff of the keys,
/// function by function (the printer orders a module's functions by name, so one
/// diff over the whole class would match a function's tokens with another's).
fn align(ours: &[Tok], theirs: &[Tok]) -> Vec<Option<usize>> {
    // Where each `def NAME` starts; a name found once on each side is a segment.
    let starts = |toks: &[Tok]| -> Vec<(String, usize)> {
        let mut v = vec![(String::new(), 0)];
        for i in 1..toks.len() {
            if toks[i - 1].key == "Defdef" && toks[i].key.starts_with("Name") {
                v.push((toks[i].key.clone(), i - 1));
            }
        }
        v
    };
    let (a, b) = (starts(ours), starts(theirs));
    let once = |v: &[(String, usize)], n: &str| v.iter().filter(|x| x.0 == n).count() == 1;
    let keep = |v: &[(String, usize)], other: &[(String, usize)]| -> Vec<(String, usize)> {
        v.iter().filter(|x| x.0.is_empty() || (once(v, &x.0) && once(other, &x.0))).cloned().collect()
    };
    let (a, b) = (keep(&a, &b), keep(&b, &a));
    let range_of = |v: &[(String, usize)], k: usize, len: usize| v[k].1..v.get(k + 1).map_or(len, |x| x.1);
    let mut map = vec![None; ours.len()];
    for (k, (name, _)) in a.iter().enumerate() {
        let Some(kb) = b.iter().position(|x| x.0 == *name) else { continue };
        let (ra, rb) = (range_of(&a, k, ours.len()), range_of(&b, kb, theirs.len()));
        let x: Vec<&str> = ours[ra.clone()].iter().map(|t| t.key.as_str()).collect();
        let y: Vec<&str> = theirs[rb.clone()].iter().map(|t| t.key.as_str()).collect();
        for op in similar::capture_diff_slices(similar::Algorithm::Myers, &x, &y) {
            if let similar::DiffOp::Equal { old_index, new_index, len } = op {
                for i in 0..len {
                    map[ra.start + old_index + i] = Some(rb.start + new_index + i);
                }
            }
        }
    }
    map
}

/// `printed` with the source's comments of the definition put back: each after the
/// printed token aligned with the last source token before it that has one.
fn with_comments(source: &Source, ours: &[Tok], comments: &[Comment], printed: &str) -> Result<String, String> {
    if comments.is_empty() {
        return Ok(printed.to_string());
    }
    let whole = TextRange::up_to(TextSize::from(printed.len() as u32));
    let (theirs, _) = tokens(printed, whole)?;
    let map = align(ours, &theirs);
    let lines: Vec<&str> = printed.split('\n').collect();
    let line_of = |offset: usize| printed[..offset].matches('\n').count();
    // Per printed line: comments appended to it, comment lines after it (line
    // `usize::MAX` stands for "before the first line").
    let mut trailing: Vec<Vec<&str>> = vec![Vec::new(); lines.len()];
    let mut after: Vec<Vec<&str>> = vec![Vec::new(); lines.len()];
    let mut before_first: Vec<&str> = Vec::new();
    // Per printed line: comment lines before it (a comment on a line of its own
    // belongs to the code after it).
    let mut before: Vec<Vec<&str>> = vec![Vec::new(); lines.len()];
    // Comment lines the printer writes itself (`# with T.sblock("root"):`): a source
    // comment that is one of them was written by an earlier run, and is not repeated.
    let mut printed_comments: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for l in &lines {
        if l.trim_start().starts_with('#') {
            *printed_comments.entry(l.trim()).or_default() += 1;
        }
    }
    for c in comments {
        let text = source.text[c.range].trim_end();
        if !c.trailing && let Some(n) = printed_comments.get_mut(text.trim()).filter(|n| **n > 0) {
            *n -= 1;
            continue;
        }
        if !c.trailing {
            let next = ours.iter().enumerate().filter(|(_, t)| t.range.start() >= c.range.end()).find_map(|(i, _)| map[i]);
            if let Some(j) = next {
                before[line_of(u32::from(theirs[j].range.start()) as usize)].push(text);
                continue;
            }
        }
        let anchor = ours.iter().enumerate().rev().filter(|(_, t)| t.range.end() <= c.range.start()).find_map(|(i, _)| map[i]);
        match anchor {
            None => before_first.push(text),
            Some(j) => {
                let line = line_of(u32::from(theirs[j].range.start()) as usize);
                if c.trailing {
                    trailing[line].push(text);
                } else {
                    after[line].push(text);
                }
            }
        }
    }
    let indent_of = |i: usize| lines.get(i).map_or("", |l| &l[..l.len() - l.trim_start().len()]);
    let mut out = String::with_capacity(printed.len() + 256);
    for c in &before_first {
        out.push_str(indent_of(0));
        out.push_str(c);
        out.push('\n');
    }
    for (i, line) in lines.iter().enumerate() {
        for c in &before[i] {
            out.push_str(indent_of(i));
            out.push_str(c);
            out.push('\n');
        }
        out.push_str(line);
        for c in &trailing[i] {
            out.push_str("  ");
            out.push_str(c);
        }
        out.push('\n');
        // A comment line takes the indentation of the code line it precedes.
        let indent = lines[i + 1..].iter().position(|l| !l.trim().is_empty()).map_or(indent_of(i), |k| indent_of(i + 1 + k));
        for c in &after[i] {
            out.push_str(indent);
            out.push_str(c);
            out.push('\n');
        }
    }
    out.pop();
    Ok(out)
}

/// A located warning about `region` (at its name's line).
fn warning(source: &Source, region: &Region, message: String) -> String {
    let start = u32::from(region.range.start()) as usize;
    let line_end = source.text[start..].find('\n').map_or(source.text.len(), |i| start + i);
    let d = Diagnostic {
        kind: "FormatWarning".into(),
        message: format!("`{}` is left as written: {message}", region.name),
        file: source.name.to_string(),
        start,
        end: line_end.max(start + 1),
        notes: vec![],
    };
    // A warning, not an error: the file is still formatted around it.
    d.render(&source.text, diagnostics::diagnostic_color()).replacen("error", "warning", 1)
}

/// The spelling a definition is plainly written in: a word only TVM's spelling has
/// (`T.prim_func`, `T.Buffer`, `T.handle`, `T.match_buffer`) or only the native one
/// (`T.function`, `T.Tensor`); `None` when it has neither or both (its tokens decide).
fn written_spelling(text: &str) -> Option<Syntax> {
    let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
    let tvm = has(&["T.prim_func", "T.Buffer(", "T.handle", "T.match_buffer("]);
    let native = has(&["T.function", "T.Tensor("]);
    match (tvm, native) {
        (true, false) => Some(Syntax::Tvm),
        (false, true) => Some(Syntax::Native),
        _ => None,
    }
}

/// The canonical text of one definition with its comments, in the spelling its
/// tokens match better (or `syntax`).
fn rewrite(source: &Source, region: &Region, obj: &ObjectRef, syntax: Option<Syntax>) -> Result<(String, Vec<String>), String> {
    let (ours, comments) = tokens(&source.text, region.range)?;
    let spellings: &[Syntax] = match syntax.or_else(|| written_spelling(&source.text[region.range])) {
        Some(s) => &[s][..],
        None => &[Syntax::Tvm, Syntax::Native][..],
    };
    let mut best: Option<(usize, (String, Vec<String>), Syntax)> = None;
    for &s in spellings {
        let (printed, imports) = printed_body(obj, &region.name, s)?;
        let score = if spellings.len() == 1 {
            0
        } else {
            let (theirs, _) = tokens(&printed, TextRange::up_to(TextSize::from(printed.len() as u32)))?;
            align(&ours, &theirs).iter().filter(|m| m.is_some()).count()
        };
        if best.as_ref().is_none_or(|(b, _, _)| score > *b) {
            best = Some((score, (printed, imports), s));
        }
    }
    let (_, (printed, imports), _) = best.expect("a spelling was printed");
    if printed.contains("metadata[") {
        return Err("its constants print as a metadata section (`tvmscript print` shows it)".into());
    }
    // The imports the printed text uses (`I.`, `TypeVar(`).
    let used = imports.into_iter().filter(|i| {
        let n = bound_name(i);
        !n.is_empty() && (printed.contains(&format!("{n}.")) || printed.contains(&format!("{n}(")))
    });
    Ok((with_comments(source, &ours, comments.as_slice(), &printed)?, used.collect()))
}

/// The text of `source` with the definitions marked in `take` replaced by theirs.
/// With the imports the taken definitions need that the file lacks, added after
/// its last import before the first definition.
fn assemble(source: &Source, regions: &[Region], new: &[Option<(String, Vec<String>)>], take: &[bool]) -> String {
    let mut out = String::with_capacity(source.text.len() + 1024);
    let mut at = 0usize;
    let first = regions.first().map_or(TextSize::from(0), |r| r.range.start());
    let (names, last_import) = top_level_names(&source.text, first);
    let mut missing: Vec<&str> = Vec::new();
    for (n, t) in new.iter().zip(take) {
        if let (Some((_, imports)), true) = (n, t) {
            for i in imports {
                if !names.contains(bound_name(i)) && !missing.contains(&i.as_str()) {
                    missing.push(i);
                }
            }
        }
    }
    if !missing.is_empty() {
        let pos = last_import.map_or(0, |e| u32::from(e) as usize);
        let pos = if pos == 0 { 0 } else { source.text[pos..].find('\n').map_or(source.text.len(), |i| pos + i + 1) };
        out.push_str(&source.text[..pos]);
        if pos > 0 && !source.text[..pos].ends_with('\n') {
            out.push('\n');
        }
        for i in &missing {
            out.push_str(i);
            out.push('\n');
        }
        at = pos;
    }
    for (i, region) in regions.iter().enumerate() {
        let (Some((text, _)), true) = (&new[i], take[i]) else { continue };
        let start = u32::from(region.range.start()) as usize;
        let before = &source.text[at..start];
        out.push_str(before);
        out.push_str(&without_kept_statements(text, before));
        at = u32::from(region.range.end()) as usize;
    }
    out.push_str(&source.text[at..]);
    out
}

/// The printed text of a definition without the top-level statements it starts with
/// (`rows = TypeVar("rows")`) that the code before it already holds as lines, so a
/// second run leaves the file as the first made it.
fn without_kept_statements(text: &str, before: &str) -> String {
    let kept: std::collections::HashSet<&str> = before.lines().map(str::trim_end).collect();
    let mut lines = text.split_inclusive('\n').peekable();
    let mut out = String::with_capacity(text.len());
    while let Some(line) = lines.next_if(|l| !l.starts_with('@') && !l.starts_with("def ") && !l.starts_with("class ")) {
        if !kept.contains(line.trim_end()) {
            out.push_str(line);
        }
    }
    out.extend(lines);
    out
}

/// Which definitions of `candidate` (re-parsed by `reparse`) differ from `defs`
/// (by name, in order): `Err` when the candidate does not parse.
fn mismatches(
    candidate: &Source,
    defs: &[(String, ObjectRef)],
    reparse: &mut dyn FnMut(&Source) -> Result<Vec<(String, ObjectRef)>, String>,
) -> Result<Vec<(String, String)>, String> {
    let again = reparse(candidate)?;
    if again.len() != defs.len() {
        return Err(format!("the formatted file defines {} objects, the file {}", again.len(), defs.len()));
    }
    let mut out = Vec::new();
    for ((name, a), (name2, b)) in defs.iter().zip(&again) {
        if name != name2 {
            out.push((name.clone(), format!("the formatted file binds `{name2}` in its place")));
        } else if let Some((pa, pb)) = ir::get_first_structural_mismatch(a, b, true) {
            out.push((name.clone(), format!("its printed text parses to different IR (structural mismatch at lhs {pa}, rhs {pb})")));
        }
    }
    Ok(out)
}

/// Format `source`, whose definitions (`defs`, by the names they are bound to) were
/// parsed from it; `reparse` parses a candidate text the same way, to check that
/// each rewritten definition parses back to the same IR. `syntax`: the spelling
/// to write; `None` keeps the spelling each definition is written in.
pub fn format_source(
    source: &Source,
    defs: &[(String, ObjectRef)],
    syntax: Option<Syntax>,
    reparse: &mut dyn FnMut(&Source) -> Result<Vec<(String, ObjectRef)>, String>,
) -> Result<Formatted, String> {
    let names: Vec<&str> = defs.iter().map(|(n, _)| n.as_str()).collect();
    let regions = regions(source, &names)?;
    let mut left = Vec::new();
    let mut new: Vec<Option<(String, Vec<String>)>> = Vec::with_capacity(regions.len());
    for region in &regions {
        let obj = &defs.iter().find(|(n, _)| *n == region.name).expect("regions are of named definitions").1;
        match rewrite(source, region, obj, syntax) {
            Ok(text) => new.push(Some(text)),
            Err(why) => {
                left.push(warning(source, region, why));
                new.push(None);
            }
        }
    }
    let mut take: Vec<bool> = new.iter().map(Option::is_some).collect();
    let unchanged = |take: &[bool]| regions.iter().zip(&new).zip(take).all(|((r, n), t)| !*t || n.as_ref().map(|(t, _)| t.as_str()) == Some(&source.text[r.range]));
    if !unchanged(&take) {
        let candidate = Source::new(&source.name, &assemble(source, &regions, &new, &take));
        match mismatches(&candidate, defs, reparse) {
            Ok(bad) if bad.is_empty() => {}
            all => {
                // Find the culprits one definition at a time, each on top of those kept.
                let _ = all;
                let mut kept = vec![false; regions.len()];
                for i in 0..regions.len() {
                    if !take[i] {
                        continue;
                    }
                    kept[i] = true;
                    let candidate = Source::new(&source.name, &assemble(source, &regions, &new, &kept));
                    let why = match mismatches(&candidate, defs, reparse) {
                        Ok(bad) => bad.into_iter().find(|(n, _)| *n == regions[i].name).map(|(_, w)| w),
                        Err(e) => Some(format!("its printed text does not parse back: {}", e.lines().next().unwrap_or(""))),
                    };
                    if let Some(why) = why {
                        kept[i] = false;
                        left.push(warning(source, &regions[i], why));
                    }
                }
                take = kept;
            }
        }
    }
    if unchanged(&take) {
        return Ok(Formatted { text: None, left });
    }
    let mut out = assemble(source, &regions, &new, &take);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(Formatted { text: (*out != *source.text).then_some(out), left })
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
