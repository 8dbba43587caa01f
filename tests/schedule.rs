//! Schedules of S-TIR functions through `tvm.s_tir.Schedule`: each
//! `tests/schedule/<family>/NAME.py` run with `tvmscript run` must print exactly
//! `NAME.expected`, the stdout TVM 0.27 gave for it (made with
//! `python NAME.py > NAME.expected` under CPython with TVM 0.27).

#[test]
fn schedule_programs_print_what_tvm_prints() {
    crate::cases::assert_programs_print_expected("schedule");
}
