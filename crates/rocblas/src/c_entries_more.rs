//! More BLAS C entry points for both C libraries, as in [`crate::c_entries`] (the same
//! [`CEdge`](crate::c_entries::CEdge) and helpers): Level 1's rotg, rotm and rotmg, Level 3's
//! syr2k/her2k/syrkx/herkx and trtri. Each macro takes the edge type and rows naming the
//! plain, strided-batched and batched symbols.

// ---- Level 1 ----

/// `<t>rotg`: the Givens rotation of (a, b); `$c` is c's (real) type.
///
/// Rows: `$t, $c, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! rotg_entries {
    ($e:ty; $($t:ty, $c:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            a: *mut $t,
            b: *mut $t,
            c: *mut $c,
            s: *mut $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for a, b, c and s, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotg::<$t> {
                            a: $crate::c_entries::one(a),
                            b: $crate::c_entries::one(b),
                            c: $crate::c_entries::one(c),
                            s: $crate::c_entries::one(s),
                            batch_count: 1,
                        };
                        $crate::level1_more::rotg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            a: *mut $t,
            stride_a: i64,
            b: *mut $t,
            stride_b: i64,
            c: *mut $c,
            stride_c: i64,
            s: *mut $t,
            stride_s: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotg::<$t> {
                            a: $crate::c_entries::strided(a, stride_a),
                            b: $crate::c_entries::strided(b, stride_b),
                            c: $crate::c_entries::strided(c, stride_c),
                            s: $crate::c_entries::strided(s, stride_s),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            a: *const *mut $t,
            b: *const *mut $t,
            c: *const *mut $c,
            s: *const *mut $t,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotg::<$t> {
                            a: $crate::c_entries::array(a.cast()),
                            b: $crate::c_entries::array(b.cast()),
                            c: $crate::c_entries::array(c.cast()),
                            s: $crate::c_entries::array(s.cast()),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }
    )+};
}

/// `<t>rotm`: the modified rotation of `param` applied to x and y.
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! rotm_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            n: $int,
            x: *mut $t,
            incx: $int,
            y: *mut $t,
            incy: $int,
            param: *const $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for x, y and param, and the caller does not
                // destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let r = $crate::level1_more::Rotm {
                            n: n as i64,
                            x: $crate::c_entries::one(x),
                            incx: incx as i64,
                            y: $crate::c_entries::one(y),
                            incy: incy as i64,
                            param: $crate::c_entries::one(param),
                            batch_count: 1,
                        };
                        $crate::level1_more::rotm(h, h.pointer_mode(), &r)
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
            stride_x: i64,
            y: *mut $t,
            incy: $int,
            stride_y: i64,
            param: *const $t,
            stride_param: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let r = $crate::level1_more::Rotm {
                            n: n as i64,
                            x: $crate::c_entries::strided(x, stride_x),
                            incx: incx as i64,
                            y: $crate::c_entries::strided(y, stride_y),
                            incy: incy as i64,
                            param: $crate::c_entries::strided(param, stride_param),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotm(h, h.pointer_mode(), &r)
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
            param: *const *const $t,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let r = $crate::level1_more::Rotm {
                            n: n as i64,
                            x: $crate::c_entries::array(x.cast()),
                            incx: incx as i64,
                            y: $crate::c_entries::array(y.cast()),
                            incy: incy as i64,
                            param: $crate::c_entries::array(param),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotm(h, h.pointer_mode(), &r)
                    })
                }
            })
        }
    )+};
}

/// `<t>rotmg`: the modified Givens rotation of (d1, d2, x1, y1).
///
/// Rows: `$t, $int => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! rotmg_entries {
    ($e:ty; $($t:ty, $int:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            d1: *mut $t,
            d2: *mut $t,
            x1: *mut $t,
            y1: *const $t,
            param: *mut $t,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract for the scalars and param, and the caller does
                // not destroy the handle during the call.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotmg {
                            d1: $crate::c_entries::one(d1),
                            d2: $crate::c_entries::one(d2),
                            x1: $crate::c_entries::one(x1),
                            y1: $crate::c_entries::one(y1),
                            param: $crate::c_entries::one(param),
                            batch_count: 1,
                        };
                        $crate::level1_more::rotmg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            d1: *mut $t,
            stride_d1: i64,
            d2: *mut $t,
            stride_d2: i64,
            x1: *mut $t,
            stride_x1: i64,
            y1: *const $t,
            stride_y1: i64,
            param: *mut $t,
            stride_param: i64,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotmg {
                            d1: $crate::c_entries::strided(d1, stride_d1),
                            d2: $crate::c_entries::strided(d2, stride_d2),
                            x1: $crate::c_entries::strided(x1, stride_x1),
                            y1: $crate::c_entries::strided(y1, stride_y1),
                            param: $crate::c_entries::strided(param, stride_param),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotmg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            d1: *const *mut $t,
            d2: *const *mut $t,
            x1: *const *mut $t,
            y1: *const *const $t,
            param: *const *mut $t,
            batch_count: $int,
        ) -> i32 {
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: as above.
                unsafe {
                    $crate::c_entries::call::<$e>(handle, |h| {
                        let g = $crate::level1_more::Rotmg {
                            d1: $crate::c_entries::array(d1.cast()),
                            d2: $crate::c_entries::array(d2.cast()),
                            x1: $crate::c_entries::array(x1.cast()),
                            y1: $crate::c_entries::array(y1),
                            param: $crate::c_entries::array(param.cast()),
                            batch_count: batch_count as i64,
                        };
                        $crate::level1_more::rotmg(h, h.pointer_mode(), &g)
                    })
                }
            })
        }
    )+};
}

// ---- Level 3 ----

/// `<t>syr2k`, `<t>her2k`, `<t>syrkx` and `<t>herkx` (`$routine`; `$s` beta's type):
/// `C = alpha op(A) op(B)^T (^H) [+ alpha op(B) op(A)^T (^H)] + beta C` on one triangle.
///
/// Rows: `$t, $s, $int, $routine => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! syr2k_entries {
    ($e:ty; $($t:ty, $s:ty, $int:ty, $routine:ident => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            b: *const $t,
            ldb: $int,
            beta: *const $s,
            c: *mut $t,
            ldc: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_rank2k::Syr2k {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
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
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::level3_rank2k::$routine::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const $t,
            lda: $int,
            stride_a: i64,
            b: *const $t,
            ldb: $int,
            stride_b: i64,
            beta: *const $s,
            c: *mut $t,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_rank2k::Syr2k {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
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
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::level3_rank2k::$routine::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            trans: i32,
            n: $int,
            k: $int,
            alpha: *const $t,
            a: *const *const $t,
            lda: $int,
            b: *const *const $t,
            ldb: $int,
            beta: *const $s,
            c: *const *mut $t,
            ldc: $int,
            batch_count: $int,
        ) -> i32 {
            let args = || {
                Ok($crate::level3_rank2k::Syr2k {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    trans: <$e as $crate::c_entries::CEdge>::operation(trans)?,
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
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::level3_rank2k::$routine::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    )+};
}

/// `<t>trtri`: `invA = A^-1`, A triangular (32-bit sizes only: neither library has `_64`).
///
/// Rows: `$t => plain, strided_batched, batched;`.
#[doc(hidden)]
#[macro_export]
macro_rules! trtri_entries {
    ($e:ty; $($t:ty => $plain:ident, $strided:ident, $batched:ident;)+) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            diag: i32,
            n: i32,
            a: *const $t,
            lda: i32,
            inv_a: *mut $t,
            ld_inv_a: i32,
        ) -> i32 {
            let args = || {
                Ok($crate::trtri::Trtri {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::one(a),
                    lda: i64::from(lda),
                    inv_a: $crate::c_entries::one(inv_a),
                    ld_inv_a: i64::from(ld_inv_a),
                    batch_count: 1,
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::trtri::trtri::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            diag: i32,
            n: i32,
            a: *const $t,
            lda: i32,
            stride_a: i64,
            inv_a: *mut $t,
            ld_inv_a: i32,
            stride_inv_a: i64,
            batch_count: i32,
        ) -> i32 {
            let args = || {
                Ok($crate::trtri::Trtri {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::strided(a, stride_a),
                    lda: i64::from(lda),
                    inv_a: $crate::c_entries::strided(inv_a, stride_inv_a),
                    ld_inv_a: i64::from(ld_inv_a),
                    batch_count: i64::from(batch_count),
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::trtri::trtri::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: $crate::c_handle::RocblasHandle,
            uplo: i32,
            diag: i32,
            n: i32,
            a: *const *const $t,
            lda: i32,
            inv_a: *const *mut $t,
            ld_inv_a: i32,
            batch_count: i32,
        ) -> i32 {
            let args = || {
                Ok($crate::trtri::Trtri {
                    uplo: <$e as $crate::c_entries::CEdge>::fill(uplo)?,
                    diag: <$e as $crate::c_entries::CEdge>::diagonal(diag)?,
                    n: i64::from(n),
                    a: $crate::c_entries::array(a),
                    lda: i64::from(lda),
                    inv_a: $crate::c_entries::array(inv_a.cast()),
                    ld_inv_a: i64::from(ld_inv_a),
                    batch_count: i64::from(batch_count),
                })
            };
            <$e as $crate::c_entries::CEdge>::entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    $crate::c_entries::run::<$e, _>(
                        handle,
                        args,
                        $crate::trtri::trtri::<$t, $crate::c_handle::HandleObj>,
                    )
                }
            })
        }
    )+};
}
