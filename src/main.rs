//! The `tvmscript` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
        /// Arguments for the script (`sys.argv[1:]`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Parse every TVMScript definition in FILE and print it (stdout only).
    Print {
        file: PathBuf,
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
    Check { file: PathBuf },
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run { file, args } => tvmscript::vm::run::run_file(&file, &args),
        Command::Print { file, syntax } => tvmscript::cli::print(&file, syntax.into()),
        Command::Roundtrip { files, syntax } => tvmscript::cli::roundtrip(&files, syntax.into()),
        Command::Check { file } => tvmscript::cli::check(&file),
        Command::Transpile { file } => tvmscript::cli::transpile(&file),
        Command::Bench { files, runs } => tvmscript::bench::run(&files, runs),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
