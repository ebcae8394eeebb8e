//! Error of one result against the high-precision reference.
//!
//! The expected result is the reference rounded to the target format in the function's rounding
//! mode (to nearest for the math functions). The distance counted against a bound is the number
//! of representable values between the result and that correctly rounded value (CUDA's and HIP's
//! definition of "maximum ulp error"); the fractional error |got - exact| / ulp(expected) is
//! reported beside it. Special values must match exactly: a NaN for a NaN, the same infinity for
//! an exact infinity, and a zero of the right sign.

use crate::Prec;
use rug::float::Round;
use rug::Float;

/// The outcome for one input.
#[derive(Clone, Copy, Debug)]
pub struct Error {
    /// Representable values between the result and the correctly rounded reference; `u64::MAX`
    /// for a special-value mismatch.
    pub ulps: u64,
    /// |got - exact| / ulp(expected), or infinity when `got` is not finite while the reference is.
    pub frac: f64,
    /// |got - exact| (for absolute-error bounds).
    pub abs: f64,
}

impl Error {
    pub const EXACT: Error = Error {
        ulps: 0,
        frac: 0.0,
        abs: 0.0,
    };
    pub const MISMATCH: Error = Error {
        ulps: u64::MAX,
        frac: f64::INFINITY,
        abs: f64::INFINITY,
    };
}

/// Maps a float onto integers so that adjacent floats differ by one (both zeros map to 0).
fn ordered_f32(x: f32) -> i64 {
    let b = x.to_bits() as i32;
    i64::from(if b < 0 { i32::MIN.wrapping_sub(b) } else { b })
}

fn ordered_f64(x: f64) -> i128 {
    let b = x.to_bits() as i64;
    i128::from(if b < 0 { i64::MIN.wrapping_sub(b) } else { b })
}

/// Representable values between `a` and `b` in the precision (both already of that format).
pub fn distance(a: f64, b: f64, prec: Prec) -> u64 {
    match prec {
        Prec::F32 => (ordered_f32(a as f32) - ordered_f32(b as f32)).unsigned_abs(),
        Prec::F64 => {
            u64::try_from((ordered_f64(a) - ordered_f64(b)).unsigned_abs()).unwrap_or(u64::MAX)
        }
    }
}

/// Rounds a reference to the target format in the mode (subnormals and overflow included).
pub fn round_to(exact: &Float, prec: Prec, round: Round) -> f64 {
    match prec {
        Prec::F32 => f64::from(round_f32(exact, round)),
        // MPFR's own conversion to double rounds onto the subnormal grid and overflows per mode.
        Prec::F64 => exact.to_f64_round(round),
    }
}

/// Rounds to f32 in the mode. (`rug`'s own `to_f32_round` rounds to 24 bits and then converts
/// to nearest, which is wrong for subnormal results, directed overflow and near-ties.)
pub fn round_f32(exact: &Float, round: Round) -> f32 {
    if exact.is_nan() {
        return f32::NAN;
    }
    if exact.is_infinite() || exact.is_zero() {
        return exact.to_f64() as f32; // exact: infinities and signed zeros convert as they are
    }
    let negative = exact.is_sign_negative();
    let tiny = Float::with_val(exact.prec(), exact.clone().abs() << 126u32) < 1;
    if tiny {
        // Subnormal range: round to an integer multiple of 2^-149 in the mode.
        let scaled = Float::with_val(exact.prec(), exact << 149u32);
        let int = match round {
            Round::Nearest => scaled.round_even(),
            Round::Zero => scaled.trunc(),
            Round::Up => scaled.ceil(),
            Round::Down => scaled.floor(),
            _ => scaled.round_even(),
        };
        let v = int.to_f64() * 2f64.powi(-149);
        let v = v as f32; // exact: a multiple of 2^-149 below 2^-126
        return if v == 0.0 && negative { -0.0 } else { v };
    }
    let r = Float::with_val_round(24, exact, round).0;
    let v = r.to_f64(); // exact: 24 bits
    if v.abs() > f64::from(f32::MAX) {
        // Overflow: infinity, or the largest finite value when rounding toward zero or away
        // from the infinity.
        let to_max = match round {
            Round::Zero => true,
            Round::Up => negative,
            Round::Down => !negative,
            _ => false,
        };
        return match (to_max, negative) {
            (true, false) => f32::MAX,
            (true, true) => -f32::MAX,
            (false, false) => f32::INFINITY,
            (false, true) => f32::NEG_INFINITY,
        };
    }
    v as f32
}

/// The spacing of the format's values at `v` (a value of the format; the largest finite spacing for
/// an infinity, the subnormal spacing at zero).
pub fn ulp_at(v: f64, prec: Prec) -> f64 {
    let (p, emin, emax) = match prec {
        Prec::F32 => (24, -126, 127),
        Prec::F64 => (53, -1022, 1023),
    };
    let e = if v == 0.0 {
        emin
    } else if v.is_infinite() {
        emax
    } else {
        crate::reference::exponent_of(v).clamp(emin, emax)
    };
    // Two factors: 2^-1074 itself is out of powi's reach as one reciprocal.
    2f64.powi(e) * 2f64.powi(-(p - 1))
}

/// Measures `got` against `exact`.
pub fn measure(got: f64, exact: &Float, prec: Prec, round: Round) -> Error {
    if exact.is_nan() {
        return if got.is_nan() {
            Error::EXACT
        } else {
            Error::MISMATCH
        };
    }
    if got.is_nan() {
        return Error::MISMATCH;
    }
    if exact.is_infinite() {
        let want = if exact.is_sign_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        return if got == want {
            Error::EXACT
        } else {
            Error::MISMATCH
        };
    }
    let expected = round_to(exact, prec, round);
    if got == 0.0 && (exact.is_zero() || expected == 0.0) {
        // A zero result must carry the sign of the exact value (or of the exact zero).
        if got.is_sign_negative() != exact.is_sign_negative() {
            return Error::MISMATCH;
        }
    }
    if exact.is_zero() && got != 0.0 {
        // An exact zero: any nonzero result counts by its distance.
        let d = distance(got, expected, prec);
        return Error {
            ulps: d,
            frac: d as f64,
            abs: got.abs(),
        };
    }
    let ulps = distance(got, expected, prec);
    if got.is_infinite() {
        // Overflow: only the distance to the rounded reference means something.
        return Error {
            ulps,
            frac: ulps as f64,
            abs: if ulps == 0 { 0.0 } else { f64::INFINITY },
        };
    }
    let max = match prec {
        Prec::F32 => f64::from(f32::MAX),
        Prec::F64 => f64::MAX,
    };
    if expected.abs() == max && Float::with_val(exact.prec(), exact.abs_ref()) > max {
        // Saturated at the largest finite value (directed rounding of an overflow).
        return Error {
            ulps,
            frac: ulps as f64,
            abs: if ulps == 0 { 0.0 } else { f64::INFINITY },
        };
    }
    let diff = Float::with_val(exact.prec(), exact - got).abs();
    let abs = diff.to_f64();
    let frac = (diff / ulp_at(expected, prec)).to_f64();
    Error { ulps, frac, abs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_adjacent_values() {
        assert_eq!(distance(1.0, 1.0, Prec::F64), 0);
        assert_eq!(distance(0.0, -0.0, Prec::F64), 0);
        let next = f64::from_bits(1.0f64.to_bits() + 3);
        assert_eq!(distance(1.0, next, Prec::F64), 3);
        assert_eq!(distance(f64::MAX, f64::INFINITY, Prec::F64), 1);
        let nf = f64::from(f32::from_bits(1.0f32.to_bits() + 2));
        assert_eq!(distance(1.0, nf, Prec::F32), 2);
    }

    #[test]
    fn measure_rounds_the_reference_and_checks_special_values() {
        let third = Float::with_val(128, 1) / 3u32;
        let near = 1.0f64 / 3.0;
        let e = measure(near, &third, Prec::F64, Round::Nearest);
        assert_eq!(e.ulps, 0);
        assert!(e.frac < 0.5);
        let off = f64::from_bits(near.to_bits() + 2);
        assert_eq!(measure(off, &third, Prec::F64, Round::Nearest).ulps, 2);
        let nan = crate::reference::nan(128);
        assert_eq!(measure(1.0, &nan, Prec::F64, Round::Nearest).ulps, u64::MAX);
        let nz = crate::reference::zero(128, true);
        assert_eq!(measure(0.0, &nz, Prec::F64, Round::Nearest).ulps, u64::MAX);
        assert_eq!(measure(-0.0, &nz, Prec::F64, Round::Nearest).ulps, 0);
        // f32 subnormals and directed overflow.
        let sub = Float::with_val(128, 1) >> 149u32;
        assert_eq!(
            round_f32(&(sub.clone() * 1.5f64), Round::Nearest),
            f32::from_bits(2)
        );
        assert_eq!(
            round_f32(&(sub.clone() * 1.5f64), Round::Zero),
            f32::from_bits(1)
        );
        assert_eq!(
            round_f32(&(-(sub.clone() * 0.25f64)), Round::Nearest).to_bits(),
            0x8000_0000
        );
        let big = Float::with_val(128, f32::MAX) * 2u32;
        assert_eq!(round_f32(&big, Round::Zero), f32::MAX);
        assert_eq!(round_f32(&big, Round::Nearest), f32::INFINITY);
        assert_eq!(round_f32(&-big, Round::Up), -f32::MAX);
        // Directed: 1/3 rounded up is one above the nearest (which is below 1/3).
        let up = third.to_f64_round(Round::Up);
        assert_eq!(measure(up, &third, Prec::F64, Round::Up).ulps, 0);
    }
}
