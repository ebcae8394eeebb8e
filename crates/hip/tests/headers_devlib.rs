//! Device-library pieces of ROCm's headers that HIP programs (and hip-tests' deviceLib suite) use:
//! `__half2_raw::data` and `__half2`'s native-vector conversions (`h2 += 1` splats), the
//! `amd_mixed_dot` family, the `_Float16` overloads of fma and pow, the fp8 pair and quadruple
//! constructors, std::complex in device code, `__clock`/`__clock64`, `atomicAddNoRet` and the
//! older `HIP_SUCCESS` status names. Each kernel runs on the CPU device and is checked against
//! values computed here.

use hip::{DeviceBuffer, Function, KernelArg, Module};
use std::sync::OnceLock;

const SOURCE: &str = r#"
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_bf16.h>
#include <complex>
#include <type_traits>

// __half2_raw's bits and `data`; compound operators with a scalar (splat through _Float16_2).
extern "C" __global__ void half2_raw(unsigned *bits, float *vals) {
  if (threadIdx.x != 0) return;
  __half2 a(__half(1.5f), __half(-2.0f));
  __half2_raw r = a;
  bits[0] = r.x;
  bits[1] = r.y;
  vals[0] = (float)r.data.x;
  vals[1] = (float)r.data.y;
  a += 1;
  vals[2] = __low2float(a); vals[3] = __high2float(a);
  a *= 2;
  vals[4] = __low2float(a); vals[5] = __high2float(a);
  a -= 0.5;
  vals[6] = __low2float(a); vals[7] = __high2float(a);
  a /= 4;
  vals[8] = __low2float(a); vals[9] = __high2float(a);
  _Float16_2 v = a;
  __half2 back(v);
  vals[10] = __low2float(back) + __high2float(back);
  r.data = v * (_Float16)2;
  __half2 c(r);
  vals[11] = __low2float(c);
  // __half2's own `data`, the same storage as x and y (ROCm's public member).
  c.data.y = (_Float16)7.5;
  vals[12] = __high2float(c);
  vals[13] = (float)c.data.x;
}
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2 stays 32 bits");

// Assignment from volatile raw storage (ROCm's __half has these operators), and __hisinf, which is
// true for either infinity in ROCm (half: bool; bfloat16: 1).
static_assert(std::is_assignable<__half, volatile __half_raw &>::value, "volatile lvalue");
static_assert(std::is_assignable<__half, volatile __half_raw &&>::value, "volatile rvalue");
extern "C" __global__ void half_volatile_isinf(unsigned *o) {
  if (threadIdx.x != 0) return;
  volatile __half_raw vr;
  vr.x = 0x4200;
  __half h;
  h = vr;
  o[0] = __half_as_ushort(h);
  volatile __half vh;
  vh = vr;
  h = __half_raw{};
  o[1] = __half_as_ushort(h);
  o[2] = __hisinf(__ushort_as_half(0xfc00)) + 10 * __hisinf(__ushort_as_half(0x7c00)) +
         100 * __hisinf(__ushort_as_half(0x7bff));
  o[3] = __hisinf(__float2bfloat16(-__builtin_inff())) +
         10 * __hisinf(__float2bfloat16(__builtin_inff())) + 100 * __hisinf(__float2bfloat16(1.0f));
}

// Each amd_mixed_dot form, plain and saturating.
extern "C" __global__ void mixed_dot(int *s, unsigned *u, float *f, const int *in) {
  if (threadIdx.x != 0) return;
  short2 sa = make_short2((short)in[0], (short)in[1]), sb = make_short2((short)in[2], (short)in[3]);
  s[0] = amd_mixed_dot(sa, sb, in[4], false);
  s[1] = amd_mixed_dot(make_short2(32767, 32767), make_short2(32767, 32767), 2147483647, false);
  s[2] = amd_mixed_dot(make_short2(32767, 32767), make_short2(32767, 32767), 2147483647, true);
  s[3] = amd_mixed_dot(make_short2(-32768, -32768), make_short2(32767, 32767), -5, true);
  s[4] = amd_mixed_dot(make_char4(-3, 4, -128, 127), make_char4(5, -6, -128, 127), 10, false);
  s[5] = amd_mixed_dot((int)0x7F18F3E1, (int)0x21F8F8F7, -1, false);
  u[0] = amd_mixed_dot(make_ushort2(65535, 2), make_ushort2(65535, 3), 7u, false);
  u[1] = amd_mixed_dot(make_ushort2(65535, 65535), make_ushort2(65535, 65535), 4000000000u, false);
  u[2] = amd_mixed_dot(make_ushort2(65535, 65535), make_ushort2(65535, 65535), 4000000000u, true);
  u[3] = amd_mixed_dot(make_uchar4(255, 1, 2, 3), make_uchar4(255, 4, 5, 6), 1u, false);
  u[4] = amd_mixed_dot(0xF1234567u, 0x2F00000Fu, 3u, false);
  __half2 h(__half(1.5f), __half(-0.25f)), k(__half(2.0f), __half(8.0f));
  f[0] = amd_mixed_dot(h, k, 0.125f, false);
  f[1] = amd_mixed_dot(h, k, 0.125f, true);
  f[2] = amd_mixed_dot(h, h, 0.0f, true);
  f[3] = amd_mixed_dot(h, k, -7.0f, true);
}

// The _Float16 overloads: fma(h, h, 3) is the half one (HIP has no promoting template for
// _Float16), pow(_Float16, int) too.
extern "C" __global__ void half_fma_pow(float *out, unsigned *sizes) {
  if (threadIdx.x != 0) return;
  _Float16 h = (_Float16)(1.0f / 3.0f);
  sizes[0] = sizeof(fma(h, h, 3));
  sizes[1] = sizeof(fma(h, h, (_Float16)3));
  sizes[2] = sizeof(pow(h, 2));
  sizes[3] = sizeof(fma(1.0f / 3.0f, 1.0f / 3.0f, 3));
  out[0] = (float)fma(h, h, (_Float16)3);
  out[1] = (float)fma(h, h, 3);
  out[2] = (float)pow(2.0f16, 2);
  out[3] = (float)pow((_Float16)1.5f, 3);
  out[4] = (float)fma((_Float16)2049.0f, (_Float16)1.0f, (_Float16)0.5f);
}

// fp8: quadruples from double4 and from two pairs, pairs from __half2 and __hip_bfloat162.
extern "C" __global__ void fp8_ctors(unsigned *packed, float *out) {
  if (threadIdx.x != 0) return;
  __hip_fp8x4_e4m3 q(make_double4(1.5, -300.0, 0.1, 7.0));
  __hip_fp8x4_e5m2_fnuz qf(make_double4(0.5, 2.0, -3.0, 100000.0));
  __hip_fp8x2_e4m3_fnuz ph(__half2(__half(2.5f), __half(-0.75f)));
  __hip_fp8x2_e5m2 pb(__hip_bfloat162(__float2bfloat16(3.0f), __float2bfloat16(-96.0f)));
  __hip_fp8x4_e4m3 two(__half2(__half(1.0f), __half(2.0f)), __half2(__half(3.0f), __half(4.0f)));
  packed[0] = q.__x;
  packed[1] = qf.__x;
  packed[2] = ph.__x;
  packed[3] = pb.__x;
  packed[4] = two.__x;
  __half2 back = ph;
  out[0] = __low2float(back);
  out[1] = __high2float(back);
}

// std::complex in device code, as hip-tests' hipStdComplex uses it.
template <typename T>
__device__ __host__ void complex_ops(T *o, std::complex<T> a, std::complex<T> b) {
  std::complex<T> r[6] = {a + b, a - b, a * b, a / b, std::sin(a), std::cos(a)};
  for (int i = 0; i < 6; ++i) {
    o[2 * i] = r[i].real();
    o[2 * i + 1] = r[i].imag();
  }
  o[12] = std::abs(a);
  o[13] = std::arg(a);
}
extern "C" __global__ void complex_device(float *f, double *d, const double *in) {
  if (threadIdx.x != 0) return;
  complex_ops<float>(f, std::complex<float>((float)in[0], (float)in[1]),
                     std::complex<float>((float)in[2], (float)in[3]));
  complex_ops<double>(d, std::complex<double>(in[0], in[1]), std::complex<double>(in[2], in[3]));
}

// Products and quotients that the plain formulas get wrong (C's Annex G cases); the operands
// come from memory so that nothing is folded at compile time. in: 1, 0, inf, 2, 3, 1e300.
extern "C" __global__ void complex_edges(double *o, float *f, const double *in) {
  if (threadIdx.x != 0) return;
  double one = in[0], zero = in[1], inf = in[2], nan = zero / zero;
  std::complex<double> r[4] = {
      std::complex<double>(one, one) / std::complex<double>(zero, zero),
      std::complex<double>(in[3], in[4]) / std::complex<double>(inf, zero),
      std::complex<double>(inf, nan) * std::complex<double>(one, one),
      std::complex<double>(in[5], in[5]) / std::complex<double>(in[5], in[5])};
  for (int i = 0; i < 4; ++i) {
    o[2 * i] = r[i].real();
    o[2 * i + 1] = r[i].imag();
  }
  std::complex<float> q = std::complex<float>((float)in[5], 1.0f) / std::complex<float>(3e38f, 3e38f);
  std::complex<float> p = std::complex<float>((float)inf, (float)nan) * std::complex<float>(1.0f, 1.0f);
  f[0] = q.real(); f[1] = q.imag(); f[2] = p.real(); f[3] = p.imag();
}

// __clock and __clock64 (ROCm's names) read the same counter as clock64; atomicAddNoRet adds.
extern "C" __global__ void clocks_and_noret(long long *t, float *sum) {
  atomicAddNoRet(sum, 0.5f);
  if (threadIdx.x != 0) return;
  t[0] = __clock64();
  t[1] = __clock();
  t[2] = clock64();
  t[3] = clock();
}

// The older status names, an unnamed enumeration as in ROCm.
extern "C" __global__ void status_names(int *o) {
  if (threadIdx.x != 0) return;
  o[0] = HIP_SUCCESS + 10 * HIP_ERROR_INVALID_VALUE + 100 * HIP_ERROR_NOT_INITIALIZED +
         1000 * HIP_ERROR_LAUNCH_OUT_OF_RESOURCES;
  o[1] = (hipSuccess == HIP_SUCCESS);
}
"#;

fn detail() -> String {
    hip::last_error_detail().unwrap_or_else(|| "<no detail>".to_string())
}

fn module() -> &'static Module {
    static M: OnceLock<Result<Module, String>> = OnceLock::new();
    let m = M.get_or_init(|| {
        Module::from_source(SOURCE, &["-O2"]).map_err(|e| format!("{e:?}\n{}", detail()))
    });
    match m {
        Ok(m) => m,
        Err(log) => panic!("kernel source failed to compile: {log}"),
    }
}

fn function(name: &str) -> Function {
    module()
        .function(name)
        .unwrap_or_else(|e| panic!("kernel {name} not found: {e:?}\n{}", detail()))
}

fn launch(name: &str, block: u32, args: &[&dyn KernelArg]) {
    if let Err(e) = function(name).launch((1, 1, 1).into(), (block, 1, 1).into(), 0, None, args) {
        panic!("{name}: launch failed: {e:?}\n{}", detail());
    }
    hip::device_synchronize()
        .unwrap_or_else(|e| panic!("{name}: synchronize failed: {e:?}\n{}", detail()));
}

fn upload<T: Copy>(data: &[T]) -> DeviceBuffer<T> {
    DeviceBuffer::from_slice(data).unwrap_or_else(|e| panic!("upload failed: {e:?}"))
}

/// Every byte 0xFF: results a kernel failed to write stand out.
fn poisoned<T: Copy>(len: usize) -> DeviceBuffer<T> {
    let b = DeviceBuffer::<T>::new(len).unwrap_or_else(|e| panic!("alloc failed: {e:?}"));
    b.fill_bytes(0xFF)
        .unwrap_or_else(|e| panic!("fill failed: {e:?}"));
    b
}

fn download<T: Copy>(b: &DeviceBuffer<T>) -> Vec<T> {
    b.to_vec()
        .unwrap_or_else(|e| panic!("read back failed: {e:?}"))
}

#[test]
fn half2_raw_has_data_and_half2_takes_scalars_through_the_native_vector() {
    let bits = poisoned::<u32>(2);
    let vals = poisoned::<f32>(14);
    launch("half2_raw", 1, &[&bits, &vals]);
    // 1.5 and -2.0 as IEEE binary16.
    assert_eq!(download(&bits), [0x3E00, 0xC000]);
    // (1.5, -2) +1 -> (2.5, -1) *2 -> (5, -2) -0.5 -> (4.5, -2.5) /4 -> (1.125, -0.625).
    let want = [
        1.5, -2.0, 2.5, -1.0, 5.0, -2.0, 4.5, -2.5, 1.125, -0.625, 0.5, 2.25, 7.5, 2.25,
    ];
    assert_eq!(download(&vals), want);
}

#[test]
fn half_assigns_from_volatile_raw_values_and_hisinf_is_true_for_both_infinities() {
    let o = poisoned::<u32>(4);
    launch("half_volatile_isinf", 1, &[&o]);
    // 0x4200 is 3.0; the empty raw value is +0; -inf and +inf count, the largest finite does not.
    assert_eq!(download(&o), [0x4200, 0, 11, 11]);
}

#[test]
fn mixed_dot_products_wrap_or_saturate_as_the_instructions_do() {
    let input = [3i32, -4, 1000, 250, 17];
    let s = poisoned::<i32>(6);
    let u = poisoned::<u32>(5);
    let f = poisoned::<f32>(4);
    let in_d = upload(&input);
    launch("mixed_dot", 1, &[&s, &u, &f, &in_d]);
    let max2 = 2 * 32767i64 * 32767 + i64::from(i32::MAX);
    let nib_s = |w: u32, i: u32| (((w << (28 - 4 * i)) as i32) >> 28) as i64;
    let (a8, b8) = (0x7F18_F3E1u32, 0x21F8_F8F7u32);
    let sdot8: i64 = (0..8).map(|i| nib_s(a8, i) * nib_s(b8, i)).sum::<i64>() - 1;
    let want_s = [
        3 * 1000 - 4 * 250 + 17,
        max2 as u64 as u32 as i32,
        i32::MAX,
        // -32768 * 32767 * 2 - 5 is within range: no clamping.
        (-2i64 * 32768 * 32767 - 5) as i32,
        -15 - 24 + 128 * 128 + 127 * 127 + 10,
        sdot8 as i32,
    ];
    assert_eq!(download(&s), want_s);
    let nib_u = |w: u32, i: u32| u64::from((w >> (4 * i)) & 15);
    let (c8, d8) = (0xF123_4567u32, 0x2F00_000Fu32);
    let udot8: u64 = (0..8).map(|i| nib_u(c8, i) * nib_u(d8, i)).sum::<u64>() + 3;
    let big = 2 * 65535u64 * 65535 + 4_000_000_000;
    let want_u = [
        (65535u64 * 65535 + 6 + 7) as u32,
        big as u32,
        u32::MAX,
        255 * 255 + 4 + 10 + 18 + 1,
        udot8 as u32,
    ];
    assert_eq!(download(&u), want_u);
    // 1.5*2 - 0.25*8 + 0.125 = 1.125; saturated to 1; 2.25 + 0.0625 saturated to 1; 1 - 7 to 0.
    assert_eq!(download(&f), [1.125, 1.0, 1.0, 0.0]);
}

#[test]
fn float16_fma_and_pow_are_the_half_overloads() {
    let out = poisoned::<f32>(5);
    let sizes = poisoned::<u32>(4);
    launch("half_fma_pow", 1, &[&out, &sizes]);
    assert_eq!(download(&sizes), [2, 2, 2, 8]);
    // h = 1/3 in half: 0x3555 = 0.333251953125; h*h + 3 rounded once to half.
    let h = 0.333_251_953_125f64;
    let exact = h * h + 3.0;
    // Halves in [2, 4) are 2^-9 apart.
    let rounded = (exact * 512.0).round() / 512.0;
    let got = download(&out);
    assert_eq!(f64::from(got[0]), rounded);
    assert_eq!(got[1], got[0]);
    assert_eq!(got[2], 4.0);
    assert_eq!(got[3], 3.375);
    // 2049 is not a half (2048 and 2050 are): the argument rounds to 2048 (ties to even) first,
    // then 2048 + 0.5 rounds back to 2048.
    assert_eq!(got[4], 2048.0);
}

fn fp8_e4m3_ocp(x: f64) -> u32 {
    // OCP E4M3 (bias 7), saturating, round to nearest even; enough for the values used here.
    let sign = if x < 0.0 { 0x80 } else { 0 };
    let m = x.abs().min(448.0);
    if m == 0.0 {
        return sign;
    }
    let e = m.log2().floor().max(-6.0) as i32;
    let q = (m / 2f64.powi(e - 3)).round_ties_even() as u32;
    let (q, e) = if q >= 16 { (q / 2, e + 1) } else { (q, e) };
    let code = if q < 8 {
        q
    } else {
        (((e + 7) as u32) << 3) | (q - 8)
    };
    sign | code
}

#[test]
fn fp8_pairs_and_quadruples_from_doubles_halves_and_bfloat16s() {
    let packed = poisoned::<u32>(5);
    let out = poisoned::<f32>(2);
    launch("fp8_ctors", 1, &[&packed, &out]);
    let got = download(&packed);
    let q = [1.5, -300.0, 0.1, 7.0]
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, &x)| acc | fp8_e4m3_ocp(x) << (8 * i));
    assert_eq!(got[0], q);
    // E5M2 FNUZ (bias 16): 0.5 = 0x3C, 2.0 = 0x44, -3.0 = 0xC6, 100000 saturates to 57344 = 0x7F.
    assert_eq!(got[1], 0x7FC6_443C);
    // E4M3 FNUZ (bias 8): 2.5 = 0x4A, -0.75 = 0xBC.
    assert_eq!(got[2], 0xBC4A);
    // OCP E5M2 (bias 15): 3.0 = 0x42, -96.0 = 0xD6.
    assert_eq!(got[3], 0xD642);
    // Two pairs: the first in the low half.
    let two = [1.0, 2.0, 3.0, 4.0]
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, &x)| acc | fp8_e4m3_ocp(x) << (8 * i));
    assert_eq!(got[4], two);
    assert_eq!(download(&out), [2.5, -0.75]);
}

fn complex_reference(a: (f64, f64), b: (f64, f64)) -> [f64; 14] {
    let den = b.0 * b.0 + b.1 * b.1;
    [
        a.0 + b.0,
        a.1 + b.1,
        a.0 - b.0,
        a.1 - b.1,
        a.0 * b.0 - a.1 * b.1,
        a.0 * b.1 + a.1 * b.0,
        (a.0 * b.0 + a.1 * b.1) / den,
        (a.1 * b.0 - a.0 * b.1) / den,
        a.0.sin() * a.1.cosh(),
        a.0.cos() * a.1.sinh(),
        a.0.cos() * a.1.cosh(),
        -a.0.sin() * a.1.sinh(),
        a.0.hypot(a.1),
        a.1.atan2(a.0),
    ]
}

#[test]
fn std_complex_arithmetic_and_functions_run_in_device_code() {
    let input = [0.75f64, -1.25, 2.5, 0.5];
    let f = poisoned::<f32>(14);
    let d = poisoned::<f64>(14);
    let in_d = upload(&input);
    launch("complex_device", 1, &[&f, &d, &in_d]);
    let want = complex_reference((input[0], input[1]), (input[2], input[3]));
    for (i, (&got, &w)) in download(&d).iter().zip(&want).enumerate() {
        assert!(
            (got - w).abs() <= 1e-14 * w.abs().max(1.0),
            "double {i}: {got} vs {w}"
        );
    }
    for (i, (&got, &w)) in download(&f).iter().zip(&want).enumerate() {
        let got = f64::from(got);
        assert!(
            (got - w).abs() <= 4e-6 * w.abs().max(1.0),
            "float {i}: {got} vs {w}"
        );
    }
}

#[test]
fn complex_products_and_quotients_follow_annex_g_in_device_code() {
    let input = [1.0f64, 0.0, f64::INFINITY, 2.0, 3.0, 1e300];
    let o = poisoned::<f64>(8);
    let f = poisoned::<f32>(4);
    let in_d = upload(&input);
    launch("complex_edges", 1, &[&o, &f, &in_d]);
    let inf = f64::INFINITY;
    // (1+i)/0 is infinite; finite/infinite is zero; inf * (1+i) stays infinite although the
    // plain formula gives NaN; (1e300+1e300i)/(1e300+1e300i) is 1 although c*c + d*d overflows.
    assert_eq!(download(&o), [inf, inf, 0.0, 0.0, inf, inf, 1.0, 0.0]);
    // float: 1e300 is infinite there, so (inf + i)/(3e38 + 3e38i) is infinite; inf * (1+i) too.
    let got = download(&f);
    assert!(
        got[0].is_infinite() && got.iter().skip(2).all(|v| v.is_infinite()),
        "{got:?}"
    );
}

#[test]
fn rocm_clock_names_and_atomic_add_without_result() {
    let t = poisoned::<i64>(4);
    let sum = upload(&[1.0f32]);
    launch("clocks_and_noret", 64, &[&t, &sum]);
    let t = download(&t);
    assert!(t[0] > 0, "{t:?}");
    // One counter read in order: each at least the one before.
    assert!(t[1] >= t[0] && t[2] >= t[1] && t[3] >= t[2], "{t:?}");
    assert_eq!(download(&sum), [33.0]);
}

#[test]
fn older_status_names_have_rocms_values() {
    let o = poisoned::<i32>(2);
    launch("status_names", 1, &[&o]);
    assert_eq!(download(&o), [3210, 1]);
}
