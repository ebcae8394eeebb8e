//! rocBLAS's auxiliary copies between host and device memory: `set_vector`/`get_vector` and
//! `set_matrix`/`get_matrix` with their `_async` forms, shared by both C libraries (hipBLAS's
//! `hipblasSetVector` and friends are these).
//!
//! Each is one strided copy through the HIP runtime (`hipMemcpy2D`, or `hipMemcpy2DAsync` on
//! the given stream), so it is ordered with kernels as a `hipMemcpy` would be. The direction
//! does not matter to the runtime (`hipMemcpyDefault`), so setting and getting are one routine.

use crate::types::{fail, Result, Status};
use amdhip64_sys::{copy_2d, Copy2D, HipStream};
use std::ffi::c_void;

/// A vector copy in rocBLAS's terms: `n` elements of `elem_size` bytes, `incx` elements apart
/// at `x` and `incy` apart at `y`.
#[derive(Clone, Copy)]
pub struct VectorCopy {
    pub n: i64,
    pub elem_size: i64,
    pub x: *const c_void,
    pub incx: i64,
    pub y: *mut c_void,
    pub incy: i64,
}

/// A matrix copy in rocBLAS's terms: `rows x cols` elements of `elem_size` bytes, column-major
/// with leading dimension `lda` at `a` and `ldb` at `b`.
#[derive(Clone, Copy)]
pub struct MatrixCopy {
    pub rows: i64,
    pub cols: i64,
    pub elem_size: i64,
    pub a: *const c_void,
    pub lda: i64,
    pub b: *mut c_void,
    pub ldb: i64,
}

/// Bytes of `count` elements of `size` bytes, or `invalid_size` when that overflows memory.
fn bytes(count: i64, size: i64) -> Result<usize> {
    usize::try_from(count)
        .ok()
        .zip(usize::try_from(size).ok())
        .and_then(|(c, s)| c.checked_mul(s))
        .map_or_else(
            || fail(Status::InvalidSize, "the copy's extent overflows memory"),
            Ok,
        )
}

fn run(c: &Copy2D, stream: Option<HipStream>) -> Result<()> {
    // SAFETY: forwarded from the callers' contract (both sides cover the copy's extent).
    unsafe { copy_2d(c, stream) }.or_else(|e| fail(Status::InternalError, e))
}

/// `rocblas_set_vector`/`get_vector` (no stream: done before returning) and their `_async`
/// forms (queued on `stream`). rocBLAS's checks: an empty copy returns first, then sizes and
/// increments (which must be positive), then pointers.
///
/// # Safety
/// `x` and `y` cover `n` elements at their increments; for an asynchronous copy, host memory
/// stays valid until it has run.
pub unsafe fn copy_vector(c: &VectorCopy, stream: Option<HipStream>) -> Result<()> {
    if c.n == 0 {
        return Ok(());
    }
    if c.n < 0 || c.incx <= 0 || c.incy <= 0 || c.elem_size <= 0 {
        return fail(
            Status::InvalidSize,
            "n is negative, or elem_size, incx or incy is not positive",
        );
    }
    if c.x.is_null() || c.y.is_null() {
        return fail(Status::InvalidPointer, "x or y is a null pointer");
    }
    run(
        &Copy2D {
            dst: c.y,
            dpitch: bytes(c.incy, c.elem_size)?,
            src: c.x,
            spitch: bytes(c.incx, c.elem_size)?,
            width: bytes(1, c.elem_size)?,
            height: bytes(c.n, 1)?,
        },
        stream,
    )
}

/// `rocblas_set_matrix`/`get_matrix` and their `_async` forms: as [`copy_vector`], with the
/// leading dimensions at least the row count.
///
/// # Safety
/// `a` and `b` cover `cols` columns of their leading dimensions; for an asynchronous copy,
/// host memory stays valid until it has run.
pub unsafe fn copy_matrix(c: &MatrixCopy, stream: Option<HipStream>) -> Result<()> {
    if c.rows == 0 || c.cols == 0 {
        return Ok(());
    }
    if c.rows < 0
        || c.cols < 0
        || c.lda <= 0
        || c.ldb <= 0
        || c.rows > c.lda
        || c.rows > c.ldb
        || c.elem_size <= 0
    {
        return fail(
            Status::InvalidSize,
            "a size is negative, elem_size is not positive, or a leading dimension is below rows",
        );
    }
    if c.a.is_null() || c.b.is_null() {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    run(
        &Copy2D {
            dst: c.b,
            dpitch: bytes(c.ldb, c.elem_size)?,
            src: c.a,
            spitch: bytes(c.lda, c.elem_size)?,
            width: bytes(c.rows, c.elem_size)?,
            height: bytes(c.cols, 1)?,
        },
        stream,
    )
}
