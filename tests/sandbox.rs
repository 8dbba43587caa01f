//! The sandbox for untrusted scripts: file, network and process access fail with
//! errors naming the sandbox, also when reached by introspection, while the
//! standard library TVMScript needs and TVMScript itself work.

use std::path::PathBuf;
use std::process::Command;

use tvmscript::Session;

/// Run `code` in a fresh sandboxed session; the error text if it raised.
fn sandboxed(code: &str) -> Result<(), String> {
    Session::sandboxed().run("untrusted.py", code, &[]).map(|_| ()).map_err(|e| e.message)
}

fn refused(code: &str, kind: &str) -> String {
    let err = sandboxed(code).expect_err("the sandbox lets this through");
    assert!(err.contains(kind), "expected {kind}, got: {err}");
    assert!(err.contains("sandbox"), "the error does not name the sandbox: {err}");
    err
}

#[test]
fn open_is_refused() {
    let err = refused("open('Cargo.toml')", "PermissionError");
    assert!(err.contains("open()"), "{err}");
    refused("import io\nio.open('Cargo.toml')", "PermissionError");
    // Writing creates nothing.
    let target = std::env::temp_dir().join(format!("tvmscript-sandbox-{}.txt", std::process::id()));
    let path = target.to_string_lossy().replace('\\', "/");
    refused(&format!("open({path:?}, 'w').write('x')"), "PermissionError");
    assert!(!target.exists());
}

#[test]
fn os_socket_subprocess_imports_are_refused() {
    for module in ["os", "socket", "subprocess", "posix", "_socket", "shutil", "pathlib", "ctypes", "importlib", "signal"] {
        let err = refused(&format!("import {module}"), "ImportError");
        assert!(err.contains(module), "{err}");
    }
    refused("from os import path", "ImportError");
    refused("__import__('subprocess')", "ImportError");
    refused("import os.path", "ImportError");
}

#[test]
fn file_objects_cannot_be_made_by_other_routes() {
    // The FileIO class, found through io, through the standard streams, or among
    // object's subclasses (by its `closefd` attribute), opens nothing.
    refused("import io\nio.FileIO('Cargo.toml')", "PermissionError");
    refused("import sys\nraw = sys.stdout.buffer.raw\ntype(raw)('Cargo.toml')", "PermissionError");
    refused("import sys\nsys.stdout.buffer.raw.__init__('Cargo.toml')", "PermissionError");
    refused(
        "def subclasses(c):\n    for s in type.__subclasses__(c):\n        yield s\n        yield from subclasses(s)\n\
         fileio = [c for c in subclasses(object) if 'closefd' in c.__dict__][0]\nfileio('Cargo.toml')",
        "PermissionError",
    );
    refused("import io\nclass F(io.FileIO):\n    pass\nF('Cargo.toml')", "PermissionError");
    refused("import io\nio.FileIO(0)", "PermissionError");
}

#[test]
fn os_reached_through_allowed_modules_is_a_stand_in() {
    // `dataclasses` imports `inspect`, which imports `os`: it gets the stand-in.
    let err = refused("import dataclasses\ndataclasses.inspect.os.system('true')", "AttributeError");
    assert!(err.contains("os.system"), "{err}");
    refused("import dataclasses\ndataclasses.inspect.os.getcwd()", "PermissionError");
    sandboxed("import dataclasses\nos = dataclasses.inspect.os\nassert os.path.join('a', 'b') == 'a/b'\nassert os.environ == {}\n")
        .unwrap();
    // Removed native modules stay removed even past the import guard.
    let err = sandboxed(
        "import sys\nimport dataclasses\nimportlib = dataclasses.inspect.importlib\n\
         sys.meta_path[:] = [f for f in sys.meta_path if 'Sandbox' not in getattr(f, '__name__', '')]\n\
         importlib.import_module('_socket')",
    )
    .expect_err("_socket imported");
    assert!(err.contains("ModuleNotFoundError") || err.contains("ImportError"), "{err}");
}

#[test]
fn a_script_cannot_claim_to_be_library_code() {
    refused("__name__ = 'dataclasses'\nimport os", "ImportError");
}

#[test]
fn standard_library_tvmscript_needs_imports() {
    sandboxed(
        "import typing, dataclasses, functools, re, math, enum, collections, itertools, json, io, copy, abc, contextlib\n\
         from typing import TypeVar, List\n\
         @dataclasses.dataclass\nclass P:\n    x: int\n    y: List[int]\n\
         assert P(1, [2]).y == [2]\n\
         assert re.match(r'a+', 'aaa').end() == 3\n\
         assert json.loads(json.dumps({'k': [1]})) == {'k': [1]}\n\
         buf = io.StringIO()\nprint('hi', file=buf)\nassert buf.getvalue() == 'hi\\n'\n\
         class Color(enum.Enum):\n    RED = 1\n\
         assert functools.reduce(lambda a, b: a + b, [1, 2, 3]) == 6\n\
         assert collections.Counter('aab')['a'] == 2\n\
         assert math.isclose(math.sqrt(2) ** 2, 2)\n",
    )
    .unwrap();
}

#[test]
fn tvmscript_works_under_the_sandbox() {
    let session = Session::sandboxed();
    let text = "@T.prim_func\ndef add_one(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] + T.float32(1)\n\n\
                copy = tvm.script.from_source(add_one.script())\ntvm.ir.assert_structural_equal(add_one, copy)\n\n\
                @I.ir_module\nclass Module:\n    @T.prim_func\n    def main(A: T.Buffer((4,), \"float32\")):\n        A[0] = T.float32(0)\n";
    let globals = session.run("kernel.py", text, &[]).unwrap_or_else(|e| panic!("{}", e.message));
    let names: Vec<&str> = globals.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["add_one", "copy", "Module"]);
    // Parsing printed TVMScript through the API works too.
    let defs = session.parse("printed.py", "@T.prim_func\ndef f(A: T.Buffer((2,), \"int32\")):\n    A[0] = 1\n").unwrap();
    assert_eq!(defs.len(), 1);
}

#[test]
fn the_sandbox_does_not_leak_into_other_sessions() {
    let sandboxed = Session::sandboxed();
    sandboxed.run("untrusted.py", "open('x')", &[]).unwrap_err();
    let free = Session::new();
    let manifest = format!("{}/Cargo.toml", env!("CARGO_MANIFEST_DIR"));
    let code = format!("import os\nwith open({manifest:?}) as f:\n    assert 'tvmscript' in f.read()\nassert os.path.exists({manifest:?})\n");
    free.run("trusted.py", &code, &[]).unwrap_or_else(|e| panic!("{}", e.message));
}

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tvmscript"))
}

fn script(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tvmscript-sandbox-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn run_sandbox_flag() {
    let ok = script("ok.py", "import sys, json\nprint(json.dumps(sys.argv[1:]))\n");
    let out = Command::new(bin()).args(["run", "--sandbox"]).arg(&ok).args(["a", "b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "[\"a\", \"b\"]\n");

    let bad = script("bad.py", "print('start')\nimport subprocess\nsubprocess.run(['true'])\n");
    let out = Command::new(bin()).args(["run", "--sandbox"]).arg(&bad).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "start\n");
    assert!(err.contains("ImportError") && err.contains("sandbox") && err.contains("subprocess"), "{err}");

    // Without the flag the same script may import subprocess.
    let out = Command::new(bin()).arg("run").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));

    // Local imports from the script's folder are file access too.
    script("helper.py", "X = 1\n");
    let local = script("local.py", "import helper\n");
    let out = Command::new(bin()).args(["run", "--sandbox"]).arg(&local).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sandbox"));
}

#[test]
fn the_sandbox_holds_on_every_thread() {
    // RustPython keeps native types per thread: a sandbox set up on a thread that
    // has ended must not leave the next thread's `FileIO` unguarded.
    std::thread::spawn(|| refused("import io\nio.FileIO('Cargo.toml')", "PermissionError")).join().unwrap();
    std::thread::spawn(|| refused("import io\nio.FileIO('Cargo.toml')", "PermissionError")).join().unwrap();
}

/// The shared run corpus (`../shared/corpus/run`), where this checkout has it.
fn run_corpus() -> Option<PathBuf> {
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/run");
    [beside, PathBuf::from("/work/shared/corpus/run")].into_iter().find(|d| d.is_dir())
}

#[test]
fn the_run_corpus_prints_the_same_under_the_sandbox() {
    let Some(dir) = run_corpus() else {
        eprintln!("no ../shared/corpus/run here; skipped");
        return;
    };
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "only {} programs in {}", names.len(), dir.display());
    let mut failures = Vec::new();
    for p in &names {
        let expected = std::fs::read_to_string(p.with_extension("expected")).unwrap_or_default();
        let out = Command::new(bin()).current_dir(&dir).arg("run").arg("--sandbox").arg(p.file_name().unwrap()).output().unwrap();
        if String::from_utf8_lossy(&out.stdout) != expected {
            failures.push(format!("{}:\n{}", p.display(), String::from_utf8_lossy(&out.stderr)));
        }
    }
    assert!(failures.is_empty(), "{} of {} programs differ under --sandbox:\n{}", failures.len(), names.len(), failures.join("\n"));
}
