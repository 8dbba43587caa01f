//! A fast non-cryptographic hasher for hot internal tables: the printer's (keyed by
//! object addresses, which `ObjectRef` hashes, and short names, probed for every
//! node printed), the body lowering's (names of a definition), the builders' frames
//! (a Relax function's symbols and substitutions, a module's GlobalVars) and the
//! construction protocol's registry. Their keys are never chosen by an adversary to
//! collide, and SipHash's cost showed up in profiles.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher over 8-byte words (the scheme of rustc's `FxHasher`).
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    hash: u64,
}

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8-byte chunk")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            self.add(tail_word(rest));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // The table picks buckets by the low bits; addresses are aligned, so fold the
        // well-mixed high bits down.
        self.hash ^ (self.hash >> 32)
    }
}

/// The 1 to 7 bytes after the last whole word, as one word, read with at most two
/// loads instead of a copy through a buffer (a `memcpy` call per short name hashed).
/// Reads may overlap, so different tails can give the same word; `str` keys also
/// hash a terminator, and a collision only costs a comparison.
#[inline]
fn tail_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    let word = if n >= 4 {
        let lo = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
        let hi = u32::from_le_bytes([rest[n - 4], rest[n - 3], rest[n - 2], rest[n - 1]]);
        u64::from(lo) | (u64::from(hi) << 32)
    } else {
        // 1 to 3 bytes: first, middle and last.
        u64::from(rest[0]) | (u64::from(rest[n / 2]) << 8) | (u64::from(rest[n - 1]) << 16)
    };
    word ^ ((n as u64) << 59)
}

/// Builds [`FastHasher`]s.
pub type FastBuild = BuildHasherDefault<FastHasher>;
/// A `HashMap` with the fast hasher.
pub type FastMap<K, V> = HashMap<K, V, FastBuild>;
/// A `HashSet` with the fast hasher.
pub type FastSet<K> = HashSet<K, FastBuild>;
/// An `IndexMap` with the fast hasher.
pub type FastIndexMap<K, V> = indexmap::IndexMap<K, V, FastBuild>;

#[cfg(test)]
mod tests {
    use super::{FastBuild, FastSet};
    use std::hash::BuildHasher;

    /// Names of every length up to two words hash apart from each other, and equal
    /// names alike (the tail is read with overlapping loads).
    #[test]
    fn short_names_hash_apart() {
        let names: Vec<String> = (1..=16)
            .flat_map(|len| ["x", "v", "_", "T", "1"].map(|c| c.repeat(len)).into_iter().chain([format!("{:a<len$}", "b")]))
            .collect();
        let hashes: FastSet<u64> = names.iter().map(|n| FastBuild::default().hash_one(n.as_str())).collect();
        assert_eq!(hashes.len(), names.len());
        for n in &names {
            assert_eq!(FastBuild::default().hash_one(n.as_str()), FastBuild::default().hash_one(n.clone().as_str()));
        }
        let set: FastSet<&str> = names.iter().map(String::as_str).collect();
        assert!(names.iter().all(|n| set.contains(n.as_str())));
    }
}
