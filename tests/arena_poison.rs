//! The syntax tree's arena (`memory::arena`) is freed without visiting it, which
//! trusts that nothing of it escaped. Poisoned (`TVMSCRIPT_ARENA_POISON=1`: freed
//! blocks overwritten and kept), an escaped value would read garbage: every script
//! of the repository, the large ones through both threads of the front end, must
//! print the same text and exit the same way as without.

use std::process::Command;

fn print(file: &std::path::Path, poison: bool) -> (Option<i32>, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tvmscript"));
    cmd.args(["print", "--syntax", "tvm"]).arg(file);
    if poison {
        cmd.env("TVMSCRIPT_ARENA_POISON", "1");
    } else {
        cmd.env_remove("TVMSCRIPT_ARENA_POISON");
    }
    let out = cmd.output().expect("the binary runs");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_repository_prints_the_same_with_freed_arenas_poisoned() {
    let dir = std::env::temp_dir().join(format!("tvmscript-poison-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let synthetic = dir.join("synthetic.py");
    std::fs::write(&synthetic, crate::helper_threads::synthetic_module()).unwrap();
    let mut files = crate::helper_threads::corpus();
    files.push(synthetic);
    for file in &files {
        let plain = print(file, false);
        let poisoned = print(file, true);
        assert!(plain == poisoned, "{}: differs with the arena poisoned:\n{poisoned:?}", file.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
