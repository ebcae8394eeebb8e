//! Level 2 entry points: `hipblas<T>gemv`, `ger`/`geru`/`gerc`, `symv`/`hemv`, `syr`/`her`,
//! `trmv` and `trsv`, each with its `StridedBatched`, `Batched` and `_64` forms, over the
//! rocblas crate, generated for each element type from one body per routine.
//!
//! Argument orders are hipBLAS 2.x's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`AP, lda, strideA, x, incx, stridex, ...`). The complex types
//! (`hipblasComplex`, `hipblasDoubleComplex`) have the layout of [`C32`] and [`C64`].

use crate::{entry, fail, handle_obj, hipblasHandle_t, hipblasStatus_t, operation, status, Result};
use rocblas::c_handle::HandleObj;
use rocblas::kernel::Ptr;
use rocblas::level2::{
    gemv, ger, gerc, hemv, her, symv, syr, trmv, trsv, Field, Gemv, Ger, Her, Symv, Syr, Trmv,
};
use rocblas::level3::Batch;
use rocblas::{Diagonal, Fill, PointerMode, C32, C64};

/// A routine of the crate's level 2, as the entry points call it.
type Routine<G> = unsafe fn(&HandleObj, PointerMode, &G) -> rocblas::Result<()>;

/// Runs a Level 2 call on `handle`: the handle is checked first, then `args` converts the C
/// arguments (hipBLAS's enums), then `routine` checks and queues the work; rocBLAS's statuses
/// become hipBLAS's.
///
/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn run<G>(
    handle: hipblasHandle_t,
    args: impl FnOnce() -> Result<G>,
    routine: Routine<G>,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { handle_obj(handle)? };
    let g = args()?;
    // SAFETY: forwarded caller contract.
    Ok(unsafe { routine(h, h.pointer_mode(), &g) }?)
}

/// hipBLAS's fill mode (the same numbers as rocBLAS's); others are
/// `HIPBLAS_STATUS_INVALID_ENUM`.
fn fill(v: i32) -> Result<Fill> {
    Fill::from_raw(v).or_else(|_| {
        fail(
            status::INVALID_ENUM,
            format!("{v} is not a hipblasFillMode_t"),
        )
    })
}

/// hipBLAS's diagonal type (the same numbers as rocBLAS's); others are
/// `HIPBLAS_STATUS_INVALID_ENUM`.
fn diagonal(v: i32) -> Result<Diagonal> {
    Diagonal::from_raw(v).or_else(|_| {
        fail(
            status::INVALID_ENUM,
            format!("{v} is not a hipblasDiagType_t"),
        )
    })
}

/// `trmv` in the shape of the other routines (it has no scalar, so no pointer mode).
///
/// # Safety
/// As [`trmv`].
unsafe fn trmv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> rocblas::Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { trmv(h, t) }
}

/// `trsv` in the shape of the other routines.
///
/// # Safety
/// As [`trsv`].
unsafe fn trsv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> rocblas::Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { trsv(h, t) }
}

/// The matrices or vectors of a strided batch: the first at `p`, the next `stride` elements on.
fn strided<T>(p: *const T, stride: i64) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride,
    }
}

/// The matrices or vectors of a batched call: a device array of one pointer each.
fn array<T>(p: *const *const T) -> Batch<T> {
    Batch::Array(Ptr(p))
}

macro_rules! gemv_entries {
    ($t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            trans: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Gemv {
                    trans: operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    a: Batch::one(a),
                    lda: i64::from(lda),
                    x: Batch::one(x),
                    incx: i64::from(incx),
                    beta,
                    y: Batch::one(y),
                    incy: i64::from(incy),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($plain), || unsafe {
                run(handle, args, gemv::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            trans: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
            stride_y: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Gemv {
                    trans: operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    a: strided(a, stride_a),
                    lda: i64::from(lda),
                    x: strided(x, stride_x),
                    incx: i64::from(incx),
                    beta,
                    y: strided(y, stride_y),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($strided), || unsafe {
                run(handle, args, gemv::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            trans: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Gemv {
                    trans: operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    a: array(a),
                    lda: i64::from(lda),
                    x: array(x),
                    incx: i64::from(incx),
                    beta,
                    y: array(y.cast()),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($batched), || unsafe {
                run(handle, args, gemv::<$t, HandleObj>)
            })
        }
    };
}

/// `ger`, `geru` and `gerc`: `$routine` is the crate's `ger` or `gerc`.
macro_rules! ger_entries {
    ($t:ty, $int:ty, $routine:ident, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            m: $int,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            a: *mut $t,
            lda: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Ger {
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    x: Batch::one(x),
                    incx: i64::from(incx),
                    y: Batch::one(y),
                    incy: i64::from(incy),
                    a: Batch::one(a),
                    lda: i64::from(lda),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($plain), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            m: $int,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            y: *const $t,
            incy: $int,
            stride_y: i64,
            a: *mut $t,
            lda: $int,
            stride_a: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Ger {
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    x: strided(x, stride_x),
                    incx: i64::from(incx),
                    y: strided(y, stride_y),
                    incy: i64::from(incy),
                    a: strided(a, stride_a),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($strided), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            m: $int,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            a: *const *mut $t,
            lda: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Ger {
                    m: i64::from(m),
                    n: i64::from(n),
                    alpha,
                    x: array(x),
                    incx: i64::from(incx),
                    y: array(y),
                    incy: i64::from(incy),
                    a: array(a.cast()),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($batched), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }
    };
}

/// `symv` and `hemv`: `$routine` is the crate's `symv` or `hemv`.
macro_rules! symv_entries {
    ($t:ty, $int:ty, $routine:ident, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Symv {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: Batch::one(a),
                    lda: i64::from(lda),
                    x: Batch::one(x),
                    incx: i64::from(incx),
                    beta,
                    y: Batch::one(y),
                    incy: i64::from(incy),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($plain), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
            stride_y: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Symv {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: strided(a, stride_a),
                    lda: i64::from(lda),
                    x: strided(x, stride_x),
                    incx: i64::from(incx),
                    beta,
                    y: strided(y, stride_y),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($strided), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Symv {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: array(a),
                    lda: i64::from(lda),
                    x: array(x),
                    incx: i64::from(incx),
                    beta,
                    y: array(y.cast()),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($batched), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }
    };
}

/// `syr` and `her`: `$routine` is the crate's `syr` or `her`, `$args` its argument struct and
/// `$s` alpha's type (the element type for `syr`, the real type for `her`).
macro_rules! syr_entries {
    (
        $t:ty, $s:ty, $int:ty, $routine:ident, $args:ident,
        $plain:ident, $strided:ident, $batched:ident
    ) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const $t,
            incx: $int,
            a: *mut $t,
            lda: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok($args::<$t> {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: Batch::one(x),
                    incx: i64::from(incx),
                    a: Batch::one(a),
                    lda: i64::from(lda),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($plain), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            a: *mut $t,
            lda: $int,
            stride_a: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok($args::<$t> {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: strided(x, stride_x),
                    incx: i64::from(incx),
                    a: strided(a, stride_a),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($strided), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const *const $t,
            incx: $int,
            a: *const *mut $t,
            lda: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok($args::<$t> {
                    uplo: fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: array(x),
                    incx: i64::from(incx),
                    a: array(a.cast()),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($batched), || unsafe {
                run(handle, args, $routine::<$t, HandleObj>)
            })
        }
    };
}

/// `trmv` and `trsv`: `$routine` is `trmv_call` or `trsv_call`.
macro_rules! triangular_entries {
    ($t:ty, $int:ty, $routine:ident, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            lda: $int,
            x: *mut $t,
            incx: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Trmv {
                    uplo: fill(uplo)?,
                    trans: operation(trans_a)?,
                    diag: diagonal(diag)?,
                    n: i64::from(n),
                    a: Batch::one(a),
                    lda: i64::from(lda),
                    x: Batch::one(x),
                    incx: i64::from(incx),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($plain), || unsafe {
                run(handle, args, $routine::<$t>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            x: *mut $t,
            incx: $int,
            stride_x: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Trmv {
                    uplo: fill(uplo)?,
                    trans: operation(trans_a)?,
                    diag: diagonal(diag)?,
                    n: i64::from(n),
                    a: strided(a, stride_a),
                    lda: i64::from(lda),
                    x: strided(x, stride_x),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($strided), || unsafe {
                run(handle, args, $routine::<$t>)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const *const $t,
            lda: $int,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
            let args = || {
                Ok(Trmv {
                    uplo: fill(uplo)?,
                    trans: operation(trans_a)?,
                    diag: diagonal(diag)?,
                    n: i64::from(n),
                    a: array(a),
                    lda: i64::from(lda),
                    x: array(x.cast()),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            entry(stringify!($batched), || unsafe {
                run(handle, args, $routine::<$t>)
            })
        }
    };
}

// The 32-bit entry points, then their `_64` (64-bit sizes, increments and batch counts) twins.
gemv_entries!(
    f32,
    i32,
    hipblasSgemv,
    hipblasSgemvStridedBatched,
    hipblasSgemvBatched
);
gemv_entries!(
    f64,
    i32,
    hipblasDgemv,
    hipblasDgemvStridedBatched,
    hipblasDgemvBatched
);
gemv_entries!(
    C32,
    i32,
    hipblasCgemv,
    hipblasCgemvStridedBatched,
    hipblasCgemvBatched
);
gemv_entries!(
    C64,
    i32,
    hipblasZgemv,
    hipblasZgemvStridedBatched,
    hipblasZgemvBatched
);
ger_entries!(
    f32,
    i32,
    ger,
    hipblasSger,
    hipblasSgerStridedBatched,
    hipblasSgerBatched
);
ger_entries!(
    f64,
    i32,
    ger,
    hipblasDger,
    hipblasDgerStridedBatched,
    hipblasDgerBatched
);
ger_entries!(
    C32,
    i32,
    ger,
    hipblasCgeru,
    hipblasCgeruStridedBatched,
    hipblasCgeruBatched
);
ger_entries!(
    C32,
    i32,
    gerc,
    hipblasCgerc,
    hipblasCgercStridedBatched,
    hipblasCgercBatched
);
ger_entries!(
    C64,
    i32,
    ger,
    hipblasZgeru,
    hipblasZgeruStridedBatched,
    hipblasZgeruBatched
);
ger_entries!(
    C64,
    i32,
    gerc,
    hipblasZgerc,
    hipblasZgercStridedBatched,
    hipblasZgercBatched
);
symv_entries!(
    f32,
    i32,
    symv,
    hipblasSsymv,
    hipblasSsymvStridedBatched,
    hipblasSsymvBatched
);
symv_entries!(
    f64,
    i32,
    symv,
    hipblasDsymv,
    hipblasDsymvStridedBatched,
    hipblasDsymvBatched
);
symv_entries!(
    C32,
    i32,
    symv,
    hipblasCsymv,
    hipblasCsymvStridedBatched,
    hipblasCsymvBatched
);
symv_entries!(
    C64,
    i32,
    symv,
    hipblasZsymv,
    hipblasZsymvStridedBatched,
    hipblasZsymvBatched
);
symv_entries!(
    C32,
    i32,
    hemv,
    hipblasChemv,
    hipblasChemvStridedBatched,
    hipblasChemvBatched
);
symv_entries!(
    C64,
    i32,
    hemv,
    hipblasZhemv,
    hipblasZhemvStridedBatched,
    hipblasZhemvBatched
);
syr_entries!(
    f32,
    f32,
    i32,
    syr,
    Syr,
    hipblasSsyr,
    hipblasSsyrStridedBatched,
    hipblasSsyrBatched
);
syr_entries!(
    f64,
    f64,
    i32,
    syr,
    Syr,
    hipblasDsyr,
    hipblasDsyrStridedBatched,
    hipblasDsyrBatched
);
syr_entries!(
    C32,
    C32,
    i32,
    syr,
    Syr,
    hipblasCsyr,
    hipblasCsyrStridedBatched,
    hipblasCsyrBatched
);
syr_entries!(
    C64,
    C64,
    i32,
    syr,
    Syr,
    hipblasZsyr,
    hipblasZsyrStridedBatched,
    hipblasZsyrBatched
);
syr_entries!(
    C32,
    f32,
    i32,
    her,
    Her,
    hipblasCher,
    hipblasCherStridedBatched,
    hipblasCherBatched
);
syr_entries!(
    C64,
    f64,
    i32,
    her,
    Her,
    hipblasZher,
    hipblasZherStridedBatched,
    hipblasZherBatched
);
triangular_entries!(
    f32,
    i32,
    trmv_call,
    hipblasStrmv,
    hipblasStrmvStridedBatched,
    hipblasStrmvBatched
);
triangular_entries!(
    f64,
    i32,
    trmv_call,
    hipblasDtrmv,
    hipblasDtrmvStridedBatched,
    hipblasDtrmvBatched
);
triangular_entries!(
    C32,
    i32,
    trmv_call,
    hipblasCtrmv,
    hipblasCtrmvStridedBatched,
    hipblasCtrmvBatched
);
triangular_entries!(
    C64,
    i32,
    trmv_call,
    hipblasZtrmv,
    hipblasZtrmvStridedBatched,
    hipblasZtrmvBatched
);
triangular_entries!(
    f32,
    i32,
    trsv_call,
    hipblasStrsv,
    hipblasStrsvStridedBatched,
    hipblasStrsvBatched
);
triangular_entries!(
    f64,
    i32,
    trsv_call,
    hipblasDtrsv,
    hipblasDtrsvStridedBatched,
    hipblasDtrsvBatched
);
triangular_entries!(
    C32,
    i32,
    trsv_call,
    hipblasCtrsv,
    hipblasCtrsvStridedBatched,
    hipblasCtrsvBatched
);
triangular_entries!(
    C64,
    i32,
    trsv_call,
    hipblasZtrsv,
    hipblasZtrsvStridedBatched,
    hipblasZtrsvBatched
);

gemv_entries!(
    f32,
    i64,
    hipblasSgemv_64,
    hipblasSgemvStridedBatched_64,
    hipblasSgemvBatched_64
);
gemv_entries!(
    f64,
    i64,
    hipblasDgemv_64,
    hipblasDgemvStridedBatched_64,
    hipblasDgemvBatched_64
);
gemv_entries!(
    C32,
    i64,
    hipblasCgemv_64,
    hipblasCgemvStridedBatched_64,
    hipblasCgemvBatched_64
);
gemv_entries!(
    C64,
    i64,
    hipblasZgemv_64,
    hipblasZgemvStridedBatched_64,
    hipblasZgemvBatched_64
);
ger_entries!(
    f32,
    i64,
    ger,
    hipblasSger_64,
    hipblasSgerStridedBatched_64,
    hipblasSgerBatched_64
);
ger_entries!(
    f64,
    i64,
    ger,
    hipblasDger_64,
    hipblasDgerStridedBatched_64,
    hipblasDgerBatched_64
);
ger_entries!(
    C32,
    i64,
    ger,
    hipblasCgeru_64,
    hipblasCgeruStridedBatched_64,
    hipblasCgeruBatched_64
);
ger_entries!(
    C32,
    i64,
    gerc,
    hipblasCgerc_64,
    hipblasCgercStridedBatched_64,
    hipblasCgercBatched_64
);
ger_entries!(
    C64,
    i64,
    ger,
    hipblasZgeru_64,
    hipblasZgeruStridedBatched_64,
    hipblasZgeruBatched_64
);
ger_entries!(
    C64,
    i64,
    gerc,
    hipblasZgerc_64,
    hipblasZgercStridedBatched_64,
    hipblasZgercBatched_64
);
symv_entries!(
    f32,
    i64,
    symv,
    hipblasSsymv_64,
    hipblasSsymvStridedBatched_64,
    hipblasSsymvBatched_64
);
symv_entries!(
    f64,
    i64,
    symv,
    hipblasDsymv_64,
    hipblasDsymvStridedBatched_64,
    hipblasDsymvBatched_64
);
symv_entries!(
    C32,
    i64,
    symv,
    hipblasCsymv_64,
    hipblasCsymvStridedBatched_64,
    hipblasCsymvBatched_64
);
symv_entries!(
    C64,
    i64,
    symv,
    hipblasZsymv_64,
    hipblasZsymvStridedBatched_64,
    hipblasZsymvBatched_64
);
symv_entries!(
    C32,
    i64,
    hemv,
    hipblasChemv_64,
    hipblasChemvStridedBatched_64,
    hipblasChemvBatched_64
);
symv_entries!(
    C64,
    i64,
    hemv,
    hipblasZhemv_64,
    hipblasZhemvStridedBatched_64,
    hipblasZhemvBatched_64
);
syr_entries!(
    f32,
    f32,
    i64,
    syr,
    Syr,
    hipblasSsyr_64,
    hipblasSsyrStridedBatched_64,
    hipblasSsyrBatched_64
);
syr_entries!(
    f64,
    f64,
    i64,
    syr,
    Syr,
    hipblasDsyr_64,
    hipblasDsyrStridedBatched_64,
    hipblasDsyrBatched_64
);
syr_entries!(
    C32,
    C32,
    i64,
    syr,
    Syr,
    hipblasCsyr_64,
    hipblasCsyrStridedBatched_64,
    hipblasCsyrBatched_64
);
syr_entries!(
    C64,
    C64,
    i64,
    syr,
    Syr,
    hipblasZsyr_64,
    hipblasZsyrStridedBatched_64,
    hipblasZsyrBatched_64
);
syr_entries!(
    C32,
    f32,
    i64,
    her,
    Her,
    hipblasCher_64,
    hipblasCherStridedBatched_64,
    hipblasCherBatched_64
);
syr_entries!(
    C64,
    f64,
    i64,
    her,
    Her,
    hipblasZher_64,
    hipblasZherStridedBatched_64,
    hipblasZherBatched_64
);
triangular_entries!(
    f32,
    i64,
    trmv_call,
    hipblasStrmv_64,
    hipblasStrmvStridedBatched_64,
    hipblasStrmvBatched_64
);
triangular_entries!(
    f64,
    i64,
    trmv_call,
    hipblasDtrmv_64,
    hipblasDtrmvStridedBatched_64,
    hipblasDtrmvBatched_64
);
triangular_entries!(
    C32,
    i64,
    trmv_call,
    hipblasCtrmv_64,
    hipblasCtrmvStridedBatched_64,
    hipblasCtrmvBatched_64
);
triangular_entries!(
    C64,
    i64,
    trmv_call,
    hipblasZtrmv_64,
    hipblasZtrmvStridedBatched_64,
    hipblasZtrmvBatched_64
);
triangular_entries!(
    f32,
    i64,
    trsv_call,
    hipblasStrsv_64,
    hipblasStrsvStridedBatched_64,
    hipblasStrsvBatched_64
);
triangular_entries!(
    f64,
    i64,
    trsv_call,
    hipblasDtrsv_64,
    hipblasDtrsvStridedBatched_64,
    hipblasDtrsvBatched_64
);
triangular_entries!(
    C32,
    i64,
    trsv_call,
    hipblasCtrsv_64,
    hipblasCtrsvStridedBatched_64,
    hipblasCtrsvBatched_64
);
triangular_entries!(
    C64,
    i64,
    trsv_call,
    hipblasZtrsv_64,
    hipblasZtrsvStridedBatched_64,
    hipblasZtrsvBatched_64
);
