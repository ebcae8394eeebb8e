//! The rest of Level 3 beside gemm and trsm: `geam`, `dgmm`, `syrk`/`herk`, `symm`/`hemm` and
//! `trmm`, s/d/c/z, plain, strided-batched and batched, checked as rocBLAS checks them.
//!
//! geam and dgmm are element-wise: a work-group takes a tile of C and computes each element
//! in complex f64 (exact for every type), rounding once when it stores. syrk/herk take tiles of
//! C as gemm does and skip the tiles outside the triangle; a tile on the diagonal computes its
//! whole product into scratch and stores only the triangle's part (up to twice the work on
//! those tiles). Their kernel also runs syr2k/her2k and syrkx/herkx (`level3_rank2k`).
//! symm/hemm and trmm take blocks of C's columns (side left) or rows (side right) and
//! materialise the whole of A as a full matrix into per-block scratch (k x k copied once a
//! block, small beside the block's k x k x 16 or more multiply-adds); trmm also copies its block
//! of B first, so that C may be B (rocBLAS's in-place form).

use crate::element::{Element, Tile, C64};
use crate::kernel::{split, Launcher, Scalar, Work};
use crate::level3::{tiles_along, Batch};
use crate::types::{fail, Diagonal, Fill, Operation, PointerMode, Result, Side, Status};
use std::any::TypeId;

/// Work-groups in one launch, at most: beyond it a group takes several tiles.
const MAX_GROUPS: usize = 1 << 16;

/// Element (i, j) of op(X) for a column-major X at `p` with leading dimension `ld`.
///
/// # Safety
/// (i, j) of op(X) lies inside the caller's matrix.
unsafe fn op_at<T: Element>(p: *const T, ld: usize, op: Operation, i: usize, j: usize) -> C64 {
    let (r, c) = if op == Operation::None {
        (i, j)
    } else {
        (j, i)
    };
    // SAFETY: per the contract.
    let v = unsafe { *p.add(r + c * ld) }.to_c64();
    if op == Operation::ConjugateTranspose {
        v.conj()
    } else {
        v
    }
}

/// A negative-size or negative-count check shared by every routine here.
fn non_negative(what: &[(&str, i64)]) -> Result<()> {
    for (name, v) in what {
        if *v < 0 {
            return fail(Status::InvalidSize, format!("{name} {v} is negative"));
        }
    }
    Ok(())
}

/// A leading dimension check: `ld` must hold `rows` (and at least 1).
fn holds(name: &str, ld: i64, rows: i64) -> Result<()> {
    if ld < rows.max(1) {
        return fail(
            Status::InvalidSize,
            format!(
                "{name} {ld} is less than the {} rows it must hold",
                rows.max(1)
            ),
        );
    }
    Ok(())
}

/// The first matrix's address of a batch, to compare for aliasing.
fn base<T>(b: &Batch<T>) -> usize {
    match *b {
        Batch::Strided { base, .. } => base.0 as usize,
        Batch::Array(list) => list.0 as usize,
    }
}

// ---- geam ----

/// The arguments of a geam call after the handle, in rocBLAS's order:
/// `C = alpha op(A) + beta op(B)`, C `m x n`.
#[derive(Clone, Copy)]
pub struct Geam<T> {
    pub trans_a: Operation,
    pub trans_b: Operation,
    pub m: i64,
    pub n: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub beta: *const T,
    pub b: Batch<T>,
    pub ldb: i64,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GeamWork<T: Element> {
    trans_a: Operation,
    trans_b: Operation,
    m: usize,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    beta: Scalar<T>,
    b: Batch<T>,
    ldb: usize,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
    tiles_m: usize,
    tiles_n: usize,
}

impl<T: Element> Work for GeamWork<T> {
    fn name() -> String {
        format!("rocblas_{}geam", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get().to_c64(), self.beta.get().to_c64());
        let zero = C64::new(0.0, 0.0);
        let per_batch = self.tiles_m * self.tiles_n;
        let mut item = group as usize;
        while item < per_batch * self.batch {
            let (bi, tile) = (item / per_batch, item % per_batch);
            let (r0, r1) = split(self.m, self.tiles_m, tile % self.tiles_m);
            let (c0, c1) = split(self.n, self.tiles_n, tile / self.tiles_m);
            let (a, b, c) = (self.a.at(bi), self.b.at(bi), self.c.at(bi) as *mut T);
            for j in c0..c1 {
                for i in r0..r1 {
                    // A and B are read only when their scalar is not zero (BLAS's rule). C
                    // may be A or B itself (checked: same place, same leading dimension), so
                    // each element is read before it is written.
                    let va = if alpha == zero {
                        zero
                    } else {
                        // SAFETY: (i, j) is inside op(A) and C, whose sizes were checked.
                        alpha * unsafe { op_at(a, self.lda, self.trans_a, i, j) }
                    };
                    let vb = if beta == zero {
                        zero
                    } else {
                        // SAFETY: (i, j) is inside op(B), whose size was checked.
                        beta * unsafe { op_at(b, self.ldb, self.trans_b, i, j) }
                    };
                    // SAFETY: (i, j) is inside C, whose size was checked.
                    unsafe { *c.add(i + j * self.ldc) = T::from_c64(va + vb) };
                }
            }
            item += groups as usize;
        }
    }
}

/// `rocblas_<t>geam`, `_strided_batched` and `_batched`.
///
/// # Safety
/// The C API's contract: alpha and beta readable now (host mode) or when the kernel runs
/// (device mode); the matrices cover their sizes and leading dimensions.
pub unsafe fn geam<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Geam<T>,
) -> Result<()> {
    non_negative(&[("m", g.m), ("n", g.n), ("batch_count", g.batch_count)])?;
    let rows = |op: Operation| if op == Operation::None { g.m } else { g.n };
    holds("lda", g.lda, rows(g.trans_a))?;
    holds("ldb", g.ldb, rows(g.trans_b))?;
    holds("ldc", g.ldc, g.m)?;
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(g.beta, mode, "beta")? };
    if g.c.is_null() {
        return fail(Status::InvalidPointer, "C is a null pointer");
    }
    if (alpha.known() != Some(T::ZERO) && g.a.is_null())
        || (beta.known() != Some(T::ZERO) && g.b.is_null())
    {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    for (name, x, ld, op) in [("A", &g.a, g.lda, g.trans_a), ("B", &g.b, g.ldb, g.trans_b)] {
        if base(x) == base(&g.c) && (op != Operation::None || ld != g.ldc) {
            return fail(
                Status::InvalidSize,
                format!("C is {name}: it must then be untransposed with ldc's leading dimension"),
            );
        }
    }
    let (m, n) = (g.m as usize, g.n as usize);
    let (tiles_m, tiles_n) = (tiles_along(m, 0), tiles_along(n, 0));
    let batch = g.batch_count as usize;
    let work = GeamWork {
        trans_a: g.trans_a,
        trans_b: g.trans_b,
        m,
        n,
        alpha,
        a: g.a,
        lda: g.lda as usize,
        beta,
        b: g.b,
        ldb: g.ldb as usize,
        c: g.c,
        ldc: g.ldc as usize,
        batch,
        tiles_m,
        tiles_n,
    };
    let groups = (tiles_m * tiles_n).saturating_mul(batch).min(MAX_GROUPS);
    launcher.launch(groups as u32, &work)
}

// ---- dgmm ----

/// The arguments of a dgmm call after the handle, in rocBLAS's order: `C = A diag(x)` (side
/// right) or `C = diag(x) A` (side left), all `m x n`. `x` holds a stride per batch member in
/// its `Batch::Strided` form.
#[derive(Clone, Copy)]
pub struct Dgmm<T> {
    pub side: Side,
    pub m: i64,
    pub n: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DgmmWork<T: Element> {
    left: bool,
    m: usize,
    n: usize,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
    tiles_m: usize,
    tiles_n: usize,
}

impl<T: Element> Work for DgmmWork<T> {
    fn name() -> String {
        format!("rocblas_{}dgmm", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let per_batch = self.tiles_m * self.tiles_n;
        let len = if self.left { self.m } else { self.n };
        // x's first element: for a negative increment, the last in memory (BLAS's rule).
        let first = if self.incx < 0 {
            -self.incx * (len as isize - 1)
        } else {
            0
        };
        let mut item = group as usize;
        while item < per_batch * self.batch {
            let (bi, tile) = (item / per_batch, item % per_batch);
            let (r0, r1) = split(self.m, self.tiles_m, tile % self.tiles_m);
            let (c0, c1) = split(self.n, self.tiles_n, tile / self.tiles_m);
            let (a, x, c) = (self.a.at(bi), self.x.at(bi), self.c.at(bi) as *mut T);
            for j in c0..c1 {
                for i in r0..r1 {
                    let at = if self.left { i } else { j };
                    // SAFETY: the sizes, leading dimensions and increment were checked; C may
                    // be A only with the same leading dimension, and each element is read
                    // before it is written.
                    unsafe {
                        let d = *x.offset(first + at as isize * self.incx);
                        let v = (*a.add(i + j * self.lda)).to_c64() * d.to_c64();
                        *c.add(i + j * self.ldc) = T::from_c64(v);
                    }
                }
            }
            item += groups as usize;
        }
    }
}

/// `rocblas_<t>dgmm`, `_strided_batched` and `_batched`.
///
/// # Safety
/// The C API's contract: A, x and C cover their sizes, leading dimensions and increment.
pub unsafe fn dgmm<T: Element, L: Launcher>(
    launcher: &L,
    _mode: PointerMode,
    d: &Dgmm<T>,
) -> Result<()> {
    if d.side == Side::Both {
        return fail(Status::InvalidValue, "dgmm takes side left or right");
    }
    non_negative(&[("m", d.m), ("n", d.n), ("batch_count", d.batch_count)])?;
    holds("lda", d.lda, d.m)?;
    holds("ldc", d.ldc, d.m)?;
    if d.m == 0 || d.n == 0 || d.batch_count == 0 {
        return Ok(());
    }
    if d.a.is_null() || d.x.is_null() || d.c.is_null() {
        return fail(Status::InvalidPointer, "A, x or C is a null pointer");
    }
    if base(&d.a) == base(&d.c) && d.lda != d.ldc {
        return fail(
            Status::InvalidSize,
            "C is A: it must then have lda's leading dimension",
        );
    }
    let (m, n) = (d.m as usize, d.n as usize);
    let (tiles_m, tiles_n) = (tiles_along(m, 0), tiles_along(n, 0));
    let batch = d.batch_count as usize;
    let work = DgmmWork {
        left: d.side == Side::Left,
        m,
        n,
        a: d.a,
        lda: d.lda as usize,
        x: d.x,
        incx: d.incx as isize,
        c: d.c,
        ldc: d.ldc as usize,
        batch,
        tiles_m,
        tiles_n,
    };
    let groups = (tiles_m * tiles_n).saturating_mul(batch).min(MAX_GROUPS);
    launcher.launch(groups as u32, &work)
}

// ---- syrk / herk (and, through `rank_k`, syr2k / her2k / syrkx / herkx) ----

/// The arguments of a syrk or herk call after the handle, in rocBLAS's order:
/// `C = alpha op(A) op(A)^T + beta C` (syrk) or `op(A) op(A)^H` (herk, whose alpha and beta are
/// real: `S` is `T::Real`), on C's `uplo` triangle; C is `n x n`, op(A) `n x k`.
#[derive(Clone, Copy)]
pub struct Syrk<T, S> {
    pub uplo: Fill,
    pub trans: Operation,
    pub n: i64,
    pub k: i64,
    pub alpha: *const S,
    pub a: Batch<T>,
    pub lda: i64,
    pub beta: *const S,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

/// Which update of C's triangle a [`RankK`] call makes (rocBLAS's syrk family).
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Update {
    /// `op(B)^H` instead of `op(B)^T`, real beta, the diagonal's imaginary parts zeroed.
    pub hermitian: bool,
    /// Rank 2k: the product with A and B swapped is added too (with `conj(alpha)` when
    /// Hermitian).
    pub two: bool,
}

/// A call of the syrk family after the handle: `C = alpha op(A) op(B)^T (^H) + beta C` on
/// C's `uplo` triangle (plus `alpha op(B) op(A)^T` or `conj(alpha) op(B) op(A)^H` for rank
/// 2k). syrk and herk pass A as B. `A` is alpha's type, `S` beta's.
#[derive(Clone, Copy)]
pub(crate) struct RankK<T, A, S> {
    pub update: Update,
    pub uplo: Fill,
    pub trans: Operation,
    pub n: i64,
    pub k: i64,
    pub alpha: *const A,
    pub a: Batch<T>,
    pub lda: i64,
    pub b: Batch<T>,
    pub ldb: i64,
    pub beta: *const S,
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RankKWork<T: Element, A: Element, S: Element> {
    update: Update,
    lower: bool,
    trans: Operation,
    n: usize,
    k: usize,
    alpha: Scalar<A>,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    beta: Scalar<S>,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
    tiles: usize,
}

impl<T: Element, A: Element, S: Element> Work for RankKWork<T, A, S> {
    fn name() -> String {
        let what = if TypeId::of::<T>() == TypeId::of::<S>() {
            "syrk, syr2k or syrkx"
        } else {
            "herk, her2k or herkx"
        };
        format!("rocblas_{}{what}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha = self.alpha.get().to_c64();
        let beta = self.beta.get().to_c64();
        let hermitian = self.update.hermitian;
        let per_batch = self.tiles * self.tiles;
        // op(X) (n x k) as a view of X with leading dimension `ld`: (row, column) strides.
        let untransposed = self.trans == Operation::None;
        let view = |ld: usize| {
            let ld = ld as isize;
            if untransposed {
                (1, ld)
            } else {
                (ld, 1)
            }
        };
        // The left factor is op(X), the right op(Y)^T or op(Y)^H: conjugated are op(X)'s
        // elements when op is a conjugate transpose, op(Y)^H's when op is none.
        let (conj_left, conj_right) = match (hermitian, untransposed) {
            (false, _) => (false, false),
            (true, true) => (false, true),
            (true, false) => (true, false),
        };
        let mut scratch = Vec::new();
        let mut item = group as usize;
        while item < per_batch * self.batch {
            let (bi, tile) = (item / per_batch, item % per_batch);
            item += groups as usize;
            let (r0, r1) = split(self.n, self.tiles, tile % self.tiles);
            let (c0, c1) = split(self.n, self.tiles, tile / self.tiles);
            // Tiles wholly outside the triangle are not touched.
            if (self.lower && r1 <= c0) || (!self.lower && c1 <= r0) {
                continue;
            }
            let (mt, nt) = (r1 - r0, c1 - c0);
            scratch.clear();
            scratch.resize(mt * nt, T::ZERO);
            let (a, b) = (self.a.at(bi), self.b.at(bi));
            // scratch (+)= scale * op(X)[r0..r1, :] op(Y)[c0..c1, :]^T (^H).
            let mut product = |x: *const T, ldx: usize, y: *const T, ldy: usize, scale, acc| {
                let ((x_rs, x_cs), (y_rs, y_cs)) = (view(ldx), view(ldy));
                let t = Tile {
                    m: mt,
                    n: nt,
                    k: self.k,
                    alpha: T::from_c64(scale),
                    a: x.wrapping_offset(r0 as isize * x_rs),
                    a_rs: x_rs,
                    a_cs: x_cs,
                    conj_a: conj_left,
                    // op(Y)^T's element (p, j) is op(Y)'s (j, p).
                    b: y.wrapping_offset(c0 as isize * y_rs),
                    b_rs: y_cs,
                    b_cs: y_rs,
                    conj_b: conj_right,
                    beta: if acc { T::ONE } else { T::ZERO },
                    c: scratch.as_mut_ptr(),
                    ldc: mt as isize,
                };
                // SAFETY: the call was checked (sizes, leading dimensions, pointers); the
                // views cover rows r0..r1 and c0..c1 of op(X) and op(Y); the product goes to
                // local scratch.
                unsafe { T::gemm_tile(&t) };
            };
            product(a, self.lda, b, self.ldb, alpha, false);
            if self.update.two {
                let second = if hermitian { alpha.conj() } else { alpha };
                product(b, self.ldb, a, self.lda, second, true);
            }
            let c = self.c.at(bi) as *mut T;
            for j in c0..c1 {
                for i in r0..r1 {
                    if (self.lower && i < j) || (!self.lower && i > j) {
                        continue;
                    }
                    // SAFETY: (i, j) is inside C (n x n, ldc checked).
                    let p = unsafe { c.add(i + j * self.ldc) };
                    let mut v = scratch[(i - r0) + (j - c0) * mt].to_c64();
                    if beta != C64::new(0.0, 0.0) {
                        // SAFETY: as above.
                        let mut old = unsafe { *p }.to_c64();
                        if hermitian && i == j {
                            old.im = 0.0;
                        }
                        v += beta * old;
                    }
                    if hermitian && i == j {
                        v.im = 0.0;
                    }
                    // SAFETY: as above.
                    unsafe { *p = T::from_c64(v) };
                }
            }
        }
    }
}

/// Checks a call of the syrk family as rocBLAS does (`rocblas_syr2k_arg_check`,
/// `rocblas_her2k_arg_check` and syrk's and herk's, which are the same with B as A) and queues
/// it: invalid values, then sizes, then the quick return for an empty C, then the scalars,
/// then (host mode) the quick return for `alpha == 0` (or `k == 0`) and `beta == 1`, then the
/// matrices.
///
/// # Safety
/// The C API's contract: alpha and beta readable now (host mode) or when the kernel runs
/// (device mode); A, B and C cover their sizes and leading dimensions.
pub(crate) unsafe fn rank_k<T: Element, A: Element, S: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &RankK<T, A, S>,
) -> Result<()> {
    let complex = T::PREFIX == "c" || T::PREFIX == "z";
    let bad_trans = if s.update.hermitian {
        s.trans == Operation::Transpose
    } else {
        complex && s.trans == Operation::ConjugateTranspose
    };
    if s.uplo == Fill::Full || bad_trans {
        return fail(
            Status::InvalidValue,
            format!(
                "uplo {:?} and trans {:?}: a lower or upper triangle and an operation the \
                 routine takes",
                s.uplo, s.trans
            ),
        );
    }
    non_negative(&[("n", s.n), ("k", s.k), ("batch_count", s.batch_count)])?;
    let rows = if s.trans == Operation::None { s.n } else { s.k };
    for (name, ld, rows) in [
        ("lda", s.lda, rows),
        ("ldb", s.ldb, rows),
        ("ldc", s.ldc, s.n),
    ] {
        if ld < rows {
            return fail(
                Status::InvalidSize,
                format!("{name} {ld} is less than the {rows} rows it must hold"),
            );
        }
    }
    if s.n == 0 || s.batch_count == 0 {
        return Ok(());
    }
    // alpha is not needed (nor read) without a product.
    let alpha = if s.k == 0 {
        Scalar::Value(A::ZERO)
    } else {
        // SAFETY: forwarded caller contract.
        unsafe { Scalar::from_ptr(s.alpha, mode, "alpha")? }
    };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(s.beta, mode, "beta")? };
    let no_product = alpha.known() == Some(A::ZERO);
    if no_product && beta.known() == Some(S::ONE) {
        return Ok(());
    }
    if !no_product && (s.a.is_null() || s.b.is_null()) {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    if s.c.is_null() {
        return fail(Status::InvalidPointer, "C is a null pointer");
    }
    let (n, k) = (s.n as usize, s.k as usize);
    let tiles = tiles_along(n, k);
    let batch = s.batch_count as usize;
    let work = RankKWork {
        update: s.update,
        lower: s.uplo == Fill::Lower,
        trans: s.trans,
        n,
        k,
        alpha,
        a: s.a,
        lda: s.lda as usize,
        b: s.b,
        ldb: s.ldb as usize,
        beta,
        c: s.c,
        ldc: s.ldc as usize,
        batch,
        tiles,
    };
    let groups = (tiles * tiles).saturating_mul(batch).min(MAX_GROUPS);
    launcher.launch(groups as u32, &work)
}

/// syrk and herk as a [`RankK`] call: B is A.
fn with_b_as_a<T: Copy, S>(s: &Syrk<T, S>, hermitian: bool) -> RankK<T, S, S> {
    RankK {
        update: Update {
            hermitian,
            two: false,
        },
        uplo: s.uplo,
        trans: s.trans,
        n: s.n,
        k: s.k,
        alpha: s.alpha,
        a: s.a,
        lda: s.lda,
        b: s.a,
        ldb: s.lda,
        beta: s.beta,
        c: s.c,
        ldc: s.ldc,
        batch_count: s.batch_count,
    }
}

/// `rocblas_<t>syrk`, `_strided_batched` and `_batched`: `C = alpha op(A) op(A)^T + beta C` on
/// one triangle.
///
/// # Safety
/// As [`rank_k`].
pub unsafe fn syrk<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syrk<T, T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &with_b_as_a(s, false)) }
}

/// `rocblas_<t>herk` (c and z), `_strided_batched` and `_batched`:
/// `C = alpha op(A) op(A)^H + beta C` on one triangle, real alpha and beta, the diagonal's
/// imaginary parts set to zero.
///
/// # Safety
/// As [`rank_k`].
pub unsafe fn herk<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Syrk<T, T::Real>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { rank_k(launcher, mode, &with_b_as_a(s, true)) }
}

// ---- symm / hemm / trmm ----

/// The arguments of a symm or hemm call after the handle, in rocBLAS's order:
/// `C = alpha A B + beta C` (side left) or `alpha B A + beta C` (side right), A symmetric or
/// Hermitian and given by its `uplo` triangle; B and C `m x n`.
#[derive(Clone, Copy)]
pub struct Symm<T> {
    pub side: Side,
    pub uplo: Fill,
    pub m: i64,
    pub n: i64,
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

/// The arguments of a trmm call after the handle, in rocBLAS's order (out of place, as rocBLAS
/// 4 and hipBLAS 2 take it): `C = alpha op(A) B` (side left) or `alpha B op(A)` (side right),
/// A triangular; B and C `m x n`; C may be B when `ldc == ldb`.
#[derive(Clone, Copy)]
pub struct Trmm<T> {
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
    pub c: Batch<T>,
    pub ldc: i64,
    pub batch_count: i64,
}

/// What A is, in a [`SquareWork`].
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Symmetric,
    Hermitian,
    Triangular { trans: Operation, unit: bool },
}

#[repr(C)]
#[derive(Clone, Copy)]
struct SquareWork<T: Element> {
    shape: Shape,
    left: bool,
    lower: bool,
    m: usize,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    b: Batch<T>,
    ldb: usize,
    beta: Scalar<T>,
    c: Batch<T>,
    ldc: usize,
    batch: usize,
    blocks: usize,
}

impl<T: Element> SquareWork<T> {
    /// Element (i, j) of the full matrix that A stands for (op(A) for trmm).
    ///
    /// # Safety
    /// `a` covers `k x k` with leading dimension `self.lda`; i, j < k.
    unsafe fn full(&self, a: *const T, i: usize, j: usize) -> C64 {
        let stored = |r: usize, c: usize| if self.lower { r >= c } else { r <= c };
        let zero = C64::new(0.0, 0.0);
        match self.shape {
            Shape::Symmetric | Shape::Hermitian => {
                let (r, c) = if stored(i, j) { (i, j) } else { (j, i) };
                // SAFETY: per the contract.
                let v = unsafe { *a.add(r + c * self.lda) }.to_c64();
                match (self.shape == Shape::Hermitian, i == j, stored(i, j)) {
                    (false, _, _) => v,
                    (true, true, _) => C64::new(v.re, 0.0),
                    (true, false, true) => v,
                    (true, false, false) => v.conj(),
                }
            }
            Shape::Triangular { trans, unit } => {
                let (si, sj) = if trans == Operation::None {
                    (i, j)
                } else {
                    (j, i)
                };
                if i == j && unit {
                    C64::new(1.0, 0.0)
                } else if stored(si, sj) {
                    // SAFETY: per the contract.
                    unsafe { op_at(a, self.lda, trans, i, j) }
                } else {
                    zero
                }
            }
        }
    }
}

impl<T: Element> Work for SquareWork<T> {
    fn name() -> String {
        format!("rocblas_{}symm, hemm or trmm", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        let k = if self.left { self.m } else { self.n };
        let rhs = if self.left { self.n } else { self.m };
        let mut full = vec![T::ZERO; k * k];
        let mut block = Vec::new();
        let mut item = group as usize;
        while item < self.blocks * self.batch {
            let (bi, blk) = (item / self.blocks, item % self.blocks);
            item += groups as usize;
            let (s0, s1) = split(rhs, self.blocks, blk);
            if s0 == s1 {
                continue;
            }
            if alpha == T::ZERO {
                // No product: C = beta C on the block, A and B not read (BLAS's rule).
                let (r0, r1, c0, c1) = if self.left {
                    (0, self.m, s0, s1)
                } else {
                    (s0, s1, 0, self.n)
                };
                let beta = beta.to_c64();
                let c = self.c.at(bi) as *mut T;
                for j in c0..c1 {
                    for i in r0..r1 {
                        // SAFETY: inside C (m x n, ldc checked); blocks do not overlap.
                        unsafe {
                            let p = c.add(i + j * self.ldc);
                            *p = if beta == C64::new(0.0, 0.0) {
                                T::ZERO
                            } else {
                                T::from_c64(beta * (*p).to_c64())
                            };
                        }
                    }
                }
                continue;
            }
            let a = self.a.at(bi);
            for j in 0..k {
                for i in 0..k {
                    // SAFETY: A covers k x k (checked).
                    full[i + j * k] = T::from_c64(unsafe { self.full(a, i, j) });
                }
            }
            // This block of B, copied (C may be B for trmm): rows x cols, column-major.
            let (rows, cols) = if self.left {
                (self.m, s1 - s0)
            } else {
                (s1 - s0, self.n)
            };
            let (br0, bc0) = if self.left { (0, s0) } else { (s0, 0) };
            let b = self.b.at(bi);
            block.clear();
            for j in 0..cols {
                for i in 0..rows {
                    // SAFETY: inside B (m x n, ldb checked).
                    block.push(unsafe { *b.add(br0 + i + (bc0 + j) * self.ldb) });
                }
            }
            let (fa, fb) = (full.as_ptr(), block.as_ptr());
            let (ka, kb) = (k as isize, rows as isize);
            let (a_op, a_ld, b_op, b_ld) = if self.left {
                (fa, ka, fb, kb)
            } else {
                (fb, kb, fa, ka)
            };
            let t = Tile {
                m: rows,
                n: cols,
                k,
                alpha,
                a: a_op,
                a_rs: 1,
                a_cs: a_ld,
                conj_a: false,
                b: b_op,
                b_rs: 1,
                b_cs: b_ld,
                conj_b: false,
                beta,
                c: (self.c.at(bi) as *mut T).wrapping_add(br0 + bc0 * self.ldc),
                ldc: self.ldc as isize,
            };
            // SAFETY: A and B are local copies; the C block is inside C (ldc checked) and the
            // blocks of different work-groups do not overlap.
            unsafe { T::gemm_tile(&t) };
        }
    }
}

/// Checks the shared part of a symm/hemm/trmm call and queues it.
///
/// # Safety
/// The C API's contract for the call's pointers.
#[allow(clippy::too_many_arguments)] // the routines' own arguments
unsafe fn square<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    shape: Shape,
    (side, uplo): (Side, Fill),
    (m, n, batch_count): (i64, i64, i64),
    (alpha, beta): (*const T, Option<*const T>),
    (a, lda, b, ldb, c, ldc): (Batch<T>, i64, Batch<T>, i64, Batch<T>, i64),
) -> Result<()> {
    if side == Side::Both || uplo == Fill::Full {
        return fail(
            Status::InvalidValue,
            "side left or right and a lower or upper triangle",
        );
    }
    non_negative(&[("m", m), ("n", n), ("batch_count", batch_count)])?;
    holds("lda", lda, if side == Side::Left { m } else { n })?;
    holds("ldb", ldb, m)?;
    holds("ldc", ldc, m)?;
    if m == 0 || n == 0 || batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(alpha, mode, "alpha")? };
    let beta = match beta {
        // SAFETY: as above.
        Some(p) => unsafe { Scalar::from_ptr(p, mode, "beta")? },
        None => Scalar::Value(T::ZERO),
    };
    let no_product = alpha.known() == Some(T::ZERO);
    if no_product && beta.known() == Some(T::ONE) {
        return Ok(());
    }
    if c.is_null() {
        return fail(Status::InvalidPointer, "C is a null pointer");
    }
    if !no_product && (a.is_null() || b.is_null()) {
        return fail(Status::InvalidPointer, "A or B is a null pointer");
    }
    if matches!(shape, Shape::Triangular { .. }) && base(&b) == base(&c) && ldb != ldc {
        return fail(
            Status::InvalidSize,
            "C is B: it must then have ldb's leading dimension",
        );
    }
    let (m, n) = (m as usize, n as usize);
    let rhs = if side == Side::Left { n } else { m };
    // Blocks of at least 16 columns (rows), at most 64 per batch member.
    let blocks = rhs.div_ceil(16).clamp(1, 64);
    let batch = batch_count as usize;
    let work = SquareWork {
        shape,
        left: side == Side::Left,
        lower: uplo == Fill::Lower,
        m,
        n,
        alpha,
        a,
        lda: lda as usize,
        b,
        ldb: ldb as usize,
        beta,
        c,
        ldc: ldc as usize,
        batch,
        blocks,
    };
    let groups = blocks.saturating_mul(batch).min(MAX_GROUPS);
    launcher.launch(groups as u32, &work)
}

/// `rocblas_<t>symm`, `_strided_batched` and `_batched`: A symmetric.
///
/// # Safety
/// The C API's contract: alpha and beta readable now (host mode) or when the kernel runs
/// (device mode); A, B and C cover their sizes and leading dimensions.
pub unsafe fn symm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Symm<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symm_or_hemm(launcher, mode, s, Shape::Symmetric) }
}

/// `rocblas_<t>hemm` (c and z), `_strided_batched` and `_batched`: A Hermitian (its
/// diagonal's imaginary parts are not read).
///
/// # Safety
/// As [`symm`].
pub unsafe fn hemm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Symm<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symm_or_hemm(launcher, mode, s, Shape::Hermitian) }
}

/// # Safety
/// As [`symm`].
unsafe fn symm_or_hemm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    s: &Symm<T>,
    shape: Shape,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe {
        square(
            launcher,
            mode,
            shape,
            (s.side, s.uplo),
            (s.m, s.n, s.batch_count),
            (s.alpha, Some(s.beta)),
            (s.a, s.lda, s.b, s.ldb, s.c, s.ldc),
        )
    }
}

/// `rocblas_<t>trmm`, `_strided_batched` and `_batched`: `C = alpha op(A) B` or
/// `alpha B op(A)`, A triangular.
///
/// # Safety
/// The C API's contract: alpha readable now (host mode) or when the kernel runs (device
/// mode); A, B and C cover their sizes and leading dimensions.
pub unsafe fn trmm<T: Element, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    t: &Trmm<T>,
) -> Result<()> {
    let shape = Shape::Triangular {
        trans: t.trans_a,
        unit: t.diag == Diagonal::Unit,
    };
    // SAFETY: forwarded caller contract.
    unsafe {
        square(
            launcher,
            mode,
            shape,
            (t.side, t.uplo),
            (t.m, t.n, t.batch_count),
            (t.alpha, None),
            (t.a, t.lda, t.b, t.ldb, t.c, t.ldc),
        )
    }
}
