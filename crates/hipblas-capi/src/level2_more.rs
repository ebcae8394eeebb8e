//! The rest of Level 2's entry points: band (`hipblas<T>gbmv`, `sbmv`/`hbmv`, `tbmv`,
//! `tbsv`), packed (`spmv`/`hpmv`, `tpmv`, `tpsv`, `spr`/`hpr`, `spr2`/`hpr2`) and full rank-2
//! (`syr2`/`her2`), each in the types hipBLAS has it, with its `StridedBatched`, `Batched` and
//! `_64` forms, over the rocblas crate.
//!
//! Argument orders are hipBLAS 2.x's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`AP, lda, strideA`, `AP, strideA`, `x, incx, stridex`). The
//! complex types (`hipblasComplex`, `hipblasDoubleComplex`) have the layout of [`C32`] and
//! [`C64`].
//!
//! The entry points' bodies are the rocblas crate's `c_entries_level2` macros, shared with the
//! other C library over the crate; this file names each one.

use rocblas::{C32, C64};

// The 32-bit entry points, then their `_64` (64-bit sizes, increments and batch counts) twins.
rocblas::gbmv_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSgbmv, hipblasSgbmvStridedBatched, hipblasSgbmvBatched;
    f64, i32 => hipblasDgbmv, hipblasDgbmvStridedBatched, hipblasDgbmvBatched;
    C32, i32 => hipblasCgbmv, hipblasCgbmvStridedBatched, hipblasCgbmvBatched;
    C64, i32 => hipblasZgbmv, hipblasZgbmvStridedBatched, hipblasZgbmvBatched;
}

rocblas::sbmv_entries! { crate::HipblasEdge;
    f32, i32, sbmv => hipblasSsbmv, hipblasSsbmvStridedBatched, hipblasSsbmvBatched;
    f64, i32, sbmv => hipblasDsbmv, hipblasDsbmvStridedBatched, hipblasDsbmvBatched;
    C32, i32, hbmv => hipblasChbmv, hipblasChbmvStridedBatched, hipblasChbmvBatched;
    C64, i32, hbmv => hipblasZhbmv, hipblasZhbmvStridedBatched, hipblasZhbmvBatched;
}

rocblas::band_triangular_entries! { crate::HipblasEdge;
    f32, i32, tbmv => hipblasStbmv, hipblasStbmvStridedBatched, hipblasStbmvBatched;
    f64, i32, tbmv => hipblasDtbmv, hipblasDtbmvStridedBatched, hipblasDtbmvBatched;
    C32, i32, tbmv => hipblasCtbmv, hipblasCtbmvStridedBatched, hipblasCtbmvBatched;
    C64, i32, tbmv => hipblasZtbmv, hipblasZtbmvStridedBatched, hipblasZtbmvBatched;
    f32, i32, tbsv => hipblasStbsv, hipblasStbsvStridedBatched, hipblasStbsvBatched;
    f64, i32, tbsv => hipblasDtbsv, hipblasDtbsvStridedBatched, hipblasDtbsvBatched;
    C32, i32, tbsv => hipblasCtbsv, hipblasCtbsvStridedBatched, hipblasCtbsvBatched;
    C64, i32, tbsv => hipblasZtbsv, hipblasZtbsvStridedBatched, hipblasZtbsvBatched;
}

rocblas::spmv_entries! { crate::HipblasEdge;
    f32, i32, spmv => hipblasSspmv, hipblasSspmvStridedBatched, hipblasSspmvBatched;
    f64, i32, spmv => hipblasDspmv, hipblasDspmvStridedBatched, hipblasDspmvBatched;
    C32, i32, hpmv => hipblasChpmv, hipblasChpmvStridedBatched, hipblasChpmvBatched;
    C64, i32, hpmv => hipblasZhpmv, hipblasZhpmvStridedBatched, hipblasZhpmvBatched;
}

rocblas::packed_triangular_entries! { crate::HipblasEdge;
    f32, i32, tpmv => hipblasStpmv, hipblasStpmvStridedBatched, hipblasStpmvBatched;
    f64, i32, tpmv => hipblasDtpmv, hipblasDtpmvStridedBatched, hipblasDtpmvBatched;
    C32, i32, tpmv => hipblasCtpmv, hipblasCtpmvStridedBatched, hipblasCtpmvBatched;
    C64, i32, tpmv => hipblasZtpmv, hipblasZtpmvStridedBatched, hipblasZtpmvBatched;
    f32, i32, tpsv => hipblasStpsv, hipblasStpsvStridedBatched, hipblasStpsvBatched;
    f64, i32, tpsv => hipblasDtpsv, hipblasDtpsvStridedBatched, hipblasDtpsvBatched;
    C32, i32, tpsv => hipblasCtpsv, hipblasCtpsvStridedBatched, hipblasCtpsvBatched;
    C64, i32, tpsv => hipblasZtpsv, hipblasZtpsvStridedBatched, hipblasZtpsvBatched;
}

rocblas::spr_entries! { crate::HipblasEdge;
    f32, f32, i32, spr, Spr => hipblasSspr, hipblasSsprStridedBatched, hipblasSsprBatched;
    f64, f64, i32, spr, Spr => hipblasDspr, hipblasDsprStridedBatched, hipblasDsprBatched;
    C32, C32, i32, spr, Spr => hipblasCspr, hipblasCsprStridedBatched, hipblasCsprBatched;
    C64, C64, i32, spr, Spr => hipblasZspr, hipblasZsprStridedBatched, hipblasZsprBatched;
    C32, f32, i32, hpr, Hpr => hipblasChpr, hipblasChprStridedBatched, hipblasChprBatched;
    C64, f64, i32, hpr, Hpr => hipblasZhpr, hipblasZhprStridedBatched, hipblasZhprBatched;
}

rocblas::spr2_entries! { crate::HipblasEdge;
    f32, i32, spr2 => hipblasSspr2, hipblasSspr2StridedBatched, hipblasSspr2Batched;
    f64, i32, spr2 => hipblasDspr2, hipblasDspr2StridedBatched, hipblasDspr2Batched;
    C32, i32, hpr2 => hipblasChpr2, hipblasChpr2StridedBatched, hipblasChpr2Batched;
    C64, i32, hpr2 => hipblasZhpr2, hipblasZhpr2StridedBatched, hipblasZhpr2Batched;
}

rocblas::syr2_entries! { crate::HipblasEdge;
    f32, i32, syr2 => hipblasSsyr2, hipblasSsyr2StridedBatched, hipblasSsyr2Batched;
    f64, i32, syr2 => hipblasDsyr2, hipblasDsyr2StridedBatched, hipblasDsyr2Batched;
    C32, i32, syr2 => hipblasCsyr2, hipblasCsyr2StridedBatched, hipblasCsyr2Batched;
    C64, i32, syr2 => hipblasZsyr2, hipblasZsyr2StridedBatched, hipblasZsyr2Batched;
    C32, i32, her2 => hipblasCher2, hipblasCher2StridedBatched, hipblasCher2Batched;
    C64, i32, her2 => hipblasZher2, hipblasZher2StridedBatched, hipblasZher2Batched;
}

rocblas::gbmv_entries! { crate::HipblasEdge;
    f32, i64 => hipblasSgbmv_64, hipblasSgbmvStridedBatched_64, hipblasSgbmvBatched_64;
    f64, i64 => hipblasDgbmv_64, hipblasDgbmvStridedBatched_64, hipblasDgbmvBatched_64;
    C32, i64 => hipblasCgbmv_64, hipblasCgbmvStridedBatched_64, hipblasCgbmvBatched_64;
    C64, i64 => hipblasZgbmv_64, hipblasZgbmvStridedBatched_64, hipblasZgbmvBatched_64;
}

rocblas::sbmv_entries! { crate::HipblasEdge;
    f32, i64, sbmv => hipblasSsbmv_64, hipblasSsbmvStridedBatched_64, hipblasSsbmvBatched_64;
    f64, i64, sbmv => hipblasDsbmv_64, hipblasDsbmvStridedBatched_64, hipblasDsbmvBatched_64;
    C32, i64, hbmv => hipblasChbmv_64, hipblasChbmvStridedBatched_64, hipblasChbmvBatched_64;
    C64, i64, hbmv => hipblasZhbmv_64, hipblasZhbmvStridedBatched_64, hipblasZhbmvBatched_64;
}

rocblas::band_triangular_entries! { crate::HipblasEdge;
    f32, i64, tbmv => hipblasStbmv_64, hipblasStbmvStridedBatched_64, hipblasStbmvBatched_64;
    f64, i64, tbmv => hipblasDtbmv_64, hipblasDtbmvStridedBatched_64, hipblasDtbmvBatched_64;
    C32, i64, tbmv => hipblasCtbmv_64, hipblasCtbmvStridedBatched_64, hipblasCtbmvBatched_64;
    C64, i64, tbmv => hipblasZtbmv_64, hipblasZtbmvStridedBatched_64, hipblasZtbmvBatched_64;
    f32, i64, tbsv => hipblasStbsv_64, hipblasStbsvStridedBatched_64, hipblasStbsvBatched_64;
    f64, i64, tbsv => hipblasDtbsv_64, hipblasDtbsvStridedBatched_64, hipblasDtbsvBatched_64;
    C32, i64, tbsv => hipblasCtbsv_64, hipblasCtbsvStridedBatched_64, hipblasCtbsvBatched_64;
    C64, i64, tbsv => hipblasZtbsv_64, hipblasZtbsvStridedBatched_64, hipblasZtbsvBatched_64;
}

rocblas::spmv_entries! { crate::HipblasEdge;
    f32, i64, spmv => hipblasSspmv_64, hipblasSspmvStridedBatched_64, hipblasSspmvBatched_64;
    f64, i64, spmv => hipblasDspmv_64, hipblasDspmvStridedBatched_64, hipblasDspmvBatched_64;
    C32, i64, hpmv => hipblasChpmv_64, hipblasChpmvStridedBatched_64, hipblasChpmvBatched_64;
    C64, i64, hpmv => hipblasZhpmv_64, hipblasZhpmvStridedBatched_64, hipblasZhpmvBatched_64;
}

rocblas::packed_triangular_entries! { crate::HipblasEdge;
    f32, i64, tpmv => hipblasStpmv_64, hipblasStpmvStridedBatched_64, hipblasStpmvBatched_64;
    f64, i64, tpmv => hipblasDtpmv_64, hipblasDtpmvStridedBatched_64, hipblasDtpmvBatched_64;
    C32, i64, tpmv => hipblasCtpmv_64, hipblasCtpmvStridedBatched_64, hipblasCtpmvBatched_64;
    C64, i64, tpmv => hipblasZtpmv_64, hipblasZtpmvStridedBatched_64, hipblasZtpmvBatched_64;
    f32, i64, tpsv => hipblasStpsv_64, hipblasStpsvStridedBatched_64, hipblasStpsvBatched_64;
    f64, i64, tpsv => hipblasDtpsv_64, hipblasDtpsvStridedBatched_64, hipblasDtpsvBatched_64;
    C32, i64, tpsv => hipblasCtpsv_64, hipblasCtpsvStridedBatched_64, hipblasCtpsvBatched_64;
    C64, i64, tpsv => hipblasZtpsv_64, hipblasZtpsvStridedBatched_64, hipblasZtpsvBatched_64;
}

rocblas::spr_entries! { crate::HipblasEdge;
    f32, f32, i64, spr, Spr => hipblasSspr_64, hipblasSsprStridedBatched_64, hipblasSsprBatched_64;
    f64, f64, i64, spr, Spr => hipblasDspr_64, hipblasDsprStridedBatched_64, hipblasDsprBatched_64;
    C32, C32, i64, spr, Spr => hipblasCspr_64, hipblasCsprStridedBatched_64, hipblasCsprBatched_64;
    C64, C64, i64, spr, Spr => hipblasZspr_64, hipblasZsprStridedBatched_64, hipblasZsprBatched_64;
    C32, f32, i64, hpr, Hpr => hipblasChpr_64, hipblasChprStridedBatched_64, hipblasChprBatched_64;
    C64, f64, i64, hpr, Hpr => hipblasZhpr_64, hipblasZhprStridedBatched_64, hipblasZhprBatched_64;
}

rocblas::spr2_entries! { crate::HipblasEdge;
    f32, i64, spr2 => hipblasSspr2_64, hipblasSspr2StridedBatched_64, hipblasSspr2Batched_64;
    f64, i64, spr2 => hipblasDspr2_64, hipblasDspr2StridedBatched_64, hipblasDspr2Batched_64;
    C32, i64, hpr2 => hipblasChpr2_64, hipblasChpr2StridedBatched_64, hipblasChpr2Batched_64;
    C64, i64, hpr2 => hipblasZhpr2_64, hipblasZhpr2StridedBatched_64, hipblasZhpr2Batched_64;
}

rocblas::syr2_entries! { crate::HipblasEdge;
    f32, i64, syr2 => hipblasSsyr2_64, hipblasSsyr2StridedBatched_64, hipblasSsyr2Batched_64;
    f64, i64, syr2 => hipblasDsyr2_64, hipblasDsyr2StridedBatched_64, hipblasDsyr2Batched_64;
    C32, i64, syr2 => hipblasCsyr2_64, hipblasCsyr2StridedBatched_64, hipblasCsyr2Batched_64;
    C64, i64, syr2 => hipblasZsyr2_64, hipblasZsyr2StridedBatched_64, hipblasZsyr2Batched_64;
    C32, i64, her2 => hipblasCher2_64, hipblasCher2StridedBatched_64, hipblasCher2Batched_64;
    C64, i64, her2 => hipblasZher2_64, hipblasZher2StridedBatched_64, hipblasZher2Batched_64;
}
