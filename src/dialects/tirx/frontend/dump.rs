//! A compact, generic text dump of IR (type keys and reflected fields, variables
//! numbered by first occurrence), for comparing what the frontend builds with what
//! TVM 0.27 builds for the same script (the same format is easy to produce from
//! TVM's reflection). Exposed as `tvm.tirx._debug.dump` in the VM.

use std::collections::HashMap;

use crate::ir::{FieldRole, FloatImmNode, IntImmNode, ObjectRef, OpNode, PrimTypeNode, StringImmNode, Value, VarNode};

/// The dump of a value.
pub fn dump(v: &Value) -> String {
    let mut d = Dumper { ids: HashMap::new(), out: String::new() };
    d.value(v);
    d.out
}

struct Dumper {
    ids: HashMap<usize, usize>,
    out: String,
}

fn py_float(f: f64) -> String {
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f.is_nan() {
        return "nan".into();
    }
    if f == f.trunc() && f.abs() < 1e16 {
        return format!("{f:.1}");
    }
    let s = format!("{f:?}");
    // Python writes 1e-05 where Rust writes 1e-5.
    match s.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = match e.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("+", e),
            };
            format!("{m}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

fn py_str(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::new();
    out.push(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

impl Dumper {
    fn value(&mut self, v: &Value) {
        match v {
            Value::None => self.out.push_str("None"),
            Value::Bool(b) => self.out.push_str(if *b { "True" } else { "False" }),
            Value::Int(i) => self.out.push_str(&i.to_string()),
            Value::Float(f) => self.out.push_str(&py_float(*f)),
            Value::Str(s) => self.out.push_str(&py_str(s)),
            Value::DType(d) => self.out.push_str(&py_str(&d.to_string())),
            Value::Array(items) => {
                self.out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.value(x);
                }
                self.out.push(']');
            }
            Value::Map(items) => {
                // Entries in key order: map order is not part of the IR.
                let mut entries: Vec<(String, String)> = items
                    .iter()
                    .map(|(k, x)| {
                        let key = self.sub(k);
                        let val = self.sub(x);
                        (key, val)
                    })
                    .collect();
                entries.sort();
                self.out.push('{');
                for (i, (k, x)) in entries.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str(k);
                    self.out.push_str(": ");
                    self.out.push_str(x);
                }
                self.out.push('}');
            }
            Value::Object(o) => self.object(o),
        }
    }

    /// The dump of a value on its own (sharing the variable numbering).
    fn sub(&mut self, v: &Value) -> String {
        let saved = std::mem::take(&mut self.out);
        self.value(v);
        std::mem::replace(&mut self.out, saved)
    }

    fn object(&mut self, o: &ObjectRef) {
        if let Some(i) = o.downcast_ref::<IntImmNode>() {
            self.out.push_str(&format!("{}:{}", i.ty.dtype(), i.value));
            return;
        }
        if let Some(f) = o.downcast_ref::<FloatImmNode>() {
            self.out.push_str(&format!("{}:{}", f.ty.dtype(), py_float(f.value)));
            return;
        }
        if let Some(s) = o.downcast_ref::<StringImmNode>() {
            self.out.push_str(&format!("s{}", py_str(&s.value)));
            return;
        }
        if let Some(p) = o.downcast_ref::<PrimTypeNode>() {
            let d = if p.dtype.is_void() { String::new() } else { p.dtype.to_string() };
            self.out.push_str(&format!("<{d}>"));
            return;
        }
        if let Some(k) = o.downcast_ref::<crate::ir::target::TargetKindNode>() {
            self.out.push_str(&format!("tk:{}", k.name));
            return;
        }
        if let Some(g) = o.downcast_ref::<crate::ir::GlobalVarNode>() {
            self.out.push_str(&format!("gv:{}", g.name_hint));
            return;
        }
        if let Some(op) = o.downcast_ref::<OpNode>() {
            self.out.push_str(&format!("op:{}", op.name));
            return;
        }
        if let Some(v) = o.downcast_ref::<VarNode>() {
            let n = self.ids.len();
            match self.ids.get(&o.addr()) {
                Some(k) => self.out.push_str(&format!("%{k}")),
                None => {
                    self.ids.insert(o.addr(), n);
                    self.out.push_str(&format!("%{n}:{}:", py_str(&v.name)));
                    self.value(&Value::Object(v.ty.as_object().clone()));
                }
            }
            return;
        }
        let info = o.type_info();
        self.out.push_str(info.key);
        self.out.push('(');
        let mut first = true;
        for (f, v) in info.fields.iter().zip(o.fields()) {
            if info.key == "tirx.PrimFunc" && f.name == "ty" {
                continue;
            }
            let _ = FieldRole::Normal;
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.out.push_str(f.name);
            self.out.push('=');
            self.value(&v);
        }
        self.out.push(')');
    }
}
