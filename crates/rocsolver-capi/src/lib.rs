//! ferrocm's librocsolver.so: rocSOLVER's C ABI (ROCm's names and soname) over the rocsolver
//! crate. rocSOLVER takes rocBLAS's handles: each call asks librocblas (opened at run time, the
//! copy the program loaded) for the handle's stream, checking the handle on the way, and
//! queues its kernel there. A panic never crosses the ABI.

#![allow(non_camel_case_types)] // C type names
#![allow(clippy::missing_safety_doc)] // entry points take C's contract, documented once here

mod routines;
mod routines2;

use amdhip64_sys::HipStream;
use rocblas::c_handle::StreamLauncher;
use rocblas::{fail, Error, Result, Status};
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

pub type rocblas_status = i32;

type GetStreamFn = unsafe extern "C" fn(*mut c_void, *mut HipStream) -> i32;

/// librocblas's `rocblas_get_stream`, found once.
fn get_stream_fn() -> Result<GetStreamFn> {
    static FN: OnceLock<std::result::Result<(libloading::Library, GetStreamFn), String>> =
        OnceLock::new();
    let found = FN.get_or_init(|| {
        let mut tried = Vec::new();
        for name in ["librocblas.so.4", "librocblas.so"] {
            // SAFETY: librocblas's initializers are plain (it is usually loaded already).
            match unsafe { libloading::Library::new(name) } {
                Ok(lib) => {
                    // SAFETY: the symbol has this C signature.
                    let f = unsafe { lib.get::<GetStreamFn>(b"rocblas_get_stream") }
                        .map(|s| *s)
                        .map_err(|e| format!("{name} lacks rocblas_get_stream: {e}"))?;
                    return Ok((lib, f));
                }
                Err(e) => tried.push(format!("{name}: {e}")),
            }
        }
        Err(format!(
            "rocBLAS could not be opened ({})",
            tried.join("; ")
        ))
    });
    match found {
        Ok((_, f)) => Ok(*f),
        Err(m) => fail(Status::InternalError, m.clone()),
    }
}

/// The launcher for a rocBLAS handle: its stream, with the handle checked by rocBLAS.
pub(crate) fn launcher(handle: *mut c_void) -> Result<StreamLauncher> {
    if handle.is_null() {
        return fail(Status::InvalidHandle, "the handle is a null pointer");
    }
    let get = get_stream_fn()?;
    let mut stream = HipStream(std::ptr::null_mut());
    // SAFETY: librocblas checks the handle; the out-pointer is a local.
    let code = unsafe { get(handle, &mut stream) };
    match Status::from_raw(code) {
        Some(Status::Success) => Ok(StreamLauncher(stream)),
        Some(status) => fail(status, format!("{handle:p} is not a live rocblas_handle")),
        None => fail(
            Status::InternalError,
            format!("rocblas_get_stream returned {code}"),
        ),
    }
}

/// Runs an entry point's body: its status, `rocblas_status_internal_error` for a panic.
pub(crate) fn entry(name: &str, f: impl FnOnce() -> Result<()>) -> rocblas_status {
    let e = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return Status::Success as i32,
        Ok(Err(e)) => e,
        Err(_) => Error {
            status: Status::InternalError,
            message: "internal error (a panic in the library)".into(),
        },
    };
    if std::env::var_os("ROCSOLVER_LAYER").is_some_and(|v| v != "0") {
        eprintln!("rocsolver: {name}: {e}");
    }
    e.status as i32
}

const VERSION: &std::ffi::CStr = c"3.26.0.ferrocm";

#[no_mangle]
pub unsafe extern "C" fn rocsolver_get_version_string_size(len: *mut usize) -> rocblas_status {
    entry("rocsolver_get_version_string_size", || {
        if len.is_null() {
            return fail(Status::InvalidPointer, "len is a null pointer");
        }
        // SAFETY: non-null, writable per the caller.
        unsafe { len.write(VERSION.to_bytes_with_nul().len()) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn rocsolver_get_version_string(
    buf: *mut c_char,
    len: usize,
) -> rocblas_status {
    entry("rocsolver_get_version_string", || {
        let v = VERSION.to_bytes_with_nul();
        if buf.is_null() {
            return fail(Status::InvalidPointer, "buf is a null pointer");
        }
        if len < v.len() {
            return fail(
                Status::InvalidSize,
                format!("the version needs {} bytes", v.len()),
            );
        }
        // SAFETY: `buf` holds `len >= v.len()` bytes per the caller.
        unsafe { std::ptr::copy_nonoverlapping(v.as_ptr().cast(), buf, v.len()) };
        Ok(())
    })
}
