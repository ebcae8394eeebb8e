//! Level 1 entry points beside those of level1.rs: `hipblas<T>rotg`, `rotm` and `rotmg` (s,
//! d, and c, z for rotg), plain, strided-batched, batched and `_64`, from the rocblas crate's
//! `c_entries_more` macros, shared with librocblas. rotg's and rotmg's scalars and rotm's
//! parameters follow the handle's pointer mode.

use rocblas::{C32, C64};

rocblas::rotg_entries! { crate::HipblasEdge;
    f32, f32, i32 => hipblasSrotg, hipblasSrotgStridedBatched, hipblasSrotgBatched;
    f64, f64, i32 => hipblasDrotg, hipblasDrotgStridedBatched, hipblasDrotgBatched;
    C32, f32, i32 => hipblasCrotg, hipblasCrotgStridedBatched, hipblasCrotgBatched;
    C64, f64, i32 => hipblasZrotg, hipblasZrotgStridedBatched, hipblasZrotgBatched;
    f32, f32, i64 => hipblasSrotg_64, hipblasSrotgStridedBatched_64, hipblasSrotgBatched_64;
    f64, f64, i64 => hipblasDrotg_64, hipblasDrotgStridedBatched_64, hipblasDrotgBatched_64;
    C32, f32, i64 => hipblasCrotg_64, hipblasCrotgStridedBatched_64, hipblasCrotgBatched_64;
    C64, f64, i64 => hipblasZrotg_64, hipblasZrotgStridedBatched_64, hipblasZrotgBatched_64;
}

rocblas::rotm_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSrotm, hipblasSrotmStridedBatched, hipblasSrotmBatched;
    f64, i32 => hipblasDrotm, hipblasDrotmStridedBatched, hipblasDrotmBatched;
    f32, i64 => hipblasSrotm_64, hipblasSrotmStridedBatched_64, hipblasSrotmBatched_64;
    f64, i64 => hipblasDrotm_64, hipblasDrotmStridedBatched_64, hipblasDrotmBatched_64;
}

rocblas::rotmg_entries! { crate::HipblasEdge;
    f32, i32 => hipblasSrotmg, hipblasSrotmgStridedBatched, hipblasSrotmgBatched;
    f64, i32 => hipblasDrotmg, hipblasDrotmgStridedBatched, hipblasDrotmgBatched;
    f32, i64 => hipblasSrotmg_64, hipblasSrotmgStridedBatched_64, hipblasSrotmgBatched_64;
    f64, i64 => hipblasDrotmg_64, hipblasDrotmgStridedBatched_64, hipblasDrotmgBatched_64;
}
