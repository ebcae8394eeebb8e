//! hip_fp16.h and hip_bf16.h on the device: arithmetic (plain, _rn, _sat, fused), comparisons,
//! max/min, conversions to and from float, double and every integer type in every rounding,
//! bit casts, math functions, the __half2 / __hip_bfloat162 pair functions, operators and
//! atomics, each result checked bit for bit against an exact reference computed here (one unit
//! in the last place for the transcendental functions, which are float functions rounded).
//! Inputs are seeded random bit patterns (NaNs, infinities and subnormals included) mixed with
//! chosen values; the seed is in every failure message.

use crate::common::*;
use rand::rngs::StdRng;
use rand::Rng;

kernel_module!(module, "half.hip");

const N: usize = 1500;

fn shapes(n: usize) -> Vec<Shape> {
    vec![
        ((blocks_for(n, 128), 1, 1), (128, 1, 1)),
        ((blocks_for(n, 7) + 1, 1, 1), (7, 1, 1)),
    ]
}

// ---------------------------------------------------------------------------------------------
// Reference: exact values, correct rounding into a binary format.

/// A binary interchange format: `frac` fraction bits, `exp` exponent bits, sign on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fmt {
    frac: u32,
    exp: u32,
}

const F16: Fmt = Fmt { frac: 10, exp: 5 };
const BF16: Fmt = Fmt { frac: 7, exp: 8 };
const F32: Fmt = Fmt { frac: 23, exp: 8 };
const F64: Fmt = Fmt { frac: 52, exp: 11 };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Nearest,
    Zero,
    Down,
    Up,
}

/// An exact finite value: (-1)^neg * mant * 2^exp (a zero keeps its sign).
#[derive(Clone, Copy, Debug)]
struct Exact {
    neg: bool,
    mant: u128,
    exp: i32,
}

/// A value of a format: finite, infinite, or NaN.
#[derive(Clone, Copy, Debug)]
enum Val {
    Fin(Exact),
    Inf(bool),
    Nan,
}

impl Fmt {
    fn bias(self) -> i32 {
        (1 << (self.exp - 1)) - 1
    }
    fn max_biased(self) -> i32 {
        (1 << self.exp) - 2
    }
    fn sign_bit(self) -> u64 {
        1 << (self.frac + self.exp)
    }
    fn decode(self, bits: u64) -> Val {
        let neg = bits & self.sign_bit() != 0;
        let f = bits & ((1 << self.frac) - 1);
        let e = ((bits >> self.frac) & ((1 << self.exp) - 1)) as i32;
        if e == (1 << self.exp) - 1 {
            return if f == 0 { Val::Inf(neg) } else { Val::Nan };
        }
        let (mant, exp) = if e == 0 {
            (u128::from(f), 1 - self.bias() - self.frac as i32)
        } else {
            (
                u128::from(f | (1 << self.frac)),
                e - self.bias() - self.frac as i32,
            )
        };
        Val::Fin(Exact { neg, mant, exp })
    }
    fn is_nan(self, bits: u64) -> bool {
        matches!(self.decode(bits), Val::Nan)
    }
    /// The format's bits of the exact value `x` rounded in `mode`.
    fn round(self, x: Exact, mode: Mode) -> u64 {
        let sign = if x.neg { self.sign_bit() } else { 0 };
        if x.mant == 0 {
            return sign;
        }
        let len = 128 - x.mant.leading_zeros() as i32;
        let top = x.exp + len - 1;
        let emin = 1 - self.bias();
        let q = top.max(emin) - self.frac as i32;
        let mut m = if x.exp >= q {
            x.mant << (x.exp - q)
        } else {
            let shift = (q - x.exp) as u32;
            let (kept, rem, half) = if shift >= 128 {
                (0, x.mant, None)
            } else {
                (
                    x.mant >> shift,
                    x.mant & ((1u128 << shift) - 1),
                    Some(1u128 << (shift - 1)),
                )
            };
            let up = match mode {
                Mode::Nearest => match half {
                    Some(h) => rem > h || (rem == h && kept & 1 == 1),
                    None => false,
                },
                Mode::Zero => false,
                Mode::Down => rem != 0 && x.neg,
                Mode::Up => rem != 0 && !x.neg,
            };
            kept + u128::from(up)
        };
        let mut q = q;
        if m == 1u128 << (self.frac + 1) {
            m >>= 1;
            q += 1;
        }
        let biased = if m < 1u128 << self.frac {
            0
        } else {
            q + self.frac as i32 + self.bias()
        };
        if biased > self.max_biased() {
            let max_finite = ((self.max_biased() as u64) << self.frac) | ((1 << self.frac) - 1);
            let inf = ((self.max_biased() as u64 + 1) << self.frac) | sign;
            return match (mode, x.neg) {
                (Mode::Nearest, _) | (Mode::Up, false) | (Mode::Down, true) => inf,
                _ => max_finite | sign,
            };
        }
        let field = (m as u64) & ((1 << self.frac) - 1);
        sign | ((biased as u64) << self.frac) | field
    }
    /// Rounds any value (special ones pass through as the format's own).
    fn round_val(self, v: Val, mode: Mode) -> u64 {
        match v {
            Val::Fin(x) => self.round(x, mode),
            Val::Inf(neg) => {
                ((self.max_biased() as u64 + 1) << self.frac)
                    | if neg { self.sign_bit() } else { 0 }
            }
            Val::Nan => ((self.max_biased() as u64 + 1) << self.frac) | (1 << (self.frac - 1)),
        }
    }
    fn round_f64(self, v: f64, mode: Mode) -> u64 {
        self.round_val(F64.decode(v.to_bits()), mode)
    }
    fn value(self, bits: u64) -> f64 {
        match self.decode(bits) {
            Val::Nan => f64::NAN,
            Val::Inf(neg) => {
                if neg {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }
            }
            // Exact: every half, bfloat16 and float value is a double.
            Val::Fin(x) => f64::from_bits(F64.round(x, Mode::Nearest)),
        }
    }
}

fn exact_int(v: i128) -> Exact {
    Exact {
        neg: v < 0,
        mant: v.unsigned_abs(),
        exp: 0,
    }
}

fn mul_exact(a: Exact, b: Exact) -> Exact {
    Exact {
        neg: a.neg != b.neg,
        mant: a.mant * b.mant,
        exp: a.exp + b.exp,
    }
}

/// a + b exactly, as far as any 16-bit (or float) rounding can tell: a term far below the
/// other's lowest bit only ever acts as a sticky bit, so it is replaced by one.
fn add_exact(a: Exact, b: Exact) -> Exact {
    if a.mant == 0 && b.mant == 0 {
        // IEEE: -0 + -0 = -0, any other sum of zeros is +0 (round to nearest).
        return Exact {
            neg: a.neg && b.neg,
            mant: 0,
            exp: 0,
        };
    }
    if a.mant == 0 {
        return b;
    }
    if b.mant == 0 {
        return a;
    }
    let (hi, mut lo) = if a.exp >= b.exp { (a, b) } else { (b, a) };
    if hi.exp - lo.exp > 90 {
        lo = Exact {
            neg: lo.neg,
            mant: 1,
            exp: hi.exp - 91,
        };
    }
    let shift = (hi.exp - lo.exp) as u32;
    let h = (hi.mant << shift) as i128 * if hi.neg { -1 } else { 1 };
    let l = lo.mant as i128 * if lo.neg { -1 } else { 1 };
    let s = h + l;
    if s == 0 {
        // An exact cancellation is +0 in round to nearest.
        return Exact {
            neg: false,
            mant: 0,
            exp: 0,
        };
    }
    Exact {
        neg: s < 0,
        mant: s.unsigned_abs(),
        exp: lo.exp,
    }
}

/// The correctly rounded a op b in `fmt`, from the operands' bits (special values through f64,
/// whose IEEE rules are the same).
fn binop(fmt: Fmt, a: u16, b: u16, op: char) -> u16 {
    let (va, vb) = (fmt.decode(u64::from(a)), fmt.decode(u64::from(b)));
    let r = match (op, va, vb) {
        ('+', Val::Fin(x), Val::Fin(y)) => fmt.round(add_exact(x, y), Mode::Nearest),
        ('-', Val::Fin(x), Val::Fin(y)) => {
            fmt.round(add_exact(x, Exact { neg: !y.neg, ..y }), Mode::Nearest)
        }
        ('*', Val::Fin(x), Val::Fin(y)) => fmt.round(mul_exact(x, y), Mode::Nearest),
        _ => {
            // Division (the double quotient rounds innocuously: 53 >= 2 * 11 + 2) and the
            // special values.
            let (x, y) = (fmt.value(u64::from(a)), fmt.value(u64::from(b)));
            let v = match op {
                '+' => x + y,
                '-' => x - y,
                '*' => x * y,
                _ => x / y,
            };
            fmt.round_f64(v, Mode::Nearest)
        }
    };
    r as u16
}

fn fma(fmt: Fmt, a: u16, b: u16, c: u16) -> u16 {
    match (
        fmt.decode(u64::from(a)),
        fmt.decode(u64::from(b)),
        fmt.decode(u64::from(c)),
    ) {
        (Val::Fin(x), Val::Fin(y), Val::Fin(z)) => {
            let p = mul_exact(x, y);
            // A zero product plus a zero keeps IEEE's sign rule.
            fmt.round(add_exact(p, z), Mode::Nearest) as u16
        }
        _ => {
            let (x, y, z) = (
                fmt.value(u64::from(a)),
                fmt.value(u64::from(b)),
                fmt.value(u64::from(c)),
            );
            fmt.round_f64(x.mul_add(y, z), Mode::Nearest) as u16
        }
    }
}

fn sat(fmt: Fmt, r: u16) -> u16 {
    let v = fmt.value(u64::from(r));
    let one = fmt.round_f64(1.0, Mode::Nearest) as u16;
    if v.is_nan() || v <= 0.0 {
        0
    } else if v > 1.0 {
        one
    } else {
        r
    }
}

/// ROCm's `__clamp_01`: below 0 gives 0, above 1 gives 1, anything else (NaN, -0) is kept.
fn clamp01(fmt: Fmt, r: u16) -> u16 {
    let v = fmt.value(u64::from(r));
    if v < 0.0 {
        0
    } else if v > 1.0 {
        fmt.round_f64(1.0, Mode::Nearest) as u16
    } else {
        r
    }
}

/// Results agree: equal bits, or both NaN.
fn same(fmt: Fmt, got: u16, want: u16) -> bool {
    got == want || (fmt.is_nan(u64::from(got)) && fmt.is_nan(u64::from(want)))
}

/// Distance in units in the last place (adjacent values 1 apart; the zeros together).
fn ulps(fmt: Fmt, a: u16, b: u16) -> u32 {
    let key = |x: u16| -> i32 {
        let mag = i32::from(x & 0x7fff);
        if u64::from(x) & fmt.sign_bit() != 0 {
            -mag
        } else {
            mag
        }
    };
    (key(a) - key(b)).unsigned_abs()
}

fn close(fmt: Fmt, got: u16, want: u16, max_ulps: u32) -> bool {
    if fmt.is_nan(u64::from(got)) || fmt.is_nan(u64::from(want)) {
        return same(fmt, got, want);
    }
    ulps(fmt, got, want) <= max_ulps
}

fn max_ref(fmt: Fmt, a: u16, b: u16) -> u16 {
    let (an, bn) = (fmt.is_nan(u64::from(a)), fmt.is_nan(u64::from(b)));
    match (an, bn) {
        (true, true) => 0x7fff,
        (true, false) => b,
        (false, true) => a,
        _ => {
            if fmt.value(u64::from(a)) > fmt.value(u64::from(b)) {
                a
            } else {
                b
            }
        }
    }
}

/// Half's __hmin keeps the first of two equal values, bfloat16's the second (as in HIP).
fn min_ref(fmt: Fmt, a: u16, b: u16) -> u16 {
    let (an, bn) = (fmt.is_nan(u64::from(a)), fmt.is_nan(u64::from(b)));
    match (an, bn) {
        (true, true) => 0x7fff,
        (true, false) => b,
        (false, true) => a,
        _ => {
            let (x, y) = (fmt.value(u64::from(a)), fmt.value(u64::from(b)));
            if fmt == F16 {
                if y < x {
                    b
                } else {
                    a
                }
            } else if x < y {
                a
            } else {
                b
            }
        }
    }
}

fn nan_first(fmt: Fmt, a: u16, b: u16, f: fn(Fmt, u16, u16) -> u16) -> u16 {
    if fmt.is_nan(u64::from(a)) {
        a
    } else if fmt.is_nan(u64::from(b)) {
        b
    } else {
        f(fmt, a, b)
    }
}

/// The 12 comparison functions in the kernels' order (ordered ones, then unordered ones: those
/// are also true when either side is NaN).
fn compares(fmt: Fmt, a: u16, b: u16) -> [bool; 12] {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let o = fmt
        .value(u64::from(a))
        .partial_cmp(&fmt.value(u64::from(b)));
    let is = |want: &[std::cmp::Ordering]| o.is_some_and(|o| want.contains(&o));
    let unordered = o.is_none();
    [
        is(&[Equal]),
        is(&[Less, Greater]),
        is(&[Less]),
        is(&[Less, Equal]),
        is(&[Greater]),
        is(&[Greater, Equal]),
        unordered || is(&[Equal]),
        unordered || is(&[Less, Greater]),
        unordered || is(&[Less]),
        unordered || is(&[Less, Equal]),
        unordered || is(&[Greater]),
        unordered || is(&[Greater, Equal]),
    ]
}

fn isinf(fmt: Fmt, a: u16) -> i32 {
    match fmt.decode(u64::from(a)) {
        // Either sign: ROCm's __hisinf is true for -inf too (CUDA's gives -1).
        Val::Inf(_) => 1,
        _ => 0,
    }
}

/// Round a double value to an integer as the mode says, then NaN -> 0 and saturation.
fn to_int(v: f64, mode: Mode, lo: i128, hi: i128) -> i128 {
    if v.is_nan() {
        return 0;
    }
    let r = match mode {
        Mode::Nearest => v.round_ties_even(),
        Mode::Zero => v.trunc(),
        Mode::Down => v.floor(),
        Mode::Up => v.ceil(),
    };
    if r <= lo as f64 {
        lo
    } else if r >= hi as f64 {
        hi
    } else {
        r as i128
    }
}

const MODES: [Mode; 4] = [Mode::Nearest, Mode::Zero, Mode::Down, Mode::Up];

/// (low, high) of the six integer types, in the kernels' order.
const INT_TYPES: [(i128, i128); 6] = [
    (i32::MIN as i128, i32::MAX as i128),
    (0, u32::MAX as i128),
    (i16::MIN as i128, i16::MAX as i128),
    (0, u16::MAX as i128),
    (i64::MIN as i128, i64::MAX as i128),
    (0, u64::MAX as i128),
];

/// v converted to each integer type as C++ does (modulo 2^bits), in the kernels' order.
fn int_casts(v: i64) -> [i128; 6] {
    [
        i128::from(v as i32),
        i128::from(v as u32),
        i128::from(v as i16),
        i128::from(v as u16),
        i128::from(v),
        i128::from(v as u64),
    ]
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/// 16-bit patterns: random bits (every class), chosen values, and random values of moderate
/// size (so that sums and products land in range).
fn patterns(r: &mut StdRng, fmt: Fmt, n: usize) -> Vec<u16> {
    let chosen: Vec<f64> = vec![
        0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.0, 2.5, -2.5, 3.0, 0.25, 1e-3, 100.0, 65504.0, 1e-7,
    ];
    let sign = fmt.sign_bit() as u16;
    let inf = ((fmt.max_biased() as u64 + 1) << fmt.frac) as u16;
    (0..n)
        .map(|i| match i % 8 {
            0 | 1 => r.gen(),
            2 => fmt.round_f64(chosen[r.gen_range(0..chosen.len())], Mode::Nearest) as u16,
            3 => match r.gen_range(0..6) {
                0 => inf,
                1 => inf | sign,
                2 => inf | 1,                            // a NaN
                3 => r.gen_range(1..(1u16 << fmt.frac)), // subnormal
                4 => sign | 1,
                _ => inf - 1, // largest finite
            },
            _ => {
                let m: f64 = r.gen_range(-4.0..4.0);
                let e = r.gen_range(-6..6);
                fmt.round_f64(m * 2f64.powi(e), Mode::Nearest) as u16
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Half.

/// Checks `got` (K results per element) against `want`, naming the first difference.
fn check_slots(
    what: &str,
    k: usize,
    got: &[u16],
    want: &[u16],
    inputs: &dyn Fn(usize) -> String,
    ok: &dyn Fn(usize, u16, u16) -> bool,
) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let bad: Vec<usize> = (0..got.len())
        .filter(|&j| !ok(j % k, got[j], want[j]))
        .collect();
    if let Some(&j) = bad.first() {
        panic!(
            "{what}: {} results differ; first: element {} slot {}: got {:#06x} want {:#06x} \
             (inputs {})",
            bad.len(),
            j / k,
            j % k,
            got[j],
            want[j],
            inputs(j / k)
        );
    }
}

#[test]
fn half_arithmetic() {
    let _device = shared_device();
    let f = function(module(), "half_arith");
    let seed = 0x4801;
    let mut r = rng(seed);
    let (a, b, c) = (
        patterns(&mut r, F16, N),
        patterns(&mut r, F16, N),
        patterns(&mut r, F16, N),
    );
    let mut want = Vec::with_capacity(N * 17);
    for i in 0..N {
        let (x, y, z) = (a[i], b[i], c[i]);
        let add = binop(F16, x, y, '+');
        let sub = binop(F16, x, y, '-');
        let mul = binop(F16, x, y, '*');
        let div = binop(F16, x, y, '/');
        let fm = fma(F16, x, y, z);
        want.extend([
            add,
            sub,
            mul,
            div,
            add,
            sub,
            mul,
            sat(F16, add),
            sat(F16, sub),
            sat(F16, mul),
            fm,
            sat(F16, fm),
            x ^ 0x8000,
            x & 0x7fff,
            div,
            x ^ 0x8000,
            clamp01(F16, x),
        ]);
    }
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 17);
        let what = format!("half_arith seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &dc, &out, &(N as i32)], &what);
        check_slots(
            &what,
            17,
            &download(&out),
            &want,
            &|i| format!("{:#06x} {:#06x} {:#06x}", a[i], b[i], c[i]),
            &|_, g, w| same(F16, g, w),
        );
    }
}

fn compare_test(kernel: &str, fmt: Fmt, seed: u64) {
    let _device = shared_device();
    let f = function(module(), kernel);
    let mut r = rng(seed);
    let a = patterns(&mut r, fmt, N);
    // b: half the time a itself or its negation (zeros compare equal), else random.
    let b: Vec<u16> = patterns(&mut r, fmt, N)
        .into_iter()
        .enumerate()
        .map(|(i, v)| match i % 4 {
            0 => a[i],
            1 => a[i] ^ fmt.sign_bit() as u16,
            _ => v,
        })
        .collect();
    let mut want = Vec::with_capacity(N * 20);
    for i in 0..N {
        let c = compares(fmt, a[i], b[i]);
        want.extend(c.iter().map(|&v| i32::from(v)));
        want.push(i32::from(fmt.is_nan(u64::from(a[i]))));
        want.push(isinf(fmt, a[i]));
        // Operators: == < <= > >= as the ordered functions, != as the unordered one.
        want.extend([c[0], c[7], c[2], c[3], c[4], c[5]].map(i32::from));
    }
    let (da, db) = (upload(&a), upload(&b));
    for shape in shapes(N) {
        let out = poisoned::<i32>(N * 20);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &out, &(N as i32)], &what);
        let got = download(&out);
        if let Some(j) = (0..got.len()).find(|&j| got[j] != want[j]) {
            panic!(
                "{what}: element {} slot {}: got {} want {} (inputs {:#06x} {:#06x})",
                j / 20,
                j % 20,
                got[j],
                want[j],
                a[j / 20],
                b[j / 20]
            );
        }
    }
}

#[test]
fn half_comparisons() {
    compare_test("half_cmp", F16, 0x4802);
}

#[test]
fn half_max_min() {
    let _device = shared_device();
    let f = function(module(), "half_minmax");
    let seed = 0x4803;
    let mut r = rng(seed);
    let a = patterns(&mut r, F16, N);
    let b: Vec<u16> = patterns(&mut r, F16, N)
        .into_iter()
        .enumerate()
        .map(|(i, v)| if i % 5 == 0 { a[i] ^ 0x8000 } else { v })
        .collect();
    let want: Vec<u16> = (0..N)
        .flat_map(|i| {
            let (x, y) = (a[i], b[i]);
            [
                max_ref(F16, x, y),
                min_ref(F16, x, y),
                nan_first(F16, x, y, max_ref),
                nan_first(F16, x, y, min_ref),
            ]
        })
        .collect();
    let (da, db) = (upload(&a), upload(&b));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 4);
        let what = format!("half_minmax seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &out, &(N as i32)], &what);
        // Exact bits, NaNs included: each result is one of the operands or the canonical NaN.
        check_slots(
            &what,
            4,
            &download(&out),
            &want,
            &|i| format!("{:#06x} {:#06x}", a[i], b[i]),
            &|_, g, w| g == w,
        );
    }
}

/// The lane results of half2_ops for one lane (x, y, z the lane's inputs; the pair functions
/// are handled by the caller).
fn half2_lane(x: u16, y: u16, z: u16) -> [u16; 18] {
    let one = 0x3c00u16;
    let flag = |b: bool| if b { one } else { 0 };
    let c = compares(F16, x, y);
    let add = binop(F16, x, y, '+');
    let mul = binop(F16, x, y, '*');
    let fm = fma(F16, x, y, z);
    [
        add,
        binop(F16, x, y, '-'),
        mul,
        binop(F16, x, y, '/'),
        fm,
        sat(F16, add),
        sat(F16, mul),
        sat(F16, fm),
        x ^ 0x8000,
        x & 0x7fff,
        max_ref(F16, x, y),
        min_ref(F16, x, y),
        flag(c[0]),
        flag(c[1]),
        flag(c[2]),
        flag(c[11]),
        flag(F16.is_nan(u64::from(x))),
        flag(isinf(F16, x) != 0),
    ]
}

#[test]
fn half2_lanes_and_pairs() {
    let _device = shared_device();
    let f = function(module(), "half2_ops");
    let seed = 0x4804;
    let mut r = rng(seed);
    let (a, b, c) = (
        patterns(&mut r, F16, 2 * N),
        patterns(&mut r, F16, 2 * N),
        patterns(&mut r, F16, 2 * N),
    );
    let mut want = Vec::with_capacity(N * 60);
    let mut want_b = Vec::with_capacity(N * 6);
    for i in 0..N {
        let (xl, xh, yl, yh, zl, zh) = (
            a[2 * i],
            a[2 * i + 1],
            b[2 * i],
            b[2 * i + 1],
            c[2 * i],
            c[2 * i + 1],
        );
        let lo = half2_lane(xl, yl, zl);
        let hi = half2_lane(xh, yh, zh);
        for k in 0..18 {
            want.extend([lo[k], hi[k]]);
        }
        want.extend([xl, yl]); // __lows2half2
        want.extend([xh, yh]); // __highs2half2
        want.extend([xh, xl]); // __lowhigh2highlow
        want.extend([xl, xl]); // __low2half2
        want.extend([yh, yh]); // __high2half2
        want.extend([xh, yl]); // __halves2half2
        want.extend([zl, zl]); // __half2half2
        want.extend([zh, xl]); // make_half2
        want.extend([binop(F16, xl, yl, '+'), binop(F16, xh, yh, '+')]);
        want.extend([
            nan_first(F16, xl, yl, max_ref),
            nan_first(F16, xh, yh, max_ref),
        ]);
        want.extend([binop(F16, xl, yl, '+'), binop(F16, xh, yh, '+')]);
        want.extend([binop(F16, xl, yl, '*'), binop(F16, xh, yh, '*')]);
        let (cl, ch) = (compares(F16, xl, yl), compares(F16, xh, yh));
        want_b.extend(
            [
                cl[0] && ch[0],
                cl[1] && ch[1],
                cl[2] && ch[2],
                cl[11] && ch[11],
                cl[0] && ch[0],
                !(cl[0] && ch[0]),
            ]
            .map(i32::from),
        );
    }
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 60);
        let outb = poisoned::<i32>(N * 6);
        let what = format!("half2_ops seed={seed} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&da, &db, &dc, &out, &outb, &(N as i32)],
            &what,
        );
        check_slots(
            &what,
            60,
            &download(&out),
            &want,
            &|i| {
                format!(
                    "x=({:#06x},{:#06x}) y=({:#06x},{:#06x}) z=({:#06x},{:#06x})",
                    a[2 * i],
                    a[2 * i + 1],
                    b[2 * i],
                    b[2 * i + 1],
                    c[2 * i],
                    c[2 * i + 1]
                )
            },
            &|_, g, w| same(F16, g, w),
        );
        check_eq(
            &download(&outb),
            &want_b,
            &format!("{what}: whole-pair comparisons"),
        );
    }
}

/// Floats and doubles: random bits (every class), values near half's limits and midpoints,
/// and ordinary values.
fn float_inputs(r: &mut StdRng, n: usize) -> (Vec<f32>, Vec<f64>) {
    let f: Vec<f32> = (0..n)
        .map(|i| match i % 5 {
            0 => f32::from_bits(r.gen()),
            1 => {
                // near a half midpoint: a half plus half an ulp, nudged
                let h = F16.value(u64::from(r.gen::<u16>() & 0x7bff)) as f32;
                let ulp = f32::EPSILON * h.abs().max(6.1e-5) * 4096.0;
                h + ulp * r.gen_range(-1.0..1.0)
            }
            2 => r.gen_range(65000.0..66000.0) * if r.gen() { 1.0 } else { -1.0 },
            3 => r.gen_range(-1e-7..1e-7),
            _ => r.gen_range(-100.0..100.0),
        })
        .collect();
    let d: Vec<f64> = (0..n)
        .map(|i| match i % 4 {
            0 => f64::from_bits(r.gen()),
            // just off a half midpoint, where rounding through float would go wrong
            1 => {
                1.0 + 2f64.powi(-11)
                    + if r.gen() {
                        2f64.powi(-40)
                    } else {
                        -2f64.powi(-40)
                    }
            }
            2 => f64::from(f[i]) * (1.0 + f64::EPSILON * 3.0),
            _ => r.gen_range(-1e6..1e6),
        })
        .collect();
    (f, d)
}

#[test]
fn half_float_conversions() {
    let _device = shared_device();
    let f = function(module(), "half_from_float");
    let seed = 0x4805;
    let mut r = rng(seed);
    let (fl, db) = float_inputs(&mut r, N);
    let a = patterns(&mut r, F16, N);
    let mut want = Vec::with_capacity(N * 12);
    let mut want_f = Vec::with_capacity(N * 5);
    let h = |x: f32, m: Mode| F16.round_val(F32.decode(u64::from(x.to_bits())), m) as u16;
    for i in 0..N {
        let (x, y) = (fl[i], fl[(i + 1) % N]);
        want.extend([
            h(x, Mode::Nearest),
            h(x, Mode::Nearest),
            h(x, Mode::Zero),
            h(x, Mode::Down),
            h(x, Mode::Up),
            F16.round_f64(db[i], Mode::Nearest) as u16,
            h(x, Mode::Nearest),
            h(y, Mode::Nearest),
            h(y, Mode::Nearest),
            h(x, Mode::Nearest),
            h(y, Mode::Nearest),
            h(x, Mode::Nearest),
        ]);
        let v = |b: u16| F16.value(u64::from(b)) as f32;
        let next = a[(i + 1) % N];
        want_f.extend([v(a[i]), v(a[i]), v(next), v(next), v(a[i])]);
    }
    let (dfl, ddb, da) = (upload(&fl), upload(&db), upload(&a));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 12);
        let outf = poisoned::<f32>(N * 5);
        let what = format!("half_from_float seed={seed} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&dfl, &ddb, &da, &out, &outf, &(N as i32)],
            &what,
        );
        check_slots(
            &what,
            12,
            &download(&out),
            &want,
            &|i| {
                format!(
                    "float {:e} ({:#010x}) double {:e}",
                    fl[i],
                    fl[i].to_bits(),
                    db[i]
                )
            },
            &|_, g, w| same(F16, g, w),
        );
        let got_f = download(&outf);
        for (j, (g, w)) in got_f.iter().zip(&want_f).enumerate() {
            assert!(
                g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()),
                "{what}: half to float, element {} slot {}: got {g:e} want {w:e}",
                j / 5,
                j % 5
            );
        }
    }
}

#[test]
fn half_to_integers() {
    let _device = shared_device();
    let f = function(module(), "half_to_int");
    let seed = 0x4806;
    let mut r = rng(seed);
    let mut a = patterns(&mut r, F16, N);
    // Plenty of values with a fraction, ties included.
    for (i, v) in a.iter_mut().enumerate().filter(|(i, _)| i % 3 == 0) {
        let x = f64::from(r.gen_range(-4000i32..4000)) / 4.0 + if i % 2 == 0 { 0.5 } else { 0.0 };
        *v = F16.round_f64(x, Mode::Nearest) as u16;
    }
    let mut want = Vec::with_capacity(N * 24);
    for &x in &a {
        let v = F16.value(u64::from(x));
        for (lo, hi) in INT_TYPES {
            for m in MODES {
                // Stored sign- or zero-extended to 64 bits, as the kernel casts.
                want.push(to_int(v, m, lo, hi) as u64);
            }
        }
    }
    let da = upload(&a);
    for shape in shapes(N) {
        let out = poisoned::<u64>(N * 24);
        let what = format!("half_to_int seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &out, &(N as i32)], &what);
        let got = download(&out);
        if let Some(j) = (0..got.len()).find(|&j| got[j] != want[j]) {
            panic!(
                "{what}: element {} (half {:#06x} = {}) type {} mode {:?}: got {:#x} want {:#x}",
                j / 24,
                a[j / 24],
                F16.value(u64::from(a[j / 24])),
                j % 24 / 4,
                MODES[j % 4],
                got[j],
                want[j]
            );
        }
    }
}

#[test]
fn integers_to_half() {
    let _device = shared_device();
    let f = function(module(), "int_to_half");
    let seed = 0x4807;
    let mut r = rng(seed);
    let v: Vec<i64> = (0..N)
        .map(|i| match i % 4 {
            0 => r.gen(),
            1 => r.gen_range(-70000..70000),
            2 => r.gen_range(-5000..5000),
            _ => {
                // near a rounding boundary of half's integers (spacing 2..32 above 2048)
                let base: i64 = r.gen_range(2048..65520);
                base + r.gen_range(-3..=3)
            }
        })
        .collect();
    let mut want = Vec::with_capacity(N * 24);
    for &x in &v {
        for c in int_casts(x) {
            for m in MODES {
                want.push(F16.round(exact_int(c), m) as u16);
            }
        }
    }
    let dv = upload(&v);
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 24);
        let what = format!("int_to_half seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&dv, &out, &(N as i32)], &what);
        check_slots(
            &what,
            24,
            &download(&out),
            &want,
            &|i| format!("{} (as type slot / 4, rounded in mode slot % 4)", v[i]),
            &|_, g, w| g == w,
        );
    }
}

#[test]
fn half_bit_casts_and_constants() {
    let _device = shared_device();
    let f = function(module(), "half_bits");
    let seed = 0x4808;
    let mut r = rng(seed);
    let a = patterns(&mut r, F16, N);
    let consts1 = 0x7c00u16 ^ 0x7bff ^ 0x0001;
    let consts2 = 0x3c00u16 ^ 0x8000 ^ 0x7fff; // ^ HIPRT_ZERO_FP16 (0)
    let want: Vec<u16> = a
        .iter()
        .flat_map(|&x| [x, x, x, x ^ 0x8000, consts1, consts2])
        .collect();
    let da = upload(&a);
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 6);
        let what = format!("half_bits seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &out, &(N as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

/// The allowed distance in ulps of each math function, in the kernels' order: sqrt, rcp and
/// the roundings are correctly rounded (float carries more than twice the bits), the others
/// are float functions rounded again.
const MATH_ULPS: [u32; 15] = [0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0];

/// The math functions' correctly rounded results, from f64.
fn math_ref(fmt: Fmt, x: u16) -> [u16; 15] {
    let v = fmt.value(u64::from(x));
    [
        v.sqrt(),
        1.0 / v.sqrt(),
        1.0 / v,
        v.exp(),
        v.exp2(),
        10f64.powf(v),
        v.ln(),
        v.log2(),
        v.log10(),
        v.sin(),
        v.cos(),
        v.floor(),
        v.ceil(),
        v.trunc(),
        v.round_ties_even(),
    ]
    .map(|y| fmt.round_f64(y, Mode::Nearest) as u16)
}

fn math_test(kernel: &str, fmt: Fmt, pairs: bool, seed: u64) {
    let _device = shared_device();
    let f = function(module(), kernel);
    let mut r = rng(seed);
    let n_in = if pairs { 2 * N } else { N };
    let a = patterns(&mut r, fmt, n_in);
    let mut want = Vec::with_capacity(n_in * 15);
    if pairs {
        for i in 0..N {
            let (lo, hi) = (math_ref(fmt, a[2 * i]), math_ref(fmt, a[2 * i + 1]));
            for k in 0..15 {
                want.extend([lo[k], hi[k]]);
            }
        }
    } else {
        for &x in &a {
            want.extend(math_ref(fmt, x));
        }
    }
    let k = if pairs { 30 } else { 15 };
    let da = upload(&a);
    for shape in shapes(N) {
        let out = poisoned::<u16>(n_in * 15);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &out, &(N as i32)], &what);
        check_slots(
            &what,
            k,
            &download(&out),
            &want,
            &|i| {
                if pairs {
                    format!("({:#06x}, {:#06x})", a[2 * i], a[2 * i + 1])
                } else {
                    format!("{:#06x} = {}", a[i], fmt.value(u64::from(a[i])))
                }
            },
            &|slot, g, wv| {
                let func = if pairs { slot / 2 } else { slot };
                close(fmt, g, wv, MATH_ULPS[func])
            },
        );
    }
}

#[test]
fn half_math_functions() {
    math_test("half_math", F16, false, 0x4809);
}

#[test]
fn half2_math_functions() {
    math_test("half2_math", F16, true, 0x480a);
}

#[test]
fn half_operators() {
    let _device = shared_device();
    let f = function(module(), "half_operators");
    let seed = 0x480b;
    let mut r = rng(seed);
    let (a, b) = (patterns(&mut r, F16, N), patterns(&mut r, F16, N));
    let one = 0x3c00u16;
    let mut want = Vec::with_capacity(N * 14);
    for i in 0..N {
        let (x, y) = (a[i], b[i]);
        let inc = binop(F16, x, one, '+');
        let dec = binop(F16, x, one, '-');
        // The pair (x, y): ++, then -- twice, then minus (y, x).
        let (pl, ph) = (inc, binop(F16, y, one, '+'));
        let (ql, qh) = (
            binop(F16, binop(F16, pl, one, '-'), one, '-'),
            binop(F16, binop(F16, ph, one, '-'), one, '-'),
        );
        want.extend([
            binop(F16, x, y, '+'),
            binop(F16, x, y, '-'),
            binop(F16, x, y, '*'),
            binop(F16, x, y, '/'),
            inc,
            x,
            inc,
            dec,
            x,
            dec,
            x,
            pl,
            qh,
            binop(F16, ql, y, '-'),
        ]);
    }
    let (da, db) = (upload(&a), upload(&b));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 14);
        let what = format!("half_operators seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &out, &(N as i32)], &what);
        check_slots(
            &what,
            14,
            &download(&out),
            &want,
            &|i| format!("{:#06x} {:#06x}", a[i], b[i]),
            &|_, g, w| same(F16, g, w),
        );
    }
}

#[test]
fn half_and_bfloat16_atomics() {
    let _device = shared_device();
    let f = function(module(), "half_atomic");
    let seed = 0x480c;
    let mut r = rng(seed);
    let n = 4096usize;
    let m = 33usize; // odd: neighbouring halves of one word get different work-items
                     // Multiples of 1/4 up to 2: every partial sum is exact, whatever the order.
    let v: Vec<u16> = (0..n)
        .map(|_| F16.round_f64(f64::from(r.gen_range(-8i32..=8)) / 4.0, Mode::Nearest) as u16)
        .collect();
    let mut sums = vec![0f64; m];
    for (i, &x) in v.iter().enumerate() {
        sums[i % m] += F16.value(u64::from(x));
    }
    let want_h: Vec<u16> = sums
        .iter()
        .map(|&s| F16.round_f64(s, Mode::Nearest) as u16)
        .collect();
    let want_h2: Vec<u16> = sums
        .iter()
        .flat_map(|&s| {
            [
                F16.round_f64(s, Mode::Nearest) as u16,
                F16.round_f64(-s, Mode::Nearest) as u16,
            ]
        })
        .collect();
    // bfloat16 counters add the sign of each value (their sums stay exact in 8 bits).
    let mut signs = vec![0f64; m];
    for (i, &x) in v.iter().enumerate() {
        signs[i % m] += F16.value(u64::from(x)).signum() * f64::from(u8::from(x & 0x7fff != 0));
    }
    let want_b: Vec<u16> = signs
        .iter()
        .map(|&s| BF16.round_f64(s, Mode::Nearest) as u16)
        .collect();
    let dv = upload(&v);
    for shape in [
        ((blocks_for(n, 256), 1, 1), (256, 1, 1)),
        ((blocks_for(n, 64), 1, 1), (64, 1, 1)),
    ] {
        // One spare element: the last counter's 32-bit word reaches past it.
        let (h, h2, b) = (
            filled::<u16>(m + 1, 0),
            filled::<u16>(2 * m, 0),
            filled::<u16>(m + 1, 0),
        );
        let what = format!("half_atomic seed={seed} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&h, &h2, &b, &dv, &(m as i32), &(n as i32)],
            &what,
        );
        // +0 and -0 both mean an empty sum here (the zero's sign depends on the order).
        let norm = |v: Vec<u16>| -> Vec<u16> {
            v.into_iter()
                .map(|x| if x & 0x7fff == 0 { 0 } else { x })
                .collect()
        };
        let (mut gh, mut gb) = (download(&h), download(&b));
        assert_eq!(
            (gh[m], gb[m]),
            (0, 0),
            "{what}: the spare elements were changed"
        );
        gh.truncate(m);
        gb.truncate(m);
        check_eq(&norm(gh), &norm(want_h.clone()), &format!("{what}: __half"));
        check_eq(
            &norm(download(&h2)),
            &norm(want_h2.clone()),
            &format!("{what}: __half2"),
        );
        check_eq(
            &norm(gb),
            &norm(want_b.clone()),
            &format!("{what}: bfloat16"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// bfloat16.

#[test]
fn bfloat16_conversions() {
    let _device = shared_device();
    let f = function(module(), "bf16_conv");
    let seed = 0x4b01;
    let mut r = rng(seed);
    let (mut fl, mut db) = float_inputs(&mut r, N);
    // bfloat16 midpoints in float and double, and large integers.
    for i in (0..N).step_by(7) {
        let b = r.gen::<u16>() & 0x7f7f;
        let x = BF16.value(u64::from(b));
        fl[i] = (x * (1.0 + 2f64.powi(-8))) as f32;
        db[i] = x
            * (1.0
                + 2f64.powi(-8)
                + if i % 2 == 0 {
                    2f64.powi(-45)
                } else {
                    -2f64.powi(-45)
                });
    }
    let v: Vec<i64> = (0..N)
        .map(|i| match i % 4 {
            0 => r.gen(),
            1 => r.gen_range(-100000..100000),
            2 => (1i64 << r.gen_range(8..62)) + r.gen_range(-300..300),
            _ => {
                // Just off a bfloat16 midpoint, by less than a float ulp: rounding through
                // float first would land on the midpoint and round to even.
                let k = r.gen_range(30..62);
                let odd = 2 * r.gen_range(0i64..64) + 1;
                let v = (1i64 << k) + odd * (1i64 << (k - 8)) + r.gen_range(-99..=99);
                if r.gen() {
                    -v
                } else {
                    v
                }
            }
        })
        .collect();
    let a = patterns(&mut r, BF16, N);
    let bf = |x: f32| BF16.round_val(F32.decode(u64::from(x.to_bits())), Mode::Nearest) as u16;
    let mut want = Vec::with_capacity(N * 14);
    let mut want_f = Vec::with_capacity(N * 2);
    let mut want_i = Vec::with_capacity(N * 8);
    for i in 0..N {
        let x = fl[i];
        let c = int_casts(v[i]);
        let bits = x.to_bits();
        let trunc = {
            let t = (bits >> 16) as u16;
            if x.is_nan() && t & 0x7f == 0 {
                t | 1
            } else {
                t
            }
        };
        let dbits = BF16.round_f64(db[i], Mode::Nearest) as u16;
        want.extend([
            bf(x),
            bf(x),
            dbits,
            BF16.round(exact_int(c[0]), Mode::Nearest) as u16,
            BF16.round(exact_int(c[1]), Mode::Nearest) as u16,
            BF16.round(exact_int(c[2]), Mode::Nearest) as u16,
            BF16.round(exact_int(c[3]), Mode::Nearest) as u16,
            BF16.round(exact_int(c[4]), Mode::Nearest) as u16,
            BF16.round(exact_int(c[5]), Mode::Nearest) as u16,
            bf(x),
            trunc,
            dbits,
            bf(fl[(i + 1) % N]),
            bf(x),
        ]);
        let val = BF16.value(u64::from(a[i]));
        want_f.extend([val as f32, BF16.value(u64::from(bf(x))) as f32]);
        let (i32r, u32r, i16r, i64r, u64r) = (
            INT_TYPES[0],
            INT_TYPES[1],
            INT_TYPES[2],
            INT_TYPES[4],
            INT_TYPES[5],
        );
        want_i.extend([
            to_int(val, Mode::Nearest, i32r.0, i32r.1) as i64,
            to_int(val, Mode::Zero, i32r.0, i32r.1) as i64,
            to_int(val, Mode::Down, i32r.0, i32r.1) as i64,
            to_int(val, Mode::Up, i32r.0, i32r.1) as i64,
            to_int(val, Mode::Nearest, u32r.0, u32r.1) as i64,
            to_int(val, Mode::Zero, i16r.0, i16r.1) as i64,
            to_int(val, Mode::Down, i64r.0, i64r.1) as i64,
            to_int(val, Mode::Up, u64r.0, u64r.1) as u64 as i64,
        ]);
    }
    let (dfl, ddb, dv, da) = (upload(&fl), upload(&db), upload(&v), upload(&a));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 14);
        let outf = poisoned::<f32>(N * 2);
        let outi = poisoned::<i64>(N * 8);
        let what = format!("bf16_conv seed={seed} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&dfl, &ddb, &dv, &da, &out, &outf, &outi, &(N as i32)],
            &what,
        );
        check_slots(
            &what,
            14,
            &download(&out),
            &want,
            &|i| format!("float {:e} double {:e} int {}", fl[i], db[i], v[i]),
            &|_, g, w| same(BF16, g, w),
        );
        let got_f = download(&outf);
        for (j, (g, w)) in got_f.iter().zip(&want_f).enumerate() {
            assert!(
                g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()),
                "{what}: to float, element {} slot {}: got {g:e} want {w:e}",
                j / 2,
                j % 2
            );
        }
        let got_i = download(&outi);
        if let Some(j) = (0..got_i.len()).find(|&j| got_i[j] != want_i[j]) {
            panic!(
                "{what}: to integer, element {} (bfloat16 {:#06x}) slot {}: got {} want {}",
                j / 8,
                a[j / 8],
                j % 8,
                got_i[j],
                want_i[j]
            );
        }
    }
}

#[test]
fn bfloat16_arithmetic() {
    let _device = shared_device();
    let f = function(module(), "bf16_arith");
    let seed = 0x4b02;
    let mut r = rng(seed);
    let (mut a, mut b, mut c) = (
        patterns(&mut r, BF16, N),
        patterns(&mut r, BF16, N),
        patterns(&mut r, BF16, N),
    );
    // Fused multiply-adds whose product is a bfloat16 midpoint and whose addend is far below
    // it: only a single rounding of the exact sum gets these right.
    for i in (0..N).step_by(11) {
        a[i] = [0x4040, 0x4140, 0xc0a0][i % 3]; // 3, 12, -5
        b[i] = 0x3f81; // 1 + 2^-7
        c[i] = [0x0d80, 0x8d80, 0x0001, 0x8001][i % 4]; // +-2^-100, +-smallest subnormal
    }
    let one = 0x3f80u16;
    let mut want = Vec::with_capacity(N * 16);
    for i in 0..N {
        let (x, y, z) = (a[i], b[i], c[i]);
        let inc = binop(BF16, x, one, '+');
        want.extend([
            binop(BF16, x, y, '+'),
            binop(BF16, x, y, '-'),
            binop(BF16, x, y, '*'),
            binop(BF16, x, y, '/'),
            fma(BF16, x, y, z),
            x ^ 0x8000,
            x & 0x7fff,
            max_ref(BF16, x, y),
            min_ref(BF16, x, y),
            nan_first(BF16, x, y, max_ref),
            nan_first(BF16, x, y, min_ref),
            binop(BF16, x, y, '*'),
            inc,
            binop(BF16, inc, y, '-'),
            binop(BF16, x, y, '+'),
            binop(BF16, x, y, '/'),
        ]);
    }
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 16);
        let what = format!("bf16_arith seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&da, &db, &dc, &out, &(N as i32)], &what);
        check_slots(
            &what,
            16,
            &download(&out),
            &want,
            &|i| format!("{:#06x} {:#06x} {:#06x}", a[i], b[i], c[i]),
            // max/min return operands or the canonical NaN: exact bits there.
            &|slot, g, w| {
                if (7..=10).contains(&slot) {
                    g == w
                } else {
                    same(BF16, g, w)
                }
            },
        );
    }
}

#[test]
fn bfloat16_comparisons() {
    compare_test("bf16_cmp", BF16, 0x4b03);
}

#[test]
fn bfloat16_math_functions() {
    math_test("bf16_math", BF16, false, 0x4b04);
}

#[test]
fn bfloat162_lanes_and_pairs() {
    let _device = shared_device();
    let f = function(module(), "bf162_ops");
    let seed = 0x4b05;
    let mut r = rng(seed);
    let (a, b, c) = (
        patterns(&mut r, BF16, 2 * N),
        patterns(&mut r, BF16, 2 * N),
        patterns(&mut r, BF16, 2 * N),
    );
    let one = 0x3f80u16;
    let flag = |v: bool| if v { one } else { 0 };
    let lane = |x: u16, y: u16, z: u16| -> [u16; 13] {
        let cmp = compares(BF16, x, y);
        [
            binop(BF16, x, y, '+'),
            binop(BF16, x, y, '-'),
            binop(BF16, x, y, '*'),
            binop(BF16, x, y, '/'),
            fma(BF16, x, y, z),
            x ^ 0x8000,
            x & 0x7fff,
            max_ref(BF16, x, y),
            min_ref(BF16, x, y),
            flag(cmp[0]),
            flag(cmp[2]),
            flag(cmp[11]),
            flag(BF16.is_nan(u64::from(x))),
        ]
    };
    let mut want = Vec::with_capacity(N * 40);
    let mut want_b = Vec::with_capacity(N * 4);
    for i in 0..N {
        let (xl, xh, yl, yh, zl, zh) = (
            a[2 * i],
            a[2 * i + 1],
            b[2 * i],
            b[2 * i + 1],
            c[2 * i],
            c[2 * i + 1],
        );
        let (lo, hi) = (lane(xl, yl, zl), lane(xh, yh, zh));
        for k in 0..13 {
            want.extend([lo[k], hi[k]]);
        }
        want.extend([xl, yl, xh, yh, xh, xl, yl, yl, zh, zh, xh, yl]);
        want.extend([binop(BF16, xl, yl, '+'), binop(BF16, xh, yh, '+')]);
        let (cl, ch) = (compares(BF16, xl, yl), compares(BF16, xh, yh));
        want_b.extend([cl[0] && ch[0], cl[8] && ch[8], !(cl[0] && ch[0]), true].map(i32::from));
    }
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    for shape in shapes(N) {
        let out = poisoned::<u16>(N * 40);
        let outb = poisoned::<i32>(N * 4);
        let what = format!("bf162_ops seed={seed} {shape:?}");
        launch(
            &f,
            shape,
            0,
            &[&da, &db, &dc, &out, &outb, &(N as i32)],
            &what,
        );
        check_slots(
            &what,
            40,
            &download(&out),
            &want,
            &|i| {
                format!(
                    "x=({:#06x},{:#06x}) y=({:#06x},{:#06x}) z=({:#06x},{:#06x})",
                    a[2 * i],
                    a[2 * i + 1],
                    b[2 * i],
                    b[2 * i + 1],
                    c[2 * i],
                    c[2 * i + 1]
                )
            },
            &|_, g, w| same(BF16, g, w),
        );
        check_eq(
            &download(&outb),
            &want_b,
            &format!("{what}: whole-pair results"),
        );
    }
}

#[test]
fn reference_rounds_correctly() {
    // The reference itself, on cases worked out by hand.
    let h = |v: f64, m: Mode| F16.round_f64(v, m) as u16;
    assert_eq!(h(1.0, Mode::Nearest), 0x3c00);
    assert_eq!(h(1.0 + 2f64.powi(-11), Mode::Nearest), 0x3c00); // tie to even
    assert_eq!(h(1.0 + 3.0 * 2f64.powi(-11), Mode::Nearest), 0x3c02); // tie to even, up
    assert_eq!(h(1.0 + 2f64.powi(-11), Mode::Up), 0x3c01);
    assert_eq!(h(-1.0 - 2f64.powi(-11), Mode::Down), 0xbc01);
    assert_eq!(h(-1.0 - 2f64.powi(-11), Mode::Zero), 0xbc00);
    assert_eq!(h(65520.0, Mode::Nearest), 0x7c00);
    assert_eq!(h(65519.0, Mode::Nearest), 0x7bff);
    assert_eq!(h(1e9, Mode::Zero), 0x7bff);
    assert_eq!(h(-1e9, Mode::Up), 0xfbff);
    assert_eq!(h(2f64.powi(-24), Mode::Nearest), 0x0001);
    assert_eq!(h(2f64.powi(-25), Mode::Nearest), 0x0000); // tie to even (zero)
    assert_eq!(h(2f64.powi(-25), Mode::Up), 0x0001);
    assert_eq!(h(-0.0, Mode::Nearest), 0x8000);
    assert_eq!(BF16.round_f64(1.0 + 2f64.powi(-8), Mode::Nearest), 0x3f80);
    assert_eq!(BF16.round_f64(3.0e38, Mode::Nearest), 0x7f62);
    assert_eq!(binop(F16, 0x3c00, 0x3c00, '+'), 0x4000);
    assert_eq!(binop(F16, 0x3c00, 0xbc00, '+'), 0x0000);
    assert_eq!(fma(F16, 0x3c00, 0x8000, 0x8000), 0x8000); // -0 + -0
    assert_eq!(sat(F16, 0xbc00), 0);
    assert_eq!(ulps(F16, 0x0001, 0x8001), 2);
}
