//! ferrocm's libhipsolver.so: hipSOLVER's C ABI (the names, argument orders, enum values and
//! soname of hipSOLVER 2.2, ROCm 6.2) over the rocsolver crate, as ROCm's hipSOLVER is over
//! rocSOLVER. A hipSOLVER handle is a rocBLAS handle object of this library's own registry
//! (`hipsolverDnHandle_t` is the same handle); routines queue their kernels on its stream.
//! Each entry point converts hipSOLVER's enums, calls the crate, and maps rocBLAS's status to
//! hipSOLVER's as hipSOLVER does; a panic never crosses the ABI.
//!
//! The CPU device needs no workspace: buffer-size queries check the arguments as the routine
//! would and answer one element, and the routines accept `work` and `lwork` and leave them
//! unused.
//!
//! `HIPSOLVER_LAYER` set to an odd number logs each call and its status to stderr, with the
//! reason for a failure.

#![allow(non_camel_case_types)] // C type names
#![allow(clippy::missing_safety_doc)] // entry points take C's contract, documented once here

mod dense;
mod dense2;

use amdhip64_sys::HipStream;
use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::{Error, Fill, Operation, Side, Status};
use rocsolver::lapack3::EigenForm;
use rocsolver::routines2::{Evect, Svect};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub type hipsolverStatus_t = i32;
pub type hipsolverHandle_t = RocblasHandle;
/// The compatibility API's name for the same handle.
pub type hipsolverDnHandle_t = hipsolverHandle_t;

/// `hipsolverStatus_t`'s values.
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
    pub const ZERO_PIVOT: i32 = 12;
    pub const MATRIX_TYPE_NOT_SUPPORTED: i32 = 13;

    /// The status's C name.
    pub fn name(s: i32) -> &'static str {
        match s {
            SUCCESS => "HIPSOLVER_STATUS_SUCCESS",
            NOT_INITIALIZED => "HIPSOLVER_STATUS_NOT_INITIALIZED",
            ALLOC_FAILED => "HIPSOLVER_STATUS_ALLOC_FAILED",
            INVALID_VALUE => "HIPSOLVER_STATUS_INVALID_VALUE",
            MAPPING_ERROR => "HIPSOLVER_STATUS_MAPPING_ERROR",
            EXECUTION_FAILED => "HIPSOLVER_STATUS_EXECUTION_FAILED",
            INTERNAL_ERROR => "HIPSOLVER_STATUS_INTERNAL_ERROR",
            NOT_SUPPORTED => "HIPSOLVER_STATUS_NOT_SUPPORTED",
            ARCH_MISMATCH => "HIPSOLVER_STATUS_ARCH_MISMATCH",
            HANDLE_IS_NULLPTR => "HIPSOLVER_STATUS_HANDLE_IS_NULLPTR",
            INVALID_ENUM => "HIPSOLVER_STATUS_INVALID_ENUM",
            UNKNOWN => "HIPSOLVER_STATUS_UNKNOWN",
            ZERO_PIVOT => "HIPSOLVER_STATUS_ZERO_PIVOT",
            MATRIX_TYPE_NOT_SUPPORTED => "HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED",
            _ => "<undefined hipsolverStatus_t>",
        }
    }
}

/// A failed hipSOLVER call: hipSOLVER's status and why.
#[derive(Debug)]
pub struct HipsolverError {
    pub status: hipsolverStatus_t,
    pub message: String,
}

/// hipSOLVER's reading of a rocBLAS status (its `rocblas2hip_status`).
pub fn status_of(s: Status) -> hipsolverStatus_t {
    match s {
        Status::Success | Status::SizeUnchanged | Status::SizeIncreased => status::SUCCESS,
        Status::InvalidHandle => status::NOT_INITIALIZED,
        Status::NotImplemented => status::NOT_SUPPORTED,
        Status::InvalidPointer | Status::InvalidSize | Status::InvalidValue => {
            status::INVALID_VALUE
        }
        Status::MemoryError => status::ALLOC_FAILED,
        Status::InternalError => status::INTERNAL_ERROR,
        _ => status::UNKNOWN,
    }
}

impl From<Error> for HipsolverError {
    fn from(e: Error) -> Self {
        HipsolverError {
            status: status_of(e.status),
            message: e.to_string(),
        }
    }
}

pub type Result<T> = std::result::Result<T, HipsolverError>;

pub(crate) fn fail<T>(status: hipsolverStatus_t, message: impl Into<String>) -> Result<T> {
    Err(HipsolverError {
        status,
        message: message.into(),
    })
}

/// Runs an entry point's body: its status, `HIPSOLVER_STATUS_INTERNAL_ERROR` for a panic.
pub(crate) fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> hipsolverStatus_t {
    let e = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => {
            trace(name, status::SUCCESS, "");
            return status::SUCCESS;
        }
        Ok(Err(e)) => e,
        Err(_) => HipsolverError {
            status: status::INTERNAL_ERROR,
            message: "internal error (a panic in the library)".into(),
        },
    };
    trace(name, e.status, &e.message);
    e.status
}

/// The `HIPSOLVER_LAYER` log: bit 0 traces calls.
fn trace(name: &str, code: hipsolverStatus_t, why: &str) {
    use std::sync::OnceLock;
    static LAYER: OnceLock<u32> = OnceLock::new();
    let layer = *LAYER.get_or_init(|| {
        std::env::var("HIPSOLVER_LAYER")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    });
    if layer & 1 != 0 {
        eprintln!("hipsolver: {name}: {} {why}", status::name(code));
    }
}

/// The handle behind `h`; a null or foreign one is `HIPSOLVER_STATUS_NOT_INITIALIZED`.
///
/// # Safety
/// The caller does not destroy `h` during the call.
pub(crate) unsafe fn handle_obj<'a>(h: hipsolverHandle_t) -> Result<&'a HandleObj> {
    // SAFETY: forwarded.
    Ok(unsafe { HandleObj::get(h) }?)
}

/// `hipsolverOperation_t` (hipBLAS's numbers); others are `HIPSOLVER_STATUS_INVALID_ENUM`.
pub(crate) fn operation(v: i32) -> Result<Operation> {
    Operation::from_raw(v).or_else(|_| {
        fail(
            status::INVALID_ENUM,
            format!("{v} is not a hipsolverOperation_t"),
        )
    })
}

/// `hipsolverFillMode_t`: upper or lower (hipBLAS's numbers); anything else, `FULL` included,
/// is `HIPSOLVER_STATUS_INVALID_ENUM`, as in hipSOLVER.
pub(crate) fn fill(v: i32) -> Result<Fill> {
    match Fill::from_raw(v) {
        Ok(f @ (Fill::Upper | Fill::Lower)) => Ok(f),
        _ => fail(
            status::INVALID_ENUM,
            format!("{v} is not an upper or lower hipsolverFillMode_t"),
        ),
    }
}

/// `hipsolverSideMode_t`: left or right (hipBLAS's numbers); anything else, `BOTH` included, is
/// `HIPSOLVER_STATUS_INVALID_ENUM`.
pub(crate) fn side(v: i32) -> Result<Side> {
    match Side::from_raw(v) {
        Ok(s @ (Side::Left | Side::Right)) => Ok(s),
        _ => fail(
            status::INVALID_ENUM,
            format!("{v} is not a left or right hipsolverSideMode_t"),
        ),
    }
}

/// `hipsolverEigMode_t`: whether eigenvectors are computed (`HIPSOLVER_EIG_MODE_VECTOR`, 202)
/// or not (`NOVECTOR`, 201); others are `HIPSOLVER_STATUS_INVALID_ENUM`.
pub(crate) fn eig_mode(v: i32) -> Result<Evect> {
    match v {
        201 => Ok(Evect::None),
        202 => Ok(Evect::Original),
        _ => fail(
            status::INVALID_ENUM,
            format!("{v} is not a hipsolverEigMode_t"),
        ),
    }
}

/// `hipsolverEigType_t`: `HIPSOLVER_EIG_TYPE_1` (211, A x = l B x), `_2` (A B x = l x) or `_3`
/// (B A x = l x); others are `HIPSOLVER_STATUS_INVALID_ENUM`.
pub(crate) fn eig_type(v: i32) -> Result<EigenForm> {
    match v {
        211 => Ok(EigenForm::Ax),
        212 => Ok(EigenForm::Abx),
        213 => Ok(EigenForm::Bax),
        _ => fail(
            status::INVALID_ENUM,
            format!("{v} is not a hipsolverEigType_t"),
        ),
    }
}

/// gesvd's `jobu` / `jobv` characters: 'A' (all), 'S' (singular), 'O' (overwrite), 'N'
/// (none); others are `HIPSOLVER_STATUS_INVALID_VALUE`, as in hipSOLVER.
pub(crate) fn svect(c: i8) -> Result<Svect> {
    match c as u8 {
        b'A' => Ok(Svect::All),
        b'S' => Ok(Svect::Singular),
        b'O' => Ok(Svect::Overwrite),
        b'N' => Ok(Svect::None),
        _ => fail(
            status::INVALID_VALUE,
            format!("{c} is not a gesvd job ('A', 'S', 'O' or 'N')"),
        ),
    }
}

/// The kernel that writes `devInfo[0..count] = 0` for the routines whose core reports no info, queued
/// after their work so that it is ordered with it.
#[repr(C)]
#[derive(Clone, Copy)]
struct ZeroInfo {
    info: Ptr<i32>,
    count: usize,
}

impl Work for ZeroInfo {
    fn name() -> String {
        "hipsolver_zero_info".into()
    }

    fn run(&self, group: u32, _groups: u32) {
        if group == 0 {
            // SAFETY: checked non-null when queued; the caller keeps devInfo valid until the
            // stream has run the kernel (hipSOLVER's contract for device outputs).
            unsafe { std::ptr::write_bytes(self.info.mutable(), 0, self.count) };
        }
    }
}

/// Queues `*info = 0` on `h`'s stream; a null `info` is `HIPSOLVER_STATUS_INVALID_VALUE`.
pub(crate) fn zero_info(h: &HandleObj, info: *mut i32) -> Result<()> {
    zero_infos(h, info, 1)
}

/// Queues `info[0..count] = 0` on `h`'s stream (one info per member of a batch); a null `info`
/// is `HIPSOLVER_STATUS_INVALID_VALUE`.
pub(crate) fn zero_infos(h: &HandleObj, info: *mut i32, count: usize) -> Result<()> {
    check_info(info)?;
    if count == 0 {
        return Ok(());
    }
    Ok(h.launch(
        1,
        &ZeroInfo {
            info: Ptr(info),
            count,
        },
    )?)
}

/// A null `devInfo` is `HIPSOLVER_STATUS_INVALID_VALUE`.
pub(crate) fn check_info(info: *mut i32) -> Result<()> {
    if info.is_null() {
        return fail(status::INVALID_VALUE, "devInfo is a null pointer");
    }
    Ok(())
}

/// Writes through an out-pointer; null is `HIPSOLVER_STATUS_INVALID_VALUE`.
///
/// # Safety
/// `out` is null or writable.
pub(crate) unsafe fn put<T>(out: *mut T, v: T, what: &str) -> Result<()> {
    if out.is_null() {
        return fail(status::INVALID_VALUE, format!("{what} is a null pointer"));
    }
    // SAFETY: non-null and writable per the contract.
    unsafe { out.write(v) };
    Ok(())
}

fn create(name: &str, handle: *mut hipsolverHandle_t) -> hipsolverStatus_t {
    entry(name, || {
        if handle.is_null() {
            return fail(status::HANDLE_IS_NULLPTR, "the handle out-pointer is null");
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { handle.write(HandleObj::create()) };
        Ok(())
    })
}

fn destroy(name: &str, handle: hipsolverHandle_t) -> hipsolverStatus_t {
    entry(name, || {
        // SAFETY: the caller runs no other call on the handle meanwhile.
        Ok(unsafe { HandleObj::destroy(handle) }?)
    })
}

fn set_stream(name: &str, handle: hipsolverHandle_t, stream: HipStream) -> hipsolverStatus_t {
    entry(name, || {
        // SAFETY: the caller does not destroy the handle during the call.
        unsafe { handle_obj(handle)? }.set_stream(stream);
        Ok(())
    })
}

fn get_stream(name: &str, handle: hipsolverHandle_t, stream: *mut HipStream) -> hipsolverStatus_t {
    entry(name, || {
        // SAFETY: as above; `stream` is null or writable.
        unsafe { put(stream, handle_obj(handle)?.stream(), "stream") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverCreate(handle: *mut hipsolverHandle_t) -> hipsolverStatus_t {
    create("hipsolverCreate", handle)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverDestroy(handle: hipsolverHandle_t) -> hipsolverStatus_t {
    destroy("hipsolverDestroy", handle)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverSetStream(
    handle: hipsolverHandle_t,
    stream: HipStream,
) -> hipsolverStatus_t {
    set_stream("hipsolverSetStream", handle, stream)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverGetStream(
    handle: hipsolverHandle_t,
    stream: *mut HipStream,
) -> hipsolverStatus_t {
    get_stream("hipsolverGetStream", handle, stream)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverDnCreate(handle: *mut hipsolverDnHandle_t) -> hipsolverStatus_t {
    create("hipsolverDnCreate", handle)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverDnDestroy(handle: hipsolverDnHandle_t) -> hipsolverStatus_t {
    destroy("hipsolverDnDestroy", handle)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverDnSetStream(
    handle: hipsolverDnHandle_t,
    stream: HipStream,
) -> hipsolverStatus_t {
    set_stream("hipsolverDnSetStream", handle, stream)
}

#[no_mangle]
pub unsafe extern "C" fn hipsolverDnGetStream(
    handle: hipsolverDnHandle_t,
    stream: *mut HipStream,
) -> hipsolverStatus_t {
    get_stream("hipsolverDnGetStream", handle, stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rocblas_statuses_read_as_hipsolver_reads_them() {
        assert_eq!(status_of(Status::InvalidHandle), status::NOT_INITIALIZED);
        assert_eq!(status_of(Status::InvalidSize), status::INVALID_VALUE);
        assert_eq!(status_of(Status::InvalidPointer), status::INVALID_VALUE);
        assert_eq!(status_of(Status::InvalidValue), status::INVALID_VALUE);
        assert_eq!(status_of(Status::NotImplemented), status::NOT_SUPPORTED);
        assert_eq!(status_of(Status::MemoryError), status::ALLOC_FAILED);
        assert_eq!(status_of(Status::InternalError), status::INTERNAL_ERROR);
        assert_eq!(status_of(Status::ArchMismatch), status::UNKNOWN);
    }

    #[test]
    fn fill_full_and_unknown_values_are_invalid_enum() {
        assert!(matches!(fill(121), Ok(Fill::Upper)));
        assert!(matches!(fill(122), Ok(Fill::Lower)));
        for v in [123, 0, 111] {
            assert_eq!(
                fill(v).map(|_| ()).unwrap_err().status,
                status::INVALID_ENUM
            );
        }
        assert_eq!(
            operation(114).map(|_| ()).unwrap_err().status,
            status::INVALID_ENUM
        );
    }

    #[test]
    fn handles_are_checked() {
        let mut h: hipsolverHandle_t = std::ptr::null_mut();
        // SAFETY: a valid out-pointer; the handle is destroyed once.
        unsafe {
            assert_eq!(
                hipsolverCreate(std::ptr::null_mut()),
                status::HANDLE_IS_NULLPTR
            );
            assert_eq!(hipsolverCreate(&mut h), status::SUCCESS);
            assert_eq!(
                hipsolverGetStream(h, std::ptr::null_mut()),
                status::INVALID_VALUE
            );
            assert_eq!(hipsolverDnDestroy(h), status::SUCCESS);
            assert_eq!(hipsolverDestroy(h), status::NOT_INITIALIZED);
            assert_eq!(
                hipsolverSetStream(std::ptr::null_mut(), HipStream(std::ptr::null_mut())),
                status::NOT_INITIALIZED
            );
        }
    }
}
