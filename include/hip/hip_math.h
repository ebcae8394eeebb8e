/* ferrocm: device math (float and double), integer min/max, and HIP's integer and fast-math
 * intrinsics.
 *
 * Each function is a clang builtin so it becomes an LLVM intrinsic (llvm.sqrt.f32, llvm.fma...)
 * where one exists, or a call to the C library function of the same name, which the CPU native
 * code is linked against (-lm). Both spellings HIP offers are here: the C names (sinf, sin) and
 * the C++ overloads (sin(float)). They have C++ linkage and internal visibility, so they never
 * collide with the C library's own symbols that the intrinsics may lower to. */
#ifndef FERROCM_HIP_MATH_H
#define FERROCM_HIP_MATH_H

#include <hip/hip_defines.h>

#if defined(__HIP__)

/* NAME##f(float), NAME(double), NAME(float) from one builtin family. */
#define __FERROCM_MATH1(NAME)                                                                  \
  __FERROCM_DEVICE float NAME##f(float x) { return __builtin_##NAME##f(x); }                   \
  __FERROCM_DEVICE double NAME(double x) { return __builtin_##NAME(x); }                       \
  __FERROCM_DEVICE float NAME(float x) { return __builtin_##NAME##f(x); }
#define __FERROCM_MATH2(NAME)                                                                  \
  __FERROCM_DEVICE float NAME##f(float x, float y) { return __builtin_##NAME##f(x, y); }       \
  __FERROCM_DEVICE double NAME(double x, double y) { return __builtin_##NAME(x, y); }          \
  __FERROCM_DEVICE float NAME(float x, float y) { return __builtin_##NAME##f(x, y); }

__FERROCM_MATH1(sqrt)
/* cbrt: the C library's double cbrt is off by up to 3-4 ulp; HIP documents 1 ulp. One Newton step
 * with an exactly computed residual (y^3 - x, through fma) brings it within that. Tiny inputs are
 * scaled by 2^999 (a cube, 2^333 cubed) so y^3 stays normal. */
__FERROCM_DEVICE double __ferrocm_cbrt_refine(double x) {
  double y = __builtin_cbrt(x);
  if (y == 0.0 || !__builtin_isfinite(y)) return y;
  double y2 = y * y;
  double e2 = __builtin_fma(y, y, -y2);
  double y3 = y2 * y;
  double e3 = __builtin_fma(y2, y, -y3) + e2 * y;
  double r = (y3 - x) + e3;
  return y - r / (3.0 * y2);
}
__FERROCM_DEVICE float cbrtf(float x) { return __builtin_cbrtf(x); }
__FERROCM_DEVICE float cbrt(float x) { return __builtin_cbrtf(x); }
__FERROCM_DEVICE double cbrt(double x) {
  if (__builtin_fabs(x) < 0x1p-900) return __ferrocm_cbrt_refine(x * 0x1p999) * 0x1p-333;
  return __ferrocm_cbrt_refine(x);
}
__FERROCM_MATH1(exp)
__FERROCM_MATH1(exp2)
__FERROCM_MATH1(exp10)
__FERROCM_MATH1(expm1)
__FERROCM_MATH1(log)
__FERROCM_MATH1(log2)
__FERROCM_MATH1(log10)
__FERROCM_MATH1(log1p)
__FERROCM_MATH1(sin)
__FERROCM_MATH1(cos)
__FERROCM_MATH1(tan)
__FERROCM_MATH1(asin)
__FERROCM_MATH1(acos)
__FERROCM_MATH1(atan)
__FERROCM_MATH1(sinh)
__FERROCM_MATH1(cosh)
__FERROCM_MATH1(tanh)
__FERROCM_MATH1(asinh)
__FERROCM_MATH1(acosh)
__FERROCM_MATH1(atanh)
__FERROCM_MATH1(fabs)
__FERROCM_MATH1(floor)
__FERROCM_MATH1(ceil)
__FERROCM_MATH1(trunc)
__FERROCM_MATH1(round)
__FERROCM_MATH1(rint)
__FERROCM_MATH1(nearbyint)
__FERROCM_MATH1(erf)
__FERROCM_MATH1(erfc)
__FERROCM_MATH1(lgamma)
__FERROCM_MATH1(tgamma)
__FERROCM_MATH1(logb)
__FERROCM_MATH2(atan2)
__FERROCM_MATH2(pow)
__FERROCM_MATH2(fmin)
__FERROCM_MATH2(fmax)
__FERROCM_MATH2(fmod)
__FERROCM_MATH2(remainder)
__FERROCM_MATH2(copysign)
__FERROCM_MATH2(hypot)
__FERROCM_MATH2(fdim)
__FERROCM_MATH2(nextafter)
#undef __FERROCM_MATH1
#undef __FERROCM_MATH2

__FERROCM_DEVICE float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
__FERROCM_DEVICE double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
__FERROCM_DEVICE float rsqrt(float x) { return rsqrtf(x); }
__FERROCM_DEVICE float rcbrtf(float x) { return 1.0f / __builtin_cbrtf(x); }
__FERROCM_DEVICE double rcbrt(double x) { return 1.0 / __builtin_cbrt(x); }

__FERROCM_DEVICE float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__FERROCM_DEVICE double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__FERROCM_DEVICE float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }

/* Integer powers: HIP's powif/powi, and pow(x, int) overloads. */
__FERROCM_DEVICE float powif(float x, int n) { return __builtin_powif(x, n); }
__FERROCM_DEVICE double powi(double x, int n) { return __builtin_powi(x, n); }
__FERROCM_DEVICE float pow(float x, int n) { return __builtin_powif(x, n); }
__FERROCM_DEVICE double pow(double x, int n) { return __builtin_powi(x, n); }

__FERROCM_DEVICE long lroundf(float x) { return __builtin_lroundf(x); }
__FERROCM_DEVICE long lround(double x) { return __builtin_lround(x); }
__FERROCM_DEVICE long lround(float x) { return __builtin_lroundf(x); }
__FERROCM_DEVICE long long llroundf(float x) { return __builtin_llroundf(x); }
__FERROCM_DEVICE long long llround(double x) { return __builtin_llround(x); }
__FERROCM_DEVICE long lrintf(float x) { return __builtin_lrintf(x); }
__FERROCM_DEVICE long lrint(double x) { return __builtin_lrint(x); }
__FERROCM_DEVICE long long llrintf(float x) { return __builtin_llrintf(x); }
__FERROCM_DEVICE long long llrint(double x) { return __builtin_llrint(x); }

__FERROCM_DEVICE float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
__FERROCM_DEVICE double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
__FERROCM_DEVICE float ldexp(float x, int e) { return __builtin_ldexpf(x, e); }
__FERROCM_DEVICE float scalbnf(float x, int e) { return __builtin_ldexpf(x, e); }
__FERROCM_DEVICE double scalbn(double x, int e) { return __builtin_ldexp(x, e); }
__FERROCM_DEVICE float frexpf(float x, int *e) { return __builtin_frexpf(x, e); }
__FERROCM_DEVICE double frexp(double x, int *e) { return __builtin_frexp(x, e); }
__FERROCM_DEVICE float frexp(float x, int *e) { return __builtin_frexpf(x, e); }
__FERROCM_DEVICE float modff(float x, float *i) { return __builtin_modff(x, i); }
__FERROCM_DEVICE double modf(double x, double *i) { return __builtin_modf(x, i); }
__FERROCM_DEVICE float modf(float x, float *i) { return __builtin_modff(x, i); }
__FERROCM_DEVICE int ilogbf(float x) { return __builtin_ilogbf(x); }
__FERROCM_DEVICE int ilogb(double x) { return __builtin_ilogb(x); }
__FERROCM_DEVICE float remquof(float x, float y, int *q) { return __builtin_remquof(x, y, q); }
__FERROCM_DEVICE double remquo(double x, double y, int *q) { return __builtin_remquo(x, y, q); }

__FERROCM_DEVICE void sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
__FERROCM_DEVICE void sincos(double x, double *s, double *c) {
  *s = __builtin_sin(x);
  *c = __builtin_cos(x);
}
__FERROCM_DEVICE void sincos(float x, float *s, float *c) { sincosf(x, s, c); }

/* sin(pi x) and cos(pi x), exact at integers and half-integers: x = n/2 + r with |r| <= 1/4,
 * so only sin/cos of the small remainder are evaluated and the quadrant n mod 4 picks which. */
#define __FERROCM_TRIGPI(T, SUF, PI)                                                           \
  __FERROCM_DEVICE T sinpi##SUF(T x) {                                                         \
    T n = __builtin_rint##SUF(x * (T)2);                                                       \
    T r = (x - n * (T)0.5) * PI;                                                               \
    long long q = (long long)__builtin_fmod##SUF(n, (T)4);                                     \
    q = q < 0 ? q + 4 : q;                                                                     \
    T v = (q & 1) ? __builtin_cos##SUF(r) : __builtin_sin##SUF(r);                             \
    return (q & 2) ? -v : v;                                                                   \
  }                                                                                            \
  __FERROCM_DEVICE T cospi##SUF(T x) {                                                         \
    T n = __builtin_rint##SUF(x * (T)2);                                                       \
    T r = (x - n * (T)0.5) * PI;                                                               \
    long long q = (long long)__builtin_fmod##SUF(n, (T)4);                                     \
    q = q < 0 ? q + 4 : q;                                                                     \
    T v = (q & 1) ? -__builtin_sin##SUF(r) : __builtin_cos##SUF(r);                            \
    return (q & 2) ? -v : v;                                                                   \
  }
__FERROCM_TRIGPI(float, f, 3.14159265358979323846f)
__FERROCM_TRIGPI(double, , 3.14159265358979323846)
#undef __FERROCM_TRIGPI
__FERROCM_DEVICE float sinpi(float x) { return sinpif(x); }
__FERROCM_DEVICE float cospi(float x) { return cospif(x); }

/* Classification: C++ overloads returning bool, as HIP's do. */
__FERROCM_DEVICE bool isnan(float x) { return __builtin_isnan(x); }
__FERROCM_DEVICE bool isnan(double x) { return __builtin_isnan(x); }
__FERROCM_DEVICE bool isinf(float x) { return __builtin_isinf(x); }
__FERROCM_DEVICE bool isinf(double x) { return __builtin_isinf(x); }
__FERROCM_DEVICE bool isfinite(float x) { return __builtin_isfinite(x); }
__FERROCM_DEVICE bool isfinite(double x) { return __builtin_isfinite(x); }
__FERROCM_DEVICE bool signbit(float x) { return __builtin_signbit(x); }
__FERROCM_DEVICE bool signbit(double x) { return __builtin_signbit(x); }

/* min / max for every integer width and both float types. */
#define __FERROCM_MINMAX(T)                                                                    \
  __FERROCM_HOST_DEVICE T min(T a, T b) { return a < b ? a : b; }                              \
  __FERROCM_HOST_DEVICE T max(T a, T b) { return a > b ? a : b; }
__FERROCM_MINMAX(int)
__FERROCM_MINMAX(unsigned int)
__FERROCM_MINMAX(long)
__FERROCM_MINMAX(unsigned long)
__FERROCM_MINMAX(long long)
__FERROCM_MINMAX(unsigned long long)
#undef __FERROCM_MINMAX
__FERROCM_DEVICE float min(float a, float b) { return __builtin_fminf(a, b); }
__FERROCM_DEVICE float max(float a, float b) { return __builtin_fmaxf(a, b); }
__FERROCM_DEVICE double min(double a, double b) { return __builtin_fmin(a, b); }
__FERROCM_DEVICE double max(double a, double b) { return __builtin_fmax(a, b); }

/* ---- fast-math intrinsics: the CPU device has no faster hardware form, so these are the
 * ordinary functions (at least as accurate as HIP's approximations). ---- */
__FERROCM_DEVICE float __fdividef(float x, float y) { return x / y; }
__FERROCM_DEVICE float __expf(float x) { return __builtin_expf(x); }
__FERROCM_DEVICE float __exp10f(float x) { return __builtin_exp10f(x); }
__FERROCM_DEVICE float __logf(float x) { return __builtin_logf(x); }
__FERROCM_DEVICE float __log2f(float x) { return __builtin_log2f(x); }
__FERROCM_DEVICE float __log10f(float x) { return __builtin_log10f(x); }
__FERROCM_DEVICE float __sinf(float x) { return __builtin_sinf(x); }
__FERROCM_DEVICE float __cosf(float x) { return __builtin_cosf(x); }
__FERROCM_DEVICE float __tanf(float x) { return __builtin_tanf(x); }
__FERROCM_DEVICE void __sincosf(float x, float *s, float *c) { sincosf(x, s, c); }
__FERROCM_DEVICE float __powf(float x, float y) { return __builtin_powf(x, y); }
__FERROCM_DEVICE float __fsqrt_rn(float x) { return __builtin_sqrtf(x); }
__FERROCM_DEVICE double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
__FERROCM_DEVICE float __fmaf_rn(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__FERROCM_DEVICE double __fma_rn(double x, double y, double z) { return __builtin_fma(x, y, z); }
/* Clamp to [0, 1]; NaN gives 0 (the comparisons are false for NaN). */
__FERROCM_DEVICE float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }

/* ---- integer intrinsics ---- */
__FERROCM_DEVICE int __popc(unsigned int x) { return __builtin_popcount(x); }
__FERROCM_DEVICE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
/* __builtin_clz is undefined for 0; HIP gives the bit width. */
__FERROCM_DEVICE int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
__FERROCM_DEVICE int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
__FERROCM_DEVICE int __ffs(int x) { return __builtin_ffs(x); }
__FERROCM_DEVICE int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
__FERROCM_DEVICE int __ffsll(long long x) { return __builtin_ffsll(x); }
__FERROCM_DEVICE int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
__FERROCM_DEVICE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__FERROCM_DEVICE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
/* 24-bit multiplies: the operands' low 24 bits (sign-extended for the signed form), low 32 bits
 * of the product. */
__FERROCM_DEVICE int __mul24(int x, int y) {
  int a = (int)((unsigned int)x << 8) >> 8;
  int b = (int)((unsigned int)y << 8) >> 8;
  return (int)((long long)a * (long long)b);
}
__FERROCM_DEVICE unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
/* High halves of the full-width products. */
__FERROCM_DEVICE int __mulhi(int x, int y) { return (int)(((long long)x * (long long)y) >> 32); }
__FERROCM_DEVICE unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * (unsigned long long)y) >> 32);
}
/* spirv64 has no 128-bit integers, so the 64-bit high products are built from 32-bit halves:
 * the middle sum collects the carries out of the low word. */
__FERROCM_DEVICE unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  unsigned long long xl = x & 0xffffffffull, xh = x >> 32;
  unsigned long long yl = y & 0xffffffffull, yh = y >> 32;
  unsigned long long ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
  unsigned long long mid = (ll >> 32) + (lh & 0xffffffffull) + (hl & 0xffffffffull);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
/* The signed high product is the unsigned one corrected for each negative operand (two's
 * complement: a negative x reads as x + 2^64, adding y * 2^64 to the full product). */
__FERROCM_DEVICE long long __mul64hi(long long x, long long y) {
  unsigned long long hi = __umul64hi((unsigned long long)x, (unsigned long long)y);
  if (x < 0)
    hi -= (unsigned long long)y;
  if (y < 0)
    hi -= (unsigned long long)x;
  return (long long)hi;
}

#endif /* __HIP__ */

#endif /* FERROCM_HIP_MATH_H */
