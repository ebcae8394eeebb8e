//! One-matrix algorithms that compose the others, with LAPACK's semantics, run by one
//! work-group: the inverse from a Cholesky factor (`potri`), Q or Q^H from `geqrf`'s reflectors
//! applied to a matrix from either side (`ormqr` / `unmqr`), the generalized symmetric-definite
//! eigenproblem (`sygvd` / `hegvd`) and the square solve (`gesv`).
//!
//! `potri` and `sygvd` work on local copies with faer's triangular solves and products, then
//! write their results over the caller's memory; `ormqr` is LAPACK's unblocked `unm2r`.

use crate::lapack::{self, Field, View};
use crate::lapack2::{self, Real};
use faer::linalg::matmul::matmul_with_conj;
use faer::linalg::triangular_solve as tri;
use faer::traits::math_utils::{conj, from_real, real};
use faer::{Accum, Conj, Mat, MatRef, Par};
use rocblas::Operation;

/// `v`'s local `n x n` copy.
///
/// # Safety
/// `a` is at least n x n over valid memory.
unsafe fn copy<T: Field>(a: View<T>, n: usize) -> Mat<T> {
    // SAFETY: inside the matrix, per the contract.
    Mat::from_fn(n, n, |i, j| unsafe { a.get(i, j) })
}

/// The lower triangular L of a Cholesky factor held in `a`'s `upper` (A = U^H U, L = U^H) or
/// lower (A = L L^H) triangle, as a full local matrix with zeros above the diagonal.
///
/// # Safety
/// `a` is n x n over valid memory.
unsafe fn lower_factor<T: Field>(upper: bool, a: View<T>, n: usize) -> Mat<T> {
    Mat::from_fn(n, n, |i, j| {
        if i < j {
            T::ZERO
        } else if upper {
            // SAFETY: inside the matrix.
            conj(&unsafe { a.get(j, i) })
        } else {
            // SAFETY: inside the matrix.
            unsafe { a.get(i, j) }
        }
    })
}

/// `p := lhs * rhs`, each optionally conjugate-transposed.
fn product<T: Field>(lhs: MatRef<'_, T>, lhs_h: bool, rhs: MatRef<'_, T>, rhs_h: bool) -> Mat<T> {
    let (l, lc) = if lhs_h {
        (lhs.transpose(), Conj::Yes)
    } else {
        (lhs, Conj::No)
    };
    let (r, rc) = if rhs_h {
        (rhs.transpose(), Conj::Yes)
    } else {
        (rhs, Conj::No)
    };
    let mut p = Mat::<T>::zeros(l.nrows(), r.ncols());
    matmul_with_conj(p.as_mut(), Accum::Replace, l, lc, r, rc, T::ONE, Par::Seq);
    p
}

/// `potri`: A^-1 from `potrf`'s factor in the `upper` (A = U^H U) or lower (A = L L^H)
/// triangle, written over that triangle (A^-1 = L^-H L^-1, with a real diagonal); the other
/// triangle is not touched. Returns LAPACK's info: 0, or the first `i` (1-based) with the
/// factor's `(i, i)` exactly zero, in which case A is left as it was.
///
/// # Safety
/// `a` is n x n over valid memory.
pub unsafe fn potri<T: Field>(upper: bool, a: View<T>) -> i32 {
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
    // SAFETY: per the contract.
    let l = unsafe { lower_factor(upper, a, n) };
    let mut linv = Mat::<T>::identity(n, n);
    tri::solve_lower_triangular_in_place_with_conj(l.as_ref(), Conj::No, linv.as_mut(), Par::Seq);
    let inv = product(linv.as_ref(), true, linv.as_ref(), false);
    for j in 0..n {
        for i in 0..n {
            let keep = if upper { i <= j } else { i >= j };
            if keep {
                let v = if i == j {
                    from_real(&real(&inv[(i, j)]))
                } else {
                    inv[(i, j)]
                };
                // SAFETY: inside the matrix.
                unsafe { a.set(i, j, v) };
            }
        }
    }
    0
}

/// `ormqr` / `unmqr` (LAPACK's `orm2r` / `unm2r`): C := op(Q) C (`left`) or C op(Q), op(Q) = Q
/// or Q^H (`adjoint`, Q^T for the real types), `Q = H(1) H(2) ... H(k)` from `geqrf`'s
/// reflectors in the first k columns of `a` (m rows for the left side, n for the right, C being
/// m x n).
///
/// # Safety
/// `a` covers C's rows (left) or columns (right) by k columns, `c` its rows and columns, over
/// valid memory that does not overlap; `tau` holds k entries.
pub unsafe fn ormqr<T: Field>(left: bool, adjoint: bool, a: View<T>, tau: &[T], c: View<T>) {
    let k = tau.len();
    let nq = if left { c.rows } else { c.cols };
    // Q C and C Q^H apply H(k) first; Q^H C and C Q apply H(1) first.
    let order: Box<dyn Iterator<Item = usize>> = if left == adjoint {
        Box::new(0..k)
    } else {
        Box::new((0..k).rev())
    };
    for i in order {
        let t = if adjoint { conj(&tau[i]) } else { tau[i] };
        if left {
            // C(i.., :) -= t v (v^H C(i.., :)), v = (1, A(i+1.., i)).
            for col in 0..c.cols {
                // SAFETY: inside both matrices.
                let mut w = unsafe { c.get(i, col) };
                for r in i + 1..nq {
                    // SAFETY: inside both matrices.
                    w += conj(&unsafe { a.get(r, i) }) * unsafe { c.get(r, col) };
                }
                let w = t * w;
                // SAFETY: inside the matrix.
                unsafe { c.set(i, col, c.get(i, col) - w) };
                for r in i + 1..nq {
                    // SAFETY: inside both matrices.
                    unsafe { c.set(r, col, c.get(r, col) - a.get(r, i) * w) };
                }
            }
        } else {
            // C(:, i..) -= t (C(:, i..) v) v^H.
            for row in 0..c.rows {
                // SAFETY: inside both matrices.
                let mut w = unsafe { c.get(row, i) };
                for r in i + 1..nq {
                    // SAFETY: inside both matrices.
                    w += unsafe { c.get(row, r) * a.get(r, i) };
                }
                let w = t * w;
                // SAFETY: inside the matrix.
                unsafe { c.set(row, i, c.get(row, i) - w) };
                for r in i + 1..nq {
                    // SAFETY: inside both matrices.
                    unsafe { c.set(row, r, c.get(row, r) - w * conj(&a.get(r, i))) };
                }
            }
        }
    }
}

/// The form of a generalized eigenproblem (`rocblas_eform`, LAPACK's itype).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EigenForm {
    /// A x = lambda B x (itype 1).
    Ax,
    /// A B x = lambda x (itype 2).
    Abx,
    /// B A x = lambda x (itype 3).
    Bax,
}

/// `sygvd` / `hegvd`: the eigenvalues (ascending, into `w`) and with `vectors` the eigenvectors
/// (over A, B-orthonormal for `Ax` and `Abx`: X^H B X = I; X^H B^-1 X = I for `Bax`) of the
/// Hermitian-definite problem of `form`, A and B Hermitian in their `upper` (or lower)
/// triangles, B positive definite. As LAPACK: B's triangle is overwritten by its Cholesky
/// factor (`potrf`), the problem reduced to the standard one C y = lambda y (`sygst`: C =
/// L^-1 A L^-H, or L^H A L for `Abx` and `Bax`) and solved with [`lapack2::syevd`], and the
/// eigenvectors transformed back (X = L^-H Y, or L Y for `Bax`). Without vectors A's triangle
/// holds C's (LAPACK says destroyed). `e` (n entries) is syevd's work array.
///
/// Returns LAPACK's info: 0; `i <= n` when syevd did not converge; or `n + i` when B's leading
/// minor of order `i` is not positive definite (A then left as it was).
///
/// # Safety
/// `a` and `b` are n x n over valid memory that does not overlap; `w` and `e` hold n entries.
pub unsafe fn sygvd<T: Field>(
    form: EigenForm,
    vectors: bool,
    upper: bool,
    a: View<T>,
    b: View<T>,
    w: &mut [Real<T>],
    e: &mut [Real<T>],
) -> i32 {
    let n = a.rows;
    if n == 0 {
        return 0;
    }
    // SAFETY: per the contract.
    let info = unsafe { lapack::potrf(upper, b) };
    if info != 0 {
        return n as i32 + info;
    }
    // SAFETY: per the contract.
    let l = unsafe { lower_factor(upper, b, n) };
    // A's full Hermitian copy from its referenced triangle.
    // SAFETY: per the contract.
    let full = unsafe { copy(a, n) };
    let h = Mat::from_fn(n, n, |i, j| {
        if i == j {
            from_real(&real(&full[(i, i)]))
        } else if (i < j) == upper {
            full[(i, j)]
        } else {
            conj(&full[(j, i)])
        }
    });
    let c = match form {
        EigenForm::Ax => {
            // C = L^-1 A L^-H = L^-1 (L^-1 A)^H, A being Hermitian.
            let mut x = h;
            tri::solve_lower_triangular_in_place_with_conj(
                l.as_ref(),
                Conj::No,
                x.as_mut(),
                Par::Seq,
            );
            let mut y = Mat::from_fn(n, n, |i, j| conj(&x[(j, i)]));
            tri::solve_lower_triangular_in_place_with_conj(
                l.as_ref(),
                Conj::No,
                y.as_mut(),
                Par::Seq,
            );
            y
        }
        EigenForm::Abx | EigenForm::Bax => {
            let al = product(h.as_ref(), false, l.as_ref(), false);
            product(l.as_ref(), true, al.as_ref(), false)
        }
    };
    for j in 0..n {
        for i in 0..n {
            if if upper { i <= j } else { i >= j } {
                // SAFETY: inside the matrix.
                unsafe { a.set(i, j, c[(i, j)]) };
            }
        }
    }
    // SAFETY: per the contract.
    let info = unsafe { lapack2::syevd(vectors, upper, a, w, e) };
    if info != 0 || !vectors {
        return info;
    }
    // SAFETY: per the contract.
    let y = unsafe { copy(a, n) };
    let x = match form {
        EigenForm::Ax | EigenForm::Abx => {
            let mut x = y;
            tri::solve_upper_triangular_in_place_with_conj(
                l.as_ref().transpose(),
                Conj::Yes,
                x.as_mut(),
                Par::Seq,
            );
            x
        }
        EigenForm::Bax => product(l.as_ref(), false, y.as_ref(), false),
    };
    for j in 0..n {
        for i in 0..n {
            // SAFETY: inside the matrix.
            unsafe { a.set(i, j, x[(i, j)]) };
        }
    }
    0
}

/// `gesv`: A X = B through `getrf` (with pivoting; A overwritten by its factors, `ipiv` by the
/// pivots) and `getrs`. X goes to `x`, which may be B itself (rocSOLVER's `gesv`) or another
/// matrix (`gesv_outofplace`, B then left as it was). Returns LAPACK's info: 0, or the first
/// `i` (1-based) with `U(i, i)` exactly zero, in which case X is left as it was.
///
/// # Safety
/// `a` is n x n, `b` and `x` n x nrhs, over valid memory; A overlaps neither, and `x` is `b`
/// or apart from it; `ipiv` holds n entries.
pub unsafe fn gesv<T: Field>(a: View<T>, ipiv: &mut [i32], b: View<T>, x: View<T>) -> i32 {
    if a.rows == 0 {
        return 0;
    }
    // SAFETY: per the contract.
    let info = unsafe { lapack::getrf(a, ipiv, true) };
    if info == 0 {
        // SAFETY: per the contract.
        unsafe {
            copy_into(b, x);
            lapack::getrs(Operation::None, a, ipiv, x);
        }
    }
    info
}

/// Copies `from` over `to` (same size), nothing when they are the same matrix.
///
/// # Safety
/// Both cover their rows and columns; they are the same view or do not overlap.
unsafe fn copy_into<T: Field>(from: View<T>, to: View<T>) {
    if from.ptr == to.ptr && from.cs == to.cs && from.rs == to.rs {
        return;
    }
    for j in 0..from.cols {
        for i in 0..from.rows {
            // SAFETY: per the contract.
            unsafe { to.set(i, j, from.get(i, j)) };
        }
    }
}

/// `gels_outofplace`: the least squares solution of an overdetermined A X = B (m >= n) or the
/// minimum norm solution of an underdetermined one, as [`lapack2::gels`] without transposition,
/// with B (m x nrhs) left as it was and X (n x nrhs) apart from it. A is overwritten by its QR
/// (or LQ) factors. Returns [`lapack2::gels`]'s info; X is left as it was when it is not 0.
///
/// # Safety
/// `a` is m x n, `b` m x nrhs, `x` n x nrhs, over valid memory; `x` overlaps neither.
pub unsafe fn gels_outofplace<T: Field>(a: View<T>, b: View<T>, x: View<T>) -> i32 {
    let (m, n, nrhs) = (a.rows, a.cols, b.cols);
    let rows = m.max(n);
    let mut s = Mat::<T>::zeros(rows, nrhs);
    for j in 0..nrhs {
        for i in 0..m {
            // SAFETY: inside B.
            s[(i, j)] = unsafe { b.get(i, j) };
        }
    }
    let sv = View {
        ptr: s.as_ptr_mut(),
        rows,
        cols: nrhs,
        rs: 1,
        cs: s.col_stride() as usize,
    };
    // SAFETY: A per the contract; S is local.
    let info = unsafe { lapack2::gels(false, a, sv) };
    if info == 0 {
        for j in 0..nrhs {
            for i in 0..n {
                // SAFETY: inside X.
                unsafe { x.set(i, j, s[(i, j)]) };
            }
        }
    }
    info
}
