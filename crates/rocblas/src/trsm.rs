//! `trsm`: solves `op(A) X = alpha B` (side left) or `X op(A) = alpha B` (side right) for X,
//! which overwrites B; A is triangular. s/d/c/z, plain, strided-batched and batched.
//!
//! The right-hand sides are independent, so a work-group takes a block of them: columns of B
//! for side left, rows for side right (solved as `op(A)^T X^T = alpha B^T`, a transposed view
//! of B). Each block is one call of faer's triangular solve.

use crate::element::Element;
use crate::kernel::{split, Launcher, Scalar, Work};
use crate::level3::Batch;
use crate::types::{fail, Diagonal, Fill, Operation, PointerMode, Result, Side, Status};
use faer::linalg::triangular_solve as tri;
use faer::{Conj, MatMut, MatRef, Par};

/// An element type trsm solves in: faer's.
pub trait Solvable: Element + faer::traits::ComplexField + std::ops::Mul<Output = Self> {}
impl Solvable for f32 {}
impl Solvable for f64 {}
impl Solvable for crate::C32 {}
impl Solvable for crate::C64 {}

/// The arguments of a trsm call after the handle, in rocBLAS's order.
#[derive(Clone, Copy)]
pub struct Trsm<T> {
    pub side: Side,
    pub uplo: Fill,
    pub trans_a: Operation,
    pub diag: Diagonal,
    pub m: i64,
    pub n: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct TrsmWork<T: Copy> {
    left: bool,
    lower: bool,
    trans_a: Operation,
    unit: bool,
    m: usize,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    batch: usize,
    blocks: usize,
}

impl<T: Solvable> Work for TrsmWork<T> {
    fn name() -> String {
        format!("rocblas_{}trsm", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get();
        let (k, rhs) = if self.left {
            (self.m, self.n)
        } else {
            (self.n, self.m)
        };
        let mut item = group as usize;
        while item < self.blocks * self.batch {
            let (bi, block) = (item / self.blocks, item % self.blocks);
            let (r0, r1) = split(rhs, self.blocks, block);
            let a = self.a.at(bi);
            let b = self.b.at(bi) as *mut T;
            // The system matrix M (k x k) and right-hand sides R (k x (r1 - r0)) of
            // M R' = alpha R: for side left M = op(A) and R a block of B's columns; for side
            // right M = op(A)^T and R a block of B's rows, seen transposed.
            let (ld_a, ld_b) = (self.lda as isize, self.ldb as isize);
            let transposed = self.trans_a != Operation::None;
            let m_transposed = transposed == self.left;
            let (m_rs, m_cs) = if m_transposed { (ld_a, 1) } else { (1, ld_a) };
            // M's triangle: A's, flipped once for each transpose between them.
            let m_lower = self.lower != m_transposed;
            let conj = if self.trans_a == Operation::ConjugateTranspose {
                Conj::Yes
            } else {
                Conj::No
            };
            let (rhs_ptr, r_rs, r_cs) = if self.left {
                (b.wrapping_offset(r0 as isize * ld_b), 1, ld_b)
            } else {
                (b.wrapping_add(r0), ld_b, 1)
            };
            // SAFETY: the call was checked against rocBLAS's rules; A covers k x k with its
            // leading dimension and B covers m x n with its own, so both views stay inside the
            // caller's memory. The blocks of different work-groups do not overlap.
            let (mat, mut r) = unsafe {
                (
                    MatRef::<T>::from_raw_parts(a, k, k, m_rs, m_cs),
                    MatMut::<T>::from_raw_parts_mut(rhs_ptr, k, r1 - r0, r_rs, r_cs),
                )
            };
            if alpha != T::ONE {
                for j in 0..r.ncols() {
                    for i in 0..k {
                        let v = &mut r[(i, j)];
                        *v = if alpha == T::ZERO {
                            T::ZERO
                        } else {
                            alpha * *v
                        };
                    }
                }
            }
            if alpha != T::ZERO {
                match (m_lower, self.unit) {
                    (true, false) => {
                        tri::solve_lower_triangular_in_place_with_conj(mat, conj, r, Par::Seq)
                    }
                    (true, true) => {
                        tri::solve_unit_lower_triangular_in_place_with_conj(mat, conj, r, Par::Seq)
                    }
                    (false, false) => {
                        tri::solve_upper_triangular_in_place_with_conj(mat, conj, r, Par::Seq)
                    }
                    (false, true) => {
                        tri::solve_unit_upper_triangular_in_place_with_conj(mat, conj, r, Par::Seq)
                    }
                }
            }
            item += groups as usize;
        }
    }
}

/// `rocblas_<t>trsm`, `_strided_batched` and `_batched`: checks the call as rocBLAS does and
/// queues it.
///
/// # Safety
/// The C API's contract: alpha readable now (host mode) or when the kernel runs (device mode);
/// A and B cover their sizes and leading dimensions.
pub unsafe fn trsm<T: Solvable, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    t: &Trsm<T>,
) -> Result<()> {
    if t.side == Side::Both || t.uplo == Fill::Full {
        return fail(
            Status::InvalidValue,
            "trsm takes side left or right and a lower or upper triangle",
        );
    }
    if t.m < 0 || t.n < 0 || t.batch_count < 0 {
        return fail(
            Status::InvalidSize,
            format!(
                "m {}, n {}, batch_count {}: none may be negative",
                t.m, t.n, t.batch_count
            ),
        );
    }
    let k = if t.side == Side::Left { t.m } else { t.n };
    if t.lda < k.max(1) || t.ldb < t.m.max(1) {
        return fail(
            Status::InvalidSize,
            format!(
                "lda {} must be at least {} and ldb {} at least {}",
                t.lda,
                k.max(1),
                t.ldb,
                t.m.max(1)
            ),
        );
    }
    if t.m == 0 || t.n == 0 || t.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(t.alpha, mode, "alpha")? };
    if t.b.is_null() {
        return fail(Status::InvalidPointer, "B is a null pointer");
    }
    if alpha.known() != Some(T::ZERO) && t.a.is_null() {
        return fail(Status::InvalidPointer, "A is a null pointer");
    }
    let (m, n) = (t.m as usize, t.n as usize);
    let rhs = if t.side == Side::Left { n } else { m };
    // Blocks of at least 16 right-hand sides, at most 64 per batch member.
    let blocks = rhs.div_ceil(16).clamp(1, 64);
    let batch = t.batch_count as usize;
    let work = TrsmWork {
        left: t.side == Side::Left,
        lower: t.uplo == Fill::Lower,
        trans_a: t.trans_a,
        unit: t.diag == Diagonal::Unit,
        m,
        n,
        alpha,
        a: t.a,
        lda: t.lda as usize,
        b: t.b,
        ldb: t.ldb as usize,
        batch,
        blocks,
    };
    let groups = blocks.saturating_mul(batch).min(1 << 16);
    launcher.launch(groups as u32, &work)
}
