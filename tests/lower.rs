//! Lowering through TVM 0.27's Python API: tensor expressions (`tvm.te`,
//! `te.create_prim_func`), `BlockBuilder.emit_te`/`call_te`, and
//! `relax.transform.LegalizeOps` per operator family. Each
//! `tests/lower/<family>/NAME.py` run with `tvmscript run` must print exactly
//! `NAME.expected`, TVM 0.27's stdout for it.

#[test]
fn lowering_programs_print_what_tvm_prints() {
    crate::cases::assert_programs_print_expected("lower");
}
