//! CPython's `TabError`: indentation that means different things with a tab as 8
//! columns and as 1 (`inconsistent use of tabs and spaces in indentation`). The
//! Python parser we use counts a tab one way only, so the check runs before it,
//! with CPython's rule, at the start of each logical line.

use ruff_text_size::{TextRange, TextSize};

/// The range of the first line whose indentation is inconsistent, if any. Only a
/// source that indents with both tabs and spaces is scanned.
pub fn check(text: &str) -> Result<(), TextRange> {
    let indents_with = |c: char| text.starts_with(c) || text.contains(&format!("\n{c}"));
    if !(indents_with('\t') && indents_with(' ')) {
        return Ok(());
    }
    let (mut stack, mut alt) = (vec![0usize], vec![0usize]);
    let mut depth = 0i32;
    let mut quote: Option<&str> = None;
    let mut continued = false;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        if quote.is_none() && depth == 0 && !continued {
            let (mut col, mut altcol) = (0usize, 0usize);
            let mut rest = line;
            for (i, ch) in line.char_indices() {
                match ch {
                    ' ' => {
                        col += 1;
                        altcol += 1;
                    }
                    '\t' => {
                        col = (col / 8 + 1) * 8;
                        altcol += 1;
                    }
                    '\x0c' => {
                        col = 0;
                        altcol = 0;
                    }
                    _ => {
                        rest = &line[i..];
                        break;
                    }
                }
            }
            let blank = rest.trim().is_empty() || rest.trim_start().starts_with('#') || rest.len() == line.len() && line.trim().is_empty();
            if !blank {
                let bad = TextRange::new(TextSize::from(start as u32), TextSize::from((start + line.trim_end().len()) as u32));
                let top = *stack.last().expect("never empty");
                let alt_top = *alt.last().expect("never empty");
                if col == top {
                    if altcol != alt_top {
                        return Err(bad);
                    }
                } else if col > top {
                    if altcol <= alt_top {
                        return Err(bad);
                    }
                    stack.push(col);
                    alt.push(altcol);
                } else {
                    while stack.len() > 1 && col < *stack.last().expect("never empty") {
                        stack.pop();
                        alt.pop();
                    }
                    // A dedent to no level is the parser's IndentationError.
                    if col == *stack.last().expect("never empty") && altcol != *alt.last().expect("never empty") {
                        return Err(bad);
                    }
                }
            }
        }
        // Brackets, strings and continuations decide where the next logical line starts.
        continued = false;
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if let Some(q) = quote {
                if bytes[i] == b'\\' {
                    i += 2;
                    continue;
                }
                if line[i..].starts_with(q) {
                    i += q.len();
                    quote = None;
                    continue;
                }
                i += 1;
                continue;
            }
            match bytes[i] {
                b'#' => break,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = (depth - 1).max(0),
                b'\\' if line[i + 1..].trim_end_matches(['\n', '\r']).is_empty() => continued = true,
                b'"' | b'\'' => {
                    let triple = if bytes[i] == b'"' { "\"\"\"" } else { "'''" };
                    let q = if line[i..].starts_with(triple) { triple } else if bytes[i] == b'"' { "\"" } else { "'" };
                    quote = Some(q);
                    i += q.len();
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        // A one-quote string ends with its line (an unterminated one is the parser's).
        if matches!(quote, Some("\"") | Some("'")) {
            quote = None;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn a_tab_and_eight_spaces_at_one_level_is_inconsistent() {
        assert!(check("if x:\n        a = 1\n\tb = 2\n").is_err());
        assert!(check("if x:\n\ta = 1\n\tb = 2\n").is_ok());
        assert!(check("if x:\n    a = (1,\n\t2)\n").is_ok());
        assert!(check("s = '''\n\tx\n'''\nif x:\n    y = 1\n").is_ok());
    }
}
