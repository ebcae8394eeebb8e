//! `libamdhip64.so`: the HIP runtime's C ABI over the `hip` crate, and the registration ABI
//! clang's host code calls (`__hipRegisterFatBinary`, `__hipRegisterFunction`,
//! `__hipPushCallConfiguration`, `hipLaunchKernel`, ...).
//!
//! Every entry point is a thin, generated edge: [`entry`] runs the body inside
//! `catch_unwind` (a panic becomes `hipErrorUnknown`, never an unwind into C), and turns an
//! `Err` into its `hipError_t` after recording it as the thread's last error. Handles
//! (streams, events, modules, functions, fat binaries) are validated through
//! [`handles`]: a stale or foreign pointer is an error code, not a crash.
//!
//! The declarations C and C++ programs compile against are `include/hip/hip_runtime_api.h`.

#![allow(non_snake_case, non_camel_case_types)] // C ABI names are HIP's names.

pub mod abi;
pub mod context;
pub mod device;
mod env;
pub mod external;
pub mod graph;
pub mod handles;
pub mod ipc;
pub mod memory;
pub mod mempool;
pub mod module;
pub mod register;
pub mod stream;
pub mod texture;
pub mod vmm;

pub use device::*;
pub use memory::*;
pub use module::*;
pub use register::*;
pub use stream::*;

/// hipRTC's C ABI (`hiprtc*`), exported from this library as ROCm's libamdhip64 exports it, so a
/// program calling hipRTC links with hipcc alone. The module is `libhiprtc.so`'s own source
/// (crates/hiprtc-capi/src), compiled in here as well: depending on that crate instead would give this
/// library `libhiprtc.so`'s soname, as cargo passes a dependency's cdylib link arguments on. Each
/// library keeps its own program and link-state registries; when a program loads both, the dynamic
/// linker binds all of its `hiprtc*` calls to the one found first, so a handle never crosses over.
#[path = "../../hiprtc-capi/src/lib.rs"]
pub mod rtc;

use hip::HipError;

/// `hipError_t` as the C ABI passes it (a C enum: `int`).
pub type hipError_t = i32;

/// The result of an entry point's body.
pub(crate) type ApiResult<T = ()> = Result<T, HipError>;

/// Records `e` with `detail` as this thread's last error and returns it, for `Err(..)`.
pub(crate) fn err(e: HipError, detail: impl Into<String>) -> HipError {
    hip::record_error(e, Some(detail.into()));
    e
}

/// Runs an entry point's body: no panic crosses the C ABI (it becomes `hipErrorUnknown`),
/// and a failure is recorded as the thread's last error (the `hip` crate records its own
/// with details; recording the code again here covers every other path). With
/// `AMD_LOG_LEVEL` set, failures (1) or all results (3) are logged with the entry point's
/// place in the source.
#[track_caller]
pub(crate) fn entry(f: impl FnOnce() -> ApiResult) -> hipError_t {
    let log = env::log_level();
    let at = std::panic::Location::caller();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(())) => {
            if log >= 3 {
                tracing::info!(target: "hip_api", "{}:{}: hipSuccess", at.file(), at.line());
            }
            HipError::Success.code()
        }
        Ok(Err(e)) => {
            hip::record_error(e, None);
            if log >= 1 {
                tracing::error!(
                    target: "hip_api",
                    "{}:{}: {} ({}): {}",
                    at.file(),
                    at.line(),
                    e.name(),
                    e.code(),
                    hip::last_error_detail().unwrap_or_default()
                );
            }
            e.code()
        }
        Err(_) => {
            hip::record_error(
                HipError::Unknown,
                Some("internal error: a panic inside the HIP runtime".into()),
            );
            HipError::Unknown.code()
        }
    }
}

/// Writes `v` through an out-parameter, `hipErrorInvalidValue` when it is null.
///
/// # Safety
/// `out` is null or valid for a write of `T`.
pub(crate) unsafe fn put<T>(out: *mut T, v: T, what: &str) -> ApiResult {
    if out.is_null() {
        return Err(err(
            HipError::InvalidValue,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: non-null, and the caller vouches it is writable.
    unsafe { out.write(v) };
    Ok(())
}

/// A C string argument as UTF-8; null or not UTF-8 is `hipErrorInvalidValue`.
///
/// # Safety
/// `s` is null or a NUL-terminated string.
pub(crate) unsafe fn c_str<'a>(s: *const std::ffi::c_char, what: &str) -> ApiResult<&'a str> {
    if s.is_null() {
        return Err(err(
            HipError::InvalidValue,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: non-null and NUL-terminated per the caller.
    let c = unsafe { std::ffi::CStr::from_ptr(s) };
    c.to_str()
        .map_err(|_| err(HipError::InvalidValue, format!("{what} is not UTF-8")))
}

/// The `hipMemcpyKind` for a C value; others are `hipErrorInvalidMemcpyDirection`.
pub(crate) fn memcpy_kind(kind: i32) -> ApiResult<hip::MemcpyKind> {
    use hip::MemcpyKind::*;
    Ok(match kind {
        0 => HostToHost,
        1 => HostToDevice,
        2 => DeviceToHost,
        // hipMemcpyDeviceToDeviceNoCU: a device copy without compute units, the same here.
        3 | 1024 => DeviceToDevice,
        4 => Default,
        k => {
            return Err(err(
                HipError::InvalidMemcpyDirection,
                format!("{k} is not a hipMemcpyKind"),
            ))
        }
    })
}

/// Device ordinals other than the CPU device's 0 are `hipErrorInvalidDevice`.
pub(crate) fn check_device(dev: i32) -> ApiResult {
    let n = hip::device_count()?;
    if dev < 0 || dev >= n {
        return Err(err(
            HipError::InvalidDevice,
            format!("device {dev} does not exist ({n} device(s))"),
        ));
    }
    Ok(())
}
