// The frozen `stdlib/` package is read by `py_freeze!` at compile time; rebuild when it changes.
fn main() {
    println!("cargo:rerun-if-changed=stdlib");
    println!("cargo:rerun-if-changed=build.rs");
}
