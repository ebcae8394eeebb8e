//! The conformance families whose kernels have barriers, warp exchanges, shared-memory atomics
//! and failing launches (assert, divergent barriers), again with every work-group function split
//! into one function per region (comgr's `lower/outline.rs`), and every module split into
//! partitions optimized and compiled on three threads (`split.rs`), and the work-item forms of
//! warp-vectorized kernels built lean (`lower::LEAN_MIN_INSTRUCTIONS`). Only large kernels and
//! modules get these forms in normal builds, and the suite's are small, so without this they would
//! run only in rocPRIM-sized programs.

#[path = "conformance/common.rs"]
#[allow(dead_code)] // Reason: the helpers of the families this binary leaves out.
mod common;

/// Split every work-group function and every module, and build lean work-item forms, whatever
/// their size.
const COMPILE_FLAGS: &[&str] = &[
    "-D__FERROCM_OUTLINE_MIN_INSTRUCTIONS=0",
    "-D__FERROCM_LEAN_MIN_INSTRUCTIONS=0",
    "-D__FERROCM_SPLIT_MIN_INSTRUCTIONS=1",
    "-D__FERROCM_COMPILE_THREADS=3",
];

#[path = "conformance/amdgcn.rs"]
mod amdgcn;
#[path = "conformance/atomics.rs"]
mod atomics;
#[path = "conformance/cgroups.rs"]
mod cgroups;
#[path = "conformance/control.rs"]
mod control;
#[path = "conformance/errors.rs"]
mod errors;
#[path = "conformance/matmul.rs"]
mod matmul;
#[path = "conformance/reduction.rs"]
mod reduction;
#[path = "conformance/warp.rs"]
mod warp;
