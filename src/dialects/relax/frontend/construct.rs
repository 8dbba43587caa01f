//! The one Relax construction state (TVM's block builder's block frames and name
//! supply), held by both the script parser's function frame (`frame.rs`) and
//! `relax.BlockBuilder` (`block_builder.rs`): the open binding sequences, innermost
//! last, and the supply of fresh names.

use std::collections::HashMap;

use crate::dialects::relax::nodes::{AnyBlock, Binding};
use crate::ir::Span;

/// Bindings of one sequence (a function body, an `if` branch, a builder's block).
#[derive(Default)]
pub struct Seq {
    /// The blocks closed so far.
    pub blocks: Vec<AnyBlock>,
    /// The block being filled.
    pub current: Vec<Binding>,
    /// Whether the open block is a dataflow block.
    pub dataflow: bool,
    /// The Python name of the last binding (what an `if` branch assigns).
    pub last_name: Option<String>,
}

impl Seq {
    /// A sequence whose first block is a dataflow block or not.
    pub fn new(dataflow: bool) -> Seq {
        Seq { dataflow, ..Seq::default() }
    }

    /// Close the block being filled (empty blocks are dropped).
    pub fn flush(&mut self) {
        if !self.current.is_empty() {
            let bindings = std::mem::take(&mut self.current);
            self.blocks.push(AnyBlock::make(self.dataflow, bindings, Span::none()));
        }
    }

    /// Close the block being filled; the next one is a dataflow block or not.
    pub fn start_block(&mut self, dataflow: bool) {
        self.flush();
        self.dataflow = dataflow;
    }

    /// The sequence's bindings as one block of its kind (a builder's `EndBlock`).
    pub fn into_block(mut self) -> AnyBlock {
        let mut bindings: Vec<Binding> = self.blocks.drain(..).flat_map(|b| b.bindings().to_vec()).collect();
        bindings.append(&mut self.current);
        AnyBlock::make(self.dataflow, bindings, Span::none())
    }
}

/// TVM's `NameSupply`: `name`, else `name1`, `name2` … (dots become underscores),
/// each name given once. A name made by appending a number to a base is not stored:
/// it is taken when the base's counter has reached that number.
#[derive(Default)]
pub struct NameSupply {
    last: HashMap<String, usize>,
}

impl NameSupply {
    /// Whether `name` was given (or stored as taken).
    pub fn contains(&self, name: &str) -> bool {
        if self.last.contains_key(name) {
            return true;
        }
        // `base` + `k` (no leading zero) is taken when the base's counter reached k.
        let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
        (name.len() - digits..name.len()).any(|cut| {
            let (base, k) = name.split_at(cut);
            !k.starts_with('0')
                && !base.is_empty()
                && k.parse::<usize>().is_ok_and(|k| self.last.get(base).is_some_and(|&n| n >= k))
        })
    }

    /// A name no earlier request got.
    pub fn fresh(&mut self, name: &str) -> String {
        let name = if name.contains('.') { name.replace('.', "_") } else { name.to_string() };
        let mut n = match self.last.get(&name) {
            Some(&n) => n,
            None if self.contains(&name) => 0,
            None => {
                self.last.insert(name.clone(), 0);
                return name;
            }
        };
        loop {
            n += 1;
            let candidate = format!("{name}{n}");
            if !self.contains(&candidate) {
                self.last.insert(name, n);
                return candidate;
            }
        }
    }
}

/// The open sequences and the name supply of one function (or builder).
#[derive(Default)]
pub struct Construction {
    /// The open sequences, innermost last.
    pub seqs: Vec<Seq>,
    /// The fresh names given so far.
    pub names: NameSupply,
}

impl Construction {
    /// The innermost open sequence, if any.
    pub fn open(&mut self) -> Option<&mut Seq> {
        self.seqs.last_mut()
    }

    /// Whether the block being filled is a dataflow block.
    pub fn dataflow(&self) -> bool {
        self.seqs.last().is_some_and(|s| s.dataflow)
    }

    /// A fresh name for a binding: the hint, or `lv` (in a dataflow block) / `gv`,
    /// numbered as TVM's builder numbers them.
    pub fn fresh_name(&mut self, hint: &str) -> String {
        let hint = if !hint.is_empty() { hint } else if self.dataflow() { "lv" } else { "gv" };
        self.names.fresh(hint)
    }
}
