//! The disk cache: a second compile of the same input is served from disk (no clang run), and a change
//! to an included file is noticed.
use comgr::{compile_hip, CompileOptions};
use std::path::PathBuf;

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("comgr-cache-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A clang that logs its arguments to `$CLANG_LOG`, then runs the real one.
fn logging_clang(dir: &std::path::Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let real = comgr::clang_path();
    let p = dir.join("clang-logged");
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\necho \"$@\" >> \"$CLANG_LOG\"\nexec {} \"$@\"\n",
            real.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn run_child(
    cache: &std::path::Path,
    inc: &std::path::Path,
    clang: &std::path::Path,
    log: &std::path::Path,
) -> String {
    let _ = std::fs::remove_file(log);
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args(["--exact", "child_compiles_once", "--ignored", "--nocapture"])
        .env("FERROCM_CACHE_DIR", cache)
        .env_remove("FERROCM_DISABLE_CACHE")
        .env("COMGR_TEST_INC", inc)
        .env("FERROCM_CLANG", clang)
        .env("CLANG_LOG", log)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && text.contains("CHILD-OK"),
        "child failed: {text}"
    );
    std::fs::read_to_string(log).unwrap_or_default()
}

#[test]
fn a_second_process_is_served_from_disk_and_included_files_are_tracked() {
    let cache = temp_dir("cache");
    let inc = temp_dir("inc");
    let clang = logging_clang(&inc);
    let log = inc.join("clang.log");
    std::fs::write(inc.join("val.h"), "#define VAL 3\n").unwrap();

    let first = run_child(&cache, &inc, &clang, &log);
    assert!(
        first.contains("-emit-llvm"),
        "first process compiles: {first}"
    );
    let entries = std::fs::read_dir(cache.join("kernels")).unwrap().count();
    assert_eq!(entries, 2, "one code object and its dependency list");

    let second = run_child(&cache, &inc, &clang, &log);
    assert!(
        !second.contains("-emit-llvm"),
        "second process must not recompile: {second}"
    );

    std::fs::write(inc.join("val.h"), "#define VAL 4\n").unwrap();
    let third = run_child(&cache, &inc, &clang, &log);
    assert!(
        third.contains("-emit-llvm"),
        "a changed header must recompile: {third}"
    );
    let _ = std::fs::remove_dir_all(&cache);
    let _ = std::fs::remove_dir_all(&inc);
}

#[test]
#[ignore = "run as a child process by a_second_process_is_served_from_disk_and_included_files_are_tracked"]
fn child_compiles_once() {
    let inc = std::env::var("COMGR_TEST_INC").unwrap();
    let src = r#"#include "val.h"
        extern "C" __global__ void k(int *p) { p[threadIdx.x] = VAL; }"#;
    let opts = CompileOptions {
        args: vec![format!("-I{inc}")],
        headers: vec![],
    };
    match compile_hip(src, "k.hip", &opts) {
        Ok(co) => {
            assert_eq!(co.meta.kernels[0].name, "k");
            println!("CHILD-OK");
        }
        Err(e) => panic!("{e}"),
    }
}
