//! `hipify-perl`: the same translator as `hipify`, with the command line of ROCm's hipify-perl script
//! (see `hipify::perl`): translations to standard output by default, `-inplace`, `-o=`, `-print-stats`.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let status = hipify::perl::main_with(&args, &mut stdout.lock(), &mut stderr.lock());
    std::process::exit(status);
}
