//! A large source parsed and transpiled on two threads.
//!
//! A TVMScript file is mostly one class: an `@I.ir_module` whose body is a long
//! list of functions. The front end cuts the source between two of those
//! functions near its middle, and a helper thread parses and transpiles the second
//! part while this thread does the first.
//!
//! The second part is parsed as the text `class _:` followed by a comment as long
//! as the first part and then the part itself, so every node gets the byte offsets
//! it has in the whole source, and the parser meets the part's first line in the
//! state the whole parse has there (no open bracket or string, inside a class
//! body at that indentation). Joined, the parts are the tree of the whole source:
//! the cut is used only when the first part parses alone, ending with the class,
//! and the first statement of both parts' class bodies has the same indentation
//! (tests compare joined trees with whole ones). Anything else, an error in
//! either part included, falls back to the whole source on one thread, which
//! reports errors exactly as always.
//!
//! The transpiler first learns the module's scope (aliases, globals) from the
//! joined tree, then each thread rewrites its part; the helper's generated names
//! carry a suffix, so the two never clash.
//!
//! The helper is this thread's worker (`crate::worker`); without one (helper
//! threads not allowed), the whole source is parsed here.

use std::sync::mpsc::{channel, Receiver, Sender};

use ruff_text_size::{Ranged, TextRange, TextSize};
use rustpython_vm::compiler::ast::{ModModule, Stmt};
use rustpython_vm::compiler::parser;

use crate::script::transpile::{self, ClassTail, ModuleScope, SyntaxRestriction};
use crate::script::{nesting, Environment, FrontendError, Source};

/// Source size (bytes) from which the front end runs on two threads.
pub const SPLIT_FROM: usize = 64 * 1024;

fn split_from() -> usize {
    #[cfg(test)]
    if let Some(t) = tests::SPLIT_FROM.with(|t| t.get()) {
        return t;
    }
    SPLIT_FROM
}

/// What the second part is parsed under: a class header and the start of a comment
/// that covers the rest of the first part's bytes.
const WRAPPER: &str = "class _:\n#";

/// Ends the names the helper's transpiler makes.
const HELPER_SUFFIX: &str = "_2";

/// The second part's class body to transpile.
struct Transpile(ModuleScope, crate::fast_hash::FastSet<String>, Vec<Stmt>);

enum FromHelper {
    Parsed(Option<ModModule>),
    Transpiled(Result<(Vec<Stmt>, bool), SyntaxRestriction>),
}

/// Parse and transpile `source` (as `script::transpile_source`), on two threads
/// when it is large enough and this thread has a worker.
pub fn transpiled(source: &Source, env: &Environment) -> Result<ModModule, FrontendError> {
    let text = &*source.text;
    let whole = || super::transpile_source(source, env);
    let Some(cut) = (text.len() >= split_from()).then(|| cut_point(text)).flatten() else {
        return whole();
    };
    // The later passes run on this thread: the helper checks nesting against its stack.
    let limit = nesting::expression_limit(crate::vm::limits::remaining_stack());
    let (to_helper, helper_inbox) = channel();
    let (helper_outbox, from_helper) = channel();
    let second = second_part(text, cut);
    if !crate::worker::run(move || helper(second, limit, helper_inbox, helper_outbox)) {
        return whole();
    }
    // `first_part` owns the sender: when it returns, the helper's job is over (a
    // later job, the lowering's, waits behind it).
    match first_part(source, env, cut, limit, to_helper, from_helper) {
        Some(module) => {
            #[cfg(test)]
            tests::SPLITS.with(|n| n.set(n.get() + 1));
            Ok(module)
        }
        None => whole(),
    }
}

/// This thread's share: parse the first part, join the helper's, transpile this
/// part while the helper transpiles its own. `None` when the cut does not hold.
fn first_part(
    source: &Source,
    env: &Environment,
    cut: usize,
    limit: usize,
    to_helper: Sender<Transpile>,
    from_helper: Receiver<FromHelper>,
) -> Option<ModModule> {
    let text = &*source.text;
    let first = &text[..cut];
    nesting::check_with_limit(first, limit).ok()?;
    let first = parser::parse_module(first).ok()?.into_syntax();
    let FromHelper::Parsed(Some(second)) = from_helper.recv().ok()? else { return None };
    let (mut module, class_at, kept) = join(text, cut, first, second)?;
    let scope = ModuleScope::of(&module, env);
    let Stmt::ClassDef(class) = &mut module.body[class_at] else { return None };
    let rest = class.body.split_off(kept);
    let helper_scope = scope.clone();
    let bound = ModuleScope::bound_names(&class.body);
    to_helper.send(Transpile(helper_scope, bound, rest)).ok()?;
    let tail: ClassTail<'_> = Box::new(move || match from_helper.recv() {
        Ok(FromHelper::Transpiled(r)) => r,
        _ => Err(SyntaxRestriction { message: "the front end's helper thread stopped".into(), range: TextRange::default() }),
    });
    // An error in either part: the whole source, transpiled in one piece, reports it.
    transpile::transpile_with(&mut module, scope, Some((class_at, tail))).ok()?;
    Some(module)
}

/// The helper's job, on the worker: parse the second part, and transpile it when
/// asked.
fn helper(text: String, limit: usize, inbox: Receiver<Transpile>, outbox: Sender<FromHelper>) {
    let parsed = (|| {
        nesting::check_with_limit(&text, limit).ok()?;
        parser::parse_module(&text).ok().map(|p| p.into_syntax())
    })();
    drop(text);
    if outbox.send(FromHelper::Parsed(parsed)).is_ok()
        && let Ok(Transpile(scope, bound, stmts)) = inbox.recv()
    {
        let _ = outbox.send(FromHelper::Transpiled(scope.class_body(bound, stmts, HELPER_SUFFIX)));
    }
}

/// The text the helper parses: the wrapper and a comment in place of the first
/// `cut` bytes, then the rest of the source.
fn second_part(text: &str, cut: usize) -> String {
    let mut out = String::with_capacity(text.len());
    out.push_str(WRAPPER);
    out.push_str(&" ".repeat(cut - WRAPPER.len() - 1));
    out.push('\n');
    out.push_str(&text[cut..]);
    out
}

/// Where to cut: the start of the line nearest the middle of the text that begins
/// a definition (its first decorator, or `def`/`class` after a deeper line) at
/// some indentation. Whether it is one of a top-level class body is checked by [`join`].
fn cut_point(text: &str) -> Option<usize> {
    let middle = text.len() / 2;
    let line_after = |at: usize| text[at..].find('\n').map(|i| at + i + 1).filter(|&l| l < text.len());
    let line_before = |at: usize| text[..at.checked_sub(1)?].rfind('\n').map(|i| i + 1);
    let mut later = line_after(middle);
    while let Some(l) = later.filter(|&l| !begins_definition(text, l)) {
        later = line_after(l);
    }
    let mut earlier = line_before(middle + 1);
    while let Some(l) = earlier.filter(|&l| !begins_definition(text, l)) {
        earlier = line_before(l);
    }
    match (earlier, later) {
        (Some(a), Some(b)) => Some(if middle - a <= b - middle { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// Whether the line at `line` begins a definition of a body (see [`cut_point`]).
fn begins_definition(text: &str, line: usize) -> bool {
    let indent = indentation(text, line);
    let rest = &text[line + indent.len()..];
    let decorator = rest.starts_with('@');
    let definition = ["def ", "async def ", "class "].iter().any(|k| rest.starts_with(k));
    if indent.is_empty() || line <= WRAPPER.len() || !(decorator || definition) {
        return false;
    }
    let Some(prev) = previous_line(text, line) else { return false };
    let prev_indent = indentation(text, prev);
    let prev_rest = &text[prev + prev_indent.len()..];
    let deeper = prev_indent.len() > indent.len() && prev_indent.starts_with(indent);
    (decorator && !prev_rest.starts_with('@')) || (definition && deeper)
}

/// The spaces and tabs a line starts with.
fn indentation(text: &str, line: usize) -> &str {
    let rest = &text[line..];
    &rest[..rest.len() - rest.trim_start_matches([' ', '\t']).len()]
}

/// The start of the last line before `line` with something other than blanks or a comment.
fn previous_line(text: &str, line: usize) -> Option<usize> {
    let mut end = line.checked_sub(1)?;
    loop {
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let content = text[start..end].trim();
        if !content.is_empty() && !content.starts_with('#') {
            return Some(start);
        }
        end = start.checked_sub(1)?;
    }
}

/// The tree of the whole source from its two parsed parts, or `None` when the cut
/// was not between two statements of the body of the first part's last statement,
/// a class: returns the tree, the index of that class, and how many of its body
/// statements came from the first part.
fn join(text: &str, cut: usize, mut first: ModModule, mut second: ModModule) -> Option<(ModModule, usize, usize)> {
    let indent = indentation(text, cut);
    let class_at = first.body.len().checked_sub(1)?;
    let Stmt::ClassDef(class) = &mut first.body[class_at] else { return None };
    // The class body starts on a line of its own, indented as the cut line.
    let body_start = class.body.first()?.start().to_usize();
    let body_line = text[..body_start].rfind('\n').map_or(0, |i| i + 1);
    if text[body_line..body_start] != *indent {
        return None;
    }
    if second.body.is_empty() {
        return None;
    }
    let Stmt::ClassDef(wrapper) = second.body.remove(0) else { return None };
    if wrapper.range.start() != TextSize::new(0) || wrapper.body.first()?.start().to_usize() != cut + indent.len() {
        return None;
    }
    let kept = class.body.len();
    let end = wrapper.body.last()?.end();
    class.body.extend(wrapper.body);
    class.range = TextRange::new(class.range.start(), end);
    first.body.extend(second.body);
    first.range = TextRange::new(first.range.start(), second.range.end());
    Some((first, class_at, kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        /// Overrides [`super::SPLIT_FROM`] on this thread.
        pub(super) static SPLIT_FROM: Cell<Option<usize>> = const { Cell::new(None) };
        /// Sources this thread parsed split.
        pub(super) static SPLITS: Cell<usize> = const { Cell::new(0) };
    }

    /// The printed definitions of `text`, parsed with the front end split from `from` bytes.
    fn printed(text: &str, from: usize) -> (Vec<String>, usize) {
        SPLIT_FROM.with(|t| t.set(Some(from)));
        let before = SPLITS.with(|n| n.get());
        let session = crate::session::Session::new();
        let defs = crate::with_helper_threads(true, || session.parse_with("t.py", text, true));
        SPLIT_FROM.with(|t| t.set(None));
        let cfg = crate::printer::PrinterConfig { syntax: crate::printer::Syntax::Tvm, ..Default::default() };
        let out = defs.expect("parses").iter().map(|(n, d)| format!("{n}: {}", crate::print(d, &cfg).unwrap())).collect();
        (out, SPLITS.with(|n| n.get()) - before)
    }

    #[test]
    fn a_split_parse_builds_what_a_whole_one_does() {
        crate::init();
        let mut text = String::from("from tvm.script import ir as I\nfrom tvm.script import tirx as T\nfrom tvm.script import relax as R\n\n@I.ir_module\nclass Module:\n");
        for i in 0..12 {
            text.push_str(&format!(
                "    @T.prim_func(private=True)\n    def add{i}(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n        for j in range(8):\n            B[j] = A[j] + T.float32({i})\n\n"
            ));
        }
        text.push_str("    @R.function\n    def main(x: R.Tensor((8,), \"float32\")) -> R.Tensor((8,), \"float32\"):\n        cls = Module\n");
        for i in 0..12 {
            text.push_str(&format!("        x = R.call_tir(cls.add{i}, (x,), out_ty=R.Tensor((8,), \"float32\"))\n"));
        }
        text.push_str("        return x\n\nn = 1\n");
        let (whole, none) = printed(&text, usize::MAX);
        let (split, one) = printed(&text, 0);
        assert_eq!((none, one), (0, 1), "split only when asked");
        assert_eq!(split, whole);
        assert!(whole[0].contains("def add11") && whole[0].contains("def main"));
    }

    #[test]
    fn errors_in_a_split_source_are_those_of_the_whole_source() {
        crate::init();
        let mut text = String::from("from tvm.script import ir as I\nfrom tvm.script import tirx as T\n\n@I.ir_module\nclass Module:\n");
        for i in 0..12 {
            let body = if i == 9 { "B[j] = A[j] +* 1.0" } else { "B[j] = A[j]" };
            text.push_str(&format!("    @T.prim_func\n    def f{i}(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n        for j in range(8):\n            {body}\n\n"));
        }
        let session = crate::session::Session::new();
        SPLIT_FROM.with(|t| t.set(Some(0)));
        let split = crate::with_helper_threads(true, || session.parse_with("t.py", &text, true)).err().map(|e| e.to_string());
        SPLIT_FROM.with(|t| t.set(None));
        let whole = session.parse_with("t.py", &text, true).err().map(|e| e.to_string());
        assert!(whole.as_deref().is_some_and(|m| m.contains("t.py:")), "{whole:?}");
        assert_eq!(split, whole);
    }

    /// Parse `text` split at its cut point, joined as `first_part` does.
    fn joined(text: &str) -> Option<ModModule> {
        let cut = cut_point(text)?;
        let first = parser::parse_module(&text[..cut]).ok()?.into_syntax();
        let second = parser::parse_module(&second_part(text, cut)).ok()?.into_syntax();
        join(text, cut, first, second).map(|(m, _, _)| m)
    }

    fn module(functions: usize, tail: &str) -> String {
        let mut s = String::from("# header\nimport tvm\nfrom tvm.script import tirx as T, ir as I\n\n@I.ir_module\nclass Module:\n");
        for i in 0..functions {
            s.push_str(&format!(
                "    @T.prim_func\n    def f{i}(A: T.Buffer((4,), \"float32\")):\n        \"\"\"doc\n\n    @T.prim_func\n\"\"\"\n        for i in range(4):\n            A[i] = (A[i] +\n    1.0)\n\n"
            ));
        }
        s.push_str(tail);
        s
    }

    #[test]
    fn joined_parts_are_the_tree_of_the_whole_source() {
        for tail in ["", "x = 1\n\nclass Other:\n    pass\n", "# trailing comment\n"] {
            let text = module(40, tail);
            let whole = parser::parse_module(&text).unwrap().into_syntax();
            let joined = joined(&text).expect("the module splits");
            assert_eq!(joined, whole, "tail {tail:?}");
        }
    }

    #[test]
    fn a_cut_that_is_not_between_class_body_statements_is_refused() {
        // The definitions are inside a function, not a class.
        let text = module(40, "").replace("class Module:", "def Module():");
        assert!(joined(&text).is_none());
        // The first part ends inside a multi-line string.
        let mut text = module(20, "");
        text.push_str("    X = \"\"\"\n");
        text.push_str(&module(20, "\"\"\"\n").replace("# header\n", ""));
        if let Some(cut) = cut_point(&text) {
            let first = parser::parse_module(&text[..cut]).ok();
            let second = parser::parse_module(&second_part(&text, cut)).ok();
            if let (Some(a), Some(b)) = (first, second) {
                let j = join(&text, cut, a.into_syntax(), b.into_syntax());
                assert_eq!(j.map(|(m, _, _)| m), Some(parser::parse_module(&text).unwrap().into_syntax()));
            }
        }
    }

    #[test]
    fn a_class_body_indented_differently_after_the_cut_is_refused() {
        // Whole, this is an indentation error: the parts must not hide it.
        let text = module(40, "");
        let cut = cut_point(&text).unwrap();
        let mut bad = text[..cut].to_string();
        bad.push_str(&text[cut..].replace("\n    @T.prim_func\n    def", "\n  @T.prim_func\n  def").replacen("    @T.prim_func", "  @T.prim_func", 1));
        assert!(parser::parse_module(&bad).is_err());
        let cut = cut_point(&bad);
        let joined = cut.and_then(|cut| {
            let first = parser::parse_module(&bad[..cut]).ok()?.into_syntax();
            let second = parser::parse_module(&second_part(&bad, cut)).ok()?.into_syntax();
            join(&bad, cut, first, second)
        });
        assert!(joined.is_none());
    }
}
