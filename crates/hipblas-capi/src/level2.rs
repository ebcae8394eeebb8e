//! Level 2 entry points: `hipblas<T>gemv`, `ger`/`geru`/`gerc`, `symv`/`hemv`, `syr`/`her`,
//! `trmv` and `trsv`, each with its `StridedBatched`, `Batched` and `_64` forms, over the
//! rocblas crate, generated for each element type from one body per routine.
//!
//! Argument orders are hipBLAS 2.x's; in the strided-batched forms each stride follows the
//! matrix or vector it steps (`AP, lda, strideA, x, incx, stridex, ...`). The complex types
//! (`hipblasComplex`, `hipblasDoubleComplex`) have the layout of [`C32`] and [`C64`].
//!
//! The entry points' bodies are the rocblas crate's `c_entries` macros, shared with the other
//! C library over the crate; this file names each one.

use rocblas::{C32, C64};

// The 32-bit entry points, then their `_64` (64-bit sizes, increments and batch counts) twins.
rocblas::gemv_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSgemv, hipblasSgemvStridedBatched, hipblasSgemvBatched;
    f64, i32 => hipblasDgemv, hipblasDgemvStridedBatched, hipblasDgemvBatched;
    C32, i32 => hipblasCgemv, hipblasCgemvStridedBatched, hipblasCgemvBatched;
    C64, i32 => hipblasZgemv, hipblasZgemvStridedBatched, hipblasZgemvBatched;
}

rocblas::ger_entries! { crate::HipblasEdge;
    f32, i32, ger => hipblasSger, hipblasSgerStridedBatched, hipblasSgerBatched;
    f64, i32, ger => hipblasDger, hipblasDgerStridedBatched, hipblasDgerBatched;
    C32, i32, ger => hipblasCgeru, hipblasCgeruStridedBatched, hipblasCgeruBatched;
    C32, i32, gerc => hipblasCgerc, hipblasCgercStridedBatched, hipblasCgercBatched;
    C64, i32, ger => hipblasZgeru, hipblasZgeruStridedBatched, hipblasZgeruBatched;
    C64, i32, gerc => hipblasZgerc, hipblasZgercStridedBatched, hipblasZgercBatched;
}

rocblas::symv_entries! { crate::HipblasEdge;
    f32, i32, symv => hipblasSsymv, hipblasSsymvStridedBatched, hipblasSsymvBatched;
    f64, i32, symv => hipblasDsymv, hipblasDsymvStridedBatched, hipblasDsymvBatched;
    C32, i32, symv => hipblasCsymv, hipblasCsymvStridedBatched, hipblasCsymvBatched;
    C64, i32, symv => hipblasZsymv, hipblasZsymvStridedBatched, hipblasZsymvBatched;
    C32, i32, hemv => hipblasChemv, hipblasChemvStridedBatched, hipblasChemvBatched;
    C64, i32, hemv => hipblasZhemv, hipblasZhemvStridedBatched, hipblasZhemvBatched;
}

rocblas::syr_entries! { crate::HipblasEdge;
    f32, f32, i32, syr, Syr => hipblasSsyr, hipblasSsyrStridedBatched, hipblasSsyrBatched;
    f64, f64, i32, syr, Syr => hipblasDsyr, hipblasDsyrStridedBatched, hipblasDsyrBatched;
    C32, C32, i32, syr, Syr => hipblasCsyr, hipblasCsyrStridedBatched, hipblasCsyrBatched;
    C64, C64, i32, syr, Syr => hipblasZsyr, hipblasZsyrStridedBatched, hipblasZsyrBatched;
    C32, f32, i32, her, Her => hipblasCher, hipblasCherStridedBatched, hipblasCherBatched;
    C64, f64, i32, her, Her => hipblasZher, hipblasZherStridedBatched, hipblasZherBatched;
}

rocblas::triangular_entries! { crate::HipblasEdge;
    f32, i32, trmv_call => hipblasStrmv, hipblasStrmvStridedBatched, hipblasStrmvBatched;
    f64, i32, trmv_call => hipblasDtrmv, hipblasDtrmvStridedBatched, hipblasDtrmvBatched;
    C32, i32, trmv_call => hipblasCtrmv, hipblasCtrmvStridedBatched, hipblasCtrmvBatched;
    C64, i32, trmv_call => hipblasZtrmv, hipblasZtrmvStridedBatched, hipblasZtrmvBatched;
    f32, i32, trsv_call => hipblasStrsv, hipblasStrsvStridedBatched, hipblasStrsvBatched;
    f64, i32, trsv_call => hipblasDtrsv, hipblasDtrsvStridedBatched, hipblasDtrsvBatched;
    C32, i32, trsv_call => hipblasCtrsv, hipblasCtrsvStridedBatched, hipblasCtrsvBatched;
    C64, i32, trsv_call => hipblasZtrsv, hipblasZtrsvStridedBatched, hipblasZtrsvBatched;
}

rocblas::gemv_entries! { crate::HipblasEdge;
    f32, i64 => hipblasSgemv_64, hipblasSgemvStridedBatched_64, hipblasSgemvBatched_64;
    f64, i64 => hipblasDgemv_64, hipblasDgemvStridedBatched_64, hipblasDgemvBatched_64;
    C32, i64 => hipblasCgemv_64, hipblasCgemvStridedBatched_64, hipblasCgemvBatched_64;
    C64, i64 => hipblasZgemv_64, hipblasZgemvStridedBatched_64, hipblasZgemvBatched_64;
}

rocblas::ger_entries! { crate::HipblasEdge;
    f32, i64, ger => hipblasSger_64, hipblasSgerStridedBatched_64, hipblasSgerBatched_64;
    f64, i64, ger => hipblasDger_64, hipblasDgerStridedBatched_64, hipblasDgerBatched_64;
    C32, i64, ger => hipblasCgeru_64, hipblasCgeruStridedBatched_64, hipblasCgeruBatched_64;
    C32, i64, gerc => hipblasCgerc_64, hipblasCgercStridedBatched_64, hipblasCgercBatched_64;
    C64, i64, ger => hipblasZgeru_64, hipblasZgeruStridedBatched_64, hipblasZgeruBatched_64;
    C64, i64, gerc => hipblasZgerc_64, hipblasZgercStridedBatched_64, hipblasZgercBatched_64;
}

rocblas::symv_entries! { crate::HipblasEdge;
    f32, i64, symv => hipblasSsymv_64, hipblasSsymvStridedBatched_64, hipblasSsymvBatched_64;
    f64, i64, symv => hipblasDsymv_64, hipblasDsymvStridedBatched_64, hipblasDsymvBatched_64;
    C32, i64, symv => hipblasCsymv_64, hipblasCsymvStridedBatched_64, hipblasCsymvBatched_64;
    C64, i64, symv => hipblasZsymv_64, hipblasZsymvStridedBatched_64, hipblasZsymvBatched_64;
    C32, i64, hemv => hipblasChemv_64, hipblasChemvStridedBatched_64, hipblasChemvBatched_64;
    C64, i64, hemv => hipblasZhemv_64, hipblasZhemvStridedBatched_64, hipblasZhemvBatched_64;
}

rocblas::syr_entries! { crate::HipblasEdge;
    f32, f32, i64, syr, Syr => hipblasSsyr_64, hipblasSsyrStridedBatched_64, hipblasSsyrBatched_64;
    f64, f64, i64, syr, Syr => hipblasDsyr_64, hipblasDsyrStridedBatched_64, hipblasDsyrBatched_64;
    C32, C32, i64, syr, Syr => hipblasCsyr_64, hipblasCsyrStridedBatched_64, hipblasCsyrBatched_64;
    C64, C64, i64, syr, Syr => hipblasZsyr_64, hipblasZsyrStridedBatched_64, hipblasZsyrBatched_64;
    C32, f32, i64, her, Her => hipblasCher_64, hipblasCherStridedBatched_64, hipblasCherBatched_64;
    C64, f64, i64, her, Her => hipblasZher_64, hipblasZherStridedBatched_64, hipblasZherBatched_64;
}

rocblas::triangular_entries! { crate::HipblasEdge;
    f32, i64, trmv_call => hipblasStrmv_64, hipblasStrmvStridedBatched_64, hipblasStrmvBatched_64;
    f64, i64, trmv_call => hipblasDtrmv_64, hipblasDtrmvStridedBatched_64, hipblasDtrmvBatched_64;
    C32, i64, trmv_call => hipblasCtrmv_64, hipblasCtrmvStridedBatched_64, hipblasCtrmvBatched_64;
    C64, i64, trmv_call => hipblasZtrmv_64, hipblasZtrmvStridedBatched_64, hipblasZtrmvBatched_64;
    f32, i64, trsv_call => hipblasStrsv_64, hipblasStrsvStridedBatched_64, hipblasStrsvBatched_64;
    f64, i64, trsv_call => hipblasDtrsv_64, hipblasDtrsvStridedBatched_64, hipblasDtrsvBatched_64;
    C32, i64, trsv_call => hipblasCtrsv_64, hipblasCtrsvStridedBatched_64, hipblasCtrsvBatched_64;
    C64, i64, trsv_call => hipblasZtrsv_64, hipblasZtrsvStridedBatched_64, hipblasZtrsvBatched_64;
}
