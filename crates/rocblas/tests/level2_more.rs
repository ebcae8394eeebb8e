//! The rest of Level 2 through the core entry points: band (`gbmv`, `sbmv`/`hbmv`, `tbmv`,
//! `tbsv`), packed (`spmv`/`hpmv`, `tpmv`, `tpsv`, `spr`/`hpr`, `spr2`/`hpr2`) and full rank-2
//! (`syr2`/`her2`) routines against host references in f64, each in its plain, strided and
//! batched forms: sizes 0, 1, odd and large enough for several work-groups, leading dimensions
//! past the band or the rows, increments 1, 2 and -1, every operation, triangle and diagonal.
//! Elements a routine may not read hold NaN (the band array's unused corners and padding, the
//! other triangle, a unit diagonal, y with beta 0), and those it may not write are checked
//! unchanged, the gaps between strided members included. Then rocBLAS's statuses for bad
//! arguments.

use hip::DeviceBuffer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rocblas::kernel::Ptr;
use rocblas::level2::Field;
use rocblas::level2_band::{self as band, Gbmv, Sbmv, Tbmv};
use rocblas::level2_packed::{self as packed, Hpr, Spmv, Spr, Spr2, Tpmv};
use rocblas::level2_rank2::{self as rank2, Syr2};
use rocblas::level3::Batch;
use rocblas::{Diagonal, Fill, Handle, Operation, PointerMode, Status, C32, C64};
use std::ops::Range;

const OPS: [Operation; 3] = [
    Operation::None,
    Operation::Transpose,
    Operation::ConjugateTranspose,
];
const FILLS: [Fill; 2] = [Fill::Upper, Fill::Lower];
const DIAGS: [Diagonal; 2] = [Diagonal::NonUnit, Diagonal::Unit];
/// (incx, incy): each of 1, 2 and -1 on each side, and both negative.
const INCS: [(i64, i64); 4] = [(1, 1), (2, -1), (-1, 2), (-1, -1)];
const FORMS: [Form; 3] = [Form::Plain, Form::Strided, Form::Batched];

/// A complex f64: the references compute in it.
type W = (f64, f64);

fn add(a: W, b: W) -> W {
    (a.0 + b.0, a.1 + b.1)
}
fn mul(a: W, b: W) -> W {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
fn conj_if(c: bool, a: W) -> W {
    if c {
        (a.0, -a.1)
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
    /// `v` as the real type (`hpr`'s alpha).
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

/// A vector of `len` entries `inc` apart: random, or NaN (y with beta 0: written unread).
fn vector<T: Testable>(r: &mut StdRng, len: usize, inc: i64, poison: bool) -> Vec<T> {
    if poison {
        vec![nan(); span(len, inc)]
    } else {
        random_vec(r, span(len, inc))
    }
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

/// Any buffer after a call: element p close to `want(p)` where that is `Some`, unchanged
/// elsewhere.
fn check_buffer<T: Testable>(
    got: &[T],
    before: &[T],
    k: usize,
    want: impl Fn(usize) -> Option<(W, f64)>,
    what: &str,
) {
    for (p, (&g, &b)) in got.iter().zip(before).enumerate() {
        match want(p) {
            Some((w, scale)) => assert_close(g, w, scale, k, || format!("{what}: element {p}")),
            None => assert!(same(g, b), "{what}: element {p} was written"),
        }
    }
}

fn upload<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("upload")
}

fn download<T: Copy>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec().expect("download")
}

fn status(r: rocblas::Result<()>) -> Status {
    match r {
        Ok(()) => Status::Success,
        Err(e) => e.status,
    }
}

// ---------------------------------------------------------------------------------------------
// The forms of a call: one member, a strided batch, a batch of pointers

#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    Plain,
    Strided,
    Batched,
}

impl Form {
    /// Batch members to try in this form: two for the batched forms, so that groups take
    /// members apart.
    fn count(self) -> usize {
        if self == Form::Plain {
            1
        } else {
            2
        }
    }
}

/// Members of equal length uploaded as a form expects them; strided members are 3 NaN elements
/// apart, which must stay as they are.
struct Placed<T: Copy + 'static> {
    form: Form,
    len: usize,
    stride: usize,
    whole: Option<DeviceBuffer<T>>,
    parts: Vec<DeviceBuffer<T>>,
    list: Option<DeviceBuffer<*const T>>,
}

impl<T: Testable> Placed<T> {
    fn new(form: Form, members: &[Vec<T>]) -> Self {
        let (count, len) = (members.len(), members[0].len());
        let stride = len + 3;
        let mut placed = Placed {
            form,
            len,
            stride,
            whole: None,
            parts: Vec::new(),
            list: None,
        };
        match form {
            Form::Plain => {
                assert_eq!(count, 1);
                placed.whole = Some(upload(&members[0]));
            }
            Form::Strided => {
                let mut v = vec![nan::<T>(); stride * (count - 1) + len];
                for (i, m) in members.iter().enumerate() {
                    v[i * stride..i * stride + len].copy_from_slice(m);
                }
                placed.whole = Some(upload(&v));
            }
            Form::Batched => {
                placed.parts = members.iter().map(|m| upload(m)).collect();
                let ptrs: Vec<*const T> = placed
                    .parts
                    .iter()
                    .map(|b| b.as_ptr() as *const T)
                    .collect();
                placed.list = Some(upload(&ptrs));
            }
        }
        placed
    }

    fn batch(&self) -> Batch<T> {
        match (self.form, &self.whole, &self.list) {
            (Form::Plain, Some(w), _) => Batch::one(w.as_ptr()),
            (Form::Strided, Some(w), _) => Batch::Strided {
                base: Ptr(w.as_ptr()),
                stride: self.stride as i64,
            },
            (_, _, Some(list)) => Batch::Array(Ptr(list.as_ptr() as *const *const T)),
            _ => unreachable!("placed as its form says"),
        }
    }

    /// The members after the call (the gaps between strided ones checked untouched).
    fn members(&self) -> Vec<Vec<T>> {
        match &self.whole {
            Some(w) => {
                let v = download(w);
                let count = (v.len() - self.len) / self.stride + 1;
                for i in 0..count - 1 {
                    let gap = &v[i * self.stride + self.len..(i + 1) * self.stride];
                    assert!(gap.iter().all(|g| g.wide().0.is_nan()), "a gap was written");
                }
                (0..count)
                    .map(|i| v[i * self.stride..i * self.stride + self.len].to_vec())
                    .collect()
            }
            None => self.parts.iter().map(download).collect(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// References

/// `alpha * sum(el(i, p) * x[p]) + beta * y[i]` for each entry i, p over `reach(i)` (value,
/// scale of its terms); y is not read with beta 0.
#[allow(clippy::too_many_arguments)] // the reference's own inputs
fn mv_want(
    len: usize,
    reach: impl Fn(usize) -> Range<usize>,
    el: impl Fn(usize, usize) -> W,
    alpha: W,
    xs: &[W],
    beta: W,
    ys: &[W],
) -> Vec<(W, f64)> {
    (0..len)
        .map(|i| {
            let (mut s, mut scale) = ((0.0, 0.0), 0.0);
            for p in reach(i) {
                let t = mul(el(i, p), xs[p]);
                s = add(s, t);
                scale += abs1(t);
            }
            let mut w = mul(alpha, s);
            scale *= abs1(alpha);
            if beta != (0.0, 0.0) {
                let t = mul(beta, ys[i]);
                w = add(w, t);
                scale += abs1(t);
            }
            (w, scale)
        })
        .collect()
}

/// The entries x should hold after `x = op(A) x` (or, when `solve`, the residual check's:
/// x_i + b_i - (op(A) x)_i, which should be x_i), op(A)(i, p) being `el(i, p)` over `reach(i)`.
fn triangular_want(
    solve: bool,
    n: usize,
    reach: impl Fn(usize) -> Range<usize>,
    el: impl Fn(usize, usize) -> W,
    x0: &[W],
    x: &[W],
) -> Vec<(W, f64)> {
    let xs = if solve { x } else { x0 };
    (0..n)
        .map(|i| {
            let (mut s, mut scale) = ((0.0, 0.0), 0.0);
            for p in reach(i) {
                let t = mul(el(i, p), xs[p]);
                s = add(s, t);
                scale += abs1(t);
            }
            if solve {
                let b = x0[i];
                (add(x[i], add(b, (-s.0, -s.1))), scale + abs1(b))
            } else {
                (s, scale)
            }
        })
        .collect()
}

/// Element (i, j) of a symmetric (Hermitian when `herm`) matrix whose `uplo` triangle's
/// element (r, c) is `stored(r, c)`: the other triangle mirrored, a Hermitian diagonal real.
fn symmetric(uplo: Fill, herm: bool, i: usize, j: usize, stored: impl Fn(usize, usize) -> W) -> W {
    if i == j {
        let d = stored(i, i);
        return if herm { (d.0, 0.0) } else { d };
    }
    if (uplo == Fill::Upper) == (i < j) {
        stored(i, j)
    } else {
        conj_if(herm, stored(j, i))
    }
}

/// op(A)(i, j) of a triangular matrix whose `uplo` triangle's element (r, c) is `stored(r, c)`.
fn triangular(
    (uplo, trans, diag): (Fill, Operation, Diagonal),
    i: usize,
    j: usize,
    stored: impl Fn(usize, usize) -> W,
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
    conj_if(trans == Operation::ConjugateTranspose, stored(r, c))
}

/// A stored element of a triangular matrix: off the diagonal small (`small` times a random
/// value, so that rows sum below 1), on it of magnitude 1 to 2, or NaN with a unit diagonal
/// (which must not be read).
fn triangular_element<T: Testable>(
    r: &mut StdRng,
    diag: Diagonal,
    on_diagonal: bool,
    small: f64,
) -> T {
    if on_diagonal {
        if diag == Diagonal::Unit {
            nan()
        } else {
            T::narrow((1.5 + 0.5 * r.gen_range(-1.0..1.0), r.gen_range(-0.5..0.5)))
        }
    } else {
        let (re, im) = T::random(r).wide();
        T::narrow((re * small, im * small))
    }
}

// ---------------------------------------------------------------------------------------------
// Band storage

/// Where band element (i, j) lies with `above` diagonals above the main one.
fn band_at(above: usize, lda: usize, i: usize, j: usize) -> usize {
    above + i - j + j * lda
}

/// The rows of column j stored in an `uplo` band of order n with k diagonals beside the main.
fn band_rows(uplo: Fill, n: usize, k: usize, j: usize) -> Range<usize> {
    if uplo == Fill::Upper {
        j.saturating_sub(k)..j + 1
    } else {
        j..(j + k + 1).min(n)
    }
}

fn near(n: usize, k: usize, i: usize) -> Range<usize> {
    i.saturating_sub(k)..(i + k + 1).min(n)
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn gbmv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    trans: Operation,
    (m, n): (usize, usize),
    (kl, ku): (usize, usize),
    pad: usize,
    (incx, incy): (i64, i64),
    beta_zero: bool,
) {
    let lda = kl + ku + 1 + pad;
    let (xl, yl) = if trans == Operation::None {
        (n, m)
    } else {
        (m, n)
    };
    let count = form.count();
    let a: Vec<Vec<T>> = (0..count)
        .map(|_| {
            let mut a = vec![nan::<T>(); lda * n.max(1)];
            for j in 0..n {
                for i in j.saturating_sub(ku)..(j + kl + 1).min(m) {
                    a[band_at(ku, lda, i, j)] = T::random(r);
                }
            }
            a
        })
        .collect();
    let x: Vec<Vec<T>> = (0..count).map(|_| vector(r, xl, incx, false)).collect();
    let y0: Vec<Vec<T>> = (0..count).map(|_| vector(r, yl, incy, beta_zero)).collect();
    let (alpha, beta) = (alpha::<T>(), beta::<T>(beta_zero));
    let (pa, px, py) = (
        Placed::new(form, &a),
        Placed::new(form, &x),
        Placed::new(form, &y0),
    );
    let g = Gbmv {
        trans,
        m: m as i64,
        n: n as i64,
        kl: kl as i64,
        ku: ku as i64,
        alpha: &alpha,
        a: pa.batch(),
        lda: lda as i64,
        x: px.batch(),
        incx,
        beta: &beta,
        y: py.batch(),
        incy,
        batch_count: count as i64,
    };
    // SAFETY: the placed buffers hold every member; the scalars outlive the call.
    unsafe { band::gbmv(blas, PointerMode::Host, &g) }.expect("gbmv");
    let what = format!(
        "{:?} {}gbmv {trans:?} {m}x{n} kl {kl} ku {ku} lda {lda} incx {incx} incy {incy}",
        form,
        T::PREFIX
    );
    for (b, y) in py.members().iter().enumerate() {
        if m == 0 || n == 0 {
            assert!(y.iter().zip(&y0[b]).all(|(&g, &o)| same(g, o)), "{what}");
            continue;
        }
        let at = |i: usize, j: usize| a[b][band_at(ku, lda, i, j)].wide();
        let (xs, ys) = (entries(&x[b], xl, incx), entries(&y0[b], yl, incy));
        let want = if trans == Operation::None {
            let reach = |i: usize| i.saturating_sub(kl).min(n)..(i + ku + 1).min(n);
            mv_want(m, reach, at, alpha.wide(), &xs, beta.wide(), &ys)
        } else {
            let conj = trans == Operation::ConjugateTranspose;
            let reach = |j: usize| j.saturating_sub(ku).min(m)..(j + kl + 1).min(m);
            let el = |j: usize, i: usize| conj_if(conj, at(i, j));
            mv_want(n, reach, el, alpha.wide(), &xs, beta.wide(), &ys)
        };
        check_vector(y, &y0[b], incy, kl + ku + 1, &want, &format!("{what} #{b}"));
    }
}

fn gbmv_sweep<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    // (m, n, kl, ku): empty, tiny, bands wider than the matrix, odd, and one long enough for
    // several work-groups.
    let shapes = [
        (0, 3, 1, 1),
        (3, 0, 0, 2),
        (1, 1, 0, 0),
        (7, 5, 2, 1),
        (5, 9, 6, 7),
        (33, 40, 3, 0),
        (40, 33, 0, 4),
        (40000, 39000, 1, 2),
    ];
    for (t, &trans) in OPS.iter().enumerate() {
        for (s, &(m, n, kl, ku)) in shapes.iter().enumerate() {
            for (f, &form) in FORMS.iter().enumerate() {
                let (pad, incs) = ((s + f) % 3, INCS[(s + t + f) % 4]);
                let beta_zero = (s + t) % 2 == 0;
                gbmv_case::<T>(
                    &mut r,
                    &blas,
                    form,
                    trans,
                    (m, n),
                    (kl, ku),
                    pad,
                    incs,
                    beta_zero,
                );
            }
        }
    }
}

/// A symmetric band matrix's `uplo` band, random (a Hermitian diagonal's imaginary parts too,
/// which must be ignored), NaN outside it.
fn symmetric_band<T: Testable>(
    r: &mut StdRng,
    uplo: Fill,
    n: usize,
    k: usize,
    lda: usize,
) -> Vec<T> {
    let above = if uplo == Fill::Upper { k } else { 0 };
    let mut a = vec![nan::<T>(); lda * n.max(1)];
    for j in 0..n {
        for i in band_rows(uplo, n, k, j) {
            a[band_at(above, lda, i, j)] = T::random(r);
        }
    }
    a
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn sbmv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    herm: bool,
    uplo: Fill,
    (n, k): (usize, usize),
    pad: usize,
    (incx, incy): (i64, i64),
    beta_zero: bool,
) {
    let lda = k + 1 + pad;
    let count = form.count();
    let a: Vec<Vec<T>> = (0..count)
        .map(|_| symmetric_band(r, uplo, n, k, lda))
        .collect();
    let x: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incx, false)).collect();
    let y0: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incy, beta_zero)).collect();
    let (alpha, beta) = (alpha::<T>(), beta::<T>(beta_zero));
    let (pa, px, py) = (
        Placed::new(form, &a),
        Placed::new(form, &x),
        Placed::new(form, &y0),
    );
    let g = Sbmv {
        uplo,
        n: n as i64,
        k: k as i64,
        alpha: &alpha,
        a: pa.batch(),
        lda: lda as i64,
        x: px.batch(),
        incx,
        beta: &beta,
        y: py.batch(),
        incy,
        batch_count: count as i64,
    };
    // SAFETY: the placed buffers hold every member; the scalars outlive the call.
    unsafe {
        if herm {
            band::hbmv(blas, PointerMode::Host, &g)
        } else {
            band::sbmv(blas, PointerMode::Host, &g)
        }
    }
    .expect("sbmv");
    let what = format!(
        "{form:?} {}{} {uplo:?} n {n} k {k} lda {lda} incx {incx} incy {incy}",
        T::PREFIX,
        if herm { "hbmv" } else { "sbmv" }
    );
    let above = if uplo == Fill::Upper { k } else { 0 };
    for (b, y) in py.members().iter().enumerate() {
        let stored = |i: usize, j: usize| a[b][band_at(above, lda, i, j)].wide();
        let el = |i: usize, j: usize| symmetric(uplo, herm, i, j, stored);
        let (xs, ys) = (entries(&x[b], n, incx), entries(&y0[b], n, incy));
        let want = mv_want(
            n,
            |i| near(n, k, i),
            el,
            alpha.wide(),
            &xs,
            beta.wide(),
            &ys,
        );
        check_vector(y, &y0[b], incy, 2 * k + 1, &want, &format!("{what} #{b}"));
    }
}

fn sbmv_sweep<T: Testable>(seed: u64, herm: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let shapes = [(0, 2), (1, 0), (1, 3), (7, 2), (9, 12), (33, 5), (40000, 2)];
    for (u, &uplo) in FILLS.iter().enumerate() {
        for (s, &shape) in shapes.iter().enumerate() {
            for (f, &form) in FORMS.iter().enumerate() {
                let (pad, incs) = ((s + f) % 3, INCS[(s + u + f) % 4]);
                let beta_zero = (s + u + f) % 2 == 0;
                sbmv_case::<T>(&mut r, &blas, form, herm, uplo, shape, pad, incs, beta_zero);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn tbmv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    solve: bool,
    shape: (Fill, Operation, Diagonal),
    (n, k): (usize, usize),
    pad: usize,
    incx: i64,
) {
    let (uplo, trans, diag) = shape;
    let lda = k + 1 + pad;
    let above = if uplo == Fill::Upper { k } else { 0 };
    let count = form.count();
    let small = 0.9 / (k.min(n) + 1) as f64;
    let a: Vec<Vec<T>> = (0..count)
        .map(|_| {
            let mut a = vec![nan::<T>(); lda * n.max(1)];
            for j in 0..n {
                for i in band_rows(uplo, n, k, j) {
                    a[band_at(above, lda, i, j)] = triangular_element(r, diag, i == j, small);
                }
            }
            a
        })
        .collect();
    let x0: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incx, false)).collect();
    let (pa, px) = (Placed::new(form, &a), Placed::new(form, &x0));
    let t = Tbmv {
        uplo,
        trans,
        diag,
        n: n as i64,
        k: k as i64,
        a: pa.batch(),
        lda: lda as i64,
        x: px.batch(),
        incx,
        batch_count: count as i64,
    };
    // SAFETY: the placed buffers hold every member.
    unsafe {
        if solve {
            band::tbsv(blas, &t)
        } else {
            band::tbmv(blas, &t)
        }
    }
    .expect("tbmv");
    let what = format!(
        "{form:?} {}{} {uplo:?} {trans:?} {diag:?} n {n} k {k} lda {lda} incx {incx}",
        T::PREFIX,
        if solve { "tbsv" } else { "tbmv" }
    );
    for (b, x) in px.members().iter().enumerate() {
        let stored = |i: usize, j: usize| a[b][band_at(above, lda, i, j)].wide();
        let el = |i: usize, j: usize| triangular(shape, i, j, stored);
        let (xs0, xs) = (entries(&x0[b], n, incx), entries(x, n, incx));
        let want = triangular_want(solve, n, |i| near(n, k, i), el, &xs0, &xs);
        check_vector(x, &x0[b], incx, 2 * k + 2, &want, &format!("{what} #{b}"));
    }
}

fn tbmv_sweep<T: Testable>(seed: u64, solve: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let shapes = [(0, 1), (1, 0), (1, 2), (7, 2), (9, 12), (40, 5)];
    for &uplo in &FILLS {
        for (t, &trans) in OPS.iter().enumerate() {
            for &diag in &DIAGS {
                for (s, &shape) in shapes.iter().enumerate() {
                    let f = (s + t + diag as usize) % 3;
                    let incx = INCS[(s + t) % 4].0;
                    let tri = (uplo, trans, diag);
                    tbmv_case::<T>(&mut r, &blas, FORMS[f], solve, tri, shape, s % 3, incx);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Packed storage

/// Where stored element (i, j) of a packed `uplo` triangle of order n lies.
fn packed_at(uplo: Fill, n: usize, i: usize, j: usize) -> usize {
    if uplo == Fill::Upper {
        i + j * (j + 1) / 2
    } else {
        i + j * (2 * n - j - 1) / 2
    }
}

/// The (i, j) of each packed element, in storage order.
fn packed_positions(uplo: Fill, n: usize) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for j in 0..n {
        let rows = if uplo == Fill::Upper { 0..j + 1 } else { j..n };
        v.extend(rows.map(|i| (i, j)));
    }
    v
}

fn packed_len(n: usize) -> usize {
    (n * (n + 1) / 2).max(1)
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn spmv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    herm: bool,
    uplo: Fill,
    n: usize,
    (incx, incy): (i64, i64),
    beta_zero: bool,
) {
    let count = form.count();
    let a: Vec<Vec<T>> = (0..count).map(|_| random_vec(r, packed_len(n))).collect();
    let x: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incx, false)).collect();
    let y0: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incy, beta_zero)).collect();
    let (alpha, beta) = (alpha::<T>(), beta::<T>(beta_zero));
    let (pa, px, py) = (
        Placed::new(form, &a),
        Placed::new(form, &x),
        Placed::new(form, &y0),
    );
    let g = Spmv {
        uplo,
        n: n as i64,
        alpha: &alpha,
        a: pa.batch(),
        x: px.batch(),
        incx,
        beta: &beta,
        y: py.batch(),
        incy,
        batch_count: count as i64,
    };
    // SAFETY: the placed buffers hold every member; the scalars outlive the call.
    unsafe {
        if herm {
            packed::hpmv(blas, PointerMode::Host, &g)
        } else {
            packed::spmv(blas, PointerMode::Host, &g)
        }
    }
    .expect("spmv");
    let what = format!(
        "{form:?} {}{} {uplo:?} n {n} incx {incx} incy {incy}",
        T::PREFIX,
        if herm { "hpmv" } else { "spmv" }
    );
    for (b, y) in py.members().iter().enumerate() {
        let stored = |i: usize, j: usize| a[b][packed_at(uplo, n, i, j)].wide();
        let el = |i: usize, j: usize| symmetric(uplo, herm, i, j, stored);
        let (xs, ys) = (entries(&x[b], n, incx), entries(&y0[b], n, incy));
        let want = mv_want(n, |_| 0..n, el, alpha.wide(), &xs, beta.wide(), &ys);
        check_vector(y, &y0[b], incy, n, &want, &format!("{what} #{b}"));
    }
}

fn spmv_sweep<T: Testable>(seed: u64, herm: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for (u, &uplo) in FILLS.iter().enumerate() {
        for (s, &n) in [0, 1, 7, 33, 600].iter().enumerate() {
            for (f, &form) in FORMS.iter().enumerate() {
                let incs = INCS[(s + u + f) % 4];
                spmv_case::<T>(&mut r, &blas, form, herm, uplo, n, incs, (s + f) % 2 == 0);
            }
        }
    }
}

fn tpmv_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    solve: bool,
    shape: (Fill, Operation, Diagonal),
    n: usize,
    incx: i64,
) {
    let (uplo, trans, diag) = shape;
    let count = form.count();
    let small = 0.9 / n.max(1) as f64;
    let a: Vec<Vec<T>> = (0..count)
        .map(|_| {
            let mut a = vec![nan::<T>(); packed_len(n)];
            for (p, (i, j)) in packed_positions(uplo, n).into_iter().enumerate() {
                a[p] = triangular_element(r, diag, i == j, small);
            }
            a
        })
        .collect();
    let x0: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incx, false)).collect();
    let (pa, px) = (Placed::new(form, &a), Placed::new(form, &x0));
    let t = Tpmv {
        uplo,
        trans,
        diag,
        n: n as i64,
        a: pa.batch(),
        x: px.batch(),
        incx,
        batch_count: count as i64,
    };
    // SAFETY: the placed buffers hold every member.
    unsafe {
        if solve {
            packed::tpsv(blas, &t)
        } else {
            packed::tpmv(blas, &t)
        }
    }
    .expect("tpmv");
    let what = format!(
        "{form:?} {}{} {uplo:?} {trans:?} {diag:?} n {n} incx {incx}",
        T::PREFIX,
        if solve { "tpsv" } else { "tpmv" }
    );
    for (b, x) in px.members().iter().enumerate() {
        let stored = |i: usize, j: usize| a[b][packed_at(uplo, n, i, j)].wide();
        let el = |i: usize, j: usize| triangular(shape, i, j, stored);
        let (xs0, xs) = (entries(&x0[b], n, incx), entries(x, n, incx));
        let want = triangular_want(solve, n, |_| 0..n, el, &xs0, &xs);
        check_vector(x, &x0[b], incx, n + 1, &want, &format!("{what} #{b}"));
    }
}

fn tpmv_sweep<T: Testable>(seed: u64, solve: bool) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for &uplo in &FILLS {
        for (t, &trans) in OPS.iter().enumerate() {
            for &diag in &DIAGS {
                for (s, &n) in [0, 1, 7, 33, 90].iter().enumerate() {
                    let f = (s + t + diag as usize) % 3;
                    let incx = INCS[(s + t) % 4].0;
                    tpmv_case::<T>(&mut r, &blas, FORMS[f], solve, (uplo, trans, diag), n, incx);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rank updates: spr, hpr, spr2, hpr2 (packed) and syr2, her2 (full)

/// Which rank update a case runs.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Update {
    Spr,
    Hpr,
    Spr2,
    Hpr2,
    Syr2,
    Her2,
}

impl Update {
    fn herm(self) -> bool {
        matches!(self, Update::Hpr | Update::Hpr2 | Update::Her2)
    }
    fn two(self) -> bool {
        !matches!(self, Update::Spr | Update::Hpr)
    }
    fn full(self) -> bool {
        matches!(self, Update::Syr2 | Update::Her2)
    }
}

/// What A(i, j) becomes: `a + alpha x_i op(x_j)` (rank 1) or `a + alpha x_i op(y_j) +
/// op(alpha) y_i op(x_j)` (rank 2), op the conjugate for the Hermitian ones, whose diagonal
/// comes out real.
fn updated(
    kind: Update,
    alpha: W,
    a: W,
    (xi, xj): (W, W),
    (yi, yj): (W, W),
    diagonal: bool,
) -> (W, f64) {
    let h = kind.herm();
    let mut terms = vec![mul(
        alpha,
        mul(xi, conj_if(h, if kind.two() { yj } else { xj })),
    )];
    if kind.two() {
        terms.push(mul(conj_if(h, alpha), mul(yi, conj_if(h, xj))));
    }
    let mut w = a;
    let mut scale = abs1(a);
    for t in terms {
        w = add(w, t);
        scale += abs1(t);
    }
    if h && diagonal {
        w.1 = 0.0;
    }
    (w, scale)
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn update_case<T: Testable>(
    r: &mut StdRng,
    blas: &Handle,
    form: Form,
    kind: Update,
    uplo: Fill,
    n: usize,
    pad: usize,
    (incx, incy): (i64, i64),
) {
    let count = form.count();
    let lda = n.max(1) + pad;
    // Full storage: the other triangle and the rows past n hold NaN and must stay so.
    let a0: Vec<Vec<T>> = (0..count)
        .map(|_| {
            if kind.full() {
                let mut a = vec![nan::<T>(); lda * n.max(1)];
                for (i, j) in packed_positions(uplo, n) {
                    a[i + j * lda] = T::random(r);
                }
                a
            } else {
                random_vec(r, packed_len(n))
            }
        })
        .collect();
    let x: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incx, false)).collect();
    let y: Vec<Vec<T>> = (0..count).map(|_| vector(r, n, incy, false)).collect();
    let alpha = if kind == Update::Hpr {
        (0.75, 0.0)
    } else {
        alpha::<T>().wide()
    };
    let (ta, ra) = (T::narrow(alpha), T::real(alpha.0));
    let (pa, px, py) = (
        Placed::new(form, &a0),
        Placed::new(form, &x),
        Placed::new(form, &y),
    );
    let (nn, bc, host) = (n as i64, count as i64, PointerMode::Host);
    // SAFETY: the placed buffers hold every member; alpha outlives the call.
    let done = unsafe {
        match kind {
            Update::Spr | Update::Hpr => {
                if kind == Update::Spr {
                    let g = Spr {
                        uplo,
                        n: nn,
                        alpha: &ta,
                        x: px.batch(),
                        incx,
                        a: pa.batch(),
                        batch_count: bc,
                    };
                    packed::spr(blas, host, &g)
                } else {
                    let g = Hpr::<T> {
                        uplo,
                        n: nn,
                        alpha: &ra,
                        x: px.batch(),
                        incx,
                        a: pa.batch(),
                        batch_count: bc,
                    };
                    packed::hpr(blas, host, &g)
                }
            }
            Update::Spr2 | Update::Hpr2 => {
                let g = Spr2 {
                    uplo,
                    n: nn,
                    alpha: &ta,
                    x: px.batch(),
                    incx,
                    y: py.batch(),
                    incy,
                    a: pa.batch(),
                    batch_count: bc,
                };
                if kind == Update::Spr2 {
                    packed::spr2(blas, host, &g)
                } else {
                    packed::hpr2(blas, host, &g)
                }
            }
            Update::Syr2 | Update::Her2 => {
                let g = Syr2 {
                    uplo,
                    n: nn,
                    alpha: &ta,
                    x: px.batch(),
                    incx,
                    y: py.batch(),
                    incy,
                    a: pa.batch(),
                    lda: lda as i64,
                    batch_count: bc,
                };
                if kind == Update::Syr2 {
                    rank2::syr2(blas, host, &g)
                } else {
                    rank2::her2(blas, host, &g)
                }
            }
        }
    };
    done.expect("rank update");
    let what = format!(
        "{form:?} {}{kind:?} {uplo:?} n {n} lda {lda} incx {incx} incy {incy}",
        T::PREFIX
    );
    let positions = packed_positions(uplo, n);
    for (b, a) in pa.members().iter().enumerate() {
        let (xs, ys) = (entries(&x[b], n, incx), entries(&y[b], n, incy));
        let want_at = |i: usize, j: usize, v: T| {
            updated(
                kind,
                alpha,
                v.wide(),
                (xs[i], xs[j]),
                (ys[i], ys[j]),
                i == j,
            )
        };
        let what = format!("{what} #{b}");
        if kind.full() {
            let want = |p: usize| {
                let (i, j) = (p % lda, p / lda);
                let stored = i < n && j < n && ((uplo == Fill::Upper) == (i <= j) || i == j);
                stored.then(|| want_at(i, j, a0[b][p]))
            };
            check_buffer(a, &a0[b], 2, want, &what);
        } else {
            let want = |p: usize| positions.get(p).map(|&(i, j)| want_at(i, j, a0[b][p]));
            check_buffer(a, &a0[b], 2, want, &what);
        }
        if kind.herm() {
            for j in 0..n {
                let p = if kind.full() {
                    j + j * lda
                } else {
                    packed_at(uplo, n, j, j)
                };
                assert_eq!(a[p].wide().1, 0.0, "{what}: A({j},{j}) is not real");
            }
        }
    }
}

fn update_sweep<T: Testable>(seed: u64, kinds: &[Update]) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    for (k, &kind) in kinds.iter().enumerate() {
        for (u, &uplo) in FILLS.iter().enumerate() {
            for (s, &n) in [0, 1, 7, 33, 700].iter().enumerate() {
                for (f, &form) in FORMS.iter().enumerate() {
                    let incs = INCS[(s + u + f + k) % 4];
                    update_case::<T>(&mut r, &blas, form, kind, uplo, n, (s + f) % 3, incs);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Device pointer mode

fn device_scalars<T: Testable>(seed: u64) {
    let mut r = StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let (m, n, kl, ku, lda) = (50, 40, 2, 3, 7);
    let a: Vec<T> = random_vec(&mut r, lda * n);
    let x: Vec<T> = random_vec(&mut r, n);
    let y0: Vec<T> = random_vec(&mut r, m);
    let (alpha, beta) = (alpha::<T>(), beta::<T>(false));
    let (da, dx, dy) = (upload(&a), upload(&x), upload(&y0));
    let (d_alpha, d_beta) = (upload(&[alpha]), upload(&[beta]));
    let g = Gbmv {
        trans: Operation::None,
        m: m as i64,
        n: n as i64,
        kl: kl as i64,
        ku: ku as i64,
        alpha: d_alpha.as_ptr(),
        a: Batch::one(da.as_ptr()),
        lda: lda as i64,
        x: Batch::one(dx.as_ptr()),
        incx: 1,
        beta: d_beta.as_ptr(),
        y: Batch::one(dy.as_ptr()),
        incy: -1,
        batch_count: 1,
    };
    // SAFETY: the scalars and buffers are device memory that outlives the kernel.
    unsafe { band::gbmv(&blas, PointerMode::Device, &g) }.expect("device-mode gbmv");
    let y = download(&dy);
    let at = |i: usize, j: usize| a[band_at(ku, lda, i, j)].wide();
    let reach = |i: usize| i.saturating_sub(kl).min(n)..(i + ku + 1).min(n);
    let (xs, ys) = (entries(&x, n, 1), entries(&y0, m, -1));
    let want = mv_want(m, reach, at, alpha.wide(), &xs, beta.wide(), &ys);
    check_vector(&y, &y0, -1, 6, &want, "device-mode gbmv");

    // alpha 0 and beta 1 known only when the kernel runs: y is left as it was and A and x,
    // all NaN, are not read.
    let poison = upload(&vec![nan::<T>(); lda * n]);
    let (zero, one) = (upload(&[T::ZERO]), upload(&[T::ONE]));
    let g = Gbmv {
        alpha: zero.as_ptr(),
        beta: one.as_ptr(),
        a: Batch::one(poison.as_ptr()),
        x: Batch::one(poison.as_ptr()),
        ..g
    };
    // SAFETY: as above.
    unsafe { band::gbmv(&blas, PointerMode::Device, &g) }.expect("device-mode quick gbmv");
    assert!(download(&dy).iter().zip(&y).all(|(&g, &b)| same(g, b)));

    // A rank-2 update with alpha 0 from device memory leaves A alone.
    let ap0: Vec<T> = random_vec(&mut r, packed_len(9));
    let dap = upload(&ap0);
    let g = Spr2 {
        uplo: Fill::Lower,
        n: 9,
        alpha: zero.as_ptr(),
        x: Batch::one(poison.as_ptr()),
        incx: 1,
        y: Batch::one(poison.as_ptr()),
        incy: 1,
        a: Batch::one(dap.as_ptr()),
        batch_count: 1,
    };
    // SAFETY: as above.
    unsafe { packed::spr2(&blas, PointerMode::Device, &g) }.expect("device-mode spr2");
    assert!(download(&dap).iter().zip(&ap0).all(|(&g, &b)| same(g, b)));
}

// ---------------------------------------------------------------------------------------------
// The tests, per element type

macro_rules! suite {
    ($($name:ident: $t:ty, $seed:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn gbmv_matches_the_host() {
                gbmv_sweep::<$t>($seed);
            }
            #[test]
            fn tbmv_matches_the_host() {
                tbmv_sweep::<$t>($seed + 10, false);
            }
            #[test]
            fn tbsv_solves() {
                tbmv_sweep::<$t>($seed + 20, true);
            }
            #[test]
            fn tpmv_matches_the_host() {
                tpmv_sweep::<$t>($seed + 30, false);
            }
            #[test]
            fn tpsv_solves() {
                tpmv_sweep::<$t>($seed + 40, true);
            }
            #[test]
            fn spr_and_syr2_match_the_host() {
                update_sweep::<$t>($seed + 50, &[Update::Spr, Update::Syr2]);
            }
            #[test]
            fn device_pointer_mode() {
                device_scalars::<$t>($seed + 60);
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

/// The routines only s and d have in rocBLAS.
macro_rules! real_suite {
    ($($name:ident: $t:ty, $seed:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn sbmv_matches_the_host() {
                sbmv_sweep::<$t>($seed, false);
            }
            #[test]
            fn spmv_matches_the_host() {
                spmv_sweep::<$t>($seed + 1, false);
            }
            #[test]
            fn spr2_matches_the_host() {
                update_sweep::<$t>($seed + 2, &[Update::Spr2]);
            }
        }
    )*};
}

real_suite! {
    s_only: f32, 100;
    d_only: f64, 200;
}

/// The routines only c and z have in rocBLAS.
macro_rules! complex_suite {
    ($($name:ident: $t:ty, $seed:literal;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn hbmv_matches_the_host() {
                sbmv_sweep::<$t>($seed, true);
            }
            #[test]
            fn hpmv_matches_the_host() {
                spmv_sweep::<$t>($seed + 1, true);
            }
            #[test]
            fn hpr_hpr2_and_her2_match_the_host() {
                update_sweep::<$t>($seed + 2, &[Update::Hpr, Update::Hpr2, Update::Her2]);
            }
        }
    )*};
}

complex_suite! {
    c_only: C32, 300;
    z_only: C64, 400;
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn band_routines_check_like_rocblas() {
    let blas = Handle::new().expect("handle");
    let buf = upload(&[1.0f64; 64]);
    let out = upload(&[3.0f64; 8]);
    let p = buf.as_ptr() as *const f64;
    let null: *const f64 = std::ptr::null();
    let (one, zero) = (1.0f64, 0.0f64);
    let host = PointerMode::Host;
    let base = Gbmv {
        trans: Operation::None,
        m: 8,
        n: 8,
        kl: 1,
        ku: 2,
        alpha: &one,
        a: Batch::one(p),
        lda: 4,
        x: Batch::one(p),
        incx: 1,
        beta: &zero,
        y: Batch::one(out.as_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: in every call below, the non-null pointers cover the call's band (4 x 8 at most)
    // and 8-entry vectors, and the scalars outlive the calls.
    let gbmv = |g: Gbmv<f64>, mode| status(unsafe { band::gbmv(&blas, mode, &g) });
    assert_eq!(gbmv(base, host), Status::Success);
    for bad in [
        Gbmv { m: -1, ..base },
        Gbmv { n: -1, ..base },
        Gbmv { kl: -1, ..base },
        Gbmv { ku: -1, ..base },
        Gbmv { lda: 3, ..base },
        Gbmv { incx: 0, ..base },
        Gbmv { incy: 0, ..base },
        Gbmv {
            batch_count: -1,
            ..base
        },
        // Sizes are checked before the quick return for empty ones.
        Gbmv {
            m: 0,
            lda: 3,
            ..base
        },
    ] {
        assert_eq!(gbmv(bad, host), Status::InvalidSize);
    }
    for bad in [
        Gbmv {
            alpha: null,
            ..base
        },
        Gbmv { beta: null, ..base },
        Gbmv {
            a: Batch::one(null),
            ..base
        },
        Gbmv {
            x: Batch::one(null),
            ..base
        },
        Gbmv {
            y: Batch::one(null),
            ..base
        },
    ] {
        assert_eq!(gbmv(bad, host), Status::InvalidPointer);
    }
    assert_eq!(
        gbmv(
            Gbmv {
                a: Batch::one(null),
                ..base
            },
            PointerMode::Device
        ),
        Status::InvalidPointer,
        "ferrocm checks A in device mode too (reading null would end the process)"
    );
    let nothing = Gbmv {
        alpha: null,
        beta: null,
        a: Batch::one(null),
        x: Batch::one(null),
        y: Batch::one(null),
        ..base
    };
    assert_eq!(gbmv(Gbmv { n: 0, ..nothing }, host), Status::Success);
    assert_eq!(
        gbmv(
            Gbmv {
                batch_count: 0,
                ..nothing
            },
            host
        ),
        Status::Success
    );
    // alpha 0 and beta 1: nothing read, not even y; alpha 0 alone: A and x not read.
    let quick = Gbmv {
        alpha: &zero,
        beta: &one,
        ..nothing
    };
    assert_eq!(gbmv(quick, host), Status::Success);
    let scale = Gbmv {
        alpha: &zero,
        a: Batch::one(null),
        x: Batch::one(null),
        ..base
    };
    assert_eq!(gbmv(scale, host), Status::Success);

    let sb = Sbmv {
        uplo: Fill::Upper,
        n: 8,
        k: 2,
        alpha: &one,
        a: Batch::one(p),
        lda: 3,
        x: Batch::one(p),
        incx: 1,
        beta: &zero,
        y: Batch::one(out.as_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: as above.
    let sbmv = |g: Sbmv<f64>| status(unsafe { band::sbmv(&blas, host, &g) });
    assert_eq!(sbmv(sb), Status::Success);
    // The enum is checked first: full with a negative size is still invalid_value.
    assert_eq!(
        sbmv(Sbmv {
            uplo: Fill::Full,
            n: -1,
            ..sb
        }),
        Status::InvalidValue
    );
    for bad in [
        Sbmv { n: -1, ..sb },
        Sbmv { k: -1, ..sb },
        Sbmv { lda: 2, ..sb },
        Sbmv { incy: 0, ..sb },
        Sbmv {
            batch_count: -1,
            ..sb
        },
    ] {
        assert_eq!(sbmv(bad), Status::InvalidSize);
    }
    assert_eq!(
        sbmv(Sbmv {
            y: Batch::one(null),
            ..sb
        }),
        Status::InvalidPointer
    );
    assert_eq!(sbmv(Sbmv { alpha: null, ..sb }), Status::InvalidPointer);
    assert_eq!(
        sbmv(Sbmv {
            n: 0,
            y: Batch::one(null),
            ..sb
        }),
        Status::Success
    );

    let tb = Tbmv {
        uplo: Fill::Lower,
        trans: Operation::Transpose,
        diag: Diagonal::Unit,
        n: 8,
        k: 3,
        a: Batch::one(p),
        lda: 4,
        x: Batch::one(out.as_ptr()),
        incx: -1,
        batch_count: 1,
    };
    // SAFETY: as above.
    let tbsv = |t: Tbmv<f64>| status(unsafe { band::tbsv(&blas, &t) });
    // SAFETY: as above.
    let tbmv = |t: Tbmv<f64>| status(unsafe { band::tbmv(&blas, &t) });
    assert_eq!(tbsv(tb), Status::Success);
    assert_eq!(tbmv(tb), Status::Success);
    assert_eq!(
        tbsv(Tbmv {
            uplo: Fill::Full,
            ..tb
        }),
        Status::InvalidValue
    );
    for bad in [
        Tbmv { n: -1, ..tb },
        Tbmv { k: -1, ..tb },
        Tbmv { lda: 3, ..tb },
        Tbmv { incx: 0, ..tb },
        Tbmv {
            batch_count: -1,
            ..tb
        },
    ] {
        assert_eq!(tbsv(bad), Status::InvalidSize);
        assert_eq!(tbmv(bad), Status::InvalidSize);
    }
    assert_eq!(
        tbsv(Tbmv {
            a: Batch::one(null),
            ..tb
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        tbmv(Tbmv {
            x: Batch::one(null),
            ..tb
        }),
        Status::InvalidPointer
    );
    let empty = Tbmv {
        n: 0,
        a: Batch::one(null),
        x: Batch::one(null),
        ..tb
    };
    assert_eq!(tbsv(empty), Status::Success);
}

#[test]
fn packed_and_rank2_routines_check_like_rocblas() {
    let blas = Handle::new().expect("handle");
    let buf = upload(&[1.0f64; 64]);
    let out = upload(&[3.0f64; 64]);
    let p = buf.as_ptr() as *const f64;
    let o = out.as_ptr() as *const f64;
    let null: *const f64 = std::ptr::null();
    let (one, zero) = (1.0f64, 0.0f64);
    let host = PointerMode::Host;

    let sp = Spmv {
        uplo: Fill::Lower,
        n: 8,
        alpha: &one,
        a: Batch::one(p),
        x: Batch::one(p),
        incx: 1,
        beta: &zero,
        y: Batch::one(o),
        incy: 2,
        batch_count: 1,
    };
    // SAFETY: in every call below, the non-null pointers cover an 8 x 8 matrix (packed or
    // full) and 8-entry vectors at their increments; the scalars outlive the calls.
    let spmv = |g: Spmv<f64>| status(unsafe { packed::spmv(&blas, host, &g) });
    assert_eq!(spmv(sp), Status::Success);
    assert_eq!(
        spmv(Spmv {
            uplo: Fill::Full,
            ..sp
        }),
        Status::InvalidValue
    );
    assert_eq!(spmv(Spmv { n: -1, ..sp }), Status::InvalidSize);
    assert_eq!(spmv(Spmv { incx: 0, ..sp }), Status::InvalidSize);
    assert_eq!(
        spmv(Spmv {
            batch_count: -1,
            ..sp
        }),
        Status::InvalidSize
    );
    assert_eq!(spmv(Spmv { beta: null, ..sp }), Status::InvalidPointer);
    assert_eq!(
        spmv(Spmv {
            a: Batch::one(null),
            ..sp
        }),
        Status::InvalidPointer
    );
    let quick = Spmv {
        alpha: &zero,
        beta: &one,
        a: Batch::one(null),
        x: Batch::one(null),
        y: Batch::one(null),
        ..sp
    };
    assert_eq!(spmv(quick), Status::Success);

    let tp = Tpmv {
        uplo: Fill::Upper,
        trans: Operation::ConjugateTranspose,
        diag: Diagonal::NonUnit,
        n: 8,
        a: Batch::one(p),
        x: Batch::one(o),
        incx: 1,
        batch_count: 1,
    };
    // SAFETY: as above.
    let tpsv = |t: Tpmv<f64>| status(unsafe { packed::tpsv(&blas, &t) });
    // SAFETY: as above.
    let tpmv = |t: Tpmv<f64>| status(unsafe { packed::tpmv(&blas, &t) });
    assert_eq!(tpmv(tp), Status::Success);
    assert_eq!(tpsv(tp), Status::Success);
    assert_eq!(
        tpsv(Tpmv {
            uplo: Fill::Full,
            ..tp
        }),
        Status::InvalidValue
    );
    assert_eq!(tpsv(Tpmv { n: -1, ..tp }), Status::InvalidSize);
    assert_eq!(tpmv(Tpmv { incx: 0, ..tp }), Status::InvalidSize);
    assert_eq!(
        tpmv(Tpmv {
            a: Batch::one(null),
            ..tp
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        tpsv(Tpmv {
            x: Batch::one(null),
            ..tp
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        tpsv(Tpmv {
            n: 0,
            x: Batch::one(null),
            ..tp
        }),
        Status::Success
    );

    let s1 = Spr {
        uplo: Fill::Upper,
        n: 8,
        alpha: &one,
        x: Batch::one(p),
        incx: 1,
        a: Batch::one(o),
        batch_count: 1,
    };
    // SAFETY: as above.
    let spr = |g: Spr<f64>| status(unsafe { packed::spr(&blas, host, &g) });
    assert_eq!(spr(s1), Status::Success);
    assert_eq!(
        spr(Spr {
            uplo: Fill::Full,
            ..s1
        }),
        Status::InvalidValue
    );
    assert_eq!(spr(Spr { incx: 0, ..s1 }), Status::InvalidSize);
    assert_eq!(spr(Spr { alpha: null, ..s1 }), Status::InvalidPointer);
    assert_eq!(
        spr(Spr {
            a: Batch::one(null),
            ..s1
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        spr(Spr {
            x: Batch::one(null),
            ..s1
        }),
        Status::InvalidPointer
    );
    let idle = Spr {
        alpha: &zero,
        x: Batch::one(null),
        a: Batch::one(null),
        ..s1
    };
    assert_eq!(spr(idle), Status::Success);
    assert_eq!(
        spr(Spr {
            n: 0,
            alpha: null,
            ..s1
        }),
        Status::Success
    );

    let s2 = Spr2 {
        uplo: Fill::Lower,
        n: 8,
        alpha: &one,
        x: Batch::one(p),
        incx: 1,
        y: Batch::one(p),
        incy: 1,
        a: Batch::one(o),
        batch_count: 1,
    };
    // SAFETY: as above.
    let spr2 = |g: Spr2<f64>| status(unsafe { packed::spr2(&blas, host, &g) });
    assert_eq!(spr2(s2), Status::Success);
    assert_eq!(spr2(Spr2 { incy: 0, ..s2 }), Status::InvalidSize);
    assert_eq!(
        spr2(Spr2 {
            y: Batch::one(null),
            ..s2
        }),
        Status::InvalidPointer
    );

    let zx = upload(&[C64::new(1.0, 0.0); 8]);
    let za = upload(&[C64::new(0.0, 1.0); 36]);
    let h = Hpr::<C64> {
        uplo: Fill::Lower,
        n: 8,
        alpha: &one,
        x: Batch::one(zx.as_ptr()),
        incx: 1,
        a: Batch::one(za.as_ptr()),
        batch_count: 1,
    };
    // SAFETY: as above, for a complex packed 8 x 8 A and 8-entry x.
    let hpr = |g: Hpr<C64>| status(unsafe { packed::hpr(&blas, host, &g) });
    assert_eq!(hpr(h), Status::Success);
    assert_eq!(hpr(Hpr::<C64> { n: -2, ..h }), Status::InvalidSize);
    assert_eq!(hpr(Hpr::<C64> { alpha: null, ..h }), Status::InvalidPointer);
    let got = download(&za);
    assert_eq!(got[0], C64::new(1.0, 0.0), "the diagonal comes out real");
    assert_eq!(got[1], C64::new(1.0, 1.0));

    let r2 = Syr2 {
        uplo: Fill::Upper,
        n: 8,
        alpha: &one,
        x: Batch::one(p),
        incx: 1,
        y: Batch::one(p),
        incy: -1,
        a: Batch::one(o),
        lda: 8,
        batch_count: 1,
    };
    // SAFETY: as above.
    let syr2 = |g: Syr2<f64>| status(unsafe { rank2::syr2(&blas, host, &g) });
    assert_eq!(syr2(r2), Status::Success);
    assert_eq!(
        syr2(Syr2 {
            uplo: Fill::Full,
            ..r2
        }),
        Status::InvalidValue
    );
    for bad in [
        Syr2 { n: -1, ..r2 },
        Syr2 { lda: 7, ..r2 },
        Syr2 { n: 0, lda: 0, ..r2 },
        Syr2 { incx: 0, ..r2 },
        Syr2 { incy: 0, ..r2 },
        Syr2 {
            batch_count: -1,
            ..r2
        },
    ] {
        assert_eq!(syr2(bad), Status::InvalidSize);
    }
    assert_eq!(syr2(Syr2 { alpha: null, ..r2 }), Status::InvalidPointer);
    assert_eq!(
        syr2(Syr2 {
            a: Batch::one(null),
            ..r2
        }),
        Status::InvalidPointer
    );
    assert_eq!(
        syr2(Syr2 {
            y: Batch::one(null),
            ..r2
        }),
        Status::InvalidPointer
    );
    let idle = Syr2 {
        alpha: &zero,
        x: Batch::one(null),
        y: Batch::one(null),
        a: Batch::one(null),
        ..r2
    };
    assert_eq!(syr2(idle), Status::Success);
    // SAFETY: as above.
    let her2 = |g: Syr2<C64>| status(unsafe { rank2::her2(&blas, host, &g) });
    let cone = C64::new(1.0, 0.0);
    let zh = Syr2::<C64> {
        uplo: Fill::Lower,
        n: 2,
        alpha: &cone,
        x: Batch::one(zx.as_ptr()),
        incx: 1,
        y: Batch::one(zx.as_ptr()),
        incy: 1,
        a: Batch::one(za.as_ptr()),
        lda: 2,
        batch_count: 1,
    };
    assert_eq!(her2(zh), Status::Success);
    assert_eq!(her2(Syr2::<C64> { lda: 1, ..zh }), Status::InvalidSize);
}
