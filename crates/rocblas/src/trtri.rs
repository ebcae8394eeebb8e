//! `trtri`: the inverse of a triangular matrix, out of place (`invA = A^-1`, as rocBLAS and
//! hipBLAS take it: invA has its own leading dimension), s/d/c/z, plain, strided-batched and
//! batched.
//!
//! The inverse's columns are independent (column j solves `A x = e_j`), so a work-group takes a
//! block of them: it writes the identity's block into invA and solves it in place with faer's
//! blocked triangular solve (its products are matrix products), over the rows where the
//! block's columns can be nonzero. The other triangle of invA is set to zero, as rocBLAS does;
//! a unit diagonal is written as ones. invA must not overlap A.

use crate::kernel::{split, Launcher, Work};
use crate::level3::Batch;
use crate::trsm::Solvable;
use crate::types::{fail, Diagonal, Fill, PointerMode, Result, Status};
use faer::linalg::triangular_solve as tri;
use faer::{MatMut, MatRef, Par};

/// Work-groups in one launch, at most: beyond it a group takes several blocks.
const MAX_GROUPS: usize = 1 << 16;

/// The arguments of a trtri call after the handle, in rocBLAS's order.
#[derive(Clone, Copy)]
pub struct Trtri<T> {
    pub uplo: Fill,
    pub diag: Diagonal,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub inv_a: Batch<T>,
    pub ld_inv_a: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct TrtriWork<T: Copy> {
    lower: bool,
    unit: bool,
    n: usize,
    a: Batch<T>,
    lda: usize,
    inv_a: Batch<T>,
    ld_inv_a: usize,
    batch: usize,
    blocks: usize,
}

impl<T: Solvable> Work for TrtriWork<T> {
    fn name() -> String {
        format!("rocblas_{}trtri", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let n = self.n;
        let mut item = group as usize;
        while item < self.blocks * self.batch {
            let (bi, block) = (item / self.blocks, item % self.blocks);
            item += groups as usize;
            let (c0, c1) = split(n, self.blocks, block);
            if c0 == c1 {
                continue;
            }
            let (a, inv) = (self.a.at(bi), self.inv_a.at(bi) as *mut T);
            let ld = self.ld_inv_a;
            for j in c0..c1 {
                for i in 0..n {
                    let v = if i == j { T::ONE } else { T::ZERO };
                    // SAFETY: (i, j) is inside invA (n x n, its leading dimension checked);
                    // the blocks of different work-groups are different columns.
                    unsafe { *inv.add(i + j * ld) = v };
                }
            }
            // The rows of the block's columns that can be nonzero: from c0 down (lower), up
            // to c1 (upper); the triangle of A over them is the system.
            let (r0, r1) = if self.lower { (c0, n) } else { (0, c1) };
            let k = r1 - r0;
            let (lda, ldi) = (self.lda as isize, ld as isize);
            // SAFETY: the call was checked: A covers n x n with its leading dimension and invA
            // likewise with its own; rows r0..r1 and columns c0..c1 lie inside both.
            let (mat, rhs) = unsafe {
                (
                    MatRef::<T>::from_raw_parts(a.wrapping_add(r0 + r0 * self.lda), k, k, 1, lda),
                    MatMut::<T>::from_raw_parts_mut(
                        inv.wrapping_add(r0 + c0 * ld),
                        k,
                        c1 - c0,
                        1,
                        ldi,
                    ),
                )
            };
            match (self.lower, self.unit) {
                (true, false) => tri::solve_lower_triangular_in_place(mat, rhs, Par::Seq),
                (true, true) => tri::solve_unit_lower_triangular_in_place(mat, rhs, Par::Seq),
                (false, false) => tri::solve_upper_triangular_in_place(mat, rhs, Par::Seq),
                (false, true) => tri::solve_unit_upper_triangular_in_place(mat, rhs, Par::Seq),
            }
            // The solve leaves exact zeros above (below) the diagonal unless A holds an
            // infinity or NaN; rocBLAS's inverse has zeros there whatever A holds.
            for j in c0..c1 {
                let outside = if self.lower { r0..j } else { j + 1..r1 };
                for i in outside {
                    // SAFETY: inside invA, in this block's columns.
                    unsafe { *inv.add(i + j * ld) = T::ZERO };
                }
            }
        }
    }
}

/// `rocblas_<t>trtri`, `_strided_batched` and `_batched`: checks the call as rocBLAS does
/// (`rocblas_trtri_arg_check`) and queues it.
///
/// # Safety
/// The C API's contract: A and invA cover `n x n` with their leading dimensions, for every
/// batch member, and do not overlap.
pub unsafe fn trtri<T: Solvable, L: Launcher>(
    launcher: &L,
    _mode: PointerMode,
    t: &Trtri<T>,
) -> Result<()> {
    if t.uplo == Fill::Full {
        return fail(
            Status::InvalidValue,
            "trtri takes a lower or upper triangle",
        );
    }
    if t.batch_count < 0 || t.n < 0 || t.lda < t.n || t.ld_inv_a < t.n {
        return fail(
            Status::InvalidSize,
            format!(
                "n {}, lda {}, ldinvA {}, batch_count {}: none negative, both leading \
                 dimensions at least n",
                t.n, t.lda, t.ld_inv_a, t.batch_count
            ),
        );
    }
    if t.n == 0 || t.batch_count == 0 {
        return Ok(());
    }
    if t.a.is_null() || t.inv_a.is_null() {
        return fail(Status::InvalidPointer, "A or invA is a null pointer");
    }
    let n = t.n as usize;
    // Blocks of at least 16 columns, at most 64 per batch member.
    let blocks = n.div_ceil(16).clamp(1, 64);
    let batch = t.batch_count as usize;
    let work = TrtriWork {
        lower: t.uplo == Fill::Lower,
        unit: t.diag == Diagonal::Unit,
        n,
        a: t.a,
        lda: t.lda as usize,
        inv_a: t.inv_a,
        ld_inv_a: t.ld_inv_a as usize,
        batch,
        blocks,
    };
    let groups = blocks.saturating_mul(batch).min(MAX_GROUPS);
    launcher.launch(groups as u32, &work)
}
