//! Finding the data files of data-driven tests.

use std::path::{Path, PathBuf};

fn tests_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(dir)
}

fn entries(dir: &Path) -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.unwrap().path())
}

fn py_files_in(dir: &Path) -> impl Iterator<Item = PathBuf> {
    entries(dir).filter(|p| p.extension().is_some_and(|e| e == "py"))
}

/// The `.py` files directly in `tests/<dir>`, sorted.
pub fn py_files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = py_files_in(&tests_dir(dir)).collect();
    out.sort();
    out
}

/// The `.py` files of every family folder of `tests/<dir>` (`<family>/NAME.py`), sorted.
pub fn py_files_by_family(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = entries(&tests_dir(dir)).filter(|p| p.is_dir()).flat_map(|f| py_files_in(&f).collect::<Vec<_>>()).collect();
    out.sort();
    out
}
