//! Level 3 entry points: `rocblas_<t>gemm` with its strided-batched, batched and `_64` forms,
//! generated for each element type from one body.

use crate::handle::{HandleObj, RocblasHandle};
use crate::{entry, rocblas_status};
use rocblas::level3::{gemm, Batch, Gemm};
use rocblas::{f16, Element, Operation, Result, C32, C64};

/// Runs a gemm call on `handle`.
///
/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn run<T: Element>(
    handle: RocblasHandle,
    g: impl FnOnce() -> Result<Gemm<T>>,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { HandleObj::get(handle)? };
    let g = g()?;
    // SAFETY: forwarded caller contract.
    unsafe { gemm(h, h.pointer_mode(), &g) }
}

fn ops(a: i32, b: i32) -> Result<(Operation, Operation)> {
    Ok((Operation::from_raw(a)?, Operation::from_raw(b)?))
}

macro_rules! gemm_entries {
    ($t:ty, $int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run(handle, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        Ok(Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: Batch::one(a),
                            lda: lda as i64,
                            b: Batch::one(b),
                            ldb: ldb as i64,
                            beta,
                            c: Batch::one(c),
                            ldc: ldc as i64,
                            batch_count: 1,
                        })
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let strided = |p: *const $t, stride: i64| Batch::Strided {
                base: rocblas::kernel::Ptr(p),
                stride,
            };
            entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run(handle, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        Ok(Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: strided(a, stride_a),
                            lda: lda as i64,
                            b: strided(b, stride_b),
                            ldb: ldb as i64,
                            beta,
                            c: strided(c, stride_c),
                            ldc: ldc as i64,
                            batch_count: batch_count as i64,
                        })
                    })
                }
            })
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: RocblasHandle,
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
        ) -> rocblas_status {
            let array = |p: *const *const $t| Batch::Array(rocblas::kernel::Ptr(p));
            entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run(handle, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        Ok(Gemm {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha,
                            a: array(a),
                            lda: lda as i64,
                            b: array(b),
                            ldb: ldb as i64,
                            beta,
                            c: array(c.cast()),
                            ldc: ldc as i64,
                            batch_count: batch_count as i64,
                        })
                    })
                }
            })
        }
    };
}

gemm_entries!(
    f32,
    i32,
    rocblas_sgemm,
    rocblas_sgemm_strided_batched,
    rocblas_sgemm_batched
);
gemm_entries!(
    f64,
    i32,
    rocblas_dgemm,
    rocblas_dgemm_strided_batched,
    rocblas_dgemm_batched
);
gemm_entries!(
    C32,
    i32,
    rocblas_cgemm,
    rocblas_cgemm_strided_batched,
    rocblas_cgemm_batched
);
gemm_entries!(
    C64,
    i32,
    rocblas_zgemm,
    rocblas_zgemm_strided_batched,
    rocblas_zgemm_batched
);
gemm_entries!(
    f16,
    i32,
    rocblas_hgemm,
    rocblas_hgemm_strided_batched,
    rocblas_hgemm_batched
);
gemm_entries!(
    f32,
    i64,
    rocblas_sgemm_64,
    rocblas_sgemm_strided_batched_64,
    rocblas_sgemm_batched_64
);
gemm_entries!(
    f64,
    i64,
    rocblas_dgemm_64,
    rocblas_dgemm_strided_batched_64,
    rocblas_dgemm_batched_64
);
gemm_entries!(
    C32,
    i64,
    rocblas_cgemm_64,
    rocblas_cgemm_strided_batched_64,
    rocblas_cgemm_batched_64
);
gemm_entries!(
    C64,
    i64,
    rocblas_zgemm_64,
    rocblas_zgemm_strided_batched_64,
    rocblas_zgemm_batched_64
);
gemm_entries!(
    f16,
    i64,
    rocblas_hgemm_64,
    rocblas_hgemm_strided_batched_64,
    rocblas_hgemm_batched_64
);
