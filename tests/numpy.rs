//! Programs that use the `numpy` scripts get: each `tests/numpy/NAME.py` run with
//! `tvmscript run` must print exactly `NAME.expected`, the stdout of the same
//! program under CPython with NumPy 2 and TVM 0.27 (made with
//! `python NAME.py > NAME.expected` under CPython with TVM 0.27).

#[test]
fn numpy_programs_print_what_numpy_prints() {
    crate::cases::assert_programs_print(crate::cases::py_files("numpy"), "numpy");
}
