//! Formatting a large script on two threads.
//!
//! Without underlines or line numbers, the text of a statement depends only on the
//! statement and its indentation. So the statements `stmts[from..]` of one indented
//! block can be formatted on a second thread while the first formats everything else,
//! and their text spliced in where the first reaches them. The block is chosen so the
//! two shares are about equal, measured in statements.

use super::doc::{Doc, StmtDoc, StmtKind};

/// Scripts with fewer statements are formatted on one thread (a thread costs more).
const MIN_STATEMENTS: usize = 2000;

/// Where the second thread's share starts.
pub(super) struct SplitPlan<'d> {
    /// The indented block, all of whose statements are at `indent`.
    pub block: &'d [StmtDoc],
    /// The second thread formats `block[from..]`.
    pub from: usize,
    pub indent: usize,
}

/// A plan, if the doc is large, a second core is available and some block splits the
/// statements into shares no further than a quarter apart from half.
pub(super) fn plan(doc: &Doc, indent_step: usize) -> Option<SplitPlan<'_>> {
    let top: &[StmtDoc] = match doc {
        Doc::Block(b) => &b.stmts,
        Doc::Stmt(s) => std::slice::from_ref(s),
        Doc::Expr(_) => return None,
    };
    let total: usize = top.iter().map(weight).sum();
    if total < MIN_STATEMENTS || std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
        return None;
    }
    let half = total / 2;
    // The top level is joined without a leading newline, so only nested blocks split:
    // start from the heaviest top-level statement.
    let mut heaviest = top.iter().max_by_key(|s| weight(s))?;
    let mut indent = 0;
    loop {
        let block = bodies(heaviest).max_by_key(|b| b.iter().map(weight).sum::<usize>())?;
        indent += indent_step;
        let weights: Vec<usize> = block.iter().map(weight).collect();
        // The suffix closest to half of the whole script.
        let mut suffix = 0;
        let mut best: Option<(usize, usize)> = None;
        for from in (1..block.len()).rev() {
            suffix += weights[from];
            let off = suffix.abs_diff(half);
            if best.is_none_or(|(_, b)| off < b) {
                best = Some((from, off));
            }
        }
        if let Some((from, off)) = best
            && off <= total / 4
        {
            return Some(SplitPlan { block, from, indent });
        }
        // One statement holds most of the script: split inside it.
        let (i, &w) = weights.iter().enumerate().max_by_key(|(_, w)| **w)?;
        if w <= half {
            return None;
        }
        heaviest = &block[i];
    }
}

/// Whether `stmts` are too many to format ahead of the rest (`Printer::format_ahead`):
/// enough to be worth two threads at the end. Counts no further than it needs to.
pub(super) fn too_large_to_format_ahead(stmts: &[StmtDoc]) -> bool {
    fn count(stmts: &[StmtDoc], n: &mut usize) -> bool {
        for s in stmts {
            *n += 1;
            if *n >= MIN_STATEMENTS || bodies(s).any(|b| count(b, n)) {
                return true;
            }
        }
        false
    }
    count(stmts, &mut 0)
}

/// The length of the text of the statements formatted ahead (`StmtKind::Formatted`)
/// at the top of `doc` and in the classes there (where a module's functions are).
pub(super) fn formatted_len(doc: &Doc) -> usize {
    fn len(stmts: &[StmtDoc], classes: bool) -> usize {
        stmts
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Formatted { text, .. } => text.len(),
                StmtKind::Class(c) if classes => len(&c.body, false),
                _ => 0,
            })
            .sum()
    }
    match doc {
        Doc::Block(b) => len(&b.stmts, true),
        Doc::Stmt(s) => len(std::slice::from_ref(s), true),
        Doc::Expr(_) => 0,
    }
}

/// The number of statements in `s`, itself included.
fn weight(s: &StmtDoc) -> usize {
    1 + bodies(s).map(|b| b.iter().map(weight).sum::<usize>()).sum::<usize>()
}

/// The indented blocks of a statement.
fn bodies(s: &StmtDoc) -> impl Iterator<Item = &[StmtDoc]> {
    let (a, b): (&[StmtDoc], &[StmtDoc]) = match &s.kind {
        StmtKind::If { then_branch, else_branch, .. } => (then_branch, else_branch),
        StmtKind::While { body, .. } | StmtKind::For { body, .. } | StmtKind::Scope { body, .. } => (body, &[]),
        StmtKind::Function(f) => (&f.body, &[]),
        StmtKind::Class(c) => (&c.body, &[]),
        _ => (&[], &[]),
    };
    [a, b].into_iter().filter(|b| !b.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printer::config::PrinterConfig;
    use crate::printer::doc::{ClassDoc, ExprDoc, FunctionDoc, StmtBlockDoc};
    use crate::printer::python::format;

    fn assign(i: usize) -> StmtDoc {
        StmtDoc::assign(ExprDoc::id(format!("v{i}")), ExprDoc::id("f").call(vec![ExprDoc::int(i as i64)]))
    }

    fn function(name: &str, body: Vec<StmtDoc>) -> StmtDoc {
        let f = FunctionDoc {
            name: ExprDoc::id(name),
            args: Vec::new(),
            decorators: vec![ExprDoc::id("R").attr("function")],
            return_type: None,
            body,
            type_params: Vec::new(),
        };
        StmtDoc::new(StmtKind::Function(Box::new(f)))
    }

    /// A module of `small` short functions and one function of `big` statements, nested
    /// in a `with` block, followed by a statement after the block.
    fn module(small: usize, big: usize) -> Doc {
        let mut body: Vec<StmtDoc> = (0..small).map(|k| function(&format!("f{k}"), vec![assign(k)])).collect();
        let inner: Vec<StmtDoc> = (0..big).map(assign).collect();
        let with = StmtDoc::scope(None, ExprDoc::id("R").attr("dataflow").call(vec![]), inner);
        body.insert(small / 2, function("main", vec![with, StmtDoc::new(StmtKind::Return(ExprDoc::id("v0")))]));
        let class = ClassDoc { name: ExprDoc::id("Module"), decorators: vec![], body };
        let header = StmtDoc::comment("from tvm.script import relax as R");
        Doc::Block(StmtBlockDoc::new(vec![header, StmtDoc::new(StmtKind::Class(Box::new(class)))]))
    }

    #[test]
    fn split_text_is_the_single_thread_text() {
        let cfg = PrinterConfig::default();
        for (small, big) in [(3000, 10), (10, 5000), (1500, 1500), (0, 2500)] {
            let doc = module(small, big);
            assert!(plan(&doc, cfg.indent_spaces).is_some(), "({small}, {big}) is large enough to split");
            let one = format(&doc, &cfg, &[], false).unwrap();
            let two = crate::with_helper_threads(true, || format(&doc, &cfg, &[], true)).unwrap();
            assert_eq!(one, two, "({small}, {big})");
        }
    }

    #[test]
    fn shares_are_about_half() {
        let doc = module(10, 5000);
        let p = plan(&doc, 4).expect("a plan");
        // The split is inside `main`'s `with` block, two levels below the class body.
        assert_eq!(p.indent, 12);
        let share: usize = p.block[p.from..].iter().map(weight).sum();
        let total = match &doc {
            Doc::Block(b) => b.stmts.iter().map(weight).sum::<usize>(),
            _ => unreachable!(),
        };
        assert!(share.abs_diff(total / 2) <= total / 4, "{share} of {total}");
    }

    #[test]
    fn small_docs_are_not_split() {
        assert!(plan(&module(10, 100), 4).is_none());
    }
}
