//! `hipconfig`: the install's version, paths and flags (see `hipcc::config`).
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match hipcc::config::main_with(&args, &hipcc::config::Config::from_process()) {
        Ok((out, status)) => {
            let mut stdout = std::io::stdout();
            let _ = stdout.write_all(out.as_bytes());
            let _ = stdout.flush();
            std::process::exit(status);
        }
        Err(line) => {
            eprintln!("{line}");
            std::process::exit(1);
        }
    }
}
