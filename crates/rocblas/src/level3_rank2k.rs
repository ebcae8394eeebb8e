//! The rank-2k and "extended" rank-k updates: `syr2k`/`her2k` and `syrkx`/`herkx`, s/d/c/z
//! (her2k and herkx c and z), plain, strided-batched and batched, checked as rocBLAS checks
//! them.
//!
//! All four run syrk's kernel (`level3_more`): tiles of C's triangle, each one or two calls of
//! the gemm tile into scratch (op(A) op(B)^T, then op(B) op(A)^T for rank 2k) and a store of
//! the triangle's part with beta.

use crate::element::Element;
use crate::kernel::Launcher;
use crate::level3::Batch;
use crate::level3_more::{rank_k, RankK, Update};
use crate::types::{Fill, Operation, PointerMode, Result};

/// The arguments of a syr2k, her2k, syrkx or herkx call after the handle, in rocBLAS's order.
/// C is `n x n`, op(A) and op(B) `n x k`; `S` is beta's type (`T::Real` for her2k and herkx,
/// whose alpha stays complex).
#[derive(Clone, Copy)]
pub struct Syr2k<T, S> {
    pub uplo: Fill,
    pub trans: Operation,
    pub n: i64,
    pub k: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: *const S,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

impl<T: Copy, S> Syr2k<T, S> {
    fn rank_k(&self, hermitian: bool, two: bool) -> RankK<T, T, S> {
        RankK {
            update: Update { hermitian, two },
            uplo: self.uplo,
            trans: self.trans,
            n: self.n,
            k: self.k,
            alpha: self.alpha,
            a: self.a,
            lda: self.lda,
            b: self.b,
            ldb: self.ldb,
            beta: self.beta,
            c: self.c,
            ldc: self.ldc,
            batch_count: self.batch_count,
        }
    }
}

/// `rocblas_<t>syr2k`, `_strided_batched` and `_batched`:
/// `C = alpha (op(A) op(B)^T + op(B) op(A)^T) + beta C` on one triangle. op is none or
/// transpose (for s and d also conjugate transpose, which is transpose).
///
/// # Safety
/// The C API's contract: alpha and beta readable now (host mode) or when the kernel runs
/// (device mode); A, B and C cover their sizes and leading dimensions.
pub unsafe fn syr2k<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syr2k<T, T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &s.rank_k(false, true)) }
}

/// `rocblas_<t>her2k` (c and z), `_strided_batched` and `_batched`:
/// `C = alpha op(A) op(B)^H + conj(alpha) op(B) op(A)^H + beta C` on one triangle, beta real,
/// the diagonal's imaginary parts set to zero. op is none or conjugate transpose.
///
/// # Safety
/// As [`syr2k`].
pub unsafe fn her2k<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syr2k<T, T::Real>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &s.rank_k(true, true)) }
}

/// `rocblas_<t>syrkx`, `_strided_batched` and `_batched`: `C = alpha op(A) op(B)^T + beta C`
/// on one triangle (syrk's update with a second factor, for when the product is known to be
/// symmetric). op as for [`syr2k`].
///
/// # Safety
/// As [`syr2k`].
pub unsafe fn syrkx<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syr2k<T, T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &s.rank_k(false, false)) }
}

/// `rocblas_<t>herkx` (c and z), `_strided_batched` and `_batched`:
/// `C = alpha op(A) op(B)^H + beta C` on one triangle, beta real, the diagonal's imaginary
/// parts set to zero. op as for [`her2k`].
///
/// # Safety
/// As [`syr2k`].
pub unsafe fn herkx<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syr2k<T, T::Real>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &s.rank_k(true, false)) }
}
