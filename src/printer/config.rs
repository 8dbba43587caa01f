//! Printer configuration (TVM's `PrinterConfig`): read-only while printing.
//!
//! Dialect-specific knobs live in `extra` under dotted keys (`"tirx.prefix"`), so this
//! struct names no dialect.

use indexmap::IndexMap;

use crate::ir::{AccessPath, DataType, ObjectRef, Value};

/// Which spelling of TVMScript the printer writes (see docs/syntax.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Syntax {
    /// The seed's native spelling (`@T.function`, `T.Tensor`).
    #[default]
    Native,
    /// TVM 0.27's spelling (`@T.prim_func`, `T.Buffer`).
    Tvm,
}

/// What the engine prints for an object that no hook handles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// A readable reflective form, `type.Key(field=..., ...)`. Not TVM's output and not
    /// parseable back; meant for debugging objects whose dialect has no hook yet.
    #[default]
    Generic,
    /// TVM's behaviour: a `metadata["type.Key"][i]` reference into the metadata section.
    Metadata,
}

#[derive(Clone, Debug)]
/// How to print: TVM's `PrinterConfig` options plus the spelling (`syntax`).
pub struct PrinterConfig {
    /// The name to bind the printed root object to (`def <name>` / `class <name>`).
    pub name: Option<String>,
    /// Print the metadata section instead of a "Metadata omitted" comment.
    pub show_meta: bool,
    /// The alias of the IR namespace (`I`).
    pub ir_prefix: String,
    /// The alias of the module inside its own functions (`cls`); empty: use the module name.
    pub module_alias: String,
    /// The default element type of a buffer (not printed when a buffer has it).
    pub buffer_dtype: DataType,
    /// The type of an integer literal printed without a type.
    pub int_dtype: DataType,
    /// The type of a float literal printed without a type.
    pub float_dtype: DataType,
    /// Print the definitions of free variables together with a printed expression.
    pub verbose_expr: bool,
    /// Spaces per indentation level.
    pub indent_spaces: usize,
    /// Prefix each line with its number.
    pub print_line_numbers: bool,
    /// Lines of context kept around underlined text; `None` keeps everything.
    pub num_context_lines: Option<usize>,
    /// Print sugared forms (`T.grid`, `R.add` as `+` …) where TVM does.
    pub syntax_sugar: bool,
    /// Suffix variable names with the object's address.
    pub show_object_address: bool,
    /// When underlining, say above the text which requested paths have no visible doc or
    /// only a visible ancestor (TVM's `render_invisible_path_info`, on by default).
    pub render_invisible_path_info: bool,
    /// Which spelling to write: native or TVM 0.27's.
    pub syntax: Syntax,
    /// What to print for an object with no print hook.
    pub fallback: Fallback,
    /// Dialect-specific settings under dotted keys, e.g. `"tirx.prefix" -> "T"`.
    pub extra: IndexMap<String, Value>,
    /// Underline the text of the docs produced from these IR paths (or their nearest
    /// visible ancestors).
    pub path_to_underline: Vec<AccessPath>,
    /// Attach these comments to the statements produced from exactly these paths.
    pub path_to_annotate: Vec<(AccessPath, String)>,
    /// Underline the docs produced from these objects (matched by identity).
    pub obj_to_underline: Vec<ObjectRef>,
    /// Attach these comments to the statements produced from these objects.
    pub obj_to_annotate: Vec<(ObjectRef, String)>,
}

impl Default for PrinterConfig {
    fn default() -> Self {
        PrinterConfig {
            name: None,
            show_meta: false,
            ir_prefix: "I".into(),
            module_alias: "cls".into(),
            buffer_dtype: DataType::FLOAT32,
            int_dtype: DataType::INT32,
            float_dtype: DataType::void(),
            verbose_expr: false,
            indent_spaces: 4,
            print_line_numbers: false,
            num_context_lines: None,
            syntax_sugar: true,
            show_object_address: false,
            render_invisible_path_info: true,
            syntax: Syntax::Native,
            fallback: Fallback::Generic,
            extra: IndexMap::new(),
            path_to_underline: Vec::new(),
            path_to_annotate: Vec::new(),
            obj_to_underline: Vec::new(),
            obj_to_annotate: Vec::new(),
        }
    }
}

impl PrinterConfig {
    /// A string setting from `extra`, or `default`.
    pub fn extra_str<'a>(&'a self, key: &str, default: &'a str) -> &'a str {
        self.extra.get(key).and_then(Value::as_str).unwrap_or(default)
    }
    /// A boolean setting from `extra`, or `default`.
    pub fn extra_bool(&self, key: &str, default: bool) -> bool {
        match self.extra.get(key) {
            Some(Value::Bool(b)) => *b,
            Some(Value::Int(i)) => *i != 0,
            _ => default,
        }
    }
    /// Builder-style setter for `extra`.
    pub fn with_extra(mut self, key: &str, value: Value) -> Self {
        self.extra.insert(key.to_string(), value);
        self
    }
}
