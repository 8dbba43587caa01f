//! The target registry (`tvmscript::ir::target`): what TVM 0.27's `Target(...)` makes
//! of strings, config maps and tags, and its messages for what it refuses (facts
//! read from the oracle: `tvm.target.Target(...)`, `str()`, `export()`).

use tvmscript::ir::target::{from_value, list_kinds, with_host, DEFAULT_LLVM_TRIPLE};
use tvmscript::ir::Value;

fn map(items: &[(&str, Value)]) -> Value {
    Value::Map(items.iter().map(|(k, v)| (Value::str(k), v.clone())).collect::<Vec<_>>().into())
}

fn strs(items: &[&str]) -> Value {
    Value::Array(items.iter().map(|s| Value::str(s)).collect())
}

fn json(v: Value) -> String {
    from_value(&v).unwrap_or_else(|e| panic!("{e}")).to_json()
}

fn error(v: Value) -> String {
    match from_value(&v) {
        Ok(t) => panic!("expected an error, got {}", t.to_json()),
        Err(e) => e,
    }
}

#[test]
fn kind_names_get_their_defaults_and_keys() {
    assert_eq!(json(Value::str("llvm")), format!(r#"{{"kind":"llvm","tag":"","keys":["cpu"],"mtriple":"{DEFAULT_LLVM_TRIPLE}"}}"#));
    assert_eq!(json(Value::str("c")), r#"{"kind":"c","tag":"","keys":["cpu"]}"#);
    assert_eq!(
        json(Value::str("cuda")),
        r#"{"kind":"cuda","tag":"","keys":["cuda","gpu"],"arch":"sm_50","max_num_threads":1024,"thread_warp_size":32}"#
    );
    assert_eq!(json(Value::str("ext_dev")), r#"{"kind":"ext_dev","tag":"","keys":[]}"#);
    assert_eq!(list_kinds().len(), 15);
}

#[test]
fn config_maps_keep_given_values_and_fill_the_rest() {
    // An mcpu without a triple leaves the triple to LLVM's host detection: none is filled in.
    assert_eq!(json(map(&[("kind", Value::str("llvm")), ("mcpu", Value::str("skylake"))])), r#"{"kind":"llvm","tag":"","keys":["cpu"],"mcpu":"skylake"}"#);
    let t = from_value(&map(&[("kind", Value::str("cuda")), ("arch", Value::str("sm_80")), ("keys", strs(&["a", "a"])), ("device", Value::str("b"))])).unwrap();
    assert_eq!(t.keys, vec!["a", "b"]);
    assert_eq!(t.attr("arch").and_then(|v| v.as_str()), Some("sm_80"));
    // Ints and bools convert into each other as TVM converts them.
    let t = from_value(&map(&[("kind", Value::str("llvm")), ("num-cores", Value::Bool(true)), ("fast-math", Value::Int(2))])).unwrap();
    assert_eq!(t.attr("num-cores"), Some(&Value::Int(1)));
    assert_eq!(t.attr("fast-math"), Some(&Value::Bool(true)));
}

#[test]
fn hosts_tags_and_json_strings() {
    let t = from_value(&map(&[("kind", Value::str("cuda")), ("host", Value::str("llvm"))])).unwrap();
    assert_eq!(t.host.as_ref().map(|h| h.kind.name.as_str()), Some("llvm"));
    let c = with_host(&t, from_value(&Value::str("c")).unwrap());
    assert_eq!(c.host.as_ref().map(|h| h.kind.name.as_str()), Some("c"));
    // A tag by name leaves `tag` empty; a tag in a config keeps it and takes overrides.
    let a100 = from_value(&Value::str("nvidia/nvidia-a100")).unwrap();
    assert_eq!((a100.tag.as_str(), a100.attr("arch").and_then(|v| v.as_str())), ("", Some("sm_80")));
    let t = from_value(&map(&[("tag", Value::str("nvidia/nvidia-a100")), ("arch", Value::str("sm_86"))])).unwrap();
    assert_eq!((t.tag.as_str(), t.attr("arch").and_then(|v| v.as_str())), ("nvidia/nvidia-a100", Some("sm_86")));
    assert!(t.to_json().contains(r#""tag":"nvidia\/nvidia-a100""#));
    assert_eq!(json(Value::str(r#"{"kind": "c", "mcpu": "x"}"#)), r#"{"kind":"c","tag":"","keys":["cpu"],"mcpu":"x"}"#);
}

#[test]
fn refusals_carry_tvms_messages() {
    assert!(error(Value::str("cuda -arch=sm_80")).starts_with(
        r#"Cannot parse target string "cuda -arch=sm_80". CLI target string form (e.g. "llvm -mcpu=xxx") is no longer supported."#
    ));
    assert_eq!(error(Value::str("tpu")), r#"Target kind "tpu" is not defined. Target creation from string failed: tpu"#);
    assert_eq!(
        error(map(&[("kind", Value::str("llvm")), ("mcpu", Value::Int(3))])),
        r#"Option 'mcpu': expected type 'str' but got 'int'. Target creation from config dict failed: {"kind": "llvm", "mcpu": 3}"#
    );
    assert_eq!(
        error(map(&[("kind", Value::str("llvm")), ("mattr", Value::str("+avx"))])),
        r#"Option 'mattr': expected type 'Array<str>' but got 'ffi.SmallStr'. Target creation from config dict failed: {"kind": "llvm", "mattr": "+avx"}"#
    );
    assert!(error(map(&[("kind", Value::str("cuda")), ("mtriple", Value::str("x"))]))
        .starts_with("Unknown config option 'mtriple'. Known options: 'kind', 'keys', 'tag', 'device', 'model', 'libs', 'host', 'from_device', 'target_device_type', 'mcpu', 'arch',"));
    assert_eq!(error(map(&[("arch", Value::str("x"))])), r#"Field "kind" is not found. Target creation from config dict failed: {"arch": "x"}"#);
    assert!(error(map(&[("tag", Value::str("nvidia/foo"))])).contains("Unknown target tag: nvidia/foo"));
    assert!(error(map(&[("kind", Value::str("llvm")), ("host", Value::Int(5))])).starts_with("Cannot create target with type: int."));
    assert!(error(map(&[("kind", Value::str("webgpu")), ("thread_warp_size", Value::Int(4))]))
        .contains("WebGPU target with thread_warp_size=4 requires supports_subgroups=true"));
}
