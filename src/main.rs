//! The `tvmscript` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Duration;

use clap::{Parser, Subcommand};
use tvmscript::vm::limits::{with_stack, Limits, DEFAULT_STACK_SIZE};

#[derive(Parser)]
#[command(name = "tvmscript", version, about = "TVMScript without CPython: run, print, check and round-trip TVM IR scripts")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a Python/TVMScript file in the embedded interpreter, like `python FILE`.
    Run {
        file: PathBuf,
        /// Stop the script with a TimeoutError after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// Arguments for the script (`sys.argv[1:]`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Parse every TVMScript definition in FILE and print it (stdout only).
    Print {
        file: PathBuf,
        /// Stop running the file after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// The spelling to write.
        #[arg(long, value_enum, default_value_t = SyntaxArg::Native)]
        syntax: SyntaxArg,
    },
    /// Parse, print, re-parse and structurally compare each FILE.
    Roundtrip {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The spelling the printed text uses.
        #[arg(long, value_enum, default_value_t = SyntaxArg::Tvm)]
        syntax: SyntaxArg,
    },
    /// Parse FILE and check its IR is well formed.
    Check {
        file: PathBuf,
        /// Stop running the file after this many seconds (default: no limit).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
    },
    /// Show the builder program the transpiler makes of FILE.
    Transpile { file: PathBuf },
    /// Time each stage (Python AST, transpile, parse, print) on FILES, as ratios.
    Bench {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Runs per stage (the median is reported).
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
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

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() && v < 1e9 => Ok(Duration::from_secs_f64(v)),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Deeply nested input recurses deeply in the parser and printer: a big stack.
    let code = with_stack(DEFAULT_STACK_SIZE, move || dispatch(cli.command));
    ExitCode::from(code.clamp(0, 255) as u8)
}

fn dispatch(command: Command) -> i32 {
    let limited = |timeout| Limits { timeout, ..Limits::default() };
    match command {
        Command::Run { file, timeout, args } => tvmscript::vm::run::run_file_with(&file, &args, &limited(timeout)),
        Command::Print { file, timeout, syntax } => tvmscript::cli::print_with(&file, syntax.into(), &limited(timeout)),
        Command::Roundtrip { files, syntax } => tvmscript::cli::roundtrip(&files, syntax.into()),
        Command::Check { file, timeout } => tvmscript::cli::check_with(&file, &limited(timeout)),
        Command::Transpile { file } => tvmscript::cli::transpile(&file),
        Command::Bench { files, runs } => tvmscript::bench::run(&files, runs),
    }
}
