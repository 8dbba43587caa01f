//! Engine tests on node types of their own (`printer_test.*`) and hooks under dispatch
//! tokens no dialect uses, so they run beside any registered dialect.
//! Expected names follow TVM 0.27's output (checked with TVM 0.27).

use std::sync::{Arc, Once};

use super::engine::*;
use super::*;
use crate::ir::{AccessPath, AttrMap, ObjectRef, Result, Span, Value};

crate::ir_node! {
    /// A named variable.
    pub struct TVarNode as TVar: "printer_test.Var", base crate::ir::object_info, eq Var {
        [ignore] pub name: String,
    }
}

crate::ir_node! {
    /// `lhs + rhs`
    pub struct TAddNode as TAdd: "printer_test.Add", base crate::ir::object_info {
        pub lhs: ObjectRef,
        pub rhs: ObjectRef,
    }
}

crate::ir_node! {
    /// `def name(params): body` where the body is a list of expression statements.
    pub struct TFuncNode as TFunc: "printer_test.Func", base crate::ir::object_info {
        [def] pub params: Vec<ObjectRef>,
        pub body: Vec<ObjectRef>,
    }
}

crate::ir_node! {
    /// `with scope(): body`, defining `var` inside.
    pub struct TLetNode as TLet: "printer_test.Let", base crate::ir::object_info {
        [def] pub var: ObjectRef,
        pub value: ObjectRef,
        pub body: ObjectRef,
    }
}

crate::ir_node! {
    /// A node with no hook: printed by the fallback.
    pub struct TPlainNode as TPlain: "printer_test.Plain", base crate::ir::object_info {
        pub count: i64,
        pub label: String,
        pub items: Vec<ObjectRef>,
        pub attrs: AttrMap,
    }
}

fn var(name: &str) -> ObjectRef {
    TVar::new(TVarNode { name: name.into(), span: Span::none() }).upcast()
}
fn add(a: &ObjectRef, b: &ObjectRef) -> ObjectRef {
    TAdd::new(TAddNode { lhs: a.clone(), rhs: b.clone(), span: Span::none() }).upcast()
}
fn func(params: Vec<ObjectRef>, body: Vec<ObjectRef>) -> ObjectRef {
    TFunc::new(TFuncNode { params, body, span: Span::none() }).upcast()
}
fn let_(v: &ObjectRef, value: &ObjectRef, body: &ObjectRef) -> ObjectRef {
    TLet::new(TLetNode { var: v.clone(), value: value.clone(), body: body.clone(), span: Span::none() }).upcast()
}
fn plain(count: i64, items: Vec<ObjectRef>) -> ObjectRef {
    let attrs: AttrMap = Arc::from(vec![(Value::str("zeta"), Value::Int(1)), (Value::str("alpha"), Value::Float(0.5))]);
    TPlain::new(TPlainNode { count, label: "lbl".into(), items, attrs, span: Span::none() }).upcast()
}

const TOKEN: &str = "printer_test";

/// A variable prints as its name, defining it in the outermost frame on first use
/// with `v = Q.var()` emitted there (as TIR does with free variables).
fn var_hook(obj: &ObjectRef, _: &AccessPath, p: &mut Printer) -> Result<Doc> {
    if let Some(d) = p.var_doc(obj)? {
        return Ok(d.into());
    }
    let name = &obj.downcast_ref::<TVarNode>().unwrap().name;
    let hint = if name.is_empty() { "v" } else { name.as_str() };
    let root = FrameId(0);
    let id = p.define(obj, hint, root)?;
    p.use_import("printer_test.Q");
    p.frame_mut(root).unwrap().stmts.push(StmtDoc::assign(id.clone(), ExprDoc::id("Q").attr("var").call(vec![])));
    Ok(id.into())
}

fn register_test_hooks() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        register_import(
            "printer_test.Q",
            ImportSpec::comment(50, |cfg| vec![format!("from test import q as {}", cfg.extra_str("test.prefix", "Q"))])
                .reserving(|cfg| cfg.extra_str("test.prefix", "Q").to_string()),
        );
        register_import("printer_test.A", ImportSpec::comment(10, |_| vec!["from test import a as A".into()]));
        register_print_hook(TOKEN, "printer_test.Var", var_hook);
        register_print_hook(TOKEN, "printer_test.Add", |obj, path, p| {
            let n = obj.downcast_ref::<TAddNode>().unwrap();
            let a = p.to_doc(&n.lhs, &path.attr("lhs"))?;
            let b = p.to_doc(&n.rhs, &path.attr("rhs"))?;
            Ok((a + b).into())
        });
        // Under the default token, additions print as calls: proves the token decides.
        register_print_hook(DEFAULT_TOKEN, "printer_test.Add", |obj, path, p| {
            let n = obj.downcast_ref::<TAddNode>().unwrap();
            let a = p.value_to_doc(&Value::Object(n.lhs.clone()), &path.attr("lhs"))?;
            let b = p.value_to_doc(&Value::Object(n.rhs.clone()), &path.attr("rhs"))?;
            Ok(ExprDoc::id("add").call(vec![a, b]).into())
        });
        register_print_hook(DEFAULT_TOKEN, "printer_test.Var", |obj, _, _| {
            Ok(ExprDoc::id(format!("default_{}", obj.downcast_ref::<TVarNode>().unwrap().name)).into())
        });
        register_print_hook(TOKEN, "printer_test.Func", |obj, path, p| {
            let n = obj.downcast_ref::<TFuncNode>().unwrap();
            p.use_import("printer_test.A");
            let name = p.binding_name().unwrap_or("main").to_string();
            let (params, frame) = p.with_frame("func", Some(obj.clone()), |p, f| {
                let mut params = Vec::new();
                for (i, v) in n.params.iter().enumerate() {
                    let hint = v.downcast_ref::<TVarNode>().unwrap().name.clone();
                    let id = p.define(v, &hint, f)?;
                    params.push(
                        StmtDoc::assign_annotated(id, None, ExprDoc::id("int")).with_path(path.attr("params").index(i)),
                    );
                }
                for (i, e) in n.body.iter().enumerate() {
                    let d = p.as_doc(e, &path.attr("body").index(i))?;
                    for s in d.into_stmts() {
                        p.emit(s)?;
                    }
                }
                Ok(params)
            })?;
            let f = FunctionDoc::new(name, params, frame.stmts).decorator(ExprDoc::id("A").attr("function"));
            Ok(f.into_stmt().into())
        });
        register_print_hook(TOKEN, "printer_test.Let", |obj, path, p| {
            let n = obj.downcast_ref::<TLetNode>().unwrap();
            let value = p.to_doc(&n.value, &path.attr("value"))?;
            let (_, frame) = p.with_frame("let", Some(obj.clone()), |p, f| {
                let hint = n.var.downcast_ref::<TVarNode>().unwrap().name.clone();
                let id = p.define(&n.var, &hint, f)?;
                p.emit(StmtDoc::assign(id, value))?;
                let body = p.as_doc(&n.body, &path.attr("body"))?;
                for s in body.into_stmts() {
                    p.emit(s)?;
                }
                Ok(())
            })?;
            Ok(StmtDoc::scope(None, ExprDoc::id("Q").attr("let").call(vec![]), frame.stmts).into())
        });
        for key in
            ["printer_test.Var", "printer_test.Add", "printer_test.Func", "printer_test.Let", "printer_test.Plain"]
        {
            register_script_entry(key, |obj, p| {
                p.add_dispatch_token(TOKEN);
                p.set_common_prefix(obj, |o| o.type_key() == "printer_test.Var");
                Ok(())
            });
        }
    });
}

fn printer() -> Printer {
    register_test_hooks();
    let mut p = Printer::new(PrinterConfig::default());
    p.push_frame("root", None);
    p.add_dispatch_token(TOKEN);
    p
}

#[test]
fn names_are_deduplicated_like_tvm() {
    let mut p = printer();
    for n in ["T", "I", "R"] {
        p.reserve_name(n);
    }
    let hints = ["a.b", "1x", "", "for", "a-b", "é", "x", "x", "x_1", "T", "I", "R", "cls", "x y"];
    let names: Vec<String> =
        hints.iter().map(|h| p.to_doc(&var(h), &AccessPath::root()).unwrap().as_id().unwrap().to_string()).collect();
    assert_eq!(
        names,
        ["a_b", "1x", "v", "for", "a_b_1", "__", "x", "x_1", "x_1_1", "T_1", "I_1", "R_1", "cls_1", "x_y"]
    );

    let mut p = printer();
    let names: Vec<String> = ["x_1", "x", "x"]
        .iter()
        .map(|h| p.to_doc(&var(h), &AccessPath::root()).unwrap().as_id().unwrap().to_string())
        .collect();
    assert_eq!(names, ["x_1", "x", "x_2"]);
}

#[test]
fn definitions_are_stable_and_forgotten_with_their_frame() {
    let mut p = printer();
    let x = var("x");
    let x2 = var("x");
    let inner = p.push_frame("inner", None);
    assert_eq!(p.define(&x, "x", inner).unwrap().as_id(), Some("x"));
    // Defining again returns the same name; another object gets a fresh one.
    assert_eq!(p.define(&x, "other", inner).unwrap().as_id(), Some("x"));
    assert_eq!(p.define(&x2, "x", inner).unwrap().as_id(), Some("x_1"));
    assert!(p.is_defined(&x));
    assert_eq!(p.var_name(&x2), Some("x_1"));
    assert_eq!(p.frame(inner).unwrap().vars().len(), 2);
    p.pop_frame().unwrap();
    assert!(!p.is_defined(&x) && !p.is_defined(&x2));
    assert!(p.var_doc(&x).unwrap().is_none());
    let root = p.current_frame().unwrap();
    assert_eq!(p.define(&x2, "x", root).unwrap().as_id(), Some("x"), "names are free again");
}

/// A frame of many variables is swept at once: the same outcome as one by one.
#[test]
fn a_large_frame_forgets_its_variables_and_nothing_else() {
    for count in [3, 1000] {
        let mut p = printer();
        let root = p.current_frame().unwrap();
        p.reserve_name("kept");
        let outer = var("y");
        p.define(&outer, "y", root).unwrap();
        let mid = p.push_frame("mid", None);
        let inner = p.push_frame("inner", None);
        let vars: Vec<ObjectRef> = (0..count).map(|_| var("x")).collect();
        for v in &vars {
            p.define(v, "x", inner).unwrap();
        }
        // Hoisted into an outer frame while the inner one is current.
        let hoisted = var("h");
        p.define(&hoisted, "h", mid).unwrap();
        assert_eq!(p.var_name(&vars[count - 1]), Some(format!("x_{}", count - 1).as_str()));
        p.pop_frame().unwrap();
        assert!(vars.iter().all(|v| !p.is_defined(v)), "{count}: inner variables forgotten");
        assert!(!p.is_name_taken("x") && !p.is_name_taken("x_1"), "{count}: their names are free");
        assert!(p.is_defined(&hoisted) && p.is_defined(&outer), "{count}: outer variables stay");
        assert!(p.is_name_taken("h") && p.is_name_taken("y") && p.is_name_taken("kept"));
        p.pop_frame().unwrap();
        assert!(!p.is_defined(&hoisted) && !p.is_name_taken("h") && p.is_name_taken("y"));
    }
}

#[test]
fn creator_defined_objects_make_fresh_docs() {
    let mut p = printer();
    let buf = var("A");
    let data = var("data");
    let root = p.current_frame().unwrap();
    p.define(&buf, "A", root).unwrap();
    let b = buf.clone();
    p.define_with(&data, root, move |p| Ok(p.var_doc(&b)?.expect("buffer defined").attr("data"))).unwrap();
    let d = p.to_doc(&add(&data, &data), &AccessPath::root()).unwrap();
    assert_eq!(to_python(&Doc::Expr(d), &PrinterConfig::default()).unwrap(), "A.data + A.data");
    assert!(p.define_with(&data, root, |_| Ok(ExprDoc::id("dup"))).is_err());
    assert_eq!(p.var_name(&data), None);
}

#[test]
fn dispatch_tokens_select_hooks_and_pop_with_frames() {
    let mut p = Printer::new(PrinterConfig::default());
    register_test_hooks();
    p.push_frame("root", None);
    let (x, one) = (var("x"), var("one"));
    let e = add(&x, &one);
    let show = |p: &mut Printer| {
        let d = p.to_doc(&e, &AccessPath::root()).unwrap();
        to_python(&Doc::Expr(d), &PrinterConfig::default()).unwrap()
    };
    assert_eq!(p.dispatch_token(), DEFAULT_TOKEN);
    assert_eq!(show(&mut p), "add(default_x, default_one)");
    p.push_frame("dialect", None);
    p.add_dispatch_token(TOKEN);
    assert_eq!(show(&mut p), "x + one");
    p.pop_frame().unwrap();
    assert_eq!(p.dispatch_token(), DEFAULT_TOKEN);
    assert!(has_print_hook(TOKEN, "printer_test.Add"));
    assert!(!has_print_hook(TOKEN, "printer_test.Plain"));
}

#[test]
fn hook_registry_is_open_and_replaceable() {
    register_test_hooks();
    let token = "printer_test_replace";
    register_print_hook(token, "printer_test.Var", |_, _, _| Ok(ExprDoc::id("first").into()));
    register_print_hook(token, "printer_test.Var", |_, _, _| Ok(ExprDoc::id("second").into()));
    let mut p = Printer::new(PrinterConfig::default());
    p.push_frame("root", None);
    p.add_dispatch_token(token);
    let d = p.to_doc(&var("x"), &AccessPath::root()).unwrap();
    assert_eq!(d.as_id(), Some("second"));
    assert!(unregister_print_hook(token, "printer_test.Var"));
    assert!(!unregister_print_hook(token, "printer_test.Var"));
}

#[test]
fn generic_fallback_uses_reflection() {
    let mut p = printer();
    let obj = plain(3, vec![var("x")]);
    let d = p.to_doc(&obj, &AccessPath::root()).unwrap();
    assert_eq!(
        to_python(&Doc::Expr(d), &PrinterConfig::default()).unwrap(),
        "printer_test.Plain(count=3, label=\"lbl\", items=(x,), attrs={\"alpha\": 0.5, \"zeta\": 1})"
    );
}

#[test]
fn metadata_fallback_references_and_omission_comment() {
    register_test_hooks();
    let cfg = PrinterConfig { fallback: Fallback::Metadata, ..PrinterConfig::default() };
    let a = plain(1, vec![]);
    let b = plain(2, vec![]);
    let f = func(vec![], vec![a.clone(), b.clone(), a.clone()]);
    assert_eq!(
        script(&f, &cfg).unwrap(),
        "# from test import a as A\n\n@A.function\ndef main():\n    metadata[\"printer_test.Plain\"][0]\n    \
         metadata[\"printer_test.Plain\"][1]\n    metadata[\"printer_test.Plain\"][0]\n\n\
         # Metadata omitted. Use show_meta=True in script() method to show it."
    );
    let meta_cfg = PrinterConfig { show_meta: true, ..cfg.clone() };
    assert!(
        script(&f, &meta_cfg).is_err() || script(&f, &meta_cfg).unwrap().starts_with("metadata = tvm.ir.load_json")
    );
}

#[test]
fn script_writes_header_for_definitions_only() {
    register_test_hooks();
    let (x, y, n) = (var("x"), var("y"), var("n"));
    let f = func(vec![x.clone()], vec![add(&x, &y), add(&y, &n)]);
    let cfg = PrinterConfig::default();
    // `y` and `n` are free: defined in the root frame; `x` is a parameter.
    assert_eq!(
        script(&f, &cfg).unwrap(),
        "# from test import a as A\n# from test import q as Q\n\ny = Q.var()\nn = Q.var()\n\
         @A.function\ndef main(x: int):\n    x + y\n    y + n"
    );
    let named = PrinterConfig { name: Some("kernel".into()), ..PrinterConfig::default() };
    assert!(script(&f, &named).unwrap().contains("def kernel(x: int):"));
    // An expression alone: no header, and its free-variable definitions are dropped
    // unless verbose_expr asks for them.
    assert_eq!(script(&add(&x, &y), &cfg).unwrap(), "x + y");
    let verbose = PrinterConfig { verbose_expr: true, ..PrinterConfig::default() };
    assert_eq!(script(&add(&x, &y), &verbose).unwrap(), "x = Q.var()\ny = Q.var()\nx + y");
    // A statement that is not a definition: no header.
    let l = let_(&x, &y, &add(&x, &y));
    assert_eq!(script(&l, &cfg).unwrap(), "y = Q.var()\nwith Q.let():\n    x = y\n    x + y");
}

#[test]
fn header_order_preamble_and_reserved_aliases() {
    register_test_hooks();
    let mut p = Printer::new(PrinterConfig::default().with_extra("test.prefix", Value::str("QQ")));
    p.push_frame("root", None);
    p.use_import("printer_test.Q");
    p.use_import(IMPORT_TYPE_VAR);
    p.use_import("printer_test.A");
    p.use_import(IMPORT_FUTURE_ANNOTATIONS);
    p.use_import("printer_test.unregistered");
    assert_eq!(p.header_lines(), ["from typing import TypeVar", "from test import a as A", "from test import q as QQ"]);
    assert!(p.is_name_taken("QQ") && p.is_name_taken("cls") && !p.is_name_taken("Q"));
    let d = StmtDoc::function(FunctionDoc::new("f", vec![], vec![]));
    assert_eq!(
        p.render(Doc::from(d)).unwrap(),
        "from __future__ import annotations\n\n# from typing import TypeVar\n# from test import a as A\n\
         # from test import q as QQ\n\ndef f():\n    pass"
    );
}

#[test]
fn frames_collect_emitted_statements_in_order() {
    let mut p = printer();
    let ((), frame) = p
        .with_frame("outer", None, |p, _| {
            p.emit(StmtDoc::expr(ExprDoc::id("a")))?;
            let ((), inner) = p.with_frame("inner", None, |p, _| p.emit(StmtDoc::expr(ExprDoc::id("b"))))?;
            assert_eq!(inner.stmts.len(), 1);
            assert_eq!(p.find_frame("outer"), Some(FrameId(1)));
            p.emit(StmtDoc::expr(ExprDoc::id("c")))
        })
        .unwrap();
    let text = to_python(&Doc::Block(StmtBlockDoc::new(frame.stmts)), &PrinterConfig::default()).unwrap();
    assert_eq!(text, "a\nc");
    // Errors unwind inner frames.
    let depth = p.frames().len();
    let r: Result<((), Frame)> = p.with_frame("bad", None, |p, _| {
        p.push_frame("leftover", None);
        Err(crate::ir::Error::runtime("boom"))
    });
    assert!(r.is_err());
    assert_eq!(p.frames().len(), depth);
}

#[test]
fn frame_data_holds_dialect_state() {
    let mut p = printer();
    let id = p.push_frame("x", None);
    p.frame_mut(id).unwrap().data = Some(Box::new(42u32));
    assert_eq!(p.frame(id).unwrap().data::<u32>(), Some(&42));
    assert_eq!(p.frame(id).unwrap().data::<i64>(), None);
}

#[test]
fn values_print_as_literals_lists_and_sorted_dicts() {
    let mut p = printer();
    let map = Value::Map(Arc::from(vec![(Value::str("b"), Value::Int(2)), (Value::str("a"), Value::Bool(true))]));
    let v =
        Value::Array(Arc::from(vec![Value::None, Value::Float(1.0), Value::DType(crate::ir::DataType::FLOAT32), map]));
    let d = p.value_to_doc(&v, &AccessPath::root()).unwrap();
    assert_eq!(
        to_python(&Doc::Expr(d), &PrinterConfig::default()).unwrap(),
        "[None, 1.0, \"float32\", {\"a\": True, \"b\": 2}]"
    );
    // Multi-line strings go to the metadata section.
    let d = p.value_to_doc(&Value::str("a\nb"), &AccessPath::root()).unwrap();
    assert_eq!(to_python(&Doc::Expr(d), &PrinterConfig::default()).unwrap(), "metadata[\"ffi.String\"][0]");
}

#[test]
fn underlines_and_annotations_follow_ir_paths() {
    register_test_hooks();
    let (x, y) = (var("x"), var("y"));
    let body0 = add(&x, &y);
    let f = func(vec![x.clone(), y.clone()], vec![body0.clone(), add(&y, &x)]);
    let cfg = PrinterConfig {
        path_to_underline: vec![AccessPath::root().attr("body").index(1).attr("rhs")],
        ..PrinterConfig::default()
    };
    assert_eq!(
        script(&f, &cfg).unwrap(),
        "Access path: <root>.body[1].rhs\n\n# from test import a as A\n\n@A.function\ndef main(x: int, y: int):\n    \
         x + y\n    y + x\n        ^"
    );
    // Underline by object identity, annotate by path.
    let cfg = PrinterConfig {
        obj_to_underline: vec![body0.clone()],
        path_to_annotate: vec![(AccessPath::root().attr("body").index(1), "second".into())],
        ..PrinterConfig::default()
    };
    let l = func(vec![], vec![let_(&x, &y, &body0), let_(&y, &x, &add(&y, &y))]);
    let text = script(&l, &cfg).unwrap();
    assert!(text.contains("# second\n    with Q.let():"), "{text}");
    assert!(text.contains("Access path: <root>.body[0].body\n"), "{text}");
    assert!(text.contains("        x + y\n        ^^^^^\n"), "{text}");
}

#[test]
fn common_prefix_finds_the_innermost_shared_scope() {
    let mut p = printer();
    let (x, y, z) = (var("x"), var("y"), var("z"));
    let inner = let_(&z, &y, &add(&z, &x));
    let outer = let_(&y, &x, &inner);
    p.set_common_prefix(&outer, |o| o.type_key() == "printer_test.Var");
    // x is used in `outer.value` and deep inside `inner`: only `outer` is shared.
    let px = p.common_prefix(&x).unwrap();
    assert_eq!(px.len(), 1);
    assert!(px[0].same_as(&outer));
    // z is used only inside `inner`.
    let pz = p.common_prefix(&z).unwrap();
    assert!(pz.last().unwrap().same_as(&inner) || pz.iter().any(|o| o.same_as(&inner)));
    let f_outer = p.push_frame("let", Some(outer.clone()));
    let f_inner = p.push_frame("let", Some(inner.clone()));
    assert_eq!(p.frame_for_common_prefix(&x), Some(f_outer));
    assert_eq!(p.frame_for_common_prefix(&z), Some(f_inner));
    assert_eq!(p.frame_for_common_prefix(&var("unused")), None);
}

#[test]
fn binding_names_stack_over_config_name() {
    let cfg = PrinterConfig { name: Some("top".into()), ..PrinterConfig::default() };
    let mut p = Printer::new(cfg);
    assert_eq!(p.binding_name(), Some("top"));
    p.push_binding_name("inner");
    assert_eq!(p.binding_name(), Some("inner"));
    p.pop_binding_name();
    assert_eq!(p.binding_name(), Some("top"));
}

#[test]
fn show_object_address_suffixes_names() {
    let cfg = PrinterConfig { show_object_address: true, ..PrinterConfig::default() };
    let mut p = Printer::new(cfg);
    let root = p.push_frame("root", None);
    let x = var("x");
    let name = p.define(&x, "x", root).unwrap().as_id().unwrap().to_string();
    assert_eq!(name, format!("x_0x{:x}", x.addr()));
}

#[test]
fn non_expression_where_expression_needed_is_an_error() {
    register_test_hooks();
    let mut p = printer();
    let f = func(vec![], vec![]);
    let e = p.to_doc(&f, &AccessPath::root()).unwrap_err();
    assert!(e.message.contains("printer_test.Func"), "{}", e.message);
}
