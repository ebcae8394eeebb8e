//! include/hip/hip_fp16.h and hip_bf16.h: kernels compiled for the CPU device convert, add,
//! multiply, fuse and compare halves and bfloat16s on seeded random inputs, and every result
//! is checked bit for bit against a reference computed here in exact integer arithmetic (or,
//! where a correct rounding of an f64 result is provably the same thing, from f64). The same
//! headers are then compiled in hipcc's host pass and as plain C++ (clang++ and g++), and the
//! host code's results checked against the same reference.

use hip::{DeviceBuffer, KernelArg, Module};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

// ---------------------------------------------------------------------------------------------
// Reference: exact values and correct rounding into a 16-bit format.

/// A 16-bit binary floating-point format: sign, then exponent, then `p - 1` fraction bits.
#[derive(Clone, Copy, Debug)]
struct Fmt {
    /// Precision in bits, the hidden bit included.
    p: u32,
    bias: i32,
    /// The largest biased exponent of a finite number.
    max_biased: i32,
}

const F16: Fmt = Fmt {
    p: 11,
    bias: 15,
    max_biased: 30,
};
const BF16: Fmt = Fmt {
    p: 8,
    bias: 127,
    max_biased: 254,
};

impl Fmt {
    /// The exact value of a finite pattern of this format.
    fn exact(self, bits: u16) -> Option<Exact> {
        if self.p == 11 {
            Exact::f16(bits)
        } else {
            Exact::bf16(bits)
        }
    }
    /// Any pattern's value (infinities and NaNs included) as f64.
    fn value(self, bits: u16) -> f64 {
        if self.p == 11 {
            f16_to_f64(bits)
        } else {
            bf16_to_f64(bits)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Nearest,
    TowardZero,
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

impl Exact {
    /// A finite value of a binary format with `frac_bits` fraction bits and `exp_bits`
    /// exponent bits, given its bits; None for infinities and NaNs.
    fn from_bits(bits: u64, frac_bits: u32, exp_bits: u32) -> Option<Exact> {
        let bias = (1i32 << (exp_bits - 1)) - 1;
        let frac = bits & ((1u64 << frac_bits) - 1);
        let e = ((bits >> frac_bits) & ((1u64 << exp_bits) - 1)) as i32;
        let neg = (bits >> (frac_bits + exp_bits)) & 1 == 1;
        if e == (1 << exp_bits) - 1 {
            return None;
        }
        let lowest = 1 - bias - frac_bits as i32;
        Some(if e == 0 {
            Exact {
                neg,
                mant: frac as u128,
                exp: lowest,
            }
        } else {
            Exact {
                neg,
                mant: (frac | (1u64 << frac_bits)) as u128,
                exp: lowest + e - 1,
            }
        })
    }
    fn f16(bits: u16) -> Option<Exact> {
        Exact::from_bits(bits as u64, 10, 5)
    }
    fn bf16(bits: u16) -> Option<Exact> {
        Exact::from_bits(bits as u64, 7, 8)
    }
    fn f32(x: f32) -> Option<Exact> {
        Exact::from_bits(x.to_bits() as u64, 23, 8)
    }
    fn f64(x: f64) -> Option<Exact> {
        Exact::from_bits(x.to_bits(), 52, 11)
    }

    fn mul(self, o: Exact) -> Exact {
        Exact {
            neg: self.neg != o.neg,
            mant: self
                .mant
                .checked_mul(o.mant)
                .expect("product fits 128 bits"),
            exp: self.exp + o.exp,
        }
    }

    fn add(self, o: Exact) -> Exact {
        if self.mant == 0 && o.mant == 0 {
            // IEEE: the sum of two zeros is -0 only when both are -0.
            return Exact {
                neg: self.neg && o.neg,
                mant: 0,
                exp: 0,
            };
        }
        if self.mant == 0 {
            return o;
        }
        if o.mant == 0 {
            return self;
        }
        let (hi, mut lo) = if self.exp >= o.exp {
            (self, o)
        } else {
            (o, self)
        };
        // A term more than 100 bit positions below the other's lowest bit (and so far below
        // any rounding position of the sum) only decides the direction of rounding: a unit
        // just as far below stands in for it.
        let d = hi.exp - lo.exp;
        if d > 100 {
            lo = Exact {
                neg: lo.neg,
                mant: 1,
                exp: hi.exp - 100,
            };
        }
        let a = hi.mant << (hi.exp - lo.exp);
        let b = lo.mant;
        let (neg, mant) = match (hi.neg, lo.neg) {
            (x, y) if x == y => (x, a + b),
            (x, _) if a >= b => (x, a - b),
            (_, y) => (y, b - a),
        };
        // An exact cancellation of nonzero terms gives +0.
        Exact {
            neg: neg && mant != 0,
            mant,
            exp: lo.exp,
        }
    }

    fn to_f64(self) -> f64 {
        let v = self.mant as f64 * 2f64.powi(self.exp);
        if self.neg {
            -v
        } else {
            v
        }
    }
}

/// `x` correctly rounded into `f` with `mode` (overflow as IEEE 754 says for that mode).
fn round(x: Exact, f: Fmt, mode: Mode) -> u16 {
    let sign = (x.neg as u16) << 15;
    if x.mant == 0 {
        return sign;
    }
    let p = f.p as i32;
    let inf = ((f.max_biased + 1) << (p - 1)) as u16;
    let overflow = || -> u16 {
        let to_inf = match mode {
            Mode::Nearest => true,
            Mode::TowardZero => false,
            Mode::Up => !x.neg,
            Mode::Down => x.neg,
        };
        sign | if to_inf { inf } else { inf - 1 }
    };
    let top = 127 - x.mant.leading_zeros() as i32;
    let e = x.exp + top;
    let emin = 1 - f.bias;
    if e > f.max_biased - f.bias {
        return overflow();
    }
    let mut q = e.max(emin) - (p - 1);
    let k = q - x.exp;
    // m: the kept part; rest compared with half a unit of it.
    let (mut m, rest) = if k <= 0 {
        (x.mant << (-k), std::cmp::Ordering::Less)
    } else if k > 127 {
        (0, std::cmp::Ordering::Less)
    } else {
        let r = x.mant & ((1u128 << k) - 1);
        ((x.mant >> k), r.cmp(&(1u128 << (k - 1))))
    };
    let inexact = if k <= 0 {
        false
    } else if k > 127 {
        true
    } else {
        x.mant & ((1u128 << k) - 1) != 0
    };
    let up = match mode {
        Mode::Nearest => {
            rest == std::cmp::Ordering::Greater || (rest == std::cmp::Ordering::Equal && m & 1 == 1)
        }
        Mode::TowardZero => false,
        Mode::Up => inexact && !x.neg,
        Mode::Down => inexact && x.neg,
    };
    if up {
        m += 1;
    }
    if m == 1u128 << p {
        m >>= 1;
        q += 1;
    }
    if m >= 1u128 << (p - 1) {
        let biased = q + (p - 1) + f.bias;
        if biased > f.max_biased {
            return overflow();
        }
        sign | ((biased as u16) << (p - 1)) | (m - (1u128 << (p - 1))) as u16
    } else {
        sign | m as u16
    }
}

/// An f64 value rounded to nearest even into `f` (NaN to a NaN, infinities kept).
fn round_f64(v: f64, f: Fmt) -> u16 {
    let inf = ((f.max_biased + 1) << (f.p - 1)) as u16;
    if v.is_nan() {
        return inf | 1;
    }
    if v.is_infinite() {
        return if v < 0.0 { 0x8000 | inf } else { inf };
    }
    round(
        Exact::f64(v).expect("finite f64 is exact"),
        f,
        Mode::Nearest,
    )
}

fn f16_to_f64(b: u16) -> f64 {
    match Exact::f16(b) {
        Some(x) => x.to_f64(),
        None => f32_of_special(b, 10),
    }
}
fn bf16_to_f64(b: u16) -> f64 {
    match Exact::bf16(b) {
        Some(x) => x.to_f64(),
        None => f32_of_special(b, 7),
    }
}
fn f32_of_special(b: u16, frac_bits: u32) -> f64 {
    let neg = b & 0x8000 != 0;
    if b & ((1 << frac_bits) - 1) != 0 {
        f64::NAN
    } else if neg {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    }
}

fn is_nan(b: u16, f: Fmt) -> bool {
    let inf = ((f.max_biased + 1) << (f.p - 1)) as u16;
    b & 0x7fff > inf
}

/// a*b+c in `f`, rounded once; non-finite operands through f64 (whose special-value rules
/// are IEEE's, and whose finite results from them are zeros or the operands themselves).
fn fma_ref(a: u16, b: u16, c: u16, f: Fmt) -> u16 {
    match (f.exact(a), f.exact(b), f.exact(c)) {
        (Some(x), Some(y), Some(z)) => round(x.mul(y).add(z), f, Mode::Nearest),
        _ => round_f64(f.value(a).mul_add(f.value(b), f.value(c)), f),
    }
}

/// Sum and product, exactly then rounded.
fn add_ref(a: u16, b: u16, f: Fmt) -> u16 {
    match (f.exact(a), f.exact(b)) {
        (Some(x), Some(y)) => round(x.add(y), f, Mode::Nearest),
        _ => round_f64(f.value(a) + f.value(b), f),
    }
}
fn mul_ref(a: u16, b: u16, f: Fmt) -> u16 {
    match (f.exact(a), f.exact(b)) {
        (Some(x), Some(y)) => round(x.mul(y), f, Mode::Nearest),
        _ => round_f64(f.value(a) * f.value(b), f),
    }
}
/// Quotient: the f64 quotient is correctly rounded to 53 bits, and rounding that again to
/// 11 or 8 bits is the correct rounding (53 >= 2p + 2).
fn div_ref(a: u16, b: u16, f: Fmt) -> u16 {
    round_f64(f.value(a) / f.value(b), f)
}

fn f32_to(x: f32, f: Fmt, mode: Mode) -> u16 {
    match Exact::f32(x) {
        Some(e) => round(e, f, mode),
        None => round_f64(x as f64, f),
    }
}

/// Equal bits, or both NaN.
fn same(got: u16, want: u16, f: Fmt) -> bool {
    got == want || (is_nan(got, f) && is_nan(want, f))
}

/// Ordered distance in ulps between two non-NaN values of `f`.
fn ulps(a: u16, b: u16) -> i32 {
    let key = |x: u16| -> i32 {
        if x & 0x8000 != 0 {
            -((x & 0x7fff) as i32)
        } else {
            x as i32
        }
    };
    (key(a) - key(b)).abs()
}

#[test]
fn reference_rounding_is_right() {
    // Every finite half converts exactly to f32 and back to itself, in every mode.
    for b in 0..=u16::MAX {
        if let Some(x) = Exact::f16(b) {
            let v = x.to_f64() as f32;
            assert_eq!(v as f64, x.to_f64(), "{b:#06x} exact in f32");
            for m in [Mode::Nearest, Mode::TowardZero, Mode::Down, Mode::Up] {
                assert_eq!(f32_to(v, F16, m), b, "{b:#06x} {m:?}");
            }
        }
    }
    // Known roundings.
    let rn = |x: f32| f32_to(x, F16, Mode::Nearest);
    assert_eq!(rn(1.0), 0x3c00);
    assert_eq!(rn(1.0 + 2f32.powi(-11)), 0x3c00, "tie to even (down)");
    assert_eq!(rn(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02, "tie to even (up)");
    assert_eq!(rn(1.0 + 2f32.powi(-11) + 2f32.powi(-20)), 0x3c01);
    assert_eq!(rn(65504.0), 0x7bff);
    assert_eq!(rn(65519.996), 0x7bff);
    assert_eq!(
        rn(65520.0),
        0x7c00,
        "the overflow threshold ties to infinity"
    );
    assert_eq!(
        rn(2f32.powi(-25)),
        0x0000,
        "half the smallest subnormal ties to zero"
    );
    assert_eq!(rn(2f32.powi(-25) * 1.5), 0x0001);
    assert_eq!(
        rn(-2f32.powi(-24) * 1.5),
        0x8002,
        "1.5 subnormal units tie to 2"
    );
    assert_eq!(f32_to(65520.0, F16, Mode::TowardZero), 0x7bff);
    assert_eq!(f32_to(-1e-30, F16, Mode::Down), 0x8001);
    assert_eq!(f32_to(-1e-30, F16, Mode::Up), 0x8000);
    assert_eq!(f32_to(1e-30, F16, Mode::Up), 0x0001);
    assert_eq!(f32_to(1e9, F16, Mode::Down), 0x7bff);
    // bfloat16: the reference agrees with the carry trick on random finite floats.
    let mut r = StdRng::seed_from_u64(7);
    for _ in 0..200_000 {
        let u: u32 = r.gen();
        let x = f32::from_bits(u);
        if x.is_nan() {
            continue;
        }
        let trick = ((u + 0x7fff + ((u >> 16) & 1)) >> 16) as u16;
        assert_eq!(f32_to(x, BF16, Mode::Nearest), trick, "{u:#010x}");
    }
    // Sums: exact cancellation is +0, -0 + -0 is -0.
    assert_eq!(add_ref(0x3c00, 0xbc00, F16), 0x0000);
    assert_eq!(add_ref(0x8000, 0x8000, F16), 0x8000);
    assert_eq!(add_ref(0x8000, 0x0000, F16), 0x0000);
    // fma with a product exactly on a midpoint and a tiny addend rounds by the addend.
    // 1.5 * (1 + 2^-7) = 1 + 2^-1 + 2^-7 + 2^-8: a bfloat16 midpoint.
    let (a, b) = (0x3fc0u16, 0x3f81u16);
    assert_eq!(mul_ref(a, b, BF16), 0x3fc2, "tie to even");
    assert_eq!(
        fma_ref(a, b, 0x0001, BF16),
        0x3fc2,
        "tiny positive addend: up"
    );
    assert_eq!(
        fma_ref(a, b, 0x8001, BF16),
        0x3fc1,
        "tiny negative addend: down"
    );
    // The same for half: 1.5 * (1 + 2^-10) = 1.5 + 2^-10 + 2^-11.
    assert_eq!(mul_ref(0x3e00, 0x3c01, F16), 0x3e02, "tie to even");
    assert_eq!(fma_ref(0x3e00, 0x3c01, 0x0001, F16), 0x3e02);
    assert_eq!(fma_ref(0x3e00, 0x3c01, 0x8001, F16), 0x3e01);
}

// ---------------------------------------------------------------------------------------------
// Device side.

const N: usize = 4096;
const POISON: u8 = 0xA5;

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

fn compile(src: &str) -> Module {
    Module::from_source(src, &["-O3"])
        .unwrap_or_else(|e| panic!("compile failed: {e:?}\n{}", detail()))
}

fn launch(m: &Module, name: &str, n: usize, args: &[&dyn KernelArg]) {
    let f = m
        .function(name)
        .unwrap_or_else(|e| panic!("kernel {name}: {e:?}\n{}", detail()));
    let block = 64u32;
    let grid = n.div_ceil(block as usize) as u32;
    f.launch((grid, 1, 1).into(), (block, 1, 1).into(), 0, None, args)
        .unwrap_or_else(|e| panic!("launch {name}: {e:?}\n{}", detail()));
    hip::device_synchronize().unwrap_or_else(|e| panic!("sync {name}: {e:?}\n{}", detail()));
}

fn upload<T: Copy>(v: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(v).unwrap_or_else(|e| panic!("upload: {e:?}"))
}

/// A device buffer of `len` elements, every byte POISON, so unwritten results stand out.
fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    let b = DeviceBuffer::new(len).unwrap_or_else(|e| panic!("alloc: {e:?}"));
    b.fill_bytes(POISON)
        .unwrap_or_else(|e| panic!("fill: {e:?}"));
    b
}

fn download<T: Copy>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec().unwrap_or_else(|e| panic!("download: {e:?}"))
}

/// Random floats that exercise a conversion to half: any bit pattern, values spread over
/// half's exponent range and a little beyond, exact midpoints between halves, and edge cases.
fn floats_for_half(r: &mut StdRng, n: usize) -> Vec<f32> {
    let mut v: Vec<f32> = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        65504.0,
        65519.996,
        65520.0,
        -65520.0,
        1e9,
        -1e9,
        2e-8,
        -2e-8,
        2.9802322e-8,
        5.9604645e-8,
        8.940697e-8,
        6.097555e-5,
        6.1035156e-5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        1e-45,
    ];
    while v.len() < n {
        let x = match v.len() % 3 {
            0 => f32::from_bits(r.gen()),
            1 => {
                let m: f32 = r.gen_range(1.0..2.0);
                let e = r.gen_range(-27..17);
                let s = if r.gen() { -1.0 } else { 1.0 };
                s * m * 2f32.powi(e)
            }
            _ => {
                // The midpoint between two adjacent finite halves (h and the next one out).
                let h: u16 = r.gen_range(0..0x7bffu16) | (r.gen::<u16>() & 0x8000);
                let lo = f16_to_f64(h);
                let hi = f16_to_f64(h + 1);
                if hi.is_finite() {
                    ((lo + hi) / 2.0) as f32
                } else {
                    lo as f32
                }
            }
        };
        v.push(x);
    }
    v
}

const CONVERT: &str = r#"
#include <hip/hip_fp16.h>
extern "C" __global__ void convert(const float *f, const unsigned short *hb, const int *iv,
                                   unsigned short *o, float *of, int *oi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = f[i];
  unsigned short *r = o + 7 * i;
  r[0] = __half_as_ushort(__float2half(x));
  r[1] = __half_as_ushort(__float2half_rn(x));
  r[2] = __half_as_ushort(__float2half_rz(x));
  r[3] = __half_as_ushort(__float2half_rd(x));
  r[4] = __half_as_ushort(__float2half_ru(x));
  r[5] = __half_as_ushort(__int2half_rn(iv[i]));
  __half implicit = x;
  r[6] = __half_as_ushort(implicit);
  __half h = __ushort_as_half(hb[i]);
  of[i] = __half2float(h);
  oi[i] = __half2int_rz(h);
}
"#;

#[test]
fn conversions_match_the_reference() {
    let mut r = StdRng::seed_from_u64(0x1601);
    let f = floats_for_half(&mut r, N);
    let hb: Vec<u16> = (0..N)
        .map(|i| {
            if i < 64 {
                [0x7c00, 0xfc00, 0x7bff, 0xfbff, 0x7e00, 0x0001, 0x8000][i % 7]
            } else {
                r.gen()
            }
        })
        .collect();
    let iv: Vec<i32> = (0..N)
        .map(|i| match i % 3 {
            0 => r.gen(),
            1 => r.gen_range(-70000..70000),
            _ => r.gen_range(-2100..2100),
        })
        .collect();
    let m = compile(CONVERT);
    let (df, dhb, div) = (upload(&f), upload(&hb), upload(&iv));
    let o = poisoned::<u16>(7 * N);
    let of = poisoned::<f32>(N);
    let oi = poisoned::<i32>(N);
    launch(
        &m,
        "convert",
        N,
        &[&df, &dhb, &div, &o, &of, &oi, &(N as i32)],
    );
    let (o, of, oi) = (download(&o), download(&of), download(&oi));
    let mut bad = Vec::new();
    for i in 0..N {
        let x = f[i];
        let want = [
            f32_to(x, F16, Mode::Nearest),
            f32_to(x, F16, Mode::Nearest),
            f32_to(x, F16, Mode::TowardZero),
            f32_to(x, F16, Mode::Down),
            f32_to(x, F16, Mode::Up),
            round_f64(iv[i] as f64, F16),
            f32_to(x, F16, Mode::Nearest),
        ];
        let names = [
            "float2half",
            "_rn",
            "_rz",
            "_rd",
            "_ru",
            "int2half_rn",
            "__half(float)",
        ];
        for k in 0..7 {
            let got = o[7 * i + k];
            let ok = if k == 5 {
                got == want[k]
            } else {
                same(got, want[k], F16)
            };
            if !ok {
                bad.push(format!(
                    "{}({x:e} = {:#010x}, int {}) = {got:#06x}, want {:#06x}",
                    names[k],
                    x.to_bits(),
                    iv[i],
                    want[k]
                ));
            }
        }
        let hv = f16_to_f64(hb[i]);
        let ok = if hv.is_nan() {
            of[i].is_nan()
        } else {
            of[i].to_bits() == (hv as f32).to_bits()
        };
        if !ok {
            bad.push(format!("half2float({:#06x}) = {}, want {hv}", hb[i], of[i]));
        }
        let want_i = if hv.is_nan() {
            0
        } else if hv == f64::INFINITY {
            i32::MAX
        } else if hv == f64::NEG_INFINITY {
            i32::MIN
        } else {
            hv.trunc() as i32
        };
        if oi[i] != want_i {
            bad.push(format!(
                "half2int_rz({:#06x}) = {}, want {want_i}",
                hb[i], oi[i]
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

const ARITH: &str = r#"
#include <hip/hip_fp16.h>
extern "C" __global__ void arith(const unsigned short *ab, const unsigned short *bb,
                                 const unsigned short *cb, unsigned short *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __ushort_as_half(ab[i]), b = __ushort_as_half(bb[i]), c = __ushort_as_half(cb[i]);
  unsigned short *r = o + 14 * i;
  r[0] = __half_as_ushort(__hadd(a, b));
  r[1] = __half_as_ushort(__hsub(a, b));
  r[2] = __half_as_ushort(__hmul(a, b));
  r[3] = __half_as_ushort(__hdiv(a, b));
  r[4] = __half_as_ushort(__hfma(a, b, c));
  r[5] = __half_as_ushort(__hneg(a));
  r[6] = __half_as_ushort(__habs(a));
  r[7] = __half_as_ushort(a + b);
  r[8] = __half_as_ushort(a - b);
  r[9] = __half_as_ushort(a * b);
  r[10] = __half_as_ushort(a / b);
  r[11] = __half_as_ushort(-a);
  half acc = a;
  acc += b;
  acc *= c;
  r[12] = __half_as_ushort(acc);
  r[13] = (unsigned short)(__heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 |
                           __hle(a, b) << 3 | __hgt(a, b) << 4 | __hge(a, b) << 5 |
                           __hisnan(a) << 6 | (__hisinf(a) != 0) << 7 | (a == b) << 8 |
                           (a != b) << 9 | (a < b) << 10 | (a <= b) << 11 | (a > b) << 12 |
                           (a >= b) << 13 |
                           (__hisinf(a) == 1 && (__half_as_ushort(a) & 0x8000u)) << 14);
}
"#;

fn cmp_flags(a: f64, b: f64) -> u16 {
    let bits = [
        a == b,
        // Ordered inequality (false on NaN), which `!=` is not.
        a.partial_cmp(&b)
            .is_some_and(|o| o != std::cmp::Ordering::Equal),
        a < b,
        a <= b,
        a > b,
        a >= b,
        a.is_nan(),
        a.is_infinite(),
        a == b,
        a != b,
        a < b,
        a <= b,
        a > b,
        a >= b,
        a == f64::NEG_INFINITY,
    ];
    bits.iter()
        .enumerate()
        .fold(0u16, |acc, (k, &x)| acc | ((x as u16) << k))
}

/// Random operand bits: any pattern, or (for half the pairs) b near a so that sums cancel
/// and products and quotients stay in range.
fn operands(r: &mut StdRng, n: usize) -> (Vec<u16>, Vec<u16>, Vec<u16>) {
    let mut a = Vec::with_capacity(n);
    let mut b = Vec::with_capacity(n);
    let mut c = Vec::with_capacity(n);
    for i in 0..n {
        let x: u16 = r.gen();
        let y: u16 = if i % 2 == 0 {
            r.gen()
        } else {
            (x & 0x8000 ^ if r.gen() { 0x8000 } else { 0 })
                | (x & 0x7fff)
                    .wrapping_add(r.gen_range(0..64))
                    .wrapping_sub(32)
                    & 0x7fff
        };
        a.push(x);
        b.push(y);
        c.push(r.gen());
    }
    (a, b, c)
}

/// The first 64 cases: 1.5 times an odd-ending significand (`b_odd` and its neighbours two
/// apart), a product exactly halfway between two representable values, plus the smallest
/// subnormal of either sign, so that only an fma that rounds once gets them right (one
/// through float rounds the tiny addend away, then ties to even).
fn midpoint_fma_cases(a: &mut [u16], b: &mut [u16], c: &mut [u16], one_and_half: u16, b_odd: u16) {
    for i in 0..64 {
        a[i] = one_and_half | if i % 4 >= 2 { 0x8000 } else { 0 };
        b[i] = b_odd + 2 * (i as u16 / 4 % 8);
        c[i] = if i % 2 == 0 { 0x0001 } else { 0x8001 };
    }
}

#[test]
fn half_arithmetic_and_comparisons_match_the_reference() {
    let mut r = StdRng::seed_from_u64(0x1602);
    let (mut a, mut b, mut c) = operands(&mut r, N);
    midpoint_fma_cases(&mut a, &mut b, &mut c, 0x3e00, 0x3c01);
    let m = compile(ARITH);
    let (da, db, dc) = (upload(&a), upload(&b), upload(&c));
    let o = poisoned::<u16>(14 * N);
    launch(&m, "arith", N, &[&da, &db, &dc, &o, &(N as i32)]);
    let o = download(&o);
    let mut bad = Vec::new();
    for i in 0..N {
        let (x, y, z) = (a[i], b[i], c[i]);
        let sum = add_ref(x, y, F16);
        let diff = add_ref(x, y ^ 0x8000, F16);
        let prod = mul_ref(x, y, F16);
        let quot = div_ref(x, y, F16);
        let want: [u16; 14] = [
            sum,
            diff,
            prod,
            quot,
            fma_ref(x, y, z, F16),
            x ^ 0x8000,
            x & 0x7fff,
            sum,
            diff,
            prod,
            quot,
            x ^ 0x8000,
            mul_ref(sum, z, F16),
            cmp_flags(f16_to_f64(x), f16_to_f64(y)),
        ];
        let names = [
            "__hadd",
            "__hsub",
            "__hmul",
            "__hdiv",
            "__hfma",
            "__hneg",
            "__habs",
            "+",
            "-",
            "*",
            "/",
            "unary -",
            "(a+=b)*=c",
            "compare flags",
        ];
        for k in 0..14 {
            let got = o[14 * i + k];
            // Sign flips and comparisons are exact on the bits, NaNs included.
            let exact = matches!(k, 5 | 6 | 11 | 13);
            let ok = if exact {
                got == want[k]
            } else {
                same(got, want[k], F16)
            };
            if !ok {
                bad.push(format!(
                    "{}(a={x:#06x}, b={y:#06x}, c={z:#06x}) = {got:#06x}, want {:#06x}",
                    names[k], want[k]
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

const HALF2: &str = r#"
#include <hip/hip_fp16.h>
extern "C" __global__ void pairs(const __half2 *a, const __half2 *b, const __half2 *c,
                                 const float *f, __half2 *o, float *of, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = a[i], y = b[i], z = c[i];
  __half2 *r = o + 8 * i;
  r[0] = __hadd2(x, y);
  r[1] = __hsub2(x, y);
  r[2] = __hmul2(x, y);
  r[3] = __hfma2(x, y, z);
  r[4] = x * y + z;
  r[5] = __floats2half2_rn(f[2 * i], f[2 * i + 1]);
  r[6] = __halves2half2(__low2half(x), __high2half(y));
  r[7] = make_half2(__high2half(x), __low2half(y));
  float2 w = __half22float2(x);
  of[2 * i] = w.x;
  of[2 * i + 1] = w.y;
}
"#;

#[test]
fn half2_lanes_match_the_reference() {
    let mut r = StdRng::seed_from_u64(0x1603);
    let (mut a, mut b, mut c) = operands(&mut r, 2 * N);
    midpoint_fma_cases(&mut a, &mut b, &mut c, 0x3e00, 0x3c01);
    let f = floats_for_half(&mut r, 2 * N);
    let m = compile(HALF2);
    let (da, db, dc, df) = (upload(&a), upload(&b), upload(&c), upload(&f));
    let o = poisoned::<u16>(16 * N);
    let of = poisoned::<f32>(2 * N);
    launch(&m, "pairs", N, &[&da, &db, &dc, &df, &o, &of, &(N as i32)]);
    let (o, of) = (download(&o), download(&of));
    let mut bad = Vec::new();
    for i in 0..N {
        for lane in 0..2 {
            let j = 2 * i + lane;
            let (x, y, z) = (a[j], b[j], c[j]);
            let prod = mul_ref(x, y, F16);
            let want = [
                add_ref(x, y, F16),
                add_ref(x, y ^ 0x8000, F16),
                prod,
                fma_ref(x, y, z, F16),
                // Operators: the product rounded, then the sum (or, with contraction, fused).
                add_ref(prod, z, F16),
                f32_to(f[j], F16, Mode::Nearest),
                if lane == 0 { a[2 * i] } else { b[2 * i + 1] },
                if lane == 0 { a[2 * i + 1] } else { b[2 * i] },
            ];
            for (k, w) in want.iter().enumerate() {
                let got = o[16 * i + 2 * k + lane];
                let ok = same(got, *w, F16) || (k == 4 && same(got, fma_ref(x, y, z, F16), F16));
                if !ok {
                    bad.push(format!(
                        "slot {k} lane {lane} (a={x:#06x}, b={y:#06x}, c={z:#06x}, f={:e}) = \
                         {got:#06x}, want {w:#06x}",
                        f[j]
                    ));
                }
            }
            let hv = f16_to_f64(x);
            if !(of[j].to_bits() == (hv as f32).to_bits() || (hv.is_nan() && of[j].is_nan())) {
                bad.push(format!(
                    "__half22float2 lane {lane} of {x:#06x} = {}",
                    of[j]
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

const MATH: &str = r#"
#include <hip/hip_fp16.h>
extern "C" __global__ void math(const unsigned short *ab, unsigned short *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = __ushort_as_half(ab[i]);
  unsigned short *r = o + 10 * i;
  r[0] = __half_as_ushort(hsqrt(a));
  r[1] = __half_as_ushort(hfloor(a));
  r[2] = __half_as_ushort(hceil(a));
  r[3] = __half_as_ushort(htrunc(a));
  r[4] = __half_as_ushort(hexp(a));
  r[5] = __half_as_ushort(hlog(a));
  r[6] = __half_as_ushort(hsin(a));
  r[7] = __half_as_ushort(hcos(a));
  r[8] = __half_as_ushort(hrsqrt(a));
  r[9] = __half_as_ushort(__low2half(h2sqrt(__half2half2(a))));
}
"#;

#[test]
fn half_math_matches_the_reference() {
    let mut r = StdRng::seed_from_u64(0x1604);
    let a: Vec<u16> = (0..N)
        .map(|i| {
            if i % 2 == 0 {
                r.gen()
            } else {
                // Moderate magnitudes, where exp and sin are not just overflow or noise.
                r.gen_range(0x2000u16..0x4c00) | if r.gen() { 0x8000 } else { 0 }
            }
        })
        .collect();
    let m = compile(MATH);
    let da = upload(&a);
    let o = poisoned::<u16>(10 * N);
    launch(&m, "math", N, &[&da, &o, &(N as i32)]);
    let o = download(&o);
    let mut bad = Vec::new();
    for i in 0..N {
        let x = f16_to_f64(a[i]);
        // (reference, ulps allowed): correctly rounded ones exactly, the float-library ones
        // within one ulp of the correctly rounded value.
        let want: [(f64, i32); 10] = [
            (x.sqrt(), 0),
            (x.floor(), 0),
            (x.ceil(), 0),
            (x.trunc(), 0),
            (x.exp(), 1),
            (x.ln(), 1),
            (x.sin(), 1),
            (x.cos(), 1),
            (1.0 / x.sqrt(), 1),
            (x.sqrt(), 0),
        ];
        let names = [
            "hsqrt", "hfloor", "hceil", "htrunc", "hexp", "hlog", "hsin", "hcos", "hrsqrt",
            "h2sqrt",
        ];
        for (k, &(v, tol)) in want.iter().enumerate() {
            let got = o[10 * i + k];
            let w = round_f64(v, F16);
            let ok = if is_nan(w, F16) || is_nan(got, F16) {
                is_nan(w, F16) && is_nan(got, F16)
            } else {
                ulps(got, w) <= tol && (tol > 0 || got == w)
            };
            if !ok {
                bad.push(format!(
                    "{}({:#06x} = {x:e}) = {got:#06x}, want {w:#06x} (±{tol})",
                    names[k], a[i]
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

const BF16_KERNEL: &str = r#"
#include <hip/hip_bf16.h>
extern "C" __global__ void bf16(const float *f, const unsigned short *ab,
                                const unsigned short *bb, const unsigned short *cb,
                                unsigned short *o, float *of, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __hip_bfloat16 a = __ushort_as_bfloat16(ab[i]), b = __ushort_as_bfloat16(bb[i]);
  __hip_bfloat16 c = __ushort_as_bfloat16(cb[i]);
  unsigned short *r = o + 14 * i;
  r[0] = __bfloat16_as_ushort(__float2bfloat16(f[i]));
  __hip_bfloat16 implicit = f[i];
  r[1] = implicit.data;
  r[2] = __bfloat16_as_ushort(__hadd(a, b));
  r[3] = __bfloat16_as_ushort(__hsub(a, b));
  r[4] = __bfloat16_as_ushort(__hmul(a, b));
  r[5] = __bfloat16_as_ushort(__hdiv(a, b));
  r[6] = __bfloat16_as_ushort(__hfma(a, b, c));
  r[7] = __bfloat16_as_ushort(__hneg(a));
  r[8] = __bfloat16_as_ushort(__habs(a));
  r[9] = __bfloat16_as_ushort(a + b);
  r[10] = __bfloat16_as_ushort(a * b);
  r[11] = __bfloat16_as_ushort(a / b - c);
  __hip_bfloat162 p = __floats2bfloat162_rn(f[i], __bfloat162float(a));
  r[12] = __bfloat16_as_ushort(__high2bfloat16(__hmul2(p, __halves2bfloat162(b, b))));
  r[13] = (unsigned short)(__heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 |
                           __hle(a, b) << 3 | __hgt(a, b) << 4 | __hge(a, b) << 5 |
                           __hisnan(a) << 6 | (__hisinf(a) != 0) << 7 | (a == b) << 8 |
                           (a != b) << 9 | (a < b) << 10 | (a <= b) << 11 | (a > b) << 12 |
                           (a >= b) << 13 |
                           (__hisinf(a) == 1 && (__bfloat16_as_ushort(a) & 0x8000u)) << 14);
  of[i] = __bfloat162float(a);
}
"#;

#[test]
fn bfloat16_matches_the_reference() {
    let mut r = StdRng::seed_from_u64(0x1605);
    let (a, b, mut c) = operands(&mut r, N);
    // Some fma cases with the product on a midpoint and a tiny addend.
    let (mut a, mut b) = (a, b);
    midpoint_fma_cases(&mut a, &mut b, &mut c, 0x3fc0, 0x3f81);
    let f: Vec<f32> = (0..N)
        .map(|i| match i % 3 {
            0 => f32::from_bits(r.gen()),
            1 => r.gen_range(-1e6f32..1e6),
            // A bfloat16 midpoint.
            _ => f32::from_bits((r.gen::<u32>() & 0xffff_0000) | 0x8000),
        })
        .collect();
    let m = compile(BF16_KERNEL);
    let (df, da, db, dc) = (upload(&f), upload(&a), upload(&b), upload(&c));
    let o = poisoned::<u16>(14 * N);
    let of = poisoned::<f32>(N);
    launch(&m, "bf16", N, &[&df, &da, &db, &dc, &o, &of, &(N as i32)]);
    let (o, of) = (download(&o), download(&of));
    let mut bad = Vec::new();
    for i in 0..N {
        let (x, y, z) = (a[i], b[i], c[i]);
        let conv = f32_to(f[i], BF16, Mode::Nearest);
        let quot = div_ref(x, y, BF16);
        let pa = f32_to(bf16_to_f64(x) as f32, BF16, Mode::Nearest);
        let want: [u16; 14] = [
            conv,
            conv,
            add_ref(x, y, BF16),
            add_ref(x, y ^ 0x8000, BF16),
            mul_ref(x, y, BF16),
            quot,
            fma_ref(x, y, z, BF16),
            x ^ 0x8000,
            x & 0x7fff,
            add_ref(x, y, BF16),
            mul_ref(x, y, BF16),
            add_ref(quot, z ^ 0x8000, BF16),
            mul_ref(pa, y, BF16),
            cmp_flags(bf16_to_f64(x), bf16_to_f64(y)),
        ];
        for (k, w) in want.iter().enumerate() {
            let got = o[14 * i + k];
            let exact = matches!(k, 7 | 8 | 13);
            let ok = if exact {
                got == *w
            } else {
                same(got, *w, BF16)
            };
            if !ok {
                bad.push(format!(
                    "slot {k} (f={:#010x}, a={x:#06x}, b={y:#06x}, c={z:#06x}) = {got:#06x}, \
                     want {w:#06x}",
                    f[i].to_bits()
                ));
            }
        }
        let v = bf16_to_f64(x);
        if !(of[i].to_bits() == (v as f32).to_bits() || (v.is_nan() && of[i].is_nan())) {
            bad.push(format!("__bfloat162float({x:#06x}) = {}", of[i]));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

const LAYOUT: &str = r#"
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half");
static_assert(sizeof(half) == 2 && alignof(half) == 2, "half");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2");
static_assert(sizeof(half2) == 4 && alignof(half2) == 4, "half2");
static_assert(sizeof(__half_raw) == 2 && sizeof(__half2_raw) == 4, "raw");
static_assert(__builtin_offsetof(__half2, y) == 2, "__half2 lanes");
static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2, "bf16");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4, "bf162");
static_assert(__is_trivially_copyable(__half) && __is_trivially_copyable(__half2) &&
              __is_trivially_copyable(__hip_bfloat16), "kernel arguments copy as bytes");
extern "C" __global__ void by_value(__half h, __half2 v, __hip_bfloat16 b, unsigned short *o) {
  o[0] = __half_as_ushort(h);
  o[1] = __half_as_ushort(v.x);
  o[2] = __half_as_ushort(v.y);
  o[3] = b.data;
  __half_raw raw = h;
  o[4] = raw.x;
  __half2_raw raw2 = v;
  o[5] = raw2.y;
  o[6] = __half_as_ushort(HIPRT_INF_FP16) ^ __half_as_ushort(HIPRT_MAX_NORMAL_FP16);
  o[7] = __half_as_ushort(HIPRT_ONE_FP16 + HIPRT_MIN_DENORM_FP16 * HIPRT_ZERO_FP16);
  o[8] = __half_as_ushort(HIPRT_NEG_ZERO_FP16) | __hisnan(HIPRT_NAN_FP16);
}
"#;

#[test]
fn layouts_are_hips_and_values_pass_by_value() {
    let m = compile(LAYOUT);
    let o = poisoned::<u16>(9);
    // The kernel takes the halves by value: their bytes are the kernarg bytes.
    let h = 0x3c01u16;
    let v = 0xc0004400u32; // x = 4.0 (0x4400), y = -2.0 (0xc000)
    let b = 0x3f80u16;
    launch(&m, "by_value", 1, &[&h, &v, &b, &o]);
    assert_eq!(
        download(&o),
        vec![0x3c01, 0x4400, 0xc000, 0x3f80, 0x3c01, 0xc000, 0x07ff, 0x3c00, 0x8001]
    );
}

#[test]
fn a_wrong_layout_assertion_fails_the_compile() {
    // The static_asserts above mean something: a false one stops the compile.
    let src = "#include <hip/hip_fp16.h>\nstatic_assert(sizeof(__half2) == 2, \"no\");\n\
               extern \"C\" __global__ void k(int *o) { o[0] = 1; }\n";
    assert!(Module::from_source(src, &["-O3"]).is_err());
}

// ---------------------------------------------------------------------------------------------
// Host side: hipcc's host pass and plain C++.

fn include_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include")
}

/// A host program: reads lines "f a b c" (f a float's bits, a b c 16-bit patterns, hex) and
/// writes the half and bfloat16 results the device kernels compute, one line per input.
const HOST_PROGRAM: &str = r#"
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <cstdio>
#include <cstring>
int main() {
  unsigned int fb, a, b, c;
  while (std::scanf("%x %x %x %x", &fb, &a, &b, &c) == 4) {
    float f;
    std::memcpy(&f, &fb, 4);
    __half x = __ushort_as_half(a), y = __ushort_as_half(b), z = __ushort_as_half(c);
    __hip_bfloat16 p = __ushort_as_bfloat16(a), q = __ushort_as_bfloat16(b),
                   r = __ushort_as_bfloat16(c);
    std::printf("%04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x %04x\n",
                __half_as_ushort(__float2half(f)), __half_as_ushort(__float2half_rz(f)),
                __half_as_ushort(__float2half_ru(f)), __half_as_ushort(x + y),
                __half_as_ushort(__hmul(x, y)), __half_as_ushort(__hfma(x, y, z)),
                __half_as_ushort(x / y), __bfloat16_as_ushort(__float2bfloat16(f)),
                __bfloat16_as_ushort(p + q), __bfloat16_as_ushort(__hmul(p, q)),
                __bfloat16_as_ushort(__hfma(p, q, r)), (unsigned)((x < y) | (p < q) << 1));
  }
  return 0;
}
"#;

fn host_inputs() -> (String, Vec<[u32; 4]>) {
    let mut r = StdRng::seed_from_u64(0x1606);
    let f = floats_for_half(&mut r, 2000);
    let (mut a, mut b, mut c) = operands(&mut r, 2000);
    midpoint_fma_cases(&mut a, &mut b, &mut c, 0x3e00, 0x3c01);
    midpoint_fma_cases(&mut a[64..], &mut b[64..], &mut c[64..], 0x3fc0, 0x3f81);
    let rows: Vec<[u32; 4]> = (0..2000)
        .map(|i| [f[i].to_bits(), a[i] as u32, b[i] as u32, c[i] as u32])
        .collect();
    let text = rows
        .iter()
        .map(|r| format!("{:x} {:x} {:x} {:x}\n", r[0], r[1], r[2], r[3]))
        .collect();
    (text, rows)
}

fn check_host_output(compiler: &str, out: &str, rows: &[[u32; 4]]) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), rows.len(), "{compiler}: one line per input");
    let mut bad = Vec::new();
    for (line, row) in lines.iter().zip(rows) {
        let got: Vec<u16> = line
            .split_whitespace()
            .map(|w| u16::from_str_radix(w, 16).expect("hex"))
            .collect();
        let f = f32::from_bits(row[0]);
        let (x, y, z) = (row[1] as u16, row[2] as u16, row[3] as u16);
        let lt = (f16_to_f64(x) < f16_to_f64(y)) as u16
            | ((bf16_to_f64(x) < bf16_to_f64(y)) as u16) << 1;
        let want = [
            (f32_to(f, F16, Mode::Nearest), F16),
            (f32_to(f, F16, Mode::TowardZero), F16),
            (f32_to(f, F16, Mode::Up), F16),
            (add_ref(x, y, F16), F16),
            (mul_ref(x, y, F16), F16),
            (fma_ref(x, y, z, F16), F16),
            (div_ref(x, y, F16), F16),
            (f32_to(f, BF16, Mode::Nearest), BF16),
            (add_ref(x, y, BF16), BF16),
            (mul_ref(x, y, BF16), BF16),
            (fma_ref(x, y, z, BF16), BF16),
        ];
        for (k, (w, fmt)) in want.iter().enumerate() {
            if !same(got[k], *w, *fmt) {
                bad.push(format!(
                    "{compiler} slot {k} for {row:x?}: {:#06x}, want {w:#06x}",
                    got[k]
                ));
            }
        }
        if got[11] != lt {
            bad.push(format!(
                "{compiler} comparisons for {row:x?}: {}, want {lt}",
                got[11]
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches, first: {:#?}",
        bad.len(),
        &bad[..bad.len().min(12)]
    );
}

/// Builds HOST_PROGRAM with `cmd` + args (source on stdin), runs it on the inputs and
/// returns its output.
fn build_and_run(compiler: &str, args: &[&str], input: &str) -> String {
    let dir = std::env::temp_dir().join(format!("ferrocm-fp16-{}-{compiler}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let exe = dir.join("prog");
    let mut child = Command::new(compiler)
        .args(args)
        .arg(format!("-I{}", include_dir().display()))
        .args(["-Wall", "-Wextra", "-Werror", "-O2", "-o"])
        .arg(&exe)
        .arg("-")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{compiler} must be installed: {e}"));
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(HOST_PROGRAM.as_bytes())
        .expect("write source");
    let out = child.wait_with_output().expect("compiler runs");
    assert!(
        out.status.success(),
        "{compiler} {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut run = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the host program");
    run.stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("write input");
    let out = run.wait_with_output().expect("host program runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{compiler}: host program failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn plain_cxx_hosts_compute_the_same_results() {
    let (input, rows) = host_inputs();
    for (compiler, args) in [
        ("clang++-19", &["-x", "c++", "-std=c++17"][..]),
        ("g++", &["-x", "c++", "-std=c++17"][..]),
    ] {
        let out = build_and_run(compiler, args, &input);
        check_host_output(compiler, &out, &rows);
    }
}

#[test]
fn hipcc_host_pass_compiles_both_headers() {
    // The host half of a HIP compile: clang in HIP mode with only host code generated; the
    // kernel makes the __global__ and __device__ parts parse there too.
    let src = format!(
        "{HOST_PROGRAM}\n__global__ void k(__half *h, __hip_bfloat16 *b) {{ h[0] = h[1] * h[2]; \
         b[0] = b[1] + b[2]; }}\n"
    );
    let dir = std::env::temp_dir().join(format!("ferrocm-fp16-hip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("host.hip");
    std::fs::write(&file, src).expect("write source");
    let out = Command::new("clang-19")
        .args([
            "-x",
            "hip",
            "--cuda-host-only",
            "-nogpuinc",
            "-nogpulib",
            "-fsyntax-only",
        ])
        .arg(format!("-I{}", include_dir().display()))
        .args([
            "-include",
            "hip/hip_runtime.h",
            "-Wall",
            "-Wextra",
            "-Werror",
        ])
        .arg(&file)
        .output()
        .expect("clang-19 runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "host pass failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
