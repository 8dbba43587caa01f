fn main() {
    let interp = rustpython_vm::Interpreter::without_stdlib(Default::default());
    interp.enter(|_vm| {});
}
