//! The factorizations and solves on one matrix, as LAPACK defines them (the same pivots, info
//! codes and Householder conventions), run by one work-group. Matrices are column-major views
//! over the caller's memory.
//!
//! LU and Cholesky work in panels of [`NB`] columns: the panel unblocked, then the rest of the
//! matrix with faer's triangular solve and product. QR is LAPACK's unblocked `geqr2`.

use faer::linalg::matmul::matmul_with_conj;
use faer::linalg::triangular_solve as tri;
use faer::traits::math_utils::{abs1, conj, from_real, real, recip, sqrt};
use faer::traits::ComplexField;
use faer::{Accum, Conj, MatMut, Par};
use rocblas::trsm::Solvable;
use rocblas::C64;

/// The element types of the solvers: f32, f64 and their complex kinds.
pub trait Field:
    Solvable
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Div<Output = Self>
{
}
impl<T> Field for T where
    T: Solvable + std::ops::Add<Output = T> + std::ops::Sub<Output = T> + std::ops::Div<Output = T>
{
}

/// Panel width of the blocked factorizations.
pub const NB: usize = 32;

/// A matrix over raw memory: element (i, j) at `ptr + i * rs + j * cs` (column-major with
/// leading dimension `ld` is `rs = 1, cs = ld`).
#[derive(Clone, Copy)]
pub struct View<T> {
    pub ptr: *mut T,
    pub rows: usize,
    pub cols: usize,
    pub rs: usize,
    pub cs: usize,
}

impl<T> View<T> {
    /// A column-major `rows x cols` matrix with leading dimension `ld`.
    pub fn col_major(ptr: *mut T, rows: usize, cols: usize, ld: usize) -> View<T> {
        View {
            ptr,
            rows,
            cols,
            rs: 1,
            cs: ld,
        }
    }

    /// The transposed view: rows and columns exchanged (no conjugation).
    pub fn transposed(self) -> View<T> {
        View {
            ptr: self.ptr,
            rows: self.cols,
            cols: self.rows,
            rs: self.cs,
            cs: self.rs,
        }
    }
}

impl<T: Field> View<T> {
    /// # Safety
    /// (i, j) is inside the view, whose memory is valid.
    unsafe fn at(&self, i: usize, j: usize) -> *mut T {
        // SAFETY: per the contract.
        unsafe { self.ptr.add(i * self.rs + j * self.cs) }
    }

    /// # Safety
    /// As [`View::at`].
    pub(crate) unsafe fn get(&self, i: usize, j: usize) -> T {
        // SAFETY: per the contract.
        unsafe { *self.at(i, j) }
    }

    /// # Safety
    /// As [`View::at`].
    pub(crate) unsafe fn set(&self, i: usize, j: usize, v: T) {
        // SAFETY: per the contract.
        unsafe { *self.at(i, j) = v }
    }

    /// Rows `r` and columns `c` as a faer view.
    ///
    /// # Safety
    /// The ranges lie inside the view; no other live reference overlaps the result.
    pub(crate) unsafe fn faer(
        &self,
        r: std::ops::Range<usize>,
        c: std::ops::Range<usize>,
    ) -> MatMut<'static, T> {
        // SAFETY: per the contract.
        unsafe {
            MatMut::from_raw_parts_mut(
                self.at(r.start, c.start),
                r.len(),
                c.len(),
                self.rs as isize,
                self.cs as isize,
            )
        }
    }

    /// # Safety
    /// As [`View::at`], for rows `a` and `b` over columns `cols`.
    unsafe fn swap_rows(&self, a: usize, b: usize, cols: std::ops::Range<usize>) {
        for j in cols {
            // SAFETY: per the contract.
            unsafe { std::ptr::swap(self.at(a, j), self.at(b, j)) };
        }
    }
}

/// The smallest positive normal number of `T`'s real type, below which LAPACK divides instead
/// of multiplying by the reciprocal.
fn sfmin<T: Field>() -> <T as ComplexField>::Real {
    faer::traits::math_utils::min_positive::<<T as ComplexField>::Real>()
}

/// `getrf` (`pivot`) or `getrf_npvt`: A = P L U in place; `ipiv` (1-based, `min(m, n)` entries)
/// gets the row interchanges. Returns LAPACK's info: 0, or the first `i` (1-based) with
/// `U(i, i)` exactly zero (the factorization still completes).
///
/// # Safety
/// `a` covers its rows and columns; `ipiv` holds `min(m, n)` entries.
#[allow(clippy::needless_range_loop)] // the index names a row of the matrix as well
pub unsafe fn getrf<T: Field>(a: View<T>, ipiv: &mut [i32], pivot: bool) -> i32 {
    let (m, n) = (a.rows, a.cols);
    let k = m.min(n);
    let mut info = 0;
    let mut j0 = 0;
    while j0 < k {
        let j1 = (j0 + NB).min(k);
        for j in j0..j1 {
            // The pivot: the first largest |re| + |im| in the column, as LAPACK's i?amax.
            let mut p = j;
            if pivot {
                // SAFETY: inside the matrix.
                let mut best = abs1(&unsafe { a.get(j, j) });
                for i in j + 1..m {
                    // SAFETY: inside the matrix.
                    let v = abs1(&unsafe { a.get(i, j) });
                    if v > best {
                        best = v;
                        p = i;
                    }
                }
            }
            ipiv[j] = p as i32 + 1;
            // SAFETY: inside the matrix.
            let piv = unsafe { a.get(p, j) };
            if piv != T::ZERO {
                if p != j {
                    // SAFETY: rows p and j of the panel.
                    unsafe { a.swap_rows(p, j, j0..j1) };
                }
                // SAFETY: inside the matrix.
                let d = unsafe { a.get(j, j) };
                if abs1(&d) >= sfmin::<T>() {
                    let r = recip(&d);
                    for i in j + 1..m {
                        // SAFETY: inside the matrix.
                        unsafe { a.set(i, j, a.get(i, j) * r) };
                    }
                } else {
                    for i in j + 1..m {
                        // SAFETY: inside the matrix.
                        unsafe { a.set(i, j, a.get(i, j) / d) };
                    }
                }
            } else if info == 0 {
                info = j as i32 + 1;
            }
            // The rank-1 update of the rest of the panel.
            for c in j + 1..j1 {
                // SAFETY: inside the matrix.
                let t = unsafe { a.get(j, c) };
                if t != T::ZERO {
                    for i in j + 1..m {
                        // SAFETY: inside the matrix.
                        unsafe { a.set(i, c, a.get(i, c) - a.get(i, j) * t) };
                    }
                }
            }
        }
        // The panel's interchanges on the columns either side of it.
        for j in j0..j1 {
            let p = ipiv[j] as usize - 1;
            if p != j {
                // SAFETY: rows p and j of the matrix.
                unsafe {
                    a.swap_rows(p, j, 0..j0);
                    a.swap_rows(p, j, j1..n);
                }
            }
        }
        if j1 < n {
            // U12 = L11^-1 A12, then A22 -= L21 U12.
            // SAFETY: disjoint blocks of the matrix.
            let (l11, mut a12) = unsafe { (a.faer(j0..j1, j0..j1), a.faer(j0..j1, j1..n)) };
            tri::solve_unit_lower_triangular_in_place_with_conj(
                l11.as_ref(),
                Conj::No,
                a12.as_mut(),
                Par::Seq,
            );
            if j1 < m {
                // SAFETY: as above.
                let (l21, a22) = unsafe { (a.faer(j1..m, j0..j1), a.faer(j1..m, j1..n)) };
                matmul_with_conj(
                    a22,
                    Accum::Add,
                    l21.as_ref(),
                    Conj::No,
                    a12.as_ref(),
                    Conj::No,
                    T::ZERO - T::ONE,
                    Par::Seq,
                );
            }
        }
        j0 = j1;
    }
    info
}

/// Applies the interchanges `ipiv[range]` (1-based) to the rows of `b`, forward or backward
/// (LAPACK's `laswp`).
///
/// # Safety
/// `b` covers its rows and columns; the pivots name rows of `b`.
pub unsafe fn laswp<T: Field>(b: View<T>, ipiv: &[i32], forward: bool) {
    let order: Box<dyn Iterator<Item = usize>> = if forward {
        Box::new(0..ipiv.len())
    } else {
        Box::new((0..ipiv.len()).rev())
    };
    for i in order {
        let p = ipiv[i] as usize - 1;
        if p != i {
            // SAFETY: per the contract.
            unsafe { b.swap_rows(i, p, 0..b.cols) };
        }
    }
}

/// `getrs`: solves op(A) X = B with A's LU factors from [`getrf`]; X overwrites B.
///
/// # Safety
/// `a` is n x n, `b` n x nrhs, `ipiv` n entries naming rows of A.
pub unsafe fn getrs<T: Field>(trans: rocblas::Operation, a: View<T>, ipiv: &[i32], b: View<T>) {
    let n = a.rows;
    if n == 0 || b.cols == 0 {
        return;
    }
    // SAFETY: per the contract; A is only read.
    let (lu, mut x) = unsafe { (a.faer(0..n, 0..n), b.faer(0..n, 0..b.cols)) };
    let lu = lu.as_ref();
    match trans {
        rocblas::Operation::None => {
            // SAFETY: per the contract.
            unsafe { laswp(b, ipiv, true) };
            tri::solve_unit_lower_triangular_in_place_with_conj(lu, Conj::No, x.as_mut(), Par::Seq);
            tri::solve_upper_triangular_in_place_with_conj(lu, Conj::No, x.as_mut(), Par::Seq);
        }
        op => {
            // op(A) = U^T L^T P^T (conjugated for C): solve with U^T, then L^T, then undo P.
            let c = if op == rocblas::Operation::ConjugateTranspose {
                Conj::Yes
            } else {
                Conj::No
            };
            let lu_t = lu.transpose();
            tri::solve_lower_triangular_in_place_with_conj(lu_t, c, x.as_mut(), Par::Seq);
            tri::solve_unit_upper_triangular_in_place_with_conj(lu_t, c, x.as_mut(), Par::Seq);
            // SAFETY: per the contract.
            unsafe { laswp(b, ipiv, false) };
        }
    }
}

/// `potrf` on the lower triangle: A = L L^H, L overwriting it; the upper triangle is not
/// touched. Returns LAPACK's info: 0, or the order of the first leading minor that is not
/// positive definite (the factorization stops there).
///
/// # Safety
/// `a` is n x n over valid memory.
pub unsafe fn potrf_lower<T: Field>(a: View<T>) -> i32 {
    let n = a.rows;
    let mut j0 = 0;
    while j0 < n {
        let j1 = (j0 + NB).min(n);
        for j in j0..j1 {
            // SAFETY: inside the matrix.
            let d = real(&unsafe { a.get(j, j) });
            let zero = real(&T::ZERO);
            // Not positive (or NaN): LAPACK stops with this column's order.
            if d.partial_cmp(&zero) != Some(std::cmp::Ordering::Greater) {
                return j as i32 + 1;
            }
            let djj = sqrt(&from_real::<T>(&d));
            // SAFETY: inside the matrix.
            unsafe { a.set(j, j, djj) };
            // Within the diagonal block; the rows below are solved for after it.
            let r = recip(&djj);
            for i in j + 1..j1 {
                // SAFETY: inside the matrix.
                unsafe { a.set(i, j, a.get(i, j) * r) };
            }
            // The rest of the diagonal block, lower triangle only.
            for c in j + 1..j1 {
                // SAFETY: inside the matrix.
                let t = conj(&unsafe { a.get(c, j) });
                for i in c..j1 {
                    // SAFETY: inside the matrix.
                    unsafe { a.set(i, c, a.get(i, c) - a.get(i, j) * t) };
                }
            }
        }
        if j1 < n {
            // L21 = A21 L11^-H: solve conj(L11) L21^T = A21^T.
            // SAFETY: disjoint blocks.
            let (l11, a21) = unsafe { (a.faer(j0..j1, j0..j1), a.faer(j1..n, j0..j1)) };
            tri::solve_lower_triangular_in_place_with_conj(
                l11.as_ref(),
                Conj::Yes,
                a21.transpose_mut(),
                Par::Seq,
            );
            // A22 -= L21 L21^H, lower triangle only: below the diagonal blocks with one
            // product, the diagonal blocks through a scratch copy.
            // SAFETY: L21, read only while A22 (disjoint) is written.
            let l21 = unsafe { a.faer(j1..n, j0..j1) };
            let mut c0 = j1;
            while c0 < n {
                let c1 = (c0 + NB).min(n);
                let lc = l21.as_ref().subrows(c0 - j1, c1 - c0);
                let mut diag = faer::Mat::<T>::zeros(c1 - c0, c1 - c0);
                matmul_with_conj(
                    diag.as_mut(),
                    Accum::Replace,
                    lc,
                    Conj::No,
                    lc.transpose(),
                    Conj::Yes,
                    T::ONE,
                    Par::Seq,
                );
                for c in c0..c1 {
                    for i in c..c1 {
                        // SAFETY: inside the matrix.
                        unsafe { a.set(i, c, a.get(i, c) - diag[(i - c0, c - c0)]) };
                    }
                }
                if c1 < n {
                    // SAFETY: a block of A22 below the diagonal block, apart from L21.
                    let below = unsafe { a.faer(c1..n, c0..c1) };
                    matmul_with_conj(
                        below,
                        Accum::Add,
                        l21.as_ref().subrows(c1 - j1, n - c1),
                        Conj::No,
                        lc.transpose(),
                        Conj::Yes,
                        T::ZERO - T::ONE,
                        Par::Seq,
                    );
                }
                c0 = c1;
            }
        }
        j0 = j1;
    }
    0
}

/// `potrf` for either triangle: the upper one factors as A = U^H U by running the lower
/// algorithm on A's transposed view (which is Hermitian positive definite when A is, and whose
/// lower factor is U^T).
///
/// # Safety
/// As [`potrf_lower`].
pub unsafe fn potrf<T: Field>(upper: bool, a: View<T>) -> i32 {
    // SAFETY: per the contract; the transposed view covers the same memory.
    unsafe { potrf_lower(if upper { a.transposed() } else { a }) }
}

/// `potrs`: solves A X = B with A's Cholesky factor from [`potrf`]; X overwrites B.
///
/// # Safety
/// `a` is n x n, `b` n x nrhs, over valid memory.
pub unsafe fn potrs<T: Field>(upper: bool, a: View<T>, b: View<T>) {
    let n = a.rows;
    if n == 0 || b.cols == 0 {
        return;
    }
    // SAFETY: per the contract; A is only read.
    let (f, mut x) = unsafe { (a.faer(0..n, 0..n), b.faer(0..n, 0..b.cols)) };
    let f = f.as_ref();
    if upper {
        // A = U^H U: U^H Y = B, then U X = Y.
        tri::solve_lower_triangular_in_place_with_conj(
            f.transpose(),
            Conj::Yes,
            x.as_mut(),
            Par::Seq,
        );
        tri::solve_upper_triangular_in_place_with_conj(f, Conj::No, x.as_mut(), Par::Seq);
    } else {
        // A = L L^H: L Y = B, then L^H X = Y.
        tri::solve_lower_triangular_in_place_with_conj(f, Conj::No, x.as_mut(), Par::Seq);
        tri::solve_upper_triangular_in_place_with_conj(
            f.transpose(),
            Conj::Yes,
            x.as_mut(),
            Par::Seq,
        );
    }
}

/// `geqrf` (LAPACK's `geqr2`): A = Q R, R in the upper triangle, Q as `min(m, n)` Householder
/// reflectors `H(i) = I - tau(i) v v^H` with `v(i) = 1` and `v(i+1..m)` below the diagonal, as
/// `larfg` makes them (`beta = -sign(re alpha) |(alpha, x)|`, real). The reflector is computed
/// in f64 complex and rounded once; LAPACK's rescaling of a tiny `beta` is not done.
///
/// # Safety
/// `a` covers its rows and columns; `tau` holds `min(m, n)` entries.
#[allow(clippy::needless_range_loop)] // the index names a row and column of the matrix as well
pub unsafe fn geqrf<T: Field>(a: View<T>, tau: &mut [T]) {
    let (m, n) = (a.rows, a.cols);
    for i in 0..m.min(n) {
        // SAFETY: inside the matrix.
        let alpha = unsafe { a.get(i, i) }.to_c64();
        let mut xnorm = 0.0f64;
        let mut scale = 0.0f64;
        for r in i + 1..m {
            // Scaled sum of squares, as LAPACK's nrm2: no overflow for large entries.
            // SAFETY: inside the matrix.
            let v = unsafe { a.get(r, i) }.to_c64();
            for part in [v.re, v.im] {
                let p = part.abs();
                if p > 0.0 {
                    if scale < p {
                        xnorm = 1.0 + xnorm * (scale / p) * (scale / p);
                        scale = p;
                    } else {
                        xnorm += (p / scale) * (p / scale);
                    }
                }
            }
        }
        let xnorm = scale * xnorm.sqrt();
        if xnorm == 0.0 && alpha.im == 0.0 {
            tau[i] = T::ZERO;
            continue;
        }
        let norm = (alpha.re.hypot(alpha.im)).hypot(xnorm);
        let beta = if alpha.re >= 0.0 { -norm } else { norm };
        let t = C64::new((beta - alpha.re) / beta, -alpha.im / beta);
        let s = T::from_c64(C64::new(1.0, 0.0) / (alpha - C64::new(beta, 0.0)));
        for r in i + 1..m {
            // SAFETY: inside the matrix.
            unsafe { a.set(r, i, a.get(r, i) * s) };
        }
        // SAFETY: inside the matrix.
        unsafe { a.set(i, i, T::from_c64(C64::new(beta, 0.0))) };
        let tau_i = T::from_c64(t);
        tau[i] = tau_i;
        // A(i.., i+1..) := (I - conj(tau) v v^H) A(i.., i+1..), v = (1, A(i+1.., i)).
        let ct = conj(&tau_i);
        for c in i + 1..n {
            // SAFETY: inside the matrix.
            let mut w = unsafe { a.get(i, c) };
            for r in i + 1..m {
                // SAFETY: inside the matrix.
                w += conj(&unsafe { a.get(r, i) }) * unsafe { a.get(r, c) };
            }
            let w = ct * w;
            // SAFETY: inside the matrix.
            unsafe { a.set(i, c, a.get(i, c) - w) };
            for r in i + 1..m {
                // SAFETY: inside the matrix.
                unsafe { a.set(r, c, a.get(r, c) - a.get(r, i) * w) };
            }
        }
    }
}
