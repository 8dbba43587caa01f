//! Structural equality, hashing and structural_map on large IR stay fast and
//! agree with each other.

use std::time::Instant;

use tvmscript::ir::{
    int_imm, register_core, structural_equal, structural_hash, structural_map, BinOp, DataType, Expr, IntImm,
    Let, LetNode, MapResult, Span, Type, Value, Var, WalkOrder,
};

/// `n` independent lets, each binding a fresh variable used in a small body.
fn program(n: usize, seed: i64) -> Value {
    let t = Type::prim(DataType::INT32);
    let items: Vec<Value> = (0..n)
        .map(|i| {
            let x = Var::scalar("x", DataType::INT32);
            let body = BinOp::Mul.make(
                t.clone(),
                BinOp::Add.make(t.clone(), x.clone().into(), int_imm(DataType::INT32, seed), Span::none()),
                x.clone().into(),
                Span::none(),
            );
            let e: Expr = Let::new(LetNode {
                ty: t.clone(),
                var: x,
                value: int_imm(DataType::INT32, i as i64),
                body,
                span: Span::none(),
            })
            .into();
            Value::Object(e.into_object())
        })
        .collect();
    Value::Array(items.into())
}

#[test]
fn large_programs() {
    register_core().unwrap();
    let (a, b, c) = (program(50_000, 1), program(50_000, 1), program(50_000, 2));
    let start = Instant::now();
    assert!(structural_equal(&a, &b, false));
    assert!(!structural_equal(&a, &c, false));
    assert_eq!(structural_hash(&a, false), structural_hash(&b, false));
    assert_ne!(structural_hash(&a, false), structural_hash(&c, false));
    let Value::Array(items) = &a else { unreachable!() };
    let mut bumped = 0usize;
    for item in items.iter().take(10_000) {
        let out = structural_map(
            item.as_object().unwrap().clone(),
            |i: IntImm| {
                bumped += 1;
                MapResult::Replace(int_imm(DataType::INT32, i.value + 1).into_object())
            },
            WalkOrder::PostOrder,
        )
        .unwrap();
        assert!(!out.same_as(item.as_object().unwrap()));
    }
    assert_eq!(bumped, 20_000);
    // Generous bound: catches accidental quadratic behaviour, not small regressions.
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
}
