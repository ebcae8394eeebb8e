//! Level 2 through the safe API and the core entry points (strided and pointer-array batches,
//! device pointer mode) against host references in f64: sizes 0, 1, odd and large enough for
//! several work-groups, leading dimensions past the rows, increments 1, 2 and -1, every
//! operation, triangle and diagonal; elements a routine may not read hold NaN, and those it
//! may not write are checked unchanged. Then rocBLAS's statuses for bad arguments.

use hip::DeviceBuffer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rocblas::kernel::Ptr;
use rocblas::level2::{self, Field, Gemv, Ger, Her, Symv, Syr, Trmv};
use rocblas::level3::Batch;
use rocblas::{Diagonal, Fill, Handle, Operation, PointerMode, Status, C32, C64};

const OPS: [Operation; 3] = [
    Operation::None,
    Operation::Transpose,
    Operation::ConjugateTranspose,
];
const FILLS: [Fill; 2] = [Fill::Upper, Fill::Lower];
const DIAGS: [Diagonal; 2] = [Diagonal::NonUnit, Diagonal::Unit];
/// (incx, incy): each of 1, 2 and -1 on each side, and both negative.
static INCS: [(i64, i64); 4] = [(1, 1), (2, -1), (-1, 2), (-1, -1)];

/// The increments to try at a size: all of them while it is small, one (the `turn`th but the
/// first) once it is large, to keep the file fast in debug builds.
fn incs_at(large: bool, turn: usize) -> &'static [(i64, i64)] {
    if large {
        let i = 1 + turn % (INCS.len() - 1);
        &INCS[i..i + 1]
    } else {
        &INCS
    }
}

/// A complex f64: the references compute in it.
type W = (f64, f64);

fn add(a: W, b: W) -> W {
    (a.0 + b.0, a.1 + b.1)
}
fn mul(a: W, b: W) -> W {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn conj(a: W) -> W {
    (a.0, -a.1)
}
fn conj_if(c: bool, a: W) -> W {
    if c {
        conj(a)
    } else {
        a
    }
}
fn abs1(a: W) -> f64 {
    a.0.abs() + a.1.abs()
}

/// A test element: random values, the way to and from a complex f64, and its precision.
trait Testable: Field {
    fn random(r: &mut StdRng) -> Self;
    fn wide(self) -> W;
    fn narrow(w: W) -> Self;
    /// The relative error of one multiply-add, with room for complex arithmetic.
    fn eps() -> f64;
    /// `v` as the real type (`her`'s alpha).
    fn real(v: f64) -> Self::RealScalar;
}

macro_rules! real {
    ($t:ty) => {
        impl Testable for $t {
            fn random(r: &mut StdRng) -> Self {
                r.gen_range(-1.0..1.0)
            }
            fn wide(self) -> W {
                (self as f64, 0.0)
            }
            fn narrow(w: W) -> Self {
                w.0 as $t
            }
            fn eps() -> f64 {
                <$t>::EPSILON as f64
            }
            fn real(v: f64) -> $t {
                v as $t
            }
        }
    };
}
real!(f32);
real!(f64);

macro_rules! complex {
    ($t:ty, $f:ty) => {
        impl Testable for $t {
            fn random(r: &mut StdRng) -> Self {
                <$t>::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0))
            }
            fn wide(self) -> W {
                (self.re as f64, self.im as f64)
            }
            fn narrow(w: W) -> Self {
                <$t>::new(w.0 as $f, w.1 as $f)
            }
            fn eps() -> f64 {
                <$f>::EPSILON as f64 * 4.0
            }
            fn real(v: f64) -> $f {
                v as $f
            }
        }
    };
}
complex!(C32, f32);
complex!(C64, f64);

fn nan<T: Testable>() -> T {
    T::narrow((f64::NAN, f64::NAN))
}

fn random_vec<T: Testable>(r: &mut StdRng, n: usize) -> Vec<T> {
    (0..n).map(|_| T::random(r)).collect()
}

fn alpha<T: Testable>() -> T {
    T::narrow((0.75, -0.5))
}

fn beta<T: Testable>(zero: bool) -> T {
    if zero {
        T::ZERO
    } else {
        T::narrow((-0.5, 0.25))
    }
}

/// Equal, NaN equal to NaN: for elements that must be left as they were.
fn same<T: Testable>(a: T, b: T) -> bool {
    let (a, b) = (a.wide(), b.wide());
    let eq = |x: f64, y: f64| x == y || (x.is_nan() && y.is_nan());
    eq(a.0, b.0) && eq(a.1, b.1)
}

/// Elements a vector of `len` entries `inc` apart spans (one for an empty vector, so that its
/// buffer is not null).
fn span(len: usize, inc: i64) -> usize {
    1 + len.saturating_sub(1) * inc.unsigned_abs() as usize
}

/// Where entry `i` of such a vector is, as BLAS indexes it.
fn index(i: usize, len: usize, inc: i64) -> usize {
    let step = inc.unsigned_abs() as usize;
    if inc > 0 {
        i * step
    } else {
        (len - 1 - i) * step
    }
}

fn entries<T: Testable>(v: &[T], len: usize, inc: i64) -> Vec<W> {
    (0..len).map(|i| v[index(i, len, inc)].wide()).collect()
}

/// `got` within the error of a `k`-term sum whose terms' magnitudes add up to `scale`.
fn assert_close<T: Testable>(got: T, want: W, scale: f64, k: usize, what: impl FnOnce() -> String) {
    let g = got.wide();
    let err = abs1((g.0 - want.0, g.1 - want.1));
    let bound = T::eps() * (k as f64 + 2.0) * (scale + 1.0) * 2.0;
    assert!(err <= bound, "{}: got {g:?}, want {want:?}", what());
}

/// A vector's buffer after a call: entry i close to `want[i]` (value, scale), every element
/// between entries as it was.
fn check_vector<T: Testable>(
    got: &[T],
    before: &[T],
    inc: i64,
    k: usize,
    want: &[(W, f64)],
    what: &str,
) {
    let len = want.len();
    let mut entry = vec![None; got.len()];
    for i in 0..len {
        entry[index(i, len, inc)] = Some(i);
    }
    for (p, (&g, &b)) in got.iter().zip(before).enumerate() {
        match entry[p] {
            Some(i) => assert_close(g, want[i].0, want[i].1, k, || format!("{what}: entry {i}")),
            None => assert!(
                same(g, b),
                "{what}: element {p}, between entries, was written"
            ),
        }
    }
}

/// A matrix's buffer after a call: (i, j) close to `want(i, j)` where that is `Some`, and
/// unchanged elsewhere (the other triangle, rows past the matrix).
fn check_matrix<T: Testable>(
    got: &[T],
    before: &[T],
    (rows, ld): (usize, usize),
    k: usize,
    want: impl Fn(usize, usize) -> Option<(W, f64)>,
    what: &str,
) {
    for (p, (&g, &b)) in got.iter().zip(before).enumerate() {
        let (i, j) = (p % ld, p / ld);
        match (i < rows).then(|| want(i, j)).flatten() {
            Some((w, scale)) => assert_close(g, w, scale, k, || format!("{what}: A({i},{j})")),
            None => assert!(same(g, b), "{what}: A({i},{j}) was written"),
        }
    }
}

fn upload<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("upload")
}

fn download<T: Copy>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec().expect("download")
}

// ---------------------------------------------------------------------------------------------
// gemv

/// op(A)(i, p) of a column-major A.
fn op_at<T: Testable>(a: &[T], lda: usize, op: Operation, i: usize, p: usize) -> W {
    match op {
        Operation::None => a[i + p * lda].wide(),
        _ => conj_if(op == Operation::ConjugateTranspose, a[p + i * lda].wide()),
    }
}

/// The entries gemv should leave in y (value, scale of its terms).
#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn gemv_want<T: Testable>(
    trans: Operation,
    (m, n): (usize, usize),
    alpha: T,
    a: &[T],
    lda: usize,
    x: &[T],
    incx: i64,
    beta: T,
    y: &[T],
    incy: i64,
) -> Vec<(W, f64)> {
    let (xl, yl) = if trans == Operation::None {
        (n, m)
    } else {
        (m, n)
    };
    let (xs, ys) = (entries(x, xl, incx), entries(y, yl, incy));
    (0..yl)
        .map(|i| {
            let (mut s, mut scale) = ((0.0, 0.0), 0.0);
            for (p, &xp) in xs.iter().enumerate() {
                let t = mul(op_at(a, lda, trans, i, p), xp);
                s = add(s, t);
                scale += abs1(t);
            }
            let mut w = mul(alpha.wide(), s);
            scale *= abs1(alpha.wide());
            if beta != T::ZERO {
                let t = mul(beta.wide(), ys[i]);
                w = add(w, t);
                scale += abs1(t);
            }
            (w, scale)
        })
        .collect()
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn gemv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    trans: Operation,
    (m, n): (usize, usize),
    pad: usize,
    (incx, incy): (i64, i64),
    beta_zero: bool,
) {
    let lda = m.max(1) + pad;
    let (xl, yl) = if trans == Operation::None {
        (n, m)
    } else {
        (m, n)
    };
    let a: Vec<T> = random_vec(r, lda * n.max(1));
    let x: Vec<T> = random_vec(r, span(xl, incx));
    let y0: Vec<T> = if beta_zero {
        // Poison: with beta 0, y is written without being read.
        vec![nan(); span(yl, incy)]
    } else {
        random_vec(r, span(yl, incy))
    };
    let (alpha, beta) = (alpha::<T>(), beta::<T>(beta_zero));
    let mut dy = upload(&y0);
    blas.gemv(
        trans,
        (m, n),
        alpha,
        &upload(&a),
        lda,
        &upload(&x),
        incx,
        beta,
        &mut dy,
        incy,
    )
    .expect("gemv");
    let y = download(&dy);
    let what = format!(
        "{}gemv {trans:?} {m}x{n} lda {lda} incx {incx} incy {incy}",
        T::PREFIX
    );
    if m == 0 || n == 0 {
        // A quick return: y is not even scaled by beta.
        assert!(y.iter().zip(&y0).all(|(&g, &b)| same(g, b)), "{what}");
        return;
    }
    let want = gemv_want(trans, (m, n), alpha, &a, lda, &x, incx, beta, &y0, incy);
    check_vector(&y, &y0, incy, xl, &want, &what);
}

fn gemv_sweep<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    // The last shape is several work-groups whichever way y is split.
    let shapes = [(0, 3), (3, 0), (1, 1), (7, 5), (33, 17), (600, 300)];
    for (t, &trans) in OPS.iter().enumerate() {
        for (s, &shape) in shapes.iter().enumerate() {
            for (k, &incs) in incs_at(shape.0 > 100, t).iter().enumerate() {
                gemv_case::<T>(
                    &mut r,
                    &blas,
                    trans,
                    shape,
                    (s + k) % 3,
                    incs,
                    (s + k) % 2 == 0,
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// ger, geru, gerc

/// What ger (gerc when `conj`) should leave in A(i, j).
#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn ger_want<T: Testable>(
    conj: bool,
    (m, n): (usize, usize),
    alpha: T,
    x: &[T],
    incx: i64,
    y: &[T],
    incy: i64,
    a: &[T],
    lda: usize,
) -> impl Fn(usize, usize) -> Option<(W, f64)> {
    let (xs, ys) = (entries(x, m, incx), entries(y, n, incy));
    let a: Vec<W> = a.iter().map(|v| v.wide()).collect();
    let alpha = alpha.wide();
    move |i, j| {
        (j < n).then(|| {
            let t = mul(alpha, mul(xs[i], conj_if(conj, ys[j])));
            let v = a[i + j * lda];
            (add(v, t), abs1(v) + abs1(t))
        })
    }
}

fn ger_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    conj: bool,
    (m, n): (usize, usize),
    pad: usize,
    (incx, incy): (i64, i64),
) {
    let lda = m.max(1) + pad;
    let a0: Vec<T> = random_vec(r, lda * n.max(1));
    let x: Vec<T> = random_vec(r, span(m, incx));
    let y: Vec<T> = random_vec(r, span(n, incy));
    let alpha = alpha::<T>();
    let (dx, dy) = (upload(&x), upload(&y));
    let mut da = upload(&a0);
    if conj {
        blas.gerc((m, n), alpha, &dx, incx, &dy, incy, &mut da, lda)
    } else {
        blas.ger((m, n), alpha, &dx, incx, &dy, incy, &mut da, lda)
    }
    .expect("ger");
    let a = download(&da);
    let what = format!(
        "{}ger{} {m}x{n} lda {lda} incx {incx} incy {incy}",
        T::PREFIX,
        if conj { "c" } else { "u" }
    );
    if m == 0 || n == 0 {
        assert!(a.iter().zip(&a0).all(|(&g, &b)| same(g, b)), "{what}");
        return;
    }
    let want = ger_want(conj, (m, n), alpha, &x, incx, &y, incy, &a0, lda);
    check_matrix(&a, &a0, (m, lda), 1, want, &what);
}

fn ger_sweep<T: Testable>(seed: u64, conj: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let shapes = [(0, 3), (3, 0), (1, 1), (7, 5), (33, 17), (600, 300)];
    for (s, &shape) in shapes.iter().enumerate() {
        for (k, &incs) in incs_at(shape.0 > 100, 0).iter().enumerate() {
            ger_case::<T>(&mut r, &blas, conj, shape, (s + k) % 3, incs);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// symv, hemv, syr, her

/// A random n x n matrix, stored in its `uplo` triangle only: the other one holds NaN, which a
/// routine that reads it would spread into its result.
fn triangle_only<T: Testable>(r: &mut StdRng, uplo: Fill, n: usize, lda: usize) -> Vec<T> {
    let mut a = vec![nan::<T>(); lda * n.max(1)];
    for j in 0..n {
        for i in 0..n {
            if (uplo == Fill::Upper && i <= j) || (uplo == Fill::Lower && i >= j) {
                a[i + j * lda] = T::random(r);
            }
        }
    }
    a
}

/// A(i, j) of the symmetric (Hermitian when `herm`) matrix stored in `uplo` of `a`.
fn sym_at<T: Testable>(a: &[T], lda: usize, uplo: Fill, herm: bool, i: usize, j: usize) -> W {
    let stored = (uplo == Fill::Upper) == (i <= j);
    if i == j && herm {
        (a[i + j * lda].wide().0, 0.0)
    } else if stored {
        a[i + j * lda].wide()
    } else {
        conj_if(herm, a[j + i * lda].wide())
    }
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn symv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    herm: bool,
    uplo: Fill,
    n: usize,
    pad: usize,
    (incx, incy): (i64, i64),
    beta_zero: bool,
) {
    let lda = n.max(1) + pad;
    let a = triangle_only::<T>(r, uplo, n, lda);
    let x: Vec<T> = random_vec(r, span(n, incx));
    let y0: Vec<T> = if beta_zero {
        vec![nan(); span(n, incy)]
    } else {
        random_vec(r, span(n, incy))
    };
    let (alpha, beta) = (alpha::<T>(), beta::<T>(beta_zero));
    let (da, dx) = (upload(&a), upload(&x));
    let mut dy = upload(&y0);
    if herm {
        blas.hemv(uplo, n, alpha, &da, lda, &dx, incx, beta, &mut dy, incy)
    } else {
        blas.symv(uplo, n, alpha, &da, lda, &dx, incx, beta, &mut dy, incy)
    }
    .expect("symv");
    let y = download(&dy);
    let what = format!(
        "{}{} {uplo:?} n {n} lda {lda} incx {incx} incy {incy}",
        T::PREFIX,
        if herm { "hemv" } else { "symv" }
    );
    let (xs, ys) = (entries(&x, n, incx), entries(&y0, n, incy));
    let want: Vec<(W, f64)> = (0..n)
        .map(|i| {
            let (mut s, mut scale) = ((0.0, 0.0), 0.0);
            for (j, &xj) in xs.iter().enumerate() {
                let t = mul(sym_at(&a, lda, uplo, herm, i, j), xj);
                s = add(s, t);
                scale += abs1(t);
            }
            let mut w = mul(alpha.wide(), s);
            scale *= abs1(alpha.wide());
            if !beta_zero {
                let t = mul(beta.wide(), ys[i]);
                w = add(w, t);
                scale += abs1(t);
            }
            (w, scale)
        })
        .collect();
    check_vector(&y, &y0, incy, n, &want, &what);
}

fn symv_sweep<T: Testable>(seed: u64, herm: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for (u, &uplo) in FILLS.iter().enumerate() {
        for (s, &n) in [0, 1, 7, 33, 400].iter().enumerate() {
            for (k, &incs) in incs_at(n > 100, u).iter().enumerate() {
                let (pad, beta_zero) = ((s + k) % 3, (s + k) % 2 == 0);
                symv_case::<T>(&mut r, &blas, herm, uplo, n, pad, incs, beta_zero);
            }
        }
    }
}

fn syr_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    herm: bool,
    uplo: Fill,
    n: usize,
    pad: usize,
    incx: i64,
) {
    let lda = n.max(1) + pad;
    let a0 = triangle_only::<T>(r, uplo, n, lda);
    let x: Vec<T> = random_vec(r, span(n, incx));
    let dx = upload(&x);
    let mut da = upload(&a0);
    let alpha: W = if herm {
        let alpha = 0.75;
        blas.her(uplo, n, T::real(alpha), &dx, incx, &mut da, lda)
            .expect("her");
        (alpha, 0.0)
    } else {
        let alpha = alpha::<T>();
        blas.syr(uplo, n, alpha, &dx, incx, &mut da, lda)
            .expect("syr");
        alpha.wide()
    };
    let a = download(&da);
    let what = format!(
        "{}{} {uplo:?} n {n} lda {lda} incx {incx}",
        T::PREFIX,
        if herm { "her" } else { "syr" }
    );
    let xs = entries(&x, n, incx);
    let stored = |i: usize, j: usize| (uplo == Fill::Upper) == (i <= j) || i == j;
    let want = |i: usize, j: usize| {
        (j < n && stored(i, j)).then(|| {
            let t = mul(alpha, mul(xs[i], conj_if(herm, xs[j])));
            let v = a0[i + j * lda].wide();
            let mut w = add(v, t);
            if herm && i == j {
                w.1 = 0.0;
            }
            (w, abs1(v) + abs1(t))
        })
    };
    check_matrix(&a, &a0, (n, lda), 1, want, &what);
    if herm {
        for j in 0..n {
            assert_eq!(
                a[j + j * lda].wide().1,
                0.0,
                "{what}: A({j},{j}) is not real"
            );
        }
    }
}

fn syr_sweep<T: Testable>(seed: u64, herm: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for (u, &uplo) in FILLS.iter().enumerate() {
        for (s, &n) in [0, 1, 7, 33, 400].iter().enumerate() {
            for (k, &(incx, _)) in incs_at(n > 100, u).iter().enumerate() {
                syr_case::<T>(&mut r, &blas, herm, uplo, n, (s + k) % 3, incx);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// trmv, trsv

/// op(A)(i, j) of a triangular A stored in `uplo`, with a unit diagonal when `diag` says so.
fn tri_at<T: Testable>(
    a: &[T],
    lda: usize,
    (uplo, trans, diag): (Fill, Operation, Diagonal),
    i: usize,
    j: usize,
) -> W {
    if i == j && diag == Diagonal::Unit {
        return (1.0, 0.0);
    }
    let (r, c) = if trans == Operation::None {
        (i, j)
    } else {
        (j, i)
    };
    if (uplo == Fill::Upper && r > c) || (uplo == Fill::Lower && r < c) {
        return (0.0, 0.0);
    }
    conj_if(
        trans == Operation::ConjugateTranspose,
        a[r + c * lda].wide(),
    )
}

/// A well-conditioned triangular matrix: off the diagonal small (rows sum below 1), the
/// diagonal of magnitude 1 to 2 (NaN with a unit diagonal, which must not be read), and NaN in
/// the other triangle.
fn triangular_matrix<T: Testable>(
    r: &mut StdRng,
    uplo: Fill,
    diag: Diagonal,
    n: usize,
    lda: usize,
) -> Vec<T> {
    let mut a = triangle_only::<T>(r, uplo, n, lda);
    let small = 0.9 / n.max(1) as f64;
    for j in 0..n {
        for i in 0..n {
            let p = i + j * lda;
            if i == j {
                a[p] = if diag == Diagonal::Unit {
                    nan()
                } else {
                    T::narrow((1.5 + 0.5 * r.gen_range(-1.0..1.0), r.gen_range(-0.5..0.5)))
                };
            } else if !a[p].wide().0.is_nan() {
                let (re, im) = a[p].wide();
                a[p] = T::narrow((re * small, im * small));
            }
        }
    }
    a
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn triangular_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    solve: bool,
    shape: (Fill, Operation, Diagonal),
    n: usize,
    pad: usize,
    incx: i64,
) {
    let (uplo, trans, diag) = shape;
    let lda = n.max(1) + pad;
    let a = triangular_matrix::<T>(r, uplo, diag, n, lda);
    let x0: Vec<T> = random_vec(r, span(n, incx));
    let da = upload(&a);
    let mut dx = upload(&x0);
    if solve {
        blas.trsv(uplo, trans, diag, n, &da, lda, &mut dx, incx)
            .expect("trsv");
    } else {
        blas.trmv(uplo, trans, diag, n, &da, lda, &mut dx, incx)
            .expect("trmv");
    }
    let x = download(&dx);
    let what = format!(
        "{}{} {uplo:?} {trans:?} {diag:?} n {n} lda {lda} incx {incx}",
        T::PREFIX,
        if solve { "trsv" } else { "trmv" }
    );
    if solve {
        // The residual op(A) * x - b, within the backward error of substitution.
        let xs = entries(&x, n, incx);
        let want: Vec<(W, f64)> = entries(&x0, n, incx)
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                let (mut s, mut scale) = ((0.0, 0.0), abs1(b));
                for (j, &xj) in xs.iter().enumerate() {
                    let t = mul(tri_at(&a, lda, shape, i, j), xj);
                    s = add(s, t);
                    scale += abs1(t);
                }
                // Compared below as entry i of x: x_i + b_i - (op(A) x)_i should be x_i.
                (add(xs[i], add(b, (-s.0, -s.1))), scale)
            })
            .collect();
        check_vector(&x, &x0, incx, n, &want, &what);
    } else {
        let xs = entries(&x0, n, incx);
        let want: Vec<(W, f64)> = (0..n)
            .map(|i| {
                let (mut s, mut scale) = ((0.0, 0.0), 0.0);
                for (j, &xj) in xs.iter().enumerate() {
                    let t = mul(tri_at(&a, lda, shape, i, j), xj);
                    s = add(s, t);
                    scale += abs1(t);
                }
                (s, scale)
            })
            .collect();
        check_vector(&x, &x0, incx, n, &want, &what);
    }
}

fn triangular_sweep<T: Testable>(seed: u64, solve: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for &uplo in &FILLS {
        for &trans in &OPS {
            for &diag in &DIAGS {
                for (s, &n) in [0, 1, 7, 33, 120].iter().enumerate() {
                    let turn = trans as usize + diag as usize;
                    for (k, &(incx, _)) in incs_at(n > 100, turn).iter().enumerate() {
                        let shape = (uplo, trans, diag);
                        triangular_case::<T>(&mut r, &blas, solve, shape, n, (s + k) % 3, incx);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Batches, through the core entry points

/// `count` members of `len` elements, `stride` apart, in one buffer.
fn strided<T: Testable>(r: &mut StdRng, count: usize, len: usize, stride: usize) -> Vec<T> {
    random_vec(r, stride * (count - 1) + len)
}

/// Member `i` of a strided batch.
fn member<T: Copy>(v: &[T], i: usize, len: usize, stride: usize) -> &[T] {
    &v[i * stride..i * stride + len]
}

/// Device pointers to each buffer, as a device array (the batched forms' argument).
fn pointer_array<T: Copy>(bufs: &[DeviceBuffer<T>]) -> DeviceBuffer<*const T> {
    let ptrs: Vec<*const T> = bufs.iter().map(|b| b.as_ptr() as *const T).collect();
    upload(&ptrs)
}

fn array<T>(list: &DeviceBuffer<*const T>) -> Batch<T> {
    Batch::Array(Ptr(list.as_ptr() as *const *const T))
}

fn stride_of<T: Copy>(base: &DeviceBuffer<T>, stride: usize) -> Batch<T> {
    Batch::Strided {
        base: Ptr(base.as_ptr()),
        stride: stride as i64,
    }
}

fn gemv_batches<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let (m, n, lda, count) = (300, 37, 303, 3);
    for &trans in &OPS {
        for &(incx, incy) in &INCS[1..3] {
            let (xl, yl) = if trans == Operation::None {
                (n, m)
            } else {
                (m, n)
            };
            let (la, lx, ly) = (lda * n, span(xl, incx), span(yl, incy));
            let (sa, sx, sy) = (la + 5, lx + 3, ly + 2);
            let a: Vec<T> = strided(&mut r, count, la, sa);
            let x: Vec<T> = strided(&mut r, count, lx, sx);
            let y0: Vec<T> = strided(&mut r, count, ly, sy);
            let (alpha, beta) = (alpha::<T>(), beta::<T>(false));
            let what = format!("{}gemv {trans:?} incx {incx} incy {incy}", T::PREFIX);

            // Strided: one buffer each, members a stride apart.
            let (da, dx) = (upload(&a), upload(&x));
            let dy = upload(&y0);
            let g = Gemv {
                trans,
                m: m as i64,
                n: n as i64,
                alpha: &alpha,
                a: stride_of(&da, sa),
                lda: lda as i64,
                x: stride_of(&dx, sx),
                incx,
                beta: &beta,
                y: stride_of(&dy, sy),
                incy,
                batch_count: count as i64,
            };
            // SAFETY: the buffers hold every member at its stride; the scalars outlive the call.
            unsafe { level2::gemv(&blas, PointerMode::Host, &g) }.expect("strided gemv");
            let y = download(&dy);

            // Batched: the same members in buffers of their own.
            let parts = |v: &[T], len: usize, stride: usize| -> Vec<DeviceBuffer<T>> {
                (0..count)
                    .map(|i| upload(member(v, i, len, stride)))
                    .collect()
            };
            let (ba, bx, by) = (parts(&a, la, sa), parts(&x, lx, sx), parts(&y0, ly, sy));
            let (pa, px, py) = (pointer_array(&ba), pointer_array(&bx), pointer_array(&by));
            let g = Gemv {
                a: array(&pa),
                x: array(&px),
                y: array(&py),
                ..g
            };
            // SAFETY: each array holds `count` live device buffers of a member's size.
            unsafe { level2::gemv(&blas, PointerMode::Host, &g) }.expect("batched gemv");

            for (i, byi) in by.iter().enumerate() {
                let (ai, xi, yi) = (
                    member(&a, i, la, sa),
                    member(&x, i, lx, sx),
                    member(&y0, i, ly, sy),
                );
                let want = gemv_want(trans, (m, n), alpha, ai, lda, xi, incx, beta, yi, incy);
                let got = member(&y, i, ly, sy);
                check_vector(got, yi, incy, xl, &want, &format!("strided {what} #{i}"));
                let got = download(byi);
                check_vector(&got, yi, incy, xl, &want, &format!("batched {what} #{i}"));
            }
            // The gaps between strided members are the caller's.
            for i in 0..count - 1 {
                let gap = i * sy + ly..(i + 1) * sy;
                assert!(y[gap.clone()]
                    .iter()
                    .zip(&y0[gap])
                    .all(|(&g, &b)| same(g, b)));
            }
        }
    }
}

fn ger_batches<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let (m, n, lda, count) = (41, 700, 43, 3);
    let (incx, incy) = (-1, 2);
    let (la, lx, ly) = (lda * n, span(m, incx), span(n, incy));
    let (sa, sx, sy) = (la + 1, lx, ly + 4);
    let a0: Vec<T> = strided(&mut r, count, la, sa);
    let x: Vec<T> = strided(&mut r, count, lx, sx);
    let y: Vec<T> = strided(&mut r, count, ly, sy);
    let alpha = alpha::<T>();
    let (dx, dy) = (upload(&x), upload(&y));
    let da = upload(&a0);
    let g = Ger {
        m: m as i64,
        n: n as i64,
        alpha: &alpha,
        x: stride_of(&dx, sx),
        incx,
        y: stride_of(&dy, sy),
        incy,
        a: stride_of(&da, sa),
        lda: lda as i64,
        batch_count: count as i64,
    };
    // SAFETY: the buffers hold every member at its stride; alpha outlives the call.
    unsafe { level2::ger(&blas, PointerMode::Host, &g) }.expect("strided ger");
    let a = download(&da);

    let parts = |v: &[T], len: usize, stride: usize| -> Vec<DeviceBuffer<T>> {
        (0..count)
            .map(|i| upload(member(v, i, len, stride)))
            .collect()
    };
    let (ba, bx, by) = (parts(&a0, la, sa), parts(&x, lx, sx), parts(&y, ly, sy));
    let (pa, px, py) = (pointer_array(&ba), pointer_array(&bx), pointer_array(&by));
    let g = Ger {
        a: array(&pa),
        x: array(&px),
        y: array(&py),
        ..g
    };
    // SAFETY: each array holds `count` live device buffers of a member's size.
    unsafe { level2::gerc(&blas, PointerMode::Host, &g) }.expect("batched gerc");

    for (i, bai) in ba.iter().enumerate() {
        let (ai, xi, yi) = (
            member(&a0, i, la, sa),
            member(&x, i, lx, sx),
            member(&y, i, ly, sy),
        );
        let want = ger_want(false, (m, n), alpha, xi, incx, yi, incy, ai, lda);
        let what = format!("strided {}ger #{i}", T::PREFIX);
        check_matrix(member(&a, i, la, sa), ai, (m, lda), 1, want, &what);
        let want = ger_want(true, (m, n), alpha, xi, incx, yi, incy, ai, lda);
        let what = format!("batched {}gerc #{i}", T::PREFIX);
        check_matrix(&download(bai), ai, (m, lda), 1, want, &what);
    }
}

fn trsv_batches<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let (n, lda, count, incx) = (60, 61, 4, -2);
    let (uplo, trans, diag) = (
        Fill::Lower,
        Operation::ConjugateTranspose,
        Diagonal::NonUnit,
    );
    let (la, lx) = (lda * n, span(n, incx));
    let (sa, sx) = (la + 7, lx + 1);
    let mut a = Vec::new();
    for _ in 0..count {
        a.extend(triangular_matrix::<T>(&mut r, uplo, diag, n, lda));
        a.extend((0..sa - la).map(|_| nan::<T>()));
    }
    let b: Vec<T> = strided(&mut r, count, lx, sx);
    let da = upload(&a);
    let dx = upload(&b);
    let t = Trmv {
        uplo,
        trans,
        diag,
        n: n as i64,
        a: stride_of(&da, sa),
        lda: lda as i64,
        x: stride_of(&dx, sx),
        incx,
        batch_count: count as i64,
    };
    // SAFETY: the buffers hold every member at its stride.
    unsafe { level2::trsv(&blas, &t) }.expect("strided trsv");
    let x = download(&dx);

    let bx: Vec<DeviceBuffer<T>> = (0..count).map(|i| upload(member(&b, i, lx, sx))).collect();
    let ba: Vec<DeviceBuffer<T>> = (0..count).map(|i| upload(member(&a, i, la, sa))).collect();
    let (pa, px) = (pointer_array(&ba), pointer_array(&bx));
    let t = Trmv {
        a: array(&pa),
        x: array(&px),
        ..t
    };
    // SAFETY: each array holds `count` live device buffers of a member's size.
    unsafe { level2::trsv(&blas, &t) }.expect("batched trsv");

    for (i, bxi) in bx.iter().enumerate() {
        let ai = member(&a, i, la, sa);
        let bi = entries(member(&b, i, lx, sx), n, incx);
        for (form, got) in [
            ("strided", member(&x, i, lx, sx).to_vec()),
            ("batched", download(bxi)),
        ] {
            let xs = entries(&got, n, incx);
            for (row, &bv) in bi.iter().enumerate() {
                let (mut s, mut scale) = ((0.0, 0.0), abs1(bv));
                for (j, &xj) in xs.iter().enumerate() {
                    let t = mul(tri_at(ai, lda, (uplo, trans, diag), row, j), xj);
                    s = add(s, t);
                    scale += abs1(t);
                }
                let residual = T::narrow((s.0 - bv.0, s.1 - bv.1));
                let what = || format!("{form} {}trsv #{i}: row {row}", T::PREFIX);
                assert_close(residual, (0.0, 0.0), scale, n, what);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Device pointer mode

fn device_scalars<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let (m, n, lda, incx, incy) = (70, 50, 71, 1, -1);
    let a: Vec<T> = random_vec(&mut r, lda * n);
    let x: Vec<T> = random_vec(&mut r, n);
    let y0: Vec<T> = random_vec(&mut r, m);
    let (alpha, beta) = (alpha::<T>(), beta::<T>(false));
    let (da, dx) = (upload(&a), upload(&x));
    let dy = upload(&y0);
    let (d_alpha, d_beta) = (upload(&[alpha]), upload(&[beta]));
    let g = Gemv {
        trans: Operation::None,
        m: m as i64,
        n: n as i64,
        alpha: d_alpha.as_ptr(),
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        x: Batch::one(dx.as_ptr()),
        incx,
        beta: d_beta.as_ptr(),
        y: Batch::one(dy.as_ptr()),
        incy,
        batch_count: 1,
    };
    // SAFETY: the scalars and buffers are device memory that outlives the kernel.
    unsafe { level2::gemv(&blas, PointerMode::Device, &g) }.expect("device-mode gemv");
    let y = download(&dy);
    let want = gemv_want(
        Operation::None,
        (m, n),
        alpha,
        &a,
        lda,
        &x,
        incx,
        beta,
        &y0,
        incy,
    );
    check_vector(&y, &y0, incy, n, &want, "device-mode gemv");

    // alpha 0 and beta 1 known only when the kernel runs: y is left as it was and A and x,
    // all NaN, are not read.
    let poison = upload(&vec![nan::<T>(); lda * n]);
    let (zero, one) = (upload(&[T::ZERO]), upload(&[T::ONE]));
    let g = Gemv {
        alpha: zero.as_ptr(),
        beta: one.as_ptr(),
        a: Batch::one(poison.as_ptr()),
        x: Batch::one(poison.as_ptr()),
        ..g
    };
    // SAFETY: as above.
    unsafe { level2::gemv(&blas, PointerMode::Device, &g) }.expect("device-mode quick gemv");
    assert!(download(&dy).iter().zip(&y).all(|(&g, &b)| same(g, b)));

    // her's real alpha from device memory.
    let (nn, ld) = (20, 21);
    let a0 = triangle_only::<T>(&mut r, Fill::Lower, nn, ld);
    let xs: Vec<T> = random_vec(&mut r, nn);
    let dh = upload(&a0);
    let dxs = upload(&xs);
    let real_alpha = upload(&[T::real(-1.25)]);
    let h = Her::<T> {
        uplo: Fill::Lower,
        n: nn as i64,
        alpha: real_alpha.as_ptr(),
        x: Batch::one(dxs.as_ptr()),
        incx: 1,
        a: Batch::one(dh.as_ptr()),
        lda: ld as i64,
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe { level2::her(&blas, PointerMode::Device, &h) }.expect("device-mode her");
    let got = download(&dh);
    let want = |i: usize, j: usize| {
        (j < nn && i >= j).then(|| {
            let t = mul((-1.25, 0.0), mul(xs[i].wide(), conj(xs[j].wide())));
            let v = a0[i + j * ld].wide();
            let mut w = add(v, t);
            if i == j {
                w.1 = 0.0;
            }
            (w, abs1(v) + abs1(t))
        })
    };
    check_matrix(&got, &a0, (nn, ld), 1, want, "device-mode her");
}

// ---------------------------------------------------------------------------------------------
// The tests, per element type

macro_rules! suite {
    ($($name:ident: $t:ty, $seed:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn gemv_matches_the_host() {
                gemv_sweep::<$t>($seed);
            }
            #[test]
            fn ger_matches_the_host() {
                ger_sweep::<$t>($seed + 10, false);
            }
            #[test]
            fn symv_matches_the_host() {
                symv_sweep::<$t>($seed + 20, false);
            }
            #[test]
            fn syr_matches_the_host() {
                syr_sweep::<$t>($seed + 30, false);
            }
            #[test]
            fn trmv_matches_the_host() {
                triangular_sweep::<$t>($seed + 40, false);
            }
            #[test]
            fn trsv_solves() {
                triangular_sweep::<$t>($seed + 50, true);
            }
            #[test]
            fn gemv_batches_match_the_host() {
                gemv_batches::<$t>($seed + 60);
            }
            #[test]
            fn ger_batches_match_the_host() {
                ger_batches::<$t>($seed + 70);
            }
            #[test]
            fn trsv_batches_solve() {
                trsv_batches::<$t>($seed + 80);
            }
            #[test]
            fn device_pointer_mode() {
                device_scalars::<$t>($seed + 90);
            }
        }
    )*};
}

suite! {
    s: f32, 1;
    d: f64, 2;
    c: C32, 3;
    z: C64, 4;
}

/// The routines only c and z have in rocBLAS.
macro_rules! complex_suite {
    ($($name:ident: $t:ty, $seed:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn gerc_matches_the_host() {
                ger_sweep::<$t>($seed, true);
            }
            #[test]
            fn hemv_matches_the_host() {
                symv_sweep::<$t>($seed + 1, true);
            }
            #[test]
            fn her_matches_the_host() {
                syr_sweep::<$t>($seed + 2, true);
            }
        }
    )*};
}

complex_suite! {
    c_only: C32, 100;
    z_only: C64, 200;
}

// ---------------------------------------------------------------------------------------------
// Errors

fn status(r: rocblas::Result<()>) -> Status {
    match r {
        Ok(()) => Status::Success,
        Err(e) => e.status,
    }
}

#[test]
fn safe_api_rejects_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let a = DeviceBuffer::<f64>::new(16).expect("A");
    let x = DeviceBuffer::<f64>::new(4).expect("x");
    let mut y = DeviceBuffer::<f64>::new(4).expect("y");
    let n = Operation::None;
    let gemv = |y: &mut DeviceBuffer<f64>, (m, cols), lda, incx, incy| {
        status(blas.gemv(n, (m, cols), 1.0, &a, lda, &x, incx, 0.0, y, incy))
    };
    assert_eq!(gemv(&mut y, (4, 4), 4, 1, 1), Status::Success);
    // lda below the rows of A, and below 1 even for an empty A.
    assert_eq!(gemv(&mut y, (4, 4), 3, 1, 1), Status::InvalidSize);
    assert_eq!(gemv(&mut y, (0, 4), 0, 1, 1), Status::InvalidSize);
    assert_eq!(gemv(&mut y, (0, 4), 1, 1, 1), Status::Success);
    // Zero increments.
    assert_eq!(gemv(&mut y, (4, 4), 4, 0, 1), Status::InvalidSize);
    assert_eq!(gemv(&mut y, (4, 4), 4, 1, 0), Status::InvalidSize);
    // Buffers too small for the call.
    let e = blas
        .gemv(n, (4, 4), 1.0, &a, 4, &x, 2, 0.0, &mut y, 1)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    assert!(e.to_string().contains("needs 7 elements"), "{e}");
    assert_eq!(gemv(&mut y, (4, 5), 4, 1, 1), Status::InvalidSize);

    let mut am = DeviceBuffer::<f64>::new(16).expect("A");
    assert_eq!(
        status(blas.ger((4, 4), 1.0, &x, 1, &y, 0, &mut am, 4)),
        Status::InvalidSize
    );
    assert_eq!(
        status(blas.ger((5, 4), 1.0, &x, 1, &y, 1, &mut am, 5)),
        Status::InvalidSize
    );
    let (u, d) = (Fill::Upper, Diagonal::NonUnit);
    assert_eq!(
        status(blas.trsv(Fill::Full, n, d, 4, &a, 4, &mut y, 1)),
        Status::InvalidValue
    );
    assert_eq!(
        status(blas.trsv(u, n, d, 4, &a, 2, &mut y, 1)),
        Status::InvalidSize
    );
    assert_eq!(
        status(blas.trmv(u, n, d, 4, &a, 4, &mut y, 0)),
        Status::InvalidSize
    );
    assert_eq!(
        status(blas.symv(Fill::Full, 4, 1.0, &a, 4, &x, 1, 0.0, &mut y, 1)),
        Status::InvalidValue
    );
    assert_eq!(
        status(blas.syr(Fill::Full, 4, 1.0, &x, 1, &mut am, 4)),
        Status::InvalidValue
    );
    // rocBLAS's own enum numbers: an unknown one is invalid_value.
    assert_eq!(
        Operation::from_raw(114).map(|_| ()).unwrap_err().status,
        Status::InvalidValue
    );
}

#[test]
fn core_entry_points_check_like_rocblas() {
    let blas = Handle::new().expect("handle");
    let buf = upload(&[1.0f64; 64]);
    let mut out = upload(&[3.0f64; 8]);
    let p = buf.as_ptr() as *const f64;
    let null: *const f64 = std::ptr::null();
    let (one, zero, two) = (1.0f64, 0.0f64, 2.0f64);
    let host = PointerMode::Host;
    let base = Gemv {
        trans: Operation::None,
        m: 8,
        n: 8,
        alpha: &one,
        a: Batch::one(p),
        lda: 8,
        x: Batch::one(p),
        incx: 1,
        beta: &zero,
        y: Batch::one(out.as_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: in every call below, the non-null pointers cover an 8 x 8 A and 8-entry
    // vectors, and the scalars outlive the calls.
    let gemv = |g: Gemv<f64>, mode| status(unsafe { level2::gemv(&blas, mode, &g) });
    assert_eq!(gemv(base, host), Status::Success);
    assert_eq!(gemv(Gemv { m: -1, ..base }, host), Status::InvalidSize);
    assert_eq!(gemv(Gemv { n: -1, ..base }, host), Status::InvalidSize);
    assert_eq!(gemv(Gemv { lda: 7, ..base }, host), Status::InvalidSize);
    assert_eq!(
        gemv(
            Gemv {
                batch_count: -1,
                ..base
            },
            host
        ),
        Status::InvalidSize
    );
    assert_eq!(
        gemv(
            Gemv {
                alpha: null,
                ..base
            },
            host
        ),
        Status::InvalidPointer
    );
    assert_eq!(
        gemv(Gemv { beta: null, ..base }, host),
        Status::InvalidPointer
    );
    assert_eq!(
        gemv(
            Gemv {
                y: Batch::one(null),
                ..base
            },
            host
        ),
        Status::InvalidPointer
    );
    assert_eq!(
        gemv(
            Gemv {
                a: Batch::one(null),
                ..base
            },
            host
        ),
        Status::InvalidPointer
    );
    assert_eq!(
        gemv(
            Gemv {
                x: Batch::one(null),
                ..base
            },
            host
        ),
        Status::InvalidPointer
    );
    assert_eq!(
        gemv(
            Gemv {
                a: Batch::one(null),
                ..base
            },
            PointerMode::Device
        ),
        Status::InvalidPointer
    );
    let nothing = Gemv {
        alpha: null,
        beta: null,
        a: Batch::one(null),
        x: Batch::one(null),
        y: Batch::one(null),
        ..base
    };
    // Sizes are checked before the quick return for zero sizes; pointers after it.
    assert_eq!(gemv(Gemv { m: 0, ..nothing }, host), Status::Success);
    assert_eq!(
        gemv(
            Gemv {
                batch_count: 0,
                ..nothing
            },
            host
        ),
        Status::Success
    );
    assert_eq!(
        gemv(
            Gemv {
                m: 0,
                incx: 0,
                ..nothing
            },
            host
        ),
        Status::InvalidSize
    );
    // alpha 0 and beta 1: nothing to do, nothing read, not even y.
    let quick = Gemv {
        alpha: &zero,
        beta: &one,
        ..nothing
    };
    assert_eq!(gemv(quick, host), Status::Success);
    // alpha 0 alone: A and x are not read, y is scaled.
    let scale = Gemv {
        alpha: &zero,
        beta: &two,
        a: Batch::one(null),
        x: Batch::one(null),
        ..base
    };
    out.copy_from_slice(&[3.0; 8]).expect("reset y");
    assert_eq!(gemv(scale, host), Status::Success);
    assert_eq!(download(&out), [6.0; 8]);
    let arrays = Gemv {
        a: Batch::Array(Ptr(std::ptr::null())),
        ..base
    };
    assert_eq!(gemv(arrays, host), Status::InvalidPointer);

    let ger_base = Ger {
        m: 8,
        n: 8,
        alpha: &one,
        x: Batch::one(p),
        incx: 1,
        y: Batch::one(p),
        incy: 1,
        a: Batch::one(out.as_ptr()),
        lda: 8,
        batch_count: 1,
    };
    // SAFETY: as above; A is `out`, 8 x 1 with lda 8 for n = 1.
    let ger = |g: Ger<f64>| status(unsafe { level2::ger(&blas, host, &g) });
    assert_eq!(ger(Ger { n: 1, ..ger_base }), Status::Success);
    assert_eq!(
        ger(Ger {
            incy: 0,
            ..ger_base
        }),
        Status::InvalidSize
    );
    assert_eq!(
        ger(Ger {
            lda: 0,
            m: 0,
            ..ger_base
        }),
        Status::InvalidSize
    );
    assert_eq!(
        ger(Ger {
            alpha: null,
            ..ger_base
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        ger(Ger {
            x: Batch::one(null),
            ..ger_base
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        ger(Ger {
            a: Batch::one(null),
            ..ger_base
        }),
        Status::InvalidPointer
    );
    let idle = Ger {
        alpha: &zero,
        x: Batch::one(null),
        y: Batch::one(null),
        a: Batch::one(null),
        ..ger_base
    };
    assert_eq!(ger(idle), Status::Success);

    let symv_base = Symv {
        uplo: Fill::Upper,
        n: 8,
        alpha: &one,
        a: Batch::one(p),
        lda: 8,
        x: Batch::one(p),
        incx: 1,
        beta: &zero,
        y: Batch::one(out.as_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: as above.
    let symv = |g: Symv<f64>| status(unsafe { level2::symv(&blas, host, &g) });
    assert_eq!(symv(symv_base), Status::Success);
    // The enum is checked first: full with a negative size is still invalid_value.
    assert_eq!(
        symv(Symv {
            uplo: Fill::Full,
            n: -1,
            ..symv_base
        }),
        Status::InvalidValue
    );
    assert_eq!(
        symv(Symv {
            lda: 7,
            ..symv_base
        }),
        Status::InvalidSize
    );
    assert_eq!(
        symv(Symv {
            y: Batch::one(null),
            ..symv_base
        }),
        Status::InvalidPointer
    );

    let syr_base = Syr {
        uplo: Fill::Lower,
        n: 2,
        alpha: &one,
        x: Batch::one(p),
        incx: 1,
        a: Batch::one(out.as_ptr()),
        lda: 4,
        batch_count: 1,
    };
    // SAFETY: as above; A is `out`, 2 x 2 with lda 4.
    let syr = |g: Syr<f64>| status(unsafe { level2::syr(&blas, host, &g) });
    assert_eq!(syr(syr_base), Status::Success);
    assert_eq!(
        syr(Syr {
            uplo: Fill::Full,
            ..syr_base
        }),
        Status::InvalidValue
    );
    assert_eq!(
        syr(Syr {
            incx: 0,
            ..syr_base
        }),
        Status::InvalidSize
    );
    assert_eq!(
        syr(Syr {
            alpha: null,
            ..syr_base
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        syr(Syr {
            alpha: &zero,
            a: Batch::one(null),
            ..syr_base
        }),
        Status::Success
    );
    assert_eq!(
        syr(Syr {
            a: Batch::one(null),
            ..syr_base
        }),
        Status::InvalidPointer
    );

    let zx = upload(&[C64::new(1.0, 0.0); 4]);
    let mut za = upload(&[C64::new(0.0, 0.0); 16]);
    let her_base = Her::<C64> {
        uplo: Fill::Upper,
        n: 4,
        alpha: &one,
        x: Batch::one(zx.as_ptr()),
        incx: 1,
        a: Batch::one(za.as_ptr()),
        lda: 4,
        batch_count: 1,
    };
    // SAFETY: as above, for complex 4 x 4 A and 4-entry x.
    let her = |g: Her<C64>| status(unsafe { level2::her(&blas, host, &g) });
    assert_eq!(her(her_base), Status::Success);
    assert_eq!(her(Her::<C64> { n: -2, ..her_base }), Status::InvalidSize);
    assert_eq!(
        her(Her::<C64> {
            alpha: null,
            ..her_base
        }),
        Status::InvalidPointer
    );
    let got = download(&za);
    assert_eq!(got[0], C64::new(1.0, 0.0));
    assert_eq!(
        got[1],
        C64::new(0.0, 0.0),
        "the lower triangle is not written"
    );
    za.copy_from_slice(&[C64::new(0.0, 0.0); 16])
        .expect("reset A");

    let tr_base = Trmv {
        uplo: Fill::Upper,
        trans: Operation::Transpose,
        diag: Diagonal::Unit,
        n: 8,
        a: Batch::one(p),
        lda: 8,
        x: Batch::one(out.as_ptr()),
        incx: 1,
        batch_count: 1,
    };
    // SAFETY: as above.
    let trsv = |t: Trmv<f64>| status(unsafe { level2::trsv(&blas, &t) });
    assert_eq!(trsv(tr_base), Status::Success);
    assert_eq!(
        trsv(Trmv {
            uplo: Fill::Full,
            ..tr_base
        }),
        Status::InvalidValue
    );
    assert_eq!(trsv(Trmv { n: -1, ..tr_base }), Status::InvalidSize);
    assert_eq!(
        trsv(Trmv {
            lda: 0,
            n: 0,
            ..tr_base
        }),
        Status::InvalidSize
    );
    assert_eq!(trsv(Trmv { incx: 0, ..tr_base }), Status::InvalidSize);
    assert_eq!(
        trsv(Trmv {
            batch_count: -1,
            ..tr_base
        }),
        Status::InvalidSize
    );
    assert_eq!(
        trsv(Trmv {
            a: Batch::one(null),
            ..tr_base
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        trsv(Trmv {
            x: Batch::one(null),
            ..tr_base
        }),
        Status::InvalidPointer
    );
    let empty = Trmv {
        n: 0,
        a: Batch::one(null),
        x: Batch::one(null),
        ..tr_base
    };
    assert_eq!(trsv(empty), Status::Success);
    // SAFETY: as above.
    let trmv = |t: Trmv<f64>| status(unsafe { level2::trmv(&blas, &t) });
    assert_eq!(
        trmv(Trmv {
            diag: Diagonal::NonUnit,
            ..tr_base
        }),
        Status::Success
    );
    assert_eq!(
        trmv(Trmv {
            a: Batch::one(null),
            ..tr_base
        }),
        Status::InvalidPointer
    );
}
