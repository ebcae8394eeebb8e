//! A C program compiled by gcc against `<hip/hip_runtime_api.h>` only, linked with
//! libamdhip64, exercising devices, memory, streams, events and the module API on a code
//! object `comgr` compiles here.

mod common;

use std::process::Command;

const KERNELS: &str = r#"
__device__ int counter;
extern "C" __global__ void scale(float *y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= a;
}
"#;

#[test]
fn c_program_uses_the_runtime_api() {
    let dir = common::scratch("c-api");
    let co = comgr::compile_hip(KERNELS, "kernels.hip", &comgr::CompileOptions::default())
        .expect("compile the test kernels");
    let image = dir.join("kernels.co");
    std::fs::write(&image, co.to_bytes()).expect("write code object");
    let src = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/c/api.c");
    let exe = dir.join("api");
    common::link(
        "gcc",
        &[&src],
        &exe,
        &["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"],
    );
    let out = common::run(Command::new(&exe).arg(&image));
    assert_eq!(out.trim(), "OK");
}
