//! Level 3: GEMM in every element type, plain, strided-batched and batched (arrays of
//! pointers), as rocBLAS checks and runs it.

use crate::element::{Element, Tile};
use crate::kernel::{split, Launcher, Ptr, Scalar, Work};
use crate::types::{fail, Operation, PointerMode, Result, Status};

/// Where the matrices of a batch are: one base and a stride between them (a plain call is a
/// batch of one), or a device array of one pointer per matrix.
#[repr(C)]
#[derive(Clone, Copy)]
pub enum Batch<T> {
    Strided { base: Ptr<T>, stride: i64 },
    Array(Ptr<*const T>),
}

impl<T> Batch<T> {
    /// A single matrix.
    pub fn one(p: *const T) -> Self {
        Batch::Strided {
            base: Ptr(p),
            stride: 0,
        }
    }

    /// Matrix `i` of the batch.
    pub fn at(self, i: usize) -> *const T {
        match self {
            Batch::Strided { base, stride } => base.0.wrapping_offset(stride as isize * i as isize),
            // SAFETY: the array was checked non-null and holds one pointer per batch member
            // (the caller's contract, as in rocBLAS).
            Batch::Array(list) => unsafe { *list.0.add(i) },
        }
    }

    /// Whether the caller passed no memory at all (a null base or array).
    pub fn is_null(&self) -> bool {
        match *self {
            Batch::Strided { base, .. } => base.is_null(),
            Batch::Array(list) => list.is_null(),
        }
    }
}

/// The arguments of a `gemm` call in rocBLAS's order, after the handle. Sizes are `i64` so
/// that the 32-bit and `_64` entry points share it.
#[derive(Clone, Copy)]
pub struct Gemm<T> {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: *const T,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

/// The queued kernel: one work-group per tile of C per batch member (or several members per
/// group when there are very many).
#[repr(C)]
#[derive(Clone, Copy)]
struct GemmWork<T: Element> {
    trans_a: Operation,
    trans_b: Operation,
    m: usize,
    n: usize,
    k: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    beta: Scalar<T>,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
    tiles_m: usize,
    tiles_n: usize,
}

impl<T: Element> Work for GemmWork<T> {
    fn name() -> String {
        format!("rocblas_{}gemm", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        let per_batch = self.tiles_m * self.tiles_n;
        let total = per_batch * self.batch;
        let mut item = group as usize;
        while item < total {
            let (bi, tile) = (item / per_batch, item % per_batch);
            let (r0, r1) = split(self.m, self.tiles_m, tile % self.tiles_m);
            let (c0, c1) = split(self.n, self.tiles_n, tile / self.tiles_m);
            let (a_rs, a_cs) = strides(self.trans_a, self.lda);
            let (b_rs, b_cs) = strides(self.trans_b, self.ldb);
            let t = Tile {
                m: r1 - r0,
                n: c1 - c0,
                k: self.k,
                alpha,
                a: self.a.at(bi).wrapping_offset(r0 as isize * a_rs),
                a_rs,
                a_cs,
                conj_a: self.trans_a == Operation::ConjugateTranspose,
                b: self.b.at(bi).wrapping_offset(c0 as isize * b_cs),
                b_rs,
                b_cs,
                conj_b: self.trans_b == Operation::ConjugateTranspose,
                beta,
                c: (self.c.at(bi) as *mut T)
                    .wrapping_offset(r0 as isize + c0 as isize * self.ldc as isize),
                ldc: self.ldc as isize,
            };
            // SAFETY: the call was checked against rocBLAS's rules (sizes, leading dimensions,
            // pointers); the caller's matrices cover what those sizes say.
            unsafe { T::gemm_tile(&t) };
            item += groups as usize;
        }
    }
}

/// Row and column strides of op(X) for a column-major X with leading dimension `ld`.
fn strides(op: Operation, ld: usize) -> (isize, isize) {
    match op {
        Operation::None => (1, ld as isize),
        _ => (ld as isize, 1),
    }
}

/// Tiles along a dimension of `len`: tiles of 64 to 256, larger for larger matrices, so that
/// a tile's product stays efficient while big products spread over every worker.
pub(crate) fn tiles_along(len: usize, k: usize) -> usize {
    let edge = if len >= 1024 && k >= 256 {
        256
    } else if len >= 256 {
        128
    } else {
        64
    };
    len.div_ceil(edge).max(1)
}

/// Work-groups in one launch, at most: beyond it a group takes several tiles.
const MAX_GROUPS: usize = 1 << 16;

/// `rocblas_<t>gemm`, `_strided_batched` and `_batched`: checks the call as rocBLAS does and
/// queues it on `launcher`.
///
/// # Safety
/// The pointers are what the C API says: alpha and beta readable now (host mode) or when the
/// kernel runs (device mode); the matrices cover their sizes and leading dimensions.
pub unsafe fn gemm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Gemm<T>,
) -> Result<()> {
    if g.m < 0 || g.n < 0 || g.k < 0 || g.batch_count < 0 {
        return fail(
            Status::InvalidSize,
            format!(
                "m {}, n {}, k {}, batch_count {}: none may be negative",
                g.m, g.n, g.k, g.batch_count
            ),
        );
    }
    let (a_rows, b_rows) = (
        if g.trans_a == Operation::None {
            g.m
        } else {
            g.k
        },
        if g.trans_b == Operation::None {
            g.k
        } else {
            g.n
        },
    );
    for (name, ld, rows) in [
        ("lda", g.lda, a_rows),
        ("ldb", g.ldb, b_rows),
        ("ldc", g.ldc, g.m),
    ] {
        if ld < rows {
            return fail(
                Status::InvalidSize,
                format!("{name} {ld} is less than the {rows} rows it must hold"),
            );
        }
    }
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(g.beta, mode, "beta")? };
    let no_product = g.k == 0 || alpha.known() == Some(T::ZERO);
    if no_product && beta.known() == Some(T::ONE) {
        return Ok(());
    }
    if g.c.is_null() {
        return fail(Status::InvalidPointer, "C is a null pointer");
    }
    if !no_product && (g.a.is_null() || g.b.is_null()) {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    let (m, n, k) = (g.m as usize, g.n as usize, g.k as usize);
    let (tiles_m, tiles_n) = (tiles_along(m, k), tiles_along(n, k));
    let batch = g.batch_count as usize;
    let groups = (tiles_m * tiles_n).saturating_mul(batch).min(MAX_GROUPS);
    let work = GemmWork {
        trans_a: g.trans_a,
        trans_b: g.trans_b,
        m,
        n,
        k,
        alpha,
        a: g.a,
        lda: g.lda as usize,
        b: g.b,
        ldb: g.ldb as usize,
        beta,
        c: g.c,
        ldc: g.ldc as usize,
        batch,
        tiles_m,
        tiles_n,
    };
    launcher.launch(groups as u32, &work)
}
