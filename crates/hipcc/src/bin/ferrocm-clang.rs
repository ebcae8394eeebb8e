//! The prefix's `lib/llvm/bin/clang++` and `clang` (see `hipcc::clang_driver`): which one it is comes from
//! the name it is called by.
fn main() {
    let mut argv = std::env::args();
    let argv0 = argv.next().unwrap_or_else(|| "clang++".into());
    let args: Vec<String> = argv.collect();
    let env = hipcc::clang_driver::env_from_process();
    let status = hipcc::clang_driver::main_with(&argv0, &args, &env, &mut std::io::stderr());
    std::process::exit(status);
}
