//! Level 3 entry points: `hipblas<T>gemm` and `hipblas<T>trsm` with their strided-batched,
//! batched and `_64` forms, and `hipblasGemmEx` with its batched forms, over the rocblas crate;
//! geam, dgmm, syrk/herk, symm/hemm and trmm (out of place) in the same forms, at the end.
//!
//! gemm's and trsm's bodies are the rocblas crate's `c_entries` macros, shared with librocblas;
//! GemmEx, whose arguments and types are hipBLAS's own, is written here.

use crate::{bad_enum, entry, handle_obj, hipblasHandle_t, hipblasStatus_t, operation, Result};
use rocblas::gemm_ex::{gemm_ex, GemmEx};
use rocblas::kernel::Ptr;
use rocblas::level3::Batch;
use rocblas::{f16, Datatype, C32, C64};
use std::ffi::c_void;

/// `HIPBLAS_GEMM_DEFAULT`, the one `hipblasGemmAlgo_t`.
const GEMM_DEFAULT: i32 = 160;

rocblas::gemm_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSgemm, hipblasSgemmStridedBatched, hipblasSgemmBatched;
    f64, i32 => hipblasDgemm, hipblasDgemmStridedBatched, hipblasDgemmBatched;
    C32, i32 => hipblasCgemm, hipblasCgemmStridedBatched, hipblasCgemmBatched;
    C64, i32 => hipblasZgemm, hipblasZgemmStridedBatched, hipblasZgemmBatched;
    f16, i32 => hipblasHgemm, hipblasHgemmStridedBatched, hipblasHgemmBatched;
    f32, i64 => hipblasSgemm_64, hipblasSgemmStridedBatched_64, hipblasSgemmBatched_64;
    f64, i64 => hipblasDgemm_64, hipblasDgemmStridedBatched_64, hipblasDgemmBatched_64;
    C32, i64 => hipblasCgemm_64, hipblasCgemmStridedBatched_64, hipblasCgemmBatched_64;
    C64, i64 => hipblasZgemm_64, hipblasZgemmStridedBatched_64, hipblasZgemmBatched_64;
    f16, i64 => hipblasHgemm_64, hipblasHgemmStridedBatched_64, hipblasHgemmBatched_64;
}

/// A matrix type: `hipblasDatatype_t` (150 and up, rocBLAS's numbers) or, with `HIPBLAS_V2`,
/// `hipDataType` (below 150). The two ranges do not meet, so one entry point takes both.
pub(crate) fn datatype(v: i32) -> Result<Datatype> {
    use Datatype as D;
    let t = match v {
        150.. => return Datatype::from_raw(v).or_else(|_| bad_enum(v, "hipblasDatatype_t")),
        0 => D::F32R,
        1 => D::F64R,
        2 => D::F16R,
        3 => D::I8R,
        4 => D::F32C,
        5 => D::F64C,
        6 => D::F16C,
        7 => D::I8C,
        8 => D::U8R,
        9 => D::U8C,
        10 => D::I32R,
        11 => D::I32C,
        12 => D::U32R,
        13 => D::U32C,
        14 => D::Bf16R,
        15 => D::Bf16C,
        _ => return bad_enum(v, "hipDataType"),
    };
    Ok(t)
}

/// A compute type: `hipblasDatatype_t` (150 and up) or `hipblasComputeType_t` (below), whose
/// float kinds take the complex type when C is complex.
fn compute_type(v: i32, c_type: Datatype) -> Result<Datatype> {
    use Datatype as D;
    let complex = matches!(c_type, D::F16C | D::F32C | D::F64C | D::Bf16C);
    Ok(match v {
        150.. => return datatype(v),
        0 | 1 => D::F16R,
        2..=6 if complex => D::F32C,
        2..=6 => D::F32R,
        7 | 8 if complex => D::F64C,
        7 | 8 => D::F64R,
        9 | 10 => D::I32R,
        _ => return bad_enum(v, "hipblasComputeType_t"),
    })
}

/// Runs a GemmEx call: C is also the output, as in hipBLAS.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[allow(clippy::too_many_arguments)] // the C call's own parts
unsafe fn run_ex(
    h: hipblasHandle_t,
    (ta, tb): (i32, i32),
    (m, n, k): (i64, i64, i64),
    (alpha, beta): (*const c_void, *const c_void),
    (a, a_type, lda): (Batch<u8>, i32, i64),
    (b, b_type, ldb): (Batch<u8>, i32, i64),
    (c, c_type, ldc): (Batch<u8>, i32, i64),
    (batch_count, compute, algo): (i64, i32, i32),
) -> Result<()> {
    // SAFETY: the caller does not destroy the handle during the call.
    let hd = unsafe { handle_obj(h)? };
    if algo != GEMM_DEFAULT {
        return bad_enum(algo, "hipblasGemmAlgo_t");
    }
    let c_type = datatype(c_type)?;
    let g = GemmEx {
        trans_a: operation(ta)?,
        trans_b: operation(tb)?,
        m,
        n,
        k,
        alpha: alpha.cast(),
        a,
        a_type: datatype(a_type)?,
        lda,
        b,
        b_type: datatype(b_type)?,
        ldb,
        beta: beta.cast(),
        c,
        c_type,
        ldc,
        d: c,
        d_type: c_type,
        ldd: ldc,
        batch_count,
        compute_type: compute_type(compute, c_type)?,
    };
    // SAFETY: forwarded caller contract.
    Ok(unsafe { gemm_ex(hd, hd.pointer_mode(), &g) }?)
}

macro_rules! gemm_ex_entries {
    ($int:ty, $plain:ident, $strided:ident, $batched:ident) => {
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
        ) -> hipblasStatus_t {
            let one = |p: *const c_void| Batch::one(p.cast::<u8>());
            entry(stringify!($plain), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(
                        handle,
                        (trans_a, trans_b),
                        (m as i64, n as i64, k as i64),
                        (alpha, beta),
                        (one(a), a_type, lda as i64),
                        (one(b), b_type, ldb as i64),
                        (one(c), c_type, ldc as i64),
                        (1, compute, algo),
                    )
                }
            })
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
        ) -> hipblasStatus_t {
            // Strides count elements of each matrix's own type.
            let strided = |p: *const c_void, stride: i64| Batch::Strided {
                base: Ptr(p.cast::<u8>()),
                stride,
            };
            entry(stringify!($strided), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(
                        handle,
                        (trans_a, trans_b),
                        (m as i64, n as i64, k as i64),
                        (alpha, beta),
                        (strided(a, stride_a), a_type, lda as i64),
                        (strided(b, stride_b), b_type, ldb as i64),
                        (strided(c, stride_c), c_type, ldc as i64),
                        (batch_count as i64, compute, algo),
                    )
                }
            })
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
        ) -> hipblasStatus_t {
            let array = |p: *const *const c_void| Batch::Array(Ptr(p.cast::<*const u8>()));
            entry(stringify!($batched), || {
                // SAFETY: the C API's contract.
                unsafe {
                    run_ex(
                        handle,
                        (trans_a, trans_b),
                        (m as i64, n as i64, k as i64),
                        (alpha, beta),
                        (array(a), a_type, lda as i64),
                        (array(b), b_type, ldb as i64),
                        (array(c.cast()), c_type, ldc as i64),
                        (batch_count as i64, compute, algo),
                    )
                }
            })
        }
    };
}

gemm_ex_entries!(
    i32,
    hipblasGemmEx,
    hipblasGemmStridedBatchedEx,
    hipblasGemmBatchedEx
);
gemm_ex_entries!(
    i64,
    hipblasGemmEx_64,
    hipblasGemmStridedBatchedEx_64,
    hipblasGemmBatchedEx_64
);
// hipBLAS 2's names for the same functions (they take hipDataType, which `datatype` accepts).
gemm_ex_entries!(
    i32,
    hipblasGemmEx_v2,
    hipblasGemmStridedBatchedEx_v2,
    hipblasGemmBatchedEx_v2
);
gemm_ex_entries!(
    i64,
    hipblasGemmEx_v2_64,
    hipblasGemmStridedBatchedEx_v2_64,
    hipblasGemmBatchedEx_v2_64
);

rocblas::trsm_entries! { crate::HipblasEdge;
    f32, i32 => hipblasStrsm, hipblasStrsmStridedBatched, hipblasStrsmBatched;
    f64, i32 => hipblasDtrsm, hipblasDtrsmStridedBatched, hipblasDtrsmBatched;
    C32, i32 => hipblasCtrsm, hipblasCtrsmStridedBatched, hipblasCtrsmBatched;
    C64, i32 => hipblasZtrsm, hipblasZtrsmStridedBatched, hipblasZtrsmBatched;
    f32, i64 => hipblasStrsm_64, hipblasStrsmStridedBatched_64, hipblasStrsmBatched_64;
    f64, i64 => hipblasDtrsm_64, hipblasDtrsmStridedBatched_64, hipblasDtrsmBatched_64;
    C32, i64 => hipblasCtrsm_64, hipblasCtrsmStridedBatched_64, hipblasCtrsmBatched_64;
    C64, i64 => hipblasZtrsm_64, hipblasZtrsmStridedBatched_64, hipblasZtrsmBatched_64;
}

rocblas::geam_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSgeam, hipblasSgeamStridedBatched, hipblasSgeamBatched;
    f64, i32 => hipblasDgeam, hipblasDgeamStridedBatched, hipblasDgeamBatched;
    C32, i32 => hipblasCgeam, hipblasCgeamStridedBatched, hipblasCgeamBatched;
    C64, i32 => hipblasZgeam, hipblasZgeamStridedBatched, hipblasZgeamBatched;
    f32, i64 => hipblasSgeam_64, hipblasSgeamStridedBatched_64, hipblasSgeamBatched_64;
    f64, i64 => hipblasDgeam_64, hipblasDgeamStridedBatched_64, hipblasDgeamBatched_64;
    C32, i64 => hipblasCgeam_64, hipblasCgeamStridedBatched_64, hipblasCgeamBatched_64;
    C64, i64 => hipblasZgeam_64, hipblasZgeamStridedBatched_64, hipblasZgeamBatched_64;
}

rocblas::dgmm_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSdgmm, hipblasSdgmmStridedBatched, hipblasSdgmmBatched;
    f64, i32 => hipblasDdgmm, hipblasDdgmmStridedBatched, hipblasDdgmmBatched;
    C32, i32 => hipblasCdgmm, hipblasCdgmmStridedBatched, hipblasCdgmmBatched;
    C64, i32 => hipblasZdgmm, hipblasZdgmmStridedBatched, hipblasZdgmmBatched;
    f32, i64 => hipblasSdgmm_64, hipblasSdgmmStridedBatched_64, hipblasSdgmmBatched_64;
    f64, i64 => hipblasDdgmm_64, hipblasDdgmmStridedBatched_64, hipblasDdgmmBatched_64;
    C32, i64 => hipblasCdgmm_64, hipblasCdgmmStridedBatched_64, hipblasCdgmmBatched_64;
    C64, i64 => hipblasZdgmm_64, hipblasZdgmmStridedBatched_64, hipblasZdgmmBatched_64;
}

rocblas::syrk_entries! { crate::HipblasEdge;
    f32, f32, i32, syrk => hipblasSsyrk, hipblasSsyrkStridedBatched, hipblasSsyrkBatched;
    f64, f64, i32, syrk => hipblasDsyrk, hipblasDsyrkStridedBatched, hipblasDsyrkBatched;
    C32, C32, i32, syrk => hipblasCsyrk, hipblasCsyrkStridedBatched, hipblasCsyrkBatched;
    C64, C64, i32, syrk => hipblasZsyrk, hipblasZsyrkStridedBatched, hipblasZsyrkBatched;
    C32, f32, i32, herk => hipblasCherk, hipblasCherkStridedBatched, hipblasCherkBatched;
    C64, f64, i32, herk => hipblasZherk, hipblasZherkStridedBatched, hipblasZherkBatched;
    f32, f32, i64, syrk => hipblasSsyrk_64, hipblasSsyrkStridedBatched_64, hipblasSsyrkBatched_64;
    f64, f64, i64, syrk => hipblasDsyrk_64, hipblasDsyrkStridedBatched_64, hipblasDsyrkBatched_64;
    C32, C32, i64, syrk => hipblasCsyrk_64, hipblasCsyrkStridedBatched_64, hipblasCsyrkBatched_64;
    C64, C64, i64, syrk => hipblasZsyrk_64, hipblasZsyrkStridedBatched_64, hipblasZsyrkBatched_64;
    C32, f32, i64, herk => hipblasCherk_64, hipblasCherkStridedBatched_64, hipblasCherkBatched_64;
    C64, f64, i64, herk => hipblasZherk_64, hipblasZherkStridedBatched_64, hipblasZherkBatched_64;
}

rocblas::symm_entries! { crate::HipblasEdge;
    f32, i32, symm => hipblasSsymm, hipblasSsymmStridedBatched, hipblasSsymmBatched;
    f64, i32, symm => hipblasDsymm, hipblasDsymmStridedBatched, hipblasDsymmBatched;
    C32, i32, symm => hipblasCsymm, hipblasCsymmStridedBatched, hipblasCsymmBatched;
    C64, i32, symm => hipblasZsymm, hipblasZsymmStridedBatched, hipblasZsymmBatched;
    C32, i32, hemm => hipblasChemm, hipblasChemmStridedBatched, hipblasChemmBatched;
    C64, i32, hemm => hipblasZhemm, hipblasZhemmStridedBatched, hipblasZhemmBatched;
    f32, i64, symm => hipblasSsymm_64, hipblasSsymmStridedBatched_64, hipblasSsymmBatched_64;
    f64, i64, symm => hipblasDsymm_64, hipblasDsymmStridedBatched_64, hipblasDsymmBatched_64;
    C32, i64, symm => hipblasCsymm_64, hipblasCsymmStridedBatched_64, hipblasCsymmBatched_64;
    C64, i64, symm => hipblasZsymm_64, hipblasZsymmStridedBatched_64, hipblasZsymmBatched_64;
    C32, i64, hemm => hipblasChemm_64, hipblasChemmStridedBatched_64, hipblasChemmBatched_64;
    C64, i64, hemm => hipblasZhemm_64, hipblasZhemmStridedBatched_64, hipblasZhemmBatched_64;
}

rocblas::trmm_entries! { crate::HipblasEdge;
    f32, i32 => hipblasStrmm, hipblasStrmmStridedBatched, hipblasStrmmBatched;
    f64, i32 => hipblasDtrmm, hipblasDtrmmStridedBatched, hipblasDtrmmBatched;
    C32, i32 => hipblasCtrmm, hipblasCtrmmStridedBatched, hipblasCtrmmBatched;
    C64, i32 => hipblasZtrmm, hipblasZtrmmStridedBatched, hipblasZtrmmBatched;
    f32, i64 => hipblasStrmm_64, hipblasStrmmStridedBatched_64, hipblasStrmmBatched_64;
    f64, i64 => hipblasDtrmm_64, hipblasDtrmmStridedBatched_64, hipblasDtrmmBatched_64;
    C32, i64 => hipblasCtrmm_64, hipblasCtrmmStridedBatched_64, hipblasCtrmmBatched_64;
    C64, i64 => hipblasZtrmm_64, hipblasZtrmmStridedBatched_64, hipblasZtrmmBatched_64;
}
