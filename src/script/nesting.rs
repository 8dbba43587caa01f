//! A guard run on source text before parsing: refuse nesting so deep that the
//! recursive parser, transpiler, compiler or printer could exhaust the native
//! stack. CPython has the same kind of limits ("too many nested parentheses" at
//! 200 brackets, "too many levels of indentation" at 100, a recursion error
//! when compiling expressions nested thousands deep); ours are the same or looser,
//! so no script CPython accepts is refused.
//!
//! The scan is a light tokenizer (strings, comments, brackets, line structure)
//! that measures three things: bracket depth, indentation depth, and an upper
//! bound of each expression's depth (operators plus trailer chains such as
//! `a.b(c)[d]`, counted per comma-separated item). It never reports anything
//! but excess nesting: anything it does not understand is left to the parser.

use ruff_text_size::{TextRange, TextSize};

use super::transpile::SyntaxRestriction;

/// Brackets open at once (CPython's tokenizer limit).
pub const MAX_BRACKET_DEPTH: usize = 200;
/// Indentation levels (CPython's tokenizer limit).
pub const MAX_INDENT_DEPTH: usize = 100;
/// Bound of one expression's nesting (CPython's compiler gives up near 3000).
pub const MAX_EXPRESSION_DEPTH: usize = 3000;

/// Native stack one level of expression nesting may take across the passes
/// (measured: about 2.5 KiB for a chain of `+`; twice that for safety).
const STACK_PER_EXPRESSION_LEVEL: usize = 5 << 10;

/// Check `text` against the nesting limits.
pub fn check(text: &str) -> Result<(), SyntaxRestriction> {
    check_with_limit(text, expression_limit(crate::stack::remaining_stack()))
}

/// [`check`] with the expression-depth limit of another thread (the one whose
/// stack the later passes use).
pub fn check_with_limit(text: &str, max_expression: usize) -> Result<(), SyntaxRestriction> {
    let mut scanner = Scanner::new(text);
    scanner.max_expression = max_expression;
    scanner.run()
}

/// The expression-depth limit on a thread with `remaining` bytes of stack left:
/// [`MAX_EXPRESSION_DEPTH`] on a large stack (the CLI's), less on a small one (an
/// embedder's thread), so deep input is refused rather than overflowing the stack.
pub fn expression_limit(remaining: Option<usize>) -> usize {
    match remaining {
        Some(bytes) => (bytes / STACK_PER_EXPRESSION_LEVEL).clamp(16, MAX_EXPRESSION_DEPTH),
        None => MAX_EXPRESSION_DEPTH,
    }
}

fn error(message: String, at: usize, len: usize) -> SyntaxRestriction {
    let start = TextSize::new(at as u32);
    SyntaxRestriction { message, range: TextRange::new(start, start + TextSize::new(len as u32)) }
}

/// One bracket level (or the statement level): the depth bound of the current
/// item and the largest so far.
#[derive(Default)]
struct Level {
    /// Byte offset of the opening bracket.
    open: usize,
    /// Whether the bracket is a call or subscript of the atom before it.
    trailer: bool,
    /// Whether this level is an f-string replacement field (`{...}` inside the string).
    fstring: Option<StringKind>,
    /// Operators in the current comma-separated item.
    ops: usize,
    /// Depth of the atom being read (its trailers and bracket contents).
    atom: usize,
    /// Deepest atom of the current item.
    atom_max: usize,
    /// Deepest item so far.
    max: usize,
    /// Depth bound of the enclosing context when the bracket opened.
    base: usize,
}

impl Level {
    fn item_depth(&self) -> usize {
        self.ops + self.atom_max.max(self.atom)
    }
    fn end_atom(&mut self) {
        self.atom_max = self.atom_max.max(self.atom);
        self.atom = 0;
    }
    fn end_item(&mut self) {
        self.end_atom();
        self.max = self.max.max(self.ops + self.atom_max);
        self.ops = 0;
        self.atom_max = 0;
    }
    fn depth(&mut self) -> usize {
        self.end_item();
        self.max
    }
}

#[derive(Clone, Copy, PartialEq)]
struct StringKind {
    quote: u8,
    triple: bool,
    raw: bool,
    fstring: bool,
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    levels: Vec<Level>,
    indents: Vec<usize>,
    /// The last token ends an operand (a name, literal or closing bracket), so an
    /// opening bracket after it is a call or subscript.
    after_operand: bool,
    at_line_start: bool,
    /// After a `.`: the next name continues the atom (`a.b`).
    in_attribute: bool,
    /// The expression-depth limit for this thread's stack.
    max_expression: usize,
}

/// What a word is to the depth bound.
enum Keyword {
    /// An operator keyword (`and`, `not`, `if` …): one more level.
    Operator,
    /// Any other keyword but `None`/`True`/`False` (which are operands): ends an operand.
    Statement,
    /// A name or an operand keyword.
    None,
}

/// Compared as bytes: the scan runs over every word of the source, and most are
/// names that no keyword matches.
fn keyword_kind(word: &[u8]) -> Keyword {
    match word {
        b"and" | b"or" | b"not" | b"in" | b"is" | b"if" | b"else" | b"lambda" | b"await" | b"yield" => Keyword::Operator,
        b"as" | b"assert" | b"async" | b"break" | b"class" | b"continue" | b"def" | b"del" | b"elif" | b"except"
        | b"finally" | b"for" | b"from" | b"global" | b"import" | b"nonlocal" | b"pass" | b"raise" | b"return"
        | b"try" | b"while" | b"with" => Keyword::Statement,
        _ => Keyword::None,
    }
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner {
            b: text.as_bytes(),
            i: 0,
            levels: vec![Level::default()],
            indents: vec![0],
            after_operand: false,
            at_line_start: true,
            in_attribute: false,
            max_expression: MAX_EXPRESSION_DEPTH,
        }
    }

    fn top(&mut self) -> &mut Level {
        self.levels.last_mut().expect("the statement level is never popped")
    }

    /// A level opening inside the current one.
    fn push(&mut self, level: Level) {
        let base = {
            let top = self.top();
            top.base + top.item_depth() + 1
        };
        self.levels.push(Level { base, ..level });
    }

    fn check_expression(&mut self, at: usize) -> Result<(), SyntaxRestriction> {
        let top = self.top();
        let d = top.base + top.item_depth();
        if d > self.max_expression {
            let hint = if self.max_expression < MAX_EXPRESSION_DEPTH {
                " on this thread's stack (run on a larger stack: stack::with_stack)"
            } else {
                ""
            };
            return Err(error(
                format!("expression too deeply nested: more than {} nested operations{hint}", self.max_expression),
                at,
                1,
            ));
        }
        Ok(())
    }

    fn run(mut self) -> Result<(), SyntaxRestriction> {
        while self.i < self.b.len() {
            if self.at_line_start && self.levels.len() == 1 {
                self.at_line_start = false;
                self.indentation()?;
                continue;
            }
            let c = self.b[self.i];
            match c {
                b'#' => self.skip_comment(),
                b'\\' if self.b.get(self.i + 1) == Some(&b'\n') => self.i += 2,
                b'\\' if self.b.get(self.i + 1) == Some(&b'\r') => self.i += 2 + usize::from(self.b.get(self.i + 2) == Some(&b'\n')),
                b'\n' | b'\r' => {
                    self.i += 1;
                    if self.levels.len() == 1 {
                        self.top().end_item();
                        self.at_line_start = true;
                        self.after_operand = false;
                    }
                }
                b' ' | b'\t' | b'\x0c' => self.i += 1,
                b'(' | b'[' | b'{' => {
                    if self.levels.len() > MAX_BRACKET_DEPTH {
                        return Err(error(
                            format!("too many nested parentheses (more than {MAX_BRACKET_DEPTH} levels)"),
                            self.i,
                            1,
                        ));
                    }
                    let trailer = self.after_operand;
                    if !trailer {
                        self.top().end_atom();
                    }
                    self.push(Level { open: self.i, trailer, ..Level::default() });
                    self.after_operand = false;
                    self.i += 1;
                }
                b')' | b']' | b'}' => {
                    if self.levels.len() == 1 {
                        // Unmatched: the parser reports it (and parses on, so keep measuring).
                        self.i += 1;
                        continue;
                    }
                    let mut level = self.levels.pop().expect("more than one level");
                    let inner = level.depth() + 1;
                    self.i += 1;
                    if let Some(kind) = level.fstring {
                        // Back inside the f-string's text.
                        self.string_body(kind, level.open)?;
                        continue;
                    }
                    let top = self.top();
                    top.atom = if level.trailer { (top.atom + 1).max(inner) } else { inner };
                    self.after_operand = true;
                    self.check_expression(self.i - 1)?;
                }
                // Not `:`, which also ends a lambda's parameters.
                b',' | b';' => {
                    self.top().end_item();
                    self.after_operand = false;
                    self.i += 1;
                }
                b'.' if self.b.get(self.i + 1).is_some_and(u8::is_ascii_digit) && !self.after_operand => self.number(),
                b'.' => {
                    if self.after_operand {
                        self.top().atom += 1;
                        self.check_expression(self.i)?;
                        self.in_attribute = true;
                    }
                    self.after_operand = false;
                    self.i += 1;
                }
                b'+' | b'-' | b'*' | b'/' | b'%' | b'@' | b'&' | b'|' | b'^' | b'~' | b'<' | b'>' | b'=' | b'!' => {
                    let top = self.top();
                    top.end_atom();
                    top.ops += 1;
                    self.after_operand = false;
                    self.check_expression(self.i)?;
                    self.i += 1;
                }
                b'\'' | b'"' => self.string(0)?,
                b'0'..=b'9' => self.number(),
                c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => self.word()?,
                _ => self.i += 1,
            }
        }
        Ok(())
    }

    /// Measure the indentation of a new logical line (blank and comment lines do not count).
    fn indentation(&mut self) -> Result<(), SyntaxRestriction> {
        let start = self.i;
        let mut width = 0usize;
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b' ' => width += 1,
                b'\t' => width = (width / 8 + 1) * 8,
                b'\x0c' => width = 0,
                _ => break,
            }
            self.i += 1;
        }
        match self.b.get(self.i) {
            None | Some(b'\n' | b'\r' | b'#') => return Ok(()),
            Some(b'\\') if matches!(self.b.get(self.i + 1), Some(b'\n' | b'\r')) => return Ok(()),
            _ => {}
        }
        while self.indents.last().is_some_and(|&w| w > width) {
            self.indents.pop();
        }
        if self.indents.last().is_some_and(|&w| w < width) {
            self.indents.push(width);
            if self.indents.len() > MAX_INDENT_DEPTH + 1 {
                return Err(error(
                    format!("too many levels of indentation (more than {MAX_INDENT_DEPTH})"),
                    start,
                    self.i - start,
                ));
            }
        }
        Ok(())
    }

    fn skip_comment(&mut self) {
        self.i = memchr::memchr2(b'\n', b'\r', &self.b[self.i..]).map_or(self.b.len(), |n| self.i + n);
    }

    fn number(&mut self) {
        let mut prev = 0u8;
        while let Some(&c) = self.b.get(self.i) {
            let exponent_sign = matches!(c, b'+' | b'-') && matches!(prev, b'e' | b'E');
            if !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || exponent_sign) {
                break;
            }
            prev = c;
            self.i += 1;
        }
        self.operand();
    }

    /// A name, keyword, or string prefix.
    fn word(&mut self) -> Result<(), SyntaxRestriction> {
        let start = self.i;
        while let Some(&c) = self.b.get(self.i) {
            if !(c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80) {
                break;
            }
            self.i += 1;
        }
        let word = &self.b[start..self.i];
        if matches!(self.b.get(self.i), Some(b'\'' | b'"'))
            && word.len() <= 2
            && word.iter().all(|c| b"rRbBuUfFtT".contains(c))
        {
            self.i = start;
            return self.string(word.len());
        }
        match keyword_kind(word) {
            Keyword::Operator => {
                let top = self.top();
                top.end_atom();
                top.ops += 1;
                self.after_operand = false;
                return self.check_expression(start);
            }
            Keyword::Statement => {
                self.top().end_atom();
                self.after_operand = false;
                return Ok(());
            }
            Keyword::None => {}
        }
        self.operand();
        Ok(())
    }

    /// An atom starts (a name or literal).
    fn operand(&mut self) {
        if !self.after_operand && !self.in_attribute {
            let top = self.top();
            top.end_atom();
            top.atom = 1;
        }
        self.after_operand = true;
        self.in_attribute = false;
    }

    /// A string literal with a prefix of `prefix_len` bytes at `self.i`.
    fn string(&mut self, prefix_len: usize) -> Result<(), SyntaxRestriction> {
        let start = self.i;
        let prefix = &self.b[self.i..self.i + prefix_len];
        let raw = prefix.iter().any(|c| matches!(c, b'r' | b'R'));
        let fstring = prefix.iter().any(|c| matches!(c, b'f' | b'F' | b't' | b'T'));
        self.i += prefix_len;
        let quote = self.b[self.i];
        let triple = self.b.get(self.i + 1) == Some(&quote) && self.b.get(self.i + 2) == Some(&quote);
        self.i += if triple { 3 } else { 1 };
        self.operand();
        self.string_body(StringKind { quote, triple, raw, fstring }, start)
    }

    /// Scan string text up to the closing quote, or into an f-string replacement field.
    fn string_body(&mut self, kind: StringKind, start: usize) -> Result<(), SyntaxRestriction> {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'\\' => self.i += 2,
                b'\n' | b'\r' if !kind.triple => return Ok(()), // unterminated: the parser reports it
                b'{' if kind.fstring => {
                    if self.b.get(self.i + 1) == Some(&b'{') {
                        self.i += 2;
                        continue;
                    }
                    if self.levels.len() > MAX_BRACKET_DEPTH {
                        return Err(error(
                            format!("too many nested parentheses (more than {MAX_BRACKET_DEPTH} levels)"),
                            self.i,
                            1,
                        ));
                    }
                    self.push(Level { open: start, fstring: Some(kind), ..Level::default() });
                    self.after_operand = false;
                    self.i += 1;
                    return Ok(());
                }
                q if q == kind.quote => {
                    if !kind.triple {
                        self.i += 1;
                        self.after_operand = true;
                        return Ok(());
                    }
                    if self.b.get(self.i + 1) == Some(&q) && self.b.get(self.i + 2) == Some(&q) {
                        self.i += 3;
                        self.after_operand = true;
                        return Ok(());
                    }
                    self.i += 1;
                }
                _ => self.i += 1,
            }
        }
        let _ = kind.raw;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check as the CLI runs it: on a large stack, so the full limits apply.
    fn depth_error(text: &str) -> Option<String> {
        let text = text.to_string();
        crate::stack::with_stack(crate::stack::DEFAULT_STACK_SIZE, move || check(&text).err().map(|e| e.message))
    }

    #[test]
    fn the_expression_limit_follows_the_stack_left() {
        assert_eq!(expression_limit(None), MAX_EXPRESSION_DEPTH);
        assert_eq!(expression_limit(Some(256 << 20)), MAX_EXPRESSION_DEPTH);
        let small = expression_limit(Some(2 << 20));
        assert!((100..1000).contains(&small), "{small}");
        assert_eq!(expression_limit(Some(0)), 16);
        if cfg!(target_os = "linux") {
            let here = crate::stack::remaining_stack().expect("Linux reports the stack");
            assert!(here > 0 && here < 1 << 30, "{here}");
        }
    }

    #[test]
    fn ordinary_code_passes() {
        let ok = [
            "x = f(a, b)[0].c + 1\n",
            "def f(a, *b, **c):\n    return {k: v for k, v in c.items() if k}\n",
            "s = f\"{x!r:>{width}} {{literal}} {y['k']}\"\n",
            "t = '''a\n(((\n'''\nu = r'\\''\n",
            "x = 1e-5 + .5 - 0x1F\n",
            "if a:\n\tif b:\n\t\tpass\n# comment (((\n",
        ];
        for t in ok {
            assert_eq!(depth_error(t), None, "{t}");
        }
    }

    #[test]
    fn limits_are_those_of_cpython_or_looser() {
        let parens = |n: usize| format!("x = {}1{}\n", "(".repeat(n), ")".repeat(n));
        assert_eq!(depth_error(&parens(MAX_BRACKET_DEPTH)), None);
        assert!(depth_error(&parens(MAX_BRACKET_DEPTH + 1)).unwrap().contains("too many nested parentheses"));

        let ifs = |n: usize| (0..n).map(|i| format!("{}if x:\n", " ".repeat(i))).collect::<String>() + &" ".repeat(n) + "pass\n";
        assert_eq!(depth_error(&ifs(MAX_INDENT_DEPTH - 1)), None);
        assert!(depth_error(&ifs(MAX_INDENT_DEPTH + 1)).unwrap().contains("indentation"));

        let sum = |n: usize| format!("x = {}1\n", "a[0] * b[0] + ".repeat(n));
        assert_eq!(depth_error(&sum(1024)), None, "a 1024-term sum of products is fine");
        let chain = format!("x = {}1\n", "1 + ".repeat(MAX_EXPRESSION_DEPTH + 10));
        assert!(depth_error(&chain).unwrap().contains("too deeply nested"));
        let unary = format!("x = {}1\n", "-".repeat(MAX_EXPRESSION_DEPTH + 10));
        assert!(depth_error(&unary).is_some());
        let calls = format!("x = f{}\n", "()".repeat(MAX_EXPRESSION_DEPTH + 10));
        assert!(depth_error(&calls).is_some());
        let attrs = format!("x = a{}\n", ".b".repeat(MAX_EXPRESSION_DEPTH + 10));
        assert!(depth_error(&attrs).is_some());
    }

    #[test]
    fn items_are_measured_separately() {
        let list = format!("x = [{}]\n", "a + b, ".repeat(10_000));
        assert_eq!(depth_error(&list), None);
        let lines = "x = a + b\n".repeat(10_000);
        assert_eq!(depth_error(&lines), None);
    }

    #[test]
    fn error_points_at_the_excess() {
        let text = format!("y = 1\nx = {}1{}\n", "(".repeat(300), ")".repeat(300));
        let e = check(&text).unwrap_err();
        assert_eq!(usize::from(e.range.start()), 6 + 4 + MAX_BRACKET_DEPTH);
    }
}
