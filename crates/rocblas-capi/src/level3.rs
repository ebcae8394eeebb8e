//! Level 3 entry points: `rocblas_<t>gemm` and `rocblas_<t>trsm` with their strided-batched,
//! batched and `_64` forms, and `rocblas_gemm_ex` with its batched forms; geam, dgmm,
//! syrk/herk, symm/hemm and trmm (out of place) in the same forms, at the end.
//!
//! gemm's and trsm's bodies are the rocblas crate's `c_entries` macros, shared with libhipblas;
//! gemm_ex, whose arguments are rocBLAS's own, is written here.

use crate::{entry, rocblas_status};
use rocblas::c_handle::{HandleObj, RocblasHandle};
use rocblas::gemm_ex::{gemm_ex, GemmEx};
use rocblas::level3::Batch;
use rocblas::{f16, Datatype, GemmAlgo, Operation, Result, C32, C64};
use std::ffi::c_void;

rocblas::gemm_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_sgemm, rocblas_sgemm_strided_batched, rocblas_sgemm_batched;
    f64, i32 => rocblas_dgemm, rocblas_dgemm_strided_batched, rocblas_dgemm_batched;
    C32, i32 => rocblas_cgemm, rocblas_cgemm_strided_batched, rocblas_cgemm_batched;
    C64, i32 => rocblas_zgemm, rocblas_zgemm_strided_batched, rocblas_zgemm_batched;
    f16, i32 => rocblas_hgemm, rocblas_hgemm_strided_batched, rocblas_hgemm_batched;
    f32, i64 => rocblas_sgemm_64, rocblas_sgemm_strided_batched_64, rocblas_sgemm_batched_64;
    f64, i64 => rocblas_dgemm_64, rocblas_dgemm_strided_batched_64, rocblas_dgemm_batched_64;
    C32, i64 => rocblas_cgemm_64, rocblas_cgemm_strided_batched_64, rocblas_cgemm_batched_64;
    C64, i64 => rocblas_zgemm_64, rocblas_zgemm_strided_batched_64, rocblas_zgemm_batched_64;
    f16, i64 => rocblas_hgemm_64, rocblas_hgemm_strided_batched_64, rocblas_hgemm_batched_64;
}

fn ops(a: i32, b: i32) -> Result<(Operation, Operation)> {
    Ok((Operation::from_raw(a)?, Operation::from_raw(b)?))
}

/// Runs a gemm_ex call on `handle`: the algorithm must be one rocBLAS knows (the CPU device
/// has one solution for each, so the index and flags choose nothing).
///
/// # Safety
/// The C API's contract for the call's pointers.
unsafe fn run_ex(
    handle: RocblasHandle,
    algo: i32,
    g: impl FnOnce() -> Result<GemmEx>,
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let h = unsafe { HandleObj::get(handle)? };
    GemmAlgo::from_raw(algo)?;
    let g = g()?;
    // SAFETY: forwarded caller contract.
    unsafe { gemm_ex(h, h.pointer_mode(), &g) }
}

fn datatypes(t: [i32; 5]) -> Result<[Datatype; 5]> {
    Ok([
        Datatype::from_raw(t[0])?,
        Datatype::from_raw(t[1])?,
        Datatype::from_raw(t[2])?,
        Datatype::from_raw(t[3])?,
        Datatype::from_raw(t[4])?,
    ])
}

macro_rules! gemm_ex_entries {
    ($int:ty, $plain:ident, $strided:ident, $batched:ident) => {
        #[no_mangle]
        pub unsafe extern "C" fn $plain(
            handle: RocblasHandle,
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
            c: *const c_void,
            c_type: i32,
            ldc: $int,
            d: *mut c_void,
            d_type: i32,
            ldd: $int,
            compute_type: i32,
            algo: i32,
            _solution_index: i32,
            _flags: u32,
        ) -> rocblas_status {
            let one = |p: *const c_void| Batch::one(p.cast::<u8>());
            entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(handle, algo, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        let [a_type, b_type, c_type, d_type, compute_type] =
                            datatypes([a_type, b_type, c_type, d_type, compute_type])?;
                        Ok(GemmEx {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha: alpha.cast(),
                            a: one(a),
                            a_type,
                            lda: lda as i64,
                            b: one(b),
                            b_type,
                            ldb: ldb as i64,
                            beta: beta.cast(),
                            c: one(c),
                            c_type,
                            ldc: ldc as i64,
                            d: one(d),
                            d_type,
                            ldd: ldd as i64,
                            batch_count: 1,
                            compute_type,
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
            c: *const c_void,
            c_type: i32,
            ldc: $int,
            stride_c: i64,
            d: *mut c_void,
            d_type: i32,
            ldd: $int,
            stride_d: i64,
            batch_count: $int,
            compute_type: i32,
            algo: i32,
            _solution_index: i32,
            _flags: u32,
        ) -> rocblas_status {
            // Strides count elements of the matrix's type, as the kernel steps once typed.
            let strided = |p: *const c_void, stride: i64| Batch::Strided {
                base: rocblas::kernel::Ptr(p.cast::<u8>()),
                stride,
            };
            entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(handle, algo, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        let [at, bt, ct, dt, compute_type] =
                            datatypes([a_type, b_type, c_type, d_type, compute_type])?;
                        Ok(GemmEx {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha: alpha.cast(),
                            a: strided(a, stride_a),
                            a_type: at,
                            lda: lda as i64,
                            b: strided(b, stride_b),
                            b_type: bt,
                            ldb: ldb as i64,
                            beta: beta.cast(),
                            c: strided(c, stride_c),
                            c_type: ct,
                            ldc: ldc as i64,
                            d: strided(d, stride_d),
                            d_type: dt,
                            ldd: ldd as i64,
                            batch_count: batch_count as i64,
                            compute_type,
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
            alpha: *const c_void,
            a: *const c_void,
            a_type: i32,
            lda: $int,
            b: *const c_void,
            b_type: i32,
            ldb: $int,
            beta: *const c_void,
            c: *const c_void,
            c_type: i32,
            ldc: $int,
            d: *mut c_void,
            d_type: i32,
            ldd: $int,
            batch_count: $int,
            compute_type: i32,
            algo: i32,
            _solution_index: i32,
            _flags: u32,
        ) -> rocblas_status {
            let array =
                |p: *const c_void| Batch::Array(rocblas::kernel::Ptr(p.cast::<*const u8>()));
            entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(handle, algo, || {
                        let (trans_a, trans_b) = ops(trans_a, trans_b)?;
                        let [a_type, b_type, c_type, d_type, compute_type] =
                            datatypes([a_type, b_type, c_type, d_type, compute_type])?;
                        Ok(GemmEx {
                            trans_a,
                            trans_b,
                            m: m as i64,
                            n: n as i64,
                            k: k as i64,
                            alpha: alpha.cast(),
                            a: array(a),
                            a_type,
                            lda: lda as i64,
                            b: array(b),
                            b_type,
                            ldb: ldb as i64,
                            beta: beta.cast(),
                            c: array(c),
                            c_type,
                            ldc: ldc as i64,
                            d: array(d),
                            d_type,
                            ldd: ldd as i64,
                            batch_count: batch_count as i64,
                            compute_type,
                        })
                    })
                }
            })
        }
    };
}

gemm_ex_entries!(
    i32,
    rocblas_gemm_ex,
    rocblas_gemm_strided_batched_ex,
    rocblas_gemm_batched_ex
);
gemm_ex_entries!(
    i64,
    rocblas_gemm_ex_64,
    rocblas_gemm_strided_batched_ex_64,
    rocblas_gemm_batched_ex_64
);

rocblas::trsm_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_strsm, rocblas_strsm_strided_batched, rocblas_strsm_batched;
    f64, i32 => rocblas_dtrsm, rocblas_dtrsm_strided_batched, rocblas_dtrsm_batched;
    C32, i32 => rocblas_ctrsm, rocblas_ctrsm_strided_batched, rocblas_ctrsm_batched;
    C64, i32 => rocblas_ztrsm, rocblas_ztrsm_strided_batched, rocblas_ztrsm_batched;
    f32, i64 => rocblas_strsm_64, rocblas_strsm_strided_batched_64, rocblas_strsm_batched_64;
    f64, i64 => rocblas_dtrsm_64, rocblas_dtrsm_strided_batched_64, rocblas_dtrsm_batched_64;
    C32, i64 => rocblas_ctrsm_64, rocblas_ctrsm_strided_batched_64, rocblas_ctrsm_batched_64;
    C64, i64 => rocblas_ztrsm_64, rocblas_ztrsm_strided_batched_64, rocblas_ztrsm_batched_64;
}

rocblas::geam_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_sgeam, rocblas_sgeam_strided_batched, rocblas_sgeam_batched;
    f64, i32 => rocblas_dgeam, rocblas_dgeam_strided_batched, rocblas_dgeam_batched;
    C32, i32 => rocblas_cgeam, rocblas_cgeam_strided_batched, rocblas_cgeam_batched;
    C64, i32 => rocblas_zgeam, rocblas_zgeam_strided_batched, rocblas_zgeam_batched;
    f32, i64 => rocblas_sgeam_64, rocblas_sgeam_strided_batched_64, rocblas_sgeam_batched_64;
    f64, i64 => rocblas_dgeam_64, rocblas_dgeam_strided_batched_64, rocblas_dgeam_batched_64;
    C32, i64 => rocblas_cgeam_64, rocblas_cgeam_strided_batched_64, rocblas_cgeam_batched_64;
    C64, i64 => rocblas_zgeam_64, rocblas_zgeam_strided_batched_64, rocblas_zgeam_batched_64;
}

rocblas::dgmm_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_sdgmm, rocblas_sdgmm_strided_batched, rocblas_sdgmm_batched;
    f64, i32 => rocblas_ddgmm, rocblas_ddgmm_strided_batched, rocblas_ddgmm_batched;
    C32, i32 => rocblas_cdgmm, rocblas_cdgmm_strided_batched, rocblas_cdgmm_batched;
    C64, i32 => rocblas_zdgmm, rocblas_zdgmm_strided_batched, rocblas_zdgmm_batched;
    f32, i64 => rocblas_sdgmm_64, rocblas_sdgmm_strided_batched_64, rocblas_sdgmm_batched_64;
    f64, i64 => rocblas_ddgmm_64, rocblas_ddgmm_strided_batched_64, rocblas_ddgmm_batched_64;
    C32, i64 => rocblas_cdgmm_64, rocblas_cdgmm_strided_batched_64, rocblas_cdgmm_batched_64;
    C64, i64 => rocblas_zdgmm_64, rocblas_zdgmm_strided_batched_64, rocblas_zdgmm_batched_64;
}

rocblas::syrk_entries! { crate::RocblasEdge;
    f32, f32, i32, syrk => rocblas_ssyrk, rocblas_ssyrk_strided_batched, rocblas_ssyrk_batched;
    f64, f64, i32, syrk => rocblas_dsyrk, rocblas_dsyrk_strided_batched, rocblas_dsyrk_batched;
    C32, C32, i32, syrk => rocblas_csyrk, rocblas_csyrk_strided_batched, rocblas_csyrk_batched;
    C64, C64, i32, syrk => rocblas_zsyrk, rocblas_zsyrk_strided_batched, rocblas_zsyrk_batched;
    C32, f32, i32, herk => rocblas_cherk, rocblas_cherk_strided_batched, rocblas_cherk_batched;
    C64, f64, i32, herk => rocblas_zherk, rocblas_zherk_strided_batched, rocblas_zherk_batched;
    f32, f32, i64, syrk => rocblas_ssyrk_64, rocblas_ssyrk_strided_batched_64, rocblas_ssyrk_batched_64;
    f64, f64, i64, syrk => rocblas_dsyrk_64, rocblas_dsyrk_strided_batched_64, rocblas_dsyrk_batched_64;
    C32, C32, i64, syrk => rocblas_csyrk_64, rocblas_csyrk_strided_batched_64, rocblas_csyrk_batched_64;
    C64, C64, i64, syrk => rocblas_zsyrk_64, rocblas_zsyrk_strided_batched_64, rocblas_zsyrk_batched_64;
    C32, f32, i64, herk => rocblas_cherk_64, rocblas_cherk_strided_batched_64, rocblas_cherk_batched_64;
    C64, f64, i64, herk => rocblas_zherk_64, rocblas_zherk_strided_batched_64, rocblas_zherk_batched_64;
}

rocblas::symm_entries! { crate::RocblasEdge;
    f32, i32, symm => rocblas_ssymm, rocblas_ssymm_strided_batched, rocblas_ssymm_batched;
    f64, i32, symm => rocblas_dsymm, rocblas_dsymm_strided_batched, rocblas_dsymm_batched;
    C32, i32, symm => rocblas_csymm, rocblas_csymm_strided_batched, rocblas_csymm_batched;
    C64, i32, symm => rocblas_zsymm, rocblas_zsymm_strided_batched, rocblas_zsymm_batched;
    C32, i32, hemm => rocblas_chemm, rocblas_chemm_strided_batched, rocblas_chemm_batched;
    C64, i32, hemm => rocblas_zhemm, rocblas_zhemm_strided_batched, rocblas_zhemm_batched;
    f32, i64, symm => rocblas_ssymm_64, rocblas_ssymm_strided_batched_64, rocblas_ssymm_batched_64;
    f64, i64, symm => rocblas_dsymm_64, rocblas_dsymm_strided_batched_64, rocblas_dsymm_batched_64;
    C32, i64, symm => rocblas_csymm_64, rocblas_csymm_strided_batched_64, rocblas_csymm_batched_64;
    C64, i64, symm => rocblas_zsymm_64, rocblas_zsymm_strided_batched_64, rocblas_zsymm_batched_64;
    C32, i64, hemm => rocblas_chemm_64, rocblas_chemm_strided_batched_64, rocblas_chemm_batched_64;
    C64, i64, hemm => rocblas_zhemm_64, rocblas_zhemm_strided_batched_64, rocblas_zhemm_batched_64;
}

rocblas::trmm_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_strmm, rocblas_strmm_strided_batched, rocblas_strmm_batched;
    f64, i32 => rocblas_dtrmm, rocblas_dtrmm_strided_batched, rocblas_dtrmm_batched;
    C32, i32 => rocblas_ctrmm, rocblas_ctrmm_strided_batched, rocblas_ctrmm_batched;
    C64, i32 => rocblas_ztrmm, rocblas_ztrmm_strided_batched, rocblas_ztrmm_batched;
    f32, i64 => rocblas_strmm_64, rocblas_strmm_strided_batched_64, rocblas_strmm_batched_64;
    f64, i64 => rocblas_dtrmm_64, rocblas_dtrmm_strided_batched_64, rocblas_dtrmm_batched_64;
    C32, i64 => rocblas_ctrmm_64, rocblas_ctrmm_strided_batched_64, rocblas_ctrmm_batched_64;
    C64, i64 => rocblas_ztrmm_64, rocblas_ztrmm_strided_batched_64, rocblas_ztrmm_batched_64;
}
