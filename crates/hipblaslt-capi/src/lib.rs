//! ferrocm's libhipblaslt.so: the matmul C ABI of ROCm's hipBLASLt (its names, enum values,
//! structures and soname) over the rocblas crate's `gemm_ex`.
//!
//! A program describes a product `D = alpha op(A) op(B) + beta C` with descriptors (a handle,
//! matrix layouts, a matmul descriptor, a preference), asks for an algorithm
//! (`hipblasLtMatmulAlgoGetHeuristic`, which always offers the one CPU algorithm) and runs
//! `hipblasLtMatmul` on a stream: one `gemm_ex` kernel, then an epilogue kernel (bias, ReLU,
//! GELU) over D when the descriptor asks for one. Every descriptor is checked on every use; a
//! panic never crosses the ABI.
//!
//! `HIPBLASLT_LOG_LEVEL` set to 1 or more logs failed calls to stderr with the reason; 2 or more
//! logs every call.

#![allow(clippy::missing_safety_doc)] // entry points take C's contract, documented once here

mod attr;
mod descriptors;
mod epilogue;
mod matmul;
mod object;

use rocblas::{Error, Status};
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub use matmul::{hipblasLtMatmulAlgo_t, hipblasLtMatmulHeuristicResult_t};

#[allow(non_camel_case_types)] // C's name
pub type hipblasStatus_t = i32;

/// `hipblasStatus_t`'s values (shared with hipBLAS).
pub mod status {
    pub const SUCCESS: i32 = 0;
    pub const NOT_INITIALIZED: i32 = 1;
    pub const ALLOC_FAILED: i32 = 2;
    pub const INVALID_VALUE: i32 = 3;
    pub const MAPPING_ERROR: i32 = 4;
    pub const EXECUTION_FAILED: i32 = 5;
    pub const INTERNAL_ERROR: i32 = 6;
    pub const NOT_SUPPORTED: i32 = 7;
    pub const ARCH_MISMATCH: i32 = 8;
    pub const HANDLE_IS_NULLPTR: i32 = 9;
    pub const INVALID_ENUM: i32 = 10;
    pub const UNKNOWN: i32 = 11;

    /// The C name of a status.
    pub fn name(code: i32) -> &'static str {
        match code {
            SUCCESS => "HIPBLAS_STATUS_SUCCESS",
            NOT_INITIALIZED => "HIPBLAS_STATUS_NOT_INITIALIZED",
            ALLOC_FAILED => "HIPBLAS_STATUS_ALLOC_FAILED",
            INVALID_VALUE => "HIPBLAS_STATUS_INVALID_VALUE",
            MAPPING_ERROR => "HIPBLAS_STATUS_MAPPING_ERROR",
            EXECUTION_FAILED => "HIPBLAS_STATUS_EXECUTION_FAILED",
            INTERNAL_ERROR => "HIPBLAS_STATUS_INTERNAL_ERROR",
            NOT_SUPPORTED => "HIPBLAS_STATUS_NOT_SUPPORTED",
            ARCH_MISMATCH => "HIPBLAS_STATUS_ARCH_MISMATCH",
            HANDLE_IS_NULLPTR => "HIPBLAS_STATUS_HANDLE_IS_NULLPTR",
            INVALID_ENUM => "HIPBLAS_STATUS_INVALID_ENUM",
            UNKNOWN => "HIPBLAS_STATUS_UNKNOWN",
            _ => "<undefined hipblasStatus_t>",
        }
    }
}

/// A failed hipBLASLt call: its status and why.
#[derive(Debug)]
pub struct LtError {
    pub status: hipblasStatus_t,
    pub message: String,
}

impl From<Error> for LtError {
    /// hipBLASLt's reading of the rocblas crate's statuses; a type combination gemm_ex does not
    /// have is `HIPBLAS_STATUS_NOT_SUPPORTED`.
    fn from(e: Error) -> Self {
        let status = match e.status {
            Status::Success | Status::Continue => status::SUCCESS,
            Status::InvalidHandle => status::NOT_INITIALIZED,
            Status::NotImplemented | Status::ExcludedFromBuild => status::NOT_SUPPORTED,
            Status::InvalidPointer | Status::InvalidSize | Status::InvalidValue => {
                status::INVALID_VALUE
            }
            Status::MemoryError => status::ALLOC_FAILED,
            Status::InternalError => status::INTERNAL_ERROR,
            Status::ArchMismatch => status::ARCH_MISMATCH,
            _ => status::UNKNOWN,
        };
        LtError {
            status,
            message: e.message,
        }
    }
}

pub type Result<T> = std::result::Result<T, LtError>;

pub(crate) fn fail<T>(status: hipblasStatus_t, message: impl Into<String>) -> Result<T> {
    Err(LtError {
        status,
        message: message.into(),
    })
}

/// Runs an entry point's body: its status, `HIPBLAS_STATUS_INTERNAL_ERROR` for a panic.
pub(crate) fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> hipblasStatus_t {
    let e = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => {
            if log_level() >= 2 {
                eprintln!("hipblaslt: {name}: HIPBLAS_STATUS_SUCCESS");
            }
            return status::SUCCESS;
        }
        Ok(Err(e)) => e,
        Err(_) => LtError {
            status: status::INTERNAL_ERROR,
            message: "internal error (a panic in the library)".into(),
        },
    };
    note(name, e.status, &e.message);
    e.status
}

/// Logs a failure (or, as the heuristic query does, a refusal reported in a result) at
/// `HIPBLASLT_LOG_LEVEL` 1 and above.
pub(crate) fn note(name: &str, code: hipblasStatus_t, why: &str) {
    if log_level() >= 1 {
        eprintln!("hipblaslt: {name}: {} {why}", status::name(code));
    }
}

/// `HIPBLASLT_LOG_LEVEL`, read once: 0 (off), 1 (errors), 2 and up (every call).
fn log_level() -> u32 {
    use std::sync::OnceLock;
    static LEVEL: OnceLock<u32> = OnceLock::new();
    *LEVEL.get_or_init(|| {
        std::env::var("HIPBLASLT_LOG_LEVEL")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    })
}

/// Writes through an out-pointer; null is `HIPBLAS_STATUS_INVALID_VALUE`.
///
/// # Safety
/// `out` is null or writable.
pub(crate) unsafe fn put<T>(out: *mut T, v: T, what: &str) -> Result<()> {
    if out.is_null() {
        return fail(status::INVALID_VALUE, format!("{what} is a null pointer"));
    }
    // SAFETY: non-null and writable per the contract.
    unsafe { out.write_unaligned(v) };
    Ok(())
}

/// What a `hipblasLtHandle_t` points to: nothing the CPU needs; the stream comes with each call.
pub(crate) struct LtHandle;

object::object!(LtHandle, "hipblasLtHandle_t");

/// hipBLASLt 0.8.0 (ROCm 6.2) as `hipblasLtGetVersion` gives it: major * 100000 + minor * 100 +
/// patch.
const VERSION: i32 = 800;

#[no_mangle]
pub unsafe extern "C" fn hipblasLtCreate(handle: *mut *mut c_void) -> hipblasStatus_t {
    entry("hipblasLtCreate", || {
        if handle.is_null() {
            return fail(status::INVALID_VALUE, "the handle out-pointer is null");
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { put(handle, object::create(LtHandle), "handle") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtDestroy(handle: *mut c_void) -> hipblasStatus_t {
    entry("hipblasLtDestroy", || object::destroy::<LtHandle>(handle))
}

#[no_mangle]
pub unsafe extern "C" fn hipblasLtGetVersion(
    handle: *mut c_void,
    version: *mut i32,
) -> hipblasStatus_t {
    entry("hipblasLtGetVersion", || {
        object::get::<LtHandle>(handle)?;
        // SAFETY: `version` is null or writable.
        unsafe { put(version, VERSION, "version") }
    })
}

/// `hipblasLtGetGitRevision`: the build's revision text (ours: "ferrocm"), written with its NUL
/// into `rev`, which the caller sizes (hipBLASLt's is a short hash).
#[no_mangle]
pub unsafe extern "C" fn hipblasLtGetGitRevision(
    handle: *mut c_void,
    rev: *mut c_char,
) -> hipblasStatus_t {
    entry("hipblasLtGetGitRevision", || {
        object::get::<LtHandle>(handle)?;
        if rev.is_null() {
            return fail(status::INVALID_VALUE, "rev is a null pointer");
        }
        let text = c"ferrocm".to_bytes_with_nul();
        // SAFETY: `rev` is writable for the revision text per the caller.
        unsafe { std::ptr::copy_nonoverlapping(text.as_ptr().cast(), rev, text.len()) };
        Ok(())
    })
}

/// The one `hipDataType` table of the library: the rocblas element type of a `hipDataType`
/// number (those gemm_ex may take), or None.
pub(crate) fn datatype(v: i64) -> Option<rocblas::Datatype> {
    use rocblas::Datatype as D;
    Some(match v {
        0 => D::F32R,
        1 => D::F64R,
        2 => D::F16R,
        3 => D::I8R,
        4 => D::F32C,
        5 => D::F64C,
        6 => D::F16C,
        7 => D::I8C,
        8 => D::U8R,
        9 => D::U8C,
        10 => D::I32R,
        11 => D::I32C,
        12 => D::U32R,
        13 => D::U32C,
        14 => D::Bf16R,
        15 => D::Bf16C,
        _ => return None,
    })
}

/// Whether `v` is a `hipDataType` of HIP 6 (`include/hip/library_types.h`).
pub(crate) fn is_hip_datatype(v: i64) -> bool {
    matches!(v, 0..=29 | 1000 | 1001)
}

/// `HIPBLASLT_DATATYPE_INVALID`: "not set" (the bias type then is D's).
pub(crate) const DATATYPE_UNSET: i64 = 255;
