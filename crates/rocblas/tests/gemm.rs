//! GEMM through the safe API against a host reference in f64, over random sizes (0, 1, odd,
//! larger than one tile), leading dimensions past the rows, and every pair of operations.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::{f16, Element, Handle, Operation, Status, C32, C64};

const OPS: [Operation; 3] = [
    Operation::None,
    Operation::Transpose,
    Operation::ConjugateTranspose,
];

/// A test element: random values, and the way to and from a complex f64.
trait Testable: Element {
    fn random(r: &mut impl Rng) -> Self;
    fn wide(self) -> (f64, f64);
    fn narrow(re: f64, im: f64) -> Self;
    /// A relative bound on the error of a k-term dot product in this type.
    fn tolerance(k: usize) -> f64;
}

macro_rules! real {
    ($t:ty, $eps:expr) => {
        impl Testable for $t {
            fn random(r: &mut impl Rng) -> Self {
                r.gen_range(-1.0..1.0)
            }
            fn wide(self) -> (f64, f64) {
                (self as f64, 0.0)
            }
            fn narrow(re: f64, _: f64) -> Self {
                re as $t
            }
            fn tolerance(k: usize) -> f64 {
                $eps * (k as f64 + 2.0)
            }
        }
    };
}
real!(f32, f32::EPSILON as f64);
real!(f64, f64::EPSILON);

macro_rules! complex {
    ($t:ty, $f:ty) => {
        impl Testable for $t {
            fn random(r: &mut impl Rng) -> Self {
                <$t>::new(r.gen_range(-1.0..1.0), r.gen_range(-1.0..1.0))
            }
            fn wide(self) -> (f64, f64) {
                (self.re as f64, self.im as f64)
            }
            fn narrow(re: f64, im: f64) -> Self {
                <$t>::new(re as $f, im as $f)
            }
            fn tolerance(k: usize) -> f64 {
                <$f>::EPSILON as f64 * 4.0 * (k as f64 + 2.0)
            }
        }
    };
}
complex!(C32, f32);
complex!(C64, f64);

impl Testable for f16 {
    fn random(r: &mut impl Rng) -> Self {
        f16::from_f32(r.gen_range(-1.0..1.0))
    }
    fn wide(self) -> (f64, f64) {
        (self.to_f64(), 0.0)
    }
    fn narrow(re: f64, _: f64) -> Self {
        f16::from_f64(re)
    }
    fn tolerance(_: usize) -> f64 {
        // Accumulated in f32, rounded once to f16.
        f16::EPSILON.to_f64()
    }
}

fn random_vec<T: Testable>(r: &mut impl Rng, n: usize) -> Vec<T> {
    (0..n).map(|_| T::random(r)).collect()
}

/// op(X)(i, j) of a column-major X.
fn at<T: Testable>(x: &[T], ld: usize, op: Operation, i: usize, j: usize) -> (f64, f64) {
    let (re, im) = match op {
        Operation::None => x[i + j * ld].wide(),
        _ => x[j + i * ld].wide(),
    };
    if op == Operation::ConjugateTranspose {
        (re, -im)
    } else {
        (re, im)
    }
}

fn mul((a, b): (f64, f64), (c, d): (f64, f64)) -> (f64, f64) {
    (a * c - b * d, a * d + b * c)
}

#[allow(clippy::too_many_arguments)] // the call under test's own arguments
fn check<T: Testable>(
    r: &mut impl Rng,
    blas: &Handle,
    ta: Operation,
    tb: Operation,
    (m, n, k): (usize, usize, usize),
    pad: usize,
    beta_zero: bool,
) {
    let (ar, ac) = if ta == Operation::None {
        (m, k)
    } else {
        (k, m)
    };
    let (br, bc) = if tb == Operation::None {
        (k, n)
    } else {
        (n, k)
    };
    let (lda, ldb, ldc) = (ar.max(1) + pad, br.max(1) + pad, m.max(1) + pad);
    let a: Vec<T> = random_vec(r, lda * ac.max(1));
    let b: Vec<T> = random_vec(r, ldb * bc.max(1));
    let mut c0: Vec<T> = random_vec(r, ldc * n.max(1));
    if beta_zero {
        // Poison: with beta 0, C is written without being read.
        for v in &mut c0 {
            *v = T::narrow(f64::NAN, f64::NAN);
        }
    }
    let alpha = T::narrow(0.75, -0.5);
    let beta = if beta_zero {
        T::ZERO
    } else {
        T::narrow(-0.5, 0.25)
    };
    let (da, db) = (
        DeviceBuffer::from_slice(&a).expect("A"),
        DeviceBuffer::from_slice(&b).expect("B"),
    );
    let mut dc = DeviceBuffer::from_slice(&c0).expect("C");
    blas.gemm(
        ta,
        tb,
        (m, n, k),
        alpha,
        &da,
        lda,
        &db,
        ldb,
        beta,
        &mut dc,
        ldc,
    )
    .expect("gemm");
    let c = dc.to_vec().expect("C back");
    for j in 0..n {
        for i in 0..ldc {
            let got = c[i + j * ldc].wide();
            if i >= m {
                // Rows past m are the caller's: untouched.
                let (was, now) = (c0[i + j * ldc].wide(), got);
                let same = |x: f64, y: f64| x == y || (x.is_nan() && y.is_nan());
                assert!(
                    same(was.0, now.0) && same(was.1, now.1),
                    "padding row {i} of column {j} was written"
                );
                continue;
            }
            let mut sum = (0.0, 0.0);
            let mut scale = 0.0f64;
            for p in 0..k {
                let t = mul(at(&a, lda, ta, i, p), at(&b, ldb, tb, p, j));
                sum = (sum.0 + t.0, sum.1 + t.1);
                scale += t.0.abs() + t.1.abs();
            }
            let mut want = mul(alpha.wide(), sum);
            if !beta_zero {
                let cb = mul(beta.wide(), c0[i + j * ldc].wide());
                want = (want.0 + cb.0, want.1 + cb.1);
                scale += cb.0.abs() + cb.1.abs();
            }
            let bound = T::tolerance(k) * (scale + 1.0) * 2.0;
            let err = (got.0 - want.0).abs() + (got.1 - want.1).abs();
            assert!(
                err <= bound,
                "{}gemm {ta:?} {tb:?} m {m} n {n} k {k}: C({i},{j}) = {got:?}, want {want:?}",
                T::PREFIX
            );
        }
    }
}

fn sweep<T: Testable>(seed: u64) {
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let blas = Handle::new().expect("handle");
    let shapes = [
        (0, 3, 2),
        (3, 0, 2),
        (3, 2, 0),
        (1, 1, 1),
        (7, 5, 3),
        (33, 17, 65),
        (130, 70, 9),
        (300, 260, 40),
    ];
    for &ta in &OPS {
        for &tb in &OPS {
            for (s, &shape) in shapes.iter().enumerate() {
                check::<T>(&mut r, &blas, ta, tb, shape, s % 3, s % 2 == 0);
            }
        }
    }
}

#[test]
fn sgemm_matches_the_host() {
    sweep::<f32>(1);
}

#[test]
fn dgemm_matches_the_host() {
    sweep::<f64>(2);
}

#[test]
fn cgemm_matches_the_host() {
    sweep::<C32>(3);
}

#[test]
fn zgemm_matches_the_host() {
    sweep::<C64>(4);
}

#[test]
fn hgemm_matches_the_host() {
    sweep::<f16>(5);
}

#[test]
fn gemm_rejects_what_rocblas_rejects() {
    let blas = Handle::new().expect("handle");
    let a = DeviceBuffer::<f32>::new(16).expect("A");
    let mut c = DeviceBuffer::<f32>::new(16).expect("C");
    let n = Operation::None;
    // lda below the rows of A.
    let e = blas
        .gemm(n, n, (4, 4, 4), 1.0, &a, 3, &a, 4, 0.0, &mut c, 4)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    // ldc below m.
    let e = blas
        .gemm(n, n, (4, 4, 4), 1.0, &a, 4, &a, 4, 0.0, &mut c, 2)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    // A buffer too small for the call.
    let e = blas
        .gemm(n, n, (4, 5, 4), 1.0, &a, 4, &a, 4, 0.0, &mut c, 4)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    assert!(e.to_string().contains("needs 20 elements"), "{e}");
}
