//! Level 2 on band matrices: `gbmv`, `sbmv`/`hbmv`, `tbmv` and `tbsv` in the types rocBLAS has
//! them, plain, strided-batched and batched, checked as rocBLAS checks them.
//!
//! A band matrix is stored as BLAS stores it: column j of A holds its band's elements in one
//! column of a `(kl + ku + 1) x n` array (leading dimension `lda`), element (i, j) at row
//! `ku + i - j`; a symmetric or triangular band matrix with k diagonals beside the main one
//! keeps its `uplo` triangle, (i, j) at row `k + i - j` (upper) or `i - j` (lower).
//!
//! `gbmv` and `sbmv`/`hbmv` split y into pieces, each reading only the window of x its rows
//! reach. `tbmv` and `tbsv` run one work-group per batch member, serially along the vector, as
//! `trmv` and `trsv` do (level2.rs says why), over the same substitution code.

use crate::kernel::{split, Launcher, Scalar, Work};
use crate::level2::{
    dot, groups, increments, negative, not_null, pieces, store, symmetric_row, triangle,
    triangular_multiply, triangular_solve, Columns, Field, Stored, Vector,
};
use crate::level3::Batch;
use crate::types::{fail, Diagonal, Fill, Operation, PointerMode, Result, Status};
use std::ops::Range;

/// rocBLAS's rule for a band array's leading dimension: at least the band's `rows`.
fn band_leading(ld: i64, rows: i64) -> Result<()> {
    if ld < rows {
        return fail(
            Status::InvalidSize,
            format!("lda {ld} is less than the {rows} rows of the band"),
        );
    }
    Ok(())
}

/// The `uplo` triangle of an `n x n` band matrix with `k` diagonals beside the main one.
pub(crate) struct Band<'a, T> {
    a: Columns<'a, T>,
    n: usize,
    k: usize,
    upper: bool,
}

impl<T: Copy> Stored<T> for Band<'_, T> {
    fn upper(&self) -> bool {
        self.upper
    }
    fn column(&self, j: usize) -> (Range<usize>, &[T]) {
        if self.upper {
            let lo = j.saturating_sub(self.k);
            (lo..j, self.a.col(j, self.k - (j - lo)..self.k))
        } else {
            let hi = (j + self.k + 1).min(self.n);
            (j + 1..hi, self.a.col(j, 1..hi - j))
        }
    }
    fn diagonal(&self, j: usize) -> T {
        self.a.get(if self.upper { self.k } else { 0 }, j)
    }
    fn row(&self, i: usize) -> Range<usize> {
        if self.upper {
            i + 1..(i + self.k + 1).min(self.n)
        } else {
            i.saturating_sub(self.k)..i
        }
    }
}

// ---------------------------------------------------------------------------------------------
// gbmv

/// The arguments of a `gbmv` call in rocBLAS's order: `y = alpha * op(A) * x + beta * y` with A
/// `m x n`, `kl` diagonals below the main one and `ku` above, in band storage.
#[derive(Clone, Copy)]
pub struct Gbmv<T> {
    pub trans: Operation,
    pub m: i64,
    pub n: i64,
    pub kl: i64,
    pub ku: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: *const T,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct GbmvWork<T: Field> {
    trans: Operation,
    m: usize,
    n: usize,
    kl: usize,
    ku: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    beta: Scalar<T>,
    y: Batch<T>,
    incy: isize,
    batch: usize,
    /// Pieces of y per batch member.
    pieces: usize,
}

impl<T: Field> Work for GbmvWork<T> {
    fn name() -> String {
        format!("rocblas_{}gbmv", T::PREFIX)
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        if alpha == T::ZERO && beta == T::ONE {
            return; // device pointer mode's quick return, known only now
        }
        let (x_len, y_len) = match self.trans {
            Operation::None => (self.n, self.m),
            _ => (self.m, self.n),
        };
        let mut item = group as usize;
        while item < self.pieces.saturating_mul(self.batch) {
            let (bi, piece) = (item / self.pieces, item % self.pieces);
            let (r0, r1) = split(y_len, self.pieces, piece);
            let y = Vector::new(self.y.at(bi), y_len, self.incy);
            if alpha == T::ZERO {
                // A and x are not read: rocBLAS lets them be null here.
                for i in r0..r1 {
                    // SAFETY: i is an entry of y, which the caller's memory covers.
                    unsafe { store(y.at(i), T::ZERO, beta) };
                }
            } else {
                for (i, v) in (r0..r1).zip(self.piece(bi, x_len, r0..r1)) {
                    // SAFETY: i is an entry of y; pieces hold disjoint entries.
                    unsafe { store(y.at(i), alpha * v, beta) };
                }
            }
            item += groups as usize;
        }
    }
}

impl<T: Field> GbmvWork<T> {
    /// Entries `rows` of op(A) * x for batch member `bi`.
    fn piece(&self, bi: usize, x_len: usize, rows: Range<usize>) -> Vec<T> {
        let (kl, ku) = (self.kl, self.ku);
        // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers the
        // (kl + ku + 1) x n band with leading dimension lda, and y overlaps neither A nor x.
        let a = unsafe { Columns::new(self.a.at(bi), kl + ku + 1, self.n, self.lda) };
        let x = Vector::new(self.x.at(bi), x_len, self.incx);
        match self.trans {
            Operation::None => {
                // Column by column over the columns these rows reach, down each one's band.
                let cols = rows.start.saturating_sub(kl).min(self.n)..(rows.end + ku).min(self.n);
                // SAFETY: entries of x, which the caller's memory covers.
                let xs = unsafe { x.read_range(cols.clone()) };
                let mut acc = vec![T::ZERO; rows.len()];
                for (j, &xj) in cols.zip(xs.iter()) {
                    let lo = j.saturating_sub(ku).max(rows.start);
                    let hi = (j + kl + 1).min(rows.end);
                    if lo >= hi {
                        continue;
                    }
                    let band = a.col(j, ku + lo - j..ku + hi - j);
                    for (s, &aij) in acc[lo - rows.start..hi - rows.start].iter_mut().zip(band) {
                        *s = *s + aij * xj;
                    }
                }
                acc
            }
            trans => {
                // Entry j is column j's band against the entries of x it spans.
                let conj = trans == Operation::ConjugateTranspose;
                let window = rows.start.saturating_sub(ku).min(self.m)..(rows.end + kl).min(self.m);
                // SAFETY: entries of x, which the caller's memory covers.
                let xs = unsafe { x.read_range(window.clone()) };
                rows.map(|j| {
                    let lo = j.saturating_sub(ku).min(self.m);
                    let hi = (j + kl + 1).min(self.m);
                    if lo >= hi {
                        return T::ZERO;
                    }
                    let band = a.col(j, ku + lo - j..ku + hi - j);
                    dot(band, &xs[lo - window.start..hi - window.start], conj)
                })
                .collect()
            }
        }
    }
}

/// `rocblas_<t>gbmv`, `_strided_batched` and `_batched`: `y = alpha * op(A) * x + beta * y` for
/// a band A, checked as rocBLAS checks it and queued on `launcher`.
///
/// # Safety
/// The pointers are what the C API says: alpha and beta readable now (host mode) or when the
/// kernel runs (device mode); A covers its `(kl + ku + 1) x n` band with leading dimension lda,
/// x and y their entries at their increments, and y overlaps neither A nor x.
pub unsafe fn gbmv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Gbmv<T>,
) -> Result<()> {
    negative(&[
        ("m", g.m),
        ("n", g.n),
        ("kl", g.kl),
        ("ku", g.ku),
        ("batch_count", g.batch_count),
    ])?;
    band_leading(g.lda, g.kl.saturating_add(g.ku).saturating_add(1))?;
    increments(&[("incx", g.incx), ("incy", g.incy)])?;
    if g.m == 0 || g.n == 0 || g.batch_count == 0 {
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
        ("A", reads && g.a.is_null()),
        ("x", reads && g.x.is_null()),
    ])?;
    let (m, n, batch) = (g.m as usize, g.n as usize, g.batch_count as usize);
    let (kl, ku) = (g.kl as usize, g.ku as usize);
    let y_len = if g.trans == Operation::None { m } else { n };
    let pieces = pieces(y_len, (kl + ku + 1).min(m.max(n)), 64);
    let work = GbmvWork {
        trans: g.trans,
        m,
        n,
        kl,
        ku,
        alpha,
        a: g.a,
        lda: g.lda as usize,
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

// ---------------------------------------------------------------------------------------------
// sbmv, hbmv

/// The arguments of an `sbmv`/`hbmv` call in rocBLAS's order: `y = alpha * A * x + beta * y`
/// with A `n x n` symmetric (Hermitian for `hbmv`) with `k` diagonals beside the main one, its
/// `uplo` triangle in band storage.
#[derive(Clone, Copy)]
pub struct Sbmv<T> {
    pub uplo: Fill,
    pub n: i64,
    pub k: i64,
    pub alpha: *const T,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub beta: *const T,
    pub y: Batch<T>,
    pub incy: i64,
    pub batch_count: i64,
}

/// `sbmv`'s kernel; `HERM` is `hbmv`.
#[repr(C)]
#[derive(Clone, Copy)]
struct SbmvWork<T: Field, const HERM: bool> {
    uplo: Fill,
    n: usize,
    k: usize,
    alpha: Scalar<T>,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    beta: Scalar<T>,
    y: Batch<T>,
    incy: isize,
    batch: usize,
    pieces: usize,
}

impl<T: Field, const HERM: bool> Work for SbmvWork<T, HERM> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if HERM { "hbmv" } else { "sbmv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let (alpha, beta) = (self.alpha.get(), self.beta.get());
        if alpha == T::ZERO && beta == T::ONE {
            return;
        }
        let (n, k) = (self.n, self.k);
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
            let window = r0.saturating_sub(k)..(r1 + k).min(n);
            // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers the
            // (k + 1) x n band with leading dimension lda and x its n entries, and y overlaps
            // neither.
            let (a, xs) = unsafe {
                let a = Columns::new(self.a.at(bi), k + 1, n, self.lda);
                (
                    a,
                    Vector::new(self.x.at(bi), n, self.incx).read_range(window.clone()),
                )
            };
            let a = Band {
                a,
                n,
                k,
                upper: self.uplo == Fill::Upper,
            };
            for i in r0..r1 {
                let s = symmetric_row(&a, HERM, &xs, window.start, i);
                // SAFETY: i is an entry of y; pieces hold disjoint entries.
                unsafe { store(y.at(i), alpha * s, beta) };
            }
            item += groups as usize;
        }
    }
}

/// `y = alpha * A * x + beta * y` for a symmetric (Hermitian when HERM) band A.
///
/// # Safety
/// As [`sbmv`].
unsafe fn symmetric_band_mv<T: Field, const HERM: bool, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Sbmv<T>,
) -> Result<()> {
    triangle(g.uplo)?;
    negative(&[("n", g.n), ("k", g.k), ("batch_count", g.batch_count)])?;
    band_leading(g.lda, g.k.saturating_add(1))?;
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
        ("A", reads && g.a.is_null()),
        ("x", reads && g.x.is_null()),
    ])?;
    let (n, batch) = (g.n as usize, g.batch_count as usize);
    let k = g.k as usize;
    let pieces = pieces(n, k.min(n).saturating_mul(2) + 1, 16);
    let work = SbmvWork::<T, HERM> {
        uplo: g.uplo,
        n,
        k,
        alpha,
        a: g.a,
        lda: g.lda as usize,
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

/// `rocblas_<s|d>sbmv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y`, A a
/// symmetric band matrix stored by its `uplo` triangle.
///
/// # Safety
/// As [`gbmv`], for A's `(k + 1) x n` band.
pub unsafe fn sbmv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Sbmv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_band_mv::<T, false, L>(launcher, mode, g) }
}

/// `rocblas_<c|z>hbmv`, `_strided_batched` and `_batched`: `y = alpha * A * x + beta * y`, A a
/// Hermitian band matrix stored by its `uplo` triangle (the diagonal's imaginary parts
/// ignored).
///
/// # Safety
/// As [`gbmv`], for A's `(k + 1) x n` band.
pub unsafe fn hbmv<T: Field, L: Launcher>(
    launcher: &L,
    mode: PointerMode,
    g: &Sbmv<T>,
) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { symmetric_band_mv::<T, true, L>(launcher, mode, g) }
}

// ---------------------------------------------------------------------------------------------
// tbmv, tbsv

/// The arguments of a `tbmv` or `tbsv` call in rocBLAS's order: `x = op(A) * x` or solve
/// `op(A) * x = b` in place, A `n x n` triangular with `k` diagonals beside the main one in
/// band storage (with a unit diagonal, the diagonal is not read).
#[derive(Clone, Copy)]
pub struct Tbmv<T> {
    pub uplo: Fill,
    pub trans: Operation,
    pub diag: Diagonal,
    pub n: i64,
    pub k: i64,
    pub a: Batch<T>,
    pub lda: i64,
    pub x: Batch<T>,
    pub incx: i64,
    pub batch_count: i64,
}

/// The arguments of a `tbsv` call: the same as `tbmv`'s.
pub type Tbsv<T> = Tbmv<T>;

/// The kernel of `tbmv`, or of `tbsv` when `SOLVE`: one work-group per batch member.
#[repr(C)]
#[derive(Clone, Copy)]
struct TriangularBandWork<T: Field, const SOLVE: bool> {
    uplo: Fill,
    trans: Operation,
    diag: Diagonal,
    n: usize,
    k: usize,
    a: Batch<T>,
    lda: usize,
    x: Batch<T>,
    incx: isize,
    batch: usize,
}

impl<T: Field, const SOLVE: bool> Work for TriangularBandWork<T, SOLVE> {
    fn name() -> String {
        format!(
            "rocblas_{}{}",
            T::PREFIX,
            if SOLVE { "tbsv" } else { "tbmv" }
        )
    }

    fn run(&self, group: u32, groups: u32) {
        let (n, k) = (self.n, self.k);
        let mut bi = group as usize;
        while bi < self.batch {
            let x = Vector::new(self.x.at(bi), n, self.incx);
            // SAFETY: the call was checked as rocBLAS checks it; the caller's A covers the
            // (k + 1) x n band with leading dimension lda and x its n entries, and they do not
            // overlap.
            let (a, mut xs) =
                unsafe { (Columns::new(self.a.at(bi), k + 1, n, self.lda), x.gather(n)) };
            let a = Band {
                a,
                n,
                k,
                upper: self.uplo == Fill::Upper,
            };
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

/// `x = op(A) * x` or solve `op(A) * x = b` for a triangular band A, checked as rocBLAS checks
/// them.
///
/// # Safety
/// As [`tbmv`].
unsafe fn triangular_band<T: Field, const SOLVE: bool, L: Launcher>(
    launcher: &L,
    t: &Tbmv<T>,
) -> Result<()> {
    triangle(t.uplo)?;
    negative(&[("n", t.n), ("k", t.k), ("batch_count", t.batch_count)])?;
    band_leading(t.lda, t.k.saturating_add(1))?;
    increments(&[("incx", t.incx)])?;
    if t.n == 0 || t.batch_count == 0 {
        return Ok(());
    }
    not_null(&[("A", t.a.is_null()), ("x", t.x.is_null())])?;
    let (n, batch) = (t.n as usize, t.batch_count as usize);
    let work = TriangularBandWork::<T, SOLVE> {
        uplo: t.uplo,
        trans: t.trans,
        diag: t.diag,
        n,
        k: t.k as usize,
        a: t.a,
        lda: t.lda as usize,
        x: t.x,
        incx: t.incx as isize,
        batch,
    };
    launcher.launch(groups(1, batch), &work)
}

/// `rocblas_<t>tbmv`, `_strided_batched` and `_batched`: `x = op(A) * x` for a triangular band
/// A. One work-group per batch member (as `trmv`).
///
/// # Safety
/// A covers its `(k + 1) x n` band with leading dimension lda, x its n entries at its
/// increment, and they do not overlap.
pub unsafe fn tbmv<T: Field, L: Launcher>(launcher: &L, t: &Tbmv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular_band::<T, false, L>(launcher, t) }
}

/// `rocblas_<t>tbsv`, `_strided_batched` and `_batched`: solves `op(A) * x = b` for a
/// triangular band A, x holding b on entry. One work-group per batch member (as `trsv`).
///
/// # Safety
/// As [`tbmv`].
pub unsafe fn tbsv<T: Field, L: Launcher>(launcher: &L, t: &Tbsv<T>) -> Result<()> {
    // SAFETY: forwarded caller contract.
    unsafe { triangular_band::<T, true, L>(launcher, t) }
}
