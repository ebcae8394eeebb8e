//! ferrocm's ROCm-style command-line tools.
//!
//! - `hipcc` ([`driver`]): a drop-in HIP compiler driver. Device code goes through comgr (once per offload
//!   target), is put in a clang offload bundle, and clang-19 compiles the host side with that bundle embedded
//!   so the object registers its kernels with `libamdhip64.so` at start-up; links against the prefix's
//!   `lib/libamdhip64.so` with an rpath, so programs run with no environment set.
//! - `hipconfig` ([`config`]): the install's version, paths and the flags hipcc adds.
//! - `rocminfo` ([`rocminfo`]): ROCm's agent report for ferrocm's agents.
//! - `rocm_agent_enumerator` ([`agent_enumerator`]): each device's ISA name, one a line.
//! - `lib/llvm/bin/clang++` ([`clang_driver`]): a clang driver as ROCm ships one (CMake's HIP compiler).
//!
//! All of them find their install prefix from their own location (`<prefix>/bin/hipcc` → `<prefix>`), unless
//! `HIP_PATH` or `ROCM_PATH` names one ([`prefix`]).

pub mod agent_enumerator;
pub mod clang_driver;
pub mod config;
pub mod driver;
pub mod ir;
pub mod listing;
pub mod prefix;
pub mod rdc;
pub mod rocminfo;

/// HIP version this stack is source-compatible with (major, minor, patch).
pub const HIP_VERSION: (u32, u32, u32) = (6, 2, 0);

/// The HIP version string in ROCm's `major.minor.patch-githash` shape.
pub fn hip_version_string() -> String {
    let (major, minor, patch) = HIP_VERSION;
    format!("{major}.{minor}.{patch}-ferrocm")
}
