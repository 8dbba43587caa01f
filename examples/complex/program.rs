//! The step-by-step function of seed 003, as TVMScript (`step_by_step.py`) and, for
//! comparison, built directly in Rust; parsing, lowering and printing helpers.

use std::sync::Arc;

use tvmscript::dialects::tirx::nodes::{
    new_buffer, Bind, BufferStore, BufferStoreNode, For, ForKind, ForNode, PrimFunc, SeqStmt, Stmt,
};
use tvmscript::ir::{
    int_imm, new_var, Call, DataType, Error, Expr, ObjectRef, Op, Result, Span, TensorLoad, TensorLoadNode, Type,
    Value, Var,
};
use tvmscript::printer::{script, PrinterConfig};
use tvmscript::script::Source;
use tvmscript::vm::error::from_py_err;
use tvmscript::Session;

// `super`: the extension is this module's sibling in the example and in the test.
use super::my_ext::ComplexTypeNode;

/// The TVMScript source.
pub const SCRIPT: &str = include_str!("step_by_step.py");

/// Parse TVMScript text (with the extension registered) and return its last definition.
pub fn parse(name: &str, text: &str) -> Result<ObjectRef> {
    super::my_ext::register()?;
    let definitions = Session::new().parse(name, text)?;
    last_definition(name, definitions)
}

/// Parse a printed script, whose imports are comments: the names its header imports
/// are supplied as `tvm.script.from_source` supplies them, plus the `my_ext` namespace.
pub fn parse_printed(name: &str, text: &str) -> Result<ObjectRef> {
    super::my_ext::register()?;
    Session::new().enter(|vm| {
        let source = Source::new(name, text);
        let run = || {
            let mut extra = tvmscript::program::parse::printed_script_globals(vm)?;
            let ns = super::my_ext::script::NAMESPACE;
            extra.push((ns.to_string(), tvmscript::vm::namespace::namespace_object(vm, ns)));
            tvmscript::program::parse::run_script(vm, &source, &extra, true)
        };
        let parsed = run().map_err(|e| from_py_err(vm, &e))?;
        last_definition(name, parsed.definitions)
    })
}

fn last_definition(name: &str, definitions: Vec<(String, ObjectRef)>) -> Result<ObjectRef> {
    definitions
        .into_iter()
        .last()
        .map(|(_, obj)| obj)
        .ok_or_else(|| Error::value_error(format!("{name} defines no TVMScript function")))
}

/// The step-by-step function, parsed from [`SCRIPT`].
pub fn parse_step_by_step() -> Result<PrimFunc> {
    parse("step_by_step.py", SCRIPT)?.try_into()
}

/// The same function built with the Rust API.
pub fn build_step_by_step() -> Result<PrimFunc> {
    super::my_ext::register()?;
    let f32 = DataType::FLOAT32;
    let n = || -> Vec<Expr> { vec![int_imm(DataType::INT32, 16)] };
    let [a, b, c, d, r, im] = ["A", "B", "C", "D", "R", "Im"].map(|name| new_buffer(name, f32, n()));
    let (a, b, c, d, r, im) = (a?, b?, c?, d?, r?, im?);
    let i = Var::scalar("i", DataType::INT32);
    let load = |buf: &Var| -> Expr {
        TensorLoad::new(TensorLoadNode {
            ty: Type::prim(f32),
            source: buf.into(),
            indices: vec![(&i).into()],
            span: Span::none(),
        })
        .into()
    };
    let op = |name: &str| Op::get(name);
    let call = |name: &str, args: Vec<Expr>| -> Result<Expr> {
        Ok(Call::make(None, op(name)?, args, None, vec![], Span::none())?.into())
    };
    let complex: Type = ComplexTypeNode::make(f32, Span::none())?.into();
    let z = new_var("z", complex.clone(), Span::none());
    let w = new_var("w", complex.clone(), Span::none());
    let product = new_var("product", complex, Span::none());
    let store = |buf: &Var, value: Expr| -> Stmt {
        BufferStore::new(BufferStoreNode { buffer: buf.clone(), value, indices: vec![(&i).into()], span: Span::none() })
            .into()
    };
    let body: Vec<Stmt> = vec![
        Bind::make(z.clone(), call("my_ext.complex", vec![load(&a), load(&b)])?, Span::none())?.into(),
        Bind::make(w.clone(), call("my_ext.complex", vec![load(&c), load(&d)])?, Span::none())?.into(),
        Bind::make(product.clone(), call("my_ext.cmul", vec![(&z).into(), (&w).into()])?, Span::none())?.into(),
        store(&r, call("my_ext.real", vec![(&product).into()])?),
        store(&im, call("my_ext.imag", vec![(&product).into()])?),
    ];
    let lp = For::new(ForNode {
        loop_var: i.clone(),
        min: int_imm(DataType::INT32, 0),
        extent: int_imm(DataType::INT32, 16),
        kind: ForKind::Serial,
        body: SeqStmt::make(body, Span::none())?.into(),
        thread_binding: None,
        annotations: Arc::from(Vec::<(Value, Value)>::new()),
        step: None,
        span: Span::none(),
    });
    Ok(PrimFunc::make(vec![a, b, c, d, r, im], lp.into(), Type::unit(), Arc::from(Vec::new()), Span::none()))
}

/// TVMScript text of an IR object, with the default printer settings.
pub fn print(obj: impl Into<ObjectRef>) -> Result<String> {
    script(&obj.into(), &PrinterConfig::default())
}
