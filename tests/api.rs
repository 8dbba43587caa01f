//! Programs that make, build, visit and transform IR through TVM 0.27's Python
//! API: each `tests/api/<family>/NAME.py` run with `tvmscript run` must print
//! exactly `NAME.expected`, the stdout TVM 0.27 gave for it (made with
//! `../shared/tools/tvm-oracle python NAME.py > NAME.expected`).

#[test]
fn api_programs_print_what_tvm_prints() {
    crate::cases::assert_programs_print_expected("api");
}
