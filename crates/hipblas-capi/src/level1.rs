//! Level 1 entry points: axpy, scal (and Csscal, Zdscal), copy, swap, dot (dotu, dotc), nrm2,
//! asum, amax, amin and rot (and Csrot, Zdrot, Crot, Zrot), each plain, `StridedBatched` and
//! `Batched`, in hipBLAS's 32-bit form and its `_64` twin, over the rocblas crate as ROCm's
//! hipBLAS is over rocBLAS: one body per routine, generated per element type.
//!
//! `hipblasComplex` and `hipblasDoubleComplex` have the layout of [`C32`] and [`C64`],
//! `hipblasHalf` that of [`f16`]. Scalars (alpha, c, s) and results follow the handle's pointer
//! mode; rocBLAS's statuses map to hipBLAS's through `?`.

use crate::{entry, handle_obj, hipblasHandle_t, hipblasStatus_t};
use rocblas::kernel::Ptr;
use rocblas::level1::{
    asum, axpy, copy, dot, dotc, iamax, iamin, nrm2, rot, scal, swap, Axpy, Dot, Pair, Reduction,
    Rot, Scal,
};
use rocblas::level3::Batch;
use rocblas::{f16, C32, C64};

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

/// `hipblas<T>axpy`: `y = alpha * x + y`.
macro_rules! axpy_entries {
    ($t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { axpy(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            stridex: i64,
            y: *mut $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { axpy(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { axpy(h, h.pointer_mode(), &a) }?)
            })
        }
    };
}

/// `hipblas<T>scal`: `x = alpha * x`, alpha of type `$a` (the real type for Csscal, Zdscal).
macro_rules! scal_entries {
    ($t:ty, $a:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { scal(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
            stridex: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { scal(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            alpha: *const $a,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { scal(h, h.pointer_mode(), &a) }?)
            })
        }
    };
}

/// `hipblas<T>copy` and `hipblas<T>swap` (`$run`): two vectors, no scalar. x is `$xp` (read
/// only for copy, written by swap).
macro_rules! pair_entries {
    ($run:ident, $t:ty, $xp:tt, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            x: *$xp $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            x: *$xp $t,
            incx: $int,
            stridex: i64,
            y: *mut $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            x: *const *$xp $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, &a) }?)
            })
        }
    };
}

/// `hipblas<T>dot`, `dotu` and `dotc` (`$run`): one result per batch member.
macro_rules! dot_entries {
    ($run:ident, $t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            result: *mut $t,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: i64,
            y: *const $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
            result: *mut $t,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            batch_count: $int,
            result: *mut $t,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }
    };
}

/// One vector reduced to a `$r` per batch member (`$run`): nrm2 and asum (`$r` the real type),
/// amax and amin (`$r` the width's integer: `int`, `int64_t` for `_64`).
macro_rules! reduction_entries {
    ($run:ident, $t:ty, $r:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            x: *const $t,
            incx: $int,
            result: *mut $r,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: i64,
            batch_count: $int,
            result: *mut $r,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            x: *const *const $t,
            incx: $int,
            batch_count: $int,
            result: *mut $r,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { $run(h, h.pointer_mode(), &a) }?)
            })
        }
    };
}

/// `hipblas<T>rot`: `c` of type `$c` (real), `s` of type `$s` (real, or complex for Crot and
/// Zrot).
macro_rules! rot_entries {
    ($t:ty, $c:ty, $s:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            n: $int,
            x: *mut $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { rot(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            n: $int,
            x: *mut $t,
            incx: $int,
            stridex: i64,
            y: *mut $t,
            incy: $int,
            stridey: i64,
            c: *const $c,
            s: *const $s,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { rot(h, h.pointer_mode(), &a) }?)
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            n: $int,
            x: *const *mut $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
            batch_count: $int,
        ) -> hipblasStatus_t {
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
                Ok(unsafe { rot(h, h.pointer_mode(), &a) }?)
            })
        }
    };
}

// ---- axpy ----
axpy_entries!(
    f32,
    i32,
    hipblasSaxpy,
    hipblasSaxpyStridedBatched,
    hipblasSaxpyBatched
);
axpy_entries!(
    f32,
    i64,
    hipblasSaxpy_64,
    hipblasSaxpyStridedBatched_64,
    hipblasSaxpyBatched_64
);
axpy_entries!(
    f64,
    i32,
    hipblasDaxpy,
    hipblasDaxpyStridedBatched,
    hipblasDaxpyBatched
);
axpy_entries!(
    f64,
    i64,
    hipblasDaxpy_64,
    hipblasDaxpyStridedBatched_64,
    hipblasDaxpyBatched_64
);
axpy_entries!(
    C32,
    i32,
    hipblasCaxpy,
    hipblasCaxpyStridedBatched,
    hipblasCaxpyBatched
);
axpy_entries!(
    C32,
    i64,
    hipblasCaxpy_64,
    hipblasCaxpyStridedBatched_64,
    hipblasCaxpyBatched_64
);
axpy_entries!(
    C64,
    i32,
    hipblasZaxpy,
    hipblasZaxpyStridedBatched,
    hipblasZaxpyBatched
);
axpy_entries!(
    C64,
    i64,
    hipblasZaxpy_64,
    hipblasZaxpyStridedBatched_64,
    hipblasZaxpyBatched_64
);
axpy_entries!(
    f16,
    i32,
    hipblasHaxpy,
    hipblasHaxpyStridedBatched,
    hipblasHaxpyBatched
);
axpy_entries!(
    f16,
    i64,
    hipblasHaxpy_64,
    hipblasHaxpyStridedBatched_64,
    hipblasHaxpyBatched_64
);

// ---- scal, Csscal, Zdscal ----
scal_entries!(
    f32,
    f32,
    i32,
    hipblasSscal,
    hipblasSscalStridedBatched,
    hipblasSscalBatched
);
scal_entries!(
    f32,
    f32,
    i64,
    hipblasSscal_64,
    hipblasSscalStridedBatched_64,
    hipblasSscalBatched_64
);
scal_entries!(
    f64,
    f64,
    i32,
    hipblasDscal,
    hipblasDscalStridedBatched,
    hipblasDscalBatched
);
scal_entries!(
    f64,
    f64,
    i64,
    hipblasDscal_64,
    hipblasDscalStridedBatched_64,
    hipblasDscalBatched_64
);
scal_entries!(
    C32,
    C32,
    i32,
    hipblasCscal,
    hipblasCscalStridedBatched,
    hipblasCscalBatched
);
scal_entries!(
    C32,
    C32,
    i64,
    hipblasCscal_64,
    hipblasCscalStridedBatched_64,
    hipblasCscalBatched_64
);
scal_entries!(
    C64,
    C64,
    i32,
    hipblasZscal,
    hipblasZscalStridedBatched,
    hipblasZscalBatched
);
scal_entries!(
    C64,
    C64,
    i64,
    hipblasZscal_64,
    hipblasZscalStridedBatched_64,
    hipblasZscalBatched_64
);
scal_entries!(
    C32,
    f32,
    i32,
    hipblasCsscal,
    hipblasCsscalStridedBatched,
    hipblasCsscalBatched
);
scal_entries!(
    C32,
    f32,
    i64,
    hipblasCsscal_64,
    hipblasCsscalStridedBatched_64,
    hipblasCsscalBatched_64
);
scal_entries!(
    C64,
    f64,
    i32,
    hipblasZdscal,
    hipblasZdscalStridedBatched,
    hipblasZdscalBatched
);
scal_entries!(
    C64,
    f64,
    i64,
    hipblasZdscal_64,
    hipblasZdscalStridedBatched_64,
    hipblasZdscalBatched_64
);

// ---- copy ----
pair_entries!(
    copy,
    f32,
    const,
    i32,
    hipblasScopy,
    hipblasScopyStridedBatched,
    hipblasScopyBatched
);
pair_entries!(
    copy,
    f32,
    const,
    i64,
    hipblasScopy_64,
    hipblasScopyStridedBatched_64,
    hipblasScopyBatched_64
);
pair_entries!(
    copy,
    f64,
    const,
    i32,
    hipblasDcopy,
    hipblasDcopyStridedBatched,
    hipblasDcopyBatched
);
pair_entries!(
    copy,
    f64,
    const,
    i64,
    hipblasDcopy_64,
    hipblasDcopyStridedBatched_64,
    hipblasDcopyBatched_64
);
pair_entries!(
    copy,
    C32,
    const,
    i32,
    hipblasCcopy,
    hipblasCcopyStridedBatched,
    hipblasCcopyBatched
);
pair_entries!(
    copy,
    C32,
    const,
    i64,
    hipblasCcopy_64,
    hipblasCcopyStridedBatched_64,
    hipblasCcopyBatched_64
);
pair_entries!(
    copy,
    C64,
    const,
    i32,
    hipblasZcopy,
    hipblasZcopyStridedBatched,
    hipblasZcopyBatched
);
pair_entries!(
    copy,
    C64,
    const,
    i64,
    hipblasZcopy_64,
    hipblasZcopyStridedBatched_64,
    hipblasZcopyBatched_64
);

// ---- swap ----
pair_entries!(
    swap,
    f32,
    mut,
    i32,
    hipblasSswap,
    hipblasSswapStridedBatched,
    hipblasSswapBatched
);
pair_entries!(
    swap,
    f32,
    mut,
    i64,
    hipblasSswap_64,
    hipblasSswapStridedBatched_64,
    hipblasSswapBatched_64
);
pair_entries!(
    swap,
    f64,
    mut,
    i32,
    hipblasDswap,
    hipblasDswapStridedBatched,
    hipblasDswapBatched
);
pair_entries!(
    swap,
    f64,
    mut,
    i64,
    hipblasDswap_64,
    hipblasDswapStridedBatched_64,
    hipblasDswapBatched_64
);
pair_entries!(
    swap,
    C32,
    mut,
    i32,
    hipblasCswap,
    hipblasCswapStridedBatched,
    hipblasCswapBatched
);
pair_entries!(
    swap,
    C32,
    mut,
    i64,
    hipblasCswap_64,
    hipblasCswapStridedBatched_64,
    hipblasCswapBatched_64
);
pair_entries!(
    swap,
    C64,
    mut,
    i32,
    hipblasZswap,
    hipblasZswapStridedBatched,
    hipblasZswapBatched
);
pair_entries!(
    swap,
    C64,
    mut,
    i64,
    hipblasZswap_64,
    hipblasZswapStridedBatched_64,
    hipblasZswapBatched_64
);

// ---- dot, dotu, dotc ----
dot_entries!(
    dot,
    f32,
    i32,
    hipblasSdot,
    hipblasSdotStridedBatched,
    hipblasSdotBatched
);
dot_entries!(
    dot,
    f32,
    i64,
    hipblasSdot_64,
    hipblasSdotStridedBatched_64,
    hipblasSdotBatched_64
);
dot_entries!(
    dot,
    f64,
    i32,
    hipblasDdot,
    hipblasDdotStridedBatched,
    hipblasDdotBatched
);
dot_entries!(
    dot,
    f64,
    i64,
    hipblasDdot_64,
    hipblasDdotStridedBatched_64,
    hipblasDdotBatched_64
);
dot_entries!(
    dot,
    f16,
    i32,
    hipblasHdot,
    hipblasHdotStridedBatched,
    hipblasHdotBatched
);
dot_entries!(
    dot,
    f16,
    i64,
    hipblasHdot_64,
    hipblasHdotStridedBatched_64,
    hipblasHdotBatched_64
);
dot_entries!(
    dot,
    C32,
    i32,
    hipblasCdotu,
    hipblasCdotuStridedBatched,
    hipblasCdotuBatched
);
dot_entries!(
    dot,
    C32,
    i64,
    hipblasCdotu_64,
    hipblasCdotuStridedBatched_64,
    hipblasCdotuBatched_64
);
dot_entries!(
    dot,
    C64,
    i32,
    hipblasZdotu,
    hipblasZdotuStridedBatched,
    hipblasZdotuBatched
);
dot_entries!(
    dot,
    C64,
    i64,
    hipblasZdotu_64,
    hipblasZdotuStridedBatched_64,
    hipblasZdotuBatched_64
);
dot_entries!(
    dotc,
    C32,
    i32,
    hipblasCdotc,
    hipblasCdotcStridedBatched,
    hipblasCdotcBatched
);
dot_entries!(
    dotc,
    C32,
    i64,
    hipblasCdotc_64,
    hipblasCdotcStridedBatched_64,
    hipblasCdotcBatched_64
);
dot_entries!(
    dotc,
    C64,
    i32,
    hipblasZdotc,
    hipblasZdotcStridedBatched,
    hipblasZdotcBatched
);
dot_entries!(
    dotc,
    C64,
    i64,
    hipblasZdotc_64,
    hipblasZdotcStridedBatched_64,
    hipblasZdotcBatched_64
);

// ---- nrm2, Scnrm2, Dznrm2 ----
reduction_entries!(
    nrm2,
    f32,
    f32,
    i32,
    hipblasSnrm2,
    hipblasSnrm2StridedBatched,
    hipblasSnrm2Batched
);
reduction_entries!(
    nrm2,
    f32,
    f32,
    i64,
    hipblasSnrm2_64,
    hipblasSnrm2StridedBatched_64,
    hipblasSnrm2Batched_64
);
reduction_entries!(
    nrm2,
    f64,
    f64,
    i32,
    hipblasDnrm2,
    hipblasDnrm2StridedBatched,
    hipblasDnrm2Batched
);
reduction_entries!(
    nrm2,
    f64,
    f64,
    i64,
    hipblasDnrm2_64,
    hipblasDnrm2StridedBatched_64,
    hipblasDnrm2Batched_64
);
reduction_entries!(
    nrm2,
    C32,
    f32,
    i32,
    hipblasScnrm2,
    hipblasScnrm2StridedBatched,
    hipblasScnrm2Batched
);
reduction_entries!(
    nrm2,
    C32,
    f32,
    i64,
    hipblasScnrm2_64,
    hipblasScnrm2StridedBatched_64,
    hipblasScnrm2Batched_64
);
reduction_entries!(
    nrm2,
    C64,
    f64,
    i32,
    hipblasDznrm2,
    hipblasDznrm2StridedBatched,
    hipblasDznrm2Batched
);
reduction_entries!(
    nrm2,
    C64,
    f64,
    i64,
    hipblasDznrm2_64,
    hipblasDznrm2StridedBatched_64,
    hipblasDznrm2Batched_64
);

// ---- asum, Scasum, Dzasum ----
reduction_entries!(
    asum,
    f32,
    f32,
    i32,
    hipblasSasum,
    hipblasSasumStridedBatched,
    hipblasSasumBatched
);
reduction_entries!(
    asum,
    f32,
    f32,
    i64,
    hipblasSasum_64,
    hipblasSasumStridedBatched_64,
    hipblasSasumBatched_64
);
reduction_entries!(
    asum,
    f64,
    f64,
    i32,
    hipblasDasum,
    hipblasDasumStridedBatched,
    hipblasDasumBatched
);
reduction_entries!(
    asum,
    f64,
    f64,
    i64,
    hipblasDasum_64,
    hipblasDasumStridedBatched_64,
    hipblasDasumBatched_64
);
reduction_entries!(
    asum,
    C32,
    f32,
    i32,
    hipblasScasum,
    hipblasScasumStridedBatched,
    hipblasScasumBatched
);
reduction_entries!(
    asum,
    C32,
    f32,
    i64,
    hipblasScasum_64,
    hipblasScasumStridedBatched_64,
    hipblasScasumBatched_64
);
reduction_entries!(
    asum,
    C64,
    f64,
    i32,
    hipblasDzasum,
    hipblasDzasumStridedBatched,
    hipblasDzasumBatched
);
reduction_entries!(
    asum,
    C64,
    f64,
    i64,
    hipblasDzasum_64,
    hipblasDzasumStridedBatched_64,
    hipblasDzasumBatched_64
);

// ---- amax, amin: int results, int64_t for `_64` ----
reduction_entries!(
    iamax,
    f32,
    i32,
    i32,
    hipblasIsamax,
    hipblasIsamaxStridedBatched,
    hipblasIsamaxBatched
);
reduction_entries!(
    iamax,
    f32,
    i64,
    i64,
    hipblasIsamax_64,
    hipblasIsamaxStridedBatched_64,
    hipblasIsamaxBatched_64
);
reduction_entries!(
    iamax,
    f64,
    i32,
    i32,
    hipblasIdamax,
    hipblasIdamaxStridedBatched,
    hipblasIdamaxBatched
);
reduction_entries!(
    iamax,
    f64,
    i64,
    i64,
    hipblasIdamax_64,
    hipblasIdamaxStridedBatched_64,
    hipblasIdamaxBatched_64
);
reduction_entries!(
    iamax,
    C32,
    i32,
    i32,
    hipblasIcamax,
    hipblasIcamaxStridedBatched,
    hipblasIcamaxBatched
);
reduction_entries!(
    iamax,
    C32,
    i64,
    i64,
    hipblasIcamax_64,
    hipblasIcamaxStridedBatched_64,
    hipblasIcamaxBatched_64
);
reduction_entries!(
    iamax,
    C64,
    i32,
    i32,
    hipblasIzamax,
    hipblasIzamaxStridedBatched,
    hipblasIzamaxBatched
);
reduction_entries!(
    iamax,
    C64,
    i64,
    i64,
    hipblasIzamax_64,
    hipblasIzamaxStridedBatched_64,
    hipblasIzamaxBatched_64
);
reduction_entries!(
    iamin,
    f32,
    i32,
    i32,
    hipblasIsamin,
    hipblasIsaminStridedBatched,
    hipblasIsaminBatched
);
reduction_entries!(
    iamin,
    f32,
    i64,
    i64,
    hipblasIsamin_64,
    hipblasIsaminStridedBatched_64,
    hipblasIsaminBatched_64
);
reduction_entries!(
    iamin,
    f64,
    i32,
    i32,
    hipblasIdamin,
    hipblasIdaminStridedBatched,
    hipblasIdaminBatched
);
reduction_entries!(
    iamin,
    f64,
    i64,
    i64,
    hipblasIdamin_64,
    hipblasIdaminStridedBatched_64,
    hipblasIdaminBatched_64
);
reduction_entries!(
    iamin,
    C32,
    i32,
    i32,
    hipblasIcamin,
    hipblasIcaminStridedBatched,
    hipblasIcaminBatched
);
reduction_entries!(
    iamin,
    C32,
    i64,
    i64,
    hipblasIcamin_64,
    hipblasIcaminStridedBatched_64,
    hipblasIcaminBatched_64
);
reduction_entries!(
    iamin,
    C64,
    i32,
    i32,
    hipblasIzamin,
    hipblasIzaminStridedBatched,
    hipblasIzaminBatched
);
reduction_entries!(
    iamin,
    C64,
    i64,
    i64,
    hipblasIzamin_64,
    hipblasIzaminStridedBatched_64,
    hipblasIzaminBatched_64
);

// ---- rot, Csrot, Zdrot (real s), Crot, Zrot (complex s) ----
rot_entries!(
    f32,
    f32,
    f32,
    i32,
    hipblasSrot,
    hipblasSrotStridedBatched,
    hipblasSrotBatched
);
rot_entries!(
    f32,
    f32,
    f32,
    i64,
    hipblasSrot_64,
    hipblasSrotStridedBatched_64,
    hipblasSrotBatched_64
);
rot_entries!(
    f64,
    f64,
    f64,
    i32,
    hipblasDrot,
    hipblasDrotStridedBatched,
    hipblasDrotBatched
);
rot_entries!(
    f64,
    f64,
    f64,
    i64,
    hipblasDrot_64,
    hipblasDrotStridedBatched_64,
    hipblasDrotBatched_64
);
rot_entries!(
    C32,
    f32,
    C32,
    i32,
    hipblasCrot,
    hipblasCrotStridedBatched,
    hipblasCrotBatched
);
rot_entries!(
    C32,
    f32,
    C32,
    i64,
    hipblasCrot_64,
    hipblasCrotStridedBatched_64,
    hipblasCrotBatched_64
);
rot_entries!(
    C64,
    f64,
    C64,
    i32,
    hipblasZrot,
    hipblasZrotStridedBatched,
    hipblasZrotBatched
);
rot_entries!(
    C64,
    f64,
    C64,
    i64,
    hipblasZrot_64,
    hipblasZrotStridedBatched_64,
    hipblasZrotBatched_64
);
rot_entries!(
    C32,
    f32,
    f32,
    i32,
    hipblasCsrot,
    hipblasCsrotStridedBatched,
    hipblasCsrotBatched
);
rot_entries!(
    C32,
    f32,
    f32,
    i64,
    hipblasCsrot_64,
    hipblasCsrotStridedBatched_64,
    hipblasCsrotBatched_64
);
rot_entries!(
    C64,
    f64,
    f64,
    i32,
    hipblasZdrot,
    hipblasZdrotStridedBatched,
    hipblasZdrotBatched
);
rot_entries!(
    C64,
    f64,
    f64,
    i64,
    hipblasZdrot_64,
    hipblasZdrotStridedBatched_64,
    hipblasZdrotBatched_64
);
