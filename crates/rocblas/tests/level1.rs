//! Level 1 against a host reference in f64: every routine in its element types, over sizes 0,
//! 1, odd and several work-groups long, steps 1, 2 and negative where rocBLAS takes them, the
//! strided and pointer-array batches, both pointer modes, and rocBLAS's statuses for bad calls.

use hip::DeviceBuffer;
use rand::{Rng, SeedableRng};
use rocblas::kernel::{Launcher, Ptr, Work};
use rocblas::level1::{self, Axpy, Dot, Pair, Reduction, Rot, Scal};
use rocblas::level3::Batch;
use rocblas::{f16, Element, Handle, PointerMode, Status, C32, C64};
use std::cell::{Cell, RefCell};

/// A test element: random values, and the way to and from a complex f64.
trait Testable: Element {
    fn random(r: &mut impl Rng) -> Self;
    fn wide(self) -> (f64, f64);
    fn narrow(re: f64, im: f64) -> Self;
    /// The unit roundoff of the type.
    fn eps() -> f64;
}

macro_rules! real {
    ($t:ty) => {
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
            fn eps() -> f64 {
                <$t>::EPSILON as f64
            }
        }
    };
}
real!(f32);
real!(f64);

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
            fn eps() -> f64 {
                <$f>::EPSILON as f64
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
    fn eps() -> f64 {
        f16::EPSILON.to_f64()
    }
}

type Wide = (f64, f64);

fn add(a: Wide, b: Wide) -> Wide {
    (a.0 + b.0, a.1 + b.1)
}

fn mul(a: Wide, b: Wide) -> Wide {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

fn conj(a: Wide) -> Wide {
    (a.0, -a.1)
}

fn abs1(a: Wide) -> f64 {
    a.0.abs() + a.1.abs()
}

/// Asserts `got` is within `bound` of `want` (|re| + |im| of the difference).
fn close(got: Wide, want: Wide, bound: f64, what: std::fmt::Arguments) {
    let err = abs1((got.0 - want.0, got.1 - want.1));
    assert!(
        err <= bound,
        "{what}: got {got:?}, want {want:?} (error {err:e}, bound {bound:e})"
    );
}

/// Bit equality that lets NaN equal NaN: for entries a routine must not touch.
fn same<T: Testable>(a: T, b: T) -> bool {
    let (a, b) = (a.wide(), b.wide());
    let eq = |x: f64, y: f64| x == y || (x.is_nan() && y.is_nan());
    eq(a.0, b.0) && eq(a.1, b.1)
}

/// Memory of a vector of `n` elements `inc` apart.
fn span(n: usize, inc: i64) -> usize {
    if n == 0 {
        0
    } else {
        1 + (n - 1) * inc.unsigned_abs() as usize
    }
}

/// Where element `i` lies: from the end for a negative step, as BLAS says.
fn pos(n: usize, inc: i64, i: usize) -> usize {
    let step = inc.unsigned_abs() as usize;
    if inc < 0 {
        (n - 1 - i) * step
    } else {
        i * step
    }
}

/// Whether memory index `k` is an element of the vector.
fn is_element(n: usize, inc: i64, k: usize) -> bool {
    // A step of 0 spans one element, index 0.
    k < span(n, inc) && k.is_multiple_of((inc.unsigned_abs() as usize).max(1))
}

fn random_vec<T: Testable>(r: &mut impl Rng, len: usize) -> Vec<T> {
    (0..len).map(|_| T::random(r)).collect()
}

fn nan<T: Testable>() -> T {
    T::narrow(f64::NAN, f64::NAN)
}

fn upload<T: Testable>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).expect("upload")
}

fn download<T: Testable>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec().expect("download")
}

fn handle() -> Handle {
    Handle::new().expect("handle")
}

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// Sizes of every sweep: empty, one, odd, and a few chunks of a work-group.
const SIZES: [usize; 4] = [0, 1, 7, 1001];
/// Step pairs for the two-vector routines; BLAS takes any step, 0 and negative included.
const STEPS: [(i64, i64); 7] = [(1, 1), (2, 1), (1, -1), (-2, 3), (-1, -1), (0, 2), (3, 0)];

/// Every size with every step pair, then `big` (several chunks) with two of them.
fn cases(big: usize) -> Vec<(usize, Vec<(i64, i64)>)> {
    let mut all: Vec<_> = SIZES.iter().map(|&n| (n, STEPS.to_vec())).collect();
    all.push((big, vec![(1, 1), (-1, 2)]));
    all
}

/// Runs `f::<T>` for the five element types.
macro_rules! all_types {
    ($f:ident, $seed:expr) => {
        $f::<f32>($seed);
        $f::<f64>($seed + 1);
        $f::<C32>($seed + 2);
        $f::<C64>($seed + 3);
        $f::<f16>($seed + 4);
    };
}

fn check_axpy<T: Testable>(r: &mut impl Rng, blas: &Handle, n: usize, incx: i64, incy: i64) {
    let x: Vec<T> = random_vec(r, span(n, incx));
    let y0: Vec<T> = random_vec(r, span(n, incy) + 1);
    let alpha = T::narrow(0.75, -0.5);
    let mut dy = upload(&y0);
    blas.axpy(n, alpha, &upload(&x), incx, &mut dy, incy)
        .expect("axpy");
    let y = download(&dy);
    // The host reference runs in order, so a step of 0 on y sums into one element.
    let mut want: Vec<Wide> = y0.iter().map(|v| v.wide()).collect();
    let mut scale = vec![0.0f64; want.len()];
    for i in 0..n {
        let (xi, yi) = (pos(n, incx, i), pos(n, incy, i));
        let t = mul(alpha.wide(), x[xi].wide());
        scale[yi] += abs1(t) + abs1(want[yi]);
        want[yi] = add(want[yi], t);
    }
    for k in 0..y.len() {
        if is_element(n, incy, k) {
            let bound = T::eps() * 4.0 * (scale[k] + abs1(want[k]));
            close(
                y[k].wide(),
                want[k],
                bound,
                format_args!("{}axpy n {n} incx {incx} incy {incy} y[{k}]", T::PREFIX),
            );
        } else {
            assert!(same(y[k], y0[k]), "axpy wrote y[{k}], not an element");
        }
    }
}

fn axpy_sweep<T: Testable>(seed: u64) {
    let (mut r, blas) = (rng(seed), handle());
    for n in SIZES {
        for (incx, incy) in STEPS {
            check_axpy::<T>(&mut r, &blas, n, incx, incy);
        }
    }
    // Several work-groups, walking forward and backward.
    check_axpy::<T>(&mut r, &blas, 300_000, 1, 1);
    check_axpy::<T>(&mut r, &blas, 70_001, -1, 2);
    // An alpha of 0 leaves y alone, NaNs of x and all.
    let x = vec![nan::<T>(); 5];
    let y0: Vec<T> = random_vec(&mut r, 5);
    let mut dy = upload(&y0);
    blas.axpy(5, T::ZERO, &upload(&x), 1, &mut dy, 1)
        .expect("axpy");
    assert_eq!(download(&dy), y0);
}

#[test]
fn axpy_matches_the_host() {
    all_types!(axpy_sweep, 10);
}

fn check_scal<T: Testable>(r: &mut impl Rng, blas: &Handle, n: usize, incx: i64, real: bool) {
    let x0: Vec<T> = random_vec(r, span(n, incx.max(1)) + 1);
    let mut dx = upload(&x0);
    let alpha = if real {
        let a = <T::Real as Element>::from_c64(C64::new(-1.25, 0.0));
        blas.scal_real(n, a, &mut dx, incx).expect("scal_real");
        (-1.25, 0.0)
    } else {
        let a = T::narrow(-1.25, 0.5);
        blas.scal(n, a, &mut dx, incx).expect("scal");
        a.wide()
    };
    let x = download(&dx);
    for k in 0..x.len() {
        // rocBLAS's scal does nothing for a step that is not positive.
        if incx > 0 && is_element(n, incx, k) {
            let want = mul(alpha, x0[k].wide());
            let bound = T::eps() * 4.0 * abs1(want);
            close(
                x[k].wide(),
                want,
                bound,
                format_args!("{}scal n {n} incx {incx} real {real} x[{k}]", T::PREFIX),
            );
        } else {
            assert!(same(x[k], x0[k]), "scal wrote x[{k}] (n {n} incx {incx})");
        }
    }
}

fn scal_sweep<T: Testable>(seed: u64) {
    let (mut r, blas) = (rng(seed), handle());
    for n in SIZES {
        for incx in [1, 2, 0, -1] {
            check_scal::<T>(&mut r, &blas, n, incx, false);
            // csscal and zdscal; for the real types the same routine again.
            check_scal::<T>(&mut r, &blas, n, incx, true);
        }
    }
    check_scal::<T>(&mut r, &blas, 300_000, 1, false);
}

#[test]
fn scal_matches_the_host() {
    all_types!(scal_sweep, 20);
}

fn copy_swap_sweep<T: Testable>(seed: u64) {
    let (mut r, blas) = (rng(seed), handle());
    let all_same = |got: &[T], want: &[T]| got.iter().zip(want).all(|(&g, &w)| same(g, w));
    for (n, steps) in cases(70_001) {
        for (incx, incy) in steps {
            // The references run in element order, as reference BLAS does (a step of 0 on
            // a written vector keeps the last value written there).
            let x0: Vec<T> = random_vec(&mut r, span(n, incx) + 1);
            // copy writes y without reading it: poisoned, and untouched where it is no
            // element.
            let y0 = vec![nan::<T>(); span(n, incy) + 1];
            let mut dy = upload(&y0);
            blas.copy(n, &upload(&x0), incx, &mut dy, incy)
                .expect("copy");
            let mut want = y0.clone();
            for i in 0..n {
                want[pos(n, incy, i)] = x0[pos(n, incx, i)];
            }
            let what = format!("{}copy n {n} incx {incx} incy {incy}", T::PREFIX);
            assert!(all_same(&download(&dy), &want), "{what}");

            let y0: Vec<T> = random_vec(&mut r, span(n, incy) + 1);
            let (mut dx, mut dy) = (upload(&x0), upload(&y0));
            blas.swap(n, &mut dx, incx, &mut dy, incy).expect("swap");
            let (mut want_x, mut want_y) = (x0.clone(), y0.clone());
            for i in 0..n {
                let (xi, yi) = (pos(n, incx, i), pos(n, incy, i));
                std::mem::swap(&mut want_x[xi], &mut want_y[yi]);
            }
            let what = format!("{}swap n {n} incx {incx} incy {incy}", T::PREFIX);
            assert!(all_same(&download(&dx), &want_x), "x of {what}");
            assert!(all_same(&download(&dy), &want_y), "y of {what}");
        }
    }
}

#[test]
fn copy_and_swap_match_the_host() {
    all_types!(copy_swap_sweep, 30);
}

fn dot_sweep<T: Testable>(seed: u64) {
    let (mut r, blas) = (rng(seed), handle());
    let complex = T::narrow(0.0, 1.0).wide().1 != 0.0;
    for (n, steps) in cases(100_003) {
        for (incx, incy) in steps {
            let x: Vec<T> = random_vec(&mut r, span(n, incx));
            let y: Vec<T> = random_vec(&mut r, span(n, incy));
            let (dx, dy) = (upload(&x), upload(&y));
            for conjugate in [false, true] {
                if conjugate && !complex {
                    continue;
                }
                let got = if conjugate {
                    blas.dotc(n, &dx, incx, &dy, incy).expect("dotc")
                } else {
                    blas.dot(n, &dx, incx, &dy, incy).expect("dot")
                };
                let (mut want, mut scale) = ((0.0, 0.0), 0.0);
                for i in 0..n {
                    let xi = x[pos(n, incx, i)].wide();
                    let t = mul(
                        if conjugate { conj(xi) } else { xi },
                        y[pos(n, incy, i)].wide(),
                    );
                    want = add(want, t);
                    scale += abs1(t);
                }
                // Summed in f64 and rounded once: the type's rounding of the result.
                let bound = T::eps() * abs1(want) + 1e-12 * scale;
                close(
                    got.wide(),
                    want,
                    bound,
                    format_args!(
                        "{}dot conj {conjugate} n {n} incx {incx} incy {incy}",
                        T::PREFIX
                    ),
                );
            }
        }
    }
}

#[test]
fn dot_matches_the_host() {
    all_types!(dot_sweep, 40);
}

/// `f(x)` for the reductions of one vector, with steps 1, 2, and the quick-return steps.
fn one_vector_sweep<T: Testable>(
    seed: u64,
    mut check: impl FnMut(&Handle, &DeviceBuffer<T>, &[T], usize, i64),
) {
    let (mut r, blas) = (rng(seed), handle());
    let big = (100_003, vec![1, 2]);
    let small = SIZES.iter().map(|&n| (n, vec![1, 2, 0, -1]));
    for (n, steps) in small.chain([big]) {
        for incx in steps {
            let x: Vec<T> = random_vec(&mut r, span(n, incx.max(1)));
            check(&blas, &upload(&x), &x, n, incx);
        }
    }
}

fn reference_nrm2(values: impl Iterator<Item = Wide>) -> f64 {
    let v: Vec<f64> = values.flat_map(|(a, b)| [a, b]).collect();
    let big = v.iter().fold(0.0f64, |m, a| m.max(a.abs()));
    if big == 0.0 {
        return 0.0;
    }
    big * v.iter().map(|a| (a / big) * (a / big)).sum::<f64>().sqrt()
}

fn nrm2_asum_sweep<T: Testable>(seed: u64) {
    one_vector_sweep::<T>(seed, |blas, dx, x, n, incx| {
        let norm = blas.nrm2(n, dx, incx).expect("nrm2");
        let sum = blas.asum(n, dx, incx).expect("asum");
        let (norm, sum) = (norm.to_c64(), sum.to_c64());
        if incx <= 0 {
            assert_eq!((norm.re, sum.re), (0.0, 0.0), "incx {incx} gives 0");
            return;
        }
        let elements = (0..n).map(|i| x[pos(n, incx, i)].wide());
        // Summed in f64 (n roundings, for the reference too), rounded once to the type.
        let relative = T::eps() + 2.0 * (n as f64 + 1.0) * f64::EPSILON;
        let want = reference_nrm2(elements.clone());
        close(
            (norm.re, norm.im),
            (want, 0.0),
            relative * want,
            format_args!("{}nrm2 n {n} incx {incx}", T::PREFIX),
        );
        let want: f64 = elements.map(abs1).sum();
        close(
            (sum.re, sum.im),
            (want, 0.0),
            relative * want,
            format_args!("{}asum n {n} incx {incx}", T::PREFIX),
        );
    });
}

#[test]
fn nrm2_and_asum_match_the_host() {
    all_types!(nrm2_asum_sweep, 50);
}

#[test]
fn nrm2_neither_overflows_nor_underflows() {
    let blas = handle();
    let n = 1000;
    for (v, want) in [(1e300, 1e300), (1e-300, 1e-300), (3e-310, 3e-310)] {
        let x = upload(&vec![v; n]);
        let got = blas.nrm2(n, &x, 1).expect("dnrm2");
        let want = want * (n as f64).sqrt();
        close(
            (got, 0.0),
            (want, 0.0),
            1e-14 * want,
            format_args!("dnrm2 at the range's ends"),
        );
        let x = upload(&vec![C64::new(v, -v); n]);
        let got = blas.nrm2(n, &x, 1).expect("dznrm2");
        let want = want * 2f64.sqrt();
        close(
            (got, 0.0),
            (want, 0.0),
            1e-14 * want,
            format_args!("dznrm2 at the range's ends"),
        );
    }
    // Squares of these overflow and underflow f32 (not f64, where they are summed).
    for v in [1e30f32, 1e-30] {
        let got = blas.nrm2(n, &upload(&vec![v; n]), 1).expect("snrm2");
        let want = v as f64 * (n as f64).sqrt();
        close(
            (got as f64, 0.0),
            (want, 0.0),
            1e-6 * want,
            format_args!("snrm2 at the range's ends"),
        );
    }
    // f16's largest finite values: the norm itself is past f16, so Inf.
    let got = blas.nrm2(4, &upload(&[f16::MAX; 4]), 1).expect("hnrm2");
    assert!(got.is_infinite());
    let got = blas
        .nrm2(3, &upload(&[1.0, f64::INFINITY, 2.0]), 1)
        .expect("inf");
    assert_eq!(got, f64::INFINITY);
    let got = blas
        .nrm2(3, &upload(&[f64::INFINITY, f64::NAN, f64::INFINITY]), 1)
        .expect("nan");
    assert!(got.is_nan());
}

fn iamax_sweep<T: Testable>(seed: u64) {
    one_vector_sweep::<T>(seed, |blas, dx, x, n, incx| {
        let max = blas.iamax(n, dx, incx).expect("iamax");
        let min = blas.iamin(n, dx, incx).expect("iamin");
        if incx <= 0 || n == 0 {
            assert_eq!((max, min), (0, 0), "n {n} incx {incx} gives index 0");
            return;
        }
        let m: Vec<f64> = (0..n).map(|i| abs1(x[pos(n, incx, i)].wide())).collect();
        let (mut want_max, mut want_min) = (0, 0);
        for i in 1..n {
            if m[i] > m[want_max] {
                want_max = i;
            }
            if m[i] < m[want_min] {
                want_min = i;
            }
        }
        assert_eq!(
            (max, min),
            (want_max as i64 + 1, want_min as i64 + 1),
            "i{}amax/amin n {n} incx {incx}",
            T::PREFIX
        );
    });
}

#[test]
fn iamax_and_iamin_match_the_host() {
    all_types!(iamax_sweep, 60);
}

#[test]
fn iamax_takes_the_first_of_equal_magnitudes_and_sums_re_and_im() {
    let blas = handle();
    let x = upload(&[1.0f32, -3.0, 3.0, 0.5, -0.5]);
    assert_eq!(blas.iamax(5, &x, 1).expect("isamax"), 2);
    assert_eq!(blas.iamin(5, &x, 1).expect("isamin"), 4);
    // |3| beats the modulus 2.83 of 2 + 2i, but |re| + |im| = 4 does not.
    let z = upload(&[C64::new(3.0, 0.0), C64::new(2.0, -2.0), C64::new(-1.0, 0.5)]);
    assert_eq!(blas.iamax(3, &z, 1).expect("izamax"), 2);
    assert_eq!(blas.iamin(3, &z, 1).expect("izamin"), 3);
    assert_eq!(blas.asum(3, &z, 1).expect("dzasum"), 8.5);
}

fn rot_sweep<T: Testable>(seed: u64) {
    let (mut r, blas) = (rng(seed), handle());
    let (c, s) = (0.6, -0.8);
    let real = |v: f64| <T::Real as Element>::from_c64(C64::new(v, 0.0));
    for (n, steps) in cases(70_001) {
        for (incx, incy) in steps {
            let x0: Vec<T> = random_vec(&mut r, span(n, incx) + 1);
            let y0: Vec<T> = random_vec(&mut r, span(n, incy) + 1);
            let (mut dx, mut dy) = (upload(&x0), upload(&y0));
            blas.rot(n, &mut dx, incx, &mut dy, incy, real(c), real(s))
                .expect("rot");
            let (x, y) = (download(&dx), download(&dy));
            let (mut want_x, mut want_y): (Vec<Wide>, Vec<Wide>) = (
                x0.iter().map(|v| v.wide()).collect(),
                y0.iter().map(|v| v.wide()).collect(),
            );
            for i in 0..n {
                let (xi, yi) = (pos(n, incx, i), pos(n, incy, i));
                let (a, b) = (want_x[xi], want_y[yi]);
                want_x[xi] = add(mul((c, 0.0), a), mul((s, 0.0), b));
                want_y[yi] = add(mul((c, 0.0), b), mul((-s, 0.0), a));
            }
            for (got, want, name) in [(&x, &want_x, "x"), (&y, &want_y, "y")] {
                for k in 0..got.len() {
                    // Each step of 0 rotates the same element again: the error grows with n.
                    let steps = if incx == 0 || incy == 0 {
                        n as f64
                    } else {
                        1.0
                    };
                    close(
                        got[k].wide(),
                        want[k],
                        T::eps() * 4.0 * steps,
                        format_args!("{}rot n {n} incx {incx} incy {incy} {name}[{k}]", T::PREFIX),
                    );
                }
            }
        }
    }
}

#[test]
fn rot_matches_the_host() {
    // srot, drot, csrot, zdrot, and the f16 instance of the same code.
    all_types!(rot_sweep, 70);
}

/// A launcher that queues kernels and runs them, on this thread, at `synchronize`: device
/// pointer mode's scalars can change in between, and the launches are counted.
#[derive(Default)]
struct Deferred {
    queue: RefCell<Vec<Box<dyn FnOnce()>>>,
    launches: Cell<usize>,
    groups: Cell<u32>,
}

impl Launcher for Deferred {
    fn launch<W: Work>(&self, groups: u32, work: &W) -> rocblas::Result<()> {
        let work = *work;
        self.launches.set(self.launches.get() + 1);
        self.groups.set(groups);
        // Backwards, so that no group can rely on an earlier one having run.
        self.queue.borrow_mut().push(Box::new(move || {
            (0..groups).rev().for_each(|g| work.run(g, groups))
        }));
        Ok(())
    }

    fn synchronize(&self) -> rocblas::Result<()> {
        let queued = std::mem::take(&mut *self.queue.borrow_mut());
        queued.into_iter().for_each(|k| k());
        Ok(())
    }
}

#[test]
fn device_pointer_mode_reads_and_writes_when_the_kernel_runs() {
    let q = Deferred::default();
    let x = [1.0f64, 2.0, 3.0];
    let mut y = [10.0f64, 20.0, 30.0];
    let mut alpha = 2.0f64;
    let a = Axpy {
        n: 3,
        alpha: &alpha,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(y.as_mut_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: every pointer outlives the synchronize below, which runs the kernel.
    unsafe { level1::axpy(&q, PointerMode::Device, &a) }.expect("device axpy");
    alpha = 3.0;
    std::hint::black_box(&mut alpha);
    q.synchronize().expect("run");
    assert_eq!(y, [13.0, 26.0, 39.0]);

    // Host mode reads alpha at the call.
    let mut alpha = 2.0f64;
    let a = Axpy { alpha: &alpha, ..a };
    // SAFETY: as above.
    unsafe { level1::axpy(&q, PointerMode::Host, &a) }.expect("host axpy");
    alpha = 5.0;
    std::hint::black_box(&mut alpha);
    q.synchronize().expect("run");
    assert_eq!(y, [15.0, 30.0, 45.0]);

    // A device result is stored when the kernel runs, a host one before the call returns.
    let mut result = f64::NAN;
    let d = Dot {
        n: 3,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(x.as_ptr()),
        incy: 1,
        batch_count: 1,
        result: &mut result,
    };
    // SAFETY: as above.
    unsafe { level1::dot(&q, PointerMode::Device, &d) }.expect("device dot");
    assert!(
        std::hint::black_box(result).is_nan(),
        "stored before the kernel ran"
    );
    q.synchronize().expect("run");
    assert_eq!(result, 14.0);
    let mut result = 0i32;
    let m = Reduction {
        n: 3,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        batch_count: 1,
        result: &mut result,
    };
    // SAFETY: as above.
    unsafe { level1::iamax(&q, PointerMode::Host, &m) }.expect("host iamax");
    assert_eq!(result, 3);
}

#[test]
fn device_pointer_mode_through_a_stream() {
    let blas = handle();
    let x = upload(&[3.0f32, -4.0, 1.0]);
    let y = upload(&[1.0f32; 3]);
    let alpha = upload(&[-2.0f32]);
    let result = upload(&[f32::NAN; 2]);
    let a = Axpy {
        n: 3,
        alpha: alpha.as_ptr(),
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(y.as_ptr()),
        incy: 1,
        batch_count: 1,
    };
    let r = Reduction {
        n: 3,
        x: Batch::one(y.as_ptr()),
        incx: 1,
        batch_count: 1,
        result: result.as_ptr(),
    };
    // SAFETY: the buffers are device memory that outlives the synchronize below.
    unsafe {
        level1::axpy(&blas, PointerMode::Device, &a).expect("saxpy");
        level1::asum(&blas, PointerMode::Device, &r).expect("sasum");
        level1::nrm2(
            &blas,
            PointerMode::Device,
            &Reduction {
                result: result.as_ptr().add(1),
                ..r
            },
        )
        .expect("snrm2");
    }
    blas.synchronize().expect("sync");
    // y = [-5, 9, -1]
    let got = download(&result);
    assert_eq!(got[0], 15.0);
    close(
        (got[1] as f64, 0.0),
        (107f64.sqrt(), 0.0),
        1e-6,
        format_args!("snrm2"),
    );
}

#[test]
fn elementwise_routines_spread_over_work_groups_and_reductions_do_not() {
    let q = Deferred::default();
    let n = 300_000;
    let x = vec![1.0f32; n];
    let mut y = vec![1.0f32; n];
    let alpha = 1.0f32;
    let a = Axpy {
        n: n as i64,
        alpha: &alpha,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(y.as_mut_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: the vectors outlive the synchronize.
    unsafe { level1::axpy(&q, PointerMode::Host, &a) }.expect("axpy");
    assert_eq!(q.groups.get(), 5, "300000 elements in chunks of 65536");
    // A step of 0 on y: in order, in one group.
    let a = Axpy { incy: 0, ..a };
    // SAFETY: as above.
    unsafe { level1::axpy(&q, PointerMode::Host, &a) }.expect("axpy");
    assert_eq!(q.groups.get(), 1);
    q.synchronize().expect("run");
    assert!(y[1..].iter().all(|&v| v == 2.0));
    assert_eq!(y[0], 2.0 + n as f32);
    let mut sum = 0.0f32;
    let r = Reduction {
        n: n as i64,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        batch_count: 1,
        result: &mut sum,
    };
    // SAFETY: as above; host mode runs the queue before returning.
    unsafe { level1::asum(&q, PointerMode::Host, &r) }.expect("asum");
    assert_eq!((q.groups.get(), sum), (1, n as f32));
    // Four members of one chunk each: four groups, for reductions too.
    let mut sums = [0.0f32; 4];
    let r = Reduction {
        n: 1000,
        batch_count: 4,
        x: Batch::Strided {
            base: Ptr(x.as_ptr()),
            stride: 1000,
        },
        incx: 1,
        result: sums.as_mut_ptr(),
    };
    // SAFETY: as above.
    unsafe { level1::asum(&q, PointerMode::Host, &r) }.expect("asum");
    assert_eq!((q.groups.get(), sums), (4, [1000.0; 4]));
}

/// Member `b` of a strided batch of vectors `stride` apart.
fn member<T: Copy>(v: &[T], stride: usize, b: usize) -> Vec<T> {
    v[b * stride..(b + 1) * stride].to_vec()
}

#[test]
fn batched_forms_match_the_plain_ones() {
    let (mut r, blas) = (rng(80), handle());
    let (n, batch, inc) = (1001usize, 3usize, 2i64);
    let stride = span(n, inc) + 5;
    let x: Vec<C32> = random_vec(&mut r, stride * batch);
    let y: Vec<C32> = random_vec(&mut r, stride * batch);
    let (mut dx, mut dy) = (upload(&x), upload(&y));
    let (px, py) = (dx.as_ptr() as *const C32, dy.as_ptr() as *const C32);
    // The same members through arrays of device pointers.
    let list = |p: *const C32| {
        let v: Vec<*const C32> = (0..batch).map(|b| p.wrapping_add(b * stride)).collect();
        DeviceBuffer::from_slice(&v).expect("pointer array")
    };
    let (x_list, y_list) = (list(px), list(py));
    let strided = |p| Batch::Strided {
        base: Ptr(p),
        stride: stride as i64,
    };
    let layouts = [
        (strided(px), strided(py)),
        (
            Batch::Array(Ptr(x_list.as_ptr() as *const *const C32)),
            Batch::Array(Ptr(y_list.as_ptr() as *const *const C32)),
        ),
    ];
    let (b_n, b_count) = (n as i64, batch as i64);
    let alpha = C32::new(0.5, 1.5);
    let (c, s) = (0.8f32, 0.6f32);
    for (bx, by) in layouts {
        dx.copy_from_slice(&x).expect("reset x");
        dy.copy_from_slice(&y).expect("reset y");
        // axpy, csscal and csrot in turn, then the reductions, then swap and copy; each
        // member against the plain calls on a copy of it.
        let a = Axpy {
            n: b_n,
            alpha: &alpha,
            x: bx,
            incx: inc,
            y: by,
            incy: -inc,
            batch_count: b_count,
        };
        let sc = Scal {
            n: b_n,
            alpha: &2.0f32,
            x: by,
            incx: inc,
            batch_count: b_count,
        };
        let rt = Rot {
            n: b_n,
            x: bx,
            incx: inc,
            y: by,
            incy: inc,
            c: &c,
            s: &s,
            batch_count: b_count,
        };
        // SAFETY: every member covers its vectors; the device memory and host scalars
        // outlive the synchronize.
        unsafe {
            level1::axpy(&blas, PointerMode::Host, &a).expect("batched caxpy");
            level1::scal(&blas, PointerMode::Host, &sc).expect("batched csscal");
            level1::rot(&blas, PointerMode::Host, &rt).expect("batched csrot");
        }
        blas.synchronize().expect("sync");
        let (x1, y1) = (download(&dx), download(&dy));
        for b in 0..batch {
            let (mut xb, mut yb) = (
                upload(&member(&x, stride, b)),
                upload(&member(&y, stride, b)),
            );
            blas.axpy(n, alpha, &xb, inc, &mut yb, -inc).expect("caxpy");
            blas.scal_real(n, 2.0f32, &mut yb, inc).expect("csscal");
            blas.rot(n, &mut xb, inc, &mut yb, inc, c, s)
                .expect("csrot");
            assert_eq!(download(&xb), member(&x1, stride, b), "x, member {b}");
            assert_eq!(download(&yb), member(&y1, stride, b), "y, member {b}");
        }

        let mut dots = vec![C32::new(f32::NAN, 0.0); batch];
        let mut norms = vec![f32::NAN; batch];
        let mut sums = vec![f32::NAN; batch];
        let mut maxes = vec![-1i64; batch];
        let mut mins = vec![-1i32; batch];
        let d = Dot {
            n: b_n,
            x: bx,
            incx: inc,
            y: by,
            incy: inc,
            batch_count: b_count,
            result: dots.as_mut_ptr(),
        };
        // One reduction of the members of x or y (results of a type of the routine's).
        fn one<R>(
            v: Batch<C32>,
            n: i64,
            inc: i64,
            count: i64,
            result: *mut R,
        ) -> Reduction<C32, R> {
            Reduction {
                n,
                x: v,
                incx: inc,
                batch_count: count,
                result,
            }
        }
        // SAFETY: as above; host mode waits for the results.
        unsafe {
            level1::dotc(&blas, PointerMode::Host, &d).expect("batched cdotc");
            level1::nrm2(
                &blas,
                PointerMode::Host,
                &one(by, b_n, inc, b_count, norms.as_mut_ptr()),
            )
            .expect("scnrm2");
            level1::asum(
                &blas,
                PointerMode::Host,
                &one(by, b_n, inc, b_count, sums.as_mut_ptr()),
            )
            .expect("scasum");
            level1::iamax(
                &blas,
                PointerMode::Host,
                &one(bx, b_n, inc, b_count, maxes.as_mut_ptr()),
            )
            .expect("icamax");
            level1::iamin(
                &blas,
                PointerMode::Host,
                &one(bx, b_n, inc, b_count, mins.as_mut_ptr()),
            )
            .expect("icamin");
        }
        for b in 0..batch {
            let (xb, yb) = (
                upload(&member(&x1, stride, b)),
                upload(&member(&y1, stride, b)),
            );
            assert_eq!(dots[b], blas.dotc(n, &xb, inc, &yb, inc).expect("cdotc"));
            assert_eq!(norms[b], blas.nrm2(n, &yb, inc).expect("scnrm2"));
            assert_eq!(sums[b], blas.asum(n, &yb, inc).expect("scasum"));
            assert_eq!(maxes[b], blas.iamax(n, &xb, inc).expect("icamax"));
            assert_eq!(mins[b] as i64, blas.iamin(n, &xb, inc).expect("icamin"));
        }

        let p = Pair {
            n: b_n,
            x: bx,
            incx: inc,
            y: by,
            incy: -inc,
            batch_count: b_count,
        };
        // SAFETY: as above.
        unsafe {
            level1::swap(&blas, &p).expect("batched cswap");
            level1::scal(
                &blas,
                PointerMode::Host,
                &Scal {
                    alpha: &3.0f32,
                    ..sc
                },
            )
            .expect("csscal");
            level1::copy(&blas, &p).expect("batched ccopy");
        }
        blas.synchronize().expect("sync");
        let (x2, y2) = (download(&dx), download(&dy));
        for b in 0..batch {
            let (mut xb, mut yb) = (
                upload(&member(&x1, stride, b)),
                upload(&member(&y1, stride, b)),
            );
            blas.swap(n, &mut xb, inc, &mut yb, -inc).expect("cswap");
            blas.scal_real(n, 3.0f32, &mut yb, inc).expect("csscal");
            blas.copy(n, &xb, inc, &mut yb, -inc).expect("ccopy");
            assert_eq!(
                download(&xb),
                member(&x2, stride, b),
                "swapped x, member {b}"
            );
            assert_eq!(
                download(&yb),
                member(&y2, stride, b),
                "copied y, member {b}"
            );
        }
    }
}

#[test]
fn complex_rotations_conjugate_s() {
    // crot: x = c x + s y, y = c y - conj(s) x, through the core API with a complex s.
    let blas = handle();
    let (c, s) = (0.6f64, C64::new(0.0, 0.8));
    let x = upload(&[C64::new(1.0, 2.0), C64::new(-3.0, 0.5)]);
    let y = upload(&[C64::new(0.5, -1.0), C64::new(2.0, 2.0)]);
    let (x0, y0) = (download(&x), download(&y));
    let rt = Rot {
        n: 2,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(y.as_ptr()),
        incy: 1,
        c: &c,
        s: &s,
        batch_count: 1,
    };
    // SAFETY: the buffers cover two elements and outlive the synchronize.
    unsafe { level1::rot(&blas, PointerMode::Host, &rt) }.expect("zrot");
    blas.synchronize().expect("sync");
    let (xs, ys) = (download(&x), download(&y));
    for i in 0..2 {
        let (a, b) = (x0[i].wide(), y0[i].wide());
        let want_x = add(mul((c, 0.0), a), mul(s.wide(), b));
        let want_y = add(mul((c, 0.0), b), mul((-s.re, s.im), a));
        close(xs[i].wide(), want_x, 1e-15, format_args!("zrot x"));
        close(ys[i].wide(), want_y, 1e-15, format_args!("zrot y"));
    }
}

fn status(r: rocblas::Result<()>) -> Status {
    match r {
        Ok(()) => Status::Success,
        Err(e) => e.status,
    }
}

#[test]
fn bad_calls_get_rocblas_statuses() {
    let q = Deferred::default();
    let x = [1.0f64; 8];
    let mut y = [2.0f64; 8];
    let (zero, one, two) = (0.0f64, 1.0f64, 2.0f64);
    let null: *const f64 = std::ptr::null();
    let host = PointerMode::Host;
    let a = Axpy {
        n: 8,
        alpha: &two,
        x: Batch::one(x.as_ptr()),
        incx: 1,
        y: Batch::one(y.as_mut_ptr()),
        incy: 1,
        batch_count: 1,
    };
    // SAFETY: every pointer is null or covers 8 elements; nothing is queued past this test
    // (the queue is run or dropped with the launcher).
    unsafe {
        let axpy = |a: Axpy<f64>, mode| status(level1::axpy(&q, mode, &a));
        assert_eq!(
            axpy(Axpy { alpha: null, ..a }, host),
            Status::InvalidPointer
        );
        assert_eq!(
            axpy(
                Axpy {
                    alpha: null,
                    n: 0,
                    ..a
                },
                host
            ),
            Status::Success
        );
        assert_eq!(
            axpy(
                Axpy {
                    x: Batch::one(null),
                    ..a
                },
                host
            ),
            Status::InvalidPointer
        );
        assert_eq!(
            axpy(
                Axpy {
                    y: Batch::one(null),
                    ..a
                },
                PointerMode::Device
            ),
            Status::InvalidPointer
        );
        assert_eq!(
            axpy(
                Axpy {
                    alpha: &zero,
                    x: Batch::one(null),
                    y: Batch::one(null),
                    ..a
                },
                host
            ),
            Status::Success,
            "alpha 0 returns before the vectors are checked"
        );
        assert_eq!(
            axpy(
                Axpy {
                    x: Batch::Array(Ptr(std::ptr::null())),
                    ..a
                },
                host
            ),
            Status::InvalidPointer
        );
        assert_eq!(
            axpy(
                Axpy {
                    batch_count: 0,
                    x: Batch::one(null),
                    ..a
                },
                host
            ),
            Status::Success
        );
        assert_eq!(
            axpy(
                Axpy {
                    batch_count: -1,
                    ..a
                },
                host
            ),
            Status::Success
        );
        assert_eq!(q.launches.get(), 0, "nothing launched");

        let sc = Scal {
            n: 8,
            alpha: &two,
            x: Batch::one(x.as_ptr()),
            incx: 1,
            batch_count: 1,
        };
        let scal = |s: Scal<f64>, mode| status(level1::scal(&q, mode, &s));
        assert_eq!(
            scal(Scal { alpha: null, ..sc }, host),
            Status::InvalidPointer
        );
        assert_eq!(
            scal(
                Scal {
                    x: Batch::one(null),
                    ..sc
                },
                host
            ),
            Status::InvalidPointer
        );
        assert_eq!(
            scal(
                Scal {
                    alpha: null,
                    incx: 0,
                    ..sc
                },
                host
            ),
            Status::Success
        );
        assert_eq!(
            scal(
                Scal {
                    alpha: null,
                    incx: -1,
                    ..sc
                },
                host
            ),
            Status::Success
        );
        assert_eq!(
            scal(
                Scal {
                    alpha: &one,
                    x: Batch::one(null),
                    ..sc
                },
                host
            ),
            Status::Success
        );
        assert_eq!(
            scal(
                Scal {
                    alpha: &one,
                    x: Batch::one(null),
                    ..sc
                },
                PointerMode::Device
            ),
            Status::InvalidPointer,
            "a device alpha is not known to be 1"
        );

        let p = Pair {
            n: 8,
            x: Batch::one(x.as_ptr()),
            incx: 1,
            y: Batch::one(y.as_mut_ptr()),
            incy: 1,
            batch_count: 1,
        };
        assert_eq!(
            status(level1::copy(
                &q,
                &Pair {
                    x: Batch::one(null),
                    ..p
                }
            )),
            Status::InvalidPointer
        );
        assert_eq!(
            status(level1::swap(
                &q,
                &Pair {
                    y: Batch::one(null),
                    ..p
                }
            )),
            Status::InvalidPointer
        );
        assert_eq!(
            status(level1::copy(
                &q,
                &Pair {
                    n: -3,
                    y: Batch::one(null),
                    ..p
                }
            )),
            Status::Success
        );

        let rt = Rot {
            n: 8,
            x: Batch::one(x.as_ptr()),
            incx: 1,
            y: Batch::one(y.as_mut_ptr()),
            incy: 1,
            c: &one,
            s: &zero,
            batch_count: 1,
        };
        let rot = |r: Rot<f64, f64>| status(level1::rot(&q, host, &r));
        assert_eq!(rot(Rot { c: null, ..rt }), Status::InvalidPointer);
        assert_eq!(rot(Rot { s: null, ..rt }), Status::InvalidPointer);
        assert_eq!(
            rot(Rot {
                x: Batch::one(null),
                ..rt
            }),
            Status::InvalidPointer
        );
        assert_eq!(q.launches.get(), 0, "nothing launched");

        // Reductions: a null result is an error even with nothing to reduce; otherwise an
        // empty reduction stores 0 (index 0 for iamax).
        let mut result = f64::NAN;
        let d = Dot {
            n: 8,
            x: Batch::one(x.as_ptr()),
            incx: 1,
            y: Batch::one(x.as_ptr()),
            incy: 1,
            batch_count: 1,
            result: &mut result,
        };
        let dot = |d: Dot<f64>| status(level1::dot(&q, host, &d));
        assert_eq!(
            dot(Dot {
                result: std::ptr::null_mut(),
                n: 0,
                ..d
            }),
            Status::InvalidPointer
        );
        assert_eq!(
            dot(Dot {
                x: Batch::one(null),
                ..d
            }),
            Status::InvalidPointer
        );
        assert_eq!(
            dot(Dot {
                n: 0,
                x: Batch::one(null),
                y: Batch::one(null),
                ..d
            }),
            Status::Success
        );
        assert_eq!(result, 0.0, "an empty dot stores 0");
        let mut norm = f64::NAN;
        let r = Reduction {
            n: 8,
            x: Batch::one(null),
            incx: 1,
            batch_count: 1,
            result: &mut norm,
        };
        assert_eq!(status(level1::nrm2(&q, host, &r)), Status::InvalidPointer);
        assert_eq!(status(level1::asum(&q, host, &r)), Status::InvalidPointer);
        assert_eq!(
            status(level1::nrm2(&q, host, &Reduction { incx: 0, ..r })),
            Status::Success
        );
        assert_eq!(norm, 0.0, "incx 0 stores 0");
        norm = f64::NAN;
        assert_eq!(
            status(level1::asum(
                &q,
                host,
                &Reduction {
                    batch_count: 0,
                    ..r
                }
            )),
            Status::Success
        );
        assert!(norm.is_nan(), "no members, nothing stored");
        assert_eq!(
            status(level1::asum(
                &q,
                host,
                &Reduction {
                    result: std::ptr::null_mut(),
                    n: 0,
                    ..r
                }
            )),
            Status::InvalidPointer
        );
        let mut index = 7i32;
        let m = Reduction {
            n: 8,
            x: Batch::one(null),
            incx: 1,
            batch_count: 1,
            result: &mut index,
        };
        assert_eq!(status(level1::iamax(&q, host, &m)), Status::InvalidPointer);
        assert_eq!(
            status(level1::iamin(&q, host, &Reduction { incx: -1, ..m })),
            Status::Success
        );
        assert_eq!(index, 0, "incx -1 gives index 0");
        index = 7;
        assert_eq!(
            status(level1::iamax(
                &q,
                PointerMode::Device,
                &Reduction { n: 0, ..m }
            )),
            Status::Success
        );
        assert_eq!(index, 7, "a device result is stored when the kernel runs");
        q.synchronize().expect("run");
        assert_eq!(index, 0);
    }

    // The safe API: buffers too small for the call.
    let blas = handle();
    let small = upload(&[1.0f32; 4]);
    let mut out = upload(&[0.0f32; 8]);
    let e = blas.axpy(3, 1.0, &small, 2, &mut out, 1).unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    assert!(e.to_string().contains("needs 5 elements"), "{e}");
    let e = blas.dot(5, &out, -1, &small, 1).unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    let e = blas.nrm2(5, &small, 1).unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    // A step that is not positive reads nothing: no size to check, result 0.
    assert_eq!(blas.nrm2(5, &small, 0).expect("nrm2"), 0.0);
    assert_eq!(blas.iamax(5, &small, -2).expect("iamax"), 0);
    let e = blas
        .copy(9, &out, 1, &mut upload(&[0.0f32; 9]), 1)
        .unwrap_err();
    assert_eq!(e.status, Status::InvalidSize);
    // n 0 needs no memory at all: empty buffers hold null pointers.
    let empty = DeviceBuffer::<f32>::new(0).expect("empty");
    assert_eq!(blas.dot(0, &empty, 1, &empty, 1).expect("dot"), 0.0);
    assert_eq!(blas.asum(0, &empty, 1).expect("asum"), 0.0);
}
