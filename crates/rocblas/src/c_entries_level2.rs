//! The C entry points of the Level 2 routines beyond level2.rs, for both C libraries: band
//! (`gbmv`, `sbmv`/`hbmv`, `tbmv`/`tbsv`), packed (`spmv`/`hpmv`, `tpmv`/`tpsv`, `spr`/`hpr`,
//! `spr2`/`hpr2`) and full rank-2 (`syr2`/`her2`). Each macro generates a routine's plain,
//! strided-batched and batched `extern "C"` functions over [`CEdge`], as c_entries.rs does for
//! the others; the libraries name each symbol in a table row. In the strided-batched forms each
//! stride follows the matrix or vector it steps (after its leading dimension or increment), in
//! both rocBLAS's and hipBLAS's orders.

use crate::c_entries::CEdge;
use crate::c_handle::{HandleObj, RocblasHandle};

/// A routine without scalars (so without a pointer mode), as the entry points call it.
#[doc(hidden)]
pub type Unscaled<G> = unsafe fn(&HandleObj, &G) -> crate::Result<()>;

/// Runs a call of a routine without scalars on `handle`: the handle is checked first, then
/// `args` converts the C arguments (enums through the edge), then `routine` checks and queues
/// the work.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[doc(hidden)]
pub unsafe fn run_unscaled<E: CEdge, G>(
    handle: RocblasHandle,
    args: impl FnOnce() -> Result<G, E::Error>,
    routine: Unscaled<G>,
) -> Result<(), E::Error> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { E::handle(handle)? };
    let g = args()?;
    // SAFETY: forwarded caller contract.
    Ok(unsafe { routine(h, &g) }?)
}

/// `<t>gbmv`: `y = alpha * op(A) x + beta * y`, A a band matrix.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! gbmv_entries {
    (
        $e:ty;
        $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            trans: i32,
            m: $int,
            n: $int,
            kl: $int,
            ku: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Gbmv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    kl: i64::from(kl),
                    ku: i64::from(ku),
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::one(y),
                    incy: i64::from(incy),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::gbmv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            trans: i32,
            m: $int,
            n: $int,
            kl: $int,
            ku: $int,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Gbmv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    kl: i64::from(kl),
                    ku: i64::from(ku),
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::strided(y, stride_y),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::gbmv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            trans: i32,
            m: $int,
            n: $int,
            kl: $int,
            ku: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Gbmv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
                    kl: i64::from(kl),
                    ku: i64::from(ku),
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::array(y.cast()),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::gbmv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `sbmv` and `hbmv`: `$routine` is the crate's `sbmv` or `hbmv`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! sbmv_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Sbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::one(y),
                    incy: i64::from(incy),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            k: $int,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Sbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::strided(y, stride_y),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Sbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::array(y.cast()),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `tbmv` and `tbsv`: `$routine` is the crate's `tbmv` or `tbsv`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! band_triangular_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            k: $int,
            a: *const $t,
            lda: $int,
            x: *mut $t,
            incx: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Tbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            k: $int,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            x: *mut $t,
            incx: $int,
            stride_x: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Tbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            k: $int,
            a: *const *const $t,
            lda: $int,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_band::Tbmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    k: i64::from(k),
                    a: $crate::c_entries::array(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::array(x.cast()),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_band::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `spmv` and `hpmv`: `$routine` is the crate's `spmv` or `hpmv`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! spmv_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: $crate::c_entries::one(a),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::one(y),
                    incy: i64::from(incy),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            stride_a: i64,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
            stride_y: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::strided(y, stride_y),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    a: $crate::c_entries::array(a),
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    beta,
                    y: $crate::c_entries::array(y.cast()),
                    incy: i64::from(incy),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `tpmv` and `tpsv`: `$routine` is the crate's `tpmv` or `tpsv`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! packed_triangular_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            x: *mut $t,
            incx: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Tpmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::one(a),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            stride_a: i64,
            x: *mut $t,
            incx: $int,
            stride_x: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Tpmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::strided(a, stride_a),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            diag: i32,
            n: $int,
            a: *const *const $t,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Tpmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::array(a),
                    x: $crate::c_entries::array(x.cast()),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries_level2::run_unscaled::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `spr` and `hpr`: `$routine` is the crate's `spr` or `hpr`, `$args` its argument struct
/// and `$s` alpha's type (the element type for `spr`, the real type for `hpr`).
///
/// Rows: `$t, $s, $int, $routine, $args => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! spr_entries {
    (
        $e:ty;
        $(
            $t:ty, $s:ty, $int:ty, $routine:ident, $args:ident
                => $plain:ident, $strided:ident, $batched:ident;
        )+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const $t,
            incx: $int,
            a: *mut $t,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    a: $crate::c_entries::one(a),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            a: *mut $t,
            stride_a: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    a: $crate::c_entries::strided(a, stride_a),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $s,
            x: *const *const $t,
            incx: $int,
            a: *const *mut $t,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    a: $crate::c_entries::array(a.cast()),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `spr2` and `hpr2`: `$routine` is the crate's `spr2` or `hpr2`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! spr2_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            a: *mut $t,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::one(y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::one(a),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            y: *const $t,
            incy: $int,
            stride_y: i64,
            a: *mut $t,
            stride_a: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::strided(y, stride_y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::strided(a, stride_a),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            a: *const *mut $t,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_packed::Spr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::array(y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::array(a.cast()),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_packed::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `syr2` and `her2`: `$routine` is the crate's `syr2` or `her2`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! syr2_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            a: *mut $t,
            lda: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_rank2::Syr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::one(y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_rank2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2_rank2::Syr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::strided(y, stride_y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_rank2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            a: *const *mut $t,
            lda: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2_rank2::Syr2 {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
                    y: $crate::c_entries::array(y),
                    incy: i64::from(incy),
                    a: $crate::c_entries::array(a.cast()),
                    lda: i64::from(lda),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::level2_rank2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}
