//! The Ex entry points: `hipblasAxpyEx`, `DotEx`, `DotcEx`, `Nrm2Ex`, `RotEx`, `ScalEx` (with
//! their `StridedBatched`, `Batched` and `_64` forms), `hipblasTrsmEx` (with its batched forms),
//! each also under hipBLAS 2's `_v2` names, and the GemmEx functions that take flags.
//!
//! The level 1 and trsm bodies are the rocblas crate's `c_entries` macros, shared with
//! librocblas; types convert through [`crate::HipblasEdge`]'s datatype, which takes both
//! `hipblasDatatype_t` (150 and up) and `hipDataType` (below 150), so the plain and `_v2` names
//! are one function each. The `WithFlags` GemmEx functions are GemmEx's: the flags are hints the
//! CPU device has no use for.

use crate::hipblasHandle_t;
use std::ffi::c_void;

rocblas::axpy_ex_entries! { crate::HipblasEdge;
    i32 => hipblasAxpyEx, hipblasAxpyStridedBatchedEx, hipblasAxpyBatchedEx;
    i64 => hipblasAxpyEx_64, hipblasAxpyStridedBatchedEx_64, hipblasAxpyBatchedEx_64;
    i32 => hipblasAxpyEx_v2, hipblasAxpyStridedBatchedEx_v2, hipblasAxpyBatchedEx_v2;
    i64 => hipblasAxpyEx_v2_64, hipblasAxpyStridedBatchedEx_v2_64, hipblasAxpyBatchedEx_v2_64;
}

rocblas::scal_ex_entries! { crate::HipblasEdge;
    i32 => hipblasScalEx, hipblasScalStridedBatchedEx, hipblasScalBatchedEx;
    i64 => hipblasScalEx_64, hipblasScalStridedBatchedEx_64, hipblasScalBatchedEx_64;
    i32 => hipblasScalEx_v2, hipblasScalStridedBatchedEx_v2, hipblasScalBatchedEx_v2;
    i64 => hipblasScalEx_v2_64, hipblasScalStridedBatchedEx_v2_64, hipblasScalBatchedEx_v2_64;
}

rocblas::dot_ex_entries! { crate::HipblasEdge;
    i32 => hipblasDotEx, hipblasDotStridedBatchedEx, hipblasDotBatchedEx;
    i64 => hipblasDotEx_64, hipblasDotStridedBatchedEx_64, hipblasDotBatchedEx_64;
    i32 => hipblasDotEx_v2, hipblasDotStridedBatchedEx_v2, hipblasDotBatchedEx_v2;
    i64 => hipblasDotEx_v2_64, hipblasDotStridedBatchedEx_v2_64, hipblasDotBatchedEx_v2_64;
}

rocblas::bfdot_entries! { crate::HipblasEdge;
    i32 => hipblasBfdot, hipblasBfdotStridedBatched, hipblasBfdotBatched;
    i64 => hipblasBfdot_64, hipblasBfdotStridedBatched_64, hipblasBfdotBatched_64;
}

rocblas::dotc_ex_entries! { crate::HipblasEdge;
    i32 => hipblasDotcEx, hipblasDotcStridedBatchedEx, hipblasDotcBatchedEx;
    i64 => hipblasDotcEx_64, hipblasDotcStridedBatchedEx_64, hipblasDotcBatchedEx_64;
    i32 => hipblasDotcEx_v2, hipblasDotcStridedBatchedEx_v2, hipblasDotcBatchedEx_v2;
    i64 => hipblasDotcEx_v2_64, hipblasDotcStridedBatchedEx_v2_64, hipblasDotcBatchedEx_v2_64;
}

rocblas::nrm2_ex_entries! { crate::HipblasEdge;
    i32 => hipblasNrm2Ex, hipblasNrm2StridedBatchedEx, hipblasNrm2BatchedEx;
    i64 => hipblasNrm2Ex_64, hipblasNrm2StridedBatchedEx_64, hipblasNrm2BatchedEx_64;
    i32 => hipblasNrm2Ex_v2, hipblasNrm2StridedBatchedEx_v2, hipblasNrm2BatchedEx_v2;
    i64 => hipblasNrm2Ex_v2_64, hipblasNrm2StridedBatchedEx_v2_64, hipblasNrm2BatchedEx_v2_64;
}

rocblas::rot_ex_entries! { crate::HipblasEdge;
    i32 => hipblasRotEx, hipblasRotStridedBatchedEx, hipblasRotBatchedEx;
    i64 => hipblasRotEx_64, hipblasRotStridedBatchedEx_64, hipblasRotBatchedEx_64;
    i32 => hipblasRotEx_v2, hipblasRotStridedBatchedEx_v2, hipblasRotBatchedEx_v2;
    i64 => hipblasRotEx_v2_64, hipblasRotStridedBatchedEx_v2_64, hipblasRotBatchedEx_v2_64;
}

rocblas::trsm_ex_entries! { crate::HipblasEdge;
    i32 => hipblasTrsmEx, hipblasTrsmStridedBatchedEx, hipblasTrsmBatchedEx;
    i32 => hipblasTrsmEx_v2, hipblasTrsmStridedBatchedEx_v2, hipblasTrsmBatchedEx_v2;
}

/// `hipblasGemmExWithFlags` and its batched forms: GemmEx's arguments and a trailing
/// `hipblasGemmFlags_t`, accepted and not used. Each calls the GemmEx entry point of its form.
macro_rules! gemm_ex_with_flags {
    ($int:ty, $plain:ident => $gemm:path, $strided:ident => $gemm_s:path,
        $batched:ident => $gemm_b:path) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: hipblasHandle_t,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: $int,
            b: *const c_void,
            b_type: i32,
            ldb: $int,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: $int,
            compute: i32,
            algo: i32,
            _flags: u32,
        ) -> i32 {
            // SAFETY: the same C contract as GemmEx's.
            unsafe {
                $gemm(
                    handle, trans_a, trans_b, m, n, k, alpha, a, a_type, lda, b, b_type, ldb, beta,
                    c, c_type, ldc, compute, algo,
                )
            }
        }

        #[no_mangle]
        pub unsafe extern "C" fn $strided(
            handle: hipblasHandle_t,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: $int,
            stride_a: i64,
            b: *const c_void,
            b_type: i32,
            ldb: $int,
            stride_b: i64,
            beta: *const c_void,
            c: *mut c_void,
            c_type: i32,
            ldc: $int,
            stride_c: i64,
            batch_count: $int,
            compute: i32,
            algo: i32,
            _flags: u32,
        ) -> i32 {
            // SAFETY: the same C contract as GemmStridedBatchedEx's.
            unsafe {
                $gemm_s(
                    handle,
                    trans_a,
                    trans_b,
                    m,
                    n,
                    k,
                    alpha,
                    a,
                    a_type,
                    lda,
                    stride_a,
                    b,
                    b_type,
                    ldb,
                    stride_b,
                    beta,
                    c,
                    c_type,
                    ldc,
                    stride_c,
                    batch_count,
                    compute,
                    algo,
                )
            }
        }

        #[no_mangle]
        pub unsafe extern "C" fn $batched(
            handle: hipblasHandle_t,
            trans_a: i32,
            trans_b: i32,
            m: $int,
            n: $int,
            k: $int,
            alpha: *const c_void,
            a: *const *const c_void,
            a_type: i32,
            lda: $int,
            b: *const *const c_void,
            b_type: i32,
            ldb: $int,
            beta: *const c_void,
            c: *const *mut c_void,
            c_type: i32,
            ldc: $int,
            batch_count: $int,
            compute: i32,
            algo: i32,
            _flags: u32,
        ) -> i32 {
            // SAFETY: the same C contract as GemmBatchedEx's.
            unsafe {
                $gemm_b(
                    handle,
                    trans_a,
                    trans_b,
                    m,
                    n,
                    k,
                    alpha,
                    a,
                    a_type,
                    lda,
                    b,
                    b_type,
                    ldb,
                    beta,
                    c,
                    c_type,
                    ldc,
                    batch_count,
                    compute,
                    algo,
                )
            }
        }
    };
}

use crate::level3::{
    hipblasGemmBatchedEx, hipblasGemmBatchedEx_64, hipblasGemmEx, hipblasGemmEx_64,
    hipblasGemmStridedBatchedEx, hipblasGemmStridedBatchedEx_64,
};

gemm_ex_with_flags!(i32,
    hipblasGemmExWithFlags => hipblasGemmEx,
    hipblasGemmStridedBatchedExWithFlags => hipblasGemmStridedBatchedEx,
    hipblasGemmBatchedExWithFlags => hipblasGemmBatchedEx);
gemm_ex_with_flags!(i64,
    hipblasGemmExWithFlags_64 => hipblasGemmEx_64,
    hipblasGemmStridedBatchedExWithFlags_64 => hipblasGemmStridedBatchedEx_64,
    hipblasGemmBatchedExWithFlags_64 => hipblasGemmBatchedEx_64);
gemm_ex_with_flags!(i32,
    hipblasGemmExWithFlags_v2 => hipblasGemmEx,
    hipblasGemmStridedBatchedExWithFlags_v2 => hipblasGemmStridedBatchedEx,
    hipblasGemmBatchedExWithFlags_v2 => hipblasGemmBatchedEx);
gemm_ex_with_flags!(i64,
    hipblasGemmExWithFlags_v2_64 => hipblasGemmEx_64,
    hipblasGemmStridedBatchedExWithFlags_v2_64 => hipblasGemmStridedBatchedEx_64,
    hipblasGemmBatchedExWithFlags_v2_64 => hipblasGemmBatchedEx_64);
