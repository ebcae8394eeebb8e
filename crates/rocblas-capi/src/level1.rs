//! Level 1 entry points: axpy, scal (and csscal, zdscal), copy, swap, dot (dotu, dotc), nrm2,
//! asum, iamax, iamin and rot (and csrot, zdrot, crot, zrot), each plain, `_strided_batched`
//! and `_batched`, in rocBLAS's 32-bit form and its `_64` twin, generated per element type from
//! one body per routine.
//!
//! Scalars (alpha, c, s) and results follow the handle's pointer mode, as the rocblas crate
//! reads them; strides are `rocblas_stride` in both widths.
//!
//! The entry points' bodies are the rocblas crate's `c_entries` macros, shared with the other
//! C library over the crate; this file names each one.

use rocblas::{f16, C32, C64};

// ---- axpy ----
rocblas::axpy_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_saxpy, rocblas_saxpy_strided_batched, rocblas_saxpy_batched;
    f64, i32 => rocblas_daxpy, rocblas_daxpy_strided_batched, rocblas_daxpy_batched;
    C32, i32 => rocblas_caxpy, rocblas_caxpy_strided_batched, rocblas_caxpy_batched;
    C64, i32 => rocblas_zaxpy, rocblas_zaxpy_strided_batched, rocblas_zaxpy_batched;
    f16, i32 => rocblas_haxpy, rocblas_haxpy_strided_batched, rocblas_haxpy_batched;
    f32, i64 => rocblas_saxpy_64, rocblas_saxpy_strided_batched_64, rocblas_saxpy_batched_64;
    f64, i64 => rocblas_daxpy_64, rocblas_daxpy_strided_batched_64, rocblas_daxpy_batched_64;
    C32, i64 => rocblas_caxpy_64, rocblas_caxpy_strided_batched_64, rocblas_caxpy_batched_64;
    C64, i64 => rocblas_zaxpy_64, rocblas_zaxpy_strided_batched_64, rocblas_zaxpy_batched_64;
    f16, i64 => rocblas_haxpy_64, rocblas_haxpy_strided_batched_64, rocblas_haxpy_batched_64;
}

// ---- scal, csscal, zdscal ----
rocblas::scal_entries! { crate::RocblasEdge;
    f32, f32, i32 => rocblas_sscal, rocblas_sscal_strided_batched, rocblas_sscal_batched;
    f64, f64, i32 => rocblas_dscal, rocblas_dscal_strided_batched, rocblas_dscal_batched;
    C32, C32, i32 => rocblas_cscal, rocblas_cscal_strided_batched, rocblas_cscal_batched;
    C64, C64, i32 => rocblas_zscal, rocblas_zscal_strided_batched, rocblas_zscal_batched;
    C32, f32, i32 => rocblas_csscal, rocblas_csscal_strided_batched, rocblas_csscal_batched;
    C64, f64, i32 => rocblas_zdscal, rocblas_zdscal_strided_batched, rocblas_zdscal_batched;
    f32, f32, i64 => rocblas_sscal_64, rocblas_sscal_strided_batched_64, rocblas_sscal_batched_64;
    f64, f64, i64 => rocblas_dscal_64, rocblas_dscal_strided_batched_64, rocblas_dscal_batched_64;
    C32, C32, i64 => rocblas_cscal_64, rocblas_cscal_strided_batched_64, rocblas_cscal_batched_64;
    C64, C64, i64 => rocblas_zscal_64, rocblas_zscal_strided_batched_64, rocblas_zscal_batched_64;
    C32, f32, i64
        => rocblas_csscal_64, rocblas_csscal_strided_batched_64, rocblas_csscal_batched_64;
    C64, f64, i64
        => rocblas_zdscal_64, rocblas_zdscal_strided_batched_64, rocblas_zdscal_batched_64;
}

// ---- copy ----
rocblas::pair_entries! { crate::RocblasEdge;
    copy, f32, const, i32 => rocblas_scopy, rocblas_scopy_strided_batched, rocblas_scopy_batched;
    copy, f64, const, i32 => rocblas_dcopy, rocblas_dcopy_strided_batched, rocblas_dcopy_batched;
    copy, C32, const, i32 => rocblas_ccopy, rocblas_ccopy_strided_batched, rocblas_ccopy_batched;
    copy, C64, const, i32 => rocblas_zcopy, rocblas_zcopy_strided_batched, rocblas_zcopy_batched;
    copy, f32, const, i64
        => rocblas_scopy_64, rocblas_scopy_strided_batched_64, rocblas_scopy_batched_64;
    copy, f64, const, i64
        => rocblas_dcopy_64, rocblas_dcopy_strided_batched_64, rocblas_dcopy_batched_64;
    copy, C32, const, i64
        => rocblas_ccopy_64, rocblas_ccopy_strided_batched_64, rocblas_ccopy_batched_64;
    copy, C64, const, i64
        => rocblas_zcopy_64, rocblas_zcopy_strided_batched_64, rocblas_zcopy_batched_64;
    // ---- swap ----
    swap, f32, mut, i32 => rocblas_sswap, rocblas_sswap_strided_batched, rocblas_sswap_batched;
    swap, f64, mut, i32 => rocblas_dswap, rocblas_dswap_strided_batched, rocblas_dswap_batched;
    swap, C32, mut, i32 => rocblas_cswap, rocblas_cswap_strided_batched, rocblas_cswap_batched;
    swap, C64, mut, i32 => rocblas_zswap, rocblas_zswap_strided_batched, rocblas_zswap_batched;
    swap, f32, mut, i64
        => rocblas_sswap_64, rocblas_sswap_strided_batched_64, rocblas_sswap_batched_64;
    swap, f64, mut, i64
        => rocblas_dswap_64, rocblas_dswap_strided_batched_64, rocblas_dswap_batched_64;
    swap, C32, mut, i64
        => rocblas_cswap_64, rocblas_cswap_strided_batched_64, rocblas_cswap_batched_64;
    swap, C64, mut, i64
        => rocblas_zswap_64, rocblas_zswap_strided_batched_64, rocblas_zswap_batched_64;
}

// ---- dot, dotu, dotc ----
rocblas::dot_entries! { crate::RocblasEdge;
    dot, f32, i32 => rocblas_sdot, rocblas_sdot_strided_batched, rocblas_sdot_batched;
    dot, f64, i32 => rocblas_ddot, rocblas_ddot_strided_batched, rocblas_ddot_batched;
    dot, f16, i32 => rocblas_hdot, rocblas_hdot_strided_batched, rocblas_hdot_batched;
    dot, C32, i32 => rocblas_cdotu, rocblas_cdotu_strided_batched, rocblas_cdotu_batched;
    dot, C64, i32 => rocblas_zdotu, rocblas_zdotu_strided_batched, rocblas_zdotu_batched;
    dotc, C32, i32 => rocblas_cdotc, rocblas_cdotc_strided_batched, rocblas_cdotc_batched;
    dotc, C64, i32 => rocblas_zdotc, rocblas_zdotc_strided_batched, rocblas_zdotc_batched;
    dot, f32, i64 => rocblas_sdot_64, rocblas_sdot_strided_batched_64, rocblas_sdot_batched_64;
    dot, f64, i64 => rocblas_ddot_64, rocblas_ddot_strided_batched_64, rocblas_ddot_batched_64;
    dot, f16, i64 => rocblas_hdot_64, rocblas_hdot_strided_batched_64, rocblas_hdot_batched_64;
    dot, C32, i64 => rocblas_cdotu_64, rocblas_cdotu_strided_batched_64, rocblas_cdotu_batched_64;
    dot, C64, i64 => rocblas_zdotu_64, rocblas_zdotu_strided_batched_64, rocblas_zdotu_batched_64;
    dotc, C32, i64 => rocblas_cdotc_64, rocblas_cdotc_strided_batched_64, rocblas_cdotc_batched_64;
    dotc, C64, i64 => rocblas_zdotc_64, rocblas_zdotc_strided_batched_64, rocblas_zdotc_batched_64;
}

// ---- nrm2, scnrm2, dznrm2 ----
rocblas::reduction_entries! { crate::RocblasEdge;
    nrm2, f32, f32, i32 => rocblas_snrm2, rocblas_snrm2_strided_batched, rocblas_snrm2_batched;
    nrm2, f64, f64, i32 => rocblas_dnrm2, rocblas_dnrm2_strided_batched, rocblas_dnrm2_batched;
    nrm2, C32, f32, i32 => rocblas_scnrm2, rocblas_scnrm2_strided_batched, rocblas_scnrm2_batched;
    nrm2, C64, f64, i32 => rocblas_dznrm2, rocblas_dznrm2_strided_batched, rocblas_dznrm2_batched;
    nrm2, f32, f32, i64
        => rocblas_snrm2_64, rocblas_snrm2_strided_batched_64, rocblas_snrm2_batched_64;
    nrm2, f64, f64, i64
        => rocblas_dnrm2_64, rocblas_dnrm2_strided_batched_64, rocblas_dnrm2_batched_64;
    nrm2, C32, f32, i64
        => rocblas_scnrm2_64, rocblas_scnrm2_strided_batched_64, rocblas_scnrm2_batched_64;
    nrm2, C64, f64, i64
        => rocblas_dznrm2_64, rocblas_dznrm2_strided_batched_64, rocblas_dznrm2_batched_64;
    // ---- asum, scasum, dzasum ----
    asum, f32, f32, i32 => rocblas_sasum, rocblas_sasum_strided_batched, rocblas_sasum_batched;
    asum, f64, f64, i32 => rocblas_dasum, rocblas_dasum_strided_batched, rocblas_dasum_batched;
    asum, C32, f32, i32 => rocblas_scasum, rocblas_scasum_strided_batched, rocblas_scasum_batched;
    asum, C64, f64, i32 => rocblas_dzasum, rocblas_dzasum_strided_batched, rocblas_dzasum_batched;
    asum, f32, f32, i64
        => rocblas_sasum_64, rocblas_sasum_strided_batched_64, rocblas_sasum_batched_64;
    asum, f64, f64, i64
        => rocblas_dasum_64, rocblas_dasum_strided_batched_64, rocblas_dasum_batched_64;
    asum, C32, f32, i64
        => rocblas_scasum_64, rocblas_scasum_strided_batched_64, rocblas_scasum_batched_64;
    asum, C64, f64, i64
        => rocblas_dzasum_64, rocblas_dzasum_strided_batched_64, rocblas_dzasum_batched_64;
    // ---- iamax, iamin: rocblas_int results, int64_t for `_64` ----
    iamax, f32, i32, i32 => rocblas_isamax, rocblas_isamax_strided_batched, rocblas_isamax_batched;
    iamax, f64, i32, i32 => rocblas_idamax, rocblas_idamax_strided_batched, rocblas_idamax_batched;
    iamax, C32, i32, i32 => rocblas_icamax, rocblas_icamax_strided_batched, rocblas_icamax_batched;
    iamax, C64, i32, i32 => rocblas_izamax, rocblas_izamax_strided_batched, rocblas_izamax_batched;
    iamax, f32, i64, i64
        => rocblas_isamax_64, rocblas_isamax_strided_batched_64, rocblas_isamax_batched_64;
    iamax, f64, i64, i64
        => rocblas_idamax_64, rocblas_idamax_strided_batched_64, rocblas_idamax_batched_64;
    iamax, C32, i64, i64
        => rocblas_icamax_64, rocblas_icamax_strided_batched_64, rocblas_icamax_batched_64;
    iamax, C64, i64, i64
        => rocblas_izamax_64, rocblas_izamax_strided_batched_64, rocblas_izamax_batched_64;
    iamin, f32, i32, i32 => rocblas_isamin, rocblas_isamin_strided_batched, rocblas_isamin_batched;
    iamin, f64, i32, i32 => rocblas_idamin, rocblas_idamin_strided_batched, rocblas_idamin_batched;
    iamin, C32, i32, i32 => rocblas_icamin, rocblas_icamin_strided_batched, rocblas_icamin_batched;
    iamin, C64, i32, i32 => rocblas_izamin, rocblas_izamin_strided_batched, rocblas_izamin_batched;
    iamin, f32, i64, i64
        => rocblas_isamin_64, rocblas_isamin_strided_batched_64, rocblas_isamin_batched_64;
    iamin, f64, i64, i64
        => rocblas_idamin_64, rocblas_idamin_strided_batched_64, rocblas_idamin_batched_64;
    iamin, C32, i64, i64
        => rocblas_icamin_64, rocblas_icamin_strided_batched_64, rocblas_icamin_batched_64;
    iamin, C64, i64, i64
        => rocblas_izamin_64, rocblas_izamin_strided_batched_64, rocblas_izamin_batched_64;
}

// ---- rot, csrot, zdrot (real s), crot, zrot (complex s) ----
rocblas::rot_entries! { crate::RocblasEdge;
    f32, f32, f32, i32 => rocblas_srot, rocblas_srot_strided_batched, rocblas_srot_batched;
    f64, f64, f64, i32 => rocblas_drot, rocblas_drot_strided_batched, rocblas_drot_batched;
    C32, f32, C32, i32 => rocblas_crot, rocblas_crot_strided_batched, rocblas_crot_batched;
    C64, f64, C64, i32 => rocblas_zrot, rocblas_zrot_strided_batched, rocblas_zrot_batched;
    C32, f32, f32, i32 => rocblas_csrot, rocblas_csrot_strided_batched, rocblas_csrot_batched;
    C64, f64, f64, i32 => rocblas_zdrot, rocblas_zdrot_strided_batched, rocblas_zdrot_batched;
    f32, f32, f32, i64 => rocblas_srot_64, rocblas_srot_strided_batched_64, rocblas_srot_batched_64;
    f64, f64, f64, i64 => rocblas_drot_64, rocblas_drot_strided_batched_64, rocblas_drot_batched_64;
    C32, f32, C32, i64 => rocblas_crot_64, rocblas_crot_strided_batched_64, rocblas_crot_batched_64;
    C64, f64, C64, i64 => rocblas_zrot_64, rocblas_zrot_strided_batched_64, rocblas_zrot_batched_64;
    C32, f32, f32, i64
        => rocblas_csrot_64, rocblas_csrot_strided_batched_64, rocblas_csrot_batched_64;
    C64, f64, f64, i64
        => rocblas_zdrot_64, rocblas_zdrot_strided_batched_64, rocblas_zdrot_batched_64;
}
