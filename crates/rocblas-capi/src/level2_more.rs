//! The rest of Level 2's entry points: band (`rocblas_<t>gbmv`, `sbmv`/`hbmv`, `tbmv`,
//! `tbsv`), packed (`spmv`/`hpmv`, `tpmv`, `tpsv`, `spr`/`hpr`, `spr2`/`hpr2`) and full rank-2
//! (`syr2`/`her2`), each in the types rocBLAS has it, with its strided-batched, batched and `_64`
//! forms.
//!
//! Argument orders are ROCm 6 rocBLAS's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`A, lda, stride_A`, `AP, stride_A`, `x, incx, stride_x`).
//!
//! The entry points' bodies are the rocblas crate's `c_entries_level2` macros, shared with the
//! other C library over the crate; this file names each one.

use rocblas::{C32, C64};

// The 32-bit entry points, then their `_64` (64-bit sizes, increments and batch counts) twins.
rocblas::gbmv_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_sgbmv, rocblas_sgbmv_strided_batched, rocblas_sgbmv_batched;
    f64, i32 => rocblas_dgbmv, rocblas_dgbmv_strided_batched, rocblas_dgbmv_batched;
    C32, i32 => rocblas_cgbmv, rocblas_cgbmv_strided_batched, rocblas_cgbmv_batched;
    C64, i32 => rocblas_zgbmv, rocblas_zgbmv_strided_batched, rocblas_zgbmv_batched;
}

rocblas::sbmv_entries! { crate::RocblasEdge;
    f32, i32, sbmv => rocblas_ssbmv, rocblas_ssbmv_strided_batched, rocblas_ssbmv_batched;
    f64, i32, sbmv => rocblas_dsbmv, rocblas_dsbmv_strided_batched, rocblas_dsbmv_batched;
    C32, i32, hbmv => rocblas_chbmv, rocblas_chbmv_strided_batched, rocblas_chbmv_batched;
    C64, i32, hbmv => rocblas_zhbmv, rocblas_zhbmv_strided_batched, rocblas_zhbmv_batched;
}

rocblas::band_triangular_entries! { crate::RocblasEdge;
    f32, i32, tbmv => rocblas_stbmv, rocblas_stbmv_strided_batched, rocblas_stbmv_batched;
    f64, i32, tbmv => rocblas_dtbmv, rocblas_dtbmv_strided_batched, rocblas_dtbmv_batched;
    C32, i32, tbmv => rocblas_ctbmv, rocblas_ctbmv_strided_batched, rocblas_ctbmv_batched;
    C64, i32, tbmv => rocblas_ztbmv, rocblas_ztbmv_strided_batched, rocblas_ztbmv_batched;
    f32, i32, tbsv => rocblas_stbsv, rocblas_stbsv_strided_batched, rocblas_stbsv_batched;
    f64, i32, tbsv => rocblas_dtbsv, rocblas_dtbsv_strided_batched, rocblas_dtbsv_batched;
    C32, i32, tbsv => rocblas_ctbsv, rocblas_ctbsv_strided_batched, rocblas_ctbsv_batched;
    C64, i32, tbsv => rocblas_ztbsv, rocblas_ztbsv_strided_batched, rocblas_ztbsv_batched;
}

rocblas::spmv_entries! { crate::RocblasEdge;
    f32, i32, spmv => rocblas_sspmv, rocblas_sspmv_strided_batched, rocblas_sspmv_batched;
    f64, i32, spmv => rocblas_dspmv, rocblas_dspmv_strided_batched, rocblas_dspmv_batched;
    C32, i32, hpmv => rocblas_chpmv, rocblas_chpmv_strided_batched, rocblas_chpmv_batched;
    C64, i32, hpmv => rocblas_zhpmv, rocblas_zhpmv_strided_batched, rocblas_zhpmv_batched;
}

rocblas::packed_triangular_entries! { crate::RocblasEdge;
    f32, i32, tpmv => rocblas_stpmv, rocblas_stpmv_strided_batched, rocblas_stpmv_batched;
    f64, i32, tpmv => rocblas_dtpmv, rocblas_dtpmv_strided_batched, rocblas_dtpmv_batched;
    C32, i32, tpmv => rocblas_ctpmv, rocblas_ctpmv_strided_batched, rocblas_ctpmv_batched;
    C64, i32, tpmv => rocblas_ztpmv, rocblas_ztpmv_strided_batched, rocblas_ztpmv_batched;
    f32, i32, tpsv => rocblas_stpsv, rocblas_stpsv_strided_batched, rocblas_stpsv_batched;
    f64, i32, tpsv => rocblas_dtpsv, rocblas_dtpsv_strided_batched, rocblas_dtpsv_batched;
    C32, i32, tpsv => rocblas_ctpsv, rocblas_ctpsv_strided_batched, rocblas_ctpsv_batched;
    C64, i32, tpsv => rocblas_ztpsv, rocblas_ztpsv_strided_batched, rocblas_ztpsv_batched;
}

rocblas::spr_entries! { crate::RocblasEdge;
    f32, f32, i32, spr, Spr => rocblas_sspr, rocblas_sspr_strided_batched, rocblas_sspr_batched;
    f64, f64, i32, spr, Spr => rocblas_dspr, rocblas_dspr_strided_batched, rocblas_dspr_batched;
    C32, C32, i32, spr, Spr => rocblas_cspr, rocblas_cspr_strided_batched, rocblas_cspr_batched;
    C64, C64, i32, spr, Spr => rocblas_zspr, rocblas_zspr_strided_batched, rocblas_zspr_batched;
    C32, f32, i32, hpr, Hpr => rocblas_chpr, rocblas_chpr_strided_batched, rocblas_chpr_batched;
    C64, f64, i32, hpr, Hpr => rocblas_zhpr, rocblas_zhpr_strided_batched, rocblas_zhpr_batched;
}

rocblas::spr2_entries! { crate::RocblasEdge;
    f32, i32, spr2 => rocblas_sspr2, rocblas_sspr2_strided_batched, rocblas_sspr2_batched;
    f64, i32, spr2 => rocblas_dspr2, rocblas_dspr2_strided_batched, rocblas_dspr2_batched;
    C32, i32, hpr2 => rocblas_chpr2, rocblas_chpr2_strided_batched, rocblas_chpr2_batched;
    C64, i32, hpr2 => rocblas_zhpr2, rocblas_zhpr2_strided_batched, rocblas_zhpr2_batched;
}

rocblas::syr2_entries! { crate::RocblasEdge;
    f32, i32, syr2 => rocblas_ssyr2, rocblas_ssyr2_strided_batched, rocblas_ssyr2_batched;
    f64, i32, syr2 => rocblas_dsyr2, rocblas_dsyr2_strided_batched, rocblas_dsyr2_batched;
    C32, i32, syr2 => rocblas_csyr2, rocblas_csyr2_strided_batched, rocblas_csyr2_batched;
    C64, i32, syr2 => rocblas_zsyr2, rocblas_zsyr2_strided_batched, rocblas_zsyr2_batched;
    C32, i32, her2 => rocblas_cher2, rocblas_cher2_strided_batched, rocblas_cher2_batched;
    C64, i32, her2 => rocblas_zher2, rocblas_zher2_strided_batched, rocblas_zher2_batched;
}

rocblas::gbmv_entries! { crate::RocblasEdge;
    f32, i64 => rocblas_sgbmv_64, rocblas_sgbmv_strided_batched_64, rocblas_sgbmv_batched_64;
    f64, i64 => rocblas_dgbmv_64, rocblas_dgbmv_strided_batched_64, rocblas_dgbmv_batched_64;
    C32, i64 => rocblas_cgbmv_64, rocblas_cgbmv_strided_batched_64, rocblas_cgbmv_batched_64;
    C64, i64 => rocblas_zgbmv_64, rocblas_zgbmv_strided_batched_64, rocblas_zgbmv_batched_64;
}

rocblas::sbmv_entries! { crate::RocblasEdge;
    f32, i64, sbmv => rocblas_ssbmv_64, rocblas_ssbmv_strided_batched_64, rocblas_ssbmv_batched_64;
    f64, i64, sbmv => rocblas_dsbmv_64, rocblas_dsbmv_strided_batched_64, rocblas_dsbmv_batched_64;
    C32, i64, hbmv => rocblas_chbmv_64, rocblas_chbmv_strided_batched_64, rocblas_chbmv_batched_64;
    C64, i64, hbmv => rocblas_zhbmv_64, rocblas_zhbmv_strided_batched_64, rocblas_zhbmv_batched_64;
}

rocblas::band_triangular_entries! { crate::RocblasEdge;
    f32, i64, tbmv => rocblas_stbmv_64, rocblas_stbmv_strided_batched_64, rocblas_stbmv_batched_64;
    f64, i64, tbmv => rocblas_dtbmv_64, rocblas_dtbmv_strided_batched_64, rocblas_dtbmv_batched_64;
    C32, i64, tbmv => rocblas_ctbmv_64, rocblas_ctbmv_strided_batched_64, rocblas_ctbmv_batched_64;
    C64, i64, tbmv => rocblas_ztbmv_64, rocblas_ztbmv_strided_batched_64, rocblas_ztbmv_batched_64;
    f32, i64, tbsv => rocblas_stbsv_64, rocblas_stbsv_strided_batched_64, rocblas_stbsv_batched_64;
    f64, i64, tbsv => rocblas_dtbsv_64, rocblas_dtbsv_strided_batched_64, rocblas_dtbsv_batched_64;
    C32, i64, tbsv => rocblas_ctbsv_64, rocblas_ctbsv_strided_batched_64, rocblas_ctbsv_batched_64;
    C64, i64, tbsv => rocblas_ztbsv_64, rocblas_ztbsv_strided_batched_64, rocblas_ztbsv_batched_64;
}

rocblas::spmv_entries! { crate::RocblasEdge;
    f32, i64, spmv => rocblas_sspmv_64, rocblas_sspmv_strided_batched_64, rocblas_sspmv_batched_64;
    f64, i64, spmv => rocblas_dspmv_64, rocblas_dspmv_strided_batched_64, rocblas_dspmv_batched_64;
    C32, i64, hpmv => rocblas_chpmv_64, rocblas_chpmv_strided_batched_64, rocblas_chpmv_batched_64;
    C64, i64, hpmv => rocblas_zhpmv_64, rocblas_zhpmv_strided_batched_64, rocblas_zhpmv_batched_64;
}

rocblas::packed_triangular_entries! { crate::RocblasEdge;
    f32, i64, tpmv => rocblas_stpmv_64, rocblas_stpmv_strided_batched_64, rocblas_stpmv_batched_64;
    f64, i64, tpmv => rocblas_dtpmv_64, rocblas_dtpmv_strided_batched_64, rocblas_dtpmv_batched_64;
    C32, i64, tpmv => rocblas_ctpmv_64, rocblas_ctpmv_strided_batched_64, rocblas_ctpmv_batched_64;
    C64, i64, tpmv => rocblas_ztpmv_64, rocblas_ztpmv_strided_batched_64, rocblas_ztpmv_batched_64;
    f32, i64, tpsv => rocblas_stpsv_64, rocblas_stpsv_strided_batched_64, rocblas_stpsv_batched_64;
    f64, i64, tpsv => rocblas_dtpsv_64, rocblas_dtpsv_strided_batched_64, rocblas_dtpsv_batched_64;
    C32, i64, tpsv => rocblas_ctpsv_64, rocblas_ctpsv_strided_batched_64, rocblas_ctpsv_batched_64;
    C64, i64, tpsv => rocblas_ztpsv_64, rocblas_ztpsv_strided_batched_64, rocblas_ztpsv_batched_64;
}

rocblas::spr_entries! { crate::RocblasEdge;
    f32, f32, i64, spr, Spr
        => rocblas_sspr_64, rocblas_sspr_strided_batched_64, rocblas_sspr_batched_64;
    f64, f64, i64, spr, Spr
        => rocblas_dspr_64, rocblas_dspr_strided_batched_64, rocblas_dspr_batched_64;
    C32, C32, i64, spr, Spr
        => rocblas_cspr_64, rocblas_cspr_strided_batched_64, rocblas_cspr_batched_64;
    C64, C64, i64, spr, Spr
        => rocblas_zspr_64, rocblas_zspr_strided_batched_64, rocblas_zspr_batched_64;
    C32, f32, i64, hpr, Hpr
        => rocblas_chpr_64, rocblas_chpr_strided_batched_64, rocblas_chpr_batched_64;
    C64, f64, i64, hpr, Hpr
        => rocblas_zhpr_64, rocblas_zhpr_strided_batched_64, rocblas_zhpr_batched_64;
}

rocblas::spr2_entries! { crate::RocblasEdge;
    f32, i64, spr2 => rocblas_sspr2_64, rocblas_sspr2_strided_batched_64, rocblas_sspr2_batched_64;
    f64, i64, spr2 => rocblas_dspr2_64, rocblas_dspr2_strided_batched_64, rocblas_dspr2_batched_64;
    C32, i64, hpr2 => rocblas_chpr2_64, rocblas_chpr2_strided_batched_64, rocblas_chpr2_batched_64;
    C64, i64, hpr2 => rocblas_zhpr2_64, rocblas_zhpr2_strided_batched_64, rocblas_zhpr2_batched_64;
}

rocblas::syr2_entries! { crate::RocblasEdge;
    f32, i64, syr2 => rocblas_ssyr2_64, rocblas_ssyr2_strided_batched_64, rocblas_ssyr2_batched_64;
    f64, i64, syr2 => rocblas_dsyr2_64, rocblas_dsyr2_strided_batched_64, rocblas_dsyr2_batched_64;
    C32, i64, syr2 => rocblas_csyr2_64, rocblas_csyr2_strided_batched_64, rocblas_csyr2_batched_64;
    C64, i64, syr2 => rocblas_zsyr2_64, rocblas_zsyr2_strided_batched_64, rocblas_zsyr2_batched_64;
    C32, i64, her2 => rocblas_cher2_64, rocblas_cher2_strided_batched_64, rocblas_cher2_batched_64;
    C64, i64, her2 => rocblas_zher2_64, rocblas_zher2_strided_batched_64, rocblas_zher2_batched_64;
}
