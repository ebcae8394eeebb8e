//! ferrocm's rocSOLVER: LAPACK's factorizations and solves (getrf, getrs, potrf, potrs, geqrf,
//! getri, orgqr / ungqr, ormqr / unmqr, gels, gesv, potri), the self-adjoint eigenproblem
//! (syevd / heevd) and its generalized form (sygvd / hegvd), and the SVD (gesvd), in s/d/c/z, plain, strided-batched and batched, run on the CPU agent as kernels
//! queued on the rocBLAS handle's stream, with LAPACK's pivots and info codes.
pub mod lapack;
pub mod lapack2;
pub mod lapack3;
pub mod routines;
pub mod routines2;
pub mod routines3;

pub use lapack::Field;
