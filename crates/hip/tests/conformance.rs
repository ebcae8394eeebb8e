//! Kernel conformance suite: HIP kernels from tests/kernels/*.hip, compiled for the CPU
//! device, each run at several launch shapes and checked against results computed here on the
//! host from seeded random inputs (the seed is in every failure message).
//!
//! One test binary: the kernel families live in tests/conformance/*.rs, the kernels in
//! tests/kernels/*.hip (each file compiled once per run).

#[path = "conformance/common.rs"]
mod common;

/// Flags every kernel file is compiled with, after `-O3`.
const COMPILE_FLAGS: &[&str] = &[];

#[path = "conformance/amdgcn.rs"]
mod amdgcn;
#[path = "conformance/atomics.rs"]
mod atomics;
#[path = "conformance/cgroups.rs"]
mod cgroups;
#[path = "conformance/control.rs"]
mod control;
#[path = "conformance/elementwise.rs"]
mod elementwise;
#[path = "conformance/errors.rs"]
mod errors;
#[path = "conformance/half.rs"]
mod half;
#[path = "conformance/indexing.rs"]
mod indexing;
#[path = "conformance/intops.rs"]
mod intops;
#[path = "conformance/intrinsics.rs"]
mod intrinsics;
#[path = "conformance/math.rs"]
mod math;
#[path = "conformance/matmul.rs"]
mod matmul;
#[path = "conformance/reduction.rs"]
mod reduction;
#[path = "conformance/vectors.rs"]
mod vectors;
#[path = "conformance/warp.rs"]
mod warp;
