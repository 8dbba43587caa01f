//! Tab completion: the dotted name before the cursor is split into the object
//! path (`T`, `T.axis`, `tvm.ir`) and the partial member; candidates are the
//! members of that object (for script namespaces, the registered member names), or
//! global names, builtins and keywords when there is no object path.

use std::collections::BTreeSet;

/// Where completion happens and what it completes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionQuery<'a> {
    /// Byte offset where the replaced word starts.
    pub start: usize,
    /// The object path before the last dot (empty for a bare name).
    pub path: Vec<&'a str>,
    /// The partial name being completed.
    pub partial: &'a str,
}

/// Find the dotted name ending at `pos` in `line`. `None` inside a string or
/// comment, or after a character that cannot end a name path (`)`, `]`).
pub fn query(line: &str, pos: usize) -> Option<CompletionQuery<'_>> {
    let before = &line[..pos];
    let state = super::highlight::tokenize(before).0;
    if let Some(last) = state.last() {
        use super::highlight::TokenKind;
        if matches!(last.kind, TokenKind::String | TokenKind::Comment) && last.range.end == pos {
            return None;
        }
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '.')
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    // `x[0].` or `f().`: an expression we do not evaluate.
    if word.starts_with('.') || word.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let (path, partial, partial_start) = match word.rfind('.') {
        Some(dot) => (word[..dot].split('.').collect::<Vec<_>>(), &word[dot + 1..], start + dot + 1),
        None => (Vec::new(), word, start),
    };
    if path.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(CompletionQuery { start: partial_start, path, partial })
}

/// Python's keywords, offered for bare names.
pub const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
];

/// Filter and sort candidate names for `partial`: private names (`_x`) only when
/// the partial starts with `_`.
pub fn filter(names: impl IntoIterator<Item = String>, partial: &str) -> Vec<String> {
    let set: BTreeSet<String> = names
        .into_iter()
        .filter(|n| n.starts_with(partial) && (partial.starts_with('_') || !n.starts_with('_')))
        .collect();
    set.into_iter().collect()
}

/// The longest common prefix of the candidates (what a first Tab inserts).
pub fn common_prefix(names: &[String]) -> &str {
    let Some(first) = names.first() else { return "" };
    let mut len = first.len();
    for n in &names[1..] {
        len = len.min(first.bytes().zip(n.bytes()).take_while(|(a, b)| a == b).count());
    }
    while !first.is_char_boundary(len) {
        len -= 1;
    }
    &first[..len]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_dotted_paths() {
        let q = query("x = T.pr", 8).unwrap();
        assert_eq!(q.path, vec!["T"]);
        assert_eq!(q.partial, "pr");
        assert_eq!(q.start, 6);
        let q = query("T.axis.sp", 9).unwrap();
        assert_eq!(q.path, vec!["T", "axis"]);
        assert_eq!(q.partial, "sp");
        let q = query("print(incr", 10).unwrap();
        assert!(q.path.is_empty());
        assert_eq!((q.partial, q.start), ("incr", 6));
        let q = query("I.", 2).unwrap();
        assert_eq!((q.path, q.partial), (vec!["I"], ""));
    }

    #[test]
    fn no_completion_in_strings_comments_or_after_calls() {
        assert!(query("x = 'T.pr", 9).is_none());
        assert!(query("# T.pr", 6).is_none());
        assert!(query("f().ab", 6).is_none());
        assert!(query("1.5", 3).is_none());
    }

    #[test]
    fn filters_and_prefixes() {
        let names = vec!["prim_func".to_string(), "print".into(), "_private".into(), "float32".into()];
        let got = filter(names.clone(), "pr");
        assert_eq!(got, vec!["prim_func", "print"]);
        assert_eq!(common_prefix(&got), "pri");
        assert_eq!(filter(names, "_"), vec!["_private"]);
    }
}
