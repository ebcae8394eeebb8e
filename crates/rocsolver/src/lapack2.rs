//! More one-matrix algorithms with LAPACK's semantics, run by one work-group: the inverse from
//! LU factors (`getri`), Q from QR reflectors (`orgqr` / `ungqr`), least squares and minimum
//! norm solutions (`gels`), the self-adjoint eigenproblem (`syevd` / `heevd`) and the singular
//! value decomposition (`gesvd`).
//!
//! The eigenproblem and the SVD are faer's (sequential, on a copy of the matrix); the others
//! are LAPACK's unblocked algorithms over the caller's memory, with faer's triangular solves.

use crate::lapack::{self, Field, View};
use faer::diag::Diag;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::evd::{self, ComputeEigenvectors};
use faer::linalg::svd::{self, ComputeSvdVectors};
use faer::linalg::triangular_solve as tri;
use faer::traits::math_utils::{conj, from_real, is_finite, real};
use faer::traits::ComplexField;
use faer::{Conj, Mat, Par};
use rocblas::{Element, Operation, C64};

/// The real type of `T`'s magnitudes: eigenvalues, singular values.
pub type Real<T> = <T as Element>::Real;

/// `x`'s real part as `T`'s real type.
fn real_part<T: Field>(x: T) -> Real<T> {
    Real::<T>::from_c64(C64::new(x.to_c64().re, 0.0))
}

/// `getri`: A^-1 from `getrf`'s factors A = P L U and pivots, overwriting them. Returns LAPACK's
/// info: 0, or the first `i` (1-based) with `U(i, i)` exactly zero, in which case A is left as
/// it was. The inverse solves A X = I with the factors (`getrs` on an identity), then copies X
/// over the factors.
///
/// # Safety
/// `a` is n x n over valid memory; `ipiv` holds n entries naming rows of A.
pub unsafe fn getri<T: Field>(a: View<T>, ipiv: &[i32]) -> i32 {
    let n = a.rows;
    for i in 0..n {
        // SAFETY: inside the matrix.
        if unsafe { a.get(i, i) } == T::ZERO {
            return i as i32 + 1;
        }
    }
    if n == 0 {
        return 0;
    }
    let mut x = Mat::<T>::identity(n, n);
    let xv = View {
        ptr: x.as_ptr_mut(),
        rows: n,
        cols: n,
        rs: 1,
        cs: x.col_stride() as usize,
    };
    // SAFETY: A and ipiv per the contract; X is a local n x n matrix.
    unsafe { lapack::getrs(Operation::None, a, ipiv, xv) };
    for j in 0..n {
        for i in 0..n {
            // SAFETY: inside the matrix.
            unsafe { a.set(i, j, x[(i, j)]) };
        }
    }
    0
}

/// `orgqr` / `ungqr` (LAPACK's `org2r` / `ung2r`): the m x n matrix Q made of the first n
/// columns of `H(1) H(2) ... H(k)`, `H(i) = I - tau(i) v v^H`, from `geqrf`'s reflectors in the
/// first k columns of A; Q overwrites A.
///
/// # Safety
/// `a` is m x n (m >= n >= k) over valid memory; `tau` holds k entries.
#[allow(clippy::needless_range_loop)] // the index names a row and column of the matrix as well
pub unsafe fn orgqr<T: Field>(a: View<T>, k: usize, tau: &[T]) {
    let (m, n) = (a.rows, a.cols);
    // Columns k.. start as the identity's.
    for j in k..n {
        for l in 0..m {
            let v = if l == j { T::ONE } else { T::ZERO };
            // SAFETY: inside the matrix.
            unsafe { a.set(l, j, v) };
        }
    }
    for i in (0..k).rev() {
        let t = tau[i];
        // H(i) on A(i.., i+1..) from the left, v = (1, A(i+1.., i)).
        for c in i + 1..n {
            // SAFETY: inside the matrix.
            let mut w = unsafe { a.get(i, c) };
            for r in i + 1..m {
                // SAFETY: inside the matrix.
                w += conj(&unsafe { a.get(r, i) }) * unsafe { a.get(r, c) };
            }
            let w = t * w;
            // SAFETY: inside the matrix.
            unsafe { a.set(i, c, a.get(i, c) - w) };
            for r in i + 1..m {
                // SAFETY: inside the matrix.
                unsafe { a.set(r, c, a.get(r, c) - a.get(r, i) * w) };
            }
        }
        // Column i of Q: H(i) e_i.
        let minus_t = T::ZERO - t;
        for r in i + 1..m {
            // SAFETY: inside the matrix.
            unsafe { a.set(r, i, minus_t * a.get(r, i)) };
        }
        // SAFETY: inside the matrix.
        unsafe { a.set(i, i, T::ONE - t) };
        for l in 0..i {
            // SAFETY: inside the matrix.
            unsafe { a.set(l, i, T::ZERO) };
        }
    }
}

/// B := Q^H B (`adjoint`) or Q B, with `Q = H(1) ... H(k)` from `geqrf`'s reflectors in the
/// columns of `a` (LAPACK's `unm2r` from the left). B has as many rows as `a`.
///
/// # Safety
/// `a` and `b` cover their rows and columns and do not overlap; `tau` holds `a.cols` entries.
unsafe fn apply_q<T: Field>(a: View<T>, tau: &[T], b: View<T>, adjoint: bool) {
    let (m, k) = (a.rows, a.cols);
    let order: Box<dyn Iterator<Item = usize>> = if adjoint {
        Box::new(0..k)
    } else {
        Box::new((0..k).rev())
    };
    for i in order {
        let t = if adjoint { conj(&tau[i]) } else { tau[i] };
        for c in 0..b.cols {
            // SAFETY: inside both matrices.
            let mut w = unsafe { b.get(i, c) };
            for r in i + 1..m {
                // SAFETY: inside both matrices.
                w += conj(&unsafe { a.get(r, i) }) * unsafe { b.get(r, c) };
            }
            let w = t * w;
            // SAFETY: inside the matrix.
            unsafe { b.set(i, c, b.get(i, c) - w) };
            for r in i + 1..m {
                // SAFETY: inside both matrices.
                unsafe { b.set(r, c, b.get(r, c) - a.get(r, i) * w) };
            }
        }
    }
}

/// Conjugates every element of `a` in place (nothing for the real types).
///
/// # Safety
/// `a` covers its rows and columns.
unsafe fn conjugate<T: Field>(a: View<T>) {
    if <T as ComplexField>::IS_REAL {
        return;
    }
    for j in 0..a.cols {
        for i in 0..a.rows {
            // SAFETY: inside the matrix.
            unsafe { a.set(i, j, conj(&a.get(i, j))) };
        }
    }
}

/// `gels`: the least squares solution of an overdetermined op(A) X = B or the minimum norm
/// solution of an underdetermined one, op(A) = A or A^H (A^T for the real types,
/// `adjoint`). A (m x n) is overwritten by its QR factors (m >= n, as `geqrf`) or its LQ
/// factors (m < n, as LAPACK's `gelqf`); B (max(m, n) x nrhs) by X, and in the overdetermined
/// case rows past X by the residual's components, as LAPACK. Returns LAPACK's info: 0, or the
/// first `i` (1-based) with the triangular factor's `(i, i)` exactly zero (A rank deficient),
/// in which case B is left as it was (rocSOLVER's choice; LAPACK leaves it partly updated).
///
/// The LQ factors of A are the QR factors of A^H: A is conjugated in place, factored through
/// its transposed view, and conjugated back, which leaves L and the row reflectors where
/// `gelqf` puts them.
///
/// # Safety
/// `a` is m x n and `b` max(m, n) x nrhs, over valid memory that does not overlap.
pub unsafe fn gels<T: Field>(adjoint: bool, a: View<T>, b: View<T>) -> i32 {
    let (m, n, nrhs) = (a.rows, a.cols, b.cols);
    if nrhs == 0 {
        return 0;
    }
    if m == 0 || n == 0 {
        for j in 0..nrhs {
            for i in 0..m.max(n) {
                // SAFETY: inside B.
                unsafe { b.set(i, j, T::ZERO) };
            }
        }
        return 0;
    }
    let tall = m >= n;
    // P (p x q, p >= q) is A or A^H; P = Q R.
    let p_view = if tall {
        a
    } else {
        // SAFETY: per the contract.
        unsafe { conjugate(a) };
        a.transposed()
    };
    let (p, q) = (p_view.rows, p_view.cols);
    let mut tau = vec![T::ZERO; q];
    // SAFETY: per the contract.
    unsafe { lapack::geqrf(p_view, &mut tau) };
    let mut info = 0;
    for i in 0..q {
        // SAFETY: inside the matrix.
        if unsafe { p_view.get(i, i) } == T::ZERO {
            info = i as i32 + 1;
            break;
        }
    }
    if info == 0 {
        // A X = B with A = P, or A^H X = B with A = P^H: least squares; otherwise minimum norm.
        let least_squares = tall != adjoint;
        let bp = View { rows: p, ..b };
        if least_squares {
            // R X = (Q^H B)(0..q).
            // SAFETY: P and B per the contract.
            unsafe { apply_q(p_view, &tau, bp, true) };
            // SAFETY: R is the leading q x q block of P, only read; X the leading q rows of
            // B, apart from A.
            let (r, mut x) = unsafe { (p_view.faer(0..q, 0..q), b.faer(0..q, 0..nrhs)) };
            tri::solve_upper_triangular_in_place_with_conj(
                r.as_ref(),
                Conj::No,
                x.as_mut(),
                Par::Seq,
            );
        } else {
            // R^H Y = B(0..q), X = Q (Y, 0).
            {
                // SAFETY: as above.
                let (r, mut x) = unsafe { (p_view.faer(0..q, 0..q), b.faer(0..q, 0..nrhs)) };
                tri::solve_lower_triangular_in_place_with_conj(
                    r.as_ref().transpose(),
                    Conj::Yes,
                    x.as_mut(),
                    Par::Seq,
                );
            }
            for j in 0..nrhs {
                for i in q..p {
                    // SAFETY: inside B.
                    unsafe { b.set(i, j, T::ZERO) };
                }
            }
            // SAFETY: P and B per the contract.
            unsafe { apply_q(p_view, &tau, bp, false) };
        }
    }
    if !tall {
        // SAFETY: per the contract.
        unsafe { conjugate(a) };
    }
    info
}

/// Whether every element is finite. A NaN or infinity never converges, as in LAPACK: faer's own
/// answer for one depends on the host's SIMD path (its max over a NaN keeps either operand), and
/// on AVX2 it reported convergence.
fn all_finite<T: Field>(m: faer::MatRef<'_, T>) -> bool {
    (0..m.ncols()).all(|j| (0..m.nrows()).all(|i| is_finite(&m[(i, j)])))
}

/// `syevd` / `heevd`: the eigenvalues of the Hermitian matrix whose `upper` (or lower) triangle
/// A holds, ascending into `w`, and with `vectors` the orthonormal eigenvectors over A (column
/// j for `w[j]`); without them A is left as it was (LAPACK says destroyed). The referenced
/// triangle is mirrored into a full Hermitian copy (the diagonal's imaginary parts dropped, as
/// LAPACK) for faer's self-adjoint eigendecomposition. `e`, the caller's work array, is zeroed
/// (every off-diagonal element converged). Returns 0, or n when faer reports no convergence.
///
/// # Safety
/// `a` is n x n over valid memory; `w` and `e` hold n entries.
pub unsafe fn syevd<T: Field>(
    vectors: bool,
    upper: bool,
    a: View<T>,
    w: &mut [Real<T>],
    e: &mut [Real<T>],
) -> i32 {
    let n = a.rows;
    if n == 0 {
        return 0;
    }
    let h = Mat::<T>::from_fn(n, n, |i, j| {
        // SAFETY: inside the matrix.
        let at = |r: usize, c: usize| unsafe { a.get(r, c) };
        if i == j {
            from_real(&real(&at(i, i)))
        } else if (i < j) == upper {
            at(i, j)
        } else {
            conj(&at(j, i))
        }
    });
    if !all_finite(h.as_ref()) {
        return n as i32;
    }
    let mut s = Diag::<T>::zeros(n);
    let mut u = if vectors {
        Mat::<T>::zeros(n, n)
    } else {
        Mat::<T>::zeros(0, 0)
    };
    let compute = if vectors {
        ComputeEigenvectors::Yes
    } else {
        ComputeEigenvectors::No
    };
    let mut mem = MemBuffer::new(evd::self_adjoint_evd_scratch::<T>(
        n,
        compute,
        Par::Seq,
        Default::default(),
    ));
    let result = evd::self_adjoint_evd(
        h.as_ref(),
        s.as_mut(),
        vectors.then_some(u.as_mut()),
        Par::Seq,
        MemStack::new(&mut mem),
        Default::default(),
    );
    if result.is_err() {
        return n as i32;
    }
    let s = s.column_vector();
    for i in 0..n {
        w[i] = real_part(s[i]);
        e[i] = Real::<T>::ZERO;
    }
    if vectors {
        for j in 0..n {
            for i in 0..n {
                // SAFETY: inside the matrix.
                unsafe { a.set(i, j, u[(i, j)]) };
            }
        }
    }
    0
}

/// Which singular vectors `gesvd` computes, on one side (`rocblas_svect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SingularVectors {
    /// The whole square U (or V^H).
    All,
    /// The first min(m, n) columns of U (rows of V^H).
    Singular,
    /// As `Singular`, over the first columns (rows) of A.
    Overwrite,
    None,
}

impl SingularVectors {
    fn faer(self) -> ComputeSvdVectors {
        match self {
            SingularVectors::All => ComputeSvdVectors::Full,
            SingularVectors::Singular | SingularVectors::Overwrite => ComputeSvdVectors::Thin,
            SingularVectors::None => ComputeSvdVectors::No,
        }
    }
}

/// `gesvd`: A = U S V^H with faer's SVD. The singular values go to `s` (min(m, n), descending);
/// U to `u` (m x m for `All`, m x min(m, n) for `Singular`) or over A's first columns
/// (`Overwrite`); V^H to `vt` (n x n or min(m, n) x n) or over A's first rows. A is otherwise
/// left as it was (rocSOLVER says destroyed). `e`, the caller's work array (min(m, n) - 1
/// entries), is zeroed. Returns 0, or min(m, n) when faer reports no convergence.
///
/// # Safety
/// `a` is m x n over valid memory; `u` and `vt`, when given, cover the sizes above and overlap
/// nothing else; `s` holds min(m, n) entries, `e` min(m, n) - 1 (or none).
pub unsafe fn gesvd<T: Field>(
    left: SingularVectors,
    right: SingularVectors,
    a: View<T>,
    s: &mut [Real<T>],
    u: Option<View<T>>,
    vt: Option<View<T>>,
    e: &mut [Real<T>],
) -> i32 {
    let (m, n) = (a.rows, a.cols);
    let k = m.min(n);
    if k == 0 {
        // No singular values; the square factors of an empty side are identities.
        if let (SingularVectors::All, Some(u)) = (left, u) {
            for j in 0..m {
                for i in 0..m {
                    let v = if i == j { T::ONE } else { T::ZERO };
                    // SAFETY: inside U.
                    unsafe { u.set(i, j, v) };
                }
            }
        }
        if let (SingularVectors::All, Some(vt)) = (right, vt) {
            for j in 0..n {
                for i in 0..n {
                    let v = if i == j { T::ONE } else { T::ZERO };
                    // SAFETY: inside V^H.
                    unsafe { vt.set(i, j, v) };
                }
            }
        }
        return 0;
    }
    let (cu, cv) = (left.faer(), right.faer());
    let cols = |c: ComputeSvdVectors, full: usize| match c {
        ComputeSvdVectors::Full => full,
        ComputeSvdVectors::Thin => k,
        ComputeSvdVectors::No => 0,
    };
    let mut uf = Mat::<T>::zeros(m, cols(cu, m));
    let mut vf = Mat::<T>::zeros(n, cols(cv, n));
    let mut sf = Diag::<T>::zeros(k);
    let mut mem = MemBuffer::new(svd::svd_scratch::<T>(
        m,
        n,
        cu,
        cv,
        Par::Seq,
        Default::default(),
    ));
    let result = {
        // SAFETY: A per the contract, only read while the view lives.
        let av = unsafe { a.faer(0..m, 0..n) };
        if !all_finite(av.as_ref()) {
            return k as i32;
        }
        svd::svd(
            av.as_ref(),
            sf.as_mut(),
            (cu != ComputeSvdVectors::No).then_some(uf.as_mut()),
            (cv != ComputeSvdVectors::No).then_some(vf.as_mut()),
            Par::Seq,
            MemStack::new(&mut mem),
            Default::default(),
        )
    };
    if result.is_err() {
        return k as i32;
    }
    let sf = sf.column_vector();
    for i in 0..k {
        s[i] = real_part(sf[i]);
    }
    for x in e.iter_mut() {
        *x = Real::<T>::ZERO;
    }
    let left_out = match left {
        SingularVectors::All | SingularVectors::Singular => u,
        SingularVectors::Overwrite => Some(a),
        SingularVectors::None => None,
    };
    if let Some(out) = left_out {
        for j in 0..uf.ncols() {
            for i in 0..m {
                // SAFETY: inside U (or A's first k columns).
                unsafe { out.set(i, j, uf[(i, j)]) };
            }
        }
    }
    let right_out = match right {
        SingularVectors::All | SingularVectors::Singular => vt,
        SingularVectors::Overwrite => Some(a),
        SingularVectors::None => None,
    };
    if let Some(out) = right_out {
        for j in 0..n {
            for i in 0..vf.ncols() {
                // SAFETY: inside V^H (or A's first k rows).
                unsafe { out.set(i, j, conj(&vf[(j, i)])) };
            }
        }
    }
    0
}
