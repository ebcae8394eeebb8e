//! `rocminfo`: ROCm's agent report for ferrocm's agents (see `hipcc::rocminfo`).
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(a) = args.iter().find(|a| !matches!(a.as_str(), "-h" | "--help")) {
        eprintln!("rocminfo: error: unknown option '{a}' (rocminfo takes no options)");
        std::process::exit(1);
    }
    if !args.is_empty() {
        println!("usage: rocminfo\n  prints the HSA system attributes and every agent of ferrocm");
        return;
    }
    let report = hipcc::rocminfo::report(&hipcc::rocminfo::System::probe());
    let mut stdout = std::io::stdout();
    let _ = stdout.write_all(report.as_bytes());
    let _ = stdout.flush();
}
