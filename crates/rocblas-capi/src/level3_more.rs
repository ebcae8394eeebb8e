//! Level 3 entry points beside those of level3.rs: `rocblas_<t>syr2k`, `her2k`, `syrkx`,
//! `herkx` (plain, strided-batched, batched and `_64`) and `rocblas_<t>trtri` (out of place,
//! 32-bit only, as rocBLAS has it), from the rocblas crate's `c_entries_more` macros, shared
//! with libhipblas.

use rocblas::{C32, C64};

rocblas::syr2k_entries! { crate::RocblasEdge;
    // ---- syr2k ----
    f32, f32, i32, syr2k
        => rocblas_ssyr2k, rocblas_ssyr2k_strided_batched, rocblas_ssyr2k_batched;
    f64, f64, i32, syr2k
        => rocblas_dsyr2k, rocblas_dsyr2k_strided_batched, rocblas_dsyr2k_batched;
    C32, C32, i32, syr2k
        => rocblas_csyr2k, rocblas_csyr2k_strided_batched, rocblas_csyr2k_batched;
    C64, C64, i32, syr2k
        => rocblas_zsyr2k, rocblas_zsyr2k_strided_batched, rocblas_zsyr2k_batched;
    f32, f32, i64, syr2k
        => rocblas_ssyr2k_64, rocblas_ssyr2k_strided_batched_64, rocblas_ssyr2k_batched_64;
    f64, f64, i64, syr2k
        => rocblas_dsyr2k_64, rocblas_dsyr2k_strided_batched_64, rocblas_dsyr2k_batched_64;
    C32, C32, i64, syr2k
        => rocblas_csyr2k_64, rocblas_csyr2k_strided_batched_64, rocblas_csyr2k_batched_64;
    C64, C64, i64, syr2k
        => rocblas_zsyr2k_64, rocblas_zsyr2k_strided_batched_64, rocblas_zsyr2k_batched_64;
    // ---- her2k ----
    C32, f32, i32, her2k
        => rocblas_cher2k, rocblas_cher2k_strided_batched, rocblas_cher2k_batched;
    C64, f64, i32, her2k
        => rocblas_zher2k, rocblas_zher2k_strided_batched, rocblas_zher2k_batched;
    C32, f32, i64, her2k
        => rocblas_cher2k_64, rocblas_cher2k_strided_batched_64, rocblas_cher2k_batched_64;
    C64, f64, i64, her2k
        => rocblas_zher2k_64, rocblas_zher2k_strided_batched_64, rocblas_zher2k_batched_64;
    // ---- syrkx ----
    f32, f32, i32, syrkx
        => rocblas_ssyrkx, rocblas_ssyrkx_strided_batched, rocblas_ssyrkx_batched;
    f64, f64, i32, syrkx
        => rocblas_dsyrkx, rocblas_dsyrkx_strided_batched, rocblas_dsyrkx_batched;
    C32, C32, i32, syrkx
        => rocblas_csyrkx, rocblas_csyrkx_strided_batched, rocblas_csyrkx_batched;
    C64, C64, i32, syrkx
        => rocblas_zsyrkx, rocblas_zsyrkx_strided_batched, rocblas_zsyrkx_batched;
    f32, f32, i64, syrkx
        => rocblas_ssyrkx_64, rocblas_ssyrkx_strided_batched_64, rocblas_ssyrkx_batched_64;
    f64, f64, i64, syrkx
        => rocblas_dsyrkx_64, rocblas_dsyrkx_strided_batched_64, rocblas_dsyrkx_batched_64;
    C32, C32, i64, syrkx
        => rocblas_csyrkx_64, rocblas_csyrkx_strided_batched_64, rocblas_csyrkx_batched_64;
    C64, C64, i64, syrkx
        => rocblas_zsyrkx_64, rocblas_zsyrkx_strided_batched_64, rocblas_zsyrkx_batched_64;
    // ---- herkx ----
    C32, f32, i32, herkx
        => rocblas_cherkx, rocblas_cherkx_strided_batched, rocblas_cherkx_batched;
    C64, f64, i32, herkx
        => rocblas_zherkx, rocblas_zherkx_strided_batched, rocblas_zherkx_batched;
    C32, f32, i64, herkx
        => rocblas_cherkx_64, rocblas_cherkx_strided_batched_64, rocblas_cherkx_batched_64;
    C64, f64, i64, herkx
        => rocblas_zherkx_64, rocblas_zherkx_strided_batched_64, rocblas_zherkx_batched_64;
}

rocblas::trtri_entries! { crate::RocblasEdge;
    f32 => rocblas_strtri, rocblas_strtri_strided_batched, rocblas_strtri_batched;
    f64 => rocblas_dtrtri, rocblas_dtrtri_strided_batched, rocblas_dtrtri_batched;
    C32 => rocblas_ctrtri, rocblas_ctrtri_strided_batched, rocblas_ctrtri_batched;
    C64 => rocblas_ztrtri, rocblas_ztrtri_strided_batched, rocblas_ztrtri_batched;
}
