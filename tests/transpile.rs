//! The syntax transpiler: which definitions it rewrites, the builder program's shape,
//! and the syntax restrictions it reports with locations. A test namespace `demo`
//! stands in for a dialect, so these rules hold for any registered namespace.

use tvmscript::script::protocol::{register_decorator, DecoratorPolicy, DefinitionKind};
use tvmscript::script::unparse::unparse_module;
use tvmscript::script::{transpile_source, Environment, FrontendError, Source};

fn setup() {
    let f = DecoratorPolicy { kind: DefinitionKind::Function, tvm_spelling: true, jit: false };
    register_decorator("demo", "function", f.clone());
    register_decorator("demo", "macro", DecoratorPolicy { kind: DefinitionKind::Macro, ..f.clone() });
    register_decorator("demo", "module", DecoratorPolicy { kind: DefinitionKind::Module, ..f });
}

fn transpile(src: &str) -> Result<String, FrontendError> {
    setup();
    transpile_source(&Source::new("t.py", src), &Environment::default()).map(|m| unparse_module(&m))
}

const HEADER: &str = "from tvm.script import demo as D\n";

#[test]
fn definition_becomes_signature_and_body_builders() {
    let out = transpile(&format!(
        "{HEADER}@D.function\ndef f(A: D.Tensor((4,), 'float32'), n: D.int32):\n    for i in range(4):\n        A[i] = A[i] + n\n"
    ))
    .unwrap();
    assert!(out.contains("import _tvmscript_rt as __tvm__"), "{out}");
    assert!(out.contains("def __tvm_sig_f(__tvm_s):"), "{out}");
    // Parameters bind fresh locals, so `n: n` can still name an outer symbol.
    assert!(out.contains("__tvm_param1 = __tvm_s.param('A', D.Tensor((4,), 'float32'))"), "{out}");
    assert!(out.contains("return (__tvm_param1, __tvm_param2)"), "{out}");
    assert!(out.contains("@__tvm__.builder('f', __tvm_sig_f,"), "{out}");
    assert!(out.contains("def f(A, n):"), "{out}");
    assert!(out.contains("with __tvm__.for_(range(4), 'i') as i:"), "{out}");
    assert!(out.contains("__tvm__.store(A, i, A[i] + n)"), "{out}");
    assert!(out.contains("del __tvm_sig_f"), "{out}");
}

#[test]
fn plain_python_is_untouched() {
    let src = "import functools\n\n@functools.lru_cache\ndef g(x):\n    y = x + 1\n    return y\n";
    let out = transpile(src).unwrap();
    assert!(!out.contains("__tvm__"), "{out}");
    assert!(out.contains("y = x + 1"), "{out}");
}

#[test]
fn namespace_aliases_are_followed() {
    let out = transpile(&format!("{HEADER}Alias = D\n@Alias.function\ndef f():\n    x = 1\n")).unwrap();
    assert!(out.contains("x = __tvm__.bind('x', 1)"), "{out}");
    let out = transpile("import tvm.script.demo as DD\n@DD.function\ndef f():\n    x = 1\n").unwrap();
    assert!(out.contains("__tvm__.bind('x', 1)"), "{out}");
    let out = transpile("import tvm\n@tvm.script.demo.function\ndef f():\n    x = 1\n").unwrap();
    assert!(out.contains("__tvm__.bind('x', 1)"), "{out}");
}

#[test]
fn no_implicit_namespaces() {
    // Without an import or extra_vars, `D` means nothing to the transpiler.
    let out = transpile("@D.function\ndef f():\n    x = 1\n").unwrap();
    assert!(!out.contains("__tvm__.bind"), "{out}");
}

#[test]
fn control_flow_goes_through_the_protocol() {
    let out = transpile(&format!(
        "{HEADER}@D.function\ndef f(n: D.int32):\n    if n > 0 and n < 4:\n        D.evaluate(n)\n    else:\n        pass\n    while n > 1:\n        break\n    assert n, 'msg'\n"
    ))
    .unwrap();
    assert!(out.contains("in __tvm__.if_("), "{out}");
    assert!(out.contains("__tvm__.emit(D.evaluate(n))"), "{out}");
    assert!(out.contains("with __tvm__.while_(__tvm__.compare(('>',), (n, 1))):"), "{out}");
    assert!(out.contains("__tvm__.bool_op('and', "), "{out}");
    assert!(out.contains("__tvm__.break_()"), "{out}");
    assert!(out.contains("__tvm__.assert_(n, 'msg')"), "{out}");
}

#[test]
fn unknown_names_resolve_through_the_builder() {
    // `n` is bound nowhere in Python: it can only be a symbol a shape string declared.
    let out = transpile(&format!(
        "{HEADER}@D.function\ndef f(A: D.Tensor(('n',), 'f'), B: D.Tensor((n,), 'f')):\n    D.evaluate(m)\n"
    ))
    .unwrap();
    assert!(out.contains("D.Tensor((__tvm_s.name('n'),), 'f')"), "{out}");
    assert!(out.contains("__tvm__.emit(D.evaluate(__tvm__.name('m')))"), "{out}");
}

#[test]
fn quoted_annotation_is_a_located_syntax_error() {
    let src = format!("{HEADER}@D.function\ndef f(A: 'D.Tensor((4,))'):\n    pass\n");
    let err = transpile(&src).unwrap_err();
    let d = err.diagnostic(&Source::new("t.py", &src));
    assert_eq!(d.kind, "SyntaxError");
    assert!(d.message.contains("quoted annotations"), "{}", d.message);
    assert_eq!(&src[d.start..d.end], "'D.Tensor((4,))'");
}

#[test]
fn bare_callable_alias_is_rejected() {
    let src = format!("{HEADER}pf = D.function\n@pf\ndef f():\n    pass\n");
    let err = transpile(&src).unwrap_err();
    let d = err.diagnostic(&Source::new("t.py", &src));
    assert!(d.message.contains("bare callable aliases"), "{}", d.message);
}

#[test]
fn module_class_runs_inside_a_module_frame() {
    let out = transpile(&format!("{HEADER}@D.module\nclass M:\n    @D.function\n    def f():\n        pass\n")).unwrap();
    assert!(out.contains("__tvm__.enter_module()"), "{out}");
    assert!(out.contains("__tvm__.abort_module("), "{out}");
}

#[test]
fn future_import_stays_first() {
    let out = transpile(&format!("from __future__ import annotations\n{HEADER}@D.function\ndef f():\n    pass\n")).unwrap();
    assert!(out.starts_with("from __future__ import annotations\nimport _tvmscript_rt as __tvm__"), "{out}");
}

#[test]
fn macros_keep_their_parameters() {
    let out = transpile(&format!("{HEADER}@D.macro\ndef m(x, y=2):\n    return x + y\n")).unwrap();
    assert!(out.contains("def m(x, y=2):"), "{out}");
    assert!(out.contains("return __tvm__.macro_return(x + y)"), "{out}");
}

#[test]
fn loop_variables_leave_scope_with_their_loop() {
    // As TVM's variable table pops a loop's frame: a later use is an undefined name.
    let out = transpile(&format!(
        "{HEADER}@D.function\ndef f(A: D.Tensor((4,), 'float32')):\n    for i, *rest in range(4):\n        A[i] = 1.0\n    for j in range(4):\n        A[j] = 2.0\n    j = 0\n"
    ))
    .unwrap();
    assert!(out.contains("del i, rest\n"), "{out}");
    // `j` is bound again after its loop: a new binding, the loop's is gone.
    assert!(out.contains("del j\n"), "{out}");
}

#[test]
fn a_loop_rebinding_an_outer_name_shadows_it_inside_the_loop_only() {
    // TVM's variable table: the inner `i` and the loop body's `x` are the frame's;
    // after the loop the outer ones are back (a fresh Python name keeps them).
    let out = transpile(&format!(
        "{HEADER}@D.function\ndef f(A: D.Tensor((4,), 'float32')):\n    x = 1.0\n    for i in range(4):\n        for i in range(2):\n            x = A[i]\n        A[i] = x\n    A[0] = x\n"
    ))
    .unwrap();
    assert!(out.contains("as __tvm_i1:"), "{out}");
    assert!(out.contains("__tvm_x2 = __tvm__.bind('x', A[__tvm_i1])"), "{out}");
    assert!(out.contains("__tvm__.store(A, i, x)"), "{out}");
    assert!(out.contains("__tvm__.store(A, 0, x)"), "{out}");
}
