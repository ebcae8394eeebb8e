//! Level 2 entry points: `rocblas_<t>gemv`, `ger`/`geru`/`gerc`, `symv`/`hemv`, `syr`/`her`,
//! `trmv` and `trsv`, each with its strided-batched, batched and `_64` forms,
//! generated for each element type from one body per routine.
//!
//! Argument orders are ROCm 6 rocBLAS's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`A, lda, stride_A, x, incx, stride_x, ...`).
//!
//! The entry points' bodies are the rocblas crate's `c_entries` macros, shared with the other
//! C library over the crate; this file names each one.

use rocblas::{C32, C64};

// The 32-bit entry points, then their `_64` (64-bit sizes, increments and batch counts) twins.
rocblas::gemv_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_sgemv, rocblas_sgemv_strided_batched, rocblas_sgemv_batched;
    f64, i32 => rocblas_dgemv, rocblas_dgemv_strided_batched, rocblas_dgemv_batched;
    C32, i32 => rocblas_cgemv, rocblas_cgemv_strided_batched, rocblas_cgemv_batched;
    C64, i32 => rocblas_zgemv, rocblas_zgemv_strided_batched, rocblas_zgemv_batched;
}

rocblas::ger_entries! { crate::RocblasEdge;
    f32, i32, ger => rocblas_sger, rocblas_sger_strided_batched, rocblas_sger_batched;
    f64, i32, ger => rocblas_dger, rocblas_dger_strided_batched, rocblas_dger_batched;
    C32, i32, ger => rocblas_cgeru, rocblas_cgeru_strided_batched, rocblas_cgeru_batched;
    C32, i32, gerc => rocblas_cgerc, rocblas_cgerc_strided_batched, rocblas_cgerc_batched;
    C64, i32, ger => rocblas_zgeru, rocblas_zgeru_strided_batched, rocblas_zgeru_batched;
    C64, i32, gerc => rocblas_zgerc, rocblas_zgerc_strided_batched, rocblas_zgerc_batched;
}

rocblas::symv_entries! { crate::RocblasEdge;
    f32, i32, symv => rocblas_ssymv, rocblas_ssymv_strided_batched, rocblas_ssymv_batched;
    f64, i32, symv => rocblas_dsymv, rocblas_dsymv_strided_batched, rocblas_dsymv_batched;
    C32, i32, symv => rocblas_csymv, rocblas_csymv_strided_batched, rocblas_csymv_batched;
    C64, i32, symv => rocblas_zsymv, rocblas_zsymv_strided_batched, rocblas_zsymv_batched;
    C32, i32, hemv => rocblas_chemv, rocblas_chemv_strided_batched, rocblas_chemv_batched;
    C64, i32, hemv => rocblas_zhemv, rocblas_zhemv_strided_batched, rocblas_zhemv_batched;
}

rocblas::syr_entries! { crate::RocblasEdge;
    f32, f32, i32, syr, Syr => rocblas_ssyr, rocblas_ssyr_strided_batched, rocblas_ssyr_batched;
    f64, f64, i32, syr, Syr => rocblas_dsyr, rocblas_dsyr_strided_batched, rocblas_dsyr_batched;
    C32, C32, i32, syr, Syr => rocblas_csyr, rocblas_csyr_strided_batched, rocblas_csyr_batched;
    C64, C64, i32, syr, Syr => rocblas_zsyr, rocblas_zsyr_strided_batched, rocblas_zsyr_batched;
    C32, f32, i32, her, Her => rocblas_cher, rocblas_cher_strided_batched, rocblas_cher_batched;
    C64, f64, i32, her, Her => rocblas_zher, rocblas_zher_strided_batched, rocblas_zher_batched;
}

rocblas::triangular_entries! { crate::RocblasEdge;
    f32, i32, trmv_call => rocblas_strmv, rocblas_strmv_strided_batched, rocblas_strmv_batched;
    f64, i32, trmv_call => rocblas_dtrmv, rocblas_dtrmv_strided_batched, rocblas_dtrmv_batched;
    C32, i32, trmv_call => rocblas_ctrmv, rocblas_ctrmv_strided_batched, rocblas_ctrmv_batched;
    C64, i32, trmv_call => rocblas_ztrmv, rocblas_ztrmv_strided_batched, rocblas_ztrmv_batched;
    f32, i32, trsv_call => rocblas_strsv, rocblas_strsv_strided_batched, rocblas_strsv_batched;
    f64, i32, trsv_call => rocblas_dtrsv, rocblas_dtrsv_strided_batched, rocblas_dtrsv_batched;
    C32, i32, trsv_call => rocblas_ctrsv, rocblas_ctrsv_strided_batched, rocblas_ctrsv_batched;
    C64, i32, trsv_call => rocblas_ztrsv, rocblas_ztrsv_strided_batched, rocblas_ztrsv_batched;
}

rocblas::gemv_entries! { crate::RocblasEdge;
    f32, i64 => rocblas_sgemv_64, rocblas_sgemv_strided_batched_64, rocblas_sgemv_batched_64;
    f64, i64 => rocblas_dgemv_64, rocblas_dgemv_strided_batched_64, rocblas_dgemv_batched_64;
    C32, i64 => rocblas_cgemv_64, rocblas_cgemv_strided_batched_64, rocblas_cgemv_batched_64;
    C64, i64 => rocblas_zgemv_64, rocblas_zgemv_strided_batched_64, rocblas_zgemv_batched_64;
}

rocblas::ger_entries! { crate::RocblasEdge;
    f32, i64, ger => rocblas_sger_64, rocblas_sger_strided_batched_64, rocblas_sger_batched_64;
    f64, i64, ger => rocblas_dger_64, rocblas_dger_strided_batched_64, rocblas_dger_batched_64;
    C32, i64, ger => rocblas_cgeru_64, rocblas_cgeru_strided_batched_64, rocblas_cgeru_batched_64;
    C32, i64, gerc => rocblas_cgerc_64, rocblas_cgerc_strided_batched_64, rocblas_cgerc_batched_64;
    C64, i64, ger => rocblas_zgeru_64, rocblas_zgeru_strided_batched_64, rocblas_zgeru_batched_64;
    C64, i64, gerc => rocblas_zgerc_64, rocblas_zgerc_strided_batched_64, rocblas_zgerc_batched_64;
}

rocblas::symv_entries! { crate::RocblasEdge;
    f32, i64, symv => rocblas_ssymv_64, rocblas_ssymv_strided_batched_64, rocblas_ssymv_batched_64;
    f64, i64, symv => rocblas_dsymv_64, rocblas_dsymv_strided_batched_64, rocblas_dsymv_batched_64;
    C32, i64, symv => rocblas_csymv_64, rocblas_csymv_strided_batched_64, rocblas_csymv_batched_64;
    C64, i64, symv => rocblas_zsymv_64, rocblas_zsymv_strided_batched_64, rocblas_zsymv_batched_64;
    C32, i64, hemv => rocblas_chemv_64, rocblas_chemv_strided_batched_64, rocblas_chemv_batched_64;
    C64, i64, hemv => rocblas_zhemv_64, rocblas_zhemv_strided_batched_64, rocblas_zhemv_batched_64;
}

rocblas::syr_entries! { crate::RocblasEdge;
    f32, f32, i64, syr, Syr
        => rocblas_ssyr_64, rocblas_ssyr_strided_batched_64, rocblas_ssyr_batched_64;
    f64, f64, i64, syr, Syr
        => rocblas_dsyr_64, rocblas_dsyr_strided_batched_64, rocblas_dsyr_batched_64;
    C32, C32, i64, syr, Syr
        => rocblas_csyr_64, rocblas_csyr_strided_batched_64, rocblas_csyr_batched_64;
    C64, C64, i64, syr, Syr
        => rocblas_zsyr_64, rocblas_zsyr_strided_batched_64, rocblas_zsyr_batched_64;
    C32, f32, i64, her, Her
        => rocblas_cher_64, rocblas_cher_strided_batched_64, rocblas_cher_batched_64;
    C64, f64, i64, her, Her
        => rocblas_zher_64, rocblas_zher_strided_batched_64, rocblas_zher_batched_64;
}

rocblas::triangular_entries! { crate::RocblasEdge;
    f32, i64, trmv_call
        => rocblas_strmv_64, rocblas_strmv_strided_batched_64, rocblas_strmv_batched_64;
    f64, i64, trmv_call
        => rocblas_dtrmv_64, rocblas_dtrmv_strided_batched_64, rocblas_dtrmv_batched_64;
    C32, i64, trmv_call
        => rocblas_ctrmv_64, rocblas_ctrmv_strided_batched_64, rocblas_ctrmv_batched_64;
    C64, i64, trmv_call
        => rocblas_ztrmv_64, rocblas_ztrmv_strided_batched_64, rocblas_ztrmv_batched_64;
    f32, i64, trsv_call
        => rocblas_strsv_64, rocblas_strsv_strided_batched_64, rocblas_strsv_batched_64;
    f64, i64, trsv_call
        => rocblas_dtrsv_64, rocblas_dtrsv_strided_batched_64, rocblas_dtrsv_batched_64;
    C32, i64, trsv_call
        => rocblas_ctrsv_64, rocblas_ctrsv_strided_batched_64, rocblas_ctrsv_batched_64;
    C64, i64, trsv_call
        => rocblas_ztrsv_64, rocblas_ztrsv_strided_batched_64, rocblas_ztrsv_batched_64;
}
