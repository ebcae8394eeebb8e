//! Level 1 entry points beside those of level1.rs: `rocblas_<t>rotg`, `rotm` and `rotmg` (s, d, and c, z
//! for rotg), plain, strided-batched, batched and `_64`, from the rocblas crate's
//! `c_entries_more` macros, shared with libhipblas. rotg's and rotmg's scalars and rotm's
//! parameters follow the handle's pointer mode.

use rocblas::{C32, C64};

rocblas::rotg_entries! { crate::RocblasEdge;
    f32, f32, i32 => rocblas_srotg, rocblas_srotg_strided_batched, rocblas_srotg_batched;
    f64, f64, i32 => rocblas_drotg, rocblas_drotg_strided_batched, rocblas_drotg_batched;
    C32, f32, i32 => rocblas_crotg, rocblas_crotg_strided_batched, rocblas_crotg_batched;
    C64, f64, i32 => rocblas_zrotg, rocblas_zrotg_strided_batched, rocblas_zrotg_batched;
    f32, f32, i64 => rocblas_srotg_64, rocblas_srotg_strided_batched_64, rocblas_srotg_batched_64;
    f64, f64, i64 => rocblas_drotg_64, rocblas_drotg_strided_batched_64, rocblas_drotg_batched_64;
    C32, f32, i64 => rocblas_crotg_64, rocblas_crotg_strided_batched_64, rocblas_crotg_batched_64;
    C64, f64, i64 => rocblas_zrotg_64, rocblas_zrotg_strided_batched_64, rocblas_zrotg_batched_64;
}

rocblas::rotm_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_srotm, rocblas_srotm_strided_batched, rocblas_srotm_batched;
    f64, i32 => rocblas_drotm, rocblas_drotm_strided_batched, rocblas_drotm_batched;
    f32, i64 => rocblas_srotm_64, rocblas_srotm_strided_batched_64, rocblas_srotm_batched_64;
    f64, i64 => rocblas_drotm_64, rocblas_drotm_strided_batched_64, rocblas_drotm_batched_64;
}

rocblas::rotmg_entries! { crate::RocblasEdge;
    f32, i32 => rocblas_srotmg, rocblas_srotmg_strided_batched, rocblas_srotmg_batched;
    f64, i32 => rocblas_drotmg, rocblas_drotmg_strided_batched, rocblas_drotmg_batched;
    f32, i64 => rocblas_srotmg_64, rocblas_srotmg_strided_batched_64, rocblas_srotmg_batched_64;
    f64, i64 => rocblas_drotmg_64, rocblas_drotmg_strided_batched_64, rocblas_drotmg_batched_64;
}
