//! Level 2's rank-2 updates of full matrices: `syr2` (s, d, c, z) and `her2` (c, z), plain,
//! strided-batched and batched, checked as rocBLAS checks them. They share the packed rank
//! updates' kernel (level2_packed.rs), which splits the columns of A.

use crate::kernel::Launcher;
use crate::level2::Field;
use crate::level2_packed::{update, Update};
use crate::level3::Batch;
use crate::types::{Fill, PointerMode, Result};

/// The arguments of a `syr2`/`her2` call in rocBLAS's order: `A = alpha * x * y^T +
/// alpha * y * x^T + A` (`alpha * x * y^H + conj(alpha) * y * x^H + A` for `her2`) on the
/// `uplo` triangle of the `n x n` A.
#[derive(Clone, Copy)]
pub struct Syr2<T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const T,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub batch_count: i64,
}

impl<T: Copy> Syr2<T> {
    fn update(&self) -> Update<T, T> {
        Update {
            uplo: self.uplo,
            n: self.n,
            alpha: self.alpha,
            x: self.x,
            incx: self.incx,
            y: Some((self.y, self.incy)),
            a: self.a,
            lda: Some(self.lda),
            batch_count: self.batch_count,
        }
    }
}

/// `rocblas_<t>syr2`, `_strided_batched` and `_batched`: `A = alpha * x * y^T +
/// alpha * y * x^T + A` on the `uplo` triangle of A.
///
/// # Safety
/// The pointers are what the C API says: alpha readable now (host mode) or when the kernel
/// runs (device mode); A covers `n x n` with leading dimension lda, x and y their n entries at
/// their increments, and A overlaps neither vector.
pub unsafe fn syr2<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Syr2<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T, true, false, false, L>(launcher, mode, &g.update()) }
}

/// `rocblas_<c|z>her2`, `_strided_batched` and `_batched`: `A = alpha * x * y^H +
/// conj(alpha) * y * x^H + A` on the `uplo` triangle of A; the diagonal is left real.
///
/// # Safety
/// As [`syr2`].
pub unsafe fn her2<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Syr2<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T, true, true, false, L>(launcher, mode, &g.update()) }
}
