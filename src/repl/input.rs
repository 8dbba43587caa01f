//! Telling complete REPL input from input that needs more lines, the way Python's
//! `code.compile_command` does: a statement is complete when it parses, an error at
//! the very end of the text means "keep reading", and a compound statement
//! (`def`, decorated functions, module classes, `for` …) ends with a blank line.

use rustpython_vm::compiler::ast::Stmt;
use rustpython_vm::compiler::parser;

use super::highlight::open_state;

/// What to do with the text typed so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputStatus {
    /// Nothing to run (blank lines and comments only).
    Empty,
    /// Read another line.
    Incomplete,
    /// Run it (it may still be a syntax error, which running reports).
    Ready,
}

/// Classify the text typed so far (lines joined with `\n`, ending in `\n`).
pub fn classify(text: &str) -> InputStatus {
    if text.lines().all(|l| {
        let t = l.trim_start();
        t.is_empty() || t.starts_with('#')
    }) {
        return InputStatus::Empty;
    }
    // Open brackets, triple-quoted strings and `\` continuations keep reading, even
    // across blank lines.
    if open_state(text).is_open() {
        return InputStatus::Incomplete;
    }
    let ends_with_blank_line = {
        let body = text.strip_suffix('\n').unwrap_or(text);
        body.contains('\n') && body.rsplit('\n').next().is_some_and(|l| l.trim().is_empty())
    };
    match parser::parse_module(text) {
        Ok(parsed) => {
            let module = parsed.into_syntax();
            if ends_with_blank_line || !module.body.last().is_some_and(is_compound) {
                InputStatus::Ready
            } else {
                InputStatus::Incomplete
            }
        }
        Err(e) => {
            // A blank line ends the input whatever it holds: running it reports the error.
            if ends_with_blank_line {
                return InputStatus::Ready;
            }
            let end = text.trim_end().len();
            if usize::from(e.location.start()) >= end { InputStatus::Incomplete } else { InputStatus::Ready }
        }
    }
}

/// Statements with a body, which the REPL ends with a blank line.
fn is_compound(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::FunctionDef(_) | Stmt::ClassDef(_) | Stmt::If(_) | Stmt::For(_) | Stmt::While(_) | Stmt::With(_) | Stmt::Try(_) | Stmt::Match(_)
    )
}

#[cfg(test)]
mod tests {
    use super::InputStatus::*;
    use super::*;

    #[test]
    fn simple_statements_are_ready() {
        assert_eq!(classify("1 + 2\n"), Ready);
        assert_eq!(classify("x = [1,\n 2]\n"), Ready);
        assert_eq!(classify("import tvm\n"), Ready);
    }

    #[test]
    fn blank_and_comment_lines_are_empty() {
        assert_eq!(classify("\n"), Empty);
        assert_eq!(classify("   # note\n"), Empty);
    }

    #[test]
    fn open_constructs_keep_reading() {
        assert_eq!(classify("x = (1,\n"), Incomplete);
        assert_eq!(classify("x = (1,\n\n"), Incomplete, "a blank line inside brackets does not end input");
        assert_eq!(classify("s = '''a\n"), Incomplete);
        assert_eq!(classify("x = 1 + \\\n"), Incomplete);
    }

    #[test]
    fn blocks_end_with_a_blank_line() {
        assert_eq!(classify("@T.prim_func\n"), Incomplete);
        assert_eq!(classify("def f():\n"), Incomplete);
        assert_eq!(classify("def f():\n    return 1\n"), Incomplete);
        assert_eq!(classify("def f():\n    return 1\n\n"), Ready);
        assert_eq!(classify("@I.ir_module\nclass M:\n    pass\n"), Incomplete);
        assert_eq!(classify("@I.ir_module\nclass M:\n    pass\n\n"), Ready);
        assert_eq!(classify("if x:\n    pass\nelse:\n"), Incomplete);
        assert_eq!(classify("for i in range(3): print(i)\n"), Incomplete);
    }

    #[test]
    fn errors_before_the_end_are_ready_to_report() {
        assert_eq!(classify("x = )\n"), Ready);
        assert_eq!(classify("def f(:\n"), Ready);
        // An unfinished block ended by a blank line is run, to report the error.
        assert_eq!(classify("def f():\n\n"), Ready);
    }
}
