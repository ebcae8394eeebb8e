//! High-precision references over MPFR (through `rug`): the functions MPFR has directly, and the
//! ones it lacks (erfinv, erfcinv, erfcx, normcdf, normcdfinv, the modified Bessel functions I0 and
//! I1, sinpi and cospi) built from MPFR operations at a working precision well above the target's.

use rug::float::{Constant, Round, Special};
use rug::ops::Pow;
use rug::Float;

/// The exact value of a double (or a float widened to double).
pub fn fv(prec: u32, v: f64) -> Float {
    Float::with_val(prec, v)
}

pub fn nan(prec: u32) -> Float {
    Float::with_val(prec, Special::Nan)
}

pub fn inf(prec: u32, negative: bool) -> Float {
    Float::with_val(
        prec,
        if negative {
            Special::NegInfinity
        } else {
            Special::Infinity
        },
    )
}

pub fn zero(prec: u32, negative: bool) -> Float {
    Float::with_val(
        prec,
        if negative {
            Special::NegZero
        } else {
            Special::Zero
        },
    )
}

fn pi(prec: u32) -> Float {
    Float::with_val(prec, Constant::Pi)
}

/// sin(pi x): the argument reduced exactly (x mod 2, an exact MPFR remainder), so huge arguments
/// cost nothing. IEEE 754 signs: sinpi(+-n) = +-0.
pub fn sinpi(prec: u32, x: f64) -> Float {
    if !x.is_finite() {
        return nan(prec);
    }
    let r = fv(prec, x).remainder(&fv(prec, 2.0));
    if r.is_zero() || r.clone().abs() == 1 {
        return zero(prec, x.is_sign_negative());
    }
    let wp = prec + 32;
    Float::with_val(prec, (pi(wp) * Float::with_val(wp, &r)).sin())
}

/// cos(pi x); cospi(n + 1/2) = +0.
pub fn cospi(prec: u32, x: f64) -> Float {
    if !x.is_finite() {
        return nan(prec);
    }
    let r = fv(prec, x).remainder(&fv(prec, 2.0));
    if r.clone().abs() == 0.5 {
        return zero(prec, false);
    }
    let wp = prec + 32;
    Float::with_val(prec, (pi(wp) * Float::with_val(wp, &r)).cos())
}

/// 2/sqrt(pi) e^(-t^2): the derivative of erf at t.
fn erf_slope(wp: u32, t: &Float) -> Float {
    let two_over_sqrt_pi = Float::with_val(wp, 2) / pi(wp).sqrt();
    let e = Float::with_val(wp, -(t.clone().square())).exp();
    two_over_sqrt_pi * e
}

/// A starting point for erfinv / erfcinv: the series near 0, the tail asymptotics otherwise.
fn erfinv_guess(y: f64, c: f64) -> f64 {
    if y <= 0.5 {
        let y2 = y * y;
        0.886_226_925_452_758 * y * (1.0 + y2 * (0.261_799_387_799 + y2 * 0.143_931_730_8))
    } else {
        let t = -c.ln();
        (t - 0.5 * (std::f64::consts::PI * t).ln()).max(0.09).sqrt()
    }
}

/// Newton on erf(x) = y (y <= 1/2) or erfc(x) = c (c = 1 - y, in the tail) at `wp` bits, from
/// the f64 guess, until the step is below 2^-(wp - 8) relative.
fn solve_erf(wp: u32, y: &Float, c: &Float, guess: f64, tail: bool) -> Float {
    let mut x = Float::with_val(wp, guess);
    for _ in 0..200 {
        let f = if tail {
            // g(x) = erfc(x) - c, g' = -slope
            -(Float::with_val(wp, x.erfc_ref()) - c)
        } else {
            Float::with_val(wp, x.erf_ref()) - y
        };
        let step = f / erf_slope(wp, &x);
        let done = step.is_zero()
            || (x.get_exp().unwrap_or(0) - step.get_exp().unwrap_or(i32::MIN / 2))
                > (wp as i32 - 8);
        x -= step;
        if done {
            break;
        }
    }
    x
}

/// erfinv(y), solving erf(x) = y.
pub fn erfinv(prec: u32, y: f64) -> Float {
    if y.is_nan() || y.abs() > 1.0 {
        return nan(prec);
    }
    if y.abs() == 1.0 {
        return inf(prec, y < 0.0);
    }
    if y == 0.0 {
        return fv(prec, y);
    }
    let wp = prec + 64;
    let a = y.abs();
    let af = Float::with_val(wp, a);
    let c = Float::with_val(wp, 1) - &af;
    let x = solve_erf(wp, &af, &c, erfinv_guess(a, 1.0 - a), a > 0.5);
    let x = Float::with_val(prec, x);
    if y < 0.0 {
        -x
    } else {
        x
    }
}

/// erfcinv(w), solving erfc(x) = w; erfcinv(2 - w) = -erfcinv(w).
pub fn erfcinv(prec: u32, w: f64) -> Float {
    if w.is_nan() || !(0.0..=2.0).contains(&w) {
        return nan(prec);
    }
    if w == 0.0 {
        return inf(prec, false);
    }
    if w == 2.0 {
        return inf(prec, true);
    }
    if w == 1.0 {
        return zero(prec, false);
    }
    let wp = prec + 64;
    let (v, negate) = if w > 1.0 {
        (Float::with_val(wp, 2) - Float::with_val(wp, w), true)
    } else {
        (Float::with_val(wp, w), false)
    };
    let vf = v.to_f64();
    let y = Float::with_val(wp, 1) - &v;
    let x = if vf >= 0.5 {
        solve_erf(wp, &y, &v, erfinv_guess(1.0 - vf, vf), false)
    } else {
        solve_erf(wp, &y, &v, erfinv_guess(0.9, vf.max(1e-320)), true)
    };
    let x = Float::with_val(prec, x);
    if negate {
        -x
    } else {
        x
    }
}

/// erfcx(x) = e^(x^2) erfc(x); the asymptotic series 1/(x sqrt(pi)) sum (-1)^n (2n-1)!!/(2x^2)^n
/// past 10^4, where e^(x^2) would leave MPFR's exponent range.
pub fn erfcx(prec: u32, x: f64) -> Float {
    if x.is_nan() {
        return nan(prec);
    }
    if x == f64::INFINITY {
        return zero(prec, false);
    }
    if x < -1e4 {
        return inf(prec, false);
    }
    let wp = prec + 64;
    let xf = Float::with_val(wp, x);
    if x <= 1e4 {
        let e = Float::with_val(wp, xf.clone().square()).exp();
        return Float::with_val(prec, e * xf.erfc());
    }
    let inv2x2 = Float::with_val(wp, xf.clone().square() * 2u32).recip();
    let mut term = Float::with_val(wp, 1);
    let mut sum = Float::with_val(wp, 1);
    for n in 1..40u32 {
        term *= -(Float::with_val(wp, 2 * n - 1) * &inv2x2);
        sum += &term;
    }
    Float::with_val(prec, sum / (xf * pi(wp).sqrt()))
}

/// normcdf(x) = erfc(-x / sqrt 2) / 2.
pub fn normcdf(prec: u32, x: f64) -> Float {
    if x.is_nan() {
        return nan(prec);
    }
    let wp = prec + 64;
    let t = -Float::with_val(wp, x) / Float::with_val(wp, 2).sqrt();
    Float::with_val(prec, t.erfc() / 2u32)
}

/// normcdfinv(p) = -sqrt 2 erfcinv(2p); +0 at p = 1/2.
pub fn normcdfinv(prec: u32, p: f64) -> Float {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return nan(prec);
    }
    if p == 0.0 {
        return inf(prec, true);
    }
    if p == 1.0 {
        return inf(prec, false);
    }
    if p == 0.5 {
        return zero(prec, false);
    }
    let wp = prec + 64;
    let e = erfcinv(wp, 2.0 * p);
    Float::with_val(prec, -(e * Float::with_val(wp, 2).sqrt()))
}

/// The modified Bessel function I_nu(x), nu = 0 or 1: the power series, every term positive.
pub fn bessel_i(prec: u32, nu: u32, x: f64) -> Float {
    if x.is_nan() {
        return nan(prec);
    }
    if x.is_infinite() {
        return inf(prec, nu == 1 && x < 0.0);
    }
    if x == 0.0 {
        return if nu == 0 { fv(prec, 1.0) } else { fv(prec, x) };
    }
    if x.abs() > 800.0 {
        return inf(prec, nu == 1 && x < 0.0);
    }
    let wp = prec + 64;
    let half = Float::with_val(wp, x.abs()) / 2u32;
    let q = Float::with_val(wp, half.clone().square());
    let mut term = Float::with_val(wp, 1);
    if nu == 1 {
        term = half.clone();
    }
    let mut sum = term.clone();
    let mut k = 1u32;
    loop {
        term *= &q;
        term /= k * (k + nu);
        sum += &term;
        if term.get_exp().unwrap_or(i32::MIN / 2) < sum.get_exp().unwrap_or(0) - wp as i32 - 4 {
            break;
        }
        k += 1;
    }
    let s = Float::with_val(prec, sum);
    if nu == 1 && x < 0.0 {
        -s
    } else {
        s
    }
}

/// logb: the exponent of |x| as a float, -inf at 0.
pub fn logb(prec: u32, x: f64) -> Float {
    if x.is_nan() {
        return nan(prec);
    }
    if x.is_infinite() {
        return inf(prec, false);
    }
    if x == 0.0 {
        return inf(prec, true);
    }
    fv(prec, f64::from(exponent_of(x)))
}

/// floor(log2 |x|) for a finite nonzero x (subnormals included).
pub fn exponent_of(x: f64) -> i32 {
    fv(64, x).get_exp().unwrap_or(0) - 1
}

/// 1/sqrt(x) with the IEEE signs at zero (rsqrt(-0) = -inf).
pub fn rsqrt(prec: u32, x: f64) -> Float {
    if x == 0.0 {
        return inf(prec, x.is_sign_negative());
    }
    fv(prec, x).recip_sqrt()
}

/// 1/cbrt(x).
pub fn rcbrt(prec: u32, x: f64) -> Float {
    if x == 0.0 {
        return inf(prec, x.is_sign_negative());
    }
    if x.is_infinite() {
        return zero(prec, x < 0.0);
    }
    let wp = prec + 32;
    Float::with_val(prec, Float::with_val(wp, x).cbrt().recip())
}

/// sqrt(sum of squares) (or its reciprocal); infinity wins over NaN.
pub fn norm(prec: u32, v: &[f64], recip: bool) -> Float {
    if v.iter().any(|a| a.is_infinite()) {
        return if recip {
            zero(prec, false)
        } else {
            inf(prec, false)
        };
    }
    if v.iter().any(|a| a.is_nan()) {
        return nan(prec);
    }
    // Squares of doubles are exact at 2200 bits... and the sum of four of them too.
    let wp = 2400;
    let mut s = Float::with_val(wp, 0);
    for &a in v {
        s += Float::with_val(wp, a).square();
    }
    if s.is_zero() {
        return if recip {
            inf(prec, false)
        } else {
            zero(prec, false)
        };
    }
    let r = Float::with_val(prec + 32, &s).sqrt();
    Float::with_val(prec, if recip { r.recip() } else { r })
}

/// x^n for an integer n, exactly as pow.
pub fn powi(prec: u32, x: f64, n: i32) -> Float {
    if n == 0 {
        return fv(prec, 1.0);
    }
    if x.is_nan() {
        return nan(prec);
    }
    Float::with_val(prec, fv(prec, x).pow(n))
}

/// The exact result of one directed-rounding operation, computed in that mode at a precision that
/// makes it exact (sums, products) or at 600 bits in the same direction (quotients, roots): rounding
/// that again to the target in the same direction gives the correctly rounded result.
pub fn rounded_op(op: &str, x: f64, y: f64, z: f64, round: Round) -> Float {
    let wp = 2400;
    let a = Float::with_val(wp, x);
    let b = Float::with_val(wp, y);
    let c = Float::with_val(wp, z);
    match op {
        "add" => Float::with_val_round(wp, &a + &b, round).0,
        "sub" => Float::with_val_round(wp, &a - &b, round).0,
        "mul" => Float::with_val_round(wp, &a * &b, round).0,
        "fma" => Float::with_val_round(wp, a.mul_add_ref(&b, &c), round).0,
        "div" => Float::with_val_round(600, &a / &b, round).0,
        "rcp" => Float::with_val_round(600, Float::with_val(wp, 1) / &a, round).0,
        "sqrt" => Float::with_val_round(600, a.sqrt_ref(), round).0,
        _ => nan(53),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_error_functions_invert() {
        for &w in &[
            5e-324,
            1e-310,
            1e-200,
            1e-100,
            1e-300,
            1e-10,
            0.3,
            0.7,
            1.3,
            1.99,
            1.0 - 1e-16,
            1e-20,
        ] {
            let t = std::time::Instant::now();
            let x = erfcinv(192, w);
            let back = Float::with_val(256, x.erfc_ref());
            let rel = ((back - w) / w).abs().to_f64();
            assert!(rel < 1e-40, "erfcinv({w}): erfc of it is off by {rel:e}");
            assert!(
                t.elapsed().as_millis() < 200,
                "erfcinv({w}) took {:?}",
                t.elapsed()
            );
        }
        for &y in &[1e-300, 0.1, 0.5, 0.9, 0.999999, -0.75] {
            let x = erfinv(192, y);
            let back = Float::with_val(256, x.erf_ref());
            assert!(((back - y) / y).abs().to_f64() < 1e-40, "erfinv({y})");
        }
    }
}
