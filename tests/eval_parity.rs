//! Evaluated bodies against compiled ones: every script in `tests/eval_parity/`
//! (and the perf corpus's smallest file) is parsed with definition bodies evaluated
//! from their tree and again with them compiled to bytecode. A script that builds
//! must give the same printed IR both ways; one that fails must give the same
//! located message and the same traceback (file, line, function and the exact
//! range of each entry).

use std::path::{Path, PathBuf};

use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::VirtualMachine;
use tvmscript::program::{self, settings};
use tvmscript::script::Source;
use tvmscript::Session;

/// What a parse produced, in comparable form.
#[derive(Debug, PartialEq)]
enum Outcome {
    Built(Vec<(String, String)>),
    Failed { message: String, traceback: Vec<String> },
}

fn traceback(exc: &PyBaseExceptionRef) -> Vec<String> {
    let mut out = Vec::new();
    let mut tb = exc.__traceback__();
    while let Some(t) = tb {
        let code = &t.frame.code;
        let range = code.locations.get(t.lasti as usize / 2).map(|(a, b)| format!("{}:{}-{}:{}", a.line, a.character_offset, b.line, b.character_offset));
        out.push(format!("{} line {} in {} ({}) at {}", code.source_path().as_str(), t.lineno, code.obj_name, code.qualname, range.unwrap_or_default()));
        tb = t.next.lock().clone();
    }
    out
}

fn parse(vm: &VirtualMachine, source: &Source) -> Outcome {
    match program::parse::run_script(vm, source, &[], true) {
        Ok(parsed) => Outcome::Built(
            parsed.definitions.iter().map(|(n, d)| (n.clone(), tvmscript::print(d, &Default::default()).expect("prints"))).collect(),
        ),
        Err(exc) => Outcome::Failed { message: tvmscript::program::run::exception_text(vm, &exc, source), traceback: traceback(&exc) },
    }
}

fn check(session: &Session, path: &Path) -> Outcome {
    let text = std::fs::read_to_string(path).expect("reads");
    let source = Source::new(&path.display().to_string(), &text);
    session.enter(|vm| {
        let evaluated = settings::with_evaluated_bodies(true, || parse(vm, &source));
        let compiled = settings::with_evaluated_bodies(false, || parse(vm, &source));
        assert_eq!(evaluated, compiled, "{}: evaluated (left) and compiled (right) bodies differ", path.display());
        evaluated
    })
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval_parity");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).expect("the case folder").map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "py")).collect();
    files.sort();
    files
}

#[test]
fn evaluated_bodies_behave_as_compiled_ones() {
    let session = Session::new();
    let mut failed = 0;
    let cases = cases();
    assert!(cases.len() >= 5);
    for path in &cases {
        let outcome = check(&session, path);
        // The cases are named for what they do: only `builds` builds.
        let builds = path.file_stem().is_some_and(|s| s.to_string_lossy().starts_with("builds"));
        match outcome {
            Outcome::Built(defs) => assert!(builds && !defs.is_empty(), "{} built", path.display()),
            Outcome::Failed { message, traceback } => {
                assert!(!builds, "{} failed: {message}", path.display());
                assert!(message.contains(&*path.display().to_string()), "{}: the message is not located: {message}", path.display());
                assert!(!traceback.is_empty(), "{}: no traceback", path.display());
                failed += 1;
            }
        }
    }
    assert!(failed >= 4, "the error cases fail");
}

#[test]
fn a_printed_model_parses_the_same_both_ways() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/perf/llm_small.py");
    if !path.exists() {
        return;
    }
    let session = Session::new();
    let text = std::fs::read_to_string(&path).unwrap();
    let source = Source::new("llm_small.py", &text);
    session.enter(|vm| {
        let globals = program::parse::printed_script_globals(vm).expect("the header imports");
        let run = |on| {
            settings::with_evaluated_bodies(on, || {
                let parsed = program::parse::run_script(vm, &source, &globals, false).expect("parses");
                parsed.definitions.iter().map(|(n, d)| (n.clone(), tvmscript::print(d, &Default::default()).unwrap())).collect::<Vec<_>>()
            })
        };
        assert_eq!(run(true), run(false));
    });
}
