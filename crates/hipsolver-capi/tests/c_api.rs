//! C programs against libhipsolver and libamdhip64 as built, the way users link them; and the
//! header compiled as C and C++, with and beside hipblas.h.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<profile>`, where cargo wrote both libraries.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf();
    for lib in ["libhipsolver_capi.so", "libamdhip64.so"] {
        assert!(
            dir.join(lib).exists(),
            "{lib} not found in {}; run cargo build -p hipsolver-capi -p amdhip64 first",
            dir.display()
        );
    }
    dir
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

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn include_dir() -> String {
    format!("-I{}", root().join("../../include").display())
}

/// Builds `tests/c/<name>.c` with gcc against the libraries under ROCm's names and runs it.
fn build_and_run(name: &str) -> String {
    let built = lib_dir();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hipsolver-capi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    for (file, names) in [
        (
            "libhipsolver_capi.so",
            ["libhipsolver.so", "libhipsolver.so.0"],
        ),
        ("libamdhip64.so", ["libamdhip64.so", "libamdhip64.so.6"]),
    ] {
        for n in names {
            std::os::unix::fs::symlink(built.join(file), dir.join(n)).expect("link library");
        }
    }
    let exe = dir.join(name);
    run(Command::new("gcc")
        .arg(root().join("tests/c").join(format!("{name}.c")))
        .arg(include_dir())
        .args(["-O1", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .args(["-lhipsolver", "-lamdhip64", "-lm"])
        .arg(format!("-Wl,-rpath,{}", dir.display())));
    run(&mut Command::new(&exe))
}

#[test]
fn c_program_factors_and_solves_through_both_apis() {
    assert_eq!(build_and_run("hipsolver").trim(), "ok");
}

#[test]
fn c_program_runs_the_second_dense_set_through_both_apis() {
    assert_eq!(build_and_run("dense2").trim(), "ok");
}

#[test]
fn header_compiles_as_c_and_cpp_alone_and_beside_hipblas() {
    let src = root().join("tests/c/headers.c");
    for order in ["-DHIPSOLVER_ALONE", "-DHIPBLAS_FIRST", "-DHIPSOLVER_FIRST"] {
        run(Command::new("gcc")
            .arg(&src)
            .arg(order)
            .arg(include_dir())
            .args(["-Wall", "-Wextra", "-Werror", "-fsyntax-only"]));
        run(Command::new("g++")
            .args(["-x", "c++", "-std=c++17"])
            .arg(&src)
            .arg(order)
            .arg(include_dir())
            .args(["-Wall", "-Wextra", "-Werror", "-fsyntax-only"]));
    }
}
