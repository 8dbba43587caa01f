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
    /// How much of the output earlier `expect`s consumed.
    seen: usize,
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
        Terminal { child, master, output, seen: 0, home }
    }

    fn screen_text(&self) -> String {
        strip_ansi(&String::from_utf8_lossy(&self.output.lock().unwrap()))
    }

    /// Wait until the output after what was already seen contains `what`.
    fn expect(&mut self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = self.screen_text();
            if let Some(at) = text[self.seen.min(text.len())..].find(what) {
                let end = self.seen + at + what.len();
                let got = text[self.seen..end].to_string();
                self.seen = end;
                return got;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {what:?}; the terminal shows:\n{}", &text[self.seen.min(text.len())..]);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
    }

    /// Type a line and press Enter, after the prompt is shown.
    fn line(&mut self, prompt: &str, text: &str) {
        self.expect(prompt);
        self.send(text);
        self.send("\r");
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
    let mut t = Terminal::start(&["repl"]);
    t.expect("REPL");

    // A multi-line definition: continuation prompts, a blank line ends it, the IR prints.
    t.line(">>> ", "@T.prim_func");
    t.line("... ", "def add_one(A: T.Buffer((4,), \"float32\")):");
    t.line("... ", "    for i in range(4):");
    t.line("... ", "        A[i] = A[i] + T.float32(1)");
    t.line("... ", "");
    let shown = t.expect("A[i] = A[i] + T.float32(1.0)");
    assert!(shown.contains("def add_one(A: T.Buffer((4,), \"float32\")):"), "{shown}");
    assert!(shown.contains("for i in range(4):"), "{shown}");

    // Colour on a terminal.
    let raw = String::from_utf8_lossy(&t.output.lock().unwrap()).into_owned();
    assert!(raw.contains("\x1b[35mdef\x1b[0m"), "IR is highlighted on a terminal");

    // Tab completes namespace members: `T.prim_f` becomes `T.prim_func`, which
    // evaluates to the decorator.
    t.expect(">>> ");
    t.send("T.prim_f\t");
    t.expect("T.prim_func");
    t.send("\r");
    t.expect("tirx.prim_func");
    // … and global names.
    t.expect(">>> ");
    t.send("add_o\t");
    t.expect("add_one");
    t.send(".params\r");
    t.expect("[A]");

    // A decorator typed through completion starts a definition.
    t.expect(">>> ");
    t.send("@T.prim_f\t\r");
    t.line("... ", "def zero(A: T.Buffer((2,), \"int32\")):");
    t.line("... ", "    A[0] = 0");
    t.line("... ", "");
    t.expect("def zero(A: T.Buffer((2,), \"int32\")):");

    // Ctrl-C drops a half-typed block.
    t.line(">>> ", "def unfinished():");
    t.expect("... ");
    t.send("\x03");
    t.expect("KeyboardInterrupt");
    t.line(">>> ", "'unfinished' in globals()");
    t.expect("False");

    // Ctrl-D on an empty line leaves with status 0.
    t.expect(">>> ");
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
