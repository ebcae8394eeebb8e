//! The entry points of getri, orgqr / ungqr, gels, syevd / heevd and gesvd, generated per
//! element type and batching form from one body each.

use crate::{entry, launcher, rocblas_status};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{Fill, Operation, C32, C64};
use rocsolver::routines::Strided;
use rocsolver::routines2::{self, Evect, Gels, Gesvd, Getri, Orgqr, Svect, Syevd};
use std::ffi::c_void;

type H = *mut c_void;

fn strided<T>(p: *const T, stride: i64) -> Batch<T> {
    Batch::Strided {
        base: Ptr(p),
        stride,
    }
}

fn array<T>(p: *const *mut T) -> Batch<T> {
    Batch::Array(Ptr(p.cast()))
}

macro_rules! getri_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            n: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *mut i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Getri {
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, 0),
                    info,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::getri(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            ipiv: *mut i32,
            stride_p: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Getri {
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::getri(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            ipiv: *mut i32,
            stride_p: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Getri {
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::getri(&l, &g) }
            })
        }
    };
}

macro_rules! orgqr_entry {
    ($t:ty, $plain:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            m: i32,
            n: i32,
            k: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *mut $t,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Orgqr {
                    m: m as i64,
                    n: n as i64,
                    k: k as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    tau: Strided::new(ipiv, 0),
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::orgqr(&l, &g) }
            })
        }
    };
}

macro_rules! gels_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            b: *mut $t,
            ldb: i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Gels {
                    trans: Operation::from_raw(trans)?,
                    m: m as i64,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    b: Batch::one(b),
                    ldb: ldb as i64,
                    info,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gels(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *const *mut $t,
            lda: i32,
            b: *const *mut $t,
            ldb: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Gels {
                    trans: Operation::from_raw(trans)?,
                    m: m as i64,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: array(a),
                    lda: lda as i64,
                    b: array(b),
                    ldb: ldb as i64,
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gels(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            trans: i32,
            m: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            b: *mut $t,
            ldb: i32,
            stride_b: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Gels {
                    trans: Operation::from_raw(trans)?,
                    m: m as i64,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    b: strided(b, stride_b),
                    ldb: ldb as i64,
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gels(&l, &g) }
            })
        }
    };
}

macro_rules! syevd_entries {
    ($t:ty, $r:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            evect: i32,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            d: *mut $r,
            e: *mut $r,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Syevd {
                    evect: Evect::from_raw(evect)?,
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    d: Strided::new(d, 0),
                    e: Strided::new(e, 0),
                    info,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::syevd(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            evect: i32,
            uplo: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            d: *mut $r,
            stride_d: i64,
            e: *mut $r,
            stride_e: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Syevd {
                    evect: Evect::from_raw(evect)?,
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    d: Strided::new(d, stride_d),
                    e: Strided::new(e, stride_e),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::syevd(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            evect: i32,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            d: *mut $r,
            stride_d: i64,
            e: *mut $r,
            stride_e: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Syevd {
                    evect: Evect::from_raw(evect)?,
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    d: Strided::new(d, stride_d),
                    e: Strided::new(e, stride_e),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::syevd(&l, &g) }
            })
        }
    };
}

/// `fast_alg` (a `rocblas_workmode`) is taken and ignored: rocSOLVER does not check it, and
/// the one algorithm here has no in-place and out-of-place variants.
macro_rules! gesvd_entries {
    ($t:ty, $r:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            left_svect: i32,
            right_svect: i32,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            s: *mut $r,
            u: *mut $t,
            ldu: i32,
            v: *mut $t,
            ldv: i32,
            e: *mut $r,
            _fast_alg: i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Gesvd {
                    left: Svect::from_raw(left_svect)?,
                    right: Svect::from_raw(right_svect)?,
                    m: m as i64,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    s: Strided::new(s, 0),
                    u: Strided::new(u, 0),
                    ldu: ldu as i64,
                    v: Strided::new(v, 0),
                    ldv: ldv as i64,
                    e: Strided::new(e, 0),
                    info,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gesvd(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            left_svect: i32,
            right_svect: i32,
            m: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            s: *mut $r,
            stride_s: i64,
            u: *mut $t,
            ldu: i32,
            stride_u: i64,
            v: *mut $t,
            ldv: i32,
            stride_v: i64,
            e: *mut $r,
            stride_e: i64,
            _fast_alg: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Gesvd {
                    left: Svect::from_raw(left_svect)?,
                    right: Svect::from_raw(right_svect)?,
                    m: m as i64,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    s: Strided::new(s, stride_s),
                    u: Strided::new(u, stride_u),
                    ldu: ldu as i64,
                    v: Strided::new(v, stride_v),
                    ldv: ldv as i64,
                    e: Strided::new(e, stride_e),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gesvd(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            left_svect: i32,
            right_svect: i32,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            s: *mut $r,
            stride_s: i64,
            u: *mut $t,
            ldu: i32,
            stride_u: i64,
            v: *mut $t,
            ldv: i32,
            stride_v: i64,
            e: *mut $r,
            stride_e: i64,
            _fast_alg: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Gesvd {
                    left: Svect::from_raw(left_svect)?,
                    right: Svect::from_raw(right_svect)?,
                    m: m as i64,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    s: Strided::new(s, stride_s),
                    u: Strided::new(u, stride_u),
                    ldu: ldu as i64,
                    v: Strided::new(v, stride_v),
                    ldv: ldv as i64,
                    e: Strided::new(e, stride_e),
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines2::gesvd(&l, &g) }
            })
        }
    };
}

getri_entries!(
    f32,
    rocsolver_sgetri,
    rocsolver_sgetri_batched,
    rocsolver_sgetri_strided_batched
);
getri_entries!(
    f64,
    rocsolver_dgetri,
    rocsolver_dgetri_batched,
    rocsolver_dgetri_strided_batched
);
getri_entries!(
    C32,
    rocsolver_cgetri,
    rocsolver_cgetri_batched,
    rocsolver_cgetri_strided_batched
);
getri_entries!(
    C64,
    rocsolver_zgetri,
    rocsolver_zgetri_batched,
    rocsolver_zgetri_strided_batched
);
orgqr_entry!(f32, rocsolver_sorgqr);
orgqr_entry!(f64, rocsolver_dorgqr);
orgqr_entry!(C32, rocsolver_cungqr);
orgqr_entry!(C64, rocsolver_zungqr);
gels_entries!(
    f32,
    rocsolver_sgels,
    rocsolver_sgels_batched,
    rocsolver_sgels_strided_batched
);
gels_entries!(
    f64,
    rocsolver_dgels,
    rocsolver_dgels_batched,
    rocsolver_dgels_strided_batched
);
gels_entries!(
    C32,
    rocsolver_cgels,
    rocsolver_cgels_batched,
    rocsolver_cgels_strided_batched
);
gels_entries!(
    C64,
    rocsolver_zgels,
    rocsolver_zgels_batched,
    rocsolver_zgels_strided_batched
);
syevd_entries!(
    f32,
    f32,
    rocsolver_ssyevd,
    rocsolver_ssyevd_batched,
    rocsolver_ssyevd_strided_batched
);
syevd_entries!(
    f64,
    f64,
    rocsolver_dsyevd,
    rocsolver_dsyevd_batched,
    rocsolver_dsyevd_strided_batched
);
syevd_entries!(
    C32,
    f32,
    rocsolver_cheevd,
    rocsolver_cheevd_batched,
    rocsolver_cheevd_strided_batched
);
syevd_entries!(
    C64,
    f64,
    rocsolver_zheevd,
    rocsolver_zheevd_batched,
    rocsolver_zheevd_strided_batched
);
gesvd_entries!(
    f32,
    f32,
    rocsolver_sgesvd,
    rocsolver_sgesvd_batched,
    rocsolver_sgesvd_strided_batched
);
gesvd_entries!(
    f64,
    f64,
    rocsolver_dgesvd,
    rocsolver_dgesvd_batched,
    rocsolver_dgesvd_strided_batched
);
gesvd_entries!(
    C32,
    f32,
    rocsolver_cgesvd,
    rocsolver_cgesvd_batched,
    rocsolver_cgesvd_strided_batched
);
gesvd_entries!(
    C64,
    f64,
    rocsolver_zgesvd,
    rocsolver_zgesvd_batched,
    rocsolver_zgesvd_strided_batched
);
