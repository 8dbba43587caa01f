//! The `tvmscript` command line.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Duration;

use clap::{Parser, Subcommand};
use tvmscript::vm::limits::{with_stack, Limits, DEFAULT_STACK_SIZE};

#[derive(Parser)]
#[command(
    name = "tvmscript",
    version,
    about = "TVMScript without CPython: run, print, check and round-trip TVM IR scripts",
    after_help = "Without a command, on a terminal: the REPL (`tvmscript repl`). `tvmscript FILE.py [ARGS]` runs FILE.py, as `tvmscript run FILE.py [ARGS]`.",
    allow_external_subcommands = true
)]
struct Cli {
    /// Without a subcommand on a terminal: the REPL.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run a Python/TVMScript file in the embedded interpreter, like `python FILE`.
    Run {
        /// Run untrusted code: no file, network or process access, imports from an allow-list.
        #[arg(long)]
        sandbox: bool,
        /// Stop the script with a TimeoutError after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// Colour diagnostics on stderr.
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// The script (`-`: standard input).
        file: PathBuf,
        /// Arguments for the script (`sys.argv[1:]`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Parse every TVMScript definition in each FILE and print it (stdout only).
    Print {
        /// Printed scripts to parse (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Stop running the file after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// The spelling to write (native by default, as for every command).
        #[arg(long, value_enum, default_value_t = SyntaxArg::Native)]
        syntax: SyntaxArg,
        /// Syntax-highlight the output (on stdout) and colour diagnostics (on stderr).
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// Print the metadata section (constants) in full, so the text parses back.
        #[arg(long)]
        show_meta: bool,
        /// Let the file read and write files, use the network and start processes (by default it runs in the sandbox).
        #[arg(long)]
        allow_io: bool,
    },
    /// Parse, print, re-parse and structurally compare each FILE.
    Roundtrip {
        /// Printed scripts to round-trip (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The spelling the printed text uses (native by default, as for every command).
        #[arg(long, value_enum, default_value_t = SyntaxArg::Native)]
        syntax: SyntaxArg,
        /// Colour the diagnostics in FAIL lines (on stdout).
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// Let the file read and write files, use the network and start processes (by default it runs in the sandbox).
        #[arg(long)]
        allow_io: bool,
    },
    /// Parse each FILE and check its IR is well formed.
    Check {
        /// Printed scripts to check (`-`: standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Stop running the file after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// Colour diagnostics on stderr.
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// Let the file read and write files, use the network and start processes (by default it runs in the sandbox).
        #[arg(long)]
        allow_io: bool,
    },
    /// Rewrite each FILE's TVMScript definitions to their canonical printed text, where it parses back to the same IR.
    Fmt {
        /// Files to format (`-`: standard input, formatted to stdout).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The spelling to write (default: the one each definition is written in).
        #[arg(long, value_enum)]
        syntax: Option<SyntaxArg>,
        /// Change no file; list those that would change and exit 1 if any would (for CI).
        #[arg(long)]
        check: bool,
        /// Change no file; print a unified diff of what would change on stdout and exit 1 if any would.
        #[arg(long)]
        diff: bool,
        /// Stop running a file after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// Colour diagnostics on stderr.
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// Let the file read and write files, use the network and start processes (by default it runs in the sandbox).
        #[arg(long)]
        allow_io: bool,
    },
    /// Run test files as pytest does: test_*.py files, test_* functions, Test* classes, fixtures, markers.
    Test {
        /// Test files and folders (default: the current folder); `FILE::NAME` selects one test.
        paths: Vec<String>,
        /// Only tests whose names match this expression (`and`, `or`, `not`, parentheses; substrings).
        #[arg(short = 'k', value_name = "EXPR")]
        keyword: Option<String>,
        /// Stop after the first failure.
        #[arg(short = 'x', long = "exitfirst")]
        exitfirst: bool,
        /// Less output (one letter per test, the summary); twice: the summary only.
        #[arg(short = 'q', long = "quiet", action = clap::ArgAction::Count)]
        quiet: u8,
        /// More output: one line per test.
        #[arg(short = 'v', long = "verbose", action = clap::ArgAction::Count)]
        verbose: u8,
        /// Also write a JUnit XML report to FILE.
        #[arg(long, value_name = "FILE")]
        junitxml: Option<String>,
        /// Run the tests of the files that import even when others fail to (pytest's option).
        #[arg(long)]
        continue_on_collection_errors: bool,
        /// Colour the report (on stdout).
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
    },
    /// Show the builder program the transpiler makes of FILE.
    Transpile {
        /// The script to transpile (`-`: standard input).
        file: PathBuf,
        /// Colour diagnostics on stderr.
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
    },
    /// Time each stage (Python AST, parse, print) on FILES, and the Python API stages, as ratios.
    Bench {
        /// Scripts to time.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Rounds: each runs every stage of every file once, in turn (a file under 2 MB more often, so each stage times at least 2 MB of source, up to 50 runs); medians are reported
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// TVM 0.27's figures per file (a BASELINE.json of process times and peak memory): adds columns of ratios.
        #[arg(long, value_name = "FILE")]
        baseline: Option<PathBuf>,
        /// A Python that imports tvm, as a command split at spaces (`/path/to/venv/bin/python`):
        /// TVM's CPython AST, parse and print are measured in this run, each run right after ours, instead of taken from --baseline.
        #[arg(long, value_name = "COMMAND")]
        tvm: Option<String>,
        /// Only the Python API stages: BlockBuilder, and the Python visitor over the largest of FILES.
        #[arg(long)]
        api_only: bool,
    },
    /// An interactive session: Python with TVMScript, IR printed as TVMScript.
    Repl {
        /// The spelling IR is printed in (`:syntax` changes it; native by default, as for every command).
        #[arg(long, value_enum, default_value_t = SyntaxArg::Native)]
        syntax: SyntaxArg,
        /// Syntax-highlight printed IR and the input line.
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        /// Neither read nor write the history file ($HOME/.tvmscript_history).
        #[arg(long)]
        no_history: bool,
    },
    /// `tvmscript FILE.py [ARGS]`: runs FILE.py as `tvmscript run` does.
    #[command(external_subcommand)]
    External(Vec<String>),
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ColorArg {
    /// When the stream written (stdout for printed text, stderr for diagnostics) is a terminal (and NO_COLOR is unset).
    Auto,
    /// Always, also into pipes and files.
    Always,
    /// Plain text.
    Never,
}

impl From<ColorArg> for tvmscript::repl::highlight::ColorChoice {
    fn from(c: ColorArg) -> Self {
        use tvmscript::repl::highlight::ColorChoice;
        match c {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        }
    }
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SyntaxArg {
    /// The native spelling (`@T.function`, `T.Tensor`).
    Native,
    /// TVM 0.27's spelling (`@T.prim_func`, `T.Buffer`).
    Tvm,
}

impl From<SyntaxArg> for tvmscript::printer::Syntax {
    fn from(s: SyntaxArg) -> Self {
        match s {
            SyntaxArg::Native => tvmscript::printer::Syntax::Native,
            SyntaxArg::Tvm => tvmscript::printer::Syntax::Tvm,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = match cli.command {
        Some(c) => c,
        None if std::io::stdin().is_terminal() => {
            Command::Repl { syntax: SyntaxArg::Native, color: ColorArg::Auto, no_history: false }
        }
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            return ExitCode::from(2);
        }
    };
    // Deeply nested input recurses deeply in the parser and printer: a big stack.
    // The command line asks for the library's helper threads (large inputs parse and
    // print on two cores).
    let code = with_stack(DEFAULT_STACK_SIZE, move || tvmscript::with_helper_threads(true, || dispatch(command)));
    ExitCode::from(code.clamp(0, 255) as u8)
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v < 1e9 => Ok(Duration::from_secs_f64(v)),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

fn dispatch(command: Command) -> i32 {
    let limited = |timeout| Limits { timeout, ..Limits::default() };
    let sandboxed = |timeout, allow_io: bool| Limits { timeout, sandbox: !allow_io, ..Limits::default() };
    let stderr_color = |c: ColorArg| tvmscript::script::diagnostics::set_diagnostic_color(tvmscript::repl::highlight::ColorChoice::from(c).for_stderr());
    // roundtrip writes its FAIL lines, diagnostics included, to stdout.
    let stdout_color = |c: ColorArg| tvmscript::script::diagnostics::set_diagnostic_color(tvmscript::repl::highlight::ColorChoice::from(c).for_stdout());
    match command {
        Command::Run { sandbox, timeout, file, args, color } => {
            stderr_color(color);
            tvmscript::program::run::run_file_with(&file, &args, &limited(timeout), sandbox)
        }
        Command::Print { files, timeout, syntax, color, show_meta, allow_io } => {
            stderr_color(color);
            let color = tvmscript::repl::highlight::ColorChoice::from(color).for_stdout();
            tvmscript::cli::print_files(&files, syntax.into(), color, show_meta, &sandboxed(timeout, allow_io))
        }
        Command::Repl { syntax, color, no_history } => {
            let mut opts = tvmscript::repl::ReplOptions { syntax: syntax.into(), color: color.into(), ..Default::default() };
            if no_history {
                opts.history = None;
            }
            tvmscript::repl::run(&opts)
        }
        Command::Roundtrip { files, syntax, color, allow_io } => {
            stdout_color(color);
            tvmscript::cli::roundtrip_with(&files, syntax.into(), &sandboxed(None, allow_io))
        }
        Command::Check { files, timeout, color, allow_io } => {
            stderr_color(color);
            tvmscript::cli::check_files(&files, &sandboxed(timeout, allow_io))
        }
        Command::Fmt { files, syntax, check, diff, timeout, color, allow_io } => {
            stderr_color(color);
            tvmscript::cli::fmt_files(&files, syntax.map(Into::into), check, diff, &sandboxed(timeout, allow_io))
        }
        Command::Test { paths, keyword, exitfirst, quiet, verbose, junitxml, continue_on_collection_errors, color } => {
            let color = tvmscript::repl::highlight::ColorChoice::from(color).for_stdout();
            tvmscript::script::diagnostics::set_diagnostic_color(color);
            let verbosity = i32::from(verbose) - i32::from(quiet);
            let opts = tvmscript::program::test_files::TestOptions { paths, keyword, exitfirst, verbosity, junitxml, color, continue_on_collection_errors };
            tvmscript::program::test_files::run(&opts)
        }
        Command::Transpile { file, color } => {
            stderr_color(color);
            tvmscript::cli::transpile(&file)
        }
        Command::External(args) => {
            // `tvmscript FILE.py [ARGS]` as `python FILE.py [ARGS]`; a word that is
            // no file is an unknown command.
            let file = PathBuf::from(&args[0]);
            if !file.exists() && file.extension().is_none_or(|e| e != "py") {
                eprintln!("error: unrecognized subcommand '{}' (and no such file to run)\n\nUsage: tvmscript [COMMAND] | tvmscript FILE.py [ARGS]\n\nFor more information, try '--help'.", file.display());
                return 2;
            }
            let rest: Vec<String> = args[1..].to_vec();
            tvmscript::program::run::run_file_with(&file, &rest, &Limits::default(), false)
        }
        Command::Bench { files, runs, baseline, tvm, api_only } => {
            tvmscript::bench::run(&files, runs, baseline.as_deref(), tvm.as_deref(), api_only)
        }
    }
}

#[global_allocator]
static GLOBAL: tvmscript::memory::Allocator = tvmscript::memory::Allocator {};
