//! The HIP programs under `examples/`, built and run the way a ROCm user would: a prefix laid out
//! by `scripts/dist.sh`, then `make -C examples/<name> HIP_PATH=<prefix> HIPCXX=<prefix>/bin/hipcc`
//! and `make run`. Every example checks its own result against the host and prints `PASSED`.
//!
//! Environment:
//! - `FERROCM_PREFIX=<dir>`: use that prefix as it is instead of running `scripts/dist.sh`.
//! - `FERROCM_REQUIRE_PREFIX=1`: fail, rather than skip, when no prefix can be made.
//! - `FERROCM_EXAMPLES=a,b`: build and run only these examples.
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At least this many examples exist (the task's list of topics).
const MIN_EXAMPLES: usize = 15;
/// Bounds, so a hung compiler or program fails the test instead of hanging it. Building the
/// prefix from nothing compiles LLVM-linked release crates, hence the generous first limit.
const DIST_TIMEOUT: Duration = Duration::from_secs(1800);
const BUILD_TIMEOUT: Duration = Duration::from_secs(600);
const RUN_TIMEOUT: Duration = Duration::from_secs(180);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn examples_dir() -> PathBuf {
    repo_root().join("examples")
}

/// The example folders: every folder of `examples/` holding a Makefile, sorted.
fn example_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("examples/ is readable")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Makefile").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

/// The names in `EXAMPLES := ...` of examples/Makefile (with its `\` continuation lines).
fn listed_in_top_makefile() -> BTreeSet<String> {
    let text = std::fs::read_to_string(examples_dir().join("Makefile")).expect("examples/Makefile");
    let mut names = BTreeSet::new();
    let mut in_list = false;
    for line in text.lines() {
        let rest = match line.trim_start().strip_prefix("EXAMPLES :=") {
            Some(r) => r,
            None if in_list => line,
            None => continue,
        };
        in_list = rest.trim_end().ends_with('\\');
        names.extend(
            rest.trim_end()
                .trim_end_matches('\\')
                .split_whitespace()
                .map(str::to_string),
        );
    }
    names
}

/// What a finished command left: its status (None when it was killed for running too long)
/// and its output.
struct Finished {
    status: Option<ExitStatus>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Finished {
    fn ok(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    fn describe(&self, limit: Duration) -> String {
        match self.status {
            Some(s) => format!("{s}"),
            None => format!("killed after {}s (limit)", limit.as_secs()),
        }
    }
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Runs `cmd` with its output captured, killing it and everything it started (its own process
/// group) once `limit` has passed.
fn run_bounded(mut cmd: Command, limit: Duration) -> Finished {
    use std::os::unix::process::CommandExt;
    // A make started from a make (e.g. `make test` around cargo) must not join that jobserver.
    for var in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL"] {
        cmd.env_remove(var);
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Finished {
                status: None,
                stdout: String::new(),
                stderr: format!("could not start {cmd:?}: {e}"),
                elapsed: start.elapsed(),
            }
        }
    };
    // Both pipes drained on their own threads: a child filling one pipe must never block.
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() < limit => std::thread::sleep(Duration::from_millis(20)),
            _ => {
                // The whole group: make's children (hipcc, clang, the example) go too.
                let _ = Command::new("kill")
                    .args(["-KILL", &format!("-{}", child.id())])
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    Finished {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        elapsed: start.elapsed(),
    }
}

/// The prefix the examples are built against, or why there is none.
fn prefix() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("FERROCM_PREFIX").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        // Asked for explicitly, so an unusable one is the caller's error, not a reason to skip.
        assert!(
            p.join("bin/hipcc").is_file(),
            "FERROCM_PREFIX={} has no bin/hipcc",
            p.display()
        );
        return Ok(p);
    }
    let dist = repo_root().join("scripts/dist.sh");
    if !dist.is_file() {
        return Err("scripts/dist.sh does not exist".into());
    }
    let prefix = Path::new(env!("CARGO_TARGET_TMPDIR")).join("examples-prefix");
    let mut cmd = Command::new("bash");
    cmd.arg(&dist)
        .arg("--prefix")
        .arg(&prefix)
        .current_dir(repo_root());
    let done = run_bounded(cmd, DIST_TIMEOUT);
    if !done.ok() {
        return Err(format!(
            "scripts/dist.sh --prefix {} failed ({}):\n{}\n{}",
            prefix.display(),
            done.describe(DIST_TIMEOUT),
            tail(&done.stdout, 10),
            tail(&done.stderr, 30)
        ));
    }
    for needed in [
        "bin/hipcc",
        "lib/libamdhip64.so",
        "include/hip/hip_runtime.h",
    ] {
        if !prefix.join(needed).exists() {
            return Err(format!(
                "the prefix {} made by scripts/dist.sh has no {needed}:\n{}",
                prefix.display(),
                tail(&done.stderr, 10)
            ));
        }
    }
    Ok(prefix)
}

/// Copies the directory tree `from` to `to` (plain files and folders: what an example holds).
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Extra checks on one example's output, beyond its own PASSED line.
fn check_output(name: &str, stdout: &str) -> Result<(), String> {
    if name == "printf" {
        // Eight device threads each print one line; their order is not fixed.
        let lines = stdout
            .lines()
            .filter(|l| l.starts_with("device: block"))
            .count();
        if lines != 8 {
            return Err(format!(
                "expected 8 lines of device printf output, got {lines}"
            ));
        }
    }
    Ok(())
}

/// Builds (`make all`) and runs (`make run`) one example in `work/<name>`; the error says which
/// step failed and shows its output.
fn build_and_run(name: &str, work: &Path, prefix: &Path) -> Result<Duration, String> {
    let dir = work.join(name);
    copy_tree(&examples_dir().join(name), &dir)
        .map_err(|e| format!("copying the example to {}: {e}", dir.display()))?;
    let make = |target: &str| {
        let mut cmd = Command::new("make");
        cmd.arg("-C")
            .arg(&dir)
            .arg(target)
            .arg(format!("HIP_PATH={}", prefix.display()))
            .arg(format!("HIPCXX={}", prefix.join("bin/hipcc").display()));
        cmd
    };
    let build = run_bounded(make("all"), BUILD_TIMEOUT);
    if !build.ok() {
        return Err(format!(
            "`make all` failed ({}):\n{}\n{}",
            build.describe(BUILD_TIMEOUT),
            tail(&build.stdout, 20),
            tail(&build.stderr, 40)
        ));
    }
    let run = run_bounded(make("run"), RUN_TIMEOUT);
    let passed = run.stdout.lines().any(|l| l.trim() == "PASSED");
    let failed = run.stdout.lines().any(|l| l.trim() == "FAILED");
    if !run.ok() || !passed || failed {
        return Err(format!(
            "`make run` {} (PASSED line: {passed}, FAILED line: {failed}):\n{}\n{}",
            if run.ok() { "succeeded but" } else { "failed" },
            tail(&run.stdout, 30),
            tail(&run.stderr, 30)
        ));
    }
    check_output(name, &run.stdout)?;
    Ok(build.elapsed + run.elapsed)
}

#[test]
fn examples_are_complete_and_rocm_style() {
    let names = example_names();
    assert!(
        names.len() >= MIN_EXAMPLES,
        "{} examples, expected at least {MIN_EXAMPLES}: {names:?}",
        names.len()
    );
    // The top-level Makefile builds exactly the example folders.
    let listed = listed_in_top_makefile();
    let present: BTreeSet<String> = names.iter().cloned().collect();
    assert_eq!(
        listed, present,
        "EXAMPLES in examples/Makefile differs from the example folders"
    );
    for name in &names {
        let dir = examples_dir().join(name);
        let makefile = std::fs::read_to_string(dir.join("Makefile")).expect("Makefile");
        for needed in [
            "HIP_PATH ?= ../../dist",
            "HIPCXX ?= $(HIP_PATH)/bin/hipcc",
            "HIPFLAGS ?= -O2",
            "\nall:",
            "\nrun:",
            "\nclean:",
        ] {
            assert!(
                makefile.contains(needed),
                "examples/{name}/Makefile lacks `{}`",
                needed.trim()
            );
        }
        // Some source reports the verdict the test looks for, both ways.
        let sources: Vec<String> = std::fs::read_dir(&dir)
            .expect("example folder")
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == "hip" || x == "cpp" || x == "cu")
            })
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect();
        assert!(
            !sources.is_empty(),
            "examples/{name} has no .hip, .cpp or .cu source"
        );
        assert!(
            sources
                .iter()
                .any(|s| s.contains("\"PASSED\"") && s.contains("\"FAILED\"")),
            "examples/{name} prints no PASSED/FAILED verdict"
        );
    }
}

#[test]
fn examples_build_and_pass() {
    let prefix = match prefix() {
        Ok(p) => p,
        Err(why) => {
            let required = std::env::var("FERROCM_REQUIRE_PREFIX").is_ok_and(|v| v == "1");
            assert!(!required, "no prefix for the examples: {why}");
            eprintln!(
                "SKIPPED examples_build_and_pass: no prefix to build the examples with: {why}"
            );
            return;
        }
    };
    let only: Option<BTreeSet<String>> = std::env::var("FERROCM_EXAMPLES")
        .ok()
        .filter(|v| !v.is_empty())
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect());
    let names: Vec<String> = example_names()
        .into_iter()
        .filter(|n| match &only {
            Some(o) => o.contains(n),
            None => true,
        })
        .collect();
    if let Some(o) = &only {
        let unknown: Vec<&String> = o.iter().filter(|n| !names.contains(n)).collect();
        assert!(
            unknown.is_empty(),
            "FERROCM_EXAMPLES names unknown examples: {unknown:?}"
        );
    }

    // Built in a scratch copy: no build outputs in the source tree, no clash with a user's make.
    let work =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("examples-run-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("scratch folder");

    // A few at a time: each build runs clang, the runs use every core already.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4);
    let queue = Mutex::new(names.clone());
    let results: Mutex<Vec<(String, Result<Duration, String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let next = queue.lock().map(|mut q| q.pop()).unwrap_or(None);
                let Some(name) = next else { break };
                let outcome = build_and_run(&name, &work, &prefix);
                match &outcome {
                    Ok(t) => eprintln!("example {name}: PASSED ({:.1}s)", t.as_secs_f64()),
                    Err(_) => eprintln!("example {name}: FAILED"),
                }
                if let Ok(mut r) = results.lock() {
                    r.push((name, outcome));
                }
            });
        }
    });

    let mut results = results.into_inner().expect("results");
    results.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(results.len(), names.len(), "every example ran");
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(name, r)| r.as_ref().err().map(|e| format!("--- {name}: {e}")))
        .collect();
    if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed (built with {}; scratch copies kept in {}):\n{}",
        failures.len(),
        results.len(),
        prefix.join("bin/hipcc").display(),
        work.display(),
        failures.join("\n")
    );
}
