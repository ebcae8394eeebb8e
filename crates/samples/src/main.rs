//! `ferrocm-samples`: lists the HIP devices, then runs the sample programs and prints one
//! PASS/FAIL line each. Exits non-zero when any sample fails.
//!
//! ```text
//! ferrocm-samples            # device listing, then every sample
//! ferrocm-samples --list     # sample names
//! ferrocm-samples NAME...    # only these samples
//! ```

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: ferrocm-samples [--list | NAME...]");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--list") {
        for s in ferrocm_samples::SAMPLES {
            println!("{:<10} {}", s.name, s.about);
        }
        return ExitCode::SUCCESS;
    }
    let mut selected = Vec::new();
    for name in &args {
        match ferrocm_samples::find(name) {
            Some(s) => selected.push(s),
            None => {
                eprintln!("unknown sample {name:?}; `ferrocm-samples --list` shows the names");
                return ExitCode::from(2);
            }
        }
    }
    if selected.is_empty() {
        selected.extend(ferrocm_samples::SAMPLES.iter());
    }

    match ferrocm_samples::device_listing() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("cannot list HIP devices: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!();

    let mut failed = 0;
    for s in &selected {
        let t0 = Instant::now();
        let result = (s.run)();
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        match result {
            Ok(summary) => println!("PASS {:<10} {summary} ({ms:.0} ms)", s.name),
            Err(e) => {
                failed += 1;
                println!("FAIL {:<10} {e} ({ms:.0} ms)", s.name);
            }
        }
    }
    println!(
        "\n{} of {} samples passed",
        selected.len() - failed,
        selected.len()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
