//! Structural equality and hashing (TVM's `structural_equal`, `structural_hash`,
//! `get_first_structural_mismatch`, `assert_structural_equal`).
//!
//! Everything is driven by reflection: a node compares by type key and by its
//! fields (`FieldRole::Ignore` fields skipped), in declaration order.
//! * `FieldRole::Def` fields are definition points: a variable (`EqKind::Var`)
//!   met inside one is bound lhs <-> rhs after its own fields (its type) compare
//!   equal; every later occurrence must agree with that binding. Like TVM's
//!   "pattern" regions, the region extends to everything below the field.
//! * Outside definitions an unbound variable equals only itself, unless
//!   `map_free_vars` is set: then the whole comparison is one definition region
//!   and free variables bind on first sight.
//! * `EqKind::Unique` nodes (operators) compare by identity.
//! * A GlobalVar is a free variable outside a module, as in TVM: a function alone
//!   equals another only if their GlobalVars are the same (or `map_free_vars`);
//!   inside two modules compared, GlobalVars match by name (their type is not
//!   compared, as in TVM).
//! * Floats compare by bit pattern except that NaN equals NaN (so `0.0 != -0.0`);
//!   `Bool`, `Int` and `Float` never equal one another.
//! * Maps compare key-wise, independent of order: plain keys by value,
//!   variables through the binding, other objects structurally.
//!
//! The hash agrees with equality: variables bound at definitions hash by their
//! definition order, free variables by identity (or by order when `map_free_vars`),
//! and each object's hash is memoised so every later use of a variable hashes as
//! its definition did. Map entries are combined in an order-independent way.

use std::collections::HashMap;
use std::hash::Hasher;
use std::sync::RwLock;

use super::error::{Error, Result};
use super::object::{EqKind, FieldRole, ObjectRef, TypeInfo};
use super::path::{AccessPath, PathStep};
use super::value::{Field, Value};

/// Structural equality with a choice of free-variable handling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StructuralEqual {
    /// Bind variables that have no definition on first sight instead of requiring identity.
    pub map_free_vars: bool,
}

impl StructuralEqual {
    /// A comparer; `map_free_vars` binds free variables on first sight.
    pub fn new(map_free_vars: bool) -> Self {
        StructuralEqual { map_free_vars }
    }

    /// Whether `lhs` and `rhs` are structurally equal.
    pub fn equal<L: Field, R: Field>(&self, lhs: &L, rhs: &R) -> bool {
        self.equal_values(&lhs.to_value(), &rhs.to_value())
    }

    /// Whether two values are structurally equal.
    pub fn equal_values(&self, lhs: &Value, rhs: &Value) -> bool {
        EqEngine::new(self.map_free_vars, false).value(lhs, rhs)
    }

    /// The paths to the first difference on each side, or `None` when equal.
    pub fn first_mismatch<L: Field, R: Field>(&self, lhs: &L, rhs: &R) -> Option<(AccessPath, AccessPath)> {
        self.first_mismatch_values(&lhs.to_value(), &rhs.to_value())
    }

    /// The paths to the first difference of two values, or `None` when equal.
    pub fn first_mismatch_values(&self, lhs: &Value, rhs: &Value) -> Option<(AccessPath, AccessPath)> {
        let mut engine = EqEngine::new(self.map_free_vars, true);
        if engine.value(lhs, rhs) {
            return None;
        }
        Some((path_from_reversed(&engine.lhs_rev), path_from_reversed(&engine.rhs_rev)))
    }
}

/// `tvm_ffi.structural_equal(lhs, rhs, map_free_vars)`.
pub fn structural_equal<L: Field, R: Field>(lhs: &L, rhs: &R, map_free_vars: bool) -> bool {
    StructuralEqual::new(map_free_vars).equal(lhs, rhs)
}

/// `tvm_ffi.get_first_structural_mismatch(lhs, rhs, map_free_vars)`.
pub fn get_first_structural_mismatch<L: Field, R: Field>(
    lhs: &L,
    rhs: &R,
    map_free_vars: bool,
) -> Option<(AccessPath, AccessPath)> {
    StructuralEqual::new(map_free_vars).first_mismatch(lhs, rhs)
}

/// `tvm_ffi.structural_hash(value, map_free_vars)`: equal values hash equally.
pub fn structural_hash<T: Field>(value: &T, map_free_vars: bool) -> u64 {
    structural_hash_value(&value.to_value(), map_free_vars)
}

/// The structural hash of a value (see [`structural_hash`]).
pub fn structural_hash_value(value: &Value, map_free_vars: bool) -> u64 {
    HashEngine::new(map_free_vars).value(value)
}

/// Renders one side of a failed `assert_structural_equal`: the whole root, with
/// the mismatching path pointed out. The script printer installs a TVMScript
/// renderer; until then a compact reflection dump of the sub-value is used.
pub type MismatchRenderer = fn(root: &Value, path: &AccessPath) -> String;

static RENDERER: RwLock<Option<MismatchRenderer>> = RwLock::new(None);

/// Install the renderer `assert_structural_equal` uses for both sides.
pub fn set_mismatch_renderer(renderer: MismatchRenderer) {
    *RENDERER.write().unwrap_or_else(|e| e.into_inner()) = Some(renderer);
}

/// `tvm.ir.assert_structural_equal`: a ValueError naming the first mismatch on both sides,
/// in TVM's format (`StructuralEqual check failed, caused by lhs at <root>.b.value:` …).
pub fn assert_structural_equal<L: Field, R: Field>(lhs: &L, rhs: &R, map_free_vars: bool) -> Result<()> {
    let (lhs, rhs) = (lhs.to_value(), rhs.to_value());
    let Some((lhs_path, rhs_path)) = StructuralEqual::new(map_free_vars).first_mismatch_values(&lhs, &rhs) else {
        return Ok(());
    };
    let render = RENDERER.read().unwrap_or_else(|e| e.into_inner()).unwrap_or(render_fallback);
    Err(Error::value_error(format!(
        "StructuralEqual check failed, caused by lhs at {lhs_path}:\n{}\nand rhs at {rhs_path}:\n{}",
        render(&lhs, &lhs_path),
        render(&rhs, &rhs_path)
    )))
}

/// The value an access path leads to from `root` (`None` for a missing element).
pub fn value_at_path(root: &Value, path: &AccessPath) -> Option<Value> {
    let mut cur = root.clone();
    for step in path.steps() {
        cur = match (step, &cur) {
            (PathStep::Attr(name), Value::Object(o)) => o.field(&name)?,
            (PathStep::Index(i), Value::Array(a)) => a.get(i)?.clone(),
            (PathStep::MapKey(k), Value::Map(m)) => {
                m.iter().find(|(key, _)| key_matches_exactly(key, &k)).map(|(_, v)| v.clone())?
            }
            _ => return None,
        };
    }
    Some(cur)
}

/// Where in the source the node an access path leads to came from: its span, else
/// that of the innermost located node on the way (a report of a mismatch points
/// at the statement or expression that has it).
pub fn span_at_path(root: &Value, path: &AccessPath) -> Option<super::Span> {
    let located = |v: &Value| match v {
        Value::Object(o) if !o.span().is_none() => Some(o.span().clone()),
        _ => None,
    };
    let mut cur = root.clone();
    let mut span = located(&cur);
    for step in path.steps() {
        let next = match (step, &cur) {
            (PathStep::Attr(name), Value::Object(o)) => o.field(&name),
            (PathStep::Index(i), Value::Array(a)) => a.get(i).cloned(),
            (PathStep::MapKey(k), Value::Map(m)) => m.iter().find(|(key, _)| key_matches_exactly(key, &k)).map(|(_, v)| v.clone()),
            _ => None,
        };
        let Some(next) = next else { break };
        span = located(&next).or(span);
        cur = next;
    }
    span
}

fn key_matches_exactly(a: &Value, b: &Value) -> bool {
    a == b || StructuralEqual::new(true).equal_values(a, b)
}

/// Without a script printer: the path and a short dump of what it leads to.
fn render_fallback(root: &Value, path: &AccessPath) -> String {
    let shown = match value_at_path(root, path) {
        Some(v) => short_repr(&v, 3),
        None => "<missing>".to_string(),
    };
    format!("Access path: {path}\n  {shown}")
}

/// A compact, depth-limited reflection dump: `prim.Add(ty=ir.PrimType(dtype="int32"), …)`.
pub fn short_repr(value: &Value, depth: usize) -> String {
    match value {
        Value::Object(o) => {
            let info = o.type_info();
            if depth == 0 {
                return format!("{}(...)", info.key);
            }
            let parts: Vec<String> = info
                .fields
                .iter()
                .zip(o.fields())
                .map(|(f, v)| format!("{}={}", f.name, short_repr(&v, depth - 1)))
                .collect();
            format!("{}({})", info.key, parts.join(", "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(|v| short_repr(v, depth.saturating_sub(1))).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Map(m) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", short_repr(k, 0), short_repr(v, depth.saturating_sub(1))))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        other => other.repr(),
    }
}

fn path_from_reversed(rev: &[PathStep]) -> AccessPath {
    rev.iter().rev().fold(AccessPath::root(), |p, s| p.extend(s.clone()))
}

fn same_type(a: &TypeInfo, b: &TypeInfo) -> bool {
    std::ptr::eq(a, b) || a.key == b.key
}

/// The function names of the modules enclosing the nodes compared or hashed.
#[derive(Clone, Default)]
struct ModuleNames(Vec<std::sync::Arc<std::collections::HashSet<std::sync::Arc<str>>>>);

impl ModuleNames {
    /// Enter `o` if it is a module; whether it was.
    fn enter(&mut self, o: &ObjectRef) -> bool {
        let Some(m) = o.downcast_ref::<super::module::IRModuleNode>() else { return false };
        self.0.push(std::sync::Arc::new(m.functions.iter().map(|(gv, _)| gv.name_hint.clone()).collect()));
        true
    }
    fn leave(&mut self) {
        self.0.pop();
    }
}

/// The equality kind of `o`: TVM's GlobalVar is a free variable except inside the
/// module that defines it, where ours (one name may have several GlobalVar objects
/// there, typed per dialect) compares by name.
fn eq_kind(o: &ObjectRef, modules: &ModuleNames) -> EqKind {
    match o.downcast_ref::<super::expr::GlobalVarNode>() {
        Some(gv) if !modules.0.iter().any(|names| names.contains(&gv.name_hint)) => EqKind::Var,
        _ => o.type_info().eq_kind,
    }
}

// ---------------------------------------------------------------------------
// Equality

struct EqEngine {
    /// Inside a definition region: unbound variables bind instead of failing.
    def_region: bool,
    lhs_to_rhs: HashMap<ObjectRef, ObjectRef>,
    rhs_to_lhs: HashMap<ObjectRef, ObjectRef>,
    /// Bindings in the order made, so a failed map-key probe can undo its own.
    bound: Vec<ObjectRef>,
    /// Record the mismatch path (reversed: innermost step first).
    trace: bool,
    /// The modules enclosing the nodes compared (see `eq_kind`).
    modules: ModuleNames,
    lhs_rev: Vec<PathStep>,
    rhs_rev: Vec<PathStep>,
}

impl EqEngine {
    fn new(map_free_vars: bool, trace: bool) -> Self {
        EqEngine {
            def_region: map_free_vars,
            lhs_to_rhs: HashMap::new(),
            rhs_to_lhs: HashMap::new(),
            bound: Vec::new(),
            trace,
            modules: ModuleNames::default(),
            lhs_rev: Vec::new(),
            rhs_rev: Vec::new(),
        }
    }

    fn note(&mut self, lhs: PathStep, rhs: PathStep) {
        if self.trace {
            self.lhs_rev.push(lhs);
            self.rhs_rev.push(rhs);
        }
    }

    fn value(&mut self, lhs: &Value, rhs: &Value) -> bool {
        match (lhs, rhs) {
            (Value::None, Value::None) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            // Several bit patterns are NaN; all of them are one value here.
            (Value::Float(a), Value::Float(b)) => {
                if a.is_nan() {
                    b.is_nan()
                } else {
                    a.to_bits() == b.to_bits()
                }
            }
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::DType(a), Value::DType(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => self.sequence(a, b),
            (Value::Map(a), Value::Map(b)) => self.map(a, b),
            (Value::Object(a), Value::Object(b)) => self.object(a, b),
            _ => false,
        }
    }

    fn object(&mut self, lhs: &ObjectRef, rhs: &ObjectRef) -> bool {
        let info = lhs.type_info();
        if !same_type(info, rhs.type_info()) {
            return false;
        }
        match eq_kind(lhs, &self.modules) {
            EqKind::Unique => lhs.same_as(rhs),
            EqKind::Tree if self.modules.enter(lhs) => {
                let ok = self.fields(lhs, rhs, info);
                self.modules.leave();
                ok
            }
            EqKind::Tree => self.fields(lhs, rhs, info),
            EqKind::Var => {
                if let Some(bound) = self.lhs_to_rhs.get(lhs) {
                    return bound.same_as(rhs);
                }
                // rhs already stands for another lhs variable.
                if self.rhs_to_lhs.contains_key(rhs) {
                    return false;
                }
                if !self.fields(lhs, rhs, info) {
                    return false;
                }
                if lhs.same_as(rhs) || self.def_region {
                    self.bind(lhs, rhs);
                    true
                } else {
                    false
                }
            }
        }
    }

    fn bind(&mut self, lhs: &ObjectRef, rhs: &ObjectRef) {
        self.lhs_to_rhs.insert(lhs.clone(), rhs.clone());
        self.rhs_to_lhs.insert(rhs.clone(), lhs.clone());
        self.bound.push(lhs.clone());
    }

    fn unbind_to(&mut self, mark: usize) {
        while self.bound.len() > mark {
            let lhs = self.bound.pop().expect("len > mark");
            if let Some(rhs) = self.lhs_to_rhs.remove(&lhs) {
                self.rhs_to_lhs.remove(&rhs);
            }
        }
    }

    fn fields(&mut self, lhs: &ObjectRef, rhs: &ObjectRef, info: &TypeInfo) -> bool {
        let (lf, rf) = (lhs.fields(), rhs.fields());
        for (i, field) in info.fields.iter().enumerate() {
            let (a, b) = match (lf.get(i), rf.get(i)) {
                (Some(a), Some(b)) => (a, b),
                _ => break,
            };
            let ok = match field.role {
                FieldRole::Ignore => continue,
                FieldRole::Normal => self.value(a, b),
                FieldRole::Def => {
                    let saved = std::mem::replace(&mut self.def_region, true);
                    let ok = self.value(a, b);
                    self.def_region = saved;
                    ok
                }
            };
            if !ok {
                self.note(PathStep::Attr(field.name.into()), PathStep::Attr(field.name.into()));
                return false;
            }
        }
        true
    }

    fn sequence(&mut self, lhs: &[Value], rhs: &[Value]) -> bool {
        if lhs.len() != rhs.len() && !self.trace {
            return false;
        }
        for (i, (a, b)) in lhs.iter().zip(rhs).enumerate() {
            if !self.value(a, b) {
                self.note(PathStep::Index(i), PathStep::Index(i));
                return false;
            }
        }
        let n = lhs.len().min(rhs.len());
        match lhs.len().cmp(&rhs.len()) {
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Greater => {
                self.note(PathStep::Index(n), PathStep::IndexMissing(n));
                false
            }
            std::cmp::Ordering::Less => {
                self.note(PathStep::IndexMissing(n), PathStep::Index(n));
                false
            }
        }
    }

    fn map(&mut self, lhs: &[(Value, Value)], rhs: &[(Value, Value)]) -> bool {
        if lhs.len() != rhs.len() && !self.trace {
            return false;
        }
        let index = KeyIndex::build(rhs, &self.modules);
        let mut matched = vec![false; rhs.len()];
        for (key, value) in lhs {
            let Some(j) = self.find_key(key, rhs, &index, &matched) else {
                self.note(PathStep::MapKey(key.clone()), PathStep::MapKeyMissing(key.clone()));
                return false;
            };
            matched[j] = true;
            if !self.value(value, &rhs[j].1) {
                self.note(PathStep::MapKey(key.clone()), PathStep::MapKey(rhs[j].0.clone()));
                return false;
            }
        }
        // Every lhs key found: an unmatched rhs key is missing on the left.
        if let Some(j) = matched.iter().position(|m| !m) {
            self.note(PathStep::MapKeyMissing(rhs[j].0.clone()), PathStep::MapKey(rhs[j].0.clone()));
            return false;
        }
        lhs.len() == rhs.len()
    }

    /// The rhs entry whose key equals the lhs `key`, not yet matched.
    fn find_key(&mut self, key: &Value, rhs: &[(Value, Value)], index: &KeyIndex, matched: &[bool]) -> Option<usize> {
        let target = match key {
            Value::Object(o) => match self.lhs_to_rhs.get(o) {
                Some(bound) => KeyTarget::Identity(bound.clone()),
                None if eq_kind(o, &self.modules) != EqKind::Tree => KeyTarget::Identity(o.clone()),
                None => KeyTarget::Structural,
            },
            _ => KeyTarget::Structural,
        };
        let candidates = index.candidates(key, &target);
        for j in candidates {
            if matched[j] {
                continue;
            }
            let other = &rhs[j].0;
            match &target {
                KeyTarget::Identity(o) => {
                    if other.as_object().is_some_and(|c| c.same_as(o)) {
                        return Some(j);
                    }
                }
                KeyTarget::Structural => {
                    // Probe quietly; a failed probe must leave no bindings behind.
                    let mark = self.bound.len();
                    let saved_trace = std::mem::replace(&mut self.trace, false);
                    let ok = self.value(key, other);
                    self.trace = saved_trace;
                    if ok {
                        return Some(j);
                    }
                    self.unbind_to(mark);
                }
            }
        }
        None
    }
}

enum KeyTarget {
    /// The rhs key must be this very object (a bound or identity-compared key).
    Identity(ObjectRef),
    /// The rhs key must compare structurally equal.
    Structural,
}

/// Buckets the keys of a large map by a context-free hash so key lookup is not quadratic.
/// Small maps are scanned linearly.
struct KeyIndex {
    buckets: Option<HashMap<u64, Vec<usize>>>,
    len: usize,
    modules: ModuleNames,
}

const KEY_INDEX_MIN: usize = 16;

impl KeyIndex {
    fn build(entries: &[(Value, Value)], modules: &ModuleNames) -> Self {
        let modules = modules.clone();
        if entries.len() < KEY_INDEX_MIN {
            return KeyIndex { buckets: None, len: entries.len(), modules };
        }
        let mut buckets: HashMap<u64, Vec<usize>> = HashMap::new();
        for (j, (k, _)) in entries.iter().enumerate() {
            buckets.entry(Self::key_hash(k, &modules)).or_default().push(j);
        }
        KeyIndex { buckets: Some(buckets), len: entries.len(), modules }
    }

    /// Identity-compared objects bucket by address; everything else by a hash
    /// that binds variables in order of appearance, so any two keys equal under
    /// some variable binding land in the same bucket.
    fn key_hash(k: &Value, modules: &ModuleNames) -> u64 {
        match k {
            Value::Object(o) if eq_kind(o, modules) != EqKind::Tree => identity_hash(o),
            _ => structural_hash_value(k, true),
        }
    }

    fn candidates(&self, key: &Value, target: &KeyTarget) -> Vec<usize> {
        let Some(buckets) = &self.buckets else {
            return (0..self.len).collect();
        };
        let h = match target {
            KeyTarget::Identity(o) => identity_hash(o),
            KeyTarget::Structural => Self::key_hash(key, &self.modules),
        };
        buckets.get(&h).cloned().unwrap_or_default()
    }
}

// ---------------------------------------------------------------------------
// Hashing

/// FNV-1a over bytes: stable across runs and platforms, unlike `RandomState`.
struct StableHasher(u64);

impl StableHasher {
    fn new() -> Self {
        StableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = StableHasher::new();
    h.write(bytes);
    h.finish()
}

fn combine(seed: u64, value: u64) -> u64 {
    (seed.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95)
}

fn identity_hash(o: &ObjectRef) -> u64 {
    combine(TAG_IDENTITY, o.addr() as u64)
}

// Distinct seeds per value kind, so `Int(1)`, `Bool(true)` and `Float(1.0)` differ.
const TAG_NONE: u64 = 0x01;
const TAG_BOOL: u64 = 0x02;
const TAG_INT: u64 = 0x03;
const TAG_FLOAT: u64 = 0x04;
const TAG_STR: u64 = 0x05;
const TAG_DTYPE: u64 = 0x06;
const TAG_ARRAY: u64 = 0x07;
const TAG_MAP: u64 = 0x08;
const TAG_IDENTITY: u64 = 0x09;

struct HashEngine {
    def_region: bool,
    /// The modules enclosing the node hashed (see `eq_kind`).
    modules: ModuleNames,
    /// Variables bound so far; the next bound variable hashes with this index.
    bound_count: u64,
    /// Per-object results: a variable hashes at every use as it did at its definition.
    memo: HashMap<ObjectRef, u64>,
}

impl HashEngine {
    fn new(map_free_vars: bool) -> Self {
        HashEngine { def_region: map_free_vars, modules: ModuleNames::default(), bound_count: 0, memo: HashMap::new() }
    }

    fn value(&mut self, v: &Value) -> u64 {
        match v {
            Value::None => combine(TAG_NONE, 0),
            Value::Bool(b) => combine(TAG_BOOL, *b as u64),
            Value::Int(i) => combine(TAG_INT, *i as u64),
            Value::Float(f) => combine(TAG_FLOAT, if f.is_nan() { f64::NAN.to_bits() } else { f.to_bits() }),
            Value::Str(s) => combine(TAG_STR, hash_bytes(s.as_bytes())),
            Value::DType(d) => {
                let mut h = StableHasher::new();
                std::hash::Hash::hash(d, &mut h);
                combine(TAG_DTYPE, h.finish())
            }
            Value::Array(a) => {
                let mut h = combine(TAG_ARRAY, a.len() as u64);
                for item in a.iter() {
                    h = combine(h, self.value(item));
                }
                h
            }
            Value::Map(m) => self.map(m),
            Value::Object(o) => self.object(o),
        }
    }

    fn object(&mut self, o: &ObjectRef) -> u64 {
        if let Some(h) = self.memo.get(o) {
            return *h;
        }
        let info = o.type_info();
        let module = self.modules.enter(o);
        let mut h = self.fields(o, info);
        if module {
            self.modules.leave();
        }
        if eq_kind(o, &self.modules) == EqKind::Var {
            h = if self.def_region {
                let n = self.bound_count;
                self.bound_count += 1;
                combine(h, n)
            } else {
                identity_hash(o)
            };
        }
        self.memo.insert(o.clone(), h);
        h
    }

    fn fields(&mut self, o: &ObjectRef, info: &TypeInfo) -> u64 {
        let mut h = hash_bytes(info.key.as_bytes());
        for (field, v) in info.fields.iter().zip(o.fields()) {
            let fh = match field.role {
                FieldRole::Ignore => continue,
                FieldRole::Normal => self.value(&v),
                FieldRole::Def => {
                    let saved = std::mem::replace(&mut self.def_region, true);
                    let fh = self.value(&v);
                    self.def_region = saved;
                    fh
                }
            };
            h = combine(h, fh);
        }
        h
    }

    /// Order-independent: entries are combined sorted by a key hash that does not
    /// depend on traversal order; keys without one (unvisited variables) are left out,
    /// and tied keys contribute only their key hash.
    fn map(&mut self, m: &[(Value, Value)]) -> u64 {
        let mut h = combine(TAG_MAP, m.len() as u64);
        let mut items: Vec<(u64, &Value)> = m.iter().filter_map(|(k, v)| Some((self.key_hash(k)?, v))).collect();
        items.sort_by_key(|(kh, _)| *kh);
        let mut i = 0;
        while i < items.len() {
            let mut j = i + 1;
            while j < items.len() && items[j].0 == items[i].0 {
                j += 1;
            }
            h = combine(h, items[i].0);
            if j == i + 1 {
                h = combine(h, self.value(items[i].1));
            }
            i = j;
        }
        h
    }

    fn key_hash(&mut self, k: &Value) -> Option<u64> {
        match k {
            Value::Object(o) => match eq_kind(o, &self.modules) {
                EqKind::Var => self.memo.get(o).copied(),
                EqKind::Unique => Some(identity_hash(o)),
                EqKind::Tree => Some(structural_hash_value(k, true)),
            },
            Value::Array(_) | Value::Map(_) => Some(structural_hash_value(k, true)),
            other => Some(self.value(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{
        attr_map, bool_imm, float_imm, int_imm, register_core, BinOp, Call, DataType, Expr, Let, LetNode, Op,
        OpDef, Span, Type, Var,
    };
    use rstest::rstest;

    fn var(name: &str) -> Var {
        Var::scalar(name, DataType::INT32)
    }
    fn i32c(v: i64) -> Expr {
        int_imm(DataType::INT32, v)
    }
    fn add(a: impl Into<Expr>, b: impl Into<Expr>) -> Expr {
        BinOp::Add.make(Type::prim(DataType::INT32), a.into(), b.into(), Span::none())
    }
    fn mul(a: impl Into<Expr>, b: impl Into<Expr>) -> Expr {
        BinOp::Mul.make(Type::prim(DataType::INT32), a.into(), b.into(), Span::none())
    }
    fn let_(v: &Var, value: impl Into<Expr>, body: impl Into<Expr>) -> Expr {
        Let::new(LetNode {
            ty: Type::prim(DataType::INT32),
            var: v.clone(),
            value: value.into(),
            body: body.into(),
            span: Span::none(),
        })
        .into()
    }

    fn mismatch(l: &Expr, r: &Expr, map_free: bool) -> Option<(String, String)> {
        get_first_structural_mismatch(l, r, map_free).map(|(a, b)| (a.to_string(), b.to_string()))
    }

    #[test]
    fn let_binds_its_variable() {
        let (x, y) = (var("x"), var("y"));
        let a = let_(&x, i32c(1), add(&x, i32c(1)));
        let b = let_(&y, i32c(1), add(&y, i32c(1)));
        assert!(structural_equal(&a, &b, false));
        assert_eq!(structural_hash(&a, false), structural_hash(&b, false));
        // The body must use the bound variable consistently.
        let c = let_(&y, i32c(1), add(&x, i32c(1)));
        assert!(!structural_equal(&a, &c, false));
        assert_eq!(mismatch(&a, &c, false), Some(("<root>.body.a".into(), "<root>.body.a".into())));
    }

    #[test]
    fn free_variables_need_identity_unless_mapped() {
        let (x, y) = (var("x"), var("y"));
        let (a, b) = (add(&x, i32c(1)), add(&y, i32c(1)));
        assert!(!structural_equal(&a, &b, false));
        assert!(structural_equal(&a, &b, true));
        assert!(structural_equal(&a, &add(&x, i32c(1)), false));
        assert_eq!(mismatch(&a, &b, false), Some(("<root>.a".into(), "<root>.a".into())));
        // Hash by identity without mapping, by order with it.
        assert_ne!(structural_hash(&a, false), structural_hash(&b, false));
        assert_eq!(structural_hash(&a, true), structural_hash(&b, true));
    }

    #[test]
    fn mapping_is_a_bijection() {
        let (x, y) = (var("x"), var("y"));
        // x+x vs x+y: x binds to x, so y cannot also be x.
        assert_eq!(mismatch(&add(&x, &x), &add(&x, &y), true), Some(("<root>.b".into(), "<root>.b".into())));
        // x+y vs y+y: y on the right is already taken by x.
        assert_eq!(mismatch(&add(&x, &y), &add(&y, &y), true), Some(("<root>.b".into(), "<root>.b".into())));
    }

    #[test]
    fn variable_types_are_compared_before_binding() {
        let x = var("x");
        let x64 = Var::scalar("x", DataType::INT64);
        assert!(!structural_equal(&x, &x64, true));
        let (l, r) = get_first_structural_mismatch(&x, &x64, true).unwrap();
        assert_eq!((l.to_string(), r.to_string()), ("<root>.ty.dtype".into(), "<root>.ty.dtype".into()));
    }

    #[test]
    fn names_are_ignored() {
        let (x, y) = (var("same"), var("other"));
        assert!(structural_equal(&let_(&x, i32c(0), &x), &let_(&y, i32c(0), &y), false));
    }

    #[test]
    fn nested_mismatch_path() {
        let (x, y) = (var("x"), var("y"));
        let a = let_(&x, i32c(1), add(&x, mul(&x, i32c(2))));
        let b = let_(&y, i32c(1), add(&y, mul(&x, i32c(2))));
        assert_eq!(mismatch(&a, &b, false), Some(("<root>.body.b.a".into(), "<root>.body.b.a".into())));
        let c = let_(&y, i32c(1), add(&y, mul(&y, i32c(3))));
        assert_eq!(mismatch(&a, &c, false), Some(("<root>.body.b.b.value".into(), "<root>.body.b.b.value".into())));
    }

    #[test]
    fn different_node_types_mismatch_at_the_node() {
        let x = var("x");
        let sub = BinOp::Sub.make(Type::prim(DataType::INT32), x.clone().into(), i32c(1), Span::none());
        assert_eq!(mismatch(&add(&x, i32c(1)), &sub, false), Some(("<root>".into(), "<root>".into())));
    }

    #[rstest]
    #[case::zero_signs(0.0, -0.0, false)]
    #[case::nan(f64::NAN, f64::NAN, true)]
    #[case::nan_payloads(f64::NAN, f64::from_bits(f64::NAN.to_bits() | 1), true)]
    #[case::same(1.5, 1.5, true)]
    #[case::different(1.5, 2.5, false)]
    fn float_immediates(#[case] a: f64, #[case] b: f64, #[case] equal: bool) {
        let (fa, fb) = (float_imm(DataType::float(64), a), float_imm(DataType::float(64), b));
        assert_eq!(structural_equal(&fa, &fb, false), equal);
        if equal {
            assert_eq!(structural_hash(&fa, false), structural_hash(&fb, false));
        }
    }

    #[rstest]
    #[case::int_bool(Value::Int(1), Value::Bool(true), false)]
    #[case::int_float(Value::Int(1), Value::Float(1.0), false)]
    #[case::strings(Value::str("a"), Value::str("a"), true)]
    #[case::string_diff(Value::str("a"), Value::str("b"), false)]
    #[case::dtypes(Value::DType(DataType::INT32), Value::DType(DataType::INT32), true)]
    #[case::dtype_lanes(Value::DType(DataType::INT32), Value::DType(DataType::INT32.with_lanes(4)), false)]
    #[case::none(Value::None, Value::None, true)]
    #[case::none_int(Value::None, Value::Int(0), false)]
    fn plain_values(#[case] a: Value, #[case] b: Value, #[case] equal: bool) {
        assert_eq!(structural_equal(&a, &b, false), equal);
    }

    fn arr(items: &[i64]) -> Value {
        Value::Array(items.iter().map(|i| Value::Int(*i)).collect())
    }
    fn smap(items: &[(&str, i64)]) -> Value {
        Value::Map(attr_map(items.iter().map(|(k, v)| (*k, Value::Int(*v)))))
    }

    #[rstest]
    #[case::array_longer(arr(&[1, 2, 3]), arr(&[1, 2]), "<root>[2]", "<root>[<missing:2>]")]
    #[case::array_shorter(arr(&[1, 2]), arr(&[1, 2, 3]), "<root>[<missing:2>]", "<root>[2]")]
    #[case::array_item(arr(&[1, 2]), arr(&[1, 5]), "<root>[1]", "<root>[1]")]
    #[case::map_extra_lhs(smap(&[("a", 1), ("b", 2)]), smap(&[("a", 1)]), "<root>[\"b\"]", "<root>[<missing:\"b\">]")]
    #[case::map_extra_rhs(smap(&[("a", 1)]), smap(&[("a", 1), ("b", 2)]), "<root>[<missing:\"b\">]", "<root>[\"b\"]")]
    #[case::map_value(smap(&[("a", 1)]), smap(&[("a", 2)]), "<root>[\"a\"]", "<root>[\"a\"]")]
    fn container_mismatch_paths(#[case] a: Value, #[case] b: Value, #[case] lp: &str, #[case] rp: &str) {
        let (l, r) = get_first_structural_mismatch(&a, &b, false).expect("differ");
        assert_eq!((l.to_string().as_str(), r.to_string().as_str()), (lp, rp));
        assert!(!structural_equal(&a, &b, false));
    }

    #[test]
    fn maps_ignore_order() {
        let a = smap(&[("a", 1), ("b", 2), ("c", 3)]);
        let b = smap(&[("c", 3), ("a", 1), ("b", 2)]);
        assert!(structural_equal(&a, &b, false));
        assert_eq!(structural_hash(&a, false), structural_hash(&b, false));
        // Large maps go through the key index.
        let many: Vec<(String, i64)> = (0..40).map(|i| (format!("k{i}"), i)).collect();
        let fwd = Value::Map(many.iter().map(|(k, v)| (Value::str(k), Value::Int(*v))).collect());
        let rev = Value::Map(many.iter().rev().map(|(k, v)| (Value::str(k), Value::Int(*v))).collect());
        assert!(structural_equal(&fwd, &rev, false));
        assert_eq!(structural_hash(&fwd, false), structural_hash(&rev, false));
    }

    #[test]
    fn object_keys_compare_structurally_or_through_bindings() {
        let (x, y) = (var("x"), var("y"));
        let key = |e: Expr| Value::Object(e.into_object());
        // Tree keys by structure, independent of object identity.
        let a = Value::Map(vec![(key(i32c(1)), Value::Int(10)), (key(i32c(2)), Value::Int(20))].into());
        let b = Value::Map(vec![(key(i32c(2)), Value::Int(20)), (key(i32c(1)), Value::Int(10))].into());
        assert!(structural_equal(&a, &b, false));
        assert_eq!(structural_hash(&a, false), structural_hash(&b, false));
        // Variable keys: identity without mapping, bindings with it.
        let va = Value::Map(vec![(Value::Object(x.clone().upcast()), Value::Int(1))].into());
        let vb = Value::Map(vec![(Value::Object(y.clone().upcast()), Value::Int(1))].into());
        assert!(!structural_equal(&va, &vb, false));
        // With free vars mapped, a key that is bound earlier must map consistently.
        let pair_a = Value::Array(vec![Value::Object(x.clone().upcast()), va.clone()].into());
        let pair_b = Value::Array(vec![Value::Object(y.clone().upcast()), vb.clone()].into());
        assert!(structural_equal(&pair_a, &pair_b, true));
        let pair_c = Value::Array(vec![Value::Object(x.clone().upcast()), vb.clone()].into());
        assert!(!structural_equal(&pair_a, &pair_c, true));
    }

    #[test]
    fn operators_compare_by_identity() {
        register_core().unwrap();
        let op = OpDef::new("test_structural.unique_op", "").register().unwrap_or_else(|_| {
            Op::get("test_structural.unique_op").unwrap()
        });
        let fake = Op::new(crate::ir::OpNode { ty: Type::missing(), name: op.name.clone(), span: Span::none() });
        let call = |o: &Op| -> Expr {
            Call::make(Some(Type::missing()), o.clone(), [i32c(1)], None, vec![], Span::none()).unwrap().into()
        };
        assert!(structural_equal(&call(&op), &call(&op), false));
        assert!(!structural_equal(&call(&op), &call(&fake), false));
        assert_eq!(mismatch(&call(&op), &call(&fake), false), Some(("<root>.op".into(), "<root>.op".into())));
    }

    #[test]
    fn assert_reports_both_paths() {
        let x = var("x");
        let err = assert_structural_equal(&add(&x, i32c(1)), &add(&x, i32c(2)), false).unwrap_err();
        assert_eq!(err.kind, crate::ir::ErrorKind::ValueError);
        assert!(
            err.message.starts_with("StructuralEqual check failed, caused by lhs at <root>.b.value:\n"),
            "{}",
            err.message
        );
        assert!(err.message.contains("\nand rhs at <root>.b.value:\n"), "{}", err.message);
        assert!(assert_structural_equal(&add(&x, i32c(1)), &add(&x, i32c(1)), false).is_ok());
    }

    #[test]
    fn value_at_path_follows_fields() {
        let x = var("x");
        let e = add(&x, mul(&x, i32c(7)));
        let (l, _) = get_first_structural_mismatch(&e, &add(&x, mul(&x, i32c(8))), false).unwrap();
        assert_eq!(value_at_path(&e.to_value(), &l).and_then(|v| v.as_int()), Some(7));
    }

    #[test]
    fn span_at_path_is_the_innermost_located_node() {
        let x = var("x");
        let at = |line| Span::new("f.py".into(), line, 1, line, 9);
        let inner = BinOp::Mul.make(Type::prim(DataType::INT32), x.clone().into(), i32c(7), at(3));
        let e = BinOp::Add.make(Type::prim(DataType::INT32), x.clone().into(), inner, at(2));
        let other = add(&x, mul(&x, i32c(8)));
        let (l, _) = get_first_structural_mismatch(&e, &other, false).unwrap();
        // The constant is not located: the multiplication around it is.
        assert_eq!(span_at_path(&e.to_value(), &l).and_then(|s| s.data().map(|d| d.line)), Some(3));
        let unlocated = add(&x, mul(&x, i32c(9)));
        assert!(span_at_path(&unlocated.to_value(), &l).is_none());
    }

    /// Pairs over which hash must agree with equality (equal => same hash), and
    /// in these cases also differ where the structures differ.
    #[test]
    fn hash_agrees_with_equality() {
        let (x, y, z) = (var("x"), var("y"), var("z"));
        let cases: Vec<(Expr, Expr, bool)> = vec![
            (let_(&x, i32c(1), add(&x, &x)), let_(&y, i32c(1), add(&y, &y)), true),
            (let_(&x, i32c(1), add(&x, &z)), let_(&y, i32c(1), add(&y, &z)), true),
            (let_(&x, i32c(1), add(&x, &z)), let_(&y, i32c(1), add(&z, &y)), false),
            (let_(&x, i32c(1), add(&x, i32c(1))), let_(&y, i32c(2), add(&y, i32c(1))), false),
            (add(&x, i32c(1)), add(&x, i32c(1)), true),
            (bool_imm(true), bool_imm(true), true),
            (bool_imm(true), bool_imm(false), false),
            (
                let_(&x, i32c(1), let_(&y, i32c(2), add(&x, &y))),
                let_(&y, i32c(1), let_(&x, i32c(2), add(&y, &x))),
                true,
            ),
            (
                let_(&x, i32c(1), let_(&y, i32c(2), add(&x, &y))),
                let_(&y, i32c(1), let_(&x, i32c(2), add(&x, &y))),
                false,
            ),
        ];
        for (i, (a, b, equal)) in cases.iter().enumerate() {
            assert_eq!(structural_equal(a, b, false), *equal, "case {i}");
            let (ha, hb) = (structural_hash(a, false), structural_hash(b, false));
            assert_eq!(ha == hb, *equal, "case {i}");
        }
    }

    #[test]
    fn hash_is_stable_for_equal_trees_built_twice() {
        let build = || {
            let x = var("x");
            let_(&x, i32c(3), add(&x, mul(&x, i32c(4))))
        };
        assert_eq!(structural_hash(&build(), false), structural_hash(&build(), false));
    }
}
