//! C programs against libhipblas and libamdhip64 as built, the way users link them.

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
    for lib in ["libhipblas_capi.so", "libamdhip64.so"] {
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

/// Builds `tests/c/<name>.c` with gcc (and `defines`) against the libraries under ROCm's names
/// and runs it.
fn build_and_run(name: &str, tag: &str, defines: &[&str]) -> String {
    let built = lib_dir();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hipblas-capi-{name}{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    for (file, names) in [
        ("libhipblas_capi.so", ["libhipblas.so", "libhipblas.so.2"]),
        ("libamdhip64.so", ["libamdhip64.so", "libamdhip64.so.6"]),
    ] {
        for n in names {
            std::os::unix::fs::symlink(built.join(file), dir.join(n)).expect("link library");
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = dir.join(name);
    run(Command::new("gcc")
        .arg(root.join("tests/c").join(format!("{name}.c")))
        .args(defines)
        .arg(format!("-I{}", root.join("../../include").display()))
        .args(["-O1", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .args(["-lhipblas", "-lamdhip64", "-lm"])
        .arg(format!("-Wl,-rpath,{}", dir.display())));
    run(&mut Command::new(&exe))
}

#[test]
fn c_program_with_hipblas_1_types() {
    assert_eq!(build_and_run("hipblas", "", &[]).trim(), "ok");
}

#[test]
fn c_program_with_hipblas_v2_types() {
    assert_eq!(
        build_and_run("hipblas", "-v2", &["-DHIPBLAS_V2"]).trim(),
        "ok"
    );
}

#[test]
fn c_program_runs_level2_against_a_host_reference() {
    assert_eq!(build_and_run("level2", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_level1_against_a_host_reference() {
    assert_eq!(build_and_run("level1", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_auxiliary_copies_math_modes_and_a_v2_name() {
    assert_eq!(build_and_run("auxiliary", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_rank2k_trtri_and_rotations_against_a_host_reference() {
    assert_eq!(build_and_run("more", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_band_packed_and_rank2_level2_against_a_host_reference() {
    assert_eq!(build_and_run("level2_more", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_the_solver_functions_against_a_host_reference() {
    assert_eq!(build_and_run("solver", "", &[]).trim(), "ok");
}

#[test]
fn c_program_runs_the_ex_functions() {
    assert_eq!(build_and_run("ex", "", &[]).trim(), "ok");
}
