//! Compiles a HIP file for the CPU device and prints what the runtime would see: each kernel's
//! arguments, local memory and barriers. With `FERROCM_DUMP_IR=dir` the IR of every lowering step is
//! written there too.
//!
//! ```sh
//! FERROCM_DUMP_IR=/tmp/ir cargo run -p comgr --example compile -- samples/matmul.hip -O3
//! ```
use comgr::{compile_hip_with_log, CompileOptions};

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: compile <file.hip> [clang options...]");
        return std::process::ExitCode::from(2);
    };
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let opts = CompileOptions {
        args: args.collect(),
        headers: vec![],
    };
    match compile_hip_with_log(&source, &path, &opts) {
        Ok((co, log)) => {
            eprint!("{log}");
            for k in &co.meta.kernels {
                println!(
                    "{}: {} args ({} bytes), {} bytes static shared, {} barriers, max block {:?}",
                    k.name,
                    k.args.len(),
                    k.kernarg_size,
                    k.static_local_size,
                    k.barriers,
                    k.max_threads_per_block
                );
            }
            for g in &co.meta.globals {
                println!("global {}: {} bytes", g.name, g.size);
            }
            println!("native code: {} bytes", co.elf.len());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}\n{}", e.log());
            std::process::ExitCode::FAILURE
        }
    }
}
