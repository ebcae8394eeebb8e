//! Level 2 entry points: `rocblas_<t>gemv`, `ger`/`geru`/`gerc`, `symv`/`hemv`, `syr`/`her`,
//! `trmv` and `trsv`, each with its strided-batched, batched and `_64` forms, generated for
//! each element type from one body per routine.
//!
//! Argument orders are ROCm 6 rocBLAS's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`A, lda, stride_A, x, incx, stride_x, ...`).

use crate::{entry, rocblas_status};
use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::kernel::Ptr;
use rocblas::level2::{
    gemv, ger, gerc, hemv, her, symv, syr, trmv, trsv, Field, Gemv, Ger, Her, Symv, Syr, Trmv,
};
use rocblas::level3::Batch;
use rocblas::{Diagonal, Fill, Operation, PointerMode, Result, C32, C64};

/// A routine of the crate's level 2, as the entry points call it.
type Routine<G> = unsafe fn(&HandleObj, PointerMode, &G) -> Result<()>;

/// Runs a Level 2 call on `handle`: the handle is checked first, then `args` converts the C
/// arguments (enums from their numbers), then `routine` checks and queues the work.
///
/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn run<G>(
    handle: RocblasHandle,
    args: impl FnOnce() -> Result<G>,
    routine: Routine<G>,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { HandleObj::get(handle)? };
    let g = args()?;
    // SAFETY: forwarded caller contract.
    unsafe { routine(h, h.pointer_mode(), &g) }
}

/// `trmv` in the shape of the other routines (it has no scalar, so no pointer mode).
///
/// # Safety
/// As [`trmv`].
unsafe fn trmv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { trmv(h, t) }
}

/// `trsv` in the shape of the other routines.
///
/// # Safety
/// As [`trsv`].
unsafe fn trsv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> Result<()> {
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Gemv {
                    trans: Operation::from_raw(trans)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Gemv {
                    trans: Operation::from_raw(trans)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Gemv {
                    trans: Operation::from_raw(trans)?,
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
            handle: RocblasHandle,
            m: $int,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            a: *mut $t,
            lda: $int,
        ) -> rocblas_status {
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Symv {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Symv {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Symv {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const $t,
            incx: $int,
            a: *mut $t,
            lda: $int,
        ) -> rocblas_status {
            let args = || {
                Ok($args::<$t> {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok($args::<$t> {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const *const $t,
            incx: $int,
            a: *const *mut $t,
            lda: $int,
            batch_count: $int,
        ) -> rocblas_status {
            let args = || {
                Ok($args::<$t> {
                    uplo: Fill::from_raw(uplo)?,
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
            handle: RocblasHandle,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            lda: $int,
            x: *mut $t,
            incx: $int,
        ) -> rocblas_status {
            let args = || {
                Ok(Trmv {
                    uplo: Fill::from_raw(uplo)?,
                    trans: Operation::from_raw(trans_a)?,
                    diag: Diagonal::from_raw(diag)?,
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
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let args = || {
                Ok(Trmv {
                    uplo: Fill::from_raw(uplo)?,
                    trans: Operation::from_raw(trans_a)?,
                    diag: Diagonal::from_raw(diag)?,
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
            handle: RocblasHandle,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const *const $t,
            lda: $int,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> rocblas_status {
            let args = || {
                Ok(Trmv {
                    uplo: Fill::from_raw(uplo)?,
                    trans: Operation::from_raw(trans_a)?,
                    diag: Diagonal::from_raw(diag)?,
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
    rocblas_sgemv,
    rocblas_sgemv_strided_batched,
    rocblas_sgemv_batched
);
gemv_entries!(
    f64,
    i32,
    rocblas_dgemv,
    rocblas_dgemv_strided_batched,
    rocblas_dgemv_batched
);
gemv_entries!(
    C32,
    i32,
    rocblas_cgemv,
    rocblas_cgemv_strided_batched,
    rocblas_cgemv_batched
);
gemv_entries!(
    C64,
    i32,
    rocblas_zgemv,
    rocblas_zgemv_strided_batched,
    rocblas_zgemv_batched
);
ger_entries!(
    f32,
    i32,
    ger,
    rocblas_sger,
    rocblas_sger_strided_batched,
    rocblas_sger_batched
);
ger_entries!(
    f64,
    i32,
    ger,
    rocblas_dger,
    rocblas_dger_strided_batched,
    rocblas_dger_batched
);
ger_entries!(
    C32,
    i32,
    ger,
    rocblas_cgeru,
    rocblas_cgeru_strided_batched,
    rocblas_cgeru_batched
);
ger_entries!(
    C32,
    i32,
    gerc,
    rocblas_cgerc,
    rocblas_cgerc_strided_batched,
    rocblas_cgerc_batched
);
ger_entries!(
    C64,
    i32,
    ger,
    rocblas_zgeru,
    rocblas_zgeru_strided_batched,
    rocblas_zgeru_batched
);
ger_entries!(
    C64,
    i32,
    gerc,
    rocblas_zgerc,
    rocblas_zgerc_strided_batched,
    rocblas_zgerc_batched
);
symv_entries!(
    f32,
    i32,
    symv,
    rocblas_ssymv,
    rocblas_ssymv_strided_batched,
    rocblas_ssymv_batched
);
symv_entries!(
    f64,
    i32,
    symv,
    rocblas_dsymv,
    rocblas_dsymv_strided_batched,
    rocblas_dsymv_batched
);
symv_entries!(
    C32,
    i32,
    symv,
    rocblas_csymv,
    rocblas_csymv_strided_batched,
    rocblas_csymv_batched
);
symv_entries!(
    C64,
    i32,
    symv,
    rocblas_zsymv,
    rocblas_zsymv_strided_batched,
    rocblas_zsymv_batched
);
symv_entries!(
    C32,
    i32,
    hemv,
    rocblas_chemv,
    rocblas_chemv_strided_batched,
    rocblas_chemv_batched
);
symv_entries!(
    C64,
    i32,
    hemv,
    rocblas_zhemv,
    rocblas_zhemv_strided_batched,
    rocblas_zhemv_batched
);
syr_entries!(
    f32,
    f32,
    i32,
    syr,
    Syr,
    rocblas_ssyr,
    rocblas_ssyr_strided_batched,
    rocblas_ssyr_batched
);
syr_entries!(
    f64,
    f64,
    i32,
    syr,
    Syr,
    rocblas_dsyr,
    rocblas_dsyr_strided_batched,
    rocblas_dsyr_batched
);
syr_entries!(
    C32,
    C32,
    i32,
    syr,
    Syr,
    rocblas_csyr,
    rocblas_csyr_strided_batched,
    rocblas_csyr_batched
);
syr_entries!(
    C64,
    C64,
    i32,
    syr,
    Syr,
    rocblas_zsyr,
    rocblas_zsyr_strided_batched,
    rocblas_zsyr_batched
);
syr_entries!(
    C32,
    f32,
    i32,
    her,
    Her,
    rocblas_cher,
    rocblas_cher_strided_batched,
    rocblas_cher_batched
);
syr_entries!(
    C64,
    f64,
    i32,
    her,
    Her,
    rocblas_zher,
    rocblas_zher_strided_batched,
    rocblas_zher_batched
);
triangular_entries!(
    f32,
    i32,
    trmv_call,
    rocblas_strmv,
    rocblas_strmv_strided_batched,
    rocblas_strmv_batched
);
triangular_entries!(
    f64,
    i32,
    trmv_call,
    rocblas_dtrmv,
    rocblas_dtrmv_strided_batched,
    rocblas_dtrmv_batched
);
triangular_entries!(
    C32,
    i32,
    trmv_call,
    rocblas_ctrmv,
    rocblas_ctrmv_strided_batched,
    rocblas_ctrmv_batched
);
triangular_entries!(
    C64,
    i32,
    trmv_call,
    rocblas_ztrmv,
    rocblas_ztrmv_strided_batched,
    rocblas_ztrmv_batched
);
triangular_entries!(
    f32,
    i32,
    trsv_call,
    rocblas_strsv,
    rocblas_strsv_strided_batched,
    rocblas_strsv_batched
);
triangular_entries!(
    f64,
    i32,
    trsv_call,
    rocblas_dtrsv,
    rocblas_dtrsv_strided_batched,
    rocblas_dtrsv_batched
);
triangular_entries!(
    C32,
    i32,
    trsv_call,
    rocblas_ctrsv,
    rocblas_ctrsv_strided_batched,
    rocblas_ctrsv_batched
);
triangular_entries!(
    C64,
    i32,
    trsv_call,
    rocblas_ztrsv,
    rocblas_ztrsv_strided_batched,
    rocblas_ztrsv_batched
);

gemv_entries!(
    f32,
    i64,
    rocblas_sgemv_64,
    rocblas_sgemv_strided_batched_64,
    rocblas_sgemv_batched_64
);
gemv_entries!(
    f64,
    i64,
    rocblas_dgemv_64,
    rocblas_dgemv_strided_batched_64,
    rocblas_dgemv_batched_64
);
gemv_entries!(
    C32,
    i64,
    rocblas_cgemv_64,
    rocblas_cgemv_strided_batched_64,
    rocblas_cgemv_batched_64
);
gemv_entries!(
    C64,
    i64,
    rocblas_zgemv_64,
    rocblas_zgemv_strided_batched_64,
    rocblas_zgemv_batched_64
);
ger_entries!(
    f32,
    i64,
    ger,
    rocblas_sger_64,
    rocblas_sger_strided_batched_64,
    rocblas_sger_batched_64
);
ger_entries!(
    f64,
    i64,
    ger,
    rocblas_dger_64,
    rocblas_dger_strided_batched_64,
    rocblas_dger_batched_64
);
ger_entries!(
    C32,
    i64,
    ger,
    rocblas_cgeru_64,
    rocblas_cgeru_strided_batched_64,
    rocblas_cgeru_batched_64
);
ger_entries!(
    C32,
    i64,
    gerc,
    rocblas_cgerc_64,
    rocblas_cgerc_strided_batched_64,
    rocblas_cgerc_batched_64
);
ger_entries!(
    C64,
    i64,
    ger,
    rocblas_zgeru_64,
    rocblas_zgeru_strided_batched_64,
    rocblas_zgeru_batched_64
);
ger_entries!(
    C64,
    i64,
    gerc,
    rocblas_zgerc_64,
    rocblas_zgerc_strided_batched_64,
    rocblas_zgerc_batched_64
);
symv_entries!(
    f32,
    i64,
    symv,
    rocblas_ssymv_64,
    rocblas_ssymv_strided_batched_64,
    rocblas_ssymv_batched_64
);
symv_entries!(
    f64,
    i64,
    symv,
    rocblas_dsymv_64,
    rocblas_dsymv_strided_batched_64,
    rocblas_dsymv_batched_64
);
symv_entries!(
    C32,
    i64,
    symv,
    rocblas_csymv_64,
    rocblas_csymv_strided_batched_64,
    rocblas_csymv_batched_64
);
symv_entries!(
    C64,
    i64,
    symv,
    rocblas_zsymv_64,
    rocblas_zsymv_strided_batched_64,
    rocblas_zsymv_batched_64
);
symv_entries!(
    C32,
    i64,
    hemv,
    rocblas_chemv_64,
    rocblas_chemv_strided_batched_64,
    rocblas_chemv_batched_64
);
symv_entries!(
    C64,
    i64,
    hemv,
    rocblas_zhemv_64,
    rocblas_zhemv_strided_batched_64,
    rocblas_zhemv_batched_64
);
syr_entries!(
    f32,
    f32,
    i64,
    syr,
    Syr,
    rocblas_ssyr_64,
    rocblas_ssyr_strided_batched_64,
    rocblas_ssyr_batched_64
);
syr_entries!(
    f64,
    f64,
    i64,
    syr,
    Syr,
    rocblas_dsyr_64,
    rocblas_dsyr_strided_batched_64,
    rocblas_dsyr_batched_64
);
syr_entries!(
    C32,
    C32,
    i64,
    syr,
    Syr,
    rocblas_csyr_64,
    rocblas_csyr_strided_batched_64,
    rocblas_csyr_batched_64
);
syr_entries!(
    C64,
    C64,
    i64,
    syr,
    Syr,
    rocblas_zsyr_64,
    rocblas_zsyr_strided_batched_64,
    rocblas_zsyr_batched_64
);
syr_entries!(
    C32,
    f32,
    i64,
    her,
    Her,
    rocblas_cher_64,
    rocblas_cher_strided_batched_64,
    rocblas_cher_batched_64
);
syr_entries!(
    C64,
    f64,
    i64,
    her,
    Her,
    rocblas_zher_64,
    rocblas_zher_strided_batched_64,
    rocblas_zher_batched_64
);
triangular_entries!(
    f32,
    i64,
    trmv_call,
    rocblas_strmv_64,
    rocblas_strmv_strided_batched_64,
    rocblas_strmv_batched_64
);
triangular_entries!(
    f64,
    i64,
    trmv_call,
    rocblas_dtrmv_64,
    rocblas_dtrmv_strided_batched_64,
    rocblas_dtrmv_batched_64
);
triangular_entries!(
    C32,
    i64,
    trmv_call,
    rocblas_ctrmv_64,
    rocblas_ctrmv_strided_batched_64,
    rocblas_ctrmv_batched_64
);
triangular_entries!(
    C64,
    i64,
    trmv_call,
    rocblas_ztrmv_64,
    rocblas_ztrmv_strided_batched_64,
    rocblas_ztrmv_batched_64
);
triangular_entries!(
    f32,
    i64,
    trsv_call,
    rocblas_strsv_64,
    rocblas_strsv_strided_batched_64,
    rocblas_strsv_batched_64
);
triangular_entries!(
    f64,
    i64,
    trsv_call,
    rocblas_dtrsv_64,
    rocblas_dtrsv_strided_batched_64,
    rocblas_dtrsv_batched_64
);
triangular_entries!(
    C32,
    i64,
    trsv_call,
    rocblas_ctrsv_64,
    rocblas_ctrsv_strided_batched_64,
    rocblas_ctrsv_batched_64
);
triangular_entries!(
    C64,
    i64,
    trsv_call,
    rocblas_ztrsv_64,
    rocblas_ztrsv_strided_batched_64,
    rocblas_ztrsv_batched_64
);
