//! `hipify`: CUDA → HIP source translation with hipify-clang's command line (see `hipify::cli`).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = hipify::cli::main_with(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(status);
}
