//! TVM's JSON object graph (`tvm.ir.save_json` / `tvm.ir.load_json`), the form of the
//! printer's `metadata = tvm.ir.load_json("""…""")` section.
//!
//! The graph is `{"root_index": i, "nodes": [...], "metadata": {...}}`; each node is
//! `{"type": key}` plus `"data"`, and refers to its children by earlier node indices
//! (children come first). Strings and other plain values are shared by value, objects
//! by identity. An object's data lists `span` (always `None` here), then its fields.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::error::{Error, Result};
use super::object::{lookup_type, ObjectRef, TypeInfo};
use super::span::Span;
use super::value::Value;

/// The version written into the graph's `metadata`: TVM 0.27's, which is also the
/// `tvm.__version__` the VM reports (so the metadata of a printed script is TVM's).
pub const TVM_VERSION: &str = "0.27.0.post1";

/// Types TVM's JSON knows under another key: TVM has no type of its own for the
/// missing type and writes it as its base, `ir.Type`.
const KEY_ALIASES: &[(&str, &str)] = &[("ir.MissingType", "ir.Type")];

fn json_key(key: &'static str) -> &'static str {
    KEY_ALIASES.iter().find(|(ours, _)| *ours == key).map_or(key, |(_, theirs)| theirs)
}

fn our_key(key: &str) -> &str {
    KEY_ALIASES.iter().find(|(_, theirs)| *theirs == key).map_or(key, |(ours, _)| ours)
}

/// Types whose objects are one per name (operators, layout axes, target kinds):
/// written as their `name` field alone, read back through their table.
type ByNameFn = fn(&str) -> Result<ObjectRef>;

fn named_types() -> &'static std::sync::RwLock<HashMap<&'static str, ByNameFn>> {
    static T: std::sync::OnceLock<std::sync::RwLock<HashMap<&'static str, ByNameFn>>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut m: HashMap<&'static str, ByNameFn> = HashMap::new();
        m.insert("ir.Op", |name| Ok(super::expr::Op::get(name)?.upcast()));
        m.insert("target.TargetKind", |name| Ok(super::target::TargetKind::get(name).upcast()));
        std::sync::RwLock::new(m)
    })
}

/// Declare a type whose objects are shared by name (TVM writes them as the name).
pub fn register_named_type(key: &'static str, by_name: ByNameFn) {
    named_types().write().unwrap_or_else(|e| e.into_inner()).insert(key, by_name);
}

fn by_name_fn(key: &str) -> Option<ByNameFn> {
    named_types().read().unwrap_or_else(|e| e.into_inner()).get(key).copied()
}

/// Fields that hold any value (TVM's `Any`, and `IntImm.value`, a big integer):
/// written as node indices even when the value is a number.
const ANY_FIELDS: &[(&str, &str)] = &[
    ("ir.IntImm", "value"),
    ("ir.Call", "attrs"),
    ("tirx.AttrStmt", "node"),
    ("tirx.IndexMap", "inverse_index_map"),
    ("ir.GenericConst", "value"),
    ("ir.EnvFunc", "func"),
    ("relax.VDevice", "target"),
];

fn is_any_field(key: &str, field: &str) -> bool {
    ANY_FIELDS.iter().any(|(k, f)| *k == key && *f == field)
}

/// A float written in place keeps a fractional part (`2.0`), so it reads back as a float.
fn json_float_literal(f: f64) -> String {
    let text = json_float(f);
    if f.is_finite() && !text.contains(['.', 'e', 'E']) { format!("{text}.0") } else { text }
}

/// TVM's wrapper of an attribute map (`{"__dict__": map}`, no span).
const DICT_ATTRS: &str = "ir.DictAttrs";

/// Whether objects of a type keep their `attrs` map in a `DictAttrs` in TVM
/// (functions and modules).
fn holds_dict_attrs(info: &TypeInfo) -> bool {
    info.key == "ir.IRModule" || info.derives_from(super::expr::base_func_info())
}

/// A field of an object's `data`: a node index, or a data type written in place
/// (TVM reads a `DataType` field as its string).
enum FieldData {
    Index(usize),
    Inline(String),
}

/// A node's `data` before it is written.
enum Data {
    Nothing,
    Str(String),
    Int(i64),
    Bool(bool),
    Float(f64),
    Indices(Vec<usize>),
    Fields(Vec<(&'static str, FieldData)>),
}

struct Writer {
    nodes: Vec<(String, Data)>,
    by_object: HashMap<usize, usize>,
    by_value: HashMap<String, usize>,
    /// Keeps visited objects alive so their addresses stay unique.
    keep: Vec<ObjectRef>,
}

impl Writer {
    fn push(&mut self, ty: &str, data: Data) -> usize {
        self.nodes.push((ty.to_string(), data));
        self.nodes.len() - 1
    }

    /// A plain value shared by value: one node per distinct `(type, text)`.
    fn plain(&mut self, ty: &str, key: String, data: Data) -> usize {
        let k = format!("{ty}\u{0}{key}");
        if let Some(&i) = self.by_value.get(&k) {
            return i;
        }
        let i = self.push(ty, data);
        self.by_value.insert(k, i);
        i
    }

    fn value(&mut self, v: &Value) -> Result<usize> {
        Ok(match v {
            Value::None => self.plain("None", String::new(), Data::Nothing),
            Value::Bool(b) => self.plain("bool", b.to_string(), Data::Bool(*b)),
            Value::Int(i) => self.plain("int", i.to_string(), Data::Int(*i)),
            Value::Float(f) => self.plain("float", f.to_bits().to_string(), Data::Float(*f)),
            Value::Str(s) => self.plain("ffi.String", s.to_string(), Data::Str(s.to_string())),
            Value::DType(d) => self.plain("DataType", d.to_string(), Data::Str(d.to_string())),
            Value::Array(items) => {
                let idx = items.iter().map(|x| self.value(x)).collect::<Result<Vec<_>>>()?;
                self.push("ffi.Array", Data::Indices(idx))
            }
            Value::Map(entries) => {
                let mut idx = Vec::with_capacity(entries.len() * 2);
                for (k, x) in entries.iter() {
                    idx.push(self.value(k)?);
                    idx.push(self.value(x)?);
                }
                self.push("ffi.Map", Data::Indices(idx))
            }
            Value::Object(o) => self.object(o)?,
        })
    }

    fn object(&mut self, o: &ObjectRef) -> Result<usize> {
        if let Some(&i) = self.by_object.get(&o.addr()) {
            return Ok(i);
        }
        let info = o.type_info();
        // An object shared by name is written as its name, which the reader looks up.
        if by_name_fn(info.key).is_some()
            && let Some(Value::Str(name)) = o.field("name")
        {
            let i = self.push(info.key, Data::Str(name.to_string()));
            self.by_object.insert(o.addr(), i);
            self.keep.push(o.clone());
            return Ok(i);
        }
        let fields = if info.key == "ir.IRModule" {
            self.module_fields(o)?
        } else {
            let mut fields = vec![("span", FieldData::Index(self.value(&Value::None)?))];
            for (f, v) in info.fields.iter().zip(o.fields().iter()) {
                fields.push((f.name, self.field_data(info, f.name, v)?));
            }
            fields
        };
        let i = self.push(json_key(info.key), Data::Fields(fields));
        self.by_object.insert(o.addr(), i);
        self.keep.push(o.clone());
        Ok(i)
    }
}

impl Writer {
    /// One field of an object's data.
    fn field_data(&mut self, info: &TypeInfo, name: &'static str, v: &Value) -> Result<FieldData> {
        let any_field = is_any_field(info.key, name);
        Ok(match v {
            Value::DType(d) if !any_field => FieldData::Inline(json_str(&d.to_string())),
            // TVM writes a plain-data field (int, float, bool, enum) in place.
            Value::Int(i) if !any_field => FieldData::Inline(i.to_string()),
            Value::Bool(b) if !any_field => FieldData::Inline(b.to_string()),
            Value::Float(x) if !any_field => FieldData::Inline(json_float_literal(*x)),
            // A function's or module's attribute map is TVM's `DictAttrs` node.
            Value::Map(_) if name == "attrs" && holds_dict_attrs(info) => {
                let map = self.value(v)?;
                FieldData::Index(self.push(DICT_ATTRS, Data::Fields(vec![("__dict__", FieldData::Index(map))])))
            }
            other => FieldData::Index(self.value(other)?),
        })
    }

    /// A module's data as TVM 0.27 lays it out: no span; its functions, their
    /// GlobalVars by name (which TVM requires), an empty source map, then the
    /// attributes and global infos.
    fn module_fields(&mut self, o: &ObjectRef) -> Result<Vec<(&'static str, FieldData)>> {
        let info = o.type_info();
        let field = |name: &str| o.field(name).unwrap_or_default();
        let functions = self.field_data(info, "functions", &field("functions"))?;
        let by_name: Vec<(Value, Value)> = match field("functions") {
            Value::Map(functions) => functions
                .iter()
                .filter_map(|(gv, _)| match gv {
                    Value::Object(g) => g.field("name_hint").map(|name| (name, gv.clone())),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let gv_map = self.value(&Value::Map(by_name.into()))?;
        let empty = self.value(&Value::Map(Vec::new().into()))?;
        let source_map = self.push(SOURCE_MAP, Data::Fields(vec![("source_map", FieldData::Index(empty))]));
        let attrs = self.field_data(info, "attrs", &field("attrs"))?;
        let global_infos = self.field_data(info, "global_infos", &field("global_infos"))?;
        Ok(vec![
            ("functions", functions),
            ("global_var_map_", FieldData::Index(gv_map)),
            ("source_map", FieldData::Index(source_map)),
            ("attrs", attrs),
            ("global_infos", global_infos),
        ])
    }
}

/// TVM's source map of a module (always empty here; read and dropped).
const SOURCE_MAP: &str = "ir.SourceMap";

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

fn json_float(f: f64) -> String {
    serde_json::to_string(&f).unwrap_or_else(|_| "null".to_string())
}

/// The JSON graph of `root`, indented by two spaces as TVM writes it.
pub fn save_json(root: &Value) -> Result<String> {
    let mut w = Writer { nodes: vec![], by_object: HashMap::new(), by_value: HashMap::new(), keep: vec![] };
    let root_index = w.value(root)?;
    let mut out = String::new();
    let _ = write!(out, "{{\n  \"root_index\": {root_index},\n  \"nodes\": [");
    for (n, (ty, data)) in w.nodes.iter().enumerate() {
        out.push_str(if n == 0 { "\n" } else { ",\n" });
        let _ = write!(out, "    {{\n      \"type\": {}", json_str(ty));
        let data = match data {
            Data::Nothing => None,
            Data::Str(s) => Some(json_str(s)),
            Data::Int(i) => Some(i.to_string()),
            Data::Bool(b) => Some(b.to_string()),
            Data::Float(f) => Some(json_float(*f)),
            Data::Indices(idx) if idx.is_empty() => Some("[]".to_string()),
            Data::Indices(idx) => {
                let items: Vec<String> = idx.iter().map(|i| format!("        {i}")).collect();
                Some(format!("[\n{}\n      ]", items.join(",\n")))
            }
            Data::Fields(fields) if fields.is_empty() => Some("{}".to_string()),
            Data::Fields(fields) => {
                let items: Vec<String> = fields
                    .iter()
                    .map(|(k, d)| match d {
                        FieldData::Index(i) => format!("        {}: {i}", json_str(k)),
                        FieldData::Inline(text) => format!("        {}: {text}", json_str(k)),
                    })
                    .collect();
                Some(format!("{{\n{}\n      }}", items.join(",\n")))
            }
        };
        if let Some(d) = data {
            let _ = write!(out, ",\n      \"data\": {d}");
        }
        out.push_str("\n    }");
    }
    out.push_str(if w.nodes.is_empty() { "]" } else { "\n  ]" });
    let _ = write!(out, ",\n  \"metadata\": {{\n    \"tvm_version\": {}\n  }}\n}}", json_str(TVM_VERSION));
    Ok(out)
}

fn bad(msg: impl Into<String>) -> Error {
    Error::value_error(format!("load_json: {}", msg.into()))
}

/// Rebuild the value a JSON graph describes (objects through their registered types).
pub fn load_json(text: &str) -> Result<Value> {
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let nodes = doc.get("nodes").and_then(|n| n.as_array()).ok_or_else(|| bad("no \"nodes\" list"))?;
    let root = doc.get("root_index").and_then(|r| r.as_u64()).ok_or_else(|| bad("no \"root_index\""))? as usize;
    let mut built: Vec<Value> = Vec::with_capacity(nodes.len());
    for (n, node) in nodes.iter().enumerate() {
        let ty = node.get("type").and_then(|t| t.as_str()).ok_or_else(|| bad(format!("node {n} has no type")))?;
        let data = node.get("data");
        let index = |x: &serde_json::Value| -> Result<Value> {
            let i = x.as_u64().ok_or_else(|| bad(format!("node {n}: a child is not an index")))? as usize;
            built.get(i).cloned().ok_or_else(|| bad(format!("node {n} refers to node {i}, which is not before it")))
        };
        let list = |d: Option<&serde_json::Value>| -> Result<Vec<Value>> {
            d.and_then(|d| d.as_array()).ok_or_else(|| bad(format!("node {n}: {ty} data is not a list")))?.iter().map(index).collect()
        };
        let v = match ty {
            "None" => Value::None,
            "ffi.String" | "ffi.Bytes" => Value::str(data.and_then(|d| d.as_str()).ok_or_else(|| bad(format!("node {n}: no string")))?),
            "int" => Value::Int(data.and_then(|d| d.as_i64()).ok_or_else(|| bad(format!("node {n}: no int")))?),
            "bool" => Value::Bool(data.and_then(|d| d.as_bool()).ok_or_else(|| bad(format!("node {n}: no bool")))?),
            "float" => Value::Float(data.and_then(|d| d.as_f64()).ok_or_else(|| bad(format!("node {n}: no float")))?),
            "DataType" => {
                let s = data.and_then(|d| d.as_str()).ok_or_else(|| bad(format!("node {n}: no dtype")))?;
                Value::DType(s.parse().map_err(|_| bad(format!("node {n}: bad dtype {s:?}")))?)
            }
            "ffi.Array" => Value::Array(list(data)?.into()),
            SOURCE_MAP => Value::None,
            DICT_ATTRS => match data.and_then(|d| d.get("__dict__")) {
                Some(x) => index(x)?,
                None => Value::Map(Vec::new().into()),
            },
            "ffi.Map" => {
                let flat = list(data)?;
                if flat.len() % 2 != 0 {
                    return Err(bad(format!("node {n}: a map needs key/value pairs")));
                }
                Value::Map(flat.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone())).collect::<Vec<_>>().into())
            }
            key if data.is_some_and(|d| d.is_string()) && by_name_fn(key).is_some() => {
                let name = data.and_then(|d| d.as_str()).unwrap_or_default();
                let get = by_name_fn(key).expect("checked by the guard");
                Value::Object(get(name).map_err(|e| bad(format!("node {n}: {key} {name:?}: {e}")))?)
            }
            key => {
                let key = our_key(key);
                if key == "ir.MissingType" {
                    built.push(Value::Object(super::ty::Type::missing().into_object()));
                    continue;
                }
                let info = lookup_type(key).ok_or_else(|| bad(format!("unknown type {key:?}")))?;
                let create = info.create.ok_or_else(|| bad(format!("{key} cannot be constructed")))?;
                let fields = data.and_then(|d| d.as_object());
                let mut values = Vec::with_capacity(info.fields.len());
                // An integer is a plain-data value written in place or a node index;
                // the JSON does not say which. Read it in place first, and as an index
                // where the node refuses that (the field holds an object).
                let mut ambiguous: Vec<(usize, usize)> = Vec::new();
                for (fi, f) in info.fields.iter().enumerate() {
                    values.push(match fields.and_then(|m| m.get(f.name)) {
                        // A data type written in place.
                        Some(serde_json::Value::String(s)) => match s.parse() {
                            Ok(d) => Value::DType(d),
                            Err(_) => Value::str(s),
                        },
                        Some(serde_json::Value::Bool(b)) => Value::Bool(*b),
                        Some(x) if x.is_f64() => Value::Float(x.as_f64().unwrap_or_default()),
                        Some(x) if is_any_field(key, f.name) => index(x)?,
                        Some(x) => {
                            let i = x.as_u64().ok_or_else(|| bad(format!("node {n}: {key}.{} is not a number", f.name)))?;
                            ambiguous.push((fi, i as usize));
                            Value::Int(x.as_i64().unwrap_or_default())
                        }
                        None => Value::None,
                    });
                }
                let made = loop {
                    match create(values.clone(), Span::none()) {
                        Ok(o) => break o,
                        Err(e) => {
                            // The field the node refused, if it is one read in place.
                            let refused = ambiguous.iter().position(|(fi, _)| {
                                e.message.starts_with(&format!("{key}.{}:", info.fields[*fi].name))
                            });
                            let Some(pos) = refused else { return Err(e) };
                            let (fi, i) = ambiguous.remove(pos);
                            values[fi] = index(&serde_json::Value::from(i))?;
                        }
                    }
                };
                Value::Object(made)
            }
        };
        built.push(v);
    }
    built.get(root).cloned().ok_or_else(|| bad(format!("root_index {root} is out of range")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::string_imm;

    #[test]
    fn graph_round_trips_sharing_strings_by_value_and_objects_by_identity() {
        crate::init();
        let s = string_imm("a\nb");
        let root = Value::Map(
            vec![(Value::str("ir.StringImm"), Value::Array(vec![Value::Object(s.clone().into_object()), Value::Object(s.into_object())].into()))]
                .into(),
        );
        let text = save_json(&root).unwrap();
        assert!(text.starts_with("{\n  \"root_index\": "), "{text}");
        assert_eq!(text.matches("\"type\": \"ir.StringImm\"").count(), 1, "{text}");
        let back = load_json(&text).unwrap();
        let Value::Map(m) = &back else { panic!("a map") };
        let Value::Array(items) = &m[0].1 else { panic!("an array") };
        assert_eq!(items.len(), 2);
        assert!(items[0] == items[1], "one object twice stays one object");
        assert_eq!(save_json(&back).unwrap(), text);
    }

    #[test]
    fn bad_graphs_are_errors() {
        assert!(load_json("{").is_err());
        assert!(load_json("{\"root_index\": 0, \"nodes\": [{\"type\": \"no.Such\"}]}").is_err());
        assert!(load_json("{\"root_index\": 0, \"nodes\": [{\"type\": \"ffi.Array\", \"data\": [0]}]}").is_err());
    }
}
