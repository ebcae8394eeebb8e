//! Level 1 entry points: axpy, scal (and csscal, zdscal), copy, swap, dot (dotu, dotc), nrm2,
//! asum, iamax, iamin and rot (and csrot, zdrot, crot, zrot), each plain, `_strided_batched`
//! and `_batched`, in rocBLAS's 32-bit form and its `_64` twin, generated per element type from
//! one body per routine.
//!
//! Scalars (alpha, c, s) and results follow the handle's pointer mode, as the rocblas crate
//! reads them; strides are `rocblas_stride` in both widths.

use crate::{entry, rocblas_status, rocblas_stride};
use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::kernel::Ptr;
use rocblas::level1::{
    asum, axpy, copy, dot, dotc, iamax, iamin, nrm2, rot, scal, swap, Axpy, Dot, Pair, Reduction,
    Rot, Scal,
};
use rocblas::level3::Batch;
use rocblas::{f16, Result, C32, C64};

/// The handle behind `handle`.
///
/// # Safety
/// The caller does not destroy the handle during the call.
unsafe fn handle_obj<'a>(handle: RocblasHandle) -> Result<&'a HandleObj> {
    // SAFETY: forwarded caller contract.
    unsafe { HandleObj::get(handle) }
}

/// One vector at `p`.
fn one<T>(p: *const T) -> Batch<T> {
    Batch::one(p)
}

/// Vectors `stride` elements apart from `p`.
fn strided<T>(p: *const T, stride: i64) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride,
    }
}

/// Vectors at the pointers of the array `p`.
fn array<T>(p: *const *const T) -> Batch<T> {
    Batch::Array(Ptr(p))
}

/// `rocblas_<t>axpy`: `y = alpha * x + y`.
macro_rules! axpy_entries {
    ($t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Axpy {
                    n: n as i64,
                    alpha,
                    x: one(x),
                    incx: incx as i64,
                    y: one(y),
                    incy: incy as i64,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract for alpha, x and y.
                unsafe { axpy(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            stridex: rocblas_stride,
            y: *mut $t,
            incy: $int,
            stridey: rocblas_stride,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Axpy {
                    n: n as i64,
                    alpha,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    y: strided(y, stridey),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for alpha, x and y.
                unsafe { axpy(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Axpy {
                    n: n as i64,
                    alpha,
                    x: array(x),
                    incx: incx as i64,
                    y: array(y.cast::<*const $t>()),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for alpha, x and y.
                unsafe { axpy(h, h.pointer_mode(), &a) }
            })
        }
    };
}

/// `rocblas_<t>scal`: `x = alpha * x`, alpha of type `$a` (the real type for csscal, zdscal).
macro_rules! scal_entries {
    ($t:ty, $a:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Scal {
                    n: n as i64,
                    alpha,
                    x: one(x),
                    incx: incx as i64,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract for alpha and x.
                unsafe { scal(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
            stridex: rocblas_stride,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Scal {
                    n: n as i64,
                    alpha,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for alpha and x.
                unsafe { scal(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Scal {
                    n: n as i64,
                    alpha,
                    x: array(x.cast::<*const $t>()),
                    incx: incx as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for alpha and x.
                unsafe { scal(h, h.pointer_mode(), &a) }
            })
        }
    };
}

/// `rocblas_<t>copy` and `rocblas_<t>swap` (`$run`): two vectors, no scalar. x is `$xp` (read
/// only for copy, written by swap).
macro_rules! pair_entries {
    ($run:ident, $t:ty, $xp:tt, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            x: *$xp $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Pair {
                    n: n as i64,
                    x: one(x),
                    incx: incx as i64,
                    y: one(y),
                    incy: incy as i64,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract for x and y.
                unsafe { $run(h, &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            x: *$xp $t,
            incx: $int,
            stridex: rocblas_stride,
            y: *mut $t,
            incy: $int,
            stridey: rocblas_stride,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Pair {
                    n: n as i64,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    y: strided(y, stridey),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for x and y.
                unsafe { $run(h, &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            x: *const *$xp $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Pair {
                    n: n as i64,
                    x: array(x.cast::<*const $t>()),
                    incx: incx as i64,
                    y: array(y.cast::<*const $t>()),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for x and y.
                unsafe { $run(h, &a) }
            })
        }
    };
}

/// `rocblas_<t>dot`, `dotu` and `dotc` (`$run`): one result per batch member.
macro_rules! dot_entries {
    ($run:ident, $t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            result: *mut $t,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Dot {
                    n: n as i64,
                    x: one(x),
                    incx: incx as i64,
                    y: one(y),
                    incy: incy as i64,
                    batch_count: 1,
                    result,
                };
                // SAFETY: the C API's contract for x, y and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: rocblas_stride,
            y: *const $t,
            incy: $int,
            stridey: rocblas_stride,
            batch_count: $int,
            result: *mut $t,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Dot {
                    n: n as i64,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    y: strided(y, stridey),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                    result,
                };
                // SAFETY: the C API's contract for x, y and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            batch_count: $int,
            result: *mut $t,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Dot {
                    n: n as i64,
                    x: array(x),
                    incx: incx as i64,
                    y: array(y),
                    incy: incy as i64,
                    batch_count: batch_count as i64,
                    result,
                };
                // SAFETY: the C API's contract for x, y and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }
    };
}

/// One vector reduced to a `$r` per batch member (`$run`): nrm2 and asum (`$r` the real type),
/// iamax and iamin (`$r` the width's integer).
macro_rules! reduction_entries {
    ($run:ident, $t:ty, $r:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            result: *mut $r,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Reduction {
                    n: n as i64,
                    x: one(x),
                    incx: incx as i64,
                    batch_count: 1,
                    result,
                };
                // SAFETY: the C API's contract for x and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: rocblas_stride,
            batch_count: $int,
            result: *mut $r,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Reduction {
                    n: n as i64,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    batch_count: batch_count as i64,
                    result,
                };
                // SAFETY: the C API's contract for x and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            x: *const *const $t,
            incx: $int,
            batch_count: $int,
            result: *mut $r,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Reduction {
                    n: n as i64,
                    x: array(x),
                    incx: incx as i64,
                    batch_count: batch_count as i64,
                    result,
                };
                // SAFETY: the C API's contract for x and result.
                unsafe { $run(h, h.pointer_mode(), &a) }
            })
        }
    };
}

/// `rocblas_<t>rot`: `c` of type `$c` (real), `s` of type `$s` (real, or complex for crot and
/// zrot).
macro_rules! rot_entries {
    ($t:ty, $c:ty, $s:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
            n: $int,
            x: *mut $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Rot {
                    n: n as i64,
                    x: one(x),
                    incx: incx as i64,
                    y: one(y),
                    incy: incy as i64,
                    c,
                    s,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract for x, y, c and s.
                unsafe { rot(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
            n: $int,
            x: *mut $t,
            incx: $int,
            stridex: rocblas_stride,
            y: *mut $t,
            incy: $int,
            stridey: rocblas_stride,
            c: *const $c,
            s: *const $s,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Rot {
                    n: n as i64,
                    x: strided(x, stridex),
                    incx: incx as i64,
                    y: strided(y, stridey),
                    incy: incy as i64,
                    c,
                    s,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for x, y, c and s.
                unsafe { rot(h, h.pointer_mode(), &a) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
            n: $int,
            x: *const *mut $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
            batch_count: $int,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                // SAFETY: the caller does not destroy the handle during the call.
                let h = unsafe { handle_obj(handle)? };
                let a = Rot {
                    n: n as i64,
                    x: array(x.cast::<*const $t>()),
                    incx: incx as i64,
                    y: array(y.cast::<*const $t>()),
                    incy: incy as i64,
                    c,
                    s,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract for x, y, c and s.
                unsafe { rot(h, h.pointer_mode(), &a) }
            })
        }
    };
}

// ---- axpy ----
axpy_entries!(
    f32,
    i32,
    rocblas_saxpy,
    rocblas_saxpy_strided_batched,
    rocblas_saxpy_batched
);
axpy_entries!(
    f64,
    i32,
    rocblas_daxpy,
    rocblas_daxpy_strided_batched,
    rocblas_daxpy_batched
);
axpy_entries!(
    C32,
    i32,
    rocblas_caxpy,
    rocblas_caxpy_strided_batched,
    rocblas_caxpy_batched
);
axpy_entries!(
    C64,
    i32,
    rocblas_zaxpy,
    rocblas_zaxpy_strided_batched,
    rocblas_zaxpy_batched
);
axpy_entries!(
    f16,
    i32,
    rocblas_haxpy,
    rocblas_haxpy_strided_batched,
    rocblas_haxpy_batched
);
axpy_entries!(
    f32,
    i64,
    rocblas_saxpy_64,
    rocblas_saxpy_strided_batched_64,
    rocblas_saxpy_batched_64
);
axpy_entries!(
    f64,
    i64,
    rocblas_daxpy_64,
    rocblas_daxpy_strided_batched_64,
    rocblas_daxpy_batched_64
);
axpy_entries!(
    C32,
    i64,
    rocblas_caxpy_64,
    rocblas_caxpy_strided_batched_64,
    rocblas_caxpy_batched_64
);
axpy_entries!(
    C64,
    i64,
    rocblas_zaxpy_64,
    rocblas_zaxpy_strided_batched_64,
    rocblas_zaxpy_batched_64
);
axpy_entries!(
    f16,
    i64,
    rocblas_haxpy_64,
    rocblas_haxpy_strided_batched_64,
    rocblas_haxpy_batched_64
);

// ---- scal, csscal, zdscal ----
scal_entries!(
    f32,
    f32,
    i32,
    rocblas_sscal,
    rocblas_sscal_strided_batched,
    rocblas_sscal_batched
);
scal_entries!(
    f64,
    f64,
    i32,
    rocblas_dscal,
    rocblas_dscal_strided_batched,
    rocblas_dscal_batched
);
scal_entries!(
    C32,
    C32,
    i32,
    rocblas_cscal,
    rocblas_cscal_strided_batched,
    rocblas_cscal_batched
);
scal_entries!(
    C64,
    C64,
    i32,
    rocblas_zscal,
    rocblas_zscal_strided_batched,
    rocblas_zscal_batched
);
scal_entries!(
    C32,
    f32,
    i32,
    rocblas_csscal,
    rocblas_csscal_strided_batched,
    rocblas_csscal_batched
);
scal_entries!(
    C64,
    f64,
    i32,
    rocblas_zdscal,
    rocblas_zdscal_strided_batched,
    rocblas_zdscal_batched
);
scal_entries!(
    f32,
    f32,
    i64,
    rocblas_sscal_64,
    rocblas_sscal_strided_batched_64,
    rocblas_sscal_batched_64
);
scal_entries!(
    f64,
    f64,
    i64,
    rocblas_dscal_64,
    rocblas_dscal_strided_batched_64,
    rocblas_dscal_batched_64
);
scal_entries!(
    C32,
    C32,
    i64,
    rocblas_cscal_64,
    rocblas_cscal_strided_batched_64,
    rocblas_cscal_batched_64
);
scal_entries!(
    C64,
    C64,
    i64,
    rocblas_zscal_64,
    rocblas_zscal_strided_batched_64,
    rocblas_zscal_batched_64
);
scal_entries!(
    C32,
    f32,
    i64,
    rocblas_csscal_64,
    rocblas_csscal_strided_batched_64,
    rocblas_csscal_batched_64
);
scal_entries!(
    C64,
    f64,
    i64,
    rocblas_zdscal_64,
    rocblas_zdscal_strided_batched_64,
    rocblas_zdscal_batched_64
);

// ---- copy ----
pair_entries!(
    copy,
    f32,
    const,
    i32,
    rocblas_scopy,
    rocblas_scopy_strided_batched,
    rocblas_scopy_batched
);
pair_entries!(
    copy,
    f64,
    const,
    i32,
    rocblas_dcopy,
    rocblas_dcopy_strided_batched,
    rocblas_dcopy_batched
);
pair_entries!(
    copy,
    C32,
    const,
    i32,
    rocblas_ccopy,
    rocblas_ccopy_strided_batched,
    rocblas_ccopy_batched
);
pair_entries!(
    copy,
    C64,
    const,
    i32,
    rocblas_zcopy,
    rocblas_zcopy_strided_batched,
    rocblas_zcopy_batched
);
pair_entries!(
    copy,
    f32,
    const,
    i64,
    rocblas_scopy_64,
    rocblas_scopy_strided_batched_64,
    rocblas_scopy_batched_64
);
pair_entries!(
    copy,
    f64,
    const,
    i64,
    rocblas_dcopy_64,
    rocblas_dcopy_strided_batched_64,
    rocblas_dcopy_batched_64
);
pair_entries!(
    copy,
    C32,
    const,
    i64,
    rocblas_ccopy_64,
    rocblas_ccopy_strided_batched_64,
    rocblas_ccopy_batched_64
);
pair_entries!(
    copy,
    C64,
    const,
    i64,
    rocblas_zcopy_64,
    rocblas_zcopy_strided_batched_64,
    rocblas_zcopy_batched_64
);

// ---- swap ----
pair_entries!(
    swap,
    f32,
    mut,
    i32,
    rocblas_sswap,
    rocblas_sswap_strided_batched,
    rocblas_sswap_batched
);
pair_entries!(
    swap,
    f64,
    mut,
    i32,
    rocblas_dswap,
    rocblas_dswap_strided_batched,
    rocblas_dswap_batched
);
pair_entries!(
    swap,
    C32,
    mut,
    i32,
    rocblas_cswap,
    rocblas_cswap_strided_batched,
    rocblas_cswap_batched
);
pair_entries!(
    swap,
    C64,
    mut,
    i32,
    rocblas_zswap,
    rocblas_zswap_strided_batched,
    rocblas_zswap_batched
);
pair_entries!(
    swap,
    f32,
    mut,
    i64,
    rocblas_sswap_64,
    rocblas_sswap_strided_batched_64,
    rocblas_sswap_batched_64
);
pair_entries!(
    swap,
    f64,
    mut,
    i64,
    rocblas_dswap_64,
    rocblas_dswap_strided_batched_64,
    rocblas_dswap_batched_64
);
pair_entries!(
    swap,
    C32,
    mut,
    i64,
    rocblas_cswap_64,
    rocblas_cswap_strided_batched_64,
    rocblas_cswap_batched_64
);
pair_entries!(
    swap,
    C64,
    mut,
    i64,
    rocblas_zswap_64,
    rocblas_zswap_strided_batched_64,
    rocblas_zswap_batched_64
);

// ---- dot, dotu, dotc ----
dot_entries!(
    dot,
    f32,
    i32,
    rocblas_sdot,
    rocblas_sdot_strided_batched,
    rocblas_sdot_batched
);
dot_entries!(
    dot,
    f64,
    i32,
    rocblas_ddot,
    rocblas_ddot_strided_batched,
    rocblas_ddot_batched
);
dot_entries!(
    dot,
    f16,
    i32,
    rocblas_hdot,
    rocblas_hdot_strided_batched,
    rocblas_hdot_batched
);
dot_entries!(
    dot,
    C32,
    i32,
    rocblas_cdotu,
    rocblas_cdotu_strided_batched,
    rocblas_cdotu_batched
);
dot_entries!(
    dot,
    C64,
    i32,
    rocblas_zdotu,
    rocblas_zdotu_strided_batched,
    rocblas_zdotu_batched
);
dot_entries!(
    dotc,
    C32,
    i32,
    rocblas_cdotc,
    rocblas_cdotc_strided_batched,
    rocblas_cdotc_batched
);
dot_entries!(
    dotc,
    C64,
    i32,
    rocblas_zdotc,
    rocblas_zdotc_strided_batched,
    rocblas_zdotc_batched
);
dot_entries!(
    dot,
    f32,
    i64,
    rocblas_sdot_64,
    rocblas_sdot_strided_batched_64,
    rocblas_sdot_batched_64
);
dot_entries!(
    dot,
    f64,
    i64,
    rocblas_ddot_64,
    rocblas_ddot_strided_batched_64,
    rocblas_ddot_batched_64
);
dot_entries!(
    dot,
    f16,
    i64,
    rocblas_hdot_64,
    rocblas_hdot_strided_batched_64,
    rocblas_hdot_batched_64
);
dot_entries!(
    dot,
    C32,
    i64,
    rocblas_cdotu_64,
    rocblas_cdotu_strided_batched_64,
    rocblas_cdotu_batched_64
);
dot_entries!(
    dot,
    C64,
    i64,
    rocblas_zdotu_64,
    rocblas_zdotu_strided_batched_64,
    rocblas_zdotu_batched_64
);
dot_entries!(
    dotc,
    C32,
    i64,
    rocblas_cdotc_64,
    rocblas_cdotc_strided_batched_64,
    rocblas_cdotc_batched_64
);
dot_entries!(
    dotc,
    C64,
    i64,
    rocblas_zdotc_64,
    rocblas_zdotc_strided_batched_64,
    rocblas_zdotc_batched_64
);

// ---- nrm2, scnrm2, dznrm2 ----
reduction_entries!(
    nrm2,
    f32,
    f32,
    i32,
    rocblas_snrm2,
    rocblas_snrm2_strided_batched,
    rocblas_snrm2_batched
);
reduction_entries!(
    nrm2,
    f64,
    f64,
    i32,
    rocblas_dnrm2,
    rocblas_dnrm2_strided_batched,
    rocblas_dnrm2_batched
);
reduction_entries!(
    nrm2,
    C32,
    f32,
    i32,
    rocblas_scnrm2,
    rocblas_scnrm2_strided_batched,
    rocblas_scnrm2_batched
);
reduction_entries!(
    nrm2,
    C64,
    f64,
    i32,
    rocblas_dznrm2,
    rocblas_dznrm2_strided_batched,
    rocblas_dznrm2_batched
);
reduction_entries!(
    nrm2,
    f32,
    f32,
    i64,
    rocblas_snrm2_64,
    rocblas_snrm2_strided_batched_64,
    rocblas_snrm2_batched_64
);
reduction_entries!(
    nrm2,
    f64,
    f64,
    i64,
    rocblas_dnrm2_64,
    rocblas_dnrm2_strided_batched_64,
    rocblas_dnrm2_batched_64
);
reduction_entries!(
    nrm2,
    C32,
    f32,
    i64,
    rocblas_scnrm2_64,
    rocblas_scnrm2_strided_batched_64,
    rocblas_scnrm2_batched_64
);
reduction_entries!(
    nrm2,
    C64,
    f64,
    i64,
    rocblas_dznrm2_64,
    rocblas_dznrm2_strided_batched_64,
    rocblas_dznrm2_batched_64
);

// ---- asum, scasum, dzasum ----
reduction_entries!(
    asum,
    f32,
    f32,
    i32,
    rocblas_sasum,
    rocblas_sasum_strided_batched,
    rocblas_sasum_batched
);
reduction_entries!(
    asum,
    f64,
    f64,
    i32,
    rocblas_dasum,
    rocblas_dasum_strided_batched,
    rocblas_dasum_batched
);
reduction_entries!(
    asum,
    C32,
    f32,
    i32,
    rocblas_scasum,
    rocblas_scasum_strided_batched,
    rocblas_scasum_batched
);
reduction_entries!(
    asum,
    C64,
    f64,
    i32,
    rocblas_dzasum,
    rocblas_dzasum_strided_batched,
    rocblas_dzasum_batched
);
reduction_entries!(
    asum,
    f32,
    f32,
    i64,
    rocblas_sasum_64,
    rocblas_sasum_strided_batched_64,
    rocblas_sasum_batched_64
);
reduction_entries!(
    asum,
    f64,
    f64,
    i64,
    rocblas_dasum_64,
    rocblas_dasum_strided_batched_64,
    rocblas_dasum_batched_64
);
reduction_entries!(
    asum,
    C32,
    f32,
    i64,
    rocblas_scasum_64,
    rocblas_scasum_strided_batched_64,
    rocblas_scasum_batched_64
);
reduction_entries!(
    asum,
    C64,
    f64,
    i64,
    rocblas_dzasum_64,
    rocblas_dzasum_strided_batched_64,
    rocblas_dzasum_batched_64
);

// ---- iamax, iamin: rocblas_int results, int64_t for `_64` ----
reduction_entries!(
    iamax,
    f32,
    i32,
    i32,
    rocblas_isamax,
    rocblas_isamax_strided_batched,
    rocblas_isamax_batched
);
reduction_entries!(
    iamax,
    f64,
    i32,
    i32,
    rocblas_idamax,
    rocblas_idamax_strided_batched,
    rocblas_idamax_batched
);
reduction_entries!(
    iamax,
    C32,
    i32,
    i32,
    rocblas_icamax,
    rocblas_icamax_strided_batched,
    rocblas_icamax_batched
);
reduction_entries!(
    iamax,
    C64,
    i32,
    i32,
    rocblas_izamax,
    rocblas_izamax_strided_batched,
    rocblas_izamax_batched
);
reduction_entries!(
    iamax,
    f32,
    i64,
    i64,
    rocblas_isamax_64,
    rocblas_isamax_strided_batched_64,
    rocblas_isamax_batched_64
);
reduction_entries!(
    iamax,
    f64,
    i64,
    i64,
    rocblas_idamax_64,
    rocblas_idamax_strided_batched_64,
    rocblas_idamax_batched_64
);
reduction_entries!(
    iamax,
    C32,
    i64,
    i64,
    rocblas_icamax_64,
    rocblas_icamax_strided_batched_64,
    rocblas_icamax_batched_64
);
reduction_entries!(
    iamax,
    C64,
    i64,
    i64,
    rocblas_izamax_64,
    rocblas_izamax_strided_batched_64,
    rocblas_izamax_batched_64
);
reduction_entries!(
    iamin,
    f32,
    i32,
    i32,
    rocblas_isamin,
    rocblas_isamin_strided_batched,
    rocblas_isamin_batched
);
reduction_entries!(
    iamin,
    f64,
    i32,
    i32,
    rocblas_idamin,
    rocblas_idamin_strided_batched,
    rocblas_idamin_batched
);
reduction_entries!(
    iamin,
    C32,
    i32,
    i32,
    rocblas_icamin,
    rocblas_icamin_strided_batched,
    rocblas_icamin_batched
);
reduction_entries!(
    iamin,
    C64,
    i32,
    i32,
    rocblas_izamin,
    rocblas_izamin_strided_batched,
    rocblas_izamin_batched
);
reduction_entries!(
    iamin,
    f32,
    i64,
    i64,
    rocblas_isamin_64,
    rocblas_isamin_strided_batched_64,
    rocblas_isamin_batched_64
);
reduction_entries!(
    iamin,
    f64,
    i64,
    i64,
    rocblas_idamin_64,
    rocblas_idamin_strided_batched_64,
    rocblas_idamin_batched_64
);
reduction_entries!(
    iamin,
    C32,
    i64,
    i64,
    rocblas_icamin_64,
    rocblas_icamin_strided_batched_64,
    rocblas_icamin_batched_64
);
reduction_entries!(
    iamin,
    C64,
    i64,
    i64,
    rocblas_izamin_64,
    rocblas_izamin_strided_batched_64,
    rocblas_izamin_batched_64
);

// ---- rot, csrot, zdrot (real s), crot, zrot (complex s) ----
rot_entries!(
    f32,
    f32,
    f32,
    i32,
    rocblas_srot,
    rocblas_srot_strided_batched,
    rocblas_srot_batched
);
rot_entries!(
    f64,
    f64,
    f64,
    i32,
    rocblas_drot,
    rocblas_drot_strided_batched,
    rocblas_drot_batched
);
rot_entries!(
    C32,
    f32,
    C32,
    i32,
    rocblas_crot,
    rocblas_crot_strided_batched,
    rocblas_crot_batched
);
rot_entries!(
    C64,
    f64,
    C64,
    i32,
    rocblas_zrot,
    rocblas_zrot_strided_batched,
    rocblas_zrot_batched
);
rot_entries!(
    C32,
    f32,
    f32,
    i32,
    rocblas_csrot,
    rocblas_csrot_strided_batched,
    rocblas_csrot_batched
);
rot_entries!(
    C64,
    f64,
    f64,
    i32,
    rocblas_zdrot,
    rocblas_zdrot_strided_batched,
    rocblas_zdrot_batched
);
rot_entries!(
    f32,
    f32,
    f32,
    i64,
    rocblas_srot_64,
    rocblas_srot_strided_batched_64,
    rocblas_srot_batched_64
);
rot_entries!(
    f64,
    f64,
    f64,
    i64,
    rocblas_drot_64,
    rocblas_drot_strided_batched_64,
    rocblas_drot_batched_64
);
rot_entries!(
    C32,
    f32,
    C32,
    i64,
    rocblas_crot_64,
    rocblas_crot_strided_batched_64,
    rocblas_crot_batched_64
);
rot_entries!(
    C64,
    f64,
    C64,
    i64,
    rocblas_zrot_64,
    rocblas_zrot_strided_batched_64,
    rocblas_zrot_batched_64
);
rot_entries!(
    C32,
    f32,
    f32,
    i64,
    rocblas_csrot_64,
    rocblas_csrot_strided_batched_64,
    rocblas_csrot_batched_64
);
rot_entries!(
    C64,
    f64,
    f64,
    i64,
    rocblas_zdrot_64,
    rocblas_zdrot_strided_batched_64,
    rocblas_zdrot_batched_64
);
