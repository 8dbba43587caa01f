//! What TVM 0.27 renamed, in one table: a diagnostic naming an old spelling (a
//! keyword argument, a module, a namespace member) says the new one, e.g.
//! "unexpected keyword argument 'out_sinfo'; TVM 0.27 calls it 'out_ty'".

/// Keyword arguments: older TVM's spelling, then TVM 0.27's.
pub const KEYWORDS: &[(&str, &str)] = &[("out_sinfo", "out_ty"), ("sinfo_args", "ty_args"), ("struct_info", "ty")];

/// Modules, namespace members and classes: older TVM's name, then TVM 0.27's.
pub const NAMES: &[(&str, &str)] = &[
    ("tir", "tirx"),
    ("emit_with_sinfo", "emit_with_ty"),
    ("func_ret_struct_info", "func_ret_ty"),
    ("StructInfo", "Type"),
    ("TensorStructInfo", "TensorType"),
    ("ShapeStructInfo", "ShapeType"),
    ("TupleStructInfo", "TupleType"),
    ("ObjectStructInfo", "ObjectType"),
    ("FuncStructInfo", "FuncType"),
];

fn lookup(table: &'static [(&'static str, &'static str)], old: &str) -> Option<&'static str> {
    table.iter().find(|(o, _)| *o == old).map(|(_, n)| *n)
}

fn hint(new: &str) -> String {
    format!("; TVM 0.27 calls it '{new}'")
}

/// The text to append to "unexpected keyword argument 'K'": the new name when
/// TVM 0.27 renamed `K`, else nothing.
pub fn keyword_hint(k: &str) -> String {
    lookup(KEYWORDS, k).map(hint).unwrap_or_default()
}

/// The hint for a message raised where no hint was added (Python's own
/// `TypeError` for a keyword, an `ImportError`, `ModuleNotFoundError` or
/// `AttributeError` naming a renamed module or member); `None` when the message
/// names nothing renamed or already has the hint.
pub fn message_hint(message: &str) -> Option<String> {
    if message.contains("TVM 0.27 calls it") {
        return None;
    }
    let quoted = |after: &str| message.split_once(after).and_then(|(_, rest)| rest.split('\'').next()).map(str::to_string);
    if let Some(k) = quoted("unexpected keyword argument '") {
        return lookup(KEYWORDS, &k).map(hint);
    }
    let name = quoted("cannot import name '").or_else(|| quoted("has no attribute '")).or_else(|| {
        // "No module named 'tvm.script.tir'": the component TVM renamed.
        quoted("No module named '").and_then(|path| path.split('.').find(|c| lookup(NAMES, c).is_some()).map(str::to_string))
    })?;
    lookup(NAMES, &name).map(hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints() {
        assert_eq!(keyword_hint("out_sinfo"), "; TVM 0.27 calls it 'out_ty'");
        assert_eq!(keyword_hint("out_ty"), "");
        assert_eq!(message_hint("f() got an unexpected keyword argument 'sinfo_args'").as_deref(), Some("; TVM 0.27 calls it 'ty_args'"));
        assert_eq!(message_hint("cannot import name 'tir' from 'tvm.script' (unknown location)").as_deref(), Some("; TVM 0.27 calls it 'tirx'"));
        assert_eq!(message_hint("No module named 'tvm.tir.op'").as_deref(), Some("; TVM 0.27 calls it 'tirx'"));
        assert_eq!(message_hint("module 'tvm.relax' has no attribute 'TensorStructInfo'").as_deref(), Some("; TVM 0.27 calls it 'TensorType'"));
        assert_eq!(message_hint("cannot import name 'foo' from 'tvm.script'"), None);
        assert_eq!(message_hint("x; TVM 0.27 calls it 'out_ty' unexpected keyword argument 'out_sinfo'"), None);
    }
}
