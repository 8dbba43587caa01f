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
use super::object::{lookup_type, ObjectRef};
use super::span::Span;
use super::value::Value;

/// The version TVM writes into the graph's `metadata`.
const TVM_VERSION: &str = "0.27.0.post1";

/// A node's `data` before it is written.
enum Data {
    Nothing,
    Str(String),
    Int(i64),
    Bool(bool),
    Float(f64),
    Indices(Vec<usize>),
    Fields(Vec<(&'static str, usize)>),
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
        let values = o.fields();
        let mut fields = vec![("span", self.value(&Value::None)?)];
        for (f, v) in info.fields.iter().zip(values.iter()) {
            fields.push((f.name, self.value(v)?));
        }
        let i = self.push(info.key, Data::Fields(fields));
        self.by_object.insert(o.addr(), i);
        self.keep.push(o.clone());
        Ok(i)
    }
}

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
                let items: Vec<String> = fields.iter().map(|(k, i)| format!("        {}: {i}", json_str(k))).collect();
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
            "ffi.Map" => {
                let flat = list(data)?;
                if flat.len() % 2 != 0 {
                    return Err(bad(format!("node {n}: a map needs key/value pairs")));
                }
                Value::Map(flat.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone())).collect::<Vec<_>>().into())
            }
            key => {
                let info = lookup_type(key).ok_or_else(|| bad(format!("unknown type {key:?}")))?;
                let create = info.create.ok_or_else(|| bad(format!("{key} cannot be constructed")))?;
                let fields = data.and_then(|d| d.as_object());
                let mut values = Vec::with_capacity(info.fields.len());
                for f in info.fields {
                    values.push(match fields.and_then(|m| m.get(f.name)) {
                        Some(x) => index(x)?,
                        None => Value::None,
                    });
                }
                Value::Object(create(values, Span::none())?)
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
