//! The registration path end to end: a .hip file's device side compiled by `comgr`, put in an
//! offload bundle, embedded in the host side compiled by clang-19
//! (`-fcuda-include-gpubinary`), linked against libamdhip64, run: `<<<>>>` and
//! `hipLaunchKernelGGL` launches, device variables by symbol, function attributes.

mod common;

use kernel_abi::bundle;
use std::path::{Path, PathBuf};
use std::process::Command;

fn source() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/register.hip")
}

/// Host-compiles `register.hip` with `bundle_bytes` embedded and links it.
fn build(dir: &Path, bundle_bytes: &[u8]) -> PathBuf {
    let bin = dir.join("bundle.bin");
    std::fs::write(&bin, bundle_bytes).expect("write bundle");
    let obj = dir.join("register.o");
    common::run(
        Command::new("clang-19")
            .args([
                "-x",
                "hip",
                "--cuda-host-only",
                "-nogpuinc",
                "-nogpulib",
                "-c",
            ])
            .arg(format!("-I{}", common::include_dir().display()))
            .args(["-Xclang", "-fcuda-include-gpubinary", "-Xclang"])
            .arg(&bin)
            .arg(source())
            .arg("-o")
            .arg(&obj),
    );
    let exe = dir.join("register");
    common::link("clang++-19", &[&obj], &exe, &[]);
    exe
}

#[test]
fn clang_host_code_registers_and_launches() {
    let dir = common::scratch("register");
    let (co, _log) = comgr::compile_hip_file(&source(), &comgr::CompileOptions::default())
        .expect("device compile of register.hip");
    let b = bundle::write(&[
        (bundle::HOST_ENTRY_ID, b""),
        (bundle::CPU_ENTRY_ID, &co.to_bytes()),
    ]);
    let exe = build(&dir, &b);
    let out = common::run(&mut Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}

#[test]
fn bundle_without_cpu_code_fails_launches_with_no_binary_for_gpu() {
    let dir = common::scratch("register-nogpu");
    let b = bundle::write(&[
        (bundle::HOST_ENTRY_ID, b""),
        ("hipv4-amdgcn-amd-amdhsa--gfx90a", b"not ours"),
    ]);
    let exe = build(&dir, &b);
    let out = Command::new(&exe).output().expect("run");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("hipErrorNoBinaryForGpu"),
        "stderr:\n{stderr}"
    );
}
