//! Every function under test: its kernel body, domains, reference and documented bound.
//!
//! Bounds are the maximum ulp errors of the HIP math API documentation ("HIP math API" in the ROCm
//! HIP reference, its "ULP difference of maximum absolute error" columns), given there for the
//! standard functions and the fast intrinsics. For the functions that page lists without a bound
//! (Bessel functions, erfinv, erfcinv, normcdf, normcdfinv, cyl_bessel_i0/i1) the bound is CUDA's
//! (CUDA C++ Programming Guide, appendix "Mathematical Functions"), which HIP's math API mirrors.
//! Rounding, classification, manipulation and directed-rounding operations are exact (IEEE 754).
//! The table of sources is in the report (report::SOURCES).

use crate::inputs::{Dom, IntArg};
use crate::reference::{self as rf, fv};
use crate::{Args, Bound, Crit, Func, Prec, Reference};
use rug::float::Round;
use rug::ops::Pow;
use rug::Float;

const HIP: &str = "HIP";
const CUDA: &str = "CUDA";
const IEEE: &str = "exact";

/// A function under construction.
struct B(Func);

fn func(name: &str, prec: Prec, group: &'static str, body: &str) -> B {
    let sfx = prec.suffix();
    B(Func {
        name: name.replace('$', sfx),
        prec,
        group,
        body: body.replace('$', sfx),
        args: 1,
        dom: [Dom::Any; 4],
        int_arg: IntArg::None,
        extra: Vec::new(),
        reference: Reference::Int(|_| None),
        bound: ulp_bound(0, IEEE),
        round: Round::Nearest,
        cost: 1,
    })
}

fn crit_ulp0(_: &Args) -> Crit {
    Crit::Ulp(0)
}
fn crit_ulp1(_: &Args) -> Crit {
    Crit::Ulp(1)
}
fn crit_ulp2(_: &Args) -> Crit {
    Crit::Ulp(2)
}
fn crit_ulp4(_: &Args) -> Crit {
    Crit::Ulp(4)
}
fn crit_ulp5(_: &Args) -> Crit {
    Crit::Ulp(5)
}
fn crit_ulp6(_: &Args) -> Crit {
    Crit::Ulp(6)
}
fn crit_ulp8(_: &Args) -> Crit {
    Crit::Ulp(8)
}
fn crit_ulp18(_: &Args) -> Crit {
    Crit::Ulp(18)
}

fn ulp_bound(u: u64, source: &'static str) -> Bound {
    let crit: fn(&Args) -> Crit = match u {
        0 => crit_ulp0,
        1 => crit_ulp1,
        2 => crit_ulp2,
        4 => crit_ulp4,
        5 => crit_ulp5,
        6 => crit_ulp6,
        8 => crit_ulp8,
        18 => crit_ulp18,
        _ => crit_ulp0,
    };
    Bound {
        doc: if u == 0 && source == IEEE {
            "exact".into()
        } else {
            format!("{u} ulp")
        },
        source,
        crit,
        ulp: u,
    }
}

impl B {
    fn args(mut self, n: usize) -> B {
        self.0.args = n;
        self
    }
    fn dom(mut self, d: Dom) -> B {
        self.0.dom = [d; 4];
        self
    }
    fn dom2(mut self, a: Dom, b: Dom) -> B {
        self.0.dom = [a, b, b, b];
        self
    }
    fn int(mut self, i: IntArg) -> B {
        self.0.int_arg = i;
        self
    }
    fn extra(mut self, v: &[f64]) -> B {
        self.0.extra = v.to_vec();
        self
    }
    fn real(mut self, f: fn(&Args) -> Float) -> B {
        self.0.reference = Reference::Real(f);
        self
    }
    fn int_ref(mut self, f: fn(&Args) -> Option<i64>) -> B {
        self.0.reference = Reference::Int(f);
        self
    }
    fn check(mut self, f: fn(&Args, i64) -> Option<bool>) -> B {
        self.0.reference = Reference::IntCheck(f);
        self
    }
    fn ulp(mut self, u: u64, source: &'static str) -> B {
        self.0.bound = ulp_bound(u, source);
        self
    }
    fn bound(mut self, doc: &str, source: &'static str, crit: fn(&Args) -> Crit) -> B {
        self.0.bound = Bound {
            doc: doc.into(),
            source,
            crit,
            ulp: 0,
        };
        self
    }
    fn round(mut self, r: Round) -> B {
        self.0.round = r;
        self
    }
    fn cost(mut self, c: usize) -> B {
        self.0.cost = c;
        self
    }
}

/// Pick the float or the double value.
fn pp<T>(p: Prec, f32v: T, f64v: T) -> T {
    match p {
        Prec::F32 => f32v,
        Prec::F64 => f64v,
    }
}

fn x(a: &Args) -> Float {
    fv(a.bits, a.x)
}

/// Host-exact helpers for the manipulation functions.
fn next_after(x: f64, y: f64, p: Prec) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    match p {
        Prec::F32 => {
            let xf = x as f32;
            if xf == 0.0 {
                let t = f32::from_bits(1);
                return f64::from(if y > x { t } else { -t });
            }
            let b = xf.to_bits();
            let up = (y > x) == (xf > 0.0);
            f64::from(f32::from_bits(if up { b + 1 } else { b - 1 }))
        }
        Prec::F64 => {
            if x == 0.0 {
                let t = f64::from_bits(1);
                return if y > x { t } else { -t };
            }
            let b = x.to_bits();
            let up = (y > x) == (x > 0.0);
            f64::from_bits(if up { b + 1 } else { b - 1 })
        }
    }
}

fn prec_of(a: &Args) -> Prec {
    if a.bits == Prec::F32.ref_bits() {
        Prec::F32
    } else {
        Prec::F64
    }
}

/// remquo's quotient: congruent to round-half-even(x/y) modulo 8 with the sign of x/y.
fn remquo_check(a: &Args, got: i64) -> Option<bool> {
    if !a.x.is_finite() || !a.y.is_finite() || a.y == 0.0 {
        return None;
    }
    let wp = 2400;
    let r = Float::with_val(64, a.x).remainder(&Float::with_val(64, a.y));
    let n = (Float::with_val(wp, a.x) - r) / Float::with_val(wp, a.y);
    let m = Float::with_val(wp, &n / 8u32).floor();
    let low = (n.clone() - m * 8u32).to_f64() as i64; // n mod 8, in 0..8 (n may be negative)
    let want = if n < 0 { (8 - low) % 8 } else { low };
    if want == 0 {
        return Some(got.rem_euclid(8) == 0);
    }
    let negative = (a.x < 0.0) != (a.y < 0.0);
    Some((got < 0) == negative && got.unsigned_abs() % 8 == want as u64)
}

/// The exponent frexp stores, for finite nonzero x.
fn frexp_exp(a: &Args) -> Option<i64> {
    if !a.x.is_finite() {
        return None;
    }
    if a.x == 0.0 {
        return Some(0);
    }
    Some(i64::from(rf::exponent_of(a.x) + 1))
}

fn frexp_mant(a: &Args) -> Float {
    if !a.x.is_finite() || a.x == 0.0 {
        return x(a);
    }
    let e = rf::exponent_of(a.x) + 1;
    x(a) >> e
}

/// Integer rounding to long: `None` (unspecified) outside the range of long long.
fn to_long(v: f64) -> Option<i64> {
    if v.is_nan() || v.abs() >= 9.2e18 {
        None
    } else {
        Some(v as i64)
    }
}

fn fmin_max(a: &Args, max: bool) -> Float {
    if a.x.is_nan() && a.y.is_nan() {
        return rf::nan(a.bits);
    }
    let v = if max { a.x.max(a.y) } else { a.x.min(a.y) };
    fv(a.bits, v)
}

/// fmin/fmax of two zeros may return either: not judged.
fn crit_minmax(a: &Args) -> Crit {
    if a.x == 0.0 && a.y == 0.0 {
        Crit::Skip
    } else {
        Crit::Ulp(0)
    }
}

fn crit_bessel_f32(a: &Args) -> Crit {
    if a.x.is_infinite() {
        Crit::Skip // the sign of the zero at infinity is not specified
    } else if a.x.abs() < 8.0 {
        Crit::Ulp(9)
    } else {
        Crit::Abs(2.2e-6)
    }
}
fn crit_bessel_f64(a: &Args) -> Crit {
    if a.x.is_infinite() {
        Crit::Skip
    } else if a.x.abs() < 8.0 {
        Crit::Ulp(7)
    } else {
        Crit::Abs(5e-12)
    }
}
/// jn, yn of orders 0 and 1 are j0, j1, y0, y1 and get their bounds.
fn crit_jn_f32(a: &Args) -> Crit {
    if a.k.unsigned_abs() <= 1 || a.x.is_infinite() {
        crit_bessel_f32(a)
    } else {
        Crit::Abs(2.2e-6)
    }
}
fn crit_jn_f64(a: &Args) -> Crit {
    if a.k.unsigned_abs() <= 1 || a.x.is_infinite() {
        crit_bessel_f64(a)
    } else {
        Crit::Abs(5e-12)
    }
}
fn crit_yn_f32(a: &Args) -> Crit {
    let n = f64::from(a.k.unsigned_abs());
    if n <= 1.0 || a.x.is_infinite() {
        crit_bessel_f32(a)
    } else if a.x.abs() < n {
        Crit::Ulp((2.0 + 2.5 * n).ceil() as u64)
    } else {
        Crit::Abs(2.2e-6)
    }
}
fn crit_yn_f64(a: &Args) -> Crit {
    if a.k.unsigned_abs() <= 1 || a.x.is_infinite() {
        crit_bessel_f64(a)
    } else if a.x.abs() > 1.5 * f64::from(a.k.unsigned_abs()) {
        Crit::Abs(5e-12)
    } else {
        Crit::Skip
    }
}
/// lgamma: CUDA documents its bound outside an interval around the first negative zeros.
fn crit_lgamma_f32(a: &Args) -> Crit {
    if a.x > -10.001 && a.x < -2.264 {
        Crit::Skip
    } else {
        Crit::Ulp(4)
    }
}
fn crit_lgamma_f64(a: &Args) -> Crit {
    if a.x > -23.0001 && a.x < -2.2637 {
        Crit::Skip
    } else {
        Crit::Ulp(2)
    }
}
/// __fdividef: CUDA's bound holds for 2^-126 <= |y| <= 2^126.
fn crit_fdividef(a: &Args) -> Crit {
    let y = a.y.abs();
    if (2f64.powi(-126)..=2f64.powi(126)).contains(&y) {
        Crit::Ulp(2)
    } else {
        Crit::Skip
    }
}

/// J_-n = (-1)^n J_n and the same for Y (MPFR's jn fails on negative orders with huge arguments).
fn odd_order_sign(k: i32, v: Float) -> Float {
    if k < 0 && k % 2 != 0 {
        -v
    } else {
        v
    }
}

fn lgamma_ref(a: &Args) -> Float {
    if a.x.is_infinite() {
        return rf::inf(a.bits, false);
    }
    x(a).ln_abs_gamma().0
}

/// The whole catalog: every function in float then double.
pub fn all() -> Vec<Func> {
    let mut v = Vec::new();
    for p in [Prec::F32, Prec::F64] {
        standard(&mut v, p);
    }
    intrinsics_f32(&mut v);
    for p in [Prec::F32, Prec::F64] {
        directed(&mut v, p);
    }
    v
}

fn standard(v: &mut Vec<Func>, p: Prec) {
    let huge = pp(p, 1e30, 1e300);
    let tiny = pp(p, 1e-38, 1e-300);
    let exp_lo = pp(p, -104.0, -745.0);
    let exp_hi = pp(p, 89.0, 710.0);
    let trig = Dom::LogSym(1e-4, 1e5);
    let pi_edges = [
        0.25,
        0.75,
        -0.25,
        1e3 + 0.5,
        4194304.5,
        8388608.0,
        8388609.0,
        4503599627370496.0,
        2251799813685248.5,
        9007199254740994.0,
        1e15 + 0.5,
        1e300,
    ];
    let round_edges = [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        0.49999997,
        8388607.5,
        4503599627370495.5,
        9007199254740993.0,
        1e15 + 0.5,
    ];

    // ---- trigonometric ----
    let t = "trigonometric";
    v.push(
        func("sin$", p, t, "res = sin$(x);")
            .dom(trig)
            .real(|a| x(a).sin())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("cos$", p, t, "res = cos$(x);")
            .dom(trig)
            .real(|a| x(a).cos())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("tan$", p, t, "res = tan$(x);")
            .dom(trig)
            .real(|a| x(a).tan())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("asin$", p, t, "res = asin$(x);")
            .dom(Dom::Range(-1.0, 1.0))
            .real(|a| x(a).asin())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("acos$", p, t, "res = acos$(x);")
            .dom(Dom::Range(-1.0, 1.0))
            .real(|a| x(a).acos())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("atan$", p, t, "res = atan$(x);")
            .dom(Dom::LogSym(1e-6, 1e6))
            .real(|a| x(a).atan())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("atan2$", p, t, "res = atan2$(x, y);")
            .args(2)
            .dom(Dom::LogSym(1e-6, 1e6))
            .real(|a| x(a).atan2(&fv(a.bits, a.y)))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func(
            "sincos$ (sin)",
            p,
            t,
            "{ T s, c; sincos$(x, &s, &c); res = s; }",
        )
        .dom(trig)
        .real(|a| x(a).sin())
        .ulp(1, HIP)
        .0,
    );
    v.push(
        func(
            "sincos$ (cos)",
            p,
            t,
            "{ T s, c; sincos$(x, &s, &c); res = c; }",
        )
        .dom(trig)
        .real(|a| x(a).cos())
        .ulp(1, HIP)
        .0,
    );
    let halves = Dom::Halves(-1e4, 1e4);
    v.push(
        func("sinpi$", p, t, "res = sinpi$(x);")
            .dom(halves)
            .extra(&pi_edges)
            .real(|a| rf::sinpi(a.bits, a.x))
            .ulp(2, HIP)
            .0,
    );
    v.push(
        func("cospi$", p, t, "res = cospi$(x);")
            .dom(halves)
            .extra(&pi_edges)
            .real(|a| rf::cospi(a.bits, a.x))
            .ulp(pp(p, 1, 2), HIP)
            .0,
    );
    v.push(
        func(
            "sincospi$ (sin)",
            p,
            t,
            "{ T s, c; sincospi$(x, &s, &c); res = s; }",
        )
        .dom(halves)
        .extra(&pi_edges)
        .real(|a| rf::sinpi(a.bits, a.x))
        .ulp(2, HIP)
        .0,
    );
    v.push(
        func(
            "sincospi$ (cos)",
            p,
            t,
            "{ T s, c; sincospi$(x, &s, &c); res = c; }",
        )
        .dom(halves)
        .extra(&pi_edges)
        .real(|a| rf::cospi(a.bits, a.x))
        .ulp(pp(p, 1, 2), HIP)
        .0,
    );

    // ---- hyperbolic ----
    let h = "hyperbolic";
    let hyp = Dom::LogSym(1e-8, pp(p, 100.0, 720.0));
    v.push(
        func("sinh$", p, h, "res = sinh$(x);")
            .dom(hyp)
            .real(|a| x(a).sinh())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("cosh$", p, h, "res = cosh$(x);")
            .dom(hyp)
            .real(|a| x(a).cosh())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("tanh$", p, h, "res = tanh$(x);")
            .dom(Dom::LogSym(1e-8, 25.0))
            .real(|a| x(a).tanh())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("asinh$", p, h, "res = asinh$(x);")
            .dom(Dom::LogSym(1e-8, huge))
            .real(|a| x(a).asinh())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("acosh$", p, h, "res = acosh$(x);")
            .dom(Dom::LogPos(1.0, huge))
            .real(|a| x(a).acosh())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("atanh$", p, h, "res = atanh$(x);")
            .dom(Dom::Range(-1.0, 1.0))
            .real(|a| x(a).atanh())
            .ulp(1, HIP)
            .0,
    );

    // ---- exponential and logarithmic ----
    let e = "exponential and logarithmic";
    v.push(
        func("exp$", p, e, "res = exp$(x);")
            .dom(Dom::Range(exp_lo, exp_hi))
            .real(|a| x(a).exp())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("exp2$", p, e, "res = exp2$(x);")
            .dom(Dom::Range(exp_lo * 1.45, exp_hi * 1.45))
            .real(|a| x(a).exp2())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("exp10$", p, e, "res = exp10$(x);")
            .dom(Dom::Range(exp_lo * 0.44, exp_hi * 0.44))
            .real(|a| x(a).exp10())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("expm1$", p, e, "res = expm1$(x);")
            .dom(Dom::LogSym(1e-12, exp_hi))
            .real(|a| x(a).exp_m1())
            .ulp(1, HIP)
            .0,
    );
    let pos = Dom::LogPos(tiny, huge);
    v.push(
        func("log$", p, e, "res = log$(x);")
            .dom(pos)
            .real(|a| x(a).ln())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("log2$", p, e, "res = log2$(x);")
            .dom(pos)
            .real(|a| x(a).log2())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("log10$", p, e, "res = log10$(x);")
            .dom(pos)
            .real(|a| x(a).log10())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("log1p$", p, e, "res = log1p$(x);")
            .dom(Dom::Range(-1.0, 4.0))
            .extra(&[-0.9999999, -0.5, 1e-30, -1e-30])
            .real(|a| x(a).ln_1p())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("logb$", p, e, "res = logb$(x);")
            .real(|a| rf::logb(a.bits, a.x))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("ilogb$", p, e, "iq = ilogb$(x);")
            .int_ref(|a| {
                Some(if a.x.is_nan() || a.x == 0.0 {
                    i64::from(i32::MIN)
                } else if a.x.is_infinite() {
                    i64::from(i32::MAX)
                } else {
                    i64::from(rf::exponent_of(a.x))
                })
            })
            .ulp(0, HIP)
            .0,
    );

    // ---- powers and roots ----
    let r = "powers and roots";
    v.push(
        func("pow$", p, r, "res = pow$(x, y);")
            .args(2)
            .dom2(Dom::LogSym(1e-3, 1e3), Dom::Halves(-40.0, 40.0))
            .real(|a| x(a).pow(&fv(a.bits, a.y)))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("powi$", p, r, "res = powi$(x, k);")
            .dom(Dom::LogSym(1e-2, 1e2))
            .int(IntArg::Exp(-64, 64))
            .real(|a| rf::powi(a.bits, a.x, a.k))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("sqrt$", p, r, "res = sqrt$(x);")
            .dom(pos)
            .real(|a| x(a).sqrt())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("rsqrt$", p, r, "res = rsqrt$(x);")
            .dom(pos)
            .real(|a| rf::rsqrt(a.bits, a.x))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("cbrt$", p, r, "res = cbrt$(x);")
            .dom(Dom::LogSym(tiny, huge))
            .real(|a| x(a).cbrt())
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func("rcbrt$", p, r, "res = rcbrt$(x);")
            .dom(Dom::LogSym(tiny, huge))
            .real(|a| rf::rcbrt(a.bits, a.x))
            .ulp(1, HIP)
            .0,
    );
    let nd = Dom::LogSym(1e-20, 1e20);
    v.push(
        func("hypot$", p, r, "res = hypot$(x, y);")
            .args(2)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y], false))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("rhypot$", p, r, "res = rhypot$(x, y);")
            .args(2)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y], true))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("norm3d$", p, r, "res = norm3d$(x, y, z);")
            .args(3)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z], false))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("norm4d$", p, r, "res = norm4d$(x, y, z, w);")
            .args(4)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z, a.w], false))
            .ulp(2, HIP)
            .0,
    );
    v.push(
        func("rnorm3d$", p, r, "res = rnorm3d$(x, y, z);")
            .args(3)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z], true))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("rnorm4d$", p, r, "res = rnorm4d$(x, y, z, w);")
            .args(4)
            .dom(nd)
            .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z, a.w], true))
            .ulp(pp(p, 2, 1), HIP)
            .0,
    );
    v.push(
        func(
            "norm$",
            p,
            r,
            "{ T a[4] = {x, y, z, w}; res = norm$(k, a); }",
        )
        .args(4)
        .dom(nd)
        .int(IntArg::Range(1, 4))
        .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z, a.w][..a.k as usize], false))
        .ulp(1, HIP)
        .0,
    );
    v.push(
        func(
            "rnorm$",
            p,
            r,
            "{ T a[4] = {x, y, z, w}; res = rnorm$(k, a); }",
        )
        .args(4)
        .dom(nd)
        .int(IntArg::Range(1, 4))
        .real(|a| rf::norm(a.bits, &[a.x, a.y, a.z, a.w][..a.k as usize], true))
        .ulp(1, HIP)
        .0,
    );

    // ---- error and gamma functions, special functions ----
    let s = "special functions";
    v.push(
        func("erf$", p, s, "res = erf$(x);")
            .dom(Dom::Range(-6.0, 6.0))
            .real(|a| x(a).erf())
            .ulp(4, HIP)
            .0,
    );
    v.push(
        func("erfc$", p, s, "res = erfc$(x);")
            .dom(Dom::Range(-6.0, 30.0))
            .real(|a| x(a).erfc())
            .ulp(2, HIP)
            .0,
    );
    v.push(
        func("erfcx$", p, s, "res = erfcx$(x);")
            .dom(Dom::LogSym(1e-4, 1e4))
            .extra(&[-26.6, -26.7, 4.0, 3.999, 8.0, 30.0, 1e20])
            .real(|a| rf::erfcx(a.bits, a.x))
            .ulp(5, HIP)
            .cost(2)
            .0,
    );
    let near1 = [
        0.5,
        0.75,
        0.9,
        0.99,
        0.999999,
        0.9999999,
        0.99999999999,
        1.0 - 2f64.powi(-24),
        1.0 - 2f64.powi(-53),
        1e-30,
        -0.9999999,
    ];
    v.push(
        func("erfinv$", p, s, "res = erfinv$(x);")
            .dom(Dom::Range(-1.0, 1.0))
            .extra(&near1)
            .real(|a| rf::erfinv(a.bits, a.x))
            .ulp(pp(p, 2, 5), CUDA)
            .cost(8)
            .0,
    );
    let tiny_pos = [
        1e-300,
        5e-324,
        2.2e-308,
        1e-38,
        1.4e-45,
        1.99999,
        1.0 - 2f64.powi(-53),
        1e-10,
        1.5,
    ];
    v.push(
        func("erfcinv$", p, s, "res = erfcinv$(x);")
            .dom(Dom::LogPos(pp(p, 1e-45, 5e-324), 2.0))
            .extra(&tiny_pos)
            .real(|a| rf::erfcinv(a.bits, a.x))
            .ulp(pp(p, 4, 6), CUDA)
            .cost(8)
            .0,
    );
    v.push(
        func("normcdf$", p, s, "res = normcdf$(x);")
            .dom(Dom::Range(-40.0, 10.0))
            .extra(&[-38.5, -37.5, -8.0, 8.3, 0.5])
            .real(|a| rf::normcdf(a.bits, a.x))
            .ulp(5, CUDA)
            .0,
    );
    v.push(
        func("normcdfinv$", p, s, "res = normcdfinv$(x);")
            .dom(Dom::LogPos(pp(p, 1e-45, 5e-324), 1.0))
            .extra(&tiny_pos)
            .real(|a| rf::normcdfinv(a.bits, a.x))
            .ulp(pp(p, 5, 8), CUDA)
            .cost(8)
            .0,
    );
    let gamma_edges = [
        -1.0, -2.0, -3.0, -0.5, -1.5, -2.5, -10.5, -100.5, -170.5, 171.6, 171.7, 35.04, 35.05,
        1e-30, -1e-30, -2.2637, -2.457, 1.0, 2.0, 0.9999999, 1.0000001, 2.0000001, 1.9999999,
    ];
    v.push(
        func("lgamma$", p, s, "res = lgamma$(x);")
            .dom(Dom::Range(-30.0, 40.0))
            .extra(&gamma_edges)
            .real(lgamma_ref)
            .bound(
                pp(
                    p,
                    "4 ulp (outside -10.001..-2.264)",
                    "2 ulp (outside -23.0001..-2.2637)",
                ),
                HIP,
                pp(p, crit_lgamma_f32 as fn(&Args) -> Crit, crit_lgamma_f64),
            )
            .cost(2)
            .0,
    );
    v.push(
        func("tgamma$", p, s, "res = tgamma$(x);")
            .dom(Dom::Range(pp(p, -40.0, -180.0), pp(p, 36.0, 172.0)))
            .extra(&gamma_edges)
            .real(|a| x(a).gamma())
            .ulp(6, HIP)
            .cost(2)
            .0,
    );
    let bes = Dom::LogSym(1e-3, 1e3);
    let bes_doc = pp(
        p,
        "9 ulp (|x| < 8), else abs 2.2e-6",
        "7 ulp (|x| < 8), else abs 5e-12",
    );
    let bes_crit = pp(p, crit_bessel_f32 as fn(&Args) -> Crit, crit_bessel_f64);
    v.push(
        func("j0$", p, s, "res = j0$(x);")
            .dom(bes)
            .real(|a| x(a).j0())
            .bound(bes_doc, CUDA, bes_crit)
            .cost(2)
            .0,
    );
    v.push(
        func("j1$", p, s, "res = j1$(x);")
            .dom(bes)
            .real(|a| x(a).j1())
            .bound(bes_doc, CUDA, bes_crit)
            .cost(2)
            .0,
    );
    v.push(
        func("y0$", p, s, "res = y0$(x);")
            .dom(Dom::LogPos(1e-3, 1e3))
            .real(|a| x(a).y0())
            .bound(bes_doc, CUDA, bes_crit)
            .cost(2)
            .0,
    );
    v.push(
        func("y1$", p, s, "res = y1$(x);")
            .dom(Dom::LogPos(1e-3, 1e3))
            .real(|a| x(a).y1())
            .bound(bes_doc, CUDA, bes_crit)
            .cost(2)
            .0,
    );
    v.push(
        func("jn$", p, s, "res = jn$(k, x);")
            .dom(Dom::LogSym(1e-2, 300.0))
            .int(IntArg::Order(20))
            .real(|a| odd_order_sign(a.k, x(a).jn(a.k.saturating_abs())))
            .bound(
                pp(
                    p,
                    "abs 2.2e-6 (n >= 2; j0f/j1f bounds for n <= 1)",
                    "abs 5e-12 (n >= 2; j0/j1 bounds for n <= 1)",
                ),
                CUDA,
                pp(p, crit_jn_f32 as fn(&Args) -> Crit, crit_jn_f64),
            )
            .cost(4)
            .0,
    );
    v.push(
        func("yn$", p, s, "res = yn$(k, x);")
            .dom(Dom::LogPos(1e-2, 300.0))
            .int(IntArg::Order(20))
            .real(|a| odd_order_sign(a.k, x(a).yn(a.k.saturating_abs())))
            .bound(
                pp(
                    p,
                    "ceil(2 + 2.5n) ulp (|x| < n), else abs 2.2e-6 (n >= 2)",
                    "abs 5e-12 (|x| > 1.5n, n >= 2)",
                ),
                CUDA,
                pp(p, crit_yn_f32 as fn(&Args) -> Crit, crit_yn_f64),
            )
            .cost(4)
            .0,
    );
    let bi = Dom::LogSym(1e-6, pp(p, 95.0, 715.0));
    v.push(
        func("cyl_bessel_i0$", p, s, "res = cyl_bessel_i0$(x);")
            .dom(bi)
            .real(|a| rf::bessel_i(a.bits, 0, a.x))
            .ulp(6, CUDA)
            .cost(2)
            .0,
    );
    v.push(
        func("cyl_bessel_i1$", p, s, "res = cyl_bessel_i1$(x);")
            .dom(bi)
            .real(|a| rf::bessel_i(a.bits, 1, a.x))
            .ulp(6, CUDA)
            .cost(2)
            .0,
    );

    // ---- arithmetic ----
    let ar = "arithmetic";
    let wide = Dom::LogSym(1e-10, 1e10);
    v.push(
        func("fma$", p, ar, "res = fma$(x, y, z);")
            .args(3)
            .dom(wide)
            .real(|a| rf::rounded_op("fma", a.x, a.y, a.z, Round::Nearest))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("fdim$", p, ar, "res = fdim$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| {
                if a.x.is_nan() || a.y.is_nan() {
                    rf::nan(a.bits)
                } else if a.x > a.y {
                    rf::rounded_op("sub", a.x, a.y, 0.0, Round::Nearest)
                } else {
                    rf::zero(a.bits, false)
                }
            })
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("fmod$", p, ar, "res = fmod$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| Float::with_val(64, a.x) % Float::with_val(64, a.y))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("remainder$", p, ar, "res = remainder$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| Float::with_val(64, a.x).remainder(&Float::with_val(64, a.y)))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(
            "remquo$ (rem)",
            p,
            ar,
            "{ int qq; res = remquo$(x, y, &qq); }",
        )
        .args(2)
        .dom(wide)
        .real(|a| Float::with_val(64, a.x).remainder(&Float::with_val(64, a.y)))
        .ulp(0, HIP)
        .0,
    );
    v.push(
        func(
            "remquo$ (quo)",
            p,
            ar,
            "{ int qq; res = remquo$(x, y, &qq); iq = qq; }",
        )
        .args(2)
        .dom(wide)
        .check(remquo_check)
        .ulp(0, HIP)
        .0,
    );
    v.push(
        func("fabs$", p, ar, "res = fabs$(x);")
            .real(|a| x(a).abs())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(&format!("abs ({})", p.c_type()), p, ar, "res = abs(x);")
            .real(|a| x(a).abs())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("fmax$", p, ar, "res = fmax$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| fmin_max(a, true))
            .bound("exact", HIP, crit_minmax)
            .0,
    );
    v.push(
        func("fmin$", p, ar, "res = fmin$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| fmin_max(a, false))
            .bound("exact", HIP, crit_minmax)
            .0,
    );
    if p == Prec::F32 {
        v.push(
            func("fdividef", p, ar, "res = fdividef(x, y);")
                .args(2)
                .dom(wide)
                .real(|a| rf::rounded_op("div", a.x, a.y, 0.0, Round::Nearest))
                .ulp(0, HIP)
                .0,
        );
    }

    // ---- floating-point manipulation ----
    let m = "manipulation";
    v.push(
        func("frexp$ (mantissa)", p, m, "{ int e; res = frexp$(x, &e); }")
            .real(frexp_mant)
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(
            "frexp$ (exponent)",
            p,
            m,
            "{ int e; res = frexp$(x, &e); iq = e; }",
        )
        .int_ref(frexp_exp)
        .ulp(0, HIP)
        .0,
    );
    let ex = IntArg::Exp(pp(p, -300, -2200), pp(p, 300, 2200));
    v.push(
        func("ldexp$", p, m, "res = ldexp$(x, k);")
            .int(ex)
            .real(|a| Float::with_val(64, a.x) << a.k)
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("scalbn$", p, m, "res = scalbn$(x, k);")
            .int(ex)
            .real(|a| Float::with_val(64, a.x) << a.k)
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("scalbln$", p, m, "res = scalbln$(x, (long)k * 3);")
            .int(ex)
            .real(|a| {
                Float::with_val(64, a.x) << (i64::from(a.k) * 3).clamp(-100_000, 100_000) as i32
            })
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("modf$ (fraction)", p, m, "{ T ip; res = modf$(x, &ip); }")
            .dom(Dom::Halves(-1e7, 1e7))
            .real(|a| {
                if a.x.is_infinite() {
                    rf::zero(a.bits, a.x < 0.0)
                } else if a.x.is_nan() {
                    rf::nan(a.bits)
                } else {
                    let f = a.x - a.x.trunc();
                    fv(a.bits, f.copysign(a.x))
                }
            })
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(
            "modf$ (integral)",
            p,
            m,
            "{ T ip; modf$(x, &ip); res = ip; }",
        )
        .dom(Dom::Halves(-1e7, 1e7))
        .real(|a| fv(a.bits, a.x.trunc()))
        .ulp(0, HIP)
        .0,
    );
    v.push(
        func("nextafter$", p, m, "res = nextafter$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| fv(a.bits, next_after(a.x, a.y, prec_of(a))))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("copysign$", p, m, "res = copysign$(x, y);")
            .args(2)
            .dom(wide)
            .real(|a| fv(a.bits, a.x.copysign(a.y)))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("nan$", p, m, "res = nan$(\"7\");")
            .real(|a| rf::nan(a.bits))
            .ulp(0, HIP)
            .0,
    );

    // ---- rounding ----
    let ro = "rounding";
    let rd = Dom::Halves(-1e7, 1e7);
    v.push(
        func("ceil$", p, ro, "res = ceil$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).ceil())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("floor$", p, ro, "res = floor$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).floor())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("trunc$", p, ro, "res = trunc$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).trunc())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("round$", p, ro, "res = round$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).round())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("rint$", p, ro, "res = rint$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).round_even())
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("nearbyint$", p, ro, "res = nearbyint$(x);")
            .dom(rd)
            .extra(&round_edges)
            .real(|a| x(a).round_even())
            .ulp(0, HIP)
            .0,
    );
    let ld = Dom::Halves(pp(p, -1e9, -1e15), pp(p, 1e9, 1e15));
    v.push(
        func("lround$", p, ro, "iq = lround$(x);")
            .dom(ld)
            .extra(&round_edges)
            .int_ref(|a| to_long(a.x.round()))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("llround$", p, ro, "iq = llround$(x);")
            .dom(ld)
            .extra(&round_edges)
            .int_ref(|a| to_long(a.x.round()))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("lrint$", p, ro, "iq = lrint$(x);")
            .dom(ld)
            .extra(&round_edges)
            .int_ref(|a| to_long(x(a).round_even().to_f64()))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("llrint$", p, ro, "iq = llrint$(x);")
            .dom(ld)
            .extra(&round_edges)
            .int_ref(|a| to_long(x(a).round_even().to_f64()))
            .ulp(0, HIP)
            .0,
    );

    // ---- classification ----
    let c = "classification";
    let ty = p.c_type();
    v.push(
        func(&format!("isnan ({ty})"), p, c, "iq = isnan(x);")
            .int_ref(|a| Some(i64::from(a.x.is_nan())))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(&format!("isinf ({ty})"), p, c, "iq = isinf(x);")
            .int_ref(|a| Some(i64::from(a.x.is_infinite())))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(&format!("isfinite ({ty})"), p, c, "iq = isfinite(x);")
            .int_ref(|a| Some(i64::from(a.x.is_finite())))
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func(&format!("signbit ({ty})"), p, c, "iq = signbit(x);")
            .int_ref(|a| Some(i64::from(a.x.is_sign_negative())))
            .ulp(0, HIP)
            .0,
    );
}

/// The float fast-math intrinsics.
fn intrinsics_f32(v: &mut Vec<Func>) {
    let p = Prec::F32;
    let g = "fast intrinsics";
    let trig = Dom::Range(-10.0, 10.0);
    v.push(
        func("__expf", p, g, "res = __expf(x);")
            .dom(Dom::Range(-104.0, 89.0))
            .real(|a| x(a).exp())
            .ulp(6, HIP)
            .0,
    );
    v.push(
        func("__exp10f", p, g, "res = __exp10f(x);")
            .dom(Dom::Range(-46.0, 39.0))
            .real(|a| x(a).exp10())
            .ulp(18, HIP)
            .0,
    );
    let pos = Dom::LogPos(1e-38, 1e38);
    v.push(
        func("__logf", p, g, "res = __logf(x);")
            .dom(pos)
            .real(|a| x(a).ln())
            .ulp(2, HIP)
            .0,
    );
    v.push(
        func("__log2f", p, g, "res = __log2f(x);")
            .dom(pos)
            .real(|a| x(a).log2())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("__log10f", p, g, "res = __log10f(x);")
            .dom(pos)
            .real(|a| x(a).log10())
            .ulp(2, HIP)
            .0,
    );
    v.push(
        func("__sinf", p, g, "res = __sinf(x);")
            .dom(trig)
            .real(|a| x(a).sin())
            .ulp(18, HIP)
            .0,
    );
    v.push(
        func("__cosf", p, g, "res = __cosf(x);")
            .dom(trig)
            .real(|a| x(a).cos())
            .ulp(4, HIP)
            .0,
    );
    v.push(
        func("__tanf", p, g, "res = __tanf(x);")
            .dom(trig)
            .real(|a| x(a).tan())
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func(
            "__sincosf (sin)",
            p,
            g,
            "{ float s, c; __sincosf(x, &s, &c); res = s; }",
        )
        .dom(trig)
        .real(|a| x(a).sin())
        .ulp(18, HIP)
        .0,
    );
    v.push(
        func(
            "__sincosf (cos)",
            p,
            g,
            "{ float s, c; __sincosf(x, &s, &c); res = c; }",
        )
        .dom(trig)
        .real(|a| x(a).cos())
        .ulp(4, HIP)
        .0,
    );
    v.push(
        func("__powf", p, g, "res = __powf(x, y);")
            .args(2)
            .dom2(Dom::LogPos(1e-3, 1e3), Dom::Range(-10.0, 10.0))
            .real(|a| x(a).pow(&fv(a.bits, a.y)))
            .ulp(1, HIP)
            .0,
    );
    v.push(
        func("__fdividef", p, g, "res = __fdividef(x, y);")
            .args(2)
            .dom(Dom::LogSym(1e-10, 1e10))
            .real(|a| rf::rounded_op("div", a.x, a.y, 0.0, Round::Nearest))
            .bound("2 ulp (2^-126 <= |y| <= 2^126)", CUDA, crit_fdividef)
            .0,
    );
    v.push(
        func("__saturatef", p, g, "res = __saturatef(x);")
            .dom(Dom::Range(-2.0, 3.0))
            .real(|a| {
                let c = if a.x.is_nan() {
                    0.0
                } else {
                    a.x.clamp(0.0, 1.0)
                };
                fv(a.bits, if c == 0.0 { 0.0 } else { c })
            })
            .ulp(0, HIP)
            .0,
    );
    v.push(
        func("__frsqrt_rn", p, g, "res = __frsqrt_rn(x);")
            .dom(Dom::LogPos(1e-38, 1e38))
            .real(|a| rf::rsqrt(a.bits, a.x))
            .ulp(1, HIP)
            .0,
    );
}

/// One rounded operation: name prefix, kernel body (`@` the mode), arguments, reference.
type OpRow = (&'static str, &'static str, usize, fn(&Args) -> Float);

/// The rounded arithmetic intrinsics, all four modes: exact in the named mode.
fn directed(v: &mut Vec<Func>, p: Prec) {
    let g = "rounded arithmetic";
    let modes = [
        ("rn", Round::Nearest),
        ("rz", Round::Zero),
        ("ru", Round::Up),
        ("rd", Round::Down),
    ];
    let wide = Dom::LogSym(pp(p, 1e-30, 1e-300), pp(p, 1e30, 1e300));
    for (sfx, mode) in modes {
        let ops: [OpRow; 7] = match p {
            Prec::F32 => [
                ("__fadd_", "res = __fadd_@(x, y);", 2, |a| {
                    rf::rounded_op("add", a.x, a.y, 0.0, a.round)
                }),
                ("__fsub_", "res = __fsub_@(x, y);", 2, |a| {
                    rf::rounded_op("sub", a.x, a.y, 0.0, a.round)
                }),
                ("__fmul_", "res = __fmul_@(x, y);", 2, |a| {
                    rf::rounded_op("mul", a.x, a.y, 0.0, a.round)
                }),
                ("__fdiv_", "res = __fdiv_@(x, y);", 2, |a| {
                    rf::rounded_op("div", a.x, a.y, 0.0, a.round)
                }),
                ("__frcp_", "res = __frcp_@(x);", 1, |a| {
                    rf::rounded_op("rcp", a.x, 0.0, 0.0, a.round)
                }),
                ("__fsqrt_", "res = __fsqrt_@(x);", 1, |a| {
                    rf::rounded_op("sqrt", a.x, 0.0, 0.0, a.round)
                }),
                ("__fmaf_", "res = __fmaf_@(x, y, z);", 3, |a| {
                    rf::rounded_op("fma", a.x, a.y, a.z, a.round)
                }),
            ],
            Prec::F64 => [
                ("__dadd_", "res = __dadd_@(x, y);", 2, |a| {
                    rf::rounded_op("add", a.x, a.y, 0.0, a.round)
                }),
                ("__dsub_", "res = __dsub_@(x, y);", 2, |a| {
                    rf::rounded_op("sub", a.x, a.y, 0.0, a.round)
                }),
                ("__dmul_", "res = __dmul_@(x, y);", 2, |a| {
                    rf::rounded_op("mul", a.x, a.y, 0.0, a.round)
                }),
                ("__ddiv_", "res = __ddiv_@(x, y);", 2, |a| {
                    rf::rounded_op("div", a.x, a.y, 0.0, a.round)
                }),
                ("__drcp_", "res = __drcp_@(x);", 1, |a| {
                    rf::rounded_op("rcp", a.x, 0.0, 0.0, a.round)
                }),
                ("__dsqrt_", "res = __dsqrt_@(x);", 1, |a| {
                    rf::rounded_op("sqrt", a.x, 0.0, 0.0, a.round)
                }),
                ("__fma_", "res = __fma_@(x, y, z);", 3, |a| {
                    rf::rounded_op("fma", a.x, a.y, a.z, a.round)
                }),
            ],
        };
        for (name, body, args, reference) in ops {
            let n = format!("{name}{sfx}");
            let body = body.replace('@', sfx);
            // HIP documents __fsqrt_rn and __frsqrt_rn at 1 ulp; the operations here are exact.
            let (u, src) = if sfx == "rn" { (0, HIP) } else { (0, IEEE) };
            v.push(
                func(&n, p, g, &body)
                    .args(args)
                    .dom(wide)
                    .real(reference)
                    .round(mode)
                    .ulp(u, src)
                    .0,
            );
        }
    }
}
