//! `IRModule` (`ir.IRModule`): the unit passes transform — functions by GlobalVar,
//! in insertion order, plus module attributes and global infos.
//!
//! The Rust API (`add`, `update`, `remove`) returns a new module that shares every
//! untouched function with the old one. The function table alone can also be edited
//! in place (`set_function`, `remove_function`), as TVM's Python API does
//! (`mod[gv] = f`): see [`FunctionMap`].
//!
//! Structural equality needs no special case: `functions` reflects as a map keyed
//! by GlobalVar, map keys are matched structurally, and a GlobalVar compares by
//! its `name_hint` — so two modules are equal when the functions of the same
//! names are, whatever the GlobalVar objects or the order.

use std::fmt;
use std::sync::{Arc, RwLock};

use indexmap::IndexMap;

use super::error::{Error, Result};
use super::expr::{BaseFunc, GlobalVar, GlobalVarNode};
use super::object::{object_info, ObjectRef};
use super::span::Span;
use super::value::{AttrMap, Field, Value};
use crate::ir_node;

type Entries = IndexMap<Arc<str>, (GlobalVar, BaseFunc)>;

/// The functions of a module: GlobalVar -> function, keyed and ordered by name.
///
/// The one mutable part of the IR: TVM's Python API edits a module's functions in
/// place (`mod[gv] = f`, `mod.update_func`, `mod.update`), and every handle on the
/// module sees the change, as in TVM. Readers take a snapshot (an `Arc` of the map),
/// so a walk or a print in progress is never disturbed; `Clone` copies the snapshot,
/// so a module rebuilt from this one (`with_attr`, a pass) is independent of it.
#[derive(Default)]
pub struct FunctionMap(RwLock<Arc<Entries>>);

impl Clone for FunctionMap {
    fn clone(&self) -> Self {
        FunctionMap(RwLock::new(self.snapshot()))
    }
}

/// The entries of a snapshot, in order.
pub struct FunctionIter {
    map: Arc<Entries>,
    next: usize,
}

impl Iterator for FunctionIter {
    type Item = (GlobalVar, BaseFunc);
    fn next(&mut self) -> Option<Self::Item> {
        let (_, (gv, f)) = self.map.get_index(self.next)?;
        self.next += 1;
        Some((gv.clone(), f.clone()))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.map.len() - self.next;
        (n, Some(n))
    }
}

impl ExactSizeIterator for FunctionIter {}

impl FunctionMap {
    /// From pairs; a ValueError on a repeated name.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (GlobalVar, BaseFunc)>) -> Result<Self> {
        let mut map = IndexMap::new();
        for (gv, func) in pairs {
            let name = gv.name_hint.clone();
            if map.insert(name.clone(), (gv, func)).is_some() {
                return Err(Error::value_error(format!("Duplicate global function name {name:?}")));
            }
        }
        Ok(FunctionMap(RwLock::new(Arc::new(map))))
    }
    /// The map as it is now (later edits make a new map, never change this one).
    pub fn snapshot(&self) -> Arc<Entries> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
    /// The number of functions.
    pub fn len(&self) -> usize {
        self.snapshot().len()
    }
    /// Whether there are no functions.
    pub fn is_empty(&self) -> bool {
        self.snapshot().is_empty()
    }
    /// The entry of a function name.
    pub fn get(&self, name: &str) -> Option<(GlobalVar, BaseFunc)> {
        self.snapshot().get(name).cloned()
    }
    /// Whether a function of this name exists.
    pub fn contains(&self, name: &str) -> bool {
        self.snapshot().contains_key(name)
    }
    /// `(GlobalVar, function)` pairs in order, of the map as it is now.
    pub fn iter(&self) -> FunctionIter {
        FunctionIter { map: self.snapshot(), next: 0 }
    }
    /// A copy with `name`'s entry set (kept in place if present, appended otherwise).
    fn with(&self, gv: GlobalVar, func: BaseFunc) -> Self {
        let mut map = (*self.snapshot()).clone();
        map.insert(gv.name_hint.clone(), (gv, func));
        FunctionMap(RwLock::new(Arc::new(map)))
    }
    fn without(&self, name: &str) -> Self {
        let mut map = (*self.snapshot()).clone();
        map.shift_remove(name);
        FunctionMap(RwLock::new(Arc::new(map)))
    }
    /// Edit the map in place (the Python API's mutations).
    fn edit<R>(&self, f: impl FnOnce(&mut Entries) -> R) -> R {
        let mut slot = self.0.write().unwrap_or_else(|e| e.into_inner());
        f(Arc::make_mut(&mut slot))
    }
}

impl fmt::Debug for FunctionMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.snapshot().iter().map(|(name, (_, func))| (name.clone(), func.clone()))).finish()
    }
}

/// Reflects as `Value::Map` from GlobalVar objects to functions.
impl Field for FunctionMap {
    fn to_value(&self) -> Value {
        Value::Map(
            self.snapshot()
                .values()
                .map(|(gv, f)| (Value::Object(gv.as_ref_obj()), Value::Object(f.as_object().clone())))
                .collect(),
        )
    }
    fn from_value(v: Value) -> Result<Self> {
        let entries = match v {
            Value::None => return Ok(FunctionMap::default()),
            Value::Map(m) => m,
            other => return Err(Error::type_error(format!("expected a map of functions, got {}", other.kind_name()))),
        };
        let pairs = entries
            .iter()
            .map(|(k, f)| Ok((GlobalVar::from_value(k.clone())?, BaseFunc::from_value(f.clone())?)))
            .collect::<Result<Vec<_>>>()?;
        FunctionMap::from_pairs(pairs)
    }
}

ir_node! {
    /// A module: global functions in order, attributes and global infos.
    pub struct IRModuleNode as IRModule: "ir.IRModule", base object_info {
        pub functions: FunctionMap,
        pub attrs: AttrMap,
        /// Name -> array of global infos (Relax's `I.module_global_infos`).
        pub global_infos: AttrMap,
    }
}

fn empty_map() -> AttrMap {
    Arc::from(Vec::new())
}

impl super::object::Ref<IRModuleNode> {
    /// A module of these functions (a ValueError on a repeated name).
    pub fn from_functions(functions: impl IntoIterator<Item = (GlobalVar, BaseFunc)>) -> Result<IRModule> {
        Ok(IRModule::new(IRModuleNode {
            functions: FunctionMap::from_pairs(functions)?,
            attrs: empty_map(),
            global_infos: empty_map(),
            span: Span::none(),
        }))
    }

    /// A module with no functions, attributes or global infos.
    pub fn empty() -> IRModule {
        IRModule::new(IRModuleNode {
            functions: FunctionMap::default(),
            attrs: empty_map(),
            global_infos: empty_map(),
            span: Span::none(),
        })
    }

    /// `IRModule.from_expr`: a module holding one function, named by its
    /// `global_symbol` attribute when it has one, `main` otherwise.
    pub fn from_expr(func: impl Into<BaseFunc>) -> IRModule {
        let func = func.into();
        let name = global_symbol(&func).unwrap_or_else(|| "main".to_string());
        let functions = FunctionMap::default().with(GlobalVar::named(&name), func);
        IRModule::new(IRModuleNode { functions, attrs: empty_map(), global_infos: empty_map(), span: Span::none() })
    }

    fn with_functions(&self, functions: FunctionMap) -> IRModule {
        IRModule::new(IRModuleNode { functions, ..(**self).clone() })
    }

    /// A copy with `func` added under `gv`; a ValueError if the name is taken.
    pub fn add(&self, gv: GlobalVar, func: impl Into<BaseFunc>) -> Result<IRModule> {
        if self.functions.contains(&gv.name_hint) {
            return Err(Error::value_error(format!("Duplicate global function name {:?}", &*gv.name_hint)));
        }
        Ok(self.with_functions(self.functions.with(gv, func.into())))
    }

    /// A copy with `func` under `gv`, replacing (in place) a function of the same name.
    pub fn update(&self, gv: GlobalVar, func: impl Into<BaseFunc>) -> IRModule {
        // Keep the module's own GlobalVar object so references to it stay valid.
        let gv = self.functions.get(&gv.name_hint).map(|(old, _)| old.clone()).unwrap_or(gv);
        self.with_functions(self.functions.with(gv, func.into()))
    }

    /// A copy with the function called `name` replaced; a ValueError if there is none.
    pub fn update_function(&self, name: &str, func: impl Into<BaseFunc>) -> Result<IRModule> {
        let gv = self.get_global_var(name)?;
        Ok(self.with_functions(self.functions.with(gv, func.into())))
    }

    /// A copy without the function called `name`; a ValueError if there is none.
    pub fn remove(&self, name: &str) -> Result<IRModule> {
        self.get_global_var(name)?;
        Ok(self.with_functions(self.functions.without(name)))
    }

    /// The GlobalVar of a function name (TVM's message on a miss).
    pub fn get_global_var(&self, name: &str) -> Result<GlobalVar> {
        match self.functions.get(name) {
            Some((gv, _)) => Ok(gv.clone()),
            None => {
                let names: Vec<String> = self.functions.iter().map(|(gv, _)| format!("{:?}", &*gv.name_hint)).collect();
                Err(Error::value_error(format!(
                    "Cannot find global var \"{name}\" in the Module\ncandidates are: [{}]",
                    names.join(", ")
                )))
            }
        }
    }

    /// The function called `name`.
    pub fn lookup(&self, name: &str) -> Option<BaseFunc> {
        self.functions.get(name).map(|(_, f)| f)
    }

    /// The function of a GlobalVar (matched by name, as structural equality does).
    pub fn get(&self, gv: &GlobalVarNode) -> Option<BaseFunc> {
        self.lookup(&gv.name_hint)
    }

    /// Whether the module has a function called `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.functions.contains(name)
    }

    /// `(GlobalVar, function)` pairs in insertion order.
    pub fn functions(&self) -> FunctionIter {
        self.functions.iter()
    }

    /// The GlobalVars in insertion order.
    pub fn global_vars(&self) -> Vec<GlobalVar> {
        self.functions.iter().map(|(gv, _)| gv.clone()).collect()
    }

    /// Set `gv`'s function in place, as TVM's `IRModuleNode::Add` (what `mod[gv] = f`,
    /// `update_func` and `update` do): a new name is appended; an existing name must
    /// be held by this very GlobalVar (TVM's failed check otherwise, the module left
    /// as it was).
    pub fn set_function(&self, gv: GlobalVar, func: impl Into<BaseFunc>) -> Result<()> {
        let func = func.into();
        self.functions.edit(|map| match map.get_mut(&*gv.name_hint) {
            // TVM's message, word for word.
            Some((old, _)) if !old.ptr_eq(&gv) => Err(Error::runtime("Check failed: ((*it).second.same_as(var)) is false: ")),
            Some(entry) => {
                entry.1 = func;
                Ok(())
            }
            None => {
                map.insert(gv.name_hint.clone(), (gv, func));
                Ok(())
            }
        })
    }

    /// Remove the function called `name` in place; a ValueError if there is none.
    pub fn remove_function(&self, name: &str) -> Result<()> {
        self.get_global_var(name)?;
        self.functions.edit(|map| map.shift_remove(name));
        Ok(())
    }

    /// A new module with the same functions (the same function nodes and GlobalVars),
    /// attributes and global infos, edited independently of this one (`mod.clone()`).
    pub fn clone_module(&self) -> IRModule {
        IRModule::new((**self).clone())
    }

    /// A module attribute.
    pub fn get_attr(&self, key: &str) -> Option<Value> {
        self.attrs.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v.clone())
    }

    /// A copy with one attribute set (replacing a previous value in place).
    pub fn with_attr(&self, key: &str, value: impl Into<Value>) -> IRModule {
        IRModule::new(IRModuleNode { attrs: map_set(&self.attrs, key, value.into()), ..(**self).clone() })
    }

    /// A copy with these attributes instead of its own.
    pub fn with_attrs(&self, attrs: AttrMap) -> IRModule {
        IRModule::new(IRModuleNode { attrs, ..(**self).clone() })
    }

    /// A copy with these global infos instead of its own.
    pub fn with_global_infos(&self, global_infos: AttrMap) -> IRModule {
        IRModule::new(IRModuleNode { global_infos, ..(**self).clone() })
    }
}

fn map_set(map: &AttrMap, key: &str, value: Value) -> AttrMap {
    let mut entries = map.to_vec();
    match entries.iter_mut().find(|(k, _)| k.as_str() == Some(key)) {
        Some(entry) => entry.1 = value,
        None => entries.push((Value::str(key), value)),
    }
    entries.into()
}

/// A function's `global_symbol` attribute, read through reflection (`attrs` map field).
fn global_symbol(func: &ObjectRef) -> Option<String> {
    let attrs = func.field("attrs")?;
    let symbol = match &attrs {
        Value::Map(_) => attrs.map_get("global_symbol")?.clone(),
        // A dialect may wrap its attributes in a node with one map field (TVM's DictAttrs).
        Value::Object(o) => o.fields().into_iter().find_map(|v| v.map_get("global_symbol").cloned())?,
        _ => return None,
    };
    symbol.as_str().map(str::to_string)
}

/// Register `ir.IRModule`.
pub(crate) fn register() -> Result<()> {
    super::object::register_type::<IRModuleNode>()
}

/// A minimal function node for tests of modules and passes (the core has none).
#[cfg(test)]
pub(crate) mod test_support {
    use crate::ir::{base_func_info, int_imm, AttrMap, BaseFunc, DataType, Expr, Span, Type, Var};
    use crate::ir_node;

    ir_node! {
        /// `fn(params) -> body`.
        pub struct TestFuncNode as TestFunc: "test.Func", base base_func_info, isa [Expr, BaseFunc], ty ty {
            pub ty: Type,
            [def] pub params: Vec<Var>,
            pub body: Expr,
            pub attrs: AttrMap,
        }
    }

    /// `fn(x) -> x + k` with a fresh `x`.
    pub fn add_const(k: i64) -> TestFunc {
        let x = Var::scalar("x", DataType::INT32);
        let body = crate::ir::BinOp::Add.make(Type::prim(DataType::INT32), x.clone().into(), int_imm(DataType::INT32, k), Span::none());
        func(vec![x], body)
    }

    pub fn func(params: Vec<Var>, body: Expr) -> TestFunc {
        crate::ir::register_core().unwrap();
        let _ = crate::ir::register_type::<TestFuncNode>();
        TestFunc::new(TestFuncNode { ty: Type::missing(), params, body, attrs: AttrMap::from(Vec::new()), span: Span::none() })
    }

    pub fn base(f: TestFunc) -> BaseFunc {
        f.into()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{add_const, base, TestFunc, TestFuncNode};
    use super::*;
    use crate::ir::{attr_map, get_first_structural_mismatch, lookup_type, structural_equal, structural_hash, Expr};

    fn module(entries: &[(&str, i64)]) -> IRModule {
        IRModule::from_functions(entries.iter().map(|(n, k)| (GlobalVar::named(n), base(add_const(*k))))).unwrap()
    }

    #[test]
    fn construction_and_lookup() {
        let m = module(&[("main", 1), ("other", 2)]);
        assert_eq!(m.functions().map(|(gv, _)| gv.name_hint.to_string()).collect::<Vec<_>>(), ["main", "other"]);
        assert!(m.contains("other"));
        assert!(m.lookup("other").is_some());
        let gv = m.get_global_var("main").unwrap();
        assert!(m.get(&gv).is_some());
        let err = m.get_global_var("nope").unwrap_err();
        assert_eq!(err.message, "Cannot find global var \"nope\" in the Module\ncandidates are: [\"main\", \"other\"]");
        let dup = IRModule::from_functions([(GlobalVar::named("f"), base(add_const(1))), (GlobalVar::named("f"), base(add_const(2)))]);
        assert!(dup.is_err());
    }

    #[test]
    fn add_update_remove_share_untouched_functions() {
        let m = module(&[("main", 1)]);
        let main = m.lookup("main").unwrap();
        let m2 = m.add(GlobalVar::named("g"), add_const(5)).unwrap();
        assert_eq!(m.functions().len(), 1);
        assert_eq!(m2.functions().len(), 2);
        assert!(m2.lookup("main").unwrap().same_as(&main));
        assert!(m2.add(GlobalVar::named("g"), add_const(6)).is_err());
        let m3 = m2.update(GlobalVar::named("main"), add_const(9));
        // Replaced in place, keeping the module's GlobalVar.
        assert_eq!(m3.global_vars()[0].name_hint.as_ref(), "main");
        assert!(m3.global_vars()[0].ptr_eq(&m2.global_vars()[0]));
        assert!(!m3.lookup("main").unwrap().same_as(&main));
        let m4 = m3.remove("main").unwrap();
        assert_eq!(m4.global_vars().len(), 1);
        assert!(m4.remove("main").is_err());
        assert!(m4.update_function("g", add_const(0)).is_ok());
        assert!(m4.update_function("zz", add_const(0)).is_err());
    }

    #[test]
    fn from_expr_names_by_global_symbol() {
        let f = add_const(1);
        assert_eq!(IRModule::from_expr(f.clone()).global_vars()[0].name_hint.as_ref(), "main");
        let named = TestFunc::new(TestFuncNode { attrs: attr_map([("global_symbol", Value::str("kernel"))]), ..(*f).clone() });
        assert_eq!(IRModule::from_expr(named).global_vars()[0].name_hint.as_ref(), "kernel");
    }

    #[test]
    fn structural_equality_matches_functions_by_name() {
        let a = module(&[("main", 1), ("other", 2)]);
        let b = module(&[("main", 1), ("other", 2)]);
        let reordered = module(&[("other", 2), ("main", 1)]);
        assert!(structural_equal(&a, &b, false));
        assert!(structural_equal(&a, &reordered, false));
        assert_eq!(structural_hash(&a, false), structural_hash(&b, false));
        assert_eq!(structural_hash(&a, false), structural_hash(&reordered, false));

        let changed = module(&[("main", 1), ("other", 3)]);
        assert!(!structural_equal(&a, &changed, false));
        let (l, r) = get_first_structural_mismatch(&a, &changed, false).unwrap();
        assert_eq!(l.to_string(), "<root>.functions[I.GlobalVar(\"other\")].body.b.value");
        assert_eq!(r.to_string(), l.to_string());

        let renamed = module(&[("main", 1), ("zzz", 2)]);
        assert!(!structural_equal(&a, &renamed, false));
        let (l, r) = get_first_structural_mismatch(&a, &renamed, false).unwrap();
        assert_eq!((l.to_string().as_str(), r.to_string().as_str()), ("<root>.functions[I.GlobalVar(\"other\")]", "<root>.functions[<missing:I.GlobalVar(\"other\")>]"));

        let fewer = module(&[("main", 1)]);
        let (l, r) = get_first_structural_mismatch(&fewer, &a, false).unwrap();
        assert_eq!((l.to_string().as_str(), r.to_string().as_str()), ("<root>.functions[<missing:I.GlobalVar(\"other\")>]", "<root>.functions[I.GlobalVar(\"other\")]"));

        let with_attr = a.with_attr("kind", "x");
        assert!(!structural_equal(&a, &with_attr, false));
        assert_eq!(with_attr.get_attr("kind").and_then(|v| v.as_str().map(String::from)), Some("x".into()));
    }

    #[test]
    fn reflection_round_trip() {
        let m = module(&[("main", 1), ("other", 2)]);
        let obj: ObjectRef = m.clone().upcast();
        let rebuilt = obj.rebuild(obj.fields()).unwrap();
        assert!(structural_equal(&obj, &rebuilt, false));
        register().unwrap();
        assert!(lookup_type("ir.IRModule").is_some());
        let bad = obj.rebuild(vec![Value::Map(vec![(Value::str("main"), Value::None)].into())]);
        assert!(bad.is_err());
        let _: Expr = add_const(1).into();
    }
}
