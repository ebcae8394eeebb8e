//! C and C++ programs against libhipblaslt and libamdhip64 as built, the way users link them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the library `file` is: the newer of `target/<profile>/deps/` (where `cargo test`
/// rebuilds this crate's cdylib from the current sources) and `target/<profile>/` (where
/// `cargo build` puts it, and libamdhip64).
fn built(file: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("target/<profile>/deps").to_path_buf();
    let profile = deps.parent().expect("target/<profile>").to_path_buf();
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    [deps.join(file), profile.join(file)]
        .into_iter()
        .filter_map(|p| modified(&p).map(|t| (t, p)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, p)| p)
        .unwrap_or_else(|| {
            panic!(
                "{file} not found in {}; run cargo build -p hipblaslt-capi -p amdhip64 first",
                profile.display()
            )
        })
}

fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    stdout
}

fn include_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

/// A scratch folder holding the libraries under ROCm's names.
fn scratch(tag: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hipblaslt-capi-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    for (file, names) in [
        (
            "libhipblaslt_capi.so",
            ["libhipblaslt.so", "libhipblaslt.so.0"],
        ),
        ("libamdhip64.so", ["libamdhip64.so", "libamdhip64.so.6"]),
    ] {
        for n in names {
            std::os::unix::fs::symlink(built(file), dir.join(n)).expect("link library");
        }
    }
    dir
}

/// Builds `tests/c/<name>.c` with `compiler` (gcc, or g++ compiling it as C++) against the
/// libraries under ROCm's names and runs it.
fn build_and_run(name: &str, compiler: &[&str], tag: &str) -> String {
    let dir = scratch(&format!("{name}-{tag}"));
    let exe = dir.join(name);
    run(Command::new(compiler[0])
        .args(&compiler[1..])
        .arg(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/c")
                .join(format!("{name}.c")),
        )
        .arg(format!("-I{}", include_dir().display()))
        .args(["-O1", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .args(["-lhipblaslt", "-lamdhip64", "-lm"])
        .arg(format!("-Wl,-rpath,{}", dir.display())));
    run(&mut Command::new(&exe))
}

#[test]
fn c_program_runs_matmuls_against_a_host_reference() {
    assert_eq!(build_and_run("hipblaslt", &["gcc"], "c").trim(), "ok");
}

#[test]
fn the_same_program_as_cplusplus() {
    assert_eq!(
        build_and_run("hipblaslt", &["g++", "-x", "c++"], "cxx").trim(),
        "ok"
    );
}

/// The header alone and with hipBLAS's, in either order, as C and as C++, warnings as errors.
#[test]
fn header_compiles_alone_and_with_hipblas() {
    let dir = scratch("headers");
    let orders = [
        ("alone", "#include <hipblaslt/hipblaslt.h>\n"),
        (
            "after",
            "#include <hipblas/hipblas.h>\n#include <hipblaslt/hipblaslt.h>\n",
        ),
        (
            "before",
            "#include <hipblaslt/hipblaslt.h>\n#include <hipblas/hipblas.h>\n",
        ),
    ];
    for (tag, includes) in orders {
        let src = dir.join(format!("{tag}.c"));
        let body = "int main(void) { hipblasLtMatmulHeuristicResult_t r[1]; (void)r; \
                    return (int)sizeof(hipblasLtMatmulAlgo_t) - 24; }\n";
        std::fs::write(&src, format!("{includes}{body}")).expect("write source");
        for compiler in [
            &["gcc", "-std=c99"][..],
            &["g++", "-x", "c++", "-std=c++14"],
        ] {
            run(Command::new(compiler[0])
                .args(&compiler[1..])
                .args(["-Wall", "-Wextra", "-Werror", "-c", "-o"])
                .arg(dir.join(format!("{tag}.o")))
                .arg(&src)
                .arg(format!("-I{}", include_dir().display())));
        }
    }
}
