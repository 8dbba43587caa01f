//! Building a target as TVM 0.27's `Target(...)` does, with its messages:
//! - a string: a JSON config (`'{"kind": "cuda"}'`), a registered tag
//!   (`"nvidia/nvidia-a100"`) or a kind name (`"cuda"`); the old command-line form
//!   (`"cuda -arch=sm_80"`) is refused, as 0.27 refuses it;
//! - a config map: `kind` (or a `tag` whose config the other fields override),
//!   `keys`, `tag`, `host` and the kind's options, each type-checked; then the
//!   kind's defaults, its default keys and what the kind derives (`canonical`);
//! - a target: itself.

use super::kinds::{self, Kind, OptionType};
use super::{arm, tags, Target, TargetKind, TargetNode};
use crate::ir::{Span, Value};

/// The triple TVM's llvm kind fills in when a config names neither `mtriple` nor
/// `mcpu`: LLVM's default target triple, here that of the LLVM the PyPI wheel of
/// TVM 0.27 was built with (conda's toolchain), which is what its printed scripts show.
pub const DEFAULT_LLVM_TRIPLE: &str = "x86_64-conda-linux-gnu";

/// A target from a string, a config map or a target object.
pub fn from_value(v: &Value) -> Result<Target, String> {
    match v {
        Value::Str(s) => from_str(s),
        Value::Map(items) => from_config(items),
        Value::Object(o) => match o.clone().try_downcast::<TargetNode>() {
            Some(t) => Ok(t),
            None => Err(format!("Cannot create target with type: {}", o.type_key())),
        },
        other => Err(format!("Cannot create target with type: {}", type_name(other))),
    }
}

/// The target with `host` as its host (TVM's `Target(target, host)`).
pub fn with_host(target: &Target, host: Target) -> Target {
    let mut node = (**target).clone();
    node.host = Some(host);
    Target::new(node)
}

fn from_str(s: &str) -> Result<Target, String> {
    let fail = |m: String| format!("{m}. Target creation from string failed: {s}");
    if s.starts_with('{') {
        let json: serde_json::Value =
            serde_json::from_str(s).map_err(|e| fail(format!("Failed to parse target JSON config: {e}")))?;
        return from_value(&json_to_value(&json));
    }
    if s.contains(' ') {
        return Err(fail(format!(
            "Cannot parse target string \"{s}\". CLI target string form (e.g. \"llvm -mcpu=xxx\") is no longer \
             supported. Please use JSON dict form (e.g. {{\"kind\": \"llvm\", \"mcpu\": \"xxx\"}}) instead."
        )));
    }
    if let Some(config) = tags::lookup(s) {
        // A tag named by a string is its target (TVM leaves its `tag` empty then).
        return from_value(config);
    }
    if kinds::find(s).is_none() {
        return Err(fail(format!("Target kind \"{s}\" is not defined")));
    }
    from_config(&[(Value::str("kind"), Value::str(s))])
}

fn from_config(items: &[(Value, Value)]) -> Result<Target, String> {
    let mut fields = Vec::with_capacity(items.len());
    for (k, v) in items {
        let Some(k) = k.as_str() else { return Err("Cannot create target with type: ffi.Map".into()) };
        fields.push((k.to_string(), v.clone()));
    }
    build(fields).map_err(|m| format!("{m}. Target creation from config dict failed: {}", repr(&Value::Map(items.into()))))
}

fn get<'a>(fields: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

fn set(fields: &mut Vec<(String, Value)>, name: &str, v: Value) {
    match fields.iter_mut().find(|(k, _)| k == name) {
        Some(slot) => slot.1 = v,
        None => fields.push((name.to_string(), v)),
    }
}

fn build(mut fields: Vec<(String, Value)>) -> Result<Target, String> {
    // A tag without a kind: the tag's config, overridden by the other fields.
    if get(&fields, "kind").is_none() {
        if let Some(tag) = get(&fields, "tag") {
            let Some(name) = tag.as_str() else {
                return Err(format!("Option 'tag': expected type 'str' but got '{}'", type_name(tag)));
            };
            let Some(Value::Map(base)) = tags::lookup(name) else {
                return Err(format!("Check failed: (tag_config.has_value()) is false: Unknown target tag: {name}"));
            };
            let mut merged: Vec<(String, Value)> =
                base.iter().filter_map(|(k, v)| Some((k.as_str()?.to_string(), v.clone()))).collect();
            for (k, v) in fields {
                set(&mut merged, &k, v);
            }
            fields = merged;
        }
    }
    let kind = match get(&fields, "kind") {
        None => return Err("Field \"kind\" is not found".into()),
        Some(Value::Str(s)) => kinds::find(s).ok_or_else(|| format!("Target kind \"{s}\" is not defined"))?,
        Some(other) => return Err(format!("Expect type of field \"kind\" is String, but get type: {}", type_name(other))),
    };
    let mut tag = String::new();
    let mut keys: Option<Vec<String>> = None;
    let mut host = None;
    let mut attrs: Vec<(String, Value)> = Vec::new();
    for (name, v) in &fields {
        // Features are derived facts a config may also state (TVM accepts any).
        if name.starts_with("feature.") {
            attrs.push((name.clone(), v.clone()));
            continue;
        }
        let Some(opt) = kind.option(name) else {
            let known: Vec<String> =
                kinds::COMMON.iter().chain(kind.options.iter()).map(|o| format!("'{}'", o.name)).collect();
            return Err(format!("Unknown config option '{name}'. Known options: {}", known.join(", ")));
        };
        match name.as_str() {
            "kind" => {}
            "host" => host = Some(from_value(v)?),
            // Reading a device's parameters needs its runtime; without it TVM keeps the defaults.
            "from_device" => {
                checked(name, opt.ty, v)?;
            }
            "tag" => tag = checked(name, opt.ty, v)?.as_str().unwrap_or_default().to_string(),
            "keys" => keys = Some(strings(&checked(name, opt.ty, v)?)),
            _ => attrs.push((name.clone(), checked(name, opt.ty, v)?)),
        }
    }
    let device = attrs.iter().find(|(k, _)| k == "device").and_then(|(_, v)| v.as_str()).map(str::to_string);
    let given_keys = keys.is_some();
    let mut keys = match keys {
        Some(mut k) => {
            k.extend(device.clone());
            k
        }
        None => device.iter().cloned().chain(kind.default_keys.iter().map(|k| k.to_string())).collect(),
    };
    // Defaults in reverse option order: the order TVM's export lists them in.
    for opt in kind.options.iter().rev() {
        if let Some(d) = opt.default {
            if !attrs.iter().any(|(k, _)| k == opt.name) {
                attrs.push((opt.name.to_string(), d.value()));
            }
        }
    }
    canonical(kind, &mut attrs, &mut keys, given_keys)?;
    let mut unique: Vec<String> = Vec::with_capacity(keys.len());
    for k in keys {
        if !unique.contains(&k) {
            unique.push(k);
        }
    }
    Ok(Target::new(TargetNode {
        kind: TargetKind::get(kind.name),
        tag,
        keys: unique,
        attrs: attrs.into_iter().map(|(k, v)| (Value::str(&k), v)).collect::<Vec<_>>().into(),
        host,
        span: Span::none(),
    }))
}

/// What a kind derives from its config after the defaults (TVM's canonicalizers).
fn canonical(kind: &Kind, attrs: &mut Vec<(String, Value)>, keys: &mut Vec<String>, given_keys: bool) -> Result<(), String> {
    let has = |attrs: &Vec<(String, Value)>, n: &str| attrs.iter().any(|(k, _)| k == n);
    let default = |attrs: &mut Vec<(String, Value)>, n: &str, v: Value| {
        if !has(attrs, n) {
            attrs.insert(0, (n.to_string(), v));
        }
    };
    match kind.name {
        // TVM asks the installed CUDA or ROCm for the architecture; there is none.
        "cuda" => default(attrs, "arch", Value::str("sm_50")),
        "nvptx" => default(attrs, "mcpu", Value::str("sm_50")),
        "rocm" => default(attrs, "mcpu", Value::str("gfx900")),
        "test" => default(attrs, "feature.is_test", Value::Bool(true)),
        // With subgroups a WebGPU warp is 32 lanes; without, one.
        "webgpu" => {
            let subgroups = matches!(attrs.iter().find(|(k, _)| k == "supports_subgroups"), Some((_, Value::Bool(true))));
            let warp = attrs.iter().find(|(k, _)| k == "thread_warp_size").and_then(|(_, v)| v.as_int()).unwrap_or(1);
            if subgroups {
                set(attrs, "thread_warp_size", Value::Int(32));
            } else if warp > 1 {
                return Err(format!(
                    "Check failed: (subgroups || thread_warp_size <= 1) is false: WebGPU target with \
                     thread_warp_size={warp} requires supports_subgroups=true"
                ));
            }
        }
        "llvm" => {
            if !has(attrs, "mtriple") && !has(attrs, "mcpu") {
                default(attrs, "mtriple", Value::str(DEFAULT_LLVM_TRIPLE));
            }
            let triple = attrs.iter().find(|(k, _)| k == "mtriple").and_then(|(_, v)| v.as_str()).unwrap_or("").to_string();
            if arm::is_arm(&triple) {
                let mattr = arm::strings(attrs.iter().find(|(k, _)| k == "mattr").map(|(_, v)| v));
                for (name, on) in arm::features(&triple, &mattr) {
                    default(attrs, name, Value::Bool(on));
                }
                if !given_keys {
                    keys.retain(|k| k != "cpu");
                }
                keys.extend(["arm_cpu".to_string(), "cpu".to_string()]);
            }
        }
        _ => {}
    }
    Ok(())
}

/// A value of an option's type, or TVM's message (an int is accepted as a bool and
/// a bool as an int, as TVM converts them).
fn checked(name: &str, ty: OptionType, v: &Value) -> Result<Value, String> {
    let ok = match (ty, v) {
        (OptionType::Str, Value::Str(_)) => Some(v.clone()),
        (OptionType::Int, Value::Int(_)) => Some(v.clone()),
        (OptionType::Int, Value::Bool(b)) => Some(Value::Int(i64::from(*b))),
        (OptionType::Bool, Value::Bool(_)) => Some(v.clone()),
        (OptionType::Bool, Value::Int(i)) => Some(Value::Bool(*i != 0)),
        (OptionType::StrArray, Value::Array(items)) if items.iter().all(|s| matches!(s, Value::Str(_))) => Some(v.clone()),
        (OptionType::TargetArray, Value::Array(items)) => {
            Some(Value::Array(items.iter().map(|t| from_value(t).map(|t| Value::Object(t.into()))).collect::<Result<Vec<_>, _>>()?.into()))
        }
        _ => None,
    };
    ok.ok_or_else(|| format!("Option '{name}': expected type '{}' but got '{}'", ty.name(), type_name(v)))
}

fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items.iter().filter_map(|s| s.as_str().map(str::to_string)).collect(),
        _ => vec![],
    }
}

/// The name TVM's messages give a value's type (its FFI types: short strings are
/// `ffi.SmallStr`, sequences `ffi.Array`, dicts `ffi.Map`).
fn type_name(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(_) => "bool".into(),
        Value::Int(_) => "int".into(),
        Value::Float(_) => "float".into(),
        Value::Str(s) if s.len() <= 7 => "ffi.SmallStr".into(),
        Value::Str(_) => "ffi.String".into(),
        Value::DType(_) => "DataType".into(),
        Value::Object(o) => o.type_key().to_string(),
        Value::Array(_) => "ffi.Array".into(),
        Value::Map(_) => "ffi.Map".into(),
    }
}

/// A config as TVM's messages show it (its containers' repr: arrays as tuples).
fn repr(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Value::Float(f) => f.to_string(),
        Value::Str(s) => serde_json::to_string(&**s).unwrap_or_default(),
        Value::DType(d) => format!("{d:?}"),
        Value::Object(o) => match o.downcast_ref::<TargetNode>() {
            Some(t) => t.to_json(),
            None => o.type_key().to_string(),
        },
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(repr).collect();
            if parts.len() == 1 { format!("({},)", parts[0]) } else { format!("({})", parts.join(", ")) }
        }
        Value::Map(items) => {
            let parts: Vec<String> = items.iter().map(|(k, v)| format!("{}: {}", repr(k), repr(v))).collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// A JSON value as an IR value (objects keep their order).
pub(super) fn json_to_value(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::None,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s),
        serde_json::Value::Array(items) => Value::Array(items.iter().map(json_to_value).collect()),
        serde_json::Value::Object(map) => {
            Value::Map(map.iter().map(|(k, v)| (Value::str(k), json_to_value(v))).collect::<Vec<_>>().into())
        }
    }
}

/// Compact JSON as TVM writes a target's config (`/` escaped as `\/`).
pub(super) fn write_json(out: &mut String, v: &Value) {
    match v {
        Value::None => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&f.to_string()),
        Value::Str(s) => out.push_str(&serde_json::to_string(&**s).unwrap_or_default().replace('/', "\\/")),
        Value::DType(d) => out.push_str(&serde_json::to_string(&format!("{d:?}")).unwrap_or_default()),
        Value::Object(o) => match o.downcast_ref::<TargetNode>() {
            Some(t) => write_json(out, &t.export()),
            None => out.push_str("null"),
        },
        Value::Array(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, x);
            }
            out.push(']');
        }
        Value::Map(items) => {
            out.push('{');
            for (i, (k, x)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, k);
                out.push(':');
                write_json(out, x);
            }
            out.push('}');
        }
    }
}
