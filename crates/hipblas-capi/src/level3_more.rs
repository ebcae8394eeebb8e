//! Level 3 entry points beside those of level3.rs: `hipblas<T>syr2k`, `her2k`, `syrkx`,
//! `herkx` (plain, strided-batched, batched and `_64`) and `hipblas<T>trtri` (out of place,
//! 32-bit only, as hipBLAS has it), from the rocblas crate's `c_entries_more` macros, shared
//! with librocblas.

use rocblas::{C32, C64};

rocblas::syr2k_entries! { crate::HipblasEdge;
    // ---- syr2k ----
    f32, f32, i32, syr2k
        => hipblasSsyr2k, hipblasSsyr2kStridedBatched, hipblasSsyr2kBatched;
    f64, f64, i32, syr2k
        => hipblasDsyr2k, hipblasDsyr2kStridedBatched, hipblasDsyr2kBatched;
    C32, C32, i32, syr2k
        => hipblasCsyr2k, hipblasCsyr2kStridedBatched, hipblasCsyr2kBatched;
    C64, C64, i32, syr2k
        => hipblasZsyr2k, hipblasZsyr2kStridedBatched, hipblasZsyr2kBatched;
    f32, f32, i64, syr2k
        => hipblasSsyr2k_64, hipblasSsyr2kStridedBatched_64, hipblasSsyr2kBatched_64;
    f64, f64, i64, syr2k
        => hipblasDsyr2k_64, hipblasDsyr2kStridedBatched_64, hipblasDsyr2kBatched_64;
    C32, C32, i64, syr2k
        => hipblasCsyr2k_64, hipblasCsyr2kStridedBatched_64, hipblasCsyr2kBatched_64;
    C64, C64, i64, syr2k
        => hipblasZsyr2k_64, hipblasZsyr2kStridedBatched_64, hipblasZsyr2kBatched_64;
    // ---- her2k ----
    C32, f32, i32, her2k
        => hipblasCher2k, hipblasCher2kStridedBatched, hipblasCher2kBatched;
    C64, f64, i32, her2k
        => hipblasZher2k, hipblasZher2kStridedBatched, hipblasZher2kBatched;
    C32, f32, i64, her2k
        => hipblasCher2k_64, hipblasCher2kStridedBatched_64, hipblasCher2kBatched_64;
    C64, f64, i64, her2k
        => hipblasZher2k_64, hipblasZher2kStridedBatched_64, hipblasZher2kBatched_64;
    // ---- syrkx ----
    f32, f32, i32, syrkx
        => hipblasSsyrkx, hipblasSsyrkxStridedBatched, hipblasSsyrkxBatched;
    f64, f64, i32, syrkx
        => hipblasDsyrkx, hipblasDsyrkxStridedBatched, hipblasDsyrkxBatched;
    C32, C32, i32, syrkx
        => hipblasCsyrkx, hipblasCsyrkxStridedBatched, hipblasCsyrkxBatched;
    C64, C64, i32, syrkx
        => hipblasZsyrkx, hipblasZsyrkxStridedBatched, hipblasZsyrkxBatched;
    f32, f32, i64, syrkx
        => hipblasSsyrkx_64, hipblasSsyrkxStridedBatched_64, hipblasSsyrkxBatched_64;
    f64, f64, i64, syrkx
        => hipblasDsyrkx_64, hipblasDsyrkxStridedBatched_64, hipblasDsyrkxBatched_64;
    C32, C32, i64, syrkx
        => hipblasCsyrkx_64, hipblasCsyrkxStridedBatched_64, hipblasCsyrkxBatched_64;
    C64, C64, i64, syrkx
        => hipblasZsyrkx_64, hipblasZsyrkxStridedBatched_64, hipblasZsyrkxBatched_64;
    // ---- herkx ----
    C32, f32, i32, herkx
        => hipblasCherkx, hipblasCherkxStridedBatched, hipblasCherkxBatched;
    C64, f64, i32, herkx
        => hipblasZherkx, hipblasZherkxStridedBatched, hipblasZherkxBatched;
    C32, f32, i64, herkx
        => hipblasCherkx_64, hipblasCherkxStridedBatched_64, hipblasCherkxBatched_64;
    C64, f64, i64, herkx
        => hipblasZherkx_64, hipblasZherkxStridedBatched_64, hipblasZherkxBatched_64;
}

rocblas::trtri_entries! { crate::HipblasEdge;
    f32 => hipblasStrtri, hipblasStrtriStridedBatched, hipblasStrtriBatched;
    f64 => hipblasDtrtri, hipblasDtrtriStridedBatched, hipblasDtrtriBatched;
    C32 => hipblasCtrtri, hipblasCtrtriStridedBatched, hipblasCtrtriBatched;
    C64 => hipblasZtrtri, hipblasZtrtriStridedBatched, hipblasZtrtriBatched;
}
