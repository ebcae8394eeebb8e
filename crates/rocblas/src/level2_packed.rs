//! Level 2 on packed matrices: `spmv`/`hpmv`, `tpmv`/`tpsv` and the rank updates
//! `spr`/`hpr`/`spr2`/`hpr2`, in the types rocBLAS has them, plain, strided-batched and
//! batched, checked as rocBLAS checks them. The rank-update kernel here also serves the full
//! matrices' `syr2`/`her2` (level2_rank2.rs).
//!
//! A packed matrix is the `uplo` triangle of an `n x n` matrix stored column after column with
//! nothing between them (BLAS's layout): `n (n + 1) / 2` elements, (i, j) at `i + j (j + 1) / 2`
//! (upper) or `i + j (2n - j - 1) / 2` (lower).
//!
//! `spmv`/`hpmv` split y into pieces, the rank updates the columns of A; `tpmv` and `tpsv` run
//! one work-group per batch member, serially along the vector, as `trmv` and `trsv` do
//! (level2.rs says why), over the same substitution code.

use crate::kernel::{split, Launcher, Scalar, Work};
use crate::level2::{
    conj_if, groups, increments, negative, not_null, pieces, store, symmetric_row, triangle,
    triangular_multiply, triangular_solve, Field, Stored, Vector,
};
use crate::level3::Batch;
use crate::types::{fail, Diagonal, Fill, Operation, PointerMode, Result, Status};
use std::ops::Range;

/// Elements of a packed `n x n` triangle; `invalid_size` if the count overflows (no memory
/// could hold such a matrix).
fn packed_len(n: i64) -> Result<usize> {
    let n = n as u64;
    match n.checked_mul(n + 1) {
        Some(v) if v / 2 <= isize::MAX as u64 => Ok((v / 2) as usize),
        _ => fail(
            Status::InvalidSize,
            format!("a packed {n} x {n} triangle has more elements than memory can hold"),
        ),
    }
}

/// Where column j of a packed `uplo` triangle of order n starts.
fn column_start(upper: bool, n: usize, j: usize) -> usize {
    if upper {
        j * (j + 1) / 2
    } else {
        // Columns 0..j hold n, n - 1, ..., n - j + 1 elements.
        j * (2 * n - j + 1) / 2
    }
}

/// The `uplo` triangle of an `n x n` matrix in packed storage.
pub(crate) struct Packed<'a, T> {
    ap: &'a [T],
    n: usize,
    upper: bool,
}

impl<T: Copy> Stored<T> for Packed<'_, T> {
    fn upper(&self) -> bool {
        self.upper
    }
    fn column(&self, j: usize) -> (Range<usize>, &[T]) {
        let s = column_start(self.upper, self.n, j);
        if self.upper {
            (0..j, &self.ap[s..s + j])
        } else {
            (j + 1..self.n, &self.ap[s + 1..s + self.n - j])
        }
    }
    fn diagonal(&self, j: usize) -> T {
        let s = column_start(self.upper, self.n, j);
        self.ap[if self.upper { s + j } else { s }]
    }
    fn row(&self, i: usize) -> Range<usize> {
        if self.upper {
            i + 1..self.n
        } else {
            0..i
        }
    }
}

/// The packed triangle at `p`, to read.
///
/// # Safety
/// `p` holds `n (n + 1) / 2` readable elements that nothing writes while the view lives.
unsafe fn packed<'a, T>(p: *const T, n: usize, uplo: Fill) -> Packed<'a, T> {
    Packed {
        // SAFETY: per the contract.
        ap: unsafe { std::slice::from_raw_parts(p, n * (n + 1) / 2) },
        n,
        upper: uplo == Fill::Upper,
    }
}

// ---------------------------------------------------------------------------------------------
// spmv, hpmv

/// The arguments of an `spmv`/`hpmv` call in rocBLAS's order: `y = alpha * A * x + beta * y`
/// with A `n x n` symmetric (Hermitian for `hpmv`), its `uplo` triangle packed.
#[derive(Clone, Copy)]
pub struct Spmv<T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: *const T,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `spmv`'s kernel; `HERM` is `hpmv`.
#[repr(C)]
#[derive(Clone, Copy)]
struct SpmvWork<T: Field, const HERM: bool> {
    uplo: Fill,
    n: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    x: Batch<T>,
    incx: isize,
    beta: Scalar<T>,
    y: Batch<T>,
    incy: isize,
    batch: usize,
    pieces: usize,
}

impl<T: Field, const HERM: bool> Work for SpmvWork<T, HERM> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if HERM { "hpmv" } else { "spmv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        if alpha == T::ZERO && beta == T::ONE {
            return;
        }
        let n = self.n;
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (r0, r1) = split(n, self.pieces, piece);
            let y = Vector::new(self.y.at(bi), n, self.incy);
            if alpha == T::ZERO {
                for i in r0..r1 {
                    // SAFETY: i is an entry of y, which the caller's memory covers.
                    unsafe { store(y.at(i), T::ZERO, beta) };
                }
                item += groups as usize;
                continue;
            }
            // SAFETY: the call was checked as rocBLAS checks it; the caller's AP holds the
            // packed triangle and x its n entries, and y overlaps neither.
            let (a, xs) = unsafe {
                let a = packed(self.a.at(bi), n, self.uplo);
                (a, Vector::new(self.x.at(bi), n, self.incx).read(n))
            };
            for i in r0..r1 {
                let s = symmetric_row(&a, HERM, &xs, 0, i);
                // SAFETY: i is an entry of y; pieces hold disjoint entries.
                unsafe { store(y.at(i), alpha * s, beta) };
            }
            item += groups as usize;
        }
    }
}

/// `y = alpha * A * x + beta * y` for a packed symmetric (Hermitian when HERM) A.
///
/// # Safety
/// As [`spmv`].
unsafe fn packed_mv<T: Field, const HERM: bool, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spmv<T>,
) -> Result<()> {
    triangle(g.uplo)?;
    negative(&[("n", g.n), ("batch_count", g.batch_count)])?;
    increments(&[("incx", g.incx), ("incy", g.incy)])?;
    if g.n == 0 || g.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(g.alpha, mode, "alpha")? };
    // SAFETY: as above.
    let beta = unsafe { Scalar::from_ptr(g.beta, mode, "beta")? };
    if alpha.known() == Some(T::ZERO) && beta.known() == Some(T::ONE) {
        return Ok(());
    }
    let reads = alpha.known() != Some(T::ZERO);
    not_null(&[
        ("y", g.y.is_null()),
        ("AP", reads && g.a.is_null()),
        ("x", reads && g.x.is_null()),
    ])?;
    packed_len(g.n)?;
    let (n, batch) = (g.n as usize, g.batch_count as usize);
    let pieces = pieces(n, n, 16);
    let work = SpmvWork::<T, HERM> {
        uplo: g.uplo,
        n,
        alpha,
        a: g.a,
        x: g.x,
        incx: g.incx as isize,
        beta,
        y: g.y,
        incy: g.incy as isize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

/// `rocblas_<s|d>spmv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y`, A
/// symmetric, its `uplo` triangle packed.
///
/// # Safety
/// The pointers are what the C API says: alpha and beta readable now (host mode) or when the
/// kernel runs (device mode); AP holds `n (n + 1) / 2` elements, x and y their entries at their
/// increments, and y overlaps neither AP nor x.
pub unsafe fn spmv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spmv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { packed_mv::<T, false, L>(launcher, mode, g) }
}

/// `rocblas_<c|z>hpmv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y`, A
/// Hermitian, its `uplo` triangle packed (the diagonal's imaginary parts ignored).
///
/// # Safety
/// As [`spmv`].
pub unsafe fn hpmv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spmv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { packed_mv::<T, true, L>(launcher, mode, g) }
}

// ---------------------------------------------------------------------------------------------
// tpmv, tpsv

/// The arguments of a `tpmv` or `tpsv` call in rocBLAS's order: `x = op(A) * x` or solve
/// `op(A) * x = b` in place, A `n x n` triangular, its `uplo` triangle packed (with a unit
/// diagonal, the diagonal is not read).
#[derive(Clone, Copy)]
pub struct Tpmv<T> {
    pub uplo: Fill,
    pub trans: Operation,
    pub diag: Diagonal,
    pub n: i64,
    pub a: Batch<T>,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
}

/// The arguments of a `tpsv` call: the same as `tpmv`'s.
pub type Tpsv<T> = Tpmv<T>;

/// The kernel of `tpmv`, or of `tpsv` when `SOLVE`: one work-group per batch member.
#[repr(C)]
#[derive(Clone, Copy)]
struct TriangularPackedWork<T: Field, const SOLVE: bool> {
    uplo: Fill,
    trans: Operation,
    diag: Diagonal,
    n: usize,
    a: Batch<T>,
    x: Batch<T>,
    incx: isize,
    batch: usize,
}

impl<T: Field, const SOLVE: bool> Work for TriangularPackedWork<T, SOLVE> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if SOLVE { "tpsv" } else { "tpmv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let n = self.n;
        let mut bi = group as usize;
        while bi < self.batch {
            let x = Vector::new(self.x.at(bi), n, self.incx);
            // SAFETY: the call was checked as rocBLAS checks it; the caller's AP holds the
            // packed triangle and x its n entries, and they do not overlap.
            let (a, mut xs) = unsafe { (packed(self.a.at(bi), n, self.uplo), x.gather(n)) };
            if SOLVE {
                triangular_solve(&a, self.trans, self.diag, &mut xs);
            } else {
                triangular_multiply(&a, self.trans, self.diag, &mut xs);
            }
            // SAFETY: as above; one work-group per batch member.
            unsafe { x.scatter(&xs) };
            bi += groups as usize;
        }
    }
}

/// `x = op(A) * x` or solve `op(A) * x = b` for a packed triangular A, checked as rocBLAS
/// checks them.
///
/// # Safety
/// As [`tpmv`].
unsafe fn triangular_packed<T: Field, const SOLVE: bool, L: Launcher>(
    launcher: &L,
    t: &Tpmv<T>,
) -> Result<()> {
    triangle(t.uplo)?;
    negative(&[("n", t.n), ("batch_count", t.batch_count)])?;
    increments(&[("incx", t.incx)])?;
    if t.n == 0 || t.batch_count == 0 {
        return Ok(());
    }
    not_null(&[("AP", t.a.is_null()), ("x", t.x.is_null())])?;
    packed_len(t.n)?;
    let batch = t.batch_count as usize;
    let work = TriangularPackedWork::<T, SOLVE> {
        uplo: t.uplo,
        trans: t.trans,
        diag: t.diag,
        n: t.n as usize,
        a: t.a,
        x: t.x,
        incx: t.incx as isize,
        batch,
    };
    launcher.launch(groups(1, batch), &work)
}

/// `rocblas_<t>tpmv`, `_strided_batched` and `_batched`: `x = op(A) * x` for a packed
/// triangular A. One work-group per batch member (as `trmv`).
///
/// # Safety
/// AP holds `n (n + 1) / 2` elements and x its n entries at its increment, and they do not
/// overlap.
pub unsafe fn tpmv<T: Field, L: Launcher>(launcher: &L, t: &Tpmv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular_packed::<T, false, L>(launcher, t) }
}

/// `rocblas_<t>tpsv`, `_strided_batched` and `_batched`: solves `op(A) * x = b` for a packed
/// triangular A, x holding b on entry. One work-group per batch member (as `trsv`).
///
/// # Safety
/// As [`tpmv`].
pub unsafe fn tpsv<T: Field, L: Launcher>(launcher: &L, t: &Tpsv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular_packed::<T, true, L>(launcher, t) }
}

// ---------------------------------------------------------------------------------------------
// Rank updates: spr, hpr, spr2, hpr2 (and syr2, her2 over full storage)

/// The arguments of an `spr`/`hpr` call in rocBLAS's order: `A = alpha * x * x^T + A` (`x^H`
/// for `hpr`) on the packed `uplo` triangle. `S` is alpha's type: `T` for `spr`, the real type
/// for `hpr` (see [`Hpr`]).
#[derive(Clone, Copy)]
pub struct Spr<T, S = T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const S,
    pub x: Batch<T>,
    pub incx: i64,
    pub a: Batch<T>,
    pub batch_count: i64,
}

/// The arguments of an `hpr` call: [`Spr`] with a real alpha.
pub type Hpr<T> = Spr<T, <T as Field>::RealScalar>;

/// The arguments of an `spr2`/`hpr2` call in rocBLAS's order: `A = alpha * x * y^T +
/// alpha * y * x^T + A` (`alpha * x * y^H + conj(alpha) * y * x^H + A` for `hpr2`) on the packed
/// `uplo` triangle.
#[derive(Clone, Copy)]
pub struct Spr2<T> {
    pub uplo: Fill,
    pub n: i64,
    pub alpha: *const T,
    pub x: Batch<T>,
    pub incx: i64,
    pub y: Batch<T>,
    pub incy: i64,
    pub a: Batch<T>,
    pub batch_count: i64,
}

/// Any rank update's arguments: `y` only for the rank-2 ones, `lda` only for full storage.
pub(crate) struct Update<T, S> {
    pub(crate) uplo: Fill,
    pub(crate) n: i64,
    pub(crate) alpha: *const S,
    pub(crate) x: Batch<T>,
    pub(crate) incx: i64,
    pub(crate) y: Option<(Batch<T>, i64)>,
    pub(crate) a: Batch<T>,
    pub(crate) lda: Option<i64>,
    pub(crate) batch_count: i64,
}

/// The rank-update kernel over columns of A: `TWO` for rank 2 (x and y), `HERM` for the
/// Hermitian forms (conjugates, a real diagonal), `PACKED` for packed storage (else full, with
/// leading dimension `lda`).
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct UpdateWork<
    T: Field,
    S: Copy,
    const TWO: bool,
    const HERM: bool,
    const PACKED: bool,
> {
    uplo: Fill,
    n: usize,
    alpha: Scalar<S>,
    x: Batch<T>,
    incx: isize,
    y: Batch<T>,
    incy: isize,
    a: Batch<T>,
    lda: usize,
    batch: usize,
    /// Pieces of A's columns per batch member.
    pieces: usize,
}

impl<T, S, const TWO: bool, const HERM: bool, const PACKED: bool> Work
    for UpdateWork<T, S, TWO, HERM, PACKED>
where
    T: Field,
    S: Copy + Send + Into<T> + 'static,
{
    fn name() -> String {
        let which = match (PACKED, HERM, TWO) {
            (true, false, false) => "spr",
            (true, true, false) => "hpr",
            (true, false, true) => "spr2",
            (true, true, true) => "hpr2",
            (false, false, _) => "syr2",
            (false, true, _) => "her2",
        };
        format!("rocblas_{}{which}", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let alpha: T = self.alpha.get().into();
        if alpha == T::ZERO {
            return;
        }
        let n = self.n;
        let upper = self.uplo == Fill::Upper;
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (c0, c1) = split(n, self.pieces, piece);
            let base = self.a.at(bi) as *mut T;
            // SAFETY: the call was checked as rocBLAS checks it; x (and y) have n entries and
            // overlap not A.
            let (xs, ys) = unsafe {
                let xs = Vector::new(self.x.at(bi), n, self.incx).read(n);
                let ys = if TWO {
                    Some(Vector::new(self.y.at(bi), n, self.incy).read(n))
                } else {
                    None
                };
                (xs, ys)
            };
            for j in c0..c1 {
                let rows = if upper { 0..j + 1 } else { j..n };
                let first = if PACKED {
                    column_start(upper, n, j)
                } else {
                    rows.start + j * self.lda
                };
                // SAFETY: rows of column j inside the stored triangle, which the caller's A
                // covers; pieces hold disjoint columns and nothing else touches A.
                let col =
                    unsafe { std::slice::from_raw_parts_mut(base.wrapping_add(first), rows.len()) };
                let xr = &xs[rows.clone()];
                match &ys {
                    Some(ys) => {
                        // alpha x y^T + alpha y x^T, or alpha x y^H + conj(alpha) y x^H.
                        let t1 = alpha * conj_if(HERM, ys[j]);
                        let t2 = conj_if(HERM, alpha) * conj_if(HERM, xs[j]);
                        for ((aij, &xi), &yi) in col.iter_mut().zip(xr).zip(&ys[rows.clone()]) {
                            *aij = *aij + xi * t1 + yi * t2;
                        }
                    }
                    None => {
                        let t = alpha * conj_if(HERM, xs[j]);
                        for (aij, &xi) in col.iter_mut().zip(xr) {
                            *aij = *aij + xi * t;
                        }
                    }
                }
                if HERM {
                    // BLAS's Hermitian updates leave the diagonal real.
                    let d = &mut col[j - rows.start];
                    *d = d.real_only();
                }
            }
            item += groups as usize;
        }
    }
}

/// A rank update, checked as rocBLAS checks it (see [`UpdateWork`] for the flags).
///
/// # Safety
/// alpha readable now (host mode) or when the kernel runs (device mode); A covers its stored
/// triangle (packed, or full with leading dimension lda), x and y their n entries at their
/// increments, and A overlaps neither vector.
pub(crate) unsafe fn update<T, S, const TWO: bool, const HERM: bool, const PACKED: bool, L>(
    launcher: &L,
    mode: PointerMode,
    u: &Update<T, S>,
) -> Result<()>
where
    T: Field,
    S: Copy + Send + Into<T> + 'static,
    L: Launcher,
{
    triangle(u.uplo)?;
    negative(&[("n", u.n), ("batch_count", u.batch_count)])?;
    increments(&[("incx", u.incx)])?;
    if let Some((_, incy)) = u.y {
        increments(&[("incy", incy)])?;
    }
    if let Some(lda) = u.lda {
        crate::level2::leading("lda", lda, u.n)?;
    }
    if u.n == 0 || u.batch_count == 0 {
        return Ok(());
    }
    // SAFETY: forwarded caller contract.
    let alpha = unsafe { Scalar::from_ptr(u.alpha, mode, "alpha")? };
    if alpha.known().map(Into::into) == Some(T::ZERO) {
        return Ok(());
    }
    let (y, incy) = u.y.unwrap_or((u.x, u.incx));
    not_null(&[
        ("A", u.a.is_null()),
        ("x", u.x.is_null()),
        ("y", y.is_null()),
    ])?;
    if PACKED {
        packed_len(u.n)?;
    }
    let (n, batch) = (u.n as usize, u.batch_count as usize);
    let pieces = pieces(n, n.div_ceil(2), 1);
    let work = UpdateWork::<T, S, TWO, HERM, PACKED> {
        uplo: u.uplo,
        n,
        alpha,
        x: u.x,
        incx: u.incx as isize,
        y,
        incy: incy as isize,
        a: u.a,
        lda: u.lda.unwrap_or(0) as usize,
        batch,
        pieces,
    };
    launcher.launch(groups(pieces, batch), &work)
}

impl<T: Copy, S> Spr<T, S> {
    fn update(&self) -> Update<T, S> {
        Update {
            uplo: self.uplo,
            n: self.n,
            alpha: self.alpha,
            x: self.x,
            incx: self.incx,
            y: None,
            a: self.a,
            lda: None,
            batch_count: self.batch_count,
        }
    }
}

impl<T: Copy> Spr2<T> {
    fn update(&self) -> Update<T, T> {
        Update {
            uplo: self.uplo,
            n: self.n,
            alpha: self.alpha,
            x: self.x,
            incx: self.incx,
            y: Some((self.y, self.incy)),
            a: self.a,
            lda: None,
            batch_count: self.batch_count,
        }
    }
}

/// `rocblas_<t>spr`, `_strided_batched` and `_batched`: `A = alpha * x * x^T + A` on the packed
/// `uplo` triangle.
///
/// # Safety
/// The pointers are what the C API says: alpha readable now (host mode) or when the kernel
/// runs (device mode); AP holds `n (n + 1) / 2` elements and x its n entries at its increment,
/// and they do not overlap.
pub unsafe fn spr<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spr<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T, false, false, true, L>(launcher, mode, &g.update()) }
}

/// `rocblas_<c|z>hpr`, `_strided_batched` and `_batched`: `A = alpha * x * x^H + A` on the
/// packed `uplo` triangle, alpha real; the diagonal is left real.
///
/// # Safety
/// As [`spr`].
pub unsafe fn hpr<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Hpr<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T::RealScalar, false, true, true, L>(launcher, mode, &g.update()) }
}

/// `rocblas_<s|d>spr2`, `_strided_batched` and `_batched`: `A = alpha * x * y^T +
/// alpha * y * x^T + A` on the packed `uplo` triangle.
///
/// # Safety
/// As [`spr`], with y like x.
pub unsafe fn spr2<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spr2<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T, true, false, true, L>(launcher, mode, &g.update()) }
}

/// `rocblas_<c|z>hpr2`, `_strided_batched` and `_batched`: `A = alpha * x * y^H +
/// conj(alpha) * y * x^H + A` on the packed `uplo` triangle; the diagonal is left real.
///
/// # Safety
/// As [`spr2`].
pub unsafe fn hpr2<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Spr2<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { update::<T, T, true, true, true, L>(launcher, mode, &g.update()) }
}
