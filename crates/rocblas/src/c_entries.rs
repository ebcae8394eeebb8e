//! The BLAS C entry points, written once for both C libraries over this crate: ferrocm's
//! `librocblas` (crates/rocblas-capi) and `libhipblas` (crates/hipblas-capi). Each library
//! implements [`CEdge`] (how a call is run and logged, how a handle is looked up, how its enum
//! numbers convert and which status a bad one gives, its error type) and invokes the
//! `*_entries!` macros below with a table of its exported names: one row per element type and
//! width, naming the plain, strided-batched and batched entry points explicitly.
//!
//! Each generated entry point checks the handle first, then converts its C arguments (enums
//! through the edge's converters), then calls this crate's routine, which checks the sizes and
//! queues the work. Level 1 sizes widen with `as i64`, Level 2 with `i64::from`, as before the
//! two libraries shared this code.

use crate::c_handle::{HandleObj, RocblasHandle};
use crate::kernel::Ptr;
use crate::level2::{trmv, trsv, Field, Trmv};
use crate::level3::{gemm, Batch, Gemm};
use crate::trsm::{trsm, Solvable, Trsm};
use crate::{Diagonal, Element, Error, Fill, Operation, PointerMode, Side};

/// One C library over this crate: the parts in which librocblas and libhipblas differ.
pub trait CEdge {
    /// The library's failure (its status and why); this crate's errors convert into it.
    type Error: From<Error>;

    /// Runs an entry point's body `f` named `name`: its C status (logged as the library
    /// logs), the library's internal-error status for a panic.
    fn entry(name: &str, f: impl FnOnce() -> Result<(), Self::Error>) -> i32;

    /// The handle behind `h`.
    ///
    /// # Safety
    /// The caller does not destroy `h` during the call.
    unsafe fn handle<'a>(h: RocblasHandle) -> Result<&'a HandleObj, Self::Error> {
        // SAFETY: forwarded caller contract.
        Ok(unsafe { HandleObj::get(h) }?)
    }

    /// The library's transpose-operation enum.
    fn operation(v: i32) -> Result<Operation, Self::Error>;
    /// The library's fill-mode enum.
    fn fill(v: i32) -> Result<Fill, Self::Error>;
    /// The library's diagonal-type enum.
    fn diagonal(v: i32) -> Result<Diagonal, Self::Error>;
    /// The library's side-mode enum.
    fn side(v: i32) -> Result<Side, Self::Error>;
    /// The library's element-type enum of the Ex routines (rocBLAS's `rocblas_datatype`).
    fn datatype(v: i32) -> Result<crate::Datatype, Self::Error> {
        Ok(crate::Datatype::from_raw(v)?)
    }
}

/// One vector or matrix at `p`.
#[doc(hidden)]
pub fn one<T>(p: *const T) -> Batch<T> {
    Batch::one(p)
}

/// The matrices or vectors of a strided batch: the first at `p`, the next `stride` elements on.
#[doc(hidden)]
pub fn strided<T>(p: *const T, stride: i64) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride,
    }
}

/// The matrices or vectors of a batched call: a device array of one pointer each.
#[doc(hidden)]
pub fn array<T>(p: *const *const T) -> Batch<T> {
    Batch::Array(Ptr(p))
}

/// This crate's result as the edge's.
#[doc(hidden)]
pub fn lift<E: CEdge>(r: crate::Result<()>) -> Result<(), E::Error> {
    Ok(r?)
}

/// Runs a Level 1 call on `handle`: the handle is checked first, then `routine` builds its
/// arguments and checks and queues the work.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[doc(hidden)]
pub unsafe fn call<E: CEdge>(
    handle: RocblasHandle,
    routine: impl FnOnce(&HandleObj) -> crate::Result<()>,
) -> Result<(), E::Error> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { E::handle(handle)? };
    Ok(routine(h)?)
}

/// A routine of the crate's level 2, as the entry points call it.
#[doc(hidden)]
pub type Routine<G> = unsafe fn(&HandleObj, PointerMode, &G) -> crate::Result<()>;

/// Runs a Level 2 call on `handle`: the handle is checked first, then `args` converts the C
/// arguments (enums through the edge), then `routine` checks and queues the work.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[doc(hidden)]
pub unsafe fn run<E: CEdge, G>(
    handle: RocblasHandle,
    args: impl FnOnce() -> Result<G, E::Error>,
    routine: Routine<G>,
) -> Result<(), E::Error> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { E::handle(handle)? };
    let g = args()?;
    // SAFETY: forwarded caller contract.
    Ok(unsafe { routine(h, h.pointer_mode(), &g) }?)
}

/// `trmv` in the shape of the other Level 2 routines (it has no scalar, so no pointer mode).
///
/// # Safety
/// As [`trmv`].
#[doc(hidden)]
pub unsafe fn trmv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> crate::Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { trmv(h, t) }
}

/// `trsv` in the shape of the other Level 2 routines.
///
/// # Safety
/// As [`trsv`].
#[doc(hidden)]
pub unsafe fn trsv_call<T: Field>(h: &HandleObj, _: PointerMode, t: &Trmv<T>) -> crate::Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { trsv(h, t) }
}

/// Runs a gemm call on `handle`: the handle is checked first, then the two operations, then
/// `g` builds the call.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[doc(hidden)]
pub unsafe fn run_gemm<E: CEdge, T: Element>(
    handle: RocblasHandle,
    (trans_a, trans_b): (i32, i32),
    g: impl FnOnce(Operation, Operation) -> Gemm<T>,
) -> Result<(), E::Error> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { E::handle(handle)? };
    let g = g(E::operation(trans_a)?, E::operation(trans_b)?);
    // SAFETY: forwarded caller contract.
    Ok(unsafe { gemm(h, h.pointer_mode(), &g) }?)
}

/// Runs a trsm call on `handle`: the handle is checked first, then the enums in argument order
/// (side, fill, operation, diagonal), then `t` builds the call.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[doc(hidden)]
pub unsafe fn run_trsm<E: CEdge, T: Solvable>(
    handle: RocblasHandle,
    (side, uplo, trans_a, diag): (i32, i32, i32, i32),
    t: impl FnOnce(Side, Fill, Operation, Diagonal) -> Trsm<T>,
) -> Result<(), E::Error> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { E::handle(handle)? };
    let t = t(
        E::side(side)?,
        E::fill(uplo)?,
        E::operation(trans_a)?,
        E::diagonal(diag)?,
    );
    // SAFETY: forwarded caller contract.
    Ok(unsafe { trsm(h, h.pointer_mode(), &t) }?)
}

// ---- Auxiliary copies ----

/// `set_vector`/`get_vector`/`set_matrix`/`get_matrix` and their `_async` forms (which take the
/// stream last). Setting and getting differ only in direction, which the runtime works out, so
/// each pair shares its body.
///
/// Row: `$int => set_vector, get_vector, set_matrix, get_matrix, set_vector_async,
/// get_vector_async, set_matrix_async, get_matrix_async;`.
#[doc(hidden)]
#[macro_export]
macro_rules! copy_entries {
    (
        $e:ty; $int:ty => $sv:ident, $gv:ident, $sm:ident, $gm:ident,
            $sva:ident, $gva:ident, $sma:ident, $gma:ident;
    ) => {
        $crate::copy_entries!(@vector $e; $int; $sv);
        $crate::copy_entries!(@vector $e; $int; $gv);
        $crate::copy_entries!(@matrix $e; $int; $sm);
        $crate::copy_entries!(@matrix $e; $int; $gm);
        $crate::copy_entries!(@vector $e; $int; $sva, stream);
        $crate::copy_entries!(@vector $e; $int; $gva, stream);
        $crate::copy_entries!(@matrix $e; $int; $sma, stream);
        $crate::copy_entries!(@matrix $e; $int; $gma, stream);
    };
    (@vector $e:ty; $int:ty; $name:ident $(, $stream:ident)?) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            n: $int,
            elem_size: $int,
            x: *const ::std::ffi::c_void,
            incx: $int,
            y: *mut ::std::ffi::c_void,
            incy: $int,
            $($stream: ::amdhip64_sys::HipStream,)?
        ) -> i32 {
            let c = $crate::auxiliary::VectorCopy {
                n: n as i64,
                elem_size: elem_size as i64,
                x,
                incx: incx as i64,
                y,
                incy: incy as i64,
            };
            let stream: Option<::amdhip64_sys::HipStream> = None $(.or(Some($stream)))?;
            <$e as $crate::c_entries::CEdge>::entry(stringify!($name), || {
                // SAFETY: the C API's contract.
                $crate::c_entries::lift::<$e>(unsafe { $crate::auxiliary::copy_vector(&c, stream) })
            })
        }
    };
    (@matrix $e:ty; $int:ty; $name:ident $(, $stream:ident)?) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            rows: $int,
            cols: $int,
            elem_size: $int,
            a: *const ::std::ffi::c_void,
            lda: $int,
            b: *mut ::std::ffi::c_void,
            ldb: $int,
            $($stream: ::amdhip64_sys::HipStream,)?
        ) -> i32 {
            let c = $crate::auxiliary::MatrixCopy {
                rows: rows as i64,
                cols: cols as i64,
                elem_size: elem_size as i64,
                a,
                lda: lda as i64,
                b,
                ldb: ldb as i64,
            };
            let stream: Option<::amdhip64_sys::HipStream> = None $(.or(Some($stream)))?;
            <$e as $crate::c_entries::CEdge>::entry(stringify!($name), || {
                // SAFETY: the C API's contract.
                $crate::c_entries::lift::<$e>(unsafe { $crate::auxiliary::copy_matrix(&c, stream) })
            })
        }
    };
}

// ---- Level 1 ----

/// `<t>axpy`: `y = alpha * x + y`.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! axpy_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for alpha, x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Axpy {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            y: $crate::c_entries::one(y),
                            incy: incy as i64,
                            batch_count: 1,
                        };
                        $crate::level1::axpy(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const $t,
            incx: $int,
            stridex: i64,
            y: *mut $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for alpha, x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Axpy {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            y: $crate::c_entries::strided(y, stridey),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::axpy(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $t,
            x: *const *const $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for alpha, x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Axpy {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::array(x),
                            incx: incx as i64,
                            y: $crate::c_entries::array(y.cast::<*const $t>()),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::axpy(h, h.pointer_mode(), &a)
                    })
                }
            })
        }
    )+};
}

/// `<t>scal`: `x = alpha * x`, alpha of type `$a` (the real type for csscal, zdscal).
///
/// Rows: `$t, $a, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! scal_entries {
    ($e:ty; $($t:ty, $a:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for alpha and x, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Scal {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            batch_count: 1,
                        };
                        $crate::level1::scal(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *mut $t,
            incx: $int,
            stridex: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for alpha and x, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Scal {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::scal(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const $a,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for alpha and x, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Scal {
                            n: n as i64,
                            alpha,
                            x: $crate::c_entries::array(x.cast::<*const $t>()),
                            incx: incx as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::scal(h, h.pointer_mode(), &a)
                    })
                }
            })
        }
    )+};
}

/// `<t>copy` and `<t>swap` (`$run`): two vectors, no scalar. x is `$xp` (read
/// only for copy, written by swap).
///
/// Rows: `$run, $t, $xp, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! pair_entries {
    (
        $e:ty;
        $($run:ident, $t:ty, $xp:tt, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *$xp $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Pair {
                            n: n as i64,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            y: $crate::c_entries::one(y),
                            incy: incy as i64,
                            batch_count: 1,
                        };
                        $crate::level1::$run(h, &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *$xp $t,
            incx: $int,
            stridex: i64,
            y: *mut $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Pair {
                            n: n as i64,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            y: $crate::c_entries::strided(y, stridey),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::$run(h, &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const *$xp $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for x and y, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Pair {
                            n: n as i64,
                            x: $crate::c_entries::array(x.cast::<*const $t>()),
                            incx: incx as i64,
                            y: $crate::c_entries::array(y.cast::<*const $t>()),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::$run(h, &a)
                    })
                }
            })
        }
    )+};
}

/// `<t>dot`, `dotu` and `dotc` (`$run`): one result per batch member.
///
/// Rows: `$run, $t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! dot_entries {
    ($e:ty; $($run:ident, $t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            y: *const $t,
            incy: $int,
            result: *mut $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for x, y and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Dot {
                            n: n as i64,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            y: $crate::c_entries::one(y),
                            incy: incy as i64,
                            batch_count: 1,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: i64,
            y: *const $t,
            incy: $int,
            stridey: i64,
            batch_count: $int,
            result: *mut $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for x, y and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Dot {
                            n: n as i64,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            y: $crate::c_entries::strided(y, stridey),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const *const $t,
            incx: $int,
            y: *const *const $t,
            incy: $int,
            batch_count: $int,
            result: *mut $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for x, y and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Dot {
                            n: n as i64,
                            x: $crate::c_entries::array(x),
                            incx: incx as i64,
                            y: $crate::c_entries::array(y),
                            incy: incy as i64,
                            batch_count: batch_count as i64,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }
    )+};
}

/// One vector reduced to a `$r` per batch member (`$run`): nrm2 and asum (`$r` the real type),
/// iamax and iamin (`$r` the width's integer).
///
/// Rows: `$run, $t, $r, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! reduction_entries {
    (
        $e:ty;
        $($run:ident, $t:ty, $r:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            result: *mut $r,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for x and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Reduction {
                            n: n as i64,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            batch_count: 1,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const $t,
            incx: $int,
            stridex: i64,
            batch_count: $int,
            result: *mut $r,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for x and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Reduction {
                            n: n as i64,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            batch_count: batch_count as i64,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const *const $t,
            incx: $int,
            batch_count: $int,
            result: *mut $r,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for x and result, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Reduction {
                            n: n as i64,
                            x: $crate::c_entries::array(x),
                            incx: incx as i64,
                            batch_count: batch_count as i64,
                            result,
                        };
                        $crate::level1::$run(h, h.pointer_mode(), &a)
                    })
                }
            })
        }
    )+};
}

/// `<t>rot`: `c` of type `$c` (real), `s` of type `$s` (real, or complex for crot and
/// zrot).
///
/// Rows: `$t, $c, $s, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! rot_entries {
    (
        $e:ty;
        $($t:ty, $c:ty, $s:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *mut $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for x, y, c and s, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Rot {
                            n: n as i64,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            y: $crate::c_entries::one(y),
                            incy: incy as i64,
                            c,
                            s,
                            batch_count: 1,
                        };
                        $crate::level1::rot(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract for x, y, c and s, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Rot {
                            n: n as i64,
                            x: $crate::c_entries::strided(x, stridex),
                            incx: incx as i64,
                            y: $crate::c_entries::strided(y, stridey),
                            incy: incy as i64,
                            c,
                            s,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::rot(h, h.pointer_mode(), &a)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const *mut $t,
            incx: $int,
            y: *const *mut $t,
            incy: $int,
            c: *const $c,
            s: *const $s,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract for x, y, c and s, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let a = $crate::level1::Rot {
                            n: n as i64,
                            x: $crate::c_entries::array(x.cast::<*const $t>()),
                            incx: incx as i64,
                            y: $crate::c_entries::array(y.cast::<*const $t>()),
                            incy: incy as i64,
                            c,
                            s,
                            batch_count: batch_count as i64,
                        };
                        $crate::level1::rot(h, h.pointer_mode(), &a)
                    })
                }
            })
        }
    )+};
}

// ---- Level 2 ----

/// `<t>gemv`: `y = alpha * op(A) x + beta * y`.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! gemv_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Gemv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
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
                    $crate::level2::gemv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Gemv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
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
                    $crate::level2::gemv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Gemv {
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    m: i64::from(m),
                    n: i64::from(n),
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
                    $crate::level2::gemv::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `ger`, `geru` and `gerc`: `$routine` is the crate's `ger` or `gerc`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! ger_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            m: $int,
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
                Ok($crate::level2::Ger {
                    m: i64::from(m),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Ger {
                    m: i64::from(m),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Ger {
                    m: i64::from(m),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `symv` and `hemv`: `$routine` is the crate's `symv` or `hemv`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! symv_entries {
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
            lda: $int,
            x: *const $t,
            incx: $int,
            beta: *const $t,
            y: *mut $t,
            incy: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Symv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
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
                Ok($crate::level2::Symv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
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
            lda: $int,
            x: *const *const $t,
            incx: $int,
            beta: *const $t,
            y: *const *mut $t,
            incy: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Symv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `syr` and `her`: `$routine` is the crate's `syr` or `her`, `$args` its argument struct and
/// `$s` alpha's type (the element type for `syr`, the real type for `her`).
///
/// Rows: `$t, $s, $int, $routine, $args => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! syr_entries {
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
            lda: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
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
            lda: $int,
            stride_a: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
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
            lda: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::$args::<$t> {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    n: i64::from(n),
                    alpha,
                    x: $crate::c_entries::array(x),
                    incx: i64::from(incx),
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
                    $crate::level2::$routine::<$t, $crate::c_handle::HandleObj>,
                )
            })
        }
    )+};
}

/// `trmv` and `trsv`: `$routine` is `trmv_call` or `trsv_call`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! triangular_entries {
    (
        $e:ty;
        $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+
    ) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const $t,
            lda: $int,
            x: *mut $t,
            incx: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Trmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::one(x),
                    incx: i64::from(incx),
                    batch_count: 1,
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::c_entries::$routine::<$t>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
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
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Trmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::c_entries::$routine::<$t>,
                )
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            n: $int,
            a: *const *const $t,
            lda: $int,
            x: *const *mut $t,
            incx: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level2::Trmv {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::array(a),
                    lda: i64::from(lda),
                    x: $crate::c_entries::array(x.cast()),
                    incx: i64::from(incx),
                    batch_count: i64::from(batch_count),
                })
            };
            // SAFETY: the C API's contract.
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || unsafe {
                $crate::c_entries::run::<$e, _>(
                    handle,
                    args,
                    $crate::c_entries::$routine::<$t>,
                )
            })
        }
    )+};
}

// ---- Level 3 ----

/// `<t>gemm`: `C = alpha * op(A) op(B) + beta * C`.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! gemm_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            b: *const $t,
            ldb: $int,
            beta: *const $t,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_gemm::<$e, _>(
                        handle,
                        (trans_a, trans_b),
                        |trans_a, trans_b| $crate::level3::Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: $crate::c_entries::one(a),
                            lda: lda as i64,
                            b: $crate::c_entries::one(b),
                            ldb: ldb as i64,
                            beta,
                            c: $crate::c_entries::one(c),
                            ldc: ldc as i64,
                            batch_count: 1,
                        },
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            b: *const $t,
            ldb: $int,
            stride_b: i64,
            beta: *const $t,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_gemm::<$e, _>(
                        handle,
                        (trans_a, trans_b),
                        |trans_a, trans_b| $crate::level3::Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: $crate::c_entries::strided(a, stride_a),
                            lda: lda as i64,
                            b: $crate::c_entries::strided(b, stride_b),
                            ldb: ldb as i64,
                            beta,
                            c: $crate::c_entries::strided(c, stride_c),
                            ldc: ldc as i64,
                            batch_count: batch_count as i64,
                        },
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            b: *const *const $t,
            ldb: $int,
            beta: *const $t,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_gemm::<$e, _>(
                        handle,
                        (trans_a, trans_b),
                        |trans_a, trans_b| $crate::level3::Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: $crate::c_entries::array(a),
                            lda: lda as i64,
                            b: $crate::c_entries::array(b),
                            ldb: ldb as i64,
                            beta,
                            c: $crate::c_entries::array(c.cast()),
                            ldc: ldc as i64,
                            batch_count: batch_count as i64,
                        },
                    )
                }
            })
        }
    )+};
}

/// `<t>trsm`: solves `op(A) X = alpha B` or `X op(A) = alpha B` for X, written over B.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! trsm_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            b: *mut $t,
            ldb: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_trsm::<$e, _>(
                        handle,
                        (side, uplo, trans_a, diag),
                        |side, uplo, trans_a, diag| $crate::trsm::Trsm {
                            side,
                            uplo,
                            trans_a,
                            diag,
                            m: m as i64,
                            n: n as i64,
                            alpha,
                            a: $crate::c_entries::one(a),
                            lda: lda as i64,
                            b: $crate::c_entries::one(b),
                            ldb: ldb as i64,
                            batch_count: 1,
                        },
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            b: *mut $t,
            ldb: $int,
            stride_b: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_trsm::<$e, _>(
                        handle,
                        (side, uplo, trans_a, diag),
                        |side, uplo, trans_a, diag| $crate::trsm::Trsm {
                            side,
                            uplo,
                            trans_a,
                            diag,
                            m: m as i64,
                            n: n as i64,
                            alpha,
                            a: $crate::c_entries::strided(a, stride_a),
                            lda: lda as i64,
                            b: $crate::c_entries::strided(b, stride_b),
                            ldb: ldb as i64,
                            batch_count: batch_count as i64,
                        },
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            b: *const *mut $t,
            ldb: $int,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run_trsm::<$e, _>(
                        handle,
                        (side, uplo, trans_a, diag),
                        |side, uplo, trans_a, diag| $crate::trsm::Trsm {
                            side,
                            uplo,
                            trans_a,
                            diag,
                            m: m as i64,
                            n: n as i64,
                            alpha,
                            a: $crate::c_entries::array(a),
                            lda: lda as i64,
                            b: $crate::c_entries::array(b.cast()),
                            ldb: ldb as i64,
                            batch_count: batch_count as i64,
                        },
                    )
                }
            })
        }
    )+};
}

// ---- Level 3, beside gemm and trsm (crate::level3_more) ----

/// `<t>geam`: `C = alpha op(A) + beta op(B)`.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! geam_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            beta: *const $t,
            b: *const $t,
            ldb: $int,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Geam {
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    trans_b: <$e as $crate::c_entries::CEdge>::operation(trans_b)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: lda as i64,
                    beta,
                    b: $crate::c_entries::one(b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::one(c),
                    ldc: ldc as i64,
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::geam::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            beta: *const $t,
            b: *const $t,
            ldb: $int,
            stride_b: i64,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Geam {
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    trans_b: <$e as $crate::c_entries::CEdge>::operation(trans_b)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: lda as i64,
                    beta,
                    b: $crate::c_entries::strided(b, stride_b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::strided(c, stride_c),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::geam::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            beta: *const $t,
            b: *const *const $t,
            ldb: $int,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Geam {
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    trans_b: <$e as $crate::c_entries::CEdge>::operation(trans_b)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: lda as i64,
                    beta,
                    b: $crate::c_entries::array(b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::array(c.cast()),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::geam::<$t, $crate::c_handle::HandleObj>) }
            })
        }
    )+};
}

/// `<t>dgmm`: `C = A diag(x)` (side right) or `diag(x) A` (side left).
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! dgmm_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            m: $int,
            n: $int,
            a: *const $t,
            lda: $int,
            x: *const $t,
            incx: $int,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Dgmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    m: m as i64,
                    n: n as i64,
                    a: $crate::c_entries::one(a),
                    lda: lda as i64,
                    x: $crate::c_entries::one(x),
                    incx: incx as i64,
                    c: $crate::c_entries::one(c),
                    ldc: ldc as i64,
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::dgmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            m: $int,
            n: $int,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            x: *const $t,
            incx: $int,
            stride_x: i64,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Dgmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    m: m as i64,
                    n: n as i64,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: lda as i64,
                    x: $crate::c_entries::strided(x, stride_x),
                    incx: incx as i64,
                    c: $crate::c_entries::strided(c, stride_c),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::dgmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            m: $int,
            n: $int,
            a: *const *const $t,
            lda: $int,
            x: *const *const $t,
            incx: $int,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Dgmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    m: m as i64,
                    n: n as i64,
                    a: $crate::c_entries::array(a),
                    lda: lda as i64,
                    x: $crate::c_entries::array(x),
                    incx: incx as i64,
                    c: $crate::c_entries::array(c.cast()),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::dgmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }
    )+};
}

/// `<t>syrk` and `<t>herk` (`$routine`; `$s` the scalars' type): `C = alpha op(A) op(A)^T (^H) + beta C` on one triangle.
///
/// Rows: `$t, $s, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! syrk_entries {
    ($e:ty; $($t:ty, $s:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $s,
            a: *const $t,
            lda: $int,
            beta: *const $s,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Syrk {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    n: n as i64,
                    k: k as i64,
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: lda as i64,
                    beta,
                    c: $crate::c_entries::one(c),
                    ldc: ldc as i64,
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $s,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            beta: *const $s,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Syrk {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    n: n as i64,
                    k: k as i64,
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: lda as i64,
                    beta,
                    c: $crate::c_entries::strided(c, stride_c),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $s,
            a: *const *const $t,
            lda: $int,
            beta: *const $s,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Syrk {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
                    n: n as i64,
                    k: k as i64,
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: lda as i64,
                    beta,
                    c: $crate::c_entries::array(c.cast()),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }
    )+};
}

/// `<t>symm` and `<t>hemm` (`$routine`): `C = alpha A B + beta C` or `alpha B A + beta C`.
///
/// Rows: `$t, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! symm_entries {
    ($e:ty; $($t:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            b: *const $t,
            ldb: $int,
            beta: *const $t,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Symm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: lda as i64,
                    b: $crate::c_entries::one(b),
                    ldb: ldb as i64,
                    beta,
                    c: $crate::c_entries::one(c),
                    ldc: ldc as i64,
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            b: *const $t,
            ldb: $int,
            stride_b: i64,
            beta: *const $t,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Symm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: lda as i64,
                    b: $crate::c_entries::strided(b, stride_b),
                    ldb: ldb as i64,
                    beta,
                    c: $crate::c_entries::strided(c, stride_c),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            b: *const *const $t,
            ldb: $int,
            beta: *const $t,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Symm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: lda as i64,
                    b: $crate::c_entries::array(b),
                    ldb: ldb as i64,
                    beta,
                    c: $crate::c_entries::array(c.cast()),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::$routine::<$t, $crate::c_handle::HandleObj>) }
            })
        }
    )+};
}

/// `<t>trmm`: `C = alpha op(A) B` or `alpha B op(A)`, A triangular (out of place; C may be B).
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! trmm_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            b: *const $t,
            ldb: $int,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Trmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::one(a),
                    lda: lda as i64,
                    b: $crate::c_entries::one(b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::one(c),
                    ldc: ldc as i64,
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::trmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            b: *const $t,
            ldb: $int,
            stride_b: i64,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Trmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: lda as i64,
                    b: $crate::c_entries::strided(b, stride_b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::strided(c, stride_c),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::trmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            b: *const *const $t,
            ldb: $int,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_more::Trmm {
                    side: <$e as $crate::c_entries::CEdge>::side(side)?,
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans_a: <$e as $crate::c_entries::CEdge>::operation(trans_a)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    m: m as i64,
                    n: n as i64,
                    alpha,
                    a: $crate::c_entries::array(a),
                    lda: lda as i64,
                    b: $crate::c_entries::array(b),
                    ldb: ldb as i64,
                    c: $crate::c_entries::array(c.cast()),
                    ldc: ldc as i64,
                    batch_count: batch_count as i64,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe { $crate::c_entries::run::<$e, _>(handle, args, $crate::level3_more::trmm::<$t, $crate::c_handle::HandleObj>) }
            })
        }
    )+};
}

// ---- Ex: level 1 with run-time types, and trsm_ex ----
//
// rocBLAS and hipBLAS take these in one argument order, so one body serves both; each row is
// `$int => plain, strided_batched, batched;`. Vectors are untyped (`void *`); a batched call's is
// a device array of pointers; strides count elements of the vector's own type. Each family's
// `@one` arm writes one entry point: with strides (strided-batched), with a batch count, and
// with pointer arrays (batched) as its optional parts say.

/// An untyped vector or strided batch at `p`.
#[doc(hidden)]
pub fn ex_strided(p: *const std::ffi::c_void, stride: i64) -> Batch<u8> {
    strided(p.cast::<u8>(), stride)
}

/// An untyped batch given as a device array of pointers at `p`.
#[doc(hidden)]
pub fn ex_array(p: *const std::ffi::c_void) -> Batch<u8> {
    array(p.cast::<*const u8>())
}

/// An Ex entry point's batch count: 1 for a plain call.
#[doc(hidden)]
#[macro_export]
macro_rules! ex_batch {
    () => {
        1i64
    };
    ($b:ident) => {
        $b as i64
    };
}

/// An Ex entry point's vector or matrix `p`: plain, strided by `s`, or a pointer array.
#[doc(hidden)]
#[macro_export]
macro_rules! ex_vector {
    ($p:ident, (), ()) => {
        $crate::c_entries::ex_strided($p.cast(), 0)
    };
    ($p:ident, ($s:ident), ()) => {
        $crate::c_entries::ex_strided($p.cast(), $s)
    };
    ($p:ident, (), (array)) => {
        $crate::c_entries::ex_array($p.cast())
    };
}

/// `i64`, in a repetition driven by `$x` (a stride of the strided-batched form).
#[doc(hidden)]
#[macro_export]
macro_rules! ex_i64 {
    ($x:ident) => {
        i64
    };
}

/// The three forms of one Ex family from its `@one` arm.
#[doc(hidden)]
#[macro_export]
macro_rules! ex_forms {
    ($m:ident, $e:ty; $($int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        $crate::$m!(@one $e, $int, $plain, (), (), ());
        $crate::$m!(@one $e, $int, $strided, (stride_x), (batch_count), ());
        $crate::$m!(@one $e, $int, $batched, (), (batch_count), (array));
    )+};
}

/// `axpy_ex`: `y = alpha * x + y`.
#[doc(hidden)]
#[macro_export]
macro_rules! axpy_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(axpy_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const std::ffi::c_void,
            alpha_type: i32,
            x: *const std::ffi::c_void,
            x_type: i32,
            incx: $int,
            $($sx: i64,)?
            y: *mut std::ffi::c_void,
            y_type: i32,
            incy: $int,
            $(stride_y: $crate::ex_i64!($sx),)?
            $($batch: $int,)?
            execution_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            // y's stride, under the name the strided form's x stride had.
            $(let $sx = stride_y;)?
            let y = $crate::ex_vector!(y, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::AxpyEx {
                                n: n as i64,
                                alpha: alpha.cast(),
                                alpha_type: E::datatype(alpha_type)?,
                                x,
                                x_type: E::datatype(x_type)?,
                                incx: incx as i64,
                                y,
                                y_type: E::datatype(y_type)?,
                                incy: incy as i64,
                                batch_count,
                                execution_type: E::datatype(execution_type)?,
                            })
                        },
                        $crate::level1_ex::axpy_ex::<$crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    };
}

/// `scal_ex`: `x = alpha * x`.
#[doc(hidden)]
#[macro_export]
macro_rules! scal_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(scal_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            alpha: *const std::ffi::c_void,
            alpha_type: i32,
            x: *mut std::ffi::c_void,
            x_type: i32,
            incx: $int,
            $($sx: i64,)?
            $($batch: $int,)?
            execution_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::ScalEx {
                                n: n as i64,
                                alpha: alpha.cast(),
                                alpha_type: E::datatype(alpha_type)?,
                                x,
                                x_type: E::datatype(x_type)?,
                                incx: incx as i64,
                                batch_count,
                                execution_type: E::datatype(execution_type)?,
                            })
                        },
                        $crate::level1_ex::scal_ex::<$crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    };
}

/// `dot_ex`: one sum of `x[i] * y[i]` per batch member.
#[doc(hidden)]
#[macro_export]
macro_rules! dot_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(dot_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, $s:tt, $b:tt, $a:tt) => {
        $crate::dot_ex_entries!(@body false, $e, $int, $name, $s, $b, $a);
    };
    (@body $conj:literal, $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?),
        ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const std::ffi::c_void,
            x_type: i32,
            incx: $int,
            $($sx: i64,)?
            y: *const std::ffi::c_void,
            y_type: i32,
            incy: $int,
            $(stride_y: $crate::ex_i64!($sx),)?
            $($batch: $int,)?
            result: *mut std::ffi::c_void,
            result_type: i32,
            execution_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            // y's stride, under the name the strided form's x stride had.
            $(let $sx = stride_y;)?
            let y = $crate::ex_vector!(y, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::DotEx {
                                n: n as i64,
                                x,
                                x_type: E::datatype(x_type)?,
                                incx: incx as i64,
                                y,
                                y_type: E::datatype(y_type)?,
                                incy: incy as i64,
                                batch_count,
                                result: result.cast(),
                                result_type: E::datatype(result_type)?,
                                execution_type: E::datatype(execution_type)?,
                            })
                        },
                        $crate::level1_ex::dot_ex::<$crate::c_handle::HandleObj, $conj>,
                    )
                }
            })
        }
    };
}

/// `bfdot` (rocBLAS, hipBLAS's `Bfdot`): `dot_ex` with bf16 vectors and result, accumulated in
/// f32, as both libraries define it.
#[doc(hidden)]
#[macro_export]
macro_rules! bfdot_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(bfdot_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const std::ffi::c_void,
            incx: $int,
            $($sx: i64,)?
            y: *const std::ffi::c_void,
            incy: $int,
            $(stride_y: $crate::ex_i64!($sx),)?
            $($batch: $int,)?
            result: *mut std::ffi::c_void,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            use $crate::types::Datatype;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            $(let $sx = stride_y;)?
            let y = $crate::ex_vector!(y, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::DotEx {
                                n: n as i64,
                                x,
                                x_type: Datatype::Bf16R,
                                incx: incx as i64,
                                y,
                                y_type: Datatype::Bf16R,
                                incy: incy as i64,
                                batch_count,
                                result: result.cast(),
                                result_type: Datatype::Bf16R,
                                execution_type: Datatype::F32R,
                            })
                        },
                        $crate::level1_ex::dot_ex::<$crate::c_handle::HandleObj, false>,
                    )
                }
            })
        }
    };
}

/// `dotc_ex`: one sum of `conj(x[i]) * y[i]` per batch member.
#[doc(hidden)]
#[macro_export]
macro_rules! dotc_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(dotc_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, $s:tt, $b:tt, $a:tt) => {
        $crate::dot_ex_entries!(@body true, $e, $int, $name, $s, $b, $a);
    };
}

/// `nrm2_ex`: the Euclidean norm of each x.
#[doc(hidden)]
#[macro_export]
macro_rules! nrm2_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(nrm2_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *const std::ffi::c_void,
            x_type: i32,
            incx: $int,
            $($sx: i64,)?
            $($batch: $int,)?
            result: *mut std::ffi::c_void,
            result_type: i32,
            execution_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::Nrm2Ex {
                                n: n as i64,
                                x,
                                x_type: E::datatype(x_type)?,
                                incx: incx as i64,
                                batch_count,
                                result: result.cast(),
                                result_type: E::datatype(result_type)?,
                                execution_type: E::datatype(execution_type)?,
                            })
                        },
                        $crate::level1_ex::nrm2_ex::<$crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    };
}

/// `rot_ex`: `x = c x + s y`, `y = c y - conj(s) x`, c and s of one type.
#[doc(hidden)]
#[macro_export]
macro_rules! rot_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(rot_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *mut std::ffi::c_void,
            x_type: i32,
            incx: $int,
            $($sx: i64,)?
            y: *mut std::ffi::c_void,
            y_type: i32,
            incy: $int,
            $(stride_y: $crate::ex_i64!($sx),)?
            c: *const std::ffi::c_void,
            s: *const std::ffi::c_void,
            cs_type: i32,
            $($batch: $int,)?
            execution_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let x = $crate::ex_vector!(x, ($($sx)?), ($($array)?));
            // y's stride, under the name the strided form's x stride had.
            $(let $sx = stride_y;)?
            let y = $crate::ex_vector!(y, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::RotEx {
                                n: n as i64,
                                x,
                                x_type: E::datatype(x_type)?,
                                incx: incx as i64,
                                y,
                                y_type: E::datatype(y_type)?,
                                incy: incy as i64,
                                c: c.cast(),
                                s: s.cast(),
                                cs_type: E::datatype(cs_type)?,
                                batch_count,
                                execution_type: E::datatype(execution_type)?,
                            })
                        },
                        $crate::level1_ex::rot_ex::<$crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    };
}

/// `trsm_ex`: trsm in the compute type; `invA` is accepted and not read.
#[doc(hidden)]
#[macro_export]
macro_rules! trsm_ex_entries {
    ($e:ty; $($rows:tt)+) => { $crate::ex_forms!(trsm_ex_entries, $e; $($rows)+); };
    (@one $e:ty, $int:ty, $name:ident, ($($sx:ident)?), ($($batch:ident)?), ($($array:ident)?)) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            handle: $crate::c_handle::RocblasHandle,
            side: i32,
            uplo: i32,
            trans_a: i32,
            diag: i32,
            m: $int,
            n: $int,
            alpha: *const std::ffi::c_void,
            a: *const std::ffi::c_void,
            lda: $int,
            $($sx: i64,)?
            b: *mut std::ffi::c_void,
            ldb: $int,
            $(stride_b: $crate::ex_i64!($sx),)?
            $($batch: $int,)?
            _inv_a: *const std::ffi::c_void,
            _inv_a_size: $int,
            $(_stride_inv_a: $crate::ex_i64!($sx),)?
            compute_type: i32,
        ) -> i32 {
            type E = $e;
            use $crate::c_entries::CEdge;
            let a = $crate::ex_vector!(a, ($($sx)?), ($($array)?));
            // B's stride, under the name the strided form's A stride had.
            $(let $sx = stride_b;)?
            let b = $crate::ex_vector!(b, ($($sx)?), ($($array)?));
            let batch_count = $crate::ex_batch!($($batch)?);
            E::entry(stringify!($name), || {
                // SAFETY: the C API's contract for the call's pointers.
                unsafe {
                    $crate::c_entries::run::<E, _>(
                        handle,
                        || {
                            Ok($crate::level1_ex::TrsmEx {
                                side: E::side(side)?,
                                uplo: E::fill(uplo)?,
                                trans_a: E::operation(trans_a)?,
                                diag: E::diagonal(diag)?,
                                m: m as i64,
                                n: n as i64,
                                alpha: alpha.cast(),
                                a,
                                lda: lda as i64,
                                b,
                                ldb: ldb as i64,
                                batch_count,
                                compute_type: E::datatype(compute_type)?,
                            })
                        },
                        $crate::level1_ex::trsm_ex::<$crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    };
}
