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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Run { file, args } => tvmscript::vm::run::run_file(&file, &args),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
