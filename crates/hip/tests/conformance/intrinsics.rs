//! Integer, bit-manipulation, conversion and rounding intrinsics (kernels/intrinsics.hip),
//! compared bit for bit with host computations on seeded random inputs mixed with edge cases.
//! Conversions to integers saturate and give 0 for NaN (AMD's v_cvt behaviour, Rust's `as`).

use crate::common::*;
use rand::rngs::StdRng;
use rand::Rng;

kernel_module!(module, "intrinsics.hip");

const N: usize = 3000;

fn shapes() -> Vec<Shape> {
    vec![
        ((blocks_for(N, 256), 1, 1), (256, 1, 1)),
        ((blocks_for(N, 7) + 2, 1, 1), (7, 1, 1)),
    ]
}

/// 32-bit values: edge cases first, then single bits, small values and full-width randoms.
fn words(r: &mut StdRng) -> Vec<u32> {
    let edges = [
        0u32,
        1,
        2,
        3,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0x00ff_ffff,
        0x0080_0000,
    ];
    (0..N)
        .map(|i| match i {
            _ if i < edges.len() => edges[i],
            _ if i < 64 => 1u32 << (i - edges.len()).min(31),
            _ => match r.gen_range(0..4) {
                0 => r.gen_range(0..256),
                1 => r.gen::<u32>() >> r.gen_range(0..32),
                _ => r.gen(),
            },
        })
        .collect()
}

fn dwords(r: &mut StdRng) -> Vec<u64> {
    let edges = [
        0u64,
        1,
        u64::MAX,
        1 << 63,
        (1 << 63) - 1,
        0xffff_ffff,
        1 << 32,
    ];
    (0..N)
        .map(|i| match i {
            _ if i < edges.len() => edges[i],
            _ if i < 71 => 1u64 << (i - edges.len()).min(63),
            _ => match r.gen_range(0..3) {
                0 => r.gen::<u64>() >> r.gen_range(0..64),
                _ => r.gen(),
            },
        })
        .collect()
}

/// Runs `kernel` with `args` (output first) on each shape and compares with `want`.
fn run_check<T: Copy + PartialEq + std::fmt::Debug>(
    kernel: &str,
    want: &[T],
    args: &[&dyn hip::KernelArg],
    seed: u64,
) {
    let f = function(module(), kernel);
    for shape in shapes() {
        let out = poisoned::<T>(want.len());
        let mut all: Vec<&dyn hip::KernelArg> = vec![&out];
        all.extend_from_slice(args);
        let n = N as i32;
        all.push(&n);
        let what = format!("{kernel} seed={seed} {shape:?}");
        launch(&f, shape, 0, &all, &what);
        check_eq(&download(&out), want, &what);
    }
}

fn ffs32(v: u32) -> i32 {
    if v == 0 {
        0
    } else {
        v.trailing_zeros() as i32 + 1
    }
}

fn ffs64(v: u64) -> i32 {
    if v == 0 {
        0
    } else {
        v.trailing_zeros() as i32 + 1
    }
}

#[test]
fn bit_counts_32_and_64() {
    let _device = shared_device();
    let seed = 9100;
    let mut r = rng(seed);
    let a = words(&mut r);
    let b = dwords(&mut r);
    let want32: Vec<i32> = a
        .iter()
        .flat_map(|&v| {
            [
                v.count_ones() as i32,
                v.leading_zeros() as i32,
                ffs32(v),
                ffs32(v),
            ]
        })
        .collect();
    let want64: Vec<i32> = b
        .iter()
        .flat_map(|&v| {
            [
                v.count_ones() as i32,
                v.leading_zeros() as i32,
                ffs64(v),
                ffs64(v),
            ]
        })
        .collect();
    run_check("bits32", &want32, &[&upload(&a)], seed);
    run_check("bits64", &want64, &[&upload(&b)], seed);
}

#[test]
fn bit_reverse() {
    let _device = shared_device();
    let seed = 9101;
    let mut r = rng(seed);
    let a = dwords(&mut r);
    let want: Vec<u64> = a
        .iter()
        .flat_map(|&v| [v.reverse_bits(), u64::from((v as u32).reverse_bits())])
        .collect();
    run_check("brev", &want, &[&upload(&a)], seed);
}

fn byte_perm(x: u32, y: u32, s: u32) -> u32 {
    let v = (u64::from(y) << 32) | u64::from(x);
    (0..4).fold(0u32, |acc, i| {
        let sel = (s >> (4 * i)) & 7;
        acc | ((((v >> (8 * sel)) & 0xff) as u32) << (8 * i))
    })
}

#[test]
fn byte_permute() {
    let _device = shared_device();
    let seed = 9102;
    let mut r = rng(seed);
    let (a, b) = (words(&mut r), words(&mut r));
    // Selectors: random, plus the common identity/swap/broadcast patterns.
    let s: Vec<u32> = (0..N)
        .map(|i| match i {
            0 => 0x3210,
            1 => 0x0123,
            2 => 0x7654,
            3 => 0x4444,
            4 => 0xffff_ffff,
            _ => r.gen(),
        })
        .collect();
    let want: Vec<u32> = (0..N).map(|i| byte_perm(a[i], b[i], s[i])).collect();
    run_check(
        "byte_perm",
        &want,
        &[&upload(&a), &upload(&b), &upload(&s)],
        seed,
    );
}

#[test]
fn funnel_shifts() {
    let _device = shared_device();
    let seed = 9103;
    let mut r = rng(seed);
    let (lo, hi) = (words(&mut r), words(&mut r));
    let s: Vec<u32> = (0..N)
        .map(|i| if i < 70 { i as u32 } else { r.gen() })
        .collect();
    let mut want = Vec::with_capacity(4 * N);
    for i in 0..N {
        let v = (u64::from(hi[i]) << 32) | u64::from(lo[i]);
        let m = s[i] & 31;
        let c = s[i].min(32);
        want.extend([
            ((v << m) >> 32) as u32,
            ((v << c) >> 32) as u32,
            (v >> m) as u32,
            (v >> c) as u32,
        ]);
    }
    run_check(
        "funnelshift",
        &want,
        &[&upload(&lo), &upload(&hi), &upload(&s)],
        seed,
    );
}

fn sext24(v: u32) -> i64 {
    i64::from(((v << 8) as i32) >> 8)
}

#[test]
fn multiplies_24_bit_and_high_halves() {
    let _device = shared_device();
    let seed = 9104;
    let mut r = rng(seed);
    let (a, b) = (words(&mut r), words(&mut r));
    let mut want = Vec::with_capacity(4 * N);
    for i in 0..N {
        let (x, y) = (a[i], b[i]);
        want.extend([
            (sext24(x) * sext24(y)) as u32,
            (x & 0xff_ffff).wrapping_mul(y & 0xff_ffff),
            ((i64::from(x as i32) * i64::from(y as i32)) >> 32) as u32,
            ((u64::from(x) * u64::from(y)) >> 32) as u32,
        ]);
    }
    run_check("mul32", &want, &[&upload(&a), &upload(&b)], seed);
    let (c, d) = (dwords(&mut r), dwords(&mut r));
    let want64: Vec<u64> = (0..N)
        .flat_map(|i| {
            [
                ((i128::from(c[i] as i64) * i128::from(d[i] as i64)) >> 64) as u64,
                ((u128::from(c[i]) * u128::from(d[i])) >> 64) as u64,
            ]
        })
        .collect();
    run_check("mul64hi", &want64, &[&upload(&c), &upload(&d)], seed);
}

#[test]
fn absolute_differences_and_averages() {
    let _device = shared_device();
    let seed = 9105;
    let mut r = rng(seed);
    let (a, b, c) = (words(&mut r), words(&mut r), words(&mut r));
    let mut want = Vec::with_capacity(6 * N);
    for i in 0..N {
        let (x, y, z) = (a[i], b[i], c[i]);
        let (xi, yi) = (i64::from(x as i32), i64::from(y as i32));
        want.extend([
            ((xi - yi).unsigned_abs() as u32).wrapping_add(z),
            x.abs_diff(y).wrapping_add(z),
            ((xi + yi) >> 1) as u32,
            ((xi + yi + 1) >> 1) as u32,
            ((u64::from(x) + u64::from(y)) >> 1) as u32,
            ((u64::from(x) + u64::from(y) + 1) >> 1) as u32,
        ]);
    }
    run_check(
        "sad_hadd",
        &want,
        &[&upload(&a), &upload(&b), &upload(&c)],
        seed,
    );
}

#[test]
fn lowest_set_bit() {
    let _device = shared_device();
    let seed = 9106;
    let mut r = rng(seed);
    let a = dwords(&mut r);
    let lb = |v: u64| if v == 0 { u32::MAX } else { v.trailing_zeros() };
    let want: Vec<u32> = a
        .iter()
        .flat_map(|&v| [lb(v), lb(u64::from(v as u32))])
        .collect();
    run_check("lastbit", &want, &[&upload(&a)], seed);
}

#[test]
fn bit_field_extract_and_insert() {
    let _device = shared_device();
    let seed = 9107;
    let mut r = rng(seed);
    let (a, b) = (dwords(&mut r), dwords(&mut r));
    let off: Vec<u32> = (0..N).map(|_| r.gen_range(0..80)).collect();
    let w: Vec<u32> = (0..N).map(|_| r.gen_range(0..80)).collect();
    let mut ext = Vec::with_capacity(2 * N);
    let mut ins = Vec::with_capacity(2 * N);
    // ROCm's extract: the field shifted to the top and back, shift counts modulo the word size
    // (AMD's shifts), so a field reaching past the top bit is not just the bits above the offset.
    let bfe64 = |x: u64, o: u32, w: u32| match w {
        0 => 0,
        _ => (x << (64u32.wrapping_sub(o).wrapping_sub(w) & 63)) >> (64 - w),
    };
    let bfe32 = |x: u32, o: u32, w: u32| match w {
        0 => 0,
        _ => (x << (32u32.wrapping_sub(o).wrapping_sub(w) & 31)) >> (32 - w),
    };
    for i in 0..N {
        let (o64, w64) = (off[i] & 63, w[i] & 63);
        let (o32, w32) = (off[i] & 31, w[i] & 31);
        let m64 = (1u64 << w64) - 1;
        let m32 = (1u32 << w32) - 1;
        let (x32, y32) = (a[i] as u32, b[i] as u32);
        ext.push(bfe64(a[i], o64, w64));
        ext.push(u64::from(bfe32(x32, o32, w32)));
        ins.push((a[i] & !(m64 << o64)) | ((b[i] & m64) << o64));
        ins.push(u64::from((x32 & !(m32 << o32)) | ((y32 & m32) << o32)));
    }
    let (da, dofs, dw) = (upload(&a), upload(&off), upload(&w));
    run_check("bitextract", &ext, &[&da, &dofs, &dw], seed);
    run_check("bitinsert", &ins, &[&da, &upload(&b), &dofs, &dw], seed);
}

/// The offset-th set bit from base, upward (offset > 0) or downward (< 0); offset 0 tests bit base.
fn fns(mask: u64, bits: u32, base: u32, offset: i32) -> i32 {
    let b = (base & (bits - 1)) as i32;
    if offset == 0 {
        return if (mask >> b) & 1 == 1 { b } else { -1 };
    }
    let mut want = offset.unsigned_abs();
    let step = if offset > 0 { 1 } else { -1 };
    let mut i = b;
    while (0..bits as i32).contains(&i) {
        if (mask >> i) & 1 == 1 {
            want -= 1;
            if want == 0 {
                return i;
            }
        }
        i += step;
    }
    -1
}

#[test]
fn find_nth_set_bit() {
    let _device = shared_device();
    let seed = 9108;
    let mut r = rng(seed);
    let mask = dwords(&mut r);
    let base: Vec<u32> = (0..N).map(|_| r.gen_range(0..70)).collect();
    let offset: Vec<i32> = (0..N).map(|_| r.gen_range(-40..=40)).collect();
    let want: Vec<i32> = (0..N)
        .flat_map(|i| {
            [
                fns(mask[i], 64, base[i], offset[i]),
                fns(mask[i] & 0xffff_ffff, 32, base[i], offset[i]),
            ]
        })
        .collect();
    run_check(
        "fns",
        &want,
        &[&upload(&mask), &upload(&base), &upload(&offset)],
        seed,
    );
}

/// Floats for the conversions: halves and integers around zero, values near the integer types'
/// limits, huge values, infinities and NaN, and random magnitudes.
fn convertible_f64(r: &mut StdRng) -> Vec<f64> {
    let edges = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        0.49999999999999994,
        -0.9999,
        2147483647.0,
        2147483647.5,
        2147483648.0,
        -2147483648.0,
        -2147483648.5,
        -2147483649.0,
        4294967295.0,
        4294967295.5,
        4294967296.0,
        2f64.powi(63) - 1024.0,
        9.223372036854775e18,
        -(2f64.powi(63)),
        -9.223372036854778e18,
        2f64.powi(64) - 2048.0,
        1.8446744073709552e19,
        1e300,
        -1e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        5e-324,
        -5e-324,
    ];
    (0..N)
        .map(|i| {
            if i < edges.len() {
                return edges[i];
            }
            match r.gen_range(0..4) {
                0 => (r.gen_range(-1e4..1e4f64) * 2.0).round() / 2.0,
                1 => r.gen_range(-3e9..5e9),
                2 => r.gen_range(-1e19..2e19),
                _ => {
                    let m = 2f64.powf(r.gen_range(-30.0..70.0));
                    if r.gen_bool(0.5) {
                        -m
                    } else {
                        m
                    }
                }
            }
        })
        .collect()
}

#[test]
fn floats_to_integers_in_every_mode() {
    let _device = shared_device();
    let seed = 9110;
    let mut r = rng(seed);
    let d = convertible_f64(&mut r);
    let f: Vec<f32> = d.iter().map(|&v| v as f32).collect();
    let modes = |v: f64| [v.round_ties_even(), v.trunc(), v.ceil(), v.floor()];
    let (df, dd) = (upload(&f), upload(&d));
    macro_rules! case {
        ($kernel:literal, $src:expr, $t:ty, $buf:expr) => {{
            let want: Vec<$t> = $src
                .iter()
                .flat_map(|&v| modes(f64::from(v)).map(|m| m as $t))
                .collect();
            run_check($kernel, &want, &[$buf], seed);
        }};
    }
    case!("float2int", f, i32, &df);
    case!("float2uint", f, u32, &df);
    case!("float2ll", f, i64, &df);
    case!("float2ull", f, u64, &df);
    case!("double2int", d, i32, &dd);
    case!("double2uint", d, u32, &dd);
    case!("double2ll", d, i64, &dd);
    case!("double2ull", d, u64, &dd);
}

/// The next float up (+inf stays) and down, by bits.
fn f32_up(v: f32) -> f32 {
    if v.is_nan() || v == f32::INFINITY {
        return v;
    }
    if v == 0.0 {
        return f32::from_bits(1);
    }
    let b = v.to_bits();
    f32::from_bits(if v > 0.0 { b + 1 } else { b - 1 })
}

fn f32_down(v: f32) -> f32 {
    -f32_up(-v)
}

fn f64_up(v: f64) -> f64 {
    if v.is_nan() || v == f64::INFINITY {
        return v;
    }
    if v == 0.0 {
        return f64::from_bits(1);
    }
    let b = v.to_bits();
    f64::from_bits(if v > 0.0 { b + 1 } else { b - 1 })
}

fn f64_down(v: f64) -> f64 {
    -f64_up(-v)
}

/// [rn, rz, ru, rd] of an exact value, from its nearest conversion `c` and the sign of exact - c.
fn directed_f32(c: f32, d: std::cmp::Ordering) -> [f32; 4] {
    use std::cmp::Ordering::*;
    let ru = if d == Greater { f32_up(c) } else { c };
    let rd = if d == Less { f32_down(c) } else { c };
    let rz = if c > 0.0 {
        rd
    } else if c < 0.0 {
        ru
    } else {
        c
    };
    [c, rz, ru, rd]
}

fn directed_f64(c: f64, d: std::cmp::Ordering) -> [f64; 4] {
    use std::cmp::Ordering::*;
    let ru = if d == Greater { f64_up(c) } else { c };
    let rd = if d == Less { f64_down(c) } else { c };
    let rz = if c > 0.0 {
        rd
    } else if c < 0.0 {
        ru
    } else {
        c
    };
    [c, rz, ru, rd]
}

/// Exact comparison of an integer with a float/double value (which may be 2^63 or 2^64).
fn cmp_int(v: i128, c: f64) -> std::cmp::Ordering {
    v.cmp(&(c as i128))
}

#[test]
fn integers_to_floats_in_every_mode() {
    let _device = shared_device();
    let seed = 9111;
    let mut r = rng(seed);
    let w = words(&mut r);
    let q = dwords(&mut r);
    let i32s: Vec<i32> = w.iter().map(|&v| v as i32).collect();
    let i64s: Vec<i64> = q.iter().map(|&v| v as i64).collect();
    let bits = |v: [f32; 4]| v.map(f32::to_bits);
    let bits64 = |v: [f64; 4]| v.map(f64::to_bits);
    let f_i32: Vec<u32> = i32s
        .iter()
        .flat_map(|&v| {
            let c = v as f32;
            bits(directed_f32(c, cmp_int(i128::from(v), f64::from(c))))
        })
        .collect();
    let f_u32: Vec<u32> = w
        .iter()
        .flat_map(|&v| {
            let c = v as f32;
            bits(directed_f32(c, cmp_int(i128::from(v), f64::from(c))))
        })
        .collect();
    let f_i64: Vec<u32> = i64s
        .iter()
        .flat_map(|&v| {
            let c = v as f32;
            bits(directed_f32(c, cmp_int(i128::from(v), f64::from(c))))
        })
        .collect();
    let f_u64: Vec<u32> = q
        .iter()
        .flat_map(|&v| {
            let c = v as f32;
            bits(directed_f32(c, cmp_int(i128::from(v), f64::from(c))))
        })
        .collect();
    let d_i64: Vec<u64> = i64s
        .iter()
        .flat_map(|&v| {
            let c = v as f64;
            bits64(directed_f64(c, cmp_int(i128::from(v), c)))
        })
        .collect();
    let d_u64: Vec<u64> = q
        .iter()
        .flat_map(|&v| {
            let c = v as f64;
            bits64(directed_f64(c, cmp_int(i128::from(v), c)))
        })
        .collect();
    let (dw, dq) = (upload(&w), upload(&q));
    run_check("int2float", &f_i32, &[&dw], seed);
    run_check("uint2float", &f_u32, &[&dw], seed);
    run_check("ll2float", &f_i64, &[&dq], seed);
    run_check("ull2float", &f_u64, &[&dq], seed);
    run_check("ll2double", &d_i64, &[&dq], seed);
    run_check("ull2double", &d_u64, &[&dq], seed);
    let exact: Vec<u64> = i32s
        .iter()
        .flat_map(|&v| [f64::from(v).to_bits(), f64::from(v as u32).to_bits()])
        .collect();
    run_check("int2double", &exact, &[&dw], seed);
}

#[test]
fn double_to_float_in_every_mode() {
    let _device = shared_device();
    let seed = 9112;
    let mut r = rng(seed);
    let edges = [
        0.0,
        -0.0,
        f64::from(f32::MAX),
        f64::from(f32::MAX) * (1.0 + 1e-9),
        -f64::from(f32::MAX) * 1.5,
        1e39,
        f64::from(f32::MIN_POSITIVE),
        f64::from(f32::from_bits(1)),
        f64::from(f32::from_bits(1)) * 0.5,
        f64::from(f32::from_bits(1)) * 0.25,
        -f64::from(f32::from_bits(1)) * 0.75,
        1e-50,
        1.0 + 2f64.powi(-24),
        1.0 + 2f64.powi(-24) + 2f64.powi(-52),
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    let d: Vec<f64> = (0..N)
        .map(|i| {
            if i < edges.len() {
                return edges[i];
            }
            let m = 2f64.powf(r.gen_range(-155.0..130.0));
            if r.gen_bool(0.5) {
                -m
            } else {
                m
            }
        })
        .collect();
    let want: Vec<u32> = d
        .iter()
        .flat_map(|&v| {
            let c = v as f32;
            let ord = if v.is_nan() {
                std::cmp::Ordering::Equal
            } else if c.is_infinite() && v.is_finite() {
                if c > 0.0 {
                    std::cmp::Ordering::Less
                } else {
                    std::cmp::Ordering::Greater
                }
            } else {
                v.partial_cmp(&f64::from(c))
                    .unwrap_or(std::cmp::Ordering::Equal)
            };
            let mut out = directed_f32(c, ord);
            // Rounding toward zero or away from an infinity never overflows to it.
            if c.is_infinite() && v.is_finite() {
                let max = f32::MAX.copysign(c);
                out = if c > 0.0 {
                    [c, max, c, max]
                } else {
                    [c, max, max, c]
                };
            }
            out.map(|x| {
                if x.is_nan() {
                    f32::NAN.to_bits()
                } else {
                    x.to_bits()
                }
            })
        })
        .collect();
    let f = function(module(), "double2float");
    let dd = upload(&d);
    for shape in shapes() {
        let out = poisoned::<u32>(4 * N);
        let what = format!("double2float seed={seed} {shape:?}");
        launch(&f, shape, 0, &[&out, &dd, &(N as i32)], &what);
        // NaN keeps some NaN bits: compare NaNs as NaNs.
        let got: Vec<u32> = download(&out)
            .into_iter()
            .map(|b| {
                if f32::from_bits(b).is_nan() {
                    f32::NAN.to_bits()
                } else {
                    b
                }
            })
            .collect();
        check_eq(&got, &want, &what);
    }
}

#[test]
fn reinterpretations() {
    let _device = shared_device();
    let seed = 9113;
    let mut r = rng(seed);
    let w = words(&mut r);
    let q = dwords(&mut r);
    let want32: Vec<u32> = w
        .iter()
        .flat_map(|&b| {
            let neg = (-f32::from_bits(b)).to_bits();
            [b, b, b ^ 0x8000_0000, neg]
        })
        .collect();
    let want64: Vec<u64> = q
        .iter()
        .flat_map(|&b| [b, b >> 32, b & 0xffff_ffff, b.rotate_right(32)])
        .collect();
    // -NaN keeps its payload on the CPU (a sign-bit flip), so the comparison is exact.
    run_check("as_float", &want32, &[&upload(&w)], seed);
    run_check("as_double", &want64, &[&upload(&q)], seed);
}

fn round_inputs(r: &mut StdRng, max: f64) -> Vec<f64> {
    let edges = [
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.5,
        0.0,
        -0.0,
        0.49999997,
        -0.49999997,
        8388607.5,
        4503599627370495.5,
        1e15 + 0.5,
    ];
    (0..N)
        .map(|i| {
            if i < edges.len() {
                edges[i]
            } else if r.gen_bool(0.5) {
                (r.gen_range(-max..max) * 2.0).round() / 2.0
            } else {
                r.gen_range(-max..max)
            }
        })
        .collect()
}

#[test]
fn rounding_functions() {
    let _device = shared_device();
    let seed = 9114;
    let mut r = rng(seed);
    let d = round_inputs(&mut r, 1e15);
    let f: Vec<f32> = round_inputs(&mut r, 1e7)
        .iter()
        .map(|&v| v as f32)
        .collect();
    let want32: Vec<i64> = f
        .iter()
        .flat_map(|&x| {
            [
                i64::from(x.round_ties_even().to_bits()),
                i64::from(x.round_ties_even().to_bits()),
                i64::from(x.round().to_bits()),
                i64::from(x.trunc().to_bits()),
                i64::from(x.floor().to_bits()),
                i64::from(x.ceil().to_bits()),
                x.round_ties_even() as i64,
                x.round() as i64,
            ]
        })
        .collect();
    let want64: Vec<i64> = d
        .iter()
        .flat_map(|&x| {
            [
                x.round_ties_even().to_bits() as i64,
                x.round_ties_even().to_bits() as i64,
                x.round().to_bits() as i64,
                x.trunc().to_bits() as i64,
                x.floor().to_bits() as i64,
                x.ceil().to_bits() as i64,
                x.round_ties_even() as i64,
                x.round() as i64,
            ]
        })
        .collect();
    run_check("round_f32", &want32, &[&upload(&f)], seed);
    run_check("round_f64", &want64, &[&upload(&d)], seed);
}

/// floor(log2 |x|) of a finite nonzero double (subnormals included).
fn exponent(x: f64) -> i32 {
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32;
    if e == 0 {
        let m = b & ((1 << 52) - 1);
        (63 - m.leading_zeros() as i32) - 1074
    } else {
        e - 1023
    }
}

fn exponent32(x: f32) -> i32 {
    let b = x.to_bits();
    let e = ((b >> 23) & 0xff) as i32;
    if e == 0 {
        let m = b & ((1 << 23) - 1);
        (31 - m.leading_zeros() as i32) - 149
    } else {
        e - 127
    }
}

/// x * 2^s in two exact steps (each factor a normal power of two), for results in the normal range.
fn scale2(x: f64, s: i32) -> f64 {
    let h = s / 2;
    x * 2f64.powi(h) * 2f64.powi(s - h)
}

#[test]
fn manipulation_and_classification() {
    let _device = shared_device();
    let seed = 9115;
    let mut r = rng(seed);
    let d: Vec<f64> = (0..N)
        .map(|i| match i {
            0 => 0.0,
            1 => -0.0,
            2 => f64::INFINITY,
            3 => f64::NEG_INFINITY,
            4 => f64::NAN,
            5 => 5e-324,
            6 => -2.2250738585072014e-308,
            7 => f64::MAX,
            _ => {
                let m = 2f64.powf(r.gen_range(-1074.0..1024.0));
                if r.gen_bool(0.5) {
                    -m
                } else {
                    m
                }
            }
        })
        .collect();
    let k: Vec<i32> = (0..N).map(|_| r.gen_range(-20..=20)).collect();
    let class = |nan: bool, inf: bool, fin: bool, neg: bool| {
        i64::from(nan) | i64::from(inf) << 1 | i64::from(fin) << 2 | i64::from(neg) << 3
    };
    let want64: Vec<i64> = d
        .iter()
        .zip(&k)
        .flat_map(|(&x, &k)| {
            let (m, e) = if x == 0.0 || !x.is_finite() {
                (x, 0)
            } else {
                let e = exponent(x) + 1;
                (scale2(x, -e), e)
            };
            let ilogb = if x.is_nan() || x == 0.0 {
                i32::MIN
            } else if x.is_infinite() {
                i32::MAX
            } else {
                exponent(x)
            };
            let logb = if x.is_nan() {
                x
            } else if x.is_infinite() {
                f64::INFINITY
            } else if x == 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::from(exponent(x))
            };
            // nextafter(x, y) with x == y returns y: +0 for either zero.
            let next = if x.is_nan() {
                x
            } else if x == 0.0 {
                0.0
            } else if x > 0.0 {
                f64_down(x)
            } else {
                f64_up(x)
            };
            let canon = |v: f64| if v.is_nan() { f64::NAN.to_bits() } else { v.to_bits() } as i64;
            [
                canon(m),
                i64::from(e),
                i64::from(ilogb),
                canon(logb),
                canon(x * 2f64.powi(k)), // one rounding: |k| <= 20
                class(
                    x.is_nan(),
                    x.is_infinite(),
                    x.is_finite(),
                    x.is_sign_negative(),
                ),
                canon(x.copysign(-1.0)),
                canon(next),
            ]
        })
        .collect();
    let f: Vec<f32> = d.iter().map(|&v| v as f32).collect();
    let want32: Vec<i64> = f
        .iter()
        .zip(&k)
        .flat_map(|(&x, &k)| {
            let fin = x.is_finite() && x != 0.0;
            let e = if fin { exponent32(x) + 1 } else { 0 };
            let m = if fin {
                (f64::from(x) * 2f64.powi(-e)) as f32
            } else {
                x
            };
            let ilogb = if x.is_nan() || x == 0.0 {
                i32::MIN
            } else if x.is_infinite() {
                i32::MAX
            } else {
                exponent32(x)
            };
            let logb = if x.is_nan() {
                x
            } else if x.is_infinite() {
                f32::INFINITY
            } else if x == 0.0 {
                f32::NEG_INFINITY
            } else {
                exponent32(x) as f32
            };
            let next = if x.is_nan() {
                x
            } else if x == 0.0 {
                0.0
            } else if x > 0.0 {
                f32_down(x)
            } else {
                f32_up(x)
            };
            let canon = |v: f32| {
                i64::from(if v.is_nan() {
                    f32::NAN.to_bits()
                } else {
                    v.to_bits()
                })
            };
            [
                canon(m),
                i64::from(e),
                i64::from(ilogb),
                canon(logb),
                canon((f64::from(x) * 2f64.powi(k)) as f32),
                class(
                    x.is_nan(),
                    x.is_infinite(),
                    x.is_finite(),
                    x.is_sign_negative(),
                ),
                canon(x.copysign(-1.0)),
                canon(next),
            ]
        })
        .collect();
    let dk = upload(&k);
    for (kernel, want, is64) in [("manip_f64", &want64, true), ("manip_f32", &want32, false)] {
        let f32buf = upload(&f);
        let f64buf = upload(&d);
        let func = function(module(), kernel);
        for shape in shapes() {
            let out = poisoned::<i64>(8 * N);
            let what = format!("{kernel} seed={seed} {shape:?}");
            let input: &dyn hip::KernelArg = if is64 { &f64buf } else { &f32buf };
            launch(&func, shape, 0, &[&out, input, &dk, &(N as i32)], &what);
            // NaN results: any NaN (canonicalised), as on the host side.
            let got: Vec<i64> = download(&out)
                .into_iter()
                .enumerate()
                .map(|(j, v)| {
                    let slot = j % 8;
                    let is_bits = matches!(slot, 0 | 3 | 4 | 6 | 7);
                    if is_bits && is64 && f64::from_bits(v as u64).is_nan() {
                        f64::NAN.to_bits() as i64
                    } else if is_bits && !is64 && f32::from_bits(v as u32).is_nan() {
                        i64::from(f32::NAN.to_bits())
                    } else {
                        v
                    }
                })
                .collect();
            check_eq(&got, want, &what);
        }
    }
}

extern "C" {
    fn nan(tag: *const std::ffi::c_char) -> f64;
    fn nanf(tag: *const std::ffi::c_char) -> f32;
}

#[test]
fn nan_payloads_match_the_c_library() {
    let _device = shared_device();
    let tags = ["", "1", "0x1f", "017", "quiet", "123456789"];
    let want: Vec<u64> = (0..N)
        .flat_map(|i| {
            let tag = std::ffi::CString::new(tags[i % 6]).unwrap_or_default();
            // SAFETY: nan and nanf read a NUL-terminated string, which CString provides.
            let (d, f) = unsafe { (nan(tag.as_ptr()), nanf(tag.as_ptr())) };
            [d.to_bits(), u64::from(f.to_bits())]
        })
        .collect();
    let f = function(module(), "nan_payloads");
    for shape in shapes() {
        let out = poisoned::<u64>(2 * N);
        let what = format!("nan_payloads {shape:?}");
        launch(&f, shape, 0, &[&out, &(N as i32)], &what);
        check_eq(&download(&out), &want, &what);
    }
}

#[test]
fn cxx_overloads_agree_with_the_c_names() {
    let _device = shared_device();
    let seed = 9116;
    let mut r = rng(seed);
    let a: Vec<f32> = (0..N).map(|_| r.gen_range(-0.999f32..0.999)).collect();
    run_check("overloads_f32", &vec![0u32; 8 * N], &[&upload(&a)], seed);
}

#[test]
fn saturate_and_integer_abs() {
    let _device = shared_device();
    let seed = 9117;
    let mut r = rng(seed);
    let a: Vec<f32> = (0..N)
        .map(|i| match i {
            0 => f32::NAN,
            1 => -0.0,
            2 => 1.0,
            3 => f32::INFINITY,
            4 => f32::NEG_INFINITY,
            _ => r.gen_range(-2.0f32..3.0),
        })
        .collect();
    // Not the minimum values, whose magnitude does not fit.
    let b: Vec<i64> = (0..N)
        .map(|_| {
            let v: i64 = r.gen_range(-(1i64 << 62)..(1i64 << 62));
            if r.gen_bool(0.5) {
                v >> 32
            } else {
                v
            }
        })
        .collect();
    let want: Vec<i64> = a
        .iter()
        .zip(&b)
        .flat_map(|(&x, &y)| {
            let s = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            let s = if s == 0.0 { 0.0f32 } else { s };
            [
                i64::from(s.to_bits()),
                i64::from((y as i32).wrapping_abs()),
                y.wrapping_abs(),
                y.wrapping_abs(),
            ]
        })
        .collect();
    run_check("saturate_abs", &want, &[&upload(&a), &upload(&b)], seed);
}
