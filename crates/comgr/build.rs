//! Builds the small LLVM C++ shim and embeds ferrocm's device headers (the repository's `include/`).
use std::path::{Path, PathBuf};
use std::process::Command;

fn llvm_config(arg: &str) -> String {
    let exe = std::env::var("LLVM_CONFIG").unwrap_or_else(|_| "llvm-config-19".into());
    let out = Command::new(&exe).arg(arg).output().unwrap_or_else(|e| {
        panic!("cannot run {exe} ({e}): install llvm-19-dev (scripts/setup.sh does)")
    });
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn collect(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, base, out);
        } else if let Ok(rel) = p.strip_prefix(base) {
            out.push((rel.to_string_lossy().replace('\\', "/"), p.clone()));
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=shim/shim.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    let mut build = cc::Build::new();
    build.cpp(true).file("shim/shim.cpp").warnings(false);
    for flag in llvm_config("--cxxflags").split_whitespace() {
        build.flag(flag);
    }
    build.compile("ferrocm_llvm_shim");

    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let include = manifest.join("../../include");
    println!("cargo:rerun-if-changed={}", include.display());
    let mut files = Vec::new();
    collect(&include, &include, &mut files);
    let mut src = String::from("pub static DEVICE_HEADERS: &[(&str, &[u8])] = &[\n");
    for (rel, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        src.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            path.display().to_string()
        ));
    }
    src.push_str("];\n");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets this"));
    std::fs::write(out_dir.join("headers.rs"), src).expect("write headers.rs");

    compile_device_library(
        &manifest.join("device/amdgcn.hip"),
        &out_dir.join("amdgcn.bc"),
    );
}

/// Compiles the CPU meaning of the AMD intrinsics (device/amdgcn.hip) to device bitcode, for AMD's generic
/// target like every device compile.
fn compile_device_library(src: &Path, out: &Path) {
    println!("cargo:rerun-if-changed={}", src.display());
    println!("cargo:rerun-if-env-changed=FERROCM_CLANG");
    let clang = std::env::var("FERROCM_CLANG").unwrap_or_else(|_| "clang-19".into());
    let status = Command::new(&clang)
        .args([
            "-x",
            "hip",
            "--offload-arch=amdgcnspirv",
            "--cuda-device-only",
        ])
        .args([
            "-nogpuinc",
            "-nogpulib",
            "-emit-llvm",
            "-c",
            "-O2",
            "-fno-exceptions",
        ])
        // No copy of the command line (with this machine's paths) inside the bitcode.
        .args(["-Xclang", "-fembed-bitcode=off"])
        .arg("-o")
        .arg(out)
        .arg(src)
        .status()
        .unwrap_or_else(|e| {
            panic!("cannot run {clang} ({e}): install clang-19 (scripts/setup.sh does)")
        });
    assert!(status.success(), "{clang} failed on {}", src.display());
}
