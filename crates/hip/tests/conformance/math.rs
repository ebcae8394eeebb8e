//! Device math: each function on its own domain, compared in ULPs with a host reference.
//!
//! The host reference is the platform libm in double precision; for float kernels it is
//! rounded to float, so the float bounds below are the HIP/CUDA documented maximum errors
//! plus one ULP for that rounding. Double bounds likewise add one ULP for libm's own error.

use crate::common::*;
use rand::rngs::StdRng;
use rand::Rng;

kernel_module!(elementary_module, "math.hip");
kernel_module!(special_module, "math_special.hip");

/// Functions whose kernels live in math_special.hip.
const SPECIAL: [&str; 7] = ["expm1", "log1p", "cbrt", "erf", "erfc", "atan2", "hypot"];

/// The module holding `kernel` (`f32_name` / `f64_name`).
fn module(kernel: &str) -> &'static hip::Module {
    let name = kernel.get(4..).unwrap_or("");
    if SPECIAL.contains(&name) {
        special_module()
    } else {
        elementary_module()
    }
}

extern "C" {
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
}

fn erf_ref(x: f64) -> f64 {
    // SAFETY: libm's erf is a pure function of its argument, defined for every double.
    unsafe { erf(x) }
}

fn erfc_ref(x: f64) -> f64 {
    // SAFETY: as for erf.
    unsafe { erfc(x) }
}

const N: usize = 2048;

fn shapes() -> Vec<Shape> {
    vec![
        ((2, 1, 1), (1024, 1, 1)),
        ((blocks_for(N, 7) + 2, 1, 1), (7, 1, 1)),
    ]
}

fn uni(r: &mut StdRng, lo: f64, hi: f64) -> f64 {
    r.gen_range(lo..hi)
}

/// 10^u for u uniform in [lo10, hi10): covers many binades evenly.
fn logu(r: &mut StdRng, lo10: f64, hi10: f64) -> f64 {
    10f64.powf(r.gen_range(lo10..hi10))
}

fn signed_logu(r: &mut StdRng, lo10: f64, hi10: f64) -> f64 {
    let v = logu(r, lo10, hi10);
    if r.gen_bool(0.5) {
        -v
    } else {
        v
    }
}

/// Half the inputs exactly halfway between integers, to pin down rounding direction.
fn halves(r: &mut StdRng, max: f64) -> f64 {
    if r.gen_bool(0.5) {
        (r.gen_range(-2.0 * max..2.0 * max) as i64) as f64 / 2.0
    } else {
        r.gen_range(-max..max)
    }
}

fn run_f32(kernel: &str, inputs: Vec<Vec<f32>>, want: Vec<f32>, ulps: u64, seed: u64) {
    let f = function(module(kernel), kernel);
    let dev: Vec<_> = inputs.iter().map(|v| upload(v)).collect();
    for shape in shapes() {
        let out = poisoned::<f32>(N);
        let what = format!("{kernel} seed={seed} {shape:?}");
        let n = N as i32;
        match dev.len() {
            1 => launch(&f, shape, 0, &[&out, &dev[0], &n], &what),
            _ => launch(&f, shape, 0, &[&out, &dev[0], &dev[1], &n], &what),
        }
        check_ulps_f32(&inputs, &download(&out), &want, ulps, &what);
    }
}

fn run_f64(kernel: &str, inputs: Vec<Vec<f64>>, want: Vec<f64>, ulps: u64, seed: u64) {
    let f = function(module(kernel), kernel);
    let dev: Vec<_> = inputs.iter().map(|v| upload(v)).collect();
    for shape in shapes() {
        let out = poisoned::<f64>(N);
        let what = format!("{kernel} seed={seed} {shape:?}");
        let n = N as i32;
        match dev.len() {
            1 => launch(&f, shape, 0, &[&out, &dev[0], &n], &what),
            _ => launch(&f, shape, 0, &[&out, &dev[0], &dev[1], &n], &what),
        }
        check_ulps_f64(&inputs, &download(&out), &want, ulps, &what);
    }
}

fn seed_of(name: &str) -> u64 {
    name.bytes()
        .fold(600u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}

/// `unary!(name, reference, f32 domain, f32 ulps, f64 domain, f64 ulps)` makes the tests
/// `f32_name` and `f64_name`, running the kernels of the same names.
macro_rules! unary {
    ($name:ident, $f32:ident, $f64:ident, $reference:expr, $dom32:expr, $ulp32:expr, $dom64:expr, $ulp64:expr) => {
        #[test]
        fn $f32() {
            let _device = shared_device();
            let kernel = stringify!($f32);
            let seed = seed_of(kernel);
            let mut r = rng(seed);
            let reference: fn(f64) -> f64 = $reference;
            let domain: fn(&mut StdRng) -> f64 = $dom32;
            let x: Vec<f32> = (0..N).map(|_| domain(&mut r) as f32).collect();
            let want: Vec<f32> = x.iter().map(|&v| reference(f64::from(v)) as f32).collect();
            run_f32(kernel, vec![x], want, $ulp32, seed);
        }

        #[test]
        fn $f64() {
            let _device = shared_device();
            let kernel = stringify!($f64);
            let seed = seed_of(kernel);
            let mut r = rng(seed);
            let reference: fn(f64) -> f64 = $reference;
            let domain: fn(&mut StdRng) -> f64 = $dom64;
            let x: Vec<f64> = (0..N).map(|_| domain(&mut r)).collect();
            let want: Vec<f64> = x.iter().map(|&v| reference(v)).collect();
            run_f64(kernel, vec![x], want, $ulp64, seed);
        }
    };
}

unary!(
    sin,
    f32_sin,
    f64_sin,
    f64::sin,
    |r| uni(r, -50.0, 50.0),
    3,
    |r| uni(r, -50.0, 50.0),
    3
);
unary!(
    cos,
    f32_cos,
    f64_cos,
    f64::cos,
    |r| uni(r, -50.0, 50.0),
    3,
    |r| uni(r, -50.0, 50.0),
    3
);
unary!(
    tan,
    f32_tan,
    f64_tan,
    f64::tan,
    |r| uni(r, -50.0, 50.0),
    5,
    |r| uni(r, -50.0, 50.0),
    3
);
unary!(
    exp,
    f32_exp,
    f64_exp,
    f64::exp,
    |r| uni(r, -80.0, 80.0),
    3,
    |r| uni(r, -700.0, 700.0),
    2
);
unary!(
    exp2,
    f32_exp2,
    f64_exp2,
    f64::exp2,
    |r| uni(r, -120.0, 120.0),
    3,
    |r| uni(r, -1000.0, 1000.0),
    2
);
unary!(
    expm1,
    f32_expm1,
    f64_expm1,
    f64::exp_m1,
    |r| uni(r, -20.0, 80.0),
    2,
    |r| uni(r, -40.0, 700.0),
    2
);
unary!(
    log,
    f32_log,
    f64_log,
    f64::ln,
    |r| logu(r, -30.0, 30.0),
    2,
    |r| logu(r, -300.0, 300.0),
    2
);
unary!(
    log2,
    f32_log2,
    f64_log2,
    f64::log2,
    |r| logu(r, -30.0, 30.0),
    2,
    |r| logu(r, -300.0, 300.0),
    2
);
unary!(
    log10,
    f32_log10,
    f64_log10,
    f64::log10,
    |r| logu(r, -30.0, 30.0),
    3,
    |r| logu(r, -300.0, 300.0),
    2
);
unary!(
    log1p,
    f32_log1p,
    f64_log1p,
    f64::ln_1p,
    |r| if r.gen_bool(0.5) {
        uni(r, -0.99, 0.0)
    } else {
        logu(r, -8.0, 6.0)
    },
    2,
    |r| if r.gen_bool(0.5) {
        uni(r, -0.99, 0.0)
    } else {
        logu(r, -30.0, 30.0)
    },
    2
);
unary!(
    sqrt,
    f32_sqrt,
    f64_sqrt,
    f64::sqrt,
    |r| logu(r, -30.0, 30.0),
    1,
    |r| logu(r, -300.0, 300.0),
    1
);
unary!(
    rsqrt,
    f32_rsqrt,
    f64_rsqrt,
    |x| 1.0 / x.sqrt(),
    |r| logu(r, -30.0, 30.0),
    3,
    |r| logu(r, -300.0, 300.0),
    3
);
unary!(
    cbrt,
    f32_cbrt,
    f64_cbrt,
    f64::cbrt,
    |r| signed_logu(r, -30.0, 30.0),
    2,
    |r| signed_logu(r, -300.0, 300.0),
    2
);
unary!(
    tanh,
    f32_tanh,
    f64_tanh,
    f64::tanh,
    |r| uni(r, -20.0, 20.0),
    3,
    |r| uni(r, -40.0, 40.0),
    2
);
unary!(
    sinh,
    f32_sinh,
    f64_sinh,
    f64::sinh,
    |r| uni(r, -80.0, 80.0),
    4,
    |r| uni(r, -700.0, 700.0),
    3
);
unary!(
    cosh,
    f32_cosh,
    f64_cosh,
    f64::cosh,
    |r| uni(r, -80.0, 80.0),
    3,
    |r| uni(r, -700.0, 700.0),
    2
);
unary!(
    asin,
    f32_asin,
    f64_asin,
    f64::asin,
    |r| uni(r, -1.0, 1.0),
    5,
    |r| uni(r, -1.0, 1.0),
    3
);
unary!(
    acos,
    f32_acos,
    f64_acos,
    f64::acos,
    |r| uni(r, -1.0, 1.0),
    5,
    |r| uni(r, -1.0, 1.0),
    3
);
unary!(
    atan,
    f32_atan,
    f64_atan,
    f64::atan,
    |r| signed_logu(r, -6.0, 6.0),
    3,
    |r| signed_logu(r, -6.0, 6.0),
    3
);
unary!(
    erf,
    f32_erf,
    f64_erf,
    erf_ref,
    |r| uni(r, -6.0, 6.0),
    3,
    |r| uni(r, -6.0, 6.0),
    3
);
unary!(
    erfc,
    f32_erfc,
    f64_erfc,
    erfc_ref,
    |r| uni(r, -5.0, 9.0),
    5,
    |r| uni(r, -5.0, 20.0),
    6
);
unary!(
    floor,
    f32_floor,
    f64_floor,
    f64::floor,
    |r| halves(r, 1e6),
    0,
    |r| halves(r, 1e12),
    0
);
unary!(
    ceil,
    f32_ceil,
    f64_ceil,
    f64::ceil,
    |r| halves(r, 1e6),
    0,
    |r| halves(r, 1e12),
    0
);
unary!(
    trunc,
    f32_trunc,
    f64_trunc,
    f64::trunc,
    |r| halves(r, 1e6),
    0,
    |r| halves(r, 1e12),
    0
);
unary!(
    round,
    f32_round,
    f64_round,
    f64::round,
    |r| halves(r, 1e6),
    0,
    |r| halves(r, 1e12),
    0
);
unary!(
    fabs,
    f32_fabs,
    f64_fabs,
    f64::abs,
    |r| signed_logu(r, -30.0, 30.0),
    0,
    |r| signed_logu(r, -300.0, 300.0),
    0
);

/// `binary!` as `unary!` for two-argument functions; the f32 reference gets both inputs
/// exactly (widened) and its result rounded once. `fma` is special-cased below.
macro_rules! binary {
    ($f32:ident, $f64:ident, $reference:expr, $dom32:expr, $ulp32:expr, $dom64:expr, $ulp64:expr) => {
        #[test]
        fn $f32() {
            let _device = shared_device();
            let kernel = stringify!($f32);
            let seed = seed_of(kernel);
            let mut r = rng(seed);
            let reference: fn(f64, f64) -> f64 = $reference;
            let domain: fn(&mut StdRng) -> (f64, f64) = $dom32;
            let (x, y): (Vec<f32>, Vec<f32>) = (0..N)
                .map(|_| {
                    let (a, b) = domain(&mut r);
                    (a as f32, b as f32)
                })
                .unzip();
            let want = x
                .iter()
                .zip(&y)
                .map(|(&a, &b)| reference(f64::from(a), f64::from(b)) as f32)
                .collect();
            run_f32(kernel, vec![x, y], want, $ulp32, seed);
        }

        #[test]
        fn $f64() {
            let _device = shared_device();
            let kernel = stringify!($f64);
            let seed = seed_of(kernel);
            let mut r = rng(seed);
            let reference: fn(f64, f64) -> f64 = $reference;
            let domain: fn(&mut StdRng) -> (f64, f64) = $dom64;
            let (x, y): (Vec<f64>, Vec<f64>) = (0..N).map(|_| domain(&mut r)).unzip();
            let want = x.iter().zip(&y).map(|(&a, &b)| reference(a, b)).collect();
            run_f64(kernel, vec![x, y], want, $ulp64, seed);
        }
    };
}

/// pow over positive bases and, for a quarter of the inputs, negative bases with integer
/// exponents (where the sign of the result depends on the exponent's parity).
fn pow_domain(r: &mut StdRng, lo10: f64) -> (f64, f64) {
    if r.gen_bool(0.25) {
        (-uni(r, 0.1, 10.0), r.gen_range(-10i32..=10) as f64)
    } else {
        (logu(r, lo10, 2.0), uni(r, -10.0, 10.0))
    }
}

fn nonzero(r: &mut StdRng, max: f64) -> f64 {
    let v = uni(r, 0.01, max);
    if r.gen_bool(0.5) {
        -v
    } else {
        v
    }
}

binary!(
    f32_pow,
    f64_pow,
    f64::powf,
    |r| pow_domain(r, -3.0),
    5,
    |r| pow_domain(r, -30.0),
    3
);
binary!(
    f32_atan2,
    f64_atan2,
    f64::atan2,
    |r| (uni(r, -100.0, 100.0), uni(r, -100.0, 100.0)),
    4,
    |r| (uni(r, -100.0, 100.0), uni(r, -100.0, 100.0)),
    3
);
binary!(
    f32_fmod,
    f64_fmod,
    |a, b| a % b,
    |r| (uni(r, -1e4, 1e4), nonzero(r, 100.0)),
    0,
    |r| (uni(r, -1e12, 1e12), nonzero(r, 100.0)),
    0
);
binary!(
    f32_hypot,
    f64_hypot,
    f64::hypot,
    |r| (signed_logu(r, -15.0, 15.0), signed_logu(r, -15.0, 15.0)),
    4,
    |r| (signed_logu(r, -200.0, 200.0), signed_logu(r, -200.0, 200.0)),
    3
);
binary!(
    f32_fmin,
    f64_fmin,
    f64::min,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0
);
binary!(
    f32_fmax,
    f64_fmax,
    f64::max,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0
);
binary!(
    f32_copysign,
    f64_copysign,
    f64::copysign,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0,
    |r| (uni(r, -1e3, 1e3), uni(r, -1e3, 1e3)),
    0
);

/// fma(a, b, a - b) must round once: compare exactly with the host's fused multiply-add.
#[test]
fn f32_fma() {
    let _device = shared_device();
    let seed = seed_of("f32_fma");
    let mut r = rng(seed);
    let x: Vec<f32> = (0..N).map(|_| r.gen_range(-1e3..1e3)).collect();
    let y: Vec<f32> = (0..N).map(|_| r.gen_range(-1e3..1e3)).collect();
    let want = x
        .iter()
        .zip(&y)
        .map(|(&a, &b)| a.mul_add(b, a - b))
        .collect();
    run_f32("f32_fma", vec![x, y], want, 0, seed);
}

#[test]
fn f64_fma() {
    let _device = shared_device();
    let seed = seed_of("f64_fma");
    let mut r = rng(seed);
    let x: Vec<f64> = (0..N).map(|_| r.gen_range(-1e3..1e3)).collect();
    let y: Vec<f64> = (0..N).map(|_| r.gen_range(-1e3..1e3)).collect();
    let want = x
        .iter()
        .zip(&y)
        .map(|(&a, &b)| a.mul_add(b, a - b))
        .collect();
    run_f64("f64_fma", vec![x, y], want, 0, seed);
}

#[test]
fn f32_sincos_two_outputs() {
    let _device = shared_device();
    let f = function(elementary_module(), "f32_sincos");
    let seed = seed_of("f32_sincos");
    let mut r = rng(seed);
    let x: Vec<f32> = (0..N).map(|_| r.gen_range(-50.0f32..50.0)).collect();
    let want_s: Vec<f32> = x.iter().map(|&v| f64::from(v).sin() as f32).collect();
    let want_c: Vec<f32> = x.iter().map(|&v| f64::from(v).cos() as f32).collect();
    let dx = upload(&x);
    for shape in shapes() {
        let (s, c) = (poisoned::<f32>(N), poisoned::<f32>(N));
        let what = format!("f32_sincos seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&s, &c, &dx, &(N as i32)], &what);
        let inputs = vec![x.clone()];
        check_ulps_f32(&inputs, &download(&s), &want_s, 3, &format!("{what}: sin"));
        check_ulps_f32(&inputs, &download(&c), &want_c, 3, &format!("{what}: cos"));
    }
}
