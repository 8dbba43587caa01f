//! Printer fidelity against TVM 0.27 itself (a dev check, `--ignored`): load the IR TVM
//! built for corpus scripts (dumped by `tests/tirx_printer_dump.py` into the folder named
//! by `TIRX_PRINTER_DUMPS`), print it with `Syntax::Tvm` and compare with TVM's own
//! `script()` of the same function. This tests the printer apart from the frontend.
//!
//! `TIRX_PRINTER_FILTER=substr` restricts to dump files containing it;
//! `TIRX_PRINTER_SHOW=n` shows the first n differences.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value as Json;
use tvmscript::dialects::tirx::nodes::Axis;
use tvmscript::ir::{
    lookup_type, DataType, Error, FuncType, FuncTypeNode, Op, ObjectRef, Result, Span, Type, Value,
};
use tvmscript::printer::{PrinterConfig, Syntax};

struct Loader<'a> {
    nodes: &'a [Json],
    made: HashMap<usize, ObjectRef>,
}

impl Loader<'_> {
    fn value(&mut self, v: &Json) -> Result<Value> {
        Ok(match v {
            Json::Null => Value::None,
            Json::Bool(b) => Value::Bool(*b),
            Json::Object(m) => {
                if let Some(i) = m.get("i") {
                    Value::Int(i.as_i64().ok_or_else(|| Error::value_error("int"))?)
                } else if let Some(f) = m.get("f") {
                    let s = f.as_str().unwrap_or("nan");
                    Value::Float(match s {
                        "inf" => f64::INFINITY,
                        "-inf" => f64::NEG_INFINITY,
                        "nan" => f64::NAN,
                        _ => s.parse().map_err(|_| Error::value_error("float"))?,
                    })
                } else if let Some(s) = m.get("s") {
                    Value::str(s.as_str().unwrap_or(""))
                } else if let Some(d) = m.get("dt") {
                    match d.as_str().unwrap_or("") {
                        "" => Value::DType(DataType::void()),
                        s => Value::DType(s.parse::<DataType>()?),
                    }
                } else if let Some(a) = m.get("a") {
                    let items: Result<Vec<Value>> = a.as_array().into_iter().flatten().map(|x| self.value(x)).collect();
                    Value::Array(items?.into())
                } else if let Some(a) = m.get("m") {
                    let mut items = Vec::new();
                    for kv in a.as_array().into_iter().flatten() {
                        items.push((self.value(&kv[0])?, self.value(&kv[1])?));
                    }
                    Value::Map(items.into())
                } else if let Some(r) = m.get("r") {
                    Value::Object(self.obj(r.as_u64().unwrap_or(0) as usize)?)
                } else {
                    return Err(Error::value_error(format!("unknown value {v}")));
                }
            }
            other => return Err(Error::value_error(format!("unknown value {other}"))),
        })
    }

    fn obj(&mut self, idx: usize) -> Result<ObjectRef> {
        if let Some(o) = self.made.get(&idx) {
            return Ok(o.clone());
        }
        let node = &self.nodes[idx];
        let key = node["t"].as_str().unwrap_or("");
        let fields = node["f"].as_object().cloned().unwrap_or_default();
        let obj = match key {
            "ir.Op" => Op::get(fields["name"]["s"].as_str().unwrap_or(""))?.upcast(),
            "tirx.Axis" => Axis::get(fields["name"]["s"].as_str().unwrap_or("")).upcast(),
            _ => {
                let info = lookup_type(key).ok_or_else(|| Error::value_error(format!("unknown type {key}")))?;
                let create = info.create.ok_or_else(|| Error::value_error(format!("abstract type {key}")))?;
                let mut values = Vec::new();
                for f in info.fields {
                    let v = match fields.get(f.name) {
                        // TVM keeps a relax.FuncType there; ours is the core FuncType.
                        Some(_) if key == "tirx.PrimFunc" && f.name == "ty" => Value::None,
                        Some(j) => self.value(j)?,
                        None => Value::None,
                    };
                    values.push(v);
                }
                if key == "tirx.PrimFunc" {
                    let i = info.field_index("ty").unwrap();
                    let params = values[info.field_index("params").unwrap()].clone();
                    let ret = values[info.field_index("ret_type").unwrap()].clone();
                    let arg_types = params
                        .as_array()
                        .unwrap_or(&[])
                        .iter()
                        .map(|p| Type(p.as_object().unwrap().field("ty").unwrap().as_object().unwrap().clone()))
                        .collect();
                    let ret_type = Type(ret.as_object().cloned().unwrap_or_else(|| Type::unit().0));
                    values[i] = Value::Object(
                        FuncType::new(FuncTypeNode { arg_types, ret_type, span: Span::none() }).upcast(),
                    );
                }
                create(values, Span::none()).map_err(|e| Error::value_error(format!("{key}: {}", e.message)))?
            }
        };
        self.made.insert(idx, obj.clone());
        Ok(obj)
    }
}

fn load(path: &PathBuf) -> Result<(ObjectRef, Option<String>, String)> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::value_error(e.to_string()))?;
    let rec: Json = serde_json::from_str(&text).map_err(|e| Error::value_error(e.to_string()))?;
    let nodes = rec["nodes"].as_array().cloned().unwrap_or_default();
    let mut loader = Loader { nodes: &nodes, made: HashMap::new() };
    let root = loader.obj(rec["root"].as_u64().unwrap_or(0) as usize)?;
    let name = rec["name"].as_str().map(str::to_string);
    Ok((root, name, rec["script"].as_str().unwrap_or("").to_string()))
}

fn first_diff(want: &str, got: &str) -> String {
    let (a, b): (Vec<_>, Vec<_>) = (want.lines().collect(), got.lines().collect());
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or("<end>");
        let y = b.get(i).copied().unwrap_or("<end>");
        if x != y {
            return format!("line {}:\n  want {}\n  got  {}", i + 1, x.trim(), y.trim());
        }
    }
    "trailing newline".into()
}

#[test]
#[ignore = "needs dumps from tests/tirx_printer_dump.py (TIRX_PRINTER_DUMPS)"]
fn prints_like_tvm_on_dumped_ir() {
    tvmscript::init();
    let Ok(dir) = std::env::var("TIRX_PRINTER_DUMPS") else { return };
    let filter = std::env::var("TIRX_PRINTER_FILTER").unwrap_or_default();
    let show: usize = std::env::var("TIRX_PRINTER_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.to_string_lossy().contains(&filter))
        .collect();
    paths.sort();
    let (mut same, mut differ, mut errors) = (0, 0, 0);
    let mut shown = 0;
    let mut classes: HashMap<String, usize> = HashMap::new();
    for path in &paths {
        let (obj, name, want) = match load(path) {
            Ok(x) => x,
            Err(e) => {
                errors += 1;
                *classes.entry(format!("load: {}", e.message.chars().take(60).collect::<String>())).or_default() += 1;
                continue;
            }
        };
        let cfg = PrinterConfig { syntax: Syntax::Tvm, name, ..Default::default() };
        let got = match tvmscript::printer::script(&obj, &cfg) {
            Ok(t) => t,
            Err(e) => {
                errors += 1;
                *classes.entry(format!("print: {}", e.message.chars().take(60).collect::<String>())).or_default() += 1;
                if shown < show {
                    shown += 1;
                    eprintln!("ERROR {}: {}", path.display(), e.message);
                }
                continue;
            }
        };
        if got.trim_end() == want.trim_end() {
            same += 1;
        } else {
            differ += 1;
            if shown < show {
                shown += 1;
                eprintln!("DIFF {}: {}", path.display(), first_diff(&want, &got));
            }
        }
    }
    let mut classes: Vec<_> = classes.into_iter().collect();
    classes.sort_by(|a, b| b.1.cmp(&a.1));
    for (c, n) in classes.iter().take(20) {
        eprintln!("{n:5} {c}");
    }
    eprintln!("{same} identical, {differ} differ, {errors} errors, of {}", paths.len());
}
