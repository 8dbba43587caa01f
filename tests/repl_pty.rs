//! Drives `tvmscript repl` through a pseudo-terminal, as a person would: the
//! line editor, prompts, a multi-line `@T.prim_func` definition, Tab completion,
//! Ctrl-C and Ctrl-D. The terminal is a pty made with libc (no tmux needed); the
//! test answers the editor's cursor-position queries as a terminal does.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tvmscript::repl::highlight::strip_ansi;

struct Terminal {
    child: Child,
    master: File,
    output: Arc<Mutex<Vec<u8>>>,
    /// Raw output length when keys were last sent: waits look at what came after.
    mark: usize,
    home: PathBuf,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: 50, ws_col: 132, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty writes two descriptors; the null pointers are allowed.
        let rc = unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned these descriptors and nothing else owns them.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let home = std::env::temp_dir().join(format!("tvmscript-pty-{}-{}", std::process::id(), args.len()));
        std::fs::create_dir_all(&home).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tvmscript"));
        cmd.args(args)
            .env("TERM", "xterm")
            .env("HOME", &home)
            .env_remove("NO_COLOR")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                // A new session whose controlling terminal is the pty.
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY as _, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("the binary starts");
        drop(cmd);
        let output = Arc::new(Mutex::new(Vec::new()));
        let mut reader = master.try_clone().unwrap();
        let mut answer = master.try_clone().unwrap();
        let sink = output.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Reading fails with EIO once the child has exited.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let chunk = &buf[..n];
                // "Where is the cursor?": at the start of a line.
                for _ in 0..chunk.windows(4).filter(|w| w == b"\x1b[6n").count() {
                    let _ = answer.write_all(b"\x1b[1;1R");
                }
                sink.lock().unwrap().extend_from_slice(chunk);
            }
        });
        Terminal { child, master, output, mark: 0, home }
    }

    fn raw_len(&self) -> usize {
        self.output.lock().unwrap().len()
    }

    /// The output without escape sequences, with the terminal's `\r\n` as `\n`.
    fn screen_text(&self) -> String {
        strip_ansi(&String::from_utf8_lossy(&self.output.lock().unwrap())).replace("\r\n", "\n")
    }

    fn wait_for(&self, what: &str, mut done: impl FnMut(&str) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = strip_ansi(&String::from_utf8_lossy(&self.output.lock().unwrap()[self.mark..]));
            if done(&text) {
                return;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what}; the terminal shows:\n{}", self.screen_text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait until the output since the last keys sent contains `what`.
    fn expect(&mut self, what: &str) {
        self.wait_for(&format!("{what:?}"), |text| text.contains(what));
    }

    /// Wait for a fresh `prompt` with nothing typed after it. The editor redraws
    /// the whole line (prompt included) as keys arrive, so a prompt only counts
    /// when it is the last text on the screen (the editor ends a redraw with a
    /// carriage return and a cursor move) after the last keys were handled. The
    /// automatic indentation of a continuation line may follow the prompt.
    fn prompt(&mut self, prompt: &str) {
        self.wait_for(&format!("the prompt {prompt:?}"), |text| {
            text.rsplit(['\n', '\r']).find(|l| !l.is_empty()).and_then(|l| l.strip_prefix(prompt)).is_some_and(|rest| rest.chars().all(|c| c == ' '))
        });
    }

    /// Wait for `prompt` followed by exactly `indent` (the automatic indentation).
    fn prompt_indented(&mut self, prompt: &str, indent: &str) {
        let want = format!("{prompt}{indent}");
        self.wait_for(&format!("the prompt {want:?}"), |text| text.rsplit(['\n', '\r']).find(|l| !l.is_empty()) == Some(want.as_str()));
    }

    fn send(&mut self, keys: &str) {
        self.mark = self.raw_len();
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
    }

    /// At a fresh `prompt`, type a line and press Enter.
    fn line(&mut self, prompt: &str, text: &str) {
        self.prompt(prompt);
        self.send(&format!("{text}\r"));
    }

    fn wait(&mut self) -> i32 {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the REPL did not exit; it shows:\n{}", self.screen_text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

#[test]
fn interactive_session_through_a_terminal() {
    let mut t = Terminal::start(&["repl", "--syntax", "tvm"]);
    t.expect("REPL");

    // A multi-line definition: continuation prompts, a blank line ends it, the IR prints.
    t.line(">>> ", "@T.prim_func");
    t.line("... ", "def add_one(A: T.Buffer((4,), \"float32\")):");
    t.line("... ", "    for i in range(4):");
    t.line("... ", "        A[i] = A[i] + T.float32(1)");
    t.line("... ", "");
    t.expect("A[i] = A[i] + T.float32(1.0)");
    t.prompt(">>> ");
    let shown = t.screen_text();
    assert!(shown.contains("@T.prim_func\ndef add_one(A: T.Buffer((4,), \"float32\")):"), "{shown}");
    assert!(shown.contains("    for i in range(4):\n        A[i] = A[i] + T.float32(1.0)"), "{shown}");
    // Colour on a terminal.
    let raw = String::from_utf8_lossy(&t.output.lock().unwrap()).into_owned();
    assert!(raw.contains("\x1b[35mdef\x1b[0m"), "IR is highlighted on a terminal: {raw:?}");

    // Tab completes namespace members: `T.prim_f` becomes `T.prim_func`, which
    // evaluates to the decorator.
    t.send("T.prim_f\t");
    t.expect("T.prim_func");
    t.send("\r");
    t.expect("<built-in function tirx.prim_func>");
    // … and global names.
    t.prompt(">>> ");
    t.send("add_o\t");
    t.expect("add_one");
    t.send(".params[0].name\r");
    t.expect("'A'");

    // A decorator typed through completion starts a definition.
    t.prompt(">>> ");
    t.send("@T.prim_f\t");
    t.expect("@T.prim_func");
    t.send("\r");
    t.line("... ", "def zero(A: T.Buffer((2,), \"int32\")):");
    t.line("... ", "    A[0] = 0");
    t.line("... ", "");
    t.expect("def zero(A: T.Buffer((2,), \"int32\")):");

    // Ctrl-C drops a half-typed block.
    t.line(">>> ", "def unfinished():");
    t.prompt("... ");
    t.send("\x03");
    t.expect("KeyboardInterrupt");
    t.line(">>> ", "'unfinished' in globals()");
    t.expect("False");

    // Ctrl-C while input runs interrupts it; the session goes on.
    t.line(">>> ", "while True: pass");
    t.line("... ", "");
    std::thread::sleep(Duration::from_millis(300));
    t.send("\x03");
    t.expect("KeyboardInterrupt");
    t.line(">>> ", "'alive'");
    t.expect("'alive'");

    // Ctrl-D on an empty line leaves with status 0.
    t.prompt(">>> ");
    t.send("\x04");
    assert_eq!(t.wait(), 0);
    // History was written to $HOME.
    let history = std::fs::read_to_string(t.home.join(".tvmscript_history")).unwrap_or_default();
    assert!(history.contains("@T.prim_func"), "{history}");
}

#[test]
fn bare_command_on_a_terminal_starts_the_repl() {
    let mut t = Terminal::start(&[]);
    t.line(">>> ", "6 * 7");
    t.expect("42");
    t.line(">>> ", ":quit");
    assert_eq!(t.wait(), 0);
}

#[test]
fn a_plain_paste_of_several_lines_runs_them_all() {
    let mut t = Terminal::start(&["repl", "--no-history"]);
    t.prompt(">>> ");
    // One write, as a terminal without bracketed paste delivers a paste: every line
    // arrives before the first has run.
    t.send("a = 20\rb = a + 1\rprint('sum', a + b)\r");
    t.expect("sum 41");
    // A block inside a paste, ended by its blank line, then more statements.
    t.prompt(">>> ");
    t.send("@T.prim_func\rdef p(A: T.Buffer((2,), \"int32\")):\r    A[0] = 1\r\rname = p.params[0].name\rprint('param', name)\r");
    t.expect("param A");
    t.prompt(">>> ");
    t.send("\x04");
    assert_eq!(t.wait(), 0);
}

/// A block goes into history whole: Up recalls it as one entry and Enter runs it
/// again; the history file keeps it as one entry too.
#[test]
fn history_recalls_a_whole_block() {
    let mut t = Terminal::start(&["repl"]);
    t.expect("REPL");
    t.line(">>> ", "for i in range(2):");
    t.prompt_indented("... ", "    ");
    t.send("print('row', i * 10)\r");
    t.prompt_indented("... ", "    ");
    t.send("\r");
    t.expect("row 10");
    t.prompt(">>> ");
    // Up: the whole block, not its last line.
    t.send("\x1b[A");
    t.expect("print('row', i * 10)");
    t.send("\r");
    t.wait_for("the block to run again", |text| text.contains("row 0") && text.contains("row 10"));
    t.line(">>> ", ":quit");
    assert_eq!(t.wait(), 0);
    let history = std::fs::read_to_string(t.home.join(".tvmscript_history")).unwrap_or_default();
    assert!(history.contains("for i in range(2):"), "{history}");
    assert!(!history.lines().any(|l| l.trim() == "print('row', i * 10)"), "the block's lines are not separate entries: {history}");
}

/// After a line ending in `:` the next line starts indented one level deeper; a
/// line keeps the indentation it had; Enter on the indentation alone ends the
/// block; a line typed with its own indentation keeps only its own.
#[test]
fn a_line_ending_in_a_colon_indents_the_next() {
    let mut t = Terminal::start(&["repl", "--no-history"]);
    t.expect("REPL");
    t.line(">>> ", "def f(n):");
    t.prompt_indented("... ", "    ");
    t.send("if n:\r");
    t.prompt_indented("... ", "        ");
    t.send("return 7\r");
    t.prompt_indented("... ", "        ");
    // Backspace over one level: the function body again.
    t.send("\x7f\x7f\x7f\x7freturn 8\r");
    t.prompt_indented("... ", "    ");
    t.send("\r");
    t.line(">>> ", "(f(1), f(0))");
    t.expect("(7, 8)");
    // Typed with its own indentation (or pasted): not indented twice.
    t.line(">>> ", "def g():");
    t.prompt_indented("... ", "    ");
    t.send("    return 9\r");
    t.prompt_indented("... ", "    ");
    t.send("\r");
    t.line(">>> ", "g()");
    t.expect("9");
    t.line(">>> ", "exit()");
    assert_eq!(t.wait(), 0);
}

#[test]
fn help_by_question_mark_class_help_lazy_completion_save_and_bare_exit() {
    let mut t = Terminal::start(&["repl", "--no-history", "--color", "never"]);
    t.expect("REPL");
    // `obj?` is help(obj).
    t.line(">>> ", "T.serial?");
    t.expect("Help on serial");
    // help() of a Python-level class lists its methods with their signatures.
    // (Typed as one types it: each line at the automatic indentation.)
    t.line(">>> ", "class Shape:");
    t.prompt_indented("... ", "    ");
    t.send("\"\"\"A box.\"\"\"\r");
    t.prompt_indented("... ", "    ");
    t.send("def area(self, scale=2):\r");
    t.prompt_indented("... ", "        ");
    t.send("return scale\r");
    t.prompt_indented("... ", "        ");
    t.send("\r");
    t.line(">>> ", "help(Shape)");
    t.expect("area(self, scale=2)");
    // A name the package loads on first use completes before it is loaded.
    t.line(">>> ", "from tvm import relax");
    t.prompt(">>> ");
    t.send("relax.BlockBui\t");
    t.expect("relax.BlockBuilder");
    t.send("\x15\r");
    // :save writes a script `tvmscript run` replays.
    let saved = t.home.join("session.py");
    t.line(">>> ", "print('sum', 2 + 3)");
    t.line(">>> ", &format!(":save {}", saved.display()));
    t.expect("saved");
    t.line(">>> ", "exit");
    assert_eq!(t.wait(), 0);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tvmscript")).arg("run").arg(&saved).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("sum 5"));
}
