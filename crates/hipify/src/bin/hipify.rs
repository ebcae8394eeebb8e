//! `hipify`: CUDA → HIP source translation with hipify-clang's command line (see `hipify::cli`). Called
//! through a link named `hipify-perl` (as the install prefix has it), it takes hipify-perl's command line
//! instead (see `hipify::perl`).
fn main() {
    let mut argv = std::env::args();
    let called_as = argv.next().unwrap_or_default();
    let args: Vec<String> = argv.collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let perl = std::path::Path::new(&called_as)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("hipify-perl"));
    let status = if perl {
        hipify::perl::main_with(&args, &mut stdout.lock(), &mut stderr.lock())
    } else {
        hipify::cli::main_with(&args, &mut stdout.lock(), &mut stderr.lock())
    };
    std::process::exit(status);
}
