//! ferrocm's librocblas.so: rocBLAS's C ABI (ROCm's names, enum values and soname) over the
//! rocblas crate. Each entry point converts its arguments, calls the crate, and returns its
//! `rocblas_status`; a panic never crosses the ABI.
//!
//! `ROCBLAS_LAYER` set to an odd number logs each call and its status to stderr, with the
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

use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::{
    AtomicsMode, Diagonal, Error, Fill, MathMode, Operation, PointerMode, Result, Side, Status,
};
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

pub type rocblas_status = i32;
pub type rocblas_int = i32;
pub type rocblas_stride = i64;

/// Runs an entry point's body: its status, `rocblas_status_internal_error` for a panic.
pub(crate) fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> rocblas_status {
    let status = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => Status::Success,
        Ok(Err(e)) => {
            trace(name, Some(&e));
            return e.status as i32;
        }
        Err(_) => {
            let e = Error {
                status: Status::InternalError,
                message: "internal error (a panic in the library)".into(),
            };
            trace(name, Some(&e));
            return e.status as i32;
        }
    };
    trace(name, None);
    status as i32
}

/// librocblas's part in the BLAS entry points that the rocblas crate's `c_entries` macros
/// generate: rocBLAS's statuses and log, and its enums, a number out of range being
/// `rocblas_status_invalid_value`.
pub(crate) struct RocblasEdge;

impl rocblas::c_entries::CEdge for RocblasEdge {
    type Error = Error;

    fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> i32 {
        entry(name, f)
    }

    fn operation(v: i32) -> Result<Operation> {
        Operation::from_raw(v)
    }

    fn fill(v: i32) -> Result<Fill> {
        Fill::from_raw(v)
    }

    fn diagonal(v: i32) -> Result<Diagonal> {
        Diagonal::from_raw(v)
    }

    fn side(v: i32) -> Result<Side> {
        Side::from_raw(v)
    }
}

/// The `ROCBLAS_LAYER` log: bit 0 traces calls.
fn trace(name: &str, error: Option<&Error>) {
    use std::sync::OnceLock;
    static LAYER: OnceLock<u32> = OnceLock::new();
    let layer = *LAYER.get_or_init(|| {
        std::env::var("ROCBLAS_LAYER")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0)
    });
    if layer & 1 == 0 {
        return;
    }
    match error {
        None => eprintln!("rocblas: {name}: rocblas_status_success"),
        Some(e) => eprintln!("rocblas: {name}: {e}"),
    }
}

/// Writes `v` through the out-pointer `out`; null is `rocblas_status_invalid_pointer`.
///
/// # Safety
/// `out` is null or writable.
pub(crate) unsafe fn put<T>(out: *mut T, v: T, what: &str) -> Result<()> {
    if out.is_null() {
        return rocblas::fail(Status::InvalidPointer, format!("{what} is a null pointer"));
    }
    // SAFETY: non-null and writable per the contract.
    unsafe { out.write(v) };
    Ok(())
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_create_handle(handle: *mut RocblasHandle) -> rocblas_status {
    entry("rocblas_create_handle", || {
        if handle.is_null() {
            return rocblas::fail(Status::InvalidHandle, "the handle out-pointer is null");
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { handle.write(HandleObj::create()) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_destroy_handle(handle: RocblasHandle) -> rocblas_status {
    // SAFETY: the caller runs no other call on the handle meanwhile.
    entry("rocblas_destroy_handle", || unsafe {
        HandleObj::destroy(handle)
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_set_stream(
    handle: RocblasHandle,
    stream: amdhip64_sys::HipStream,
) -> rocblas_status {
    entry("rocblas_set_stream", || {
        // SAFETY: the caller does not destroy the handle during the call.
        unsafe { HandleObj::get(handle)? }.set_stream(stream);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_stream(
    handle: RocblasHandle,
    stream: *mut amdhip64_sys::HipStream,
) -> rocblas_status {
    entry("rocblas_get_stream", || {
        // SAFETY: as above; `stream` is null or writable.
        unsafe { put(stream, HandleObj::get(handle)?.stream(), "stream") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_set_pointer_mode(
    handle: RocblasHandle,
    mode: i32,
) -> rocblas_status {
    entry("rocblas_set_pointer_mode", || {
        // SAFETY: as above.
        let h = unsafe { HandleObj::get(handle)? };
        h.set_pointer_mode(PointerMode::from_raw(mode)?);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_pointer_mode(
    handle: RocblasHandle,
    mode: *mut i32,
) -> rocblas_status {
    entry("rocblas_get_pointer_mode", || {
        // SAFETY: as above.
        unsafe { put(mode, HandleObj::get(handle)?.pointer_mode() as i32, "mode") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_set_atomics_mode(
    handle: RocblasHandle,
    mode: i32,
) -> rocblas_status {
    entry("rocblas_set_atomics_mode", || {
        // SAFETY: as above.
        let h = unsafe { HandleObj::get(handle)? };
        h.set_atomics_mode(AtomicsMode::from_raw(mode)?);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_atomics_mode(
    handle: RocblasHandle,
    mode: *mut i32,
) -> rocblas_status {
    entry("rocblas_get_atomics_mode", || {
        // SAFETY: as above.
        unsafe { put(mode, HandleObj::get(handle)?.atomics_mode() as i32, "mode") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_set_math_mode(handle: RocblasHandle, mode: i32) -> rocblas_status {
    entry("rocblas_set_math_mode", || {
        // SAFETY: as above.
        let h = unsafe { HandleObj::get(handle)? };
        h.set_math_mode(MathMode::from_raw(mode)?);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_math_mode(
    handle: RocblasHandle,
    mode: *mut i32,
) -> rocblas_status {
    entry("rocblas_get_math_mode", || {
        // SAFETY: as above.
        unsafe { put(mode, HandleObj::get(handle)?.math_mode() as i32, "mode") }
    })
}

rocblas::copy_entries! { RocblasEdge; i32 =>
    rocblas_set_vector, rocblas_get_vector, rocblas_set_matrix, rocblas_get_matrix,
    rocblas_set_vector_async, rocblas_get_vector_async,
    rocblas_set_matrix_async, rocblas_get_matrix_async;
}

rocblas::copy_entries! { RocblasEdge; i64 =>
    rocblas_set_vector_64, rocblas_get_vector_64, rocblas_set_matrix_64, rocblas_get_matrix_64,
    rocblas_set_vector_async_64, rocblas_get_vector_async_64,
    rocblas_set_matrix_async_64, rocblas_get_matrix_async_64;
}

/// `rocblas_status_to_string`: the status's C name (unknown numbers get a fixed text).
#[no_mangle]
pub extern "C" fn rocblas_status_to_string(status: rocblas_status) -> *const c_char {
    macro_rules! names {
        ($($s:ident => $lit:literal),+ $(,)?) => {
            match Status::from_raw(status) {
                $(Some(Status::$s) => $lit.as_ptr(),)+
                None => c"<undefined rocblas_status>".as_ptr(),
            }
        };
    }
    names!(
        Success => c"rocblas_status_success",
        InvalidHandle => c"rocblas_status_invalid_handle",
        NotImplemented => c"rocblas_status_not_implemented",
        InvalidPointer => c"rocblas_status_invalid_pointer",
        InvalidSize => c"rocblas_status_invalid_size",
        MemoryError => c"rocblas_status_memory_error",
        InternalError => c"rocblas_status_internal_error",
        PerfDegraded => c"rocblas_status_perf_degraded",
        SizeQueryMismatch => c"rocblas_status_size_query_mismatch",
        SizeIncreased => c"rocblas_status_size_increased",
        SizeUnchanged => c"rocblas_status_size_unchanged",
        InvalidValue => c"rocblas_status_invalid_value",
        Continue => c"rocblas_status_continue",
        CheckNumericsFail => c"rocblas_status_check_numerics_fail",
        ExcludedFromBuild => c"rocblas_status_excluded_from_build",
        ArchMismatch => c"rocblas_status_arch_mismatch",
    )
}

/// The library's version, `major.minor.patch.tweak` as rocBLAS prints it.
const VERSION: &std::ffi::CStr = c"4.2.0.ferrocm";

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_version_string_size(len: *mut usize) -> rocblas_status {
    entry("rocblas_get_version_string_size", || {
        // SAFETY: null or writable per the caller.
        unsafe { put(len, VERSION.to_bytes_with_nul().len(), "len") }
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocblas_get_version_string(
    buf: *mut c_char,
    len: usize,
) -> rocblas_status {
    entry("rocblas_get_version_string", || {
        let v = VERSION.to_bytes_with_nul();
        if buf.is_null() {
            return rocblas::fail(Status::InvalidPointer, "buf is a null pointer");
        }
        if len < v.len() {
            return rocblas::fail(
                Status::InvalidSize,
                format!("the version needs {} bytes, the buffer has {len}", v.len()),
            );
        }
        // SAFETY: `buf` holds `len >= v.len()` bytes per the caller.
        unsafe { std::ptr::copy_nonoverlapping(v.as_ptr().cast(), buf, v.len()) };
        Ok(())
    })
}

/// `rocblas_initialize`: nothing to load ahead of the first call on the CPU agent.
#[no_mangle]
pub extern "C" fn rocblas_initialize() {}
