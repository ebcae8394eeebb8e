//! Shared by the integration tests: where the built library is, scratch folders, running
//! compilers.

#![allow(dead_code)] // each test binary uses a part

use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<profile>`: the folder holding `libamdhip64.so` (the test executable lives in
/// its `deps/`).
pub fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf();
    assert!(
        dir.join("libamdhip64.so").exists(),
        "libamdhip64.so not found in {}; build the crate first",
        dir.display()
    );
    dir
}

pub fn include_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("amdhip64-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create scratch folder");
    d
}

/// Runs `cmd`, panicking with its output when it fails; returns stdout.
pub fn run(cmd: &mut Command) -> String {
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

/// Links objects or C sources against libamdhip64 with `driver` (gcc, clang++-19, ...).
///
/// The library's soname is `libamdhip64.so.6` (as ROCm's) while cargo writes
/// `libamdhip64.so`, so the program links against a folder beside `out` holding both names
/// as links to the built library, and finds it there at run time (rpath).
pub fn link(driver: &str, inputs: &[&Path], out: &Path, extra: &[&str]) {
    let built = lib_dir().join("libamdhip64.so");
    let lib = out.with_extension("lib");
    std::fs::create_dir_all(&lib).expect("create library folder");
    for name in ["libamdhip64.so", "libamdhip64.so.6"] {
        let l = lib.join(name);
        let _ = std::fs::remove_file(&l);
        std::os::unix::fs::symlink(&built, &l).expect("link the built library");
    }
    let mut cmd = Command::new(driver);
    cmd.args(inputs)
        .args(extra)
        .arg(format!("-I{}", include_dir().display()))
        .arg("-o")
        .arg(out)
        .arg(format!("-L{}", lib.display()))
        .arg("-lamdhip64")
        .arg(format!("-Wl,-rpath,{}", lib.display()));
    run(&mut cmd);
}

/// Builds `tests/c/<name>.hip` as hipcc does, in two passes: the device pass through comgr into an
/// offload bundle, the host pass by clang with the bundle embedded (`host_flags` added), linked
/// against libamdhip64. Returns the executable.
pub fn hip_program(name: &str, host_flags: &[&str]) -> PathBuf {
    use kernel_abi::bundle;
    let dir = scratch(&format!("{name}-hip"));
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c")
        .join(format!("{name}.hip"));
    let (co, _log) = comgr::compile_hip_file(&src, &comgr::CompileOptions::default())
        .unwrap_or_else(|e| panic!("device compile of {}: {e}", src.display()));
    let b = bundle::write(&[
        (bundle::HOST_ENTRY_ID, b""),
        (bundle::CPU_ENTRY_ID, &co.to_bytes()),
    ]);
    let bin = dir.join("bundle.bin");
    std::fs::write(&bin, b).expect("write bundle");
    let obj = dir.join(format!("{name}.o"));
    run(Command::new("clang-19")
        .args([
            "-x",
            "hip",
            "--cuda-host-only",
            "-nogpuinc",
            "-nogpulib",
            "-c",
        ])
        .args(host_flags)
        .arg(format!("-I{}", include_dir().display()))
        .args(["-Xclang", "-fcuda-include-gpubinary", "-Xclang"])
        .arg(&bin)
        .arg(&src)
        .arg("-o")
        .arg(&obj));
    let exe = dir.join(name);
    link("clang++-19", &[&obj], &exe, &[]);
    exe
}
