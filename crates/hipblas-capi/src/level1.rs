//! Level 1 entry points: axpy, scal (and Csscal, Zdscal), copy, swap, dot (dotu, dotc), nrm2,
//! asum, amax, amin and rot (and Csrot, Zdrot, Crot, Zrot), each plain, `StridedBatched` and
//! `Batched`, in hipBLAS's 32-bit form and its `_64` twin, over the rocblas crate as ROCm's
//! hipBLAS is over rocBLAS: one body per routine, generated per element type.
//!
//! `hipblasComplex` and `hipblasDoubleComplex` have the layout of [`C32`] and [`C64`],
//! `hipblasHalf` that of [`f16`]. Scalars (alpha, c, s) and results follow the handle's pointer
//! mode; rocBLAS's statuses map to hipBLAS's through `?`.
//!
//! The entry points' bodies are the rocblas crate's `c_entries` macros, shared with the other
//! C library over the crate; this file names each one.

use rocblas::{f16, C32, C64};

// ---- axpy ----
rocblas::axpy_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSaxpy, hipblasSaxpyStridedBatched, hipblasSaxpyBatched;
    f32, i64 => hipblasSaxpy_64, hipblasSaxpyStridedBatched_64, hipblasSaxpyBatched_64;
    f64, i32 => hipblasDaxpy, hipblasDaxpyStridedBatched, hipblasDaxpyBatched;
    f64, i64 => hipblasDaxpy_64, hipblasDaxpyStridedBatched_64, hipblasDaxpyBatched_64;
    C32, i32 => hipblasCaxpy, hipblasCaxpyStridedBatched, hipblasCaxpyBatched;
    C32, i64 => hipblasCaxpy_64, hipblasCaxpyStridedBatched_64, hipblasCaxpyBatched_64;
    C64, i32 => hipblasZaxpy, hipblasZaxpyStridedBatched, hipblasZaxpyBatched;
    C64, i64 => hipblasZaxpy_64, hipblasZaxpyStridedBatched_64, hipblasZaxpyBatched_64;
    f16, i32 => hipblasHaxpy, hipblasHaxpyStridedBatched, hipblasHaxpyBatched;
    f16, i64 => hipblasHaxpy_64, hipblasHaxpyStridedBatched_64, hipblasHaxpyBatched_64;
}

// ---- scal, Csscal, Zdscal ----
rocblas::scal_entries! { crate::HipblasEdge;
    f32, f32, i32 => hipblasSscal, hipblasSscalStridedBatched, hipblasSscalBatched;
    f32, f32, i64 => hipblasSscal_64, hipblasSscalStridedBatched_64, hipblasSscalBatched_64;
    f64, f64, i32 => hipblasDscal, hipblasDscalStridedBatched, hipblasDscalBatched;
    f64, f64, i64 => hipblasDscal_64, hipblasDscalStridedBatched_64, hipblasDscalBatched_64;
    C32, C32, i32 => hipblasCscal, hipblasCscalStridedBatched, hipblasCscalBatched;
    C32, C32, i64 => hipblasCscal_64, hipblasCscalStridedBatched_64, hipblasCscalBatched_64;
    C64, C64, i32 => hipblasZscal, hipblasZscalStridedBatched, hipblasZscalBatched;
    C64, C64, i64 => hipblasZscal_64, hipblasZscalStridedBatched_64, hipblasZscalBatched_64;
    C32, f32, i32 => hipblasCsscal, hipblasCsscalStridedBatched, hipblasCsscalBatched;
    C32, f32, i64 => hipblasCsscal_64, hipblasCsscalStridedBatched_64, hipblasCsscalBatched_64;
    C64, f64, i32 => hipblasZdscal, hipblasZdscalStridedBatched, hipblasZdscalBatched;
    C64, f64, i64 => hipblasZdscal_64, hipblasZdscalStridedBatched_64, hipblasZdscalBatched_64;
}

// ---- copy ----
rocblas::pair_entries! { crate::HipblasEdge;
    copy, f32, const, i32 => hipblasScopy, hipblasScopyStridedBatched, hipblasScopyBatched;
    copy, f32, const, i64 => hipblasScopy_64, hipblasScopyStridedBatched_64, hipblasScopyBatched_64;
    copy, f64, const, i32 => hipblasDcopy, hipblasDcopyStridedBatched, hipblasDcopyBatched;
    copy, f64, const, i64 => hipblasDcopy_64, hipblasDcopyStridedBatched_64, hipblasDcopyBatched_64;
    copy, C32, const, i32 => hipblasCcopy, hipblasCcopyStridedBatched, hipblasCcopyBatched;
    copy, C32, const, i64 => hipblasCcopy_64, hipblasCcopyStridedBatched_64, hipblasCcopyBatched_64;
    copy, C64, const, i32 => hipblasZcopy, hipblasZcopyStridedBatched, hipblasZcopyBatched;
    copy, C64, const, i64 => hipblasZcopy_64, hipblasZcopyStridedBatched_64, hipblasZcopyBatched_64;
    // ---- swap ----
    swap, f32, mut, i32 => hipblasSswap, hipblasSswapStridedBatched, hipblasSswapBatched;
    swap, f32, mut, i64 => hipblasSswap_64, hipblasSswapStridedBatched_64, hipblasSswapBatched_64;
    swap, f64, mut, i32 => hipblasDswap, hipblasDswapStridedBatched, hipblasDswapBatched;
    swap, f64, mut, i64 => hipblasDswap_64, hipblasDswapStridedBatched_64, hipblasDswapBatched_64;
    swap, C32, mut, i32 => hipblasCswap, hipblasCswapStridedBatched, hipblasCswapBatched;
    swap, C32, mut, i64 => hipblasCswap_64, hipblasCswapStridedBatched_64, hipblasCswapBatched_64;
    swap, C64, mut, i32 => hipblasZswap, hipblasZswapStridedBatched, hipblasZswapBatched;
    swap, C64, mut, i64 => hipblasZswap_64, hipblasZswapStridedBatched_64, hipblasZswapBatched_64;
}

// ---- dot, dotu, dotc ----
rocblas::dot_entries! { crate::HipblasEdge;
    dot, f32, i32 => hipblasSdot, hipblasSdotStridedBatched, hipblasSdotBatched;
    dot, f32, i64 => hipblasSdot_64, hipblasSdotStridedBatched_64, hipblasSdotBatched_64;
    dot, f64, i32 => hipblasDdot, hipblasDdotStridedBatched, hipblasDdotBatched;
    dot, f64, i64 => hipblasDdot_64, hipblasDdotStridedBatched_64, hipblasDdotBatched_64;
    dot, f16, i32 => hipblasHdot, hipblasHdotStridedBatched, hipblasHdotBatched;
    dot, f16, i64 => hipblasHdot_64, hipblasHdotStridedBatched_64, hipblasHdotBatched_64;
    dot, C32, i32 => hipblasCdotu, hipblasCdotuStridedBatched, hipblasCdotuBatched;
    dot, C32, i64 => hipblasCdotu_64, hipblasCdotuStridedBatched_64, hipblasCdotuBatched_64;
    dot, C64, i32 => hipblasZdotu, hipblasZdotuStridedBatched, hipblasZdotuBatched;
    dot, C64, i64 => hipblasZdotu_64, hipblasZdotuStridedBatched_64, hipblasZdotuBatched_64;
    dotc, C32, i32 => hipblasCdotc, hipblasCdotcStridedBatched, hipblasCdotcBatched;
    dotc, C32, i64 => hipblasCdotc_64, hipblasCdotcStridedBatched_64, hipblasCdotcBatched_64;
    dotc, C64, i32 => hipblasZdotc, hipblasZdotcStridedBatched, hipblasZdotcBatched;
    dotc, C64, i64 => hipblasZdotc_64, hipblasZdotcStridedBatched_64, hipblasZdotcBatched_64;
}

// ---- nrm2, Scnrm2, Dznrm2 ----
rocblas::reduction_entries! { crate::HipblasEdge;
    nrm2, f32, f32, i32 => hipblasSnrm2, hipblasSnrm2StridedBatched, hipblasSnrm2Batched;
    nrm2, f32, f32, i64 => hipblasSnrm2_64, hipblasSnrm2StridedBatched_64, hipblasSnrm2Batched_64;
    nrm2, f64, f64, i32 => hipblasDnrm2, hipblasDnrm2StridedBatched, hipblasDnrm2Batched;
    nrm2, f64, f64, i64 => hipblasDnrm2_64, hipblasDnrm2StridedBatched_64, hipblasDnrm2Batched_64;
    nrm2, C32, f32, i32 => hipblasScnrm2, hipblasScnrm2StridedBatched, hipblasScnrm2Batched;
    nrm2, C32, f32, i64
        => hipblasScnrm2_64, hipblasScnrm2StridedBatched_64, hipblasScnrm2Batched_64;
    nrm2, C64, f64, i32 => hipblasDznrm2, hipblasDznrm2StridedBatched, hipblasDznrm2Batched;
    nrm2, C64, f64, i64
        => hipblasDznrm2_64, hipblasDznrm2StridedBatched_64, hipblasDznrm2Batched_64;
    // ---- asum, Scasum, Dzasum ----
    asum, f32, f32, i32 => hipblasSasum, hipblasSasumStridedBatched, hipblasSasumBatched;
    asum, f32, f32, i64 => hipblasSasum_64, hipblasSasumStridedBatched_64, hipblasSasumBatched_64;
    asum, f64, f64, i32 => hipblasDasum, hipblasDasumStridedBatched, hipblasDasumBatched;
    asum, f64, f64, i64 => hipblasDasum_64, hipblasDasumStridedBatched_64, hipblasDasumBatched_64;
    asum, C32, f32, i32 => hipblasScasum, hipblasScasumStridedBatched, hipblasScasumBatched;
    asum, C32, f32, i64
        => hipblasScasum_64, hipblasScasumStridedBatched_64, hipblasScasumBatched_64;
    asum, C64, f64, i32 => hipblasDzasum, hipblasDzasumStridedBatched, hipblasDzasumBatched;
    asum, C64, f64, i64
        => hipblasDzasum_64, hipblasDzasumStridedBatched_64, hipblasDzasumBatched_64;
    // ---- amax, amin: int results, int64_t for `_64` ----
    iamax, f32, i32, i32 => hipblasIsamax, hipblasIsamaxStridedBatched, hipblasIsamaxBatched;
    iamax, f32, i64, i64
        => hipblasIsamax_64, hipblasIsamaxStridedBatched_64, hipblasIsamaxBatched_64;
    iamax, f64, i32, i32 => hipblasIdamax, hipblasIdamaxStridedBatched, hipblasIdamaxBatched;
    iamax, f64, i64, i64
        => hipblasIdamax_64, hipblasIdamaxStridedBatched_64, hipblasIdamaxBatched_64;
    iamax, C32, i32, i32 => hipblasIcamax, hipblasIcamaxStridedBatched, hipblasIcamaxBatched;
    iamax, C32, i64, i64
        => hipblasIcamax_64, hipblasIcamaxStridedBatched_64, hipblasIcamaxBatched_64;
    iamax, C64, i32, i32 => hipblasIzamax, hipblasIzamaxStridedBatched, hipblasIzamaxBatched;
    iamax, C64, i64, i64
        => hipblasIzamax_64, hipblasIzamaxStridedBatched_64, hipblasIzamaxBatched_64;
    iamin, f32, i32, i32 => hipblasIsamin, hipblasIsaminStridedBatched, hipblasIsaminBatched;
    iamin, f32, i64, i64
        => hipblasIsamin_64, hipblasIsaminStridedBatched_64, hipblasIsaminBatched_64;
    iamin, f64, i32, i32 => hipblasIdamin, hipblasIdaminStridedBatched, hipblasIdaminBatched;
    iamin, f64, i64, i64
        => hipblasIdamin_64, hipblasIdaminStridedBatched_64, hipblasIdaminBatched_64;
    iamin, C32, i32, i32 => hipblasIcamin, hipblasIcaminStridedBatched, hipblasIcaminBatched;
    iamin, C32, i64, i64
        => hipblasIcamin_64, hipblasIcaminStridedBatched_64, hipblasIcaminBatched_64;
    iamin, C64, i32, i32 => hipblasIzamin, hipblasIzaminStridedBatched, hipblasIzaminBatched;
    iamin, C64, i64, i64
        => hipblasIzamin_64, hipblasIzaminStridedBatched_64, hipblasIzaminBatched_64;
}

// ---- rot, Csrot, Zdrot (real s), Crot, Zrot (complex s) ----
rocblas::rot_entries! { crate::HipblasEdge;
    f32, f32, f32, i32 => hipblasSrot, hipblasSrotStridedBatched, hipblasSrotBatched;
    f32, f32, f32, i64 => hipblasSrot_64, hipblasSrotStridedBatched_64, hipblasSrotBatched_64;
    f64, f64, f64, i32 => hipblasDrot, hipblasDrotStridedBatched, hipblasDrotBatched;
    f64, f64, f64, i64 => hipblasDrot_64, hipblasDrotStridedBatched_64, hipblasDrotBatched_64;
    C32, f32, C32, i32 => hipblasCrot, hipblasCrotStridedBatched, hipblasCrotBatched;
    C32, f32, C32, i64 => hipblasCrot_64, hipblasCrotStridedBatched_64, hipblasCrotBatched_64;
    C64, f64, C64, i32 => hipblasZrot, hipblasZrotStridedBatched, hipblasZrotBatched;
    C64, f64, C64, i64 => hipblasZrot_64, hipblasZrotStridedBatched_64, hipblasZrotBatched_64;
    C32, f32, f32, i32 => hipblasCsrot, hipblasCsrotStridedBatched, hipblasCsrotBatched;
    C32, f32, f32, i64 => hipblasCsrot_64, hipblasCsrotStridedBatched_64, hipblasCsrotBatched_64;
    C64, f64, f64, i32 => hipblasZdrot, hipblasZdrotStridedBatched, hipblasZdrotBatched;
    C64, f64, f64, i64 => hipblasZdrot_64, hipblasZdrotStridedBatched_64, hipblasZdrotBatched_64;
}
