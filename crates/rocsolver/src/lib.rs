//! ferrocm's rocSOLVER: LAPACK's factorizations and solves (getrf, getrs, potrf, potrs, geqrf,
//! in s/d/c/z, plain, strided-batched and batched), run on the CPU agent as kernels queued on
//! the rocBLAS handle's stream, with LAPACK's pivots and info codes.
pub mod lapack;
pub mod routines;

pub use lapack::Field;
