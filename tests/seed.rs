//! The frontend contract of the specification, clause by clause: each
//! `tests/seed/<family>/NAME.py` run with `tvmscript run` must print exactly
//! `NAME.expected`. Where TVM 0.27 behaves the same the file is TVM's stdout
//! (`tvm-oracle python NAME.py`); where the specification decides for the native
//! spelling (`@T.function`, `T.Tensor`, `Ts`, `I.dynamic`) and TVM 0.27 has no such
//! spelling or differs, it is written from the specification (see docs/syntax.md,
//! "The frontend contract").

#[test]
fn seed_programs_print_what_the_contract_says() {
    crate::cases::assert_programs_print_expected("seed");
}
