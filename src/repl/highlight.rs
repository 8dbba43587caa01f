//! A small Python tokenizer for syntax highlighting (REPL input, printed IR,
//! `tvmscript print --color`) and for telling whether REPL input is still open
//! (an unclosed bracket or triple-quoted string, a trailing backslash).
//!
//! It is deliberately forgiving: any text tokenizes, and the tokens cover the text
//! exactly, so highlighting never changes what is shown.

use std::io::IsTerminal;
use std::ops::Range;

/// What a token is, as far as colouring cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `def`, `for`, `with`, `return` …
    Keyword,
    /// `None`, `True`, `False`.
    Constant,
    /// A name (identifier) not otherwise classified.
    Name,
    /// The name a `def` or `class` introduces.
    Definition,
    /// `@` and the dotted name after it.
    Decorator,
    /// A string literal, prefix and quotes included.
    String,
    /// An integer, float or imaginary literal.
    Number,
    /// `# …` up to the end of the line.
    Comment,
    /// Operators and punctuation.
    Punct,
    /// Spaces, tabs and newlines.
    Space,
}

/// A token: its kind and byte range in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Where it is: a byte range of the tokenized text.
    pub range: Range<usize>,
}

/// What is still open at the end of a text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenState {
    /// Unclosed `(`, `[` and `{`.
    pub depth: usize,
    /// The text ends inside a triple-quoted string.
    pub in_triple_string: bool,
    /// The last line ends with a `\` continuation.
    pub continuation: bool,
}

impl OpenState {
    /// Whether more lines are needed before the text can be a statement,
    /// whatever else it contains (blank lines do not end it).
    pub fn is_open(&self) -> bool {
        self.depth > 0 || self.in_triple_string || self.continuation
    }
}

const KEYWORDS: &[&str] = &[
    "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
    "raise", "return", "try", "while", "with", "yield", "match", "case",
];

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// The length of a string literal's prefix (`r`, `b`, `f`, `rb` …) at `s`, if `s`
/// starts a string literal.
fn string_prefix_len(s: &str) -> Option<usize> {
    let lower: String = s.chars().take(3).collect::<String>().to_ascii_lowercase();
    for p in ["rb", "br", "fr", "rf", "tr", "rt", "r", "b", "f", "u", "t", ""] {
        if lower.starts_with(p) && lower[p.len()..].starts_with(['\'', '"']) {
            return Some(p.len());
        }
    }
    None
}

/// Tokenize `text`; the tokens cover it without gaps. Also reports what is open at the end.
pub fn tokenize(text: &str) -> (Vec<Token>, OpenState) {
    let mut tokens = Vec::new();
    let mut state = OpenState::default();
    let bytes = text.as_bytes();
    let mut i = 0;
    // The previous significant token, to classify `def NAME` and `@NAME.attr`.
    let mut after_def = false;
    let mut in_decorator = false;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        let start = i;
        let kind;
        if c == '\n' {
            i += 1;
            in_decorator = false;
            kind = TokenKind::Space;
        } else if c.is_whitespace() {
            i += rest.find(|ch: char| !ch.is_whitespace() || ch == '\n').unwrap_or(rest.len());
            kind = TokenKind::Space;
        } else if c == '#' {
            i += rest.find('\n').unwrap_or(rest.len());
            kind = TokenKind::Comment;
        } else if let Some(plen) = string_prefix_len(rest).filter(|_| c == '\'' || c == '"' || c.is_ascii_alphabetic()) {
            let body = &rest[plen..];
            let quote = &body[..1];
            let triple = body.starts_with(&quote.repeat(3));
            let open_len = if triple { 3 } else { 1 };
            let close = if triple { quote.repeat(3) } else { quote.to_string() };
            let mut j = plen + open_len;
            let mut closed = false;
            while j < rest.len() {
                let r = &rest[j..];
                if let Some(escaped) = r.strip_prefix('\\') {
                    // An escape; in raw strings a backslash still keeps the next quote.
                    j += 1 + escaped.chars().next().map_or(0, char::len_utf8);
                    continue;
                }
                if r.starts_with(close.as_str()) {
                    j += close.len();
                    closed = true;
                    break;
                }
                if !triple && r.starts_with('\n') {
                    break;
                }
                j += r.chars().next().map_or(1, char::len_utf8);
            }
            if !closed && triple {
                state.in_triple_string = true;
            }
            i += j.min(rest.len());
            kind = TokenKind::String;
        } else if is_ident_start(c) {
            let len = rest.find(|ch: char| !is_ident_char(ch)).unwrap_or(rest.len());
            let word = &rest[..len];
            i += len;
            kind = if in_decorator {
                TokenKind::Decorator
            } else if after_def {
                TokenKind::Definition
            } else if matches!(word, "None" | "True" | "False") {
                TokenKind::Constant
            } else if KEYWORDS.contains(&word) {
                TokenKind::Keyword
            } else {
                TokenKind::Name
            };
            after_def = matches!(word, "def" | "class") && kind == TokenKind::Keyword;
            tokens.push(Token { kind, range: start..i });
            continue;
        } else if c.is_ascii_digit() || (c == '.' && rest[1..].starts_with(|d: char| d.is_ascii_digit())) {
            let mut j = 0;
            let b = rest.as_bytes();
            while j < b.len() {
                let ch = b[j] as char;
                let exp_sign = (ch == '+' || ch == '-') && j > 0 && matches!(b[j - 1], b'e' | b'E') && !rest.starts_with("0x");
                if ch.is_ascii_alphanumeric() || ch == '.' || ch == '_' || exp_sign {
                    j += 1;
                } else {
                    break;
                }
            }
            i += j;
            kind = TokenKind::Number;
        } else if c == '@' && line_prefix_is_blank(text, start) {
            i += 1;
            in_decorator = true;
            kind = TokenKind::Decorator;
        } else if c == '\\' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
            kind = TokenKind::Punct;
        } else {
            match c {
                '(' | '[' | '{' => state.depth += 1,
                ')' | ']' | '}' => state.depth = state.depth.saturating_sub(1),
                _ => {}
            }
            i += c.len_utf8();
            kind = if in_decorator && c == '.' { TokenKind::Decorator } else { TokenKind::Punct };
            if c == '(' {
                in_decorator = false;
            }
        }
        if kind != TokenKind::Space && kind != TokenKind::Comment {
            after_def = false;
        }
        tokens.push(Token { kind, range: start..i });
    }
    // The buffer ends with the newline of its last line; a `\\` just before it continues.
    state.continuation = !state.in_triple_string && text.strip_suffix('\n').unwrap_or(text).ends_with('\\');
    (tokens, state)
}

fn line_prefix_is_blank(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |p| p + 1);
    text[line_start..at].trim().is_empty()
}

/// What is open at the end of `text` (see [`OpenState`]).
pub fn open_state(text: &str) -> OpenState {
    tokenize(text).1
}

/// The ANSI colour sequence of a token kind (`None`: plain).
fn color(kind: TokenKind) -> Option<&'static str> {
    Some(match kind {
        TokenKind::Keyword => "\x1b[35m",
        TokenKind::Constant => "\x1b[36m",
        TokenKind::Definition => "\x1b[1;34m",
        TokenKind::Decorator => "\x1b[33m",
        TokenKind::String => "\x1b[32m",
        TokenKind::Number => "\x1b[36m",
        TokenKind::Comment => "\x1b[90m",
        TokenKind::Name | TokenKind::Punct | TokenKind::Space => return None,
    })
}

const RESET: &str = "\x1b[0m";

/// `text` with ANSI colours. Removing the escape sequences gives `text` back.
pub fn highlight(text: &str) -> String {
    let (tokens, _) = tokenize(text);
    let mut out = String::with_capacity(text.len() * 2);
    for t in tokens {
        let piece = &text[t.range.clone()];
        match color(t.kind) {
            // Colour each line separately so a multi-line string does not leave the
            // terminal coloured if output is cut between lines.
            Some(code) => {
                for (n, line) in piece.split('\n').enumerate() {
                    if n > 0 {
                        out.push('\n');
                    }
                    if !line.is_empty() {
                        out.push_str(code);
                        out.push_str(line);
                        out.push_str(RESET);
                    }
                }
            }
            None => out.push_str(piece),
        }
    }
    out
}

/// Remove ANSI escape sequences (CSI `ESC [ … letter` and OSC `ESC ] … BEL`).
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            }
            Some(']') => {
                while let Some(d) = chars.next() {
                    if d == '\x07' || (d == '\x1b' && chars.peek() == Some(&'\\')) {
                        if d == '\x1b' {
                            chars.next();
                        }
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// When to colour output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// When the stream is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset.
    #[default]
    Auto,
    /// Always colour (`--color always`).
    Always,
    /// Never colour (`--color never`).
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn for_stdout(self) -> bool {
        self.for_stream(std::io::stdout().is_terminal())
    }

    /// Whether to colour standard error (diagnostics).
    pub fn for_stderr(self) -> bool {
        self.for_stream(std::io::stderr().is_terminal())
    }

    fn for_stream(self, is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                is_terminal
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::env::var("TERM").map_or(true, |t| t != "dumb")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        tokenize(text).0.into_iter().filter(|t| t.kind != TokenKind::Space).map(|t| (t.kind, &text[t.range])).collect()
    }

    #[test]
    fn tokens_cover_the_text() {
        let text = "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):  # c\n    A[0] = 1.5e-3 + 0x1f\n";
        let (tokens, state) = tokenize(text);
        let mut at = 0;
        for t in &tokens {
            assert_eq!(t.range.start, at);
            at = t.range.end;
        }
        assert_eq!(at, text.len());
        assert_eq!(state, OpenState::default());
    }

    #[test]
    fn classifies_tokens() {
        let k = kinds("@T.prim_func\ndef f(x=None):  # hi\n    return 'a' + 2.5");
        assert_eq!(k[0], (TokenKind::Decorator, "@"));
        assert_eq!(k[1], (TokenKind::Decorator, "T"));
        assert_eq!(k[2], (TokenKind::Decorator, "."));
        assert_eq!(k[3], (TokenKind::Decorator, "prim_func"));
        assert_eq!(k[4], (TokenKind::Keyword, "def"));
        assert_eq!(k[5], (TokenKind::Definition, "f"));
        assert!(k.contains(&(TokenKind::Constant, "None")));
        assert!(k.contains(&(TokenKind::Comment, "# hi")));
        assert!(k.contains(&(TokenKind::String, "'a'")));
        assert!(k.contains(&(TokenKind::Number, "2.5")));
        assert!(k.contains(&(TokenKind::Keyword, "return")));
        // `@` as an operator is not a decorator.
        assert_eq!(kinds("a @ b")[1], (TokenKind::Punct, "@"));
    }

    #[test]
    fn string_prefixes_and_escapes() {
        assert_eq!(kinds(r#"rb"\d" x"#)[0], (TokenKind::String, r#"rb"\d""#));
        assert_eq!(kinds(r#"'it\'s' y"#)[0], (TokenKind::String, r#"'it\'s'"#));
        assert_eq!(kinds("bar")[0], (TokenKind::Name, "bar"));
    }

    #[test]
    fn open_state_tracks_brackets_strings_and_continuations() {
        assert_eq!(open_state("f(1,\n").depth, 1);
        assert!(!open_state("f(1)\n").is_open());
        assert!(open_state("x = \"\"\"doc\n").in_triple_string);
        assert!(!open_state("x = \"\"\"doc\"\"\"\n").is_open());
        assert!(open_state("x = 1 + \\\n").continuation);
        // Brackets inside strings and comments do not count.
        assert!(!open_state("x = '(' # [\n").is_open());
    }

    #[test]
    fn highlight_round_trips_through_strip() {
        let text = "@T.prim_func\ndef f():\n    '''doc\n    more'''\n    return None  # done\n";
        let colored = highlight(text);
        assert_ne!(colored, text);
        assert!(colored.contains("\x1b[35mdef\x1b[0m"));
        assert_eq!(strip_ansi(&colored), text);
    }
}
