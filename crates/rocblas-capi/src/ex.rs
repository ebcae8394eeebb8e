//! The Ex entry points: `rocblas_axpy_ex`, `dot_ex`, `dotc_ex`, `nrm2_ex`, `rot_ex`, `scal_ex`
//! (with their `_batched`, `_strided_batched` and `_64` forms) and `rocblas_trsm_ex` (with its
//! batched forms), whose element types are given at run time. The bodies are the rocblas
//! crate's `c_entries` macros, shared with libhipblas.

rocblas::axpy_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_axpy_ex, rocblas_axpy_strided_batched_ex, rocblas_axpy_batched_ex;
    i64 => rocblas_axpy_ex_64, rocblas_axpy_strided_batched_ex_64, rocblas_axpy_batched_ex_64;
}

rocblas::scal_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_scal_ex, rocblas_scal_strided_batched_ex, rocblas_scal_batched_ex;
    i64 => rocblas_scal_ex_64, rocblas_scal_strided_batched_ex_64, rocblas_scal_batched_ex_64;
}

rocblas::dot_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_dot_ex, rocblas_dot_strided_batched_ex, rocblas_dot_batched_ex;
    i64 => rocblas_dot_ex_64, rocblas_dot_strided_batched_ex_64, rocblas_dot_batched_ex_64;
}

rocblas::bfdot_entries! { crate::RocblasEdge;
    i32 => rocblas_bfdot, rocblas_bfdot_strided_batched, rocblas_bfdot_batched;
    i64 => rocblas_bfdot_64, rocblas_bfdot_strided_batched_64, rocblas_bfdot_batched_64;
}

rocblas::dotc_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_dotc_ex, rocblas_dotc_strided_batched_ex, rocblas_dotc_batched_ex;
    i64 => rocblas_dotc_ex_64, rocblas_dotc_strided_batched_ex_64, rocblas_dotc_batched_ex_64;
}

rocblas::nrm2_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_nrm2_ex, rocblas_nrm2_strided_batched_ex, rocblas_nrm2_batched_ex;
    i64 => rocblas_nrm2_ex_64, rocblas_nrm2_strided_batched_ex_64, rocblas_nrm2_batched_ex_64;
}

rocblas::rot_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_rot_ex, rocblas_rot_strided_batched_ex, rocblas_rot_batched_ex;
    i64 => rocblas_rot_ex_64, rocblas_rot_strided_batched_ex_64, rocblas_rot_batched_ex_64;
}

rocblas::trsm_ex_entries! { crate::RocblasEdge;
    i32 => rocblas_trsm_ex, rocblas_trsm_strided_batched_ex, rocblas_trsm_batched_ex;
}
