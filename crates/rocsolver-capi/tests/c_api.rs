//! C programs against librocsolver, librocblas and libamdhip64 as built, linked the way users
//! link them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<profile>`, where cargo wrote the libraries.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf();
    for lib in [
        "librocsolver_capi.so",
        "librocblas_capi.so",
        "libamdhip64.so",
    ] {
        assert!(
            dir.join(lib).exists(),
            "{lib} not found in {}; run cargo build --workspace first",
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

/// Builds `tests/c/<name>.c` against the libraries as built, linked the way users link them,
/// runs it, and checks that it printed "ok".
fn build_and_run(name: &str) {
    let built = lib_dir();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rocsolver-capi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    for (file, names) in [
        (
            "librocsolver_capi.so",
            ["librocsolver.so", "librocsolver.so.0"],
        ),
        ("librocblas_capi.so", ["librocblas.so", "librocblas.so.4"]),
        ("libamdhip64.so", ["libamdhip64.so", "libamdhip64.so.6"]),
    ] {
        for n in names {
            std::os::unix::fs::symlink(built.join(file), dir.join(n)).expect("link library");
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = dir.join(name);
    run(Command::new("gcc")
        .arg(root.join(format!("tests/c/{name}.c")))
        .arg(format!("-I{}", root.join("../../include").display()))
        .args(["-O1", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .args(["-lrocsolver", "-lrocblas", "-lamdhip64", "-lm"])
        .arg(format!("-Wl,-rpath,{}", dir.display())));
    assert_eq!(run(&mut Command::new(&exe)).trim(), "ok");
}

#[test]
fn c_program_factors_and_solves_on_a_rocblas_handle() {
    build_and_run("solve");
}

#[test]
fn c_program_inverts_solves_least_squares_and_decomposes() {
    build_and_run("solve2");
}
