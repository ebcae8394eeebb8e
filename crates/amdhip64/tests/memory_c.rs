//! The memory API from C: `tests/c/memory.c`, compiled by gcc against
//! `<hip/hip_runtime_api.h>` only (pedantic C11), linked with libamdhip64 and run.

mod common;

use std::process::Command;

#[test]
fn c_program_uses_the_memory_api() {
    let dir = common::scratch("memory-c");
    let src = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/memory.c");
    let exe = dir.join("memory");
    common::link(
        "gcc",
        &[&src],
        &exe,
        &["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"],
    );
    let out = common::run(&mut Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}
