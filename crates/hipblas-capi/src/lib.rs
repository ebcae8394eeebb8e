//! ferrocm's libhipblas.so: hipBLAS's C ABI (ROCm's names, enum values and soname) over the
//! rocblas crate, as ROCm's hipBLAS is over rocBLAS. Each entry point converts hipBLAS's
//! enums, calls the crate, and maps rocBLAS's status to hipBLAS's; a panic never crosses the
//! ABI.
//!
//! `HIPBLAS_LAYER` set to an odd number logs each call and its status to stderr, with the
//! reason for a failure.

#![allow(non_camel_case_types)] // C type names
#![allow(clippy::missing_safety_doc)] // entry points take C's contract, documented once here

mod ex;
mod level1;
mod level1_more;
mod level2;
mod level2_more;
mod level3;
mod level3_more;
mod solver;

// The `_v2` names (build.rs).
include!(concat!(env!("OUT_DIR"), "/v2.rs"));

use amdhip64_sys::HipStream;
use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::{AtomicsMode, Diagonal, Error, Fill, Operation, PointerMode, Side, Status};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

pub type hipblasStatus_t = i32;
pub type hipblasHandle_t = RocblasHandle;

/// `hipblasStatus_t`'s values.
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
}

/// A failed hipBLAS call: hipBLAS's status and why.
pub struct HipblasError {
    pub status: hipblasStatus_t,
    pub message: String,
}

impl From<Error> for HipblasError {
    /// hipBLAS's reading of rocBLAS's statuses.
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
        HipblasError {
            status,
            message: e.to_string(),
        }
    }
}

pub type Result<T> = std::result::Result<T, HipblasError>;

pub(crate) fn fail<T>(status: hipblasStatus_t, message: impl Into<String>) -> Result<T> {
    Err(HipblasError {
        status,
        message: message.into(),
    })
}

/// Runs an entry point's body: its status, `HIPBLAS_STATUS_INTERNAL_ERROR` for a panic.
pub(crate) fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> hipblasStatus_t {
    let e = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => {
            trace(name, status::SUCCESS, "");
            return status::SUCCESS;
        }
        Ok(Err(e)) => e,
        Err(_) => HipblasError {
            status: status::INTERNAL_ERROR,
            message: "internal error (a panic in the library)".into(),
        },
    };
    trace(name, e.status, &e.message);
    e.status
}

/// The `HIPBLAS_LAYER` log: bit 0 traces calls.
fn trace(name: &str, code: hipblasStatus_t, why: &str) {
    use std::sync::OnceLock;
    static LAYER: OnceLock<u32> = OnceLock::new();
    let layer = *LAYER.get_or_init(|| {
        std::env::var("HIPBLAS_LAYER")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    });
    if layer & 1 != 0 {
        // SAFETY: hipblasStatusToString returns a static C string.
        let text = unsafe { std::ffi::CStr::from_ptr(hipblasStatusToString(code)) };
        eprintln!("hipblas: {name}: {} {why}", text.to_string_lossy());
    }
}

/// The handle behind `h`.
///
/// # Safety
/// The caller does not destroy `h` during the call.
pub(crate) unsafe fn handle_obj<'a>(h: hipblasHandle_t) -> Result<&'a HandleObj> {
    // SAFETY: forwarded.
    Ok(unsafe { HandleObj::get(h) }?)
}

/// hipBLAS's operation enum (the same numbers as rocBLAS's); others are
/// `HIPBLAS_STATUS_INVALID_ENUM`.
pub(crate) fn operation(v: i32) -> Result<Operation> {
    Operation::from_raw(v).or_else(|_| bad_enum(v, "hipblasOperation_t"))
}

/// `HIPBLAS_STATUS_INVALID_ENUM`: `v` is not a `what`.
pub(crate) fn bad_enum<T>(v: i32, what: &str) -> Result<T> {
    fail(status::INVALID_ENUM, format!("{v} is not a {what}"))
}

/// libhipblas's part in the BLAS entry points that the rocblas crate's `c_entries` macros
/// generate: hipBLAS's statuses (rocBLAS's mapped) and log, and its enums (rocBLAS's numbers),
/// a number out of range being `HIPBLAS_STATUS_INVALID_ENUM`.
pub(crate) struct HipblasEdge;

impl rocblas::c_entries::CEdge for HipblasEdge {
    type Error = HipblasError;

    fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> i32 {
        entry(name, f)
    }

    fn operation(v: i32) -> Result<Operation> {
        operation(v)
    }

    fn fill(v: i32) -> Result<Fill> {
        Fill::from_raw(v).or_else(|_| bad_enum(v, "hipblasFillMode_t"))
    }

    fn diagonal(v: i32) -> Result<Diagonal> {
        Diagonal::from_raw(v).or_else(|_| bad_enum(v, "hipblasDiagType_t"))
    }

    fn side(v: i32) -> Result<Side> {
        Side::from_raw(v).or_else(|_| bad_enum(v, "hipblasSideMode_t"))
    }

    fn datatype(v: i32) -> Result<rocblas::Datatype> {
        level3::datatype(v)
    }
}

/// Writes through an out-pointer; null is `HIPBLAS_STATUS_INVALID_VALUE`.
///
/// # Safety
/// `out` is null or writable.
unsafe fn put<T>(out: *mut T, v: T, what: &str) -> Result<()> {
    if out.is_null() {
        return fail(status::INVALID_VALUE, format!("{what} is a null pointer"));
    }
    // SAFETY: non-null and writable per the contract.
    unsafe { out.write(v) };
    Ok(())
}

#[no_mangle]
pub unsafe extern "C" fn hipblasCreate(handle: *mut hipblasHandle_t) -> hipblasStatus_t {
    entry("hipblasCreate", || {
        if handle.is_null() {
            return fail(status::HANDLE_IS_NULLPTR, "the handle out-pointer is null");
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { handle.write(HandleObj::create()) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasDestroy(handle: hipblasHandle_t) -> hipblasStatus_t {
    entry("hipblasDestroy", || {
        if handle.is_null() {
            return fail(status::HANDLE_IS_NULLPTR, "the handle is null");
        }
        // SAFETY: the caller runs no other call on the handle meanwhile.
        Ok(unsafe { HandleObj::destroy(handle) }?)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasSetStream(
    handle: hipblasHandle_t,
    stream: HipStream,
) -> hipblasStatus_t {
    entry("hipblasSetStream", || {
        // SAFETY: the caller does not destroy the handle during the call.
        unsafe { handle_obj(handle)? }.set_stream(stream);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasGetStream(
    handle: hipblasHandle_t,
    stream: *mut HipStream,
) -> hipblasStatus_t {
    entry("hipblasGetStream", || {
        // SAFETY: as above; `stream` is null or writable.
        unsafe { put(stream, handle_obj(handle)?.stream(), "stream") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasSetPointerMode(
    handle: hipblasHandle_t,
    mode: i32,
) -> hipblasStatus_t {
    entry("hipblasSetPointerMode", || {
        // SAFETY: as above.
        let h = unsafe { handle_obj(handle)? };
        let m = PointerMode::from_raw(mode).or_else(|_| {
            fail(
                status::INVALID_ENUM,
                format!("{mode} is not a hipblasPointerMode_t"),
            )
        })?;
        h.set_pointer_mode(m);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasGetPointerMode(
    handle: hipblasHandle_t,
    mode: *mut i32,
) -> hipblasStatus_t {
    entry("hipblasGetPointerMode", || {
        // SAFETY: as above.
        unsafe { put(mode, handle_obj(handle)?.pointer_mode() as i32, "mode") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasSetAtomicsMode(
    handle: hipblasHandle_t,
    mode: i32,
) -> hipblasStatus_t {
    entry("hipblasSetAtomicsMode", || {
        // SAFETY: as above.
        let h = unsafe { handle_obj(handle)? };
        let m = AtomicsMode::from_raw(mode).or_else(|_| {
            fail(
                status::INVALID_ENUM,
                format!("{mode} is not a hipblasAtomicsMode_t"),
            )
        })?;
        h.set_atomics_mode(m);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasGetAtomicsMode(
    handle: hipblasHandle_t,
    mode: *mut i32,
) -> hipblasStatus_t {
    entry("hipblasGetAtomicsMode", || {
        // SAFETY: as above.
        unsafe { put(mode, handle_obj(handle)?.atomics_mode() as i32, "mode") }
    })
}

/// `hipblasSetMathMode`: hipBLAS's default and xf32 modes are rocBLAS's; the others are
/// cuBLAS's and not supported, as in ROCm's hipBLAS.
#[no_mangle]
pub unsafe extern "C" fn hipblasSetMathMode(handle: hipblasHandle_t, mode: i32) -> hipblasStatus_t {
    entry("hipblasSetMathMode", || {
        // SAFETY: as above.
        let h = unsafe { handle_obj(handle)? };
        let m = match mode {
            0 | 1 => rocblas::MathMode::from_raw(mode)?,
            _ => {
                return fail(
                    status::NOT_SUPPORTED,
                    format!("hipblasMath_t {mode} is not supported by the rocBLAS backend"),
                )
            }
        };
        h.set_math_mode(m);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipblasGetMathMode(
    handle: hipblasHandle_t,
    mode: *mut i32,
) -> hipblasStatus_t {
    entry("hipblasGetMathMode", || {
        // SAFETY: as above.
        unsafe { put(mode, handle_obj(handle)?.math_mode() as i32, "mode") }
    })
}

rocblas::copy_entries! { HipblasEdge; i32 =>
    hipblasSetVector, hipblasGetVector, hipblasSetMatrix, hipblasGetMatrix,
    hipblasSetVectorAsync, hipblasGetVectorAsync, hipblasSetMatrixAsync, hipblasGetMatrixAsync;
}

/// `hipblasStatusToString`: the status's C name.
#[no_mangle]
pub extern "C" fn hipblasStatusToString(status: hipblasStatus_t) -> *const c_char {
    match status {
        status::SUCCESS => c"HIPBLAS_STATUS_SUCCESS",
        status::NOT_INITIALIZED => c"HIPBLAS_STATUS_NOT_INITIALIZED",
        status::ALLOC_FAILED => c"HIPBLAS_STATUS_ALLOC_FAILED",
        status::INVALID_VALUE => c"HIPBLAS_STATUS_INVALID_VALUE",
        status::MAPPING_ERROR => c"HIPBLAS_STATUS_MAPPING_ERROR",
        status::EXECUTION_FAILED => c"HIPBLAS_STATUS_EXECUTION_FAILED",
        status::INTERNAL_ERROR => c"HIPBLAS_STATUS_INTERNAL_ERROR",
        status::NOT_SUPPORTED => c"HIPBLAS_STATUS_NOT_SUPPORTED",
        status::ARCH_MISMATCH => c"HIPBLAS_STATUS_ARCH_MISMATCH",
        status::HANDLE_IS_NULLPTR => c"HIPBLAS_STATUS_HANDLE_IS_NULLPTR",
        status::INVALID_ENUM => c"HIPBLAS_STATUS_INVALID_ENUM",
        status::UNKNOWN => c"HIPBLAS_STATUS_UNKNOWN",
        _ => c"<undefined hipblasStatus_t>",
    }
    .as_ptr()
}

/// `hipblasGetVersion`: hipBLAS 2.2.0 (ROCm 6.2) as one number, major * 10000 + minor * 100 +
/// patch, as hipBLAS reports it.
#[no_mangle]
pub unsafe extern "C" fn hipblasGetVersion(
    handle: hipblasHandle_t,
    version: *mut i32,
) -> hipblasStatus_t {
    entry("hipblasGetVersion", || {
        // SAFETY: as above.
        unsafe {
            handle_obj(handle)?;
            put(version, 20200, "version")
        }
    })
}
