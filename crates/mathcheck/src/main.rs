//! `ferrocm-mathcheck [--quick] [--out FILE] [--filter NAME] [--inputs N] [--seed S]`: measures the
//! device math library and writes the accuracy report (default MATH_ACCURACY.md).

use ferrocm_mathcheck::{report, run, Options};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut opts = Options::full();
    let mut out = String::from("MATH_ACCURACY.md");
    let mut quick = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => {
                quick = true;
                opts.random_inputs = Options::quick().random_inputs;
            }
            "--out" => match args.next() {
                Some(v) => out = v,
                None => return usage("--out needs a file"),
            },
            "--filter" => opts.filter = args.next(),
            "--inputs" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) => opts.random_inputs = n,
                None => return usage("--inputs needs a number"),
            },
            "--seed" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) => opts.seed = n,
                None => return usage("--seed needs a number"),
            },
            "-h" | "--help" => return usage(""),
            other => return usage(&format!("unknown argument {other}")),
        }
    }
    let result = match run(&opts, |line| eprintln!("{line}")) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("ferrocm-mathcheck: {e}");
            return ExitCode::FAILURE;
        }
    };
    let command = if quick {
        "cargo run --release -p ferrocm-mathcheck -- --quick"
    } else {
        "cargo run --release -p ferrocm-mathcheck"
    };
    let text = report::markdown(&result, command);
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("ferrocm-mathcheck: writing {out}: {e}");
        return ExitCode::FAILURE;
    }
    let failed = result.rows.iter().filter(|r| !r.passed()).count();
    eprintln!(
        "{} rows, {failed} out of bound, {:.1} s; report in {out}",
        result.rows.len(),
        result.seconds
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn usage(problem: &str) -> ExitCode {
    if !problem.is_empty() {
        eprintln!("ferrocm-mathcheck: {problem}");
    }
    eprintln!(
        "usage: ferrocm-mathcheck [--quick] [--out FILE] [--filter NAME] [--inputs N] [--seed S]"
    );
    ExitCode::FAILURE
}
