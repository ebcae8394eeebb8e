//! lit-style tests: every `tests/lit/*.cu` file carries its own `// RUN:` lines, run by `bash` with these
//! substitutions:
//!
//! | text | becomes |
//! | --- | --- |
//! | `%hipify-perl` | the built `hipify-perl` binary (hipify-perl's command line) |
//! | `%hipify` | the built `hipify` binary |
//! | `%s` | the test file |
//! | `%t` | a scratch file path for this test file, the same in all its RUN lines (`%t.err` etc. too) |
//! | `%T` | a scratch folder for this test file (created empty; the RUN lines' working folder) |
//! | `FileCheck` (as a word) | FileCheck from llvm-19-tools, with `--match-full-lines` |
//!
//! `--match-full-lines` makes every `CHECK:` pattern match a whole output line (leading and trailing
//! whitespace aside), so the `// CHECK:` comments, which hipify copies into its output unchanged, never
//! match themselves. A RUN line passes when its command exits with 0. Without FileCheck the tests are
//! skipped with a message, except under CI (`CI=true`), where that is a failure.
use std::path::{Path, PathBuf};
use std::process::Command;

fn filecheck() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("FILECHECK") {
        return Some(PathBuf::from(p));
    }
    for c in ["/usr/bin/FileCheck-19", "/usr/lib/llvm-19/bin/FileCheck"] {
        if Path::new(c).exists() {
            return Some(PathBuf::from(c));
        }
    }
    for name in ["FileCheck-19", "FileCheck"] {
        if let Ok(o) = Command::new(name).arg("--version").output() {
            if o.status.success() {
                return Some(PathBuf::from(name));
            }
        }
    }
    None
}

fn run_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let Some(pos) = line.find("RUN:") else {
            continue;
        };
        if !line[..pos].trim_start().starts_with("//") {
            continue;
        }
        let cmd = line[pos + 4..].trim();
        // A trailing backslash continues the command on the next RUN line.
        match out.last_mut() {
            Some(prev) if prev.ends_with('\\') => {
                prev.pop();
                prev.push(' ');
                prev.push_str(cmd);
            }
            _ => out.push(cmd.to_string()),
        }
    }
    out
}

fn substitute(cmd: &str, hipify: &str, src: &Path, t: &Path, dir: &Path, fc: &Path) -> String {
    let mut s = cmd
        .replace("%hipify-perl", env!("CARGO_BIN_EXE_hipify-perl"))
        .replace("%hipify", hipify)
        .replace("%s", &src.display().to_string())
        .replace("%t", &t.display().to_string())
        .replace("%T", &dir.display().to_string());
    let fc = format!("{} --match-full-lines", fc.display());
    // FileCheck as a word.
    let mut out = String::with_capacity(s.len() + 64);
    while let Some(i) = s.find("FileCheck") {
        let before_ok =
            i == 0 || !s.as_bytes()[i - 1].is_ascii_alphanumeric() && s.as_bytes()[i - 1] != b'/';
        let after = s.as_bytes().get(i + 9).copied().unwrap_or(b' ');
        let after_ok = !(after.is_ascii_alphanumeric() || after == b'-');
        out.push_str(&s[..i]);
        if before_ok && after_ok {
            out.push_str(&fc);
        } else {
            out.push_str("FileCheck");
        }
        s = s[i + 9..].to_string();
    }
    out.push_str(&s);
    out
}

#[test]
fn lit() {
    let Some(fc) = filecheck() else {
        let msg =
            "FileCheck (llvm-19-tools) not found: apt-get install llvm-19-tools, or set FILECHECK";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg}");
        }
        eprintln!("SKIPPED: {msg}");
        return;
    };
    let hipify = env!("CARGO_BIN_EXE_hipify");
    let lit_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&lit_dir)
        .expect("tests/lit")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "too few lit tests: {}", files.len());
    let scratch = std::env::temp_dir().join(format!("hipify-lit-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut runs = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read lit file");
        let lines = run_lines(&text);
        assert!(!lines.is_empty(), "{}: no RUN lines", f.display());
        let stem = f
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let dir = scratch.join(&stem);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        let t = dir.join("t");
        for (n, line) in lines.iter().enumerate() {
            let cmd = substitute(line, hipify, f, &t, &dir, &fc);
            let o = Command::new("bash")
                .args(["-o", "pipefail", "-c", &cmd])
                .current_dir(&dir)
                .output()
                .expect("bash");
            runs += 1;
            if !o.status.success() {
                failures.push(format!(
                    "{} RUN #{n}: {line}\n  command: {cmd}\n{}{}",
                    f.display(),
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        failures.is_empty(),
        "{} of {runs} RUN lines failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("lit: {} files, {runs} RUN lines passed", files.len());
}
