//! Seed 003's tutorial as a working program: parse the step-by-step function (which
//! uses the `my_ext` complex type and operators), run the LowerComplex pass and print
//! the function before and after; then show the error a scalar operand of
//! `my_ext.cmul` gives. `docs/extending.md` walks through the code.
//!
//! ```text
//! cargo run --release --example complex
//! ```

#[allow(dead_code, unused_imports)] // shared with tests/extension_complex.rs
mod my_ext;
#[allow(dead_code)]
mod program;

use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> tvmscript::ir::Result<()> {
    my_ext::register()?;
    let func = program::parse_step_by_step()?;
    println!("# Before LowerComplex:");
    println!("{}", program::print(func.clone())?);
    let lowered = my_ext::lower::lower_func(func)?;
    println!("\n# After LowerComplex:");
    println!("{}", program::print(lowered)?);
    // The operators' type inference runs while the script builds IR.
    let bad = program::SCRIPT.replace("my_ext.cmul(z, w)", "my_ext.cmul(A[i], w)");
    if let Err(e) = program::parse("scalar_cmul.py", &bad) {
        println!("\n# my_ext.cmul(A[i], w), A[i] a float32:\n{}", e.message);
    }
    Ok(())
}
