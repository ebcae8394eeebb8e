//! The built shared library as C programs see it: its exported symbols, and a C client compiled
//! with gcc against include/hip/hiprtc.h and linked with the library.

use std::path::{Path, PathBuf};
use std::process::Command;

/// All hipRTC entry points of ROCm HIP 6's hiprtc.h.
const API: [&str; 18] = [
    "hiprtcGetErrorString",
    "hiprtcVersion",
    "hiprtcCreateProgram",
    "hiprtcDestroyProgram",
    "hiprtcCompileProgram",
    "hiprtcGetProgramLogSize",
    "hiprtcGetProgramLog",
    "hiprtcGetCodeSize",
    "hiprtcGetCode",
    "hiprtcAddNameExpression",
    "hiprtcGetLoweredName",
    "hiprtcGetBitcode",
    "hiprtcGetBitcodeSize",
    "hiprtcLinkCreate",
    "hiprtcLinkAddFile",
    "hiprtcLinkAddData",
    "hiprtcLinkComplete",
    "hiprtcLinkDestroy",
];

/// The folder holding libhiprtc_capi.so: the profile folder above this test's `deps/`.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf();
    assert!(
        dir.join("libhiprtc_capi.so").exists(),
        "libhiprtc_capi.so not built in {}",
        dir.display()
    );
    dir
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn exports_all_18_functions_and_the_rocm_soname() {
    let lib = lib_dir().join("libhiprtc_capi.so");
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .expect("nm runs");
    assert!(out.status.success());
    let syms = String::from_utf8_lossy(&out.stdout);
    let exported: Vec<&str> = syms
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (_, kind, name) = (f.next()?, f.next()?, f.next()?);
            (kind == "T").then_some(name)
        })
        .filter(|n| n.starts_with("hiprtc"))
        .collect();
    for f in API {
        assert!(exported.contains(&f), "{f} not exported: {exported:?}");
    }
    assert_eq!(exported.len(), API.len(), "{exported:?}");
    let out = Command::new("readelf")
        .arg("-d")
        .arg(&lib)
        .output()
        .expect("readelf runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("[libhiprtc.so.6]"));
}

#[test]
fn header_declares_every_function() {
    let header = std::fs::read_to_string(repo_root().join("include/hip/hiprtc.h"))
        .expect("include/hip/hiprtc.h");
    for f in API {
        assert!(header.contains(&format!(" {f}(")), "{f} not declared");
    }
}

#[test]
fn c_client_compiles_links_and_runs() {
    let dir = lib_dir();
    let work = std::env::temp_dir().join(format!("hiprtc-capi-test-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("scratch folder");
    let exe = work.join("rtc_compile");
    // The library's soname is ROCm's, libhiprtc.so.6: the client looks for that name, as it finds
    // it in an installed prefix (lib/libhiprtc.so.6).
    let soname_link = work.join("libhiprtc.so.6");
    let _ = std::fs::remove_file(&soname_link);
    std::os::unix::fs::symlink(dir.join("libhiprtc_capi.so"), &soname_link)
        .expect("libhiprtc.so.6 link");
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/rtc_compile.c");
    let out = Command::new("gcc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg(format!("-I{}", repo_root().join("include").display()))
        .arg(&src)
        .arg(format!("-L{}", dir.display()))
        .arg("-l:libhiprtc_capi.so")
        .arg(format!("-Wl,-rpath,{}", work.display()))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("gcc runs");
    assert!(
        out.status.success(),
        "gcc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("the C client runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        run.status.success() && stdout.contains("OK"),
        "C client failed ({}):\n{stdout}\n{stderr}",
        run.status
    );
}
