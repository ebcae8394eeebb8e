//! `hipify-clang`: the same program as `hipify`, under hipify-clang's name (for scripts and build systems
//! that call it).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = hipify::cli::main_with(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(status);
}
