//! Test inputs: edge cases of the format, per-function extras, and seeded random values spread
//! over the whole domain (log-uniform magnitudes, both signs) mixed with the function's main range.

use crate::Prec;
use rand::rngs::StdRng;
use rand::Rng;

/// Where one argument's random values come from.
#[derive(Clone, Copy, Debug)]
pub enum Dom {
    /// Every finite value: magnitudes log-uniform from the smallest subnormal to the largest
    /// finite, both signs.
    Any,
    /// Uniform in [lo, hi].
    Range(f64, f64),
    /// Magnitude log-uniform in [lo, hi], positive.
    LogPos(f64, f64),
    /// Magnitude log-uniform in [lo, hi], either sign.
    LogSym(f64, f64),
    /// Half integers in [lo, hi], integers, and uniform values, in equal parts.
    Halves(f64, f64),
}

/// The integer argument of a function (ldexp's exponent, jn's order, norm's dimension).
#[derive(Clone, Copy, Debug)]
pub enum IntArg {
    None,
    /// Uniform in [lo, hi] plus the extremes of int.
    Exp(i32, i32),
    /// Orders: uniform in [0, hi] plus some larger ones.
    Order(i32),
    /// A fixed range, uniform (norm's dimension).
    Range(i32, i32),
}

/// Rounds a value into the format (f32 values are carried as the f64 of the same value).
pub fn to_format(v: f64, prec: Prec) -> f64 {
    match prec {
        Prec::F32 => f64::from(v as f32),
        Prec::F64 => v,
    }
}

fn next_up(v: f64, prec: Prec) -> f64 {
    match prec {
        Prec::F32 => {
            let f = v as f32;
            let b = f.to_bits();
            let n = if f >= 0.0 { b + 1 } else { b - 1 };
            f64::from(f32::from_bits(n))
        }
        Prec::F64 => {
            let b = v.to_bits();
            f64::from_bits(if v >= 0.0 { b + 1 } else { b - 1 })
        }
    }
}

fn next_down(v: f64, prec: Prec) -> f64 {
    -next_up(-v, prec)
}

/// The format's edge cases: signed zeros, subnormal and normal extremes, 1 +- ulp, halves,
/// huge values, infinities and NaN.
pub fn edges(prec: Prec) -> Vec<f64> {
    let (min_sub, max_sub, min_norm, max, huge) = match prec {
        Prec::F32 => (
            f64::from(f32::from_bits(1)),
            f64::from(f32::from_bits(0x007f_ffff)),
            f64::from(f32::MIN_POSITIVE),
            f64::from(f32::MAX),
            1e30,
        ),
        Prec::F64 => (
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
            1e300,
        ),
    };
    let base = [
        0.0,
        min_sub,
        max_sub,
        min_norm,
        1.0,
        next_up(1.0, prec),
        next_down(1.0, prec),
        0.5,
        1.5,
        2.0,
        2.5,
        3.0,
        10.0,
        100.0,
        std::f64::consts::PI,
        std::f64::consts::FRAC_PI_2,
        1e6 + 0.5,
        1e10,
        huge,
        max,
        f64::INFINITY,
    ];
    let mut out = Vec::new();
    for v in base {
        let v = to_format(v, prec);
        out.push(v);
        out.push(-v);
    }
    out.push(f64::NAN);
    out
}

/// A representative subset of the edges for functions of several arguments.
pub fn edges_small(prec: Prec) -> Vec<f64> {
    let (min_sub, min_norm, max) = match prec {
        Prec::F32 => (
            f64::from(f32::from_bits(1)),
            f64::from(f32::MIN_POSITIVE),
            f64::from(f32::MAX),
        ),
        Prec::F64 => (f64::from_bits(1), f64::MIN_POSITIVE, f64::MAX),
    };
    let mut out = Vec::new();
    for v in [
        0.0,
        min_sub,
        min_norm,
        0.5,
        1.0,
        1.5,
        2.0,
        3.0,
        1e10,
        max,
        f64::INFINITY,
    ] {
        out.push(to_format(v, prec));
        out.push(-to_format(v, prec));
    }
    out.push(f64::NAN);
    out
}

/// One random value from `dom`, in the format.
pub fn sample(r: &mut StdRng, dom: Dom, prec: Prec) -> f64 {
    let v = match dom {
        Dom::Any => {
            let (lo, hi) = match prec {
                Prec::F32 => (-149.0, 128.0),
                Prec::F64 => (-1074.0, 1024.0),
            };
            let e: f64 = r.gen_range(lo..hi);
            let m = 2f64.powf(e);
            if r.gen_bool(0.5) {
                -m
            } else {
                m
            }
        }
        Dom::Range(lo, hi) => r.gen_range(lo..=hi),
        Dom::LogPos(lo, hi) => 2f64.powf(r.gen_range(lo.log2()..hi.log2())),
        Dom::LogSym(lo, hi) => {
            let m = 2f64.powf(r.gen_range(lo.log2()..hi.log2()));
            if r.gen_bool(0.5) {
                -m
            } else {
                m
            }
        }
        Dom::Halves(lo, hi) => match r.gen_range(0..3) {
            0 => (r.gen_range(lo..=hi) * 2.0).round() / 2.0,
            1 => r.gen_range(lo..=hi).round(),
            _ => r.gen_range(lo..=hi),
        },
    };
    let v = to_format(v, prec);
    if v.is_finite() {
        v
    } else {
        to_format(1.0, prec)
    }
}

/// One random integer argument.
pub fn sample_int(r: &mut StdRng, arg: IntArg) -> i32 {
    match arg {
        IntArg::None => 0,
        IntArg::Exp(lo, hi) => match r.gen_range(0..20) {
            0 => i32::MAX,
            1 => i32::MIN,
            _ => r.gen_range(lo..=hi),
        },
        IntArg::Order(hi) => match r.gen_range(0..10) {
            0 => *[50, 100, 128].get(r.gen_range(0..3)).unwrap_or(&50),
            1 => -r.gen_range(1..=hi),
            _ => r.gen_range(0..=hi),
        },
        IntArg::Range(lo, hi) => r.gen_range(lo..=hi),
    }
}

/// Edge values of an integer argument.
pub fn int_edges(arg: IntArg) -> Vec<i32> {
    match arg {
        IntArg::None => vec![0],
        IntArg::Exp(lo, hi) => vec![0, 1, -1, lo, hi, i32::MAX, i32::MIN],
        IntArg::Order(hi) => vec![0, 1, 2, hi],
        IntArg::Range(lo, hi) => (lo..=hi).collect(),
    }
}
