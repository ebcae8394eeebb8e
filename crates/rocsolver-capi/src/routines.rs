//! The entry points, generated per element type and batching form from one body each.

use crate::{entry, launcher, rocblas_status};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{Fill, Operation, C32, C64};
use rocsolver::routines::{self, Geqrf, Getrf, Getrs, Potrf, Potrs, Strided};
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

macro_rules! getrf_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident, $npvt:ident, $npvt_batched:ident, $npvt_strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *mut i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, 0),
                    info,
                    batch_count: 1,
                    pivot: true,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            m: i32,
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
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    info,
                    batch_count: batch_count as i64,
                    pivot: true,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            m: i32,
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
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    info,
                    batch_count: batch_count as i64,
                    pivot: true,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $npvt(
            h: H,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($npvt), || {
                let l = launcher(h)?;
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    ipiv: Strided::new(std::ptr::null(), 0),
                    info,
                    batch_count: 1,
                    pivot: false,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $npvt_batched(
            h: H,
            m: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($npvt_batched), || {
                let l = launcher(h)?;
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    ipiv: Strided::new(std::ptr::null(), 0),
                    info,
                    batch_count: batch_count as i64,
                    pivot: false,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $npvt_strided(
            h: H,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($npvt_strided), || {
                let l = launcher(h)?;
                let g = Getrf {
                    m: m as i64,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    ipiv: Strided::new(std::ptr::null(), 0),
                    info,
                    batch_count: batch_count as i64,
                    pivot: false,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrf(&l, &g) }
            })
        }
    };
}

macro_rules! getrs_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            ipiv: *const i32,
            b: *mut $t,
            ldb: i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Getrs {
                    trans: Operation::from_raw(trans)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, 0),
                    b: Batch::one(b),
                    ldb: ldb as i64,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrs(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *const *mut $t,
            lda: i32,
            ipiv: *const i32,
            stride_p: i64,
            b: *const *mut $t,
            ldb: i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Getrs {
                    trans: Operation::from_raw(trans)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: array(a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    b: array(b),
                    ldb: ldb as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrs(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            trans: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            ipiv: *const i32,
            stride_p: i64,
            b: *mut $t,
            ldb: i32,
            stride_b: i64,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Getrs {
                    trans: Operation::from_raw(trans)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    ipiv: Strided::new(ipiv, stride_p),
                    b: strided(b, stride_b),
                    ldb: ldb as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::getrs(&l, &g) }
            })
        }
    };
}

macro_rules! potrf_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            info: *mut i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let p = Potrf {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    info,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrf(&l, &p) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            uplo: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let p = Potrf {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrf(&l, &p) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            uplo: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            info: *mut i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let p = Potrf {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    info,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrf(&l, &p) }
            })
        }
    };
}

macro_rules! potrs_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            uplo: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            b: *mut $t,
            ldb: i32,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let p = Potrs {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    b: Batch::one(b),
                    ldb: ldb as i64,
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrs(&l, &p) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            uplo: i32,
            n: i32,
            nrhs: i32,
            a: *const *mut $t,
            lda: i32,
            b: *const *mut $t,
            ldb: i32,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let p = Potrs {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: array(a),
                    lda: lda as i64,
                    b: array(b),
                    ldb: ldb as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrs(&l, &p) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            uplo: i32,
            n: i32,
            nrhs: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            b: *mut $t,
            ldb: i32,
            stride_b: i64,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let p = Potrs {
                    uplo: Fill::from_raw(uplo)?,
                    n: n as i64,
                    nrhs: nrhs as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    b: strided(b, stride_b),
                    ldb: ldb as i64,
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::potrs(&l, &p) }
            })
        }
    };
}

macro_rules! geqrf_entries {
    ($t:ty, $plain:ident, $batched:ident, $strided:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            h: H,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            tau: *mut $t,
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                let l = launcher(h)?;
                let g = Geqrf {
                    m: m as i64,
                    n: n as i64,
                    a: Batch::one(a),
                    lda: lda as i64,
                    tau: Strided::new(tau, 0),
                    batch_count: 1,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::geqrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            h: H,
            m: i32,
            n: i32,
            a: *const *mut $t,
            lda: i32,
            tau: *mut $t,
            stride_p: i64,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($batched), || {
                let l = launcher(h)?;
                let g = Geqrf {
                    m: m as i64,
                    n: n as i64,
                    a: array(a),
                    lda: lda as i64,
                    tau: Strided::new(tau, stride_p),
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::geqrf(&l, &g) }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            h: H,
            m: i32,
            n: i32,
            a: *mut $t,
            lda: i32,
            stride_a: i64,
            tau: *mut $t,
            stride_p: i64,
            batch_count: i32,
        ) -> rocblas_status {
            entry(stringify!($strided), || {
                let l = launcher(h)?;
                let g = Geqrf {
                    m: m as i64,
                    n: n as i64,
                    a: strided(a, stride_a),
                    lda: lda as i64,
                    tau: Strided::new(tau, stride_p),
                    batch_count: batch_count as i64,
                };
                // SAFETY: the C API's contract.
                unsafe { routines::geqrf(&l, &g) }
            })
        }
    };
}

getrf_entries!(
    f32,
    rocsolver_sgetrf,
    rocsolver_sgetrf_batched,
    rocsolver_sgetrf_strided_batched,
    rocsolver_sgetrf_npvt,
    rocsolver_sgetrf_npvt_batched,
    rocsolver_sgetrf_npvt_strided_batched
);
getrf_entries!(
    f64,
    rocsolver_dgetrf,
    rocsolver_dgetrf_batched,
    rocsolver_dgetrf_strided_batched,
    rocsolver_dgetrf_npvt,
    rocsolver_dgetrf_npvt_batched,
    rocsolver_dgetrf_npvt_strided_batched
);
getrf_entries!(
    C32,
    rocsolver_cgetrf,
    rocsolver_cgetrf_batched,
    rocsolver_cgetrf_strided_batched,
    rocsolver_cgetrf_npvt,
    rocsolver_cgetrf_npvt_batched,
    rocsolver_cgetrf_npvt_strided_batched
);
getrf_entries!(
    C64,
    rocsolver_zgetrf,
    rocsolver_zgetrf_batched,
    rocsolver_zgetrf_strided_batched,
    rocsolver_zgetrf_npvt,
    rocsolver_zgetrf_npvt_batched,
    rocsolver_zgetrf_npvt_strided_batched
);
getrs_entries!(
    f32,
    rocsolver_sgetrs,
    rocsolver_sgetrs_batched,
    rocsolver_sgetrs_strided_batched
);
getrs_entries!(
    f64,
    rocsolver_dgetrs,
    rocsolver_dgetrs_batched,
    rocsolver_dgetrs_strided_batched
);
getrs_entries!(
    C32,
    rocsolver_cgetrs,
    rocsolver_cgetrs_batched,
    rocsolver_cgetrs_strided_batched
);
getrs_entries!(
    C64,
    rocsolver_zgetrs,
    rocsolver_zgetrs_batched,
    rocsolver_zgetrs_strided_batched
);
potrf_entries!(
    f32,
    rocsolver_spotrf,
    rocsolver_spotrf_batched,
    rocsolver_spotrf_strided_batched
);
potrf_entries!(
    f64,
    rocsolver_dpotrf,
    rocsolver_dpotrf_batched,
    rocsolver_dpotrf_strided_batched
);
potrf_entries!(
    C32,
    rocsolver_cpotrf,
    rocsolver_cpotrf_batched,
    rocsolver_cpotrf_strided_batched
);
potrf_entries!(
    C64,
    rocsolver_zpotrf,
    rocsolver_zpotrf_batched,
    rocsolver_zpotrf_strided_batched
);
potrs_entries!(
    f32,
    rocsolver_spotrs,
    rocsolver_spotrs_batched,
    rocsolver_spotrs_strided_batched
);
potrs_entries!(
    f64,
    rocsolver_dpotrs,
    rocsolver_dpotrs_batched,
    rocsolver_dpotrs_strided_batched
);
potrs_entries!(
    C32,
    rocsolver_cpotrs,
    rocsolver_cpotrs_batched,
    rocsolver_cpotrs_strided_batched
);
potrs_entries!(
    C64,
    rocsolver_zpotrs,
    rocsolver_zpotrs_batched,
    rocsolver_zpotrs_strided_batched
);
geqrf_entries!(
    f32,
    rocsolver_sgeqrf,
    rocsolver_sgeqrf_batched,
    rocsolver_sgeqrf_strided_batched
);
geqrf_entries!(
    f64,
    rocsolver_dgeqrf,
    rocsolver_dgeqrf_batched,
    rocsolver_dgeqrf_strided_batched
);
geqrf_entries!(
    C32,
    rocsolver_cgeqrf,
    rocsolver_cgeqrf_batched,
    rocsolver_cgeqrf_strided_batched
);
geqrf_entries!(
    C64,
    rocsolver_zgeqrf,
    rocsolver_zgeqrf_batched,
    rocsolver_zgeqrf_strided_batched
);
