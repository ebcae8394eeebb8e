//! `hipcc`: the HIP compiler driver (see `hipcc::driver`).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let env = hipcc::driver::Env::from_process();
    let status = hipcc::driver::main_with(&args, &env, &mut std::io::stderr());
    std::process::exit(status);
}
