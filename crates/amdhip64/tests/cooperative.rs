//! Cooperative launches through the C ABI: a C program (gcc, `<hip/hip_runtime_api.h>`
//! only) on a code object `comgr` compiles here, and a HIP program whose host side clang-19
//! compiles with the offload bundle embedded, launching registered kernels.

mod common;

use std::path::PathBuf;
use std::process::Command;

const KERNELS: &str = r#"
__device__ static inline void grid_barrier() {
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) __ferrocm_grid_sync();
    __syncthreads();
}

extern "C" __global__ void ring(const unsigned* seed, unsigned* slots, unsigned* out, int rounds) {
    unsigned nb = gridDim.x, bs = blockDim.x;
    unsigned b = blockIdx.x, t = threadIdx.x;
    unsigned acc = seed[b * bs + t];
    for (int r = 0; r < rounds; ++r) {
        slots[b * bs + t] = acc * 2654435761u + (unsigned)r;
        grid_barrier();
        unsigned src = (b + (unsigned)r + 1u) % nb;
        acc = (acc ^ slots[src * bs + (t + (unsigned)r) % bs]) + 0x9e3779b9u;
        grid_barrier();
    }
    out[b * bs + t] = acc;
}
"#;

fn c_source(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c")
        .join(name)
}

#[test]
fn c_program_launches_cooperative_kernels() {
    let dir = common::scratch("cooperative-c");
    let co = comgr::compile_hip(KERNELS, "ring.hip", &comgr::CompileOptions::default())
        .expect("compile the test kernel");
    let image = dir.join("ring.co");
    std::fs::write(&image, co.to_bytes()).expect("write code object");
    let exe = dir.join("cooperative");
    common::link(
        "gcc",
        &[&c_source("cooperative.c")],
        &exe,
        &["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"],
    );
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs());
    let out = common::run(Command::new(&exe).arg(&image).arg(seed.to_string()));
    assert_eq!(out.trim(), "OK", "seed {seed}");
}

#[test]
fn registered_kernel_launches_cooperatively() {
    let exe = common::hip_program("cooperative", &[]);
    let out = common::run(&mut std::process::Command::new(&exe));
    assert_eq!(out.trim(), "OK");
}
