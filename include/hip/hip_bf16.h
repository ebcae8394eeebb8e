/* ferrocm: bfloat16 for HIP: __hip_bfloat16 and __hip_bfloat162, their conversions,
 * arithmetic and comparisons.
 *
 * A __hip_bfloat16 is the upper half of a float's bits, kept as an unsigned short (`data`),
 * size 2: clang-19 has no __bf16 for spirv64, so every operation widens to float (exact:
 * shift the bits up), computes there and rounds back to nearest even in integer arithmetic.
 * For + - * / that one float rounding followed by the rounding to bfloat16 is the correct
 * result (float carries more than 2*8+2 bits). __hfma uses the exact double product, the
 * rounding error of the double sum (two-sum) and round-to-odd so that the final rounding is
 * the only one that counts. Conversions from double and from integers of more than 24 bits
 * first round to odd (to float, or to 24 bits), then to nearest even: one correct rounding.
 *
 * Also here: hip_bfloat16, the older bfloat16 struct of HIP's <hip/hip_bfloat16.h> (a public
 * `data` member, explicit construction from float, round-to-nearest-even or truncation).
 *
 * Like ROCm, hip_runtime.h does not include this header: programs include <hip/hip_bf16.h>. */
#ifndef FERROCM_HIP_BF16_H
#define FERROCM_HIP_BF16_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>

#if !defined(__cplusplus)
#error "hip/hip_bf16.h needs C++"
#endif

#define __FERROCM_BF16_FN __host__ __device__ inline __attribute__((always_inline))
#define __FERROCM_BF16_API static __host__ __device__ inline __attribute__((always_inline))

/* float -> bfloat16 bits, round to nearest even; a NaN stays a (quiet) NaN of the same sign. */
__FERROCM_BF16_API unsigned short __ferrocm_float_to_bf16_bits(float f) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<unsigned short>((u >> 16) | 0x0040u);
  /* Adding just under half an ulp, plus one when the kept part is odd, carries exactly when
   * the dropped part is over half, or exactly half with an odd kept part; a carry out of the
   * fraction bumps the exponent, up to infinity. */
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<unsigned short>(u >> 16);
}

/* double -> float rounding to odd: truncate toward zero, then set the last bit when anything
 * was dropped. A float holds more than 8 + 2 bits, so rounding that to bfloat16 afterwards gives
 * the correctly rounded bfloat16 of the double. Infinities and NaNs pass through. */
__FERROCM_BF16_API float __ferrocm_double_to_float_odd(double d) {
  float f = static_cast<float>(d);
  if (!__builtin_isfinite(f) && __builtin_isfinite(d)) {
    /* Beyond float's range: the largest float of that sign, marked inexact, rounds to
     * infinity as the exact value would (everything past bfloat16's largest finite value
     * plus half an ulp does). */
    return d > 0 ? __builtin_bit_cast(float, 0x7f7fffffu) : __builtin_bit_cast(float, 0xff7fffffu);
  }
  double back = static_cast<double>(f);
  if (back != d && __builtin_isfinite(d)) {
    unsigned int fb = __builtin_bit_cast(unsigned int, f);
    if (__builtin_fabs(back) > __builtin_fabs(d)) fb -= 1;
    fb |= 1u;
    f = __builtin_bit_cast(float, fb);
  }
  return f;
}
/* An unsigned 64-bit magnitude as a float rounded to odd (exact below 2^24). */
__FERROCM_BF16_API float __ferrocm_u64_to_float_odd(unsigned long long m) {
  if (m < (1ull << 24)) return static_cast<float>(m);
  int shift = (64 - __builtin_clzll(m)) - 24;
  unsigned long long kept = m >> shift;
  if (m & ((1ull << shift) - 1)) kept |= 1u;
  /* kept < 2^24 and a power of two are exact floats, and so is their product. */
  return static_cast<float>(kept) * static_cast<float>(1ull << shift);
}
__FERROCM_BF16_API unsigned short __ferrocm_u64_to_bf16_bits(unsigned long long m, bool neg) {
  unsigned short b = __ferrocm_float_to_bf16_bits(__ferrocm_u64_to_float_odd(m));
  return neg ? static_cast<unsigned short>(b | 0x8000u) : b;
}
__FERROCM_BF16_API unsigned short __ferrocm_i64_to_bf16_bits(long long i) {
  return i < 0 ? __ferrocm_u64_to_bf16_bits(0ull - static_cast<unsigned long long>(i), true)
               : __ferrocm_u64_to_bf16_bits(static_cast<unsigned long long>(i), false);
}

/* The raw forms: the bits of one value and of a pair. */
struct __attribute__((aligned(2))) __hip_bfloat16_raw {
  unsigned short x;
};
struct __attribute__((aligned(4))) __hip_bfloat162_raw {
  unsigned short x, y;
};

struct __attribute__((aligned(2))) __hip_bfloat16 {
  unsigned short data;

  __hip_bfloat16() = default;
  __FERROCM_BF16_FN __hip_bfloat16(float f) : data(__ferrocm_float_to_bf16_bits(f)) {}
  __FERROCM_BF16_FN __hip_bfloat16(double d)
      : data(__ferrocm_float_to_bf16_bits(__ferrocm_double_to_float_odd(d))) {}
  __FERROCM_BF16_FN __hip_bfloat16(int i) : data(__ferrocm_i64_to_bf16_bits(i)) {}
  __FERROCM_BF16_FN __hip_bfloat16(unsigned int i) : data(__ferrocm_u64_to_bf16_bits(i, false)) {}
  __FERROCM_BF16_FN __hip_bfloat16(short i) : data(__ferrocm_i64_to_bf16_bits(i)) {}
  __FERROCM_BF16_FN __hip_bfloat16(unsigned short i)
      : data(__ferrocm_u64_to_bf16_bits(i, false)) {}
  __FERROCM_BF16_FN __hip_bfloat16(long i) : data(__ferrocm_i64_to_bf16_bits(i)) {}
  __FERROCM_BF16_FN __hip_bfloat16(unsigned long i)
      : data(__ferrocm_u64_to_bf16_bits(i, false)) {}
  __FERROCM_BF16_FN __hip_bfloat16(long long i) : data(__ferrocm_i64_to_bf16_bits(i)) {}
  __FERROCM_BF16_FN __hip_bfloat16(unsigned long long i)
      : data(__ferrocm_u64_to_bf16_bits(i, false)) {}
  __FERROCM_BF16_FN __hip_bfloat16(const __hip_bfloat16_raw &r) : data(r.x) {}
  __FERROCM_BF16_FN __hip_bfloat16 &operator=(const __hip_bfloat16_raw &r) {
    data = r.x;
    return *this;
  }
  __FERROCM_BF16_FN operator __hip_bfloat16_raw() const {
    __hip_bfloat16_raw r;
    r.x = data;
    return r;
  }
  __FERROCM_BF16_FN operator float() const {
    return __builtin_bit_cast(float, static_cast<unsigned int>(data) << 16);
  }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x, y;

  __hip_bfloat162() = default;
  __FERROCM_BF16_FN constexpr __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  __FERROCM_BF16_FN __hip_bfloat162(const __hip_bfloat162_raw &r) {
    x.data = r.x;
    y.data = r.y;
  }
  __FERROCM_BF16_FN __hip_bfloat162 &operator=(const __hip_bfloat162_raw &r) {
    x.data = r.x;
    y.data = r.y;
    return *this;
  }
  __FERROCM_BF16_FN operator __hip_bfloat162_raw() const {
    __hip_bfloat162_raw r;
    r.x = x.data;
    r.y = y.data;
    return r;
  }
  __FERROCM_BF16_FN operator float2() const {
    return float2(static_cast<float>(x), static_cast<float>(y));
  }
};

static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2,
              "__hip_bfloat16 is 16 bits, as in HIP");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4,
              "__hip_bfloat162 is 32 bits, as in HIP");
static_assert(sizeof(__hip_bfloat16_raw) == 2 && sizeof(__hip_bfloat162_raw) == 4,
              "raw forms match");

/* ---- bits and conversions ---- */
__FERROCM_BF16_API unsigned short __bfloat16_as_ushort(__hip_bfloat16 b) { return b.data; }
__FERROCM_BF16_API short __bfloat16_as_short(__hip_bfloat16 b) {
  return __builtin_bit_cast(short, b.data);
}
__FERROCM_BF16_API __hip_bfloat16 __ushort_as_bfloat16(unsigned short bits) {
  __hip_bfloat16 r;
  r.data = bits;
  return r;
}
__FERROCM_BF16_API __hip_bfloat16 __short_as_bfloat16(short bits) {
  return __ushort_as_bfloat16(__builtin_bit_cast(unsigned short, bits));
}
__FERROCM_BF16_API float __bfloat162float(__hip_bfloat16 b) {
  return __builtin_bit_cast(float, static_cast<unsigned int>(b.data) << 16);
}
__FERROCM_BF16_API __hip_bfloat16 __float2bfloat16(float f) {
  return __ushort_as_bfloat16(__ferrocm_float_to_bf16_bits(f));
}
__FERROCM_BF16_API __hip_bfloat16 __float2bfloat16_rn(float f) { return __float2bfloat16(f); }
__FERROCM_BF16_API __hip_bfloat16 __double2bfloat16(double d) { return __hip_bfloat16(d); }

/* HIP's named bfloat16 constants. */
#define HIPRT_ONE_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x3f80u))
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x0000u))
#define HIPRT_INF_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7f80u))
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7f7fu))
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x0001u))
#define HIPRT_NAN_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7fffu))
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x8000u))

/* Integers, rounded to nearest even (once, whatever their width). */
__FERROCM_BF16_API __hip_bfloat16 __int2bfloat16_rn(int i) { return __hip_bfloat16(i); }
__FERROCM_BF16_API __hip_bfloat16 __uint2bfloat16_rn(unsigned int i) { return __hip_bfloat16(i); }
__FERROCM_BF16_API __hip_bfloat16 __short2bfloat16_rn(short i) { return __hip_bfloat16(i); }
__FERROCM_BF16_API __hip_bfloat16 __ushort2bfloat16_rn(unsigned short i) {
  return __hip_bfloat16(i);
}
__FERROCM_BF16_API __hip_bfloat16 __ll2bfloat16_rn(long long i) { return __hip_bfloat16(i); }
__FERROCM_BF16_API __hip_bfloat16 __ull2bfloat16_rn(unsigned long long i) {
  return __hip_bfloat16(i);
}
/* bfloat16 to integer, rounding as the suffix says; NaN gives 0, the rest saturates. */
#define __FERROCM_BF16_TO_INT_MODE(NAME, T, LO, HI, ROUND)                                     \
  __FERROCM_BF16_API T NAME(__hip_bfloat16 b) {                                                \
    float f = ROUND(__bfloat162float(b));                                                      \
    if (f != f) return 0;                                                                      \
    if (f <= static_cast<float>(LO)) return LO;                                                \
    if (f >= static_cast<float>(HI)) return HI;                                                \
    return static_cast<T>(f);                                                                  \
  }
#define __FERROCM_BF16_TO_INT(PREFIX, T, LO, HI)                                               \
  __FERROCM_BF16_TO_INT_MODE(__bfloat162##PREFIX##_rn, T, LO, HI, __builtin_roundevenf)        \
  __FERROCM_BF16_TO_INT_MODE(__bfloat162##PREFIX##_rz, T, LO, HI, __builtin_truncf)            \
  __FERROCM_BF16_TO_INT_MODE(__bfloat162##PREFIX##_rd, T, LO, HI, __builtin_floorf)            \
  __FERROCM_BF16_TO_INT_MODE(__bfloat162##PREFIX##_ru, T, LO, HI, __builtin_ceilf)
__FERROCM_BF16_TO_INT(int, int, (-2147483647 - 1), 2147483647)
__FERROCM_BF16_TO_INT(uint, unsigned int, 0u, 4294967295u)
__FERROCM_BF16_TO_INT(short, short, static_cast<short>(-32768), static_cast<short>(32767))
__FERROCM_BF16_TO_INT(ushort, unsigned short, static_cast<unsigned short>(0),
                      static_cast<unsigned short>(65535))
__FERROCM_BF16_TO_INT(ll, long long, (-9223372036854775807LL - 1), 9223372036854775807LL)
__FERROCM_BF16_TO_INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __FERROCM_BF16_TO_INT
#undef __FERROCM_BF16_TO_INT_MODE

__FERROCM_BF16_API __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 lo, __hip_bfloat16 hi) {
  return __hip_bfloat162(lo, hi);
}
__FERROCM_BF16_API __hip_bfloat162 make_bfloat162(__hip_bfloat16 x, __hip_bfloat16 y) {
  return __hip_bfloat162(x, y);
}
__FERROCM_BF16_API __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 b) {
  return __hip_bfloat162(b, b);
}
__FERROCM_BF16_API __hip_bfloat16 __low2bfloat16(__hip_bfloat162 v) { return v.x; }
__FERROCM_BF16_API __hip_bfloat16 __high2bfloat16(__hip_bfloat162 v) { return v.y; }
__FERROCM_BF16_API __hip_bfloat162 __low2bfloat162(__hip_bfloat162 v) {
  return __hip_bfloat162(v.x, v.x);
}
__FERROCM_BF16_API __hip_bfloat162 __high2bfloat162(__hip_bfloat162 v) {
  return __hip_bfloat162(v.y, v.y);
}
__FERROCM_BF16_API __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.x, b.x);
}
__FERROCM_BF16_API __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.y, b.y);
}
__FERROCM_BF16_API __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 v) {
  return __hip_bfloat162(v.y, v.x);
}
__FERROCM_BF16_API float __low2float(__hip_bfloat162 v) { return __bfloat162float(v.x); }
__FERROCM_BF16_API float __high2float(__hip_bfloat162 v) { return __bfloat162float(v.y); }
__FERROCM_BF16_API __hip_bfloat162 __float2bfloat162_rn(float f) {
  return __hip_bfloat162(__float2bfloat16(f), __float2bfloat16(f));
}
__FERROCM_BF16_API __hip_bfloat162 __floats2bfloat162_rn(float lo, float hi) {
  return __hip_bfloat162(__float2bfloat16(lo), __float2bfloat16(hi));
}
__FERROCM_BF16_API __hip_bfloat162 __float22bfloat162_rn(float2 v) {
  return __hip_bfloat162(__float2bfloat16(v.x), __float2bfloat16(v.y));
}
__FERROCM_BF16_API float2 __bfloat1622float2(__hip_bfloat162 v) {
  float2 r;
  r.x = __bfloat162float(v.x);
  r.y = __bfloat162float(v.y);
  return r;
}

/* ---- arithmetic ---- */
__FERROCM_BF16_API __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b));
}
__FERROCM_BF16_API __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) - __bfloat162float(b));
}
__FERROCM_BF16_API __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b));
}
__FERROCM_BF16_API __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __float2bfloat16(__bfloat162float(a) / __bfloat162float(b));
}
__FERROCM_BF16_API __hip_bfloat16 __hneg(__hip_bfloat16 a) {
  return __ushort_as_bfloat16(static_cast<unsigned short>(a.data ^ 0x8000u));
}
__FERROCM_BF16_API __hip_bfloat16 __habs(__hip_bfloat16 a) {
  return __ushort_as_bfloat16(static_cast<unsigned short>(a.data & 0x7fffu));
}
__FERROCM_BF16_API __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  double p = static_cast<double>(__bfloat162float(a)) * static_cast<double>(__bfloat162float(b));
  double z = static_cast<double>(__bfloat162float(c));
  double s = p + z;
  if (!__builtin_isfinite(s) || !__builtin_isfinite(p)) {
    /* Infinities and NaNs: the double result is already the answer. */
    return __float2bfloat16(static_cast<float>(s));
  }
  /* Two-sum: s + e is exactly p + z. */
  double bv = s - p;
  double e = (p - (s - bv)) + (z - bv);
  unsigned long long sb = __builtin_bit_cast(unsigned long long, s);
  if (e != 0.0 && (sb & 1u) == 0) {
    /* Round to odd: an inexact s moves one ulp toward the exact value unless already odd. */
    bool away = (e > 0.0) == (s > 0.0);
    sb = away ? sb + 1 : sb - 1;
    s = __builtin_bit_cast(double, sb);
  }
  /* double -> float, again rounding to odd: truncate, then mark inexactness in the last bit. */
  float f = static_cast<float>(s);
  unsigned int fb = __builtin_bit_cast(unsigned int, f);
  double back = static_cast<double>(f);
  if (back != s) {
    if (__builtin_fabs(back) > __builtin_fabs(s)) fb -= 1;
    fb |= 1u;
  }
  return __ushort_as_bfloat16(__ferrocm_float_to_bf16_bits(__builtin_bit_cast(float, fb)));
}

/* ---- classification and comparisons (ordered, except the ...u forms) ---- */
__FERROCM_BF16_API bool __hisnan(__hip_bfloat16 a) { return (a.data & 0x7fffu) > 0x7f80u; }
/* 1 for either infinity, as ROCm's (CUDA's gives -1 for -inf). */
__FERROCM_BF16_API int __hisinf(__hip_bfloat16 a) { return (a.data & 0x7fffu) == 0x7f80u; }
/* The comparisons share their names with __half's (hip_fp16.h); both types convert from every
 * arithmetic type, so a call with neither argument a bfloat16 (`__heq(x == y, 0)`) would be
 * ambiguous. These take part only when an argument is a __hip_bfloat16. */
template <class T> struct __ferrocm_is_bf16 {
  static constexpr bool value = false;
};
template <> struct __ferrocm_is_bf16<__hip_bfloat16> {
  static constexpr bool value = true;
};
template <bool> struct __ferrocm_bf16_if {};
template <> struct __ferrocm_bf16_if<true> {
  typedef int type;
};
#define __FERROCM_BF16_CMP(NAME, EXPR)                                                         \
  __FERROCM_BF16_API bool __ferrocm_bf16_##NAME(__hip_bfloat16 a, __hip_bfloat16 b) {          \
    float x = __bfloat162float(a), y = __bfloat162float(b);                                    \
    return EXPR;                                                                               \
  }                                                                                            \
  template <class A, class B,                                                                  \
            typename __ferrocm_bf16_if<__ferrocm_is_bf16<A>::value ||                          \
                                       __ferrocm_is_bf16<B>::value>::type = 0>                 \
  __FERROCM_BF16_API bool NAME(A a, B b) {                                                     \
    return __ferrocm_bf16_##NAME(__hip_bfloat16(a), __hip_bfloat16(b));                        \
  }
__FERROCM_BF16_CMP(__heq, x == y)
__FERROCM_BF16_CMP(__hne, x < y || x > y)
__FERROCM_BF16_CMP(__hlt, x < y)
__FERROCM_BF16_CMP(__hle, x <= y)
__FERROCM_BF16_CMP(__hgt, x > y)
__FERROCM_BF16_CMP(__hge, x >= y)
__FERROCM_BF16_CMP(__hequ, !(x < y || x > y))
__FERROCM_BF16_CMP(__hneu, !(x == y))
__FERROCM_BF16_CMP(__hltu, !(x >= y))
__FERROCM_BF16_CMP(__hleu, !(x > y))
__FERROCM_BF16_CMP(__hgtu, !(x <= y))
__FERROCM_BF16_CMP(__hgeu, !(x < y))
#undef __FERROCM_BF16_CMP
/* As for half: the other operand when one is NaN, the canonical NaN (0x7fff) when both are;
 * of two equal values (+0 and -0) both return the second, as HIP's bfloat16 ones do. The _nan
 * forms return the (first) NaN operand. */
__FERROCM_BF16_API __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) && __hisnan(b)) return __ushort_as_bfloat16(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __bfloat162float(a) > __bfloat162float(b) ? a : b;
}
__FERROCM_BF16_API __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a) && __hisnan(b)) return __ushort_as_bfloat16(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __bfloat162float(a) < __bfloat162float(b) ? a : b;
}
__FERROCM_BF16_API __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmax(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmin(a, b);
}

/* ---- math: the float function, rounded to bfloat16 (sqrt, rcp and the roundings are then
 * correctly rounded: float carries more than 2 * 8 + 2 bits) ---- */
#define __FERROCM_BF16_MATH(NAME, EXPR)                                                        \
  __FERROCM_BF16_API __hip_bfloat16 NAME(__hip_bfloat16 h) {                                   \
    float x = __bfloat162float(h);                                                             \
    return __float2bfloat16(EXPR);                                                             \
  }
__FERROCM_BF16_MATH(hsqrt, __builtin_sqrtf(x))
__FERROCM_BF16_MATH(hrsqrt, 1.0f / __builtin_sqrtf(x))
__FERROCM_BF16_MATH(hrcp, 1.0f / x)
__FERROCM_BF16_MATH(hexp, __builtin_expf(x))
__FERROCM_BF16_MATH(hexp2, __builtin_exp2f(x))
__FERROCM_BF16_MATH(hexp10, __builtin_powf(10.0f, x))
__FERROCM_BF16_MATH(hlog, __builtin_logf(x))
__FERROCM_BF16_MATH(hlog2, __builtin_log2f(x))
__FERROCM_BF16_MATH(hlog10, __builtin_log10f(x))
__FERROCM_BF16_MATH(hsin, __builtin_sinf(x))
__FERROCM_BF16_MATH(hcos, __builtin_cosf(x))
__FERROCM_BF16_MATH(hfloor, __builtin_floorf(x))
__FERROCM_BF16_MATH(hceil, __builtin_ceilf(x))
__FERROCM_BF16_MATH(htrunc, __builtin_truncf(x))
__FERROCM_BF16_MATH(hrint, __builtin_rintf(x))
#undef __FERROCM_BF16_MATH

/* ---- __hip_bfloat162, lane by lane ---- */
#define __FERROCM_BF162_BINARY(NAME, F)                                                        \
  __FERROCM_BF16_API __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) {              \
    return __hip_bfloat162(F(a.x, b.x), F(a.y, b.y));                                          \
  }
__FERROCM_BF162_BINARY(__hadd2, __hadd)
__FERROCM_BF162_BINARY(__hsub2, __hsub)
__FERROCM_BF162_BINARY(__hmul2, __hmul)
__FERROCM_BF162_BINARY(__h2div, __hdiv)
__FERROCM_BF162_BINARY(__hmax2, __hmax)
__FERROCM_BF162_BINARY(__hmin2, __hmin)
__FERROCM_BF162_BINARY(__hmax2_nan, __hmax_nan)
__FERROCM_BF162_BINARY(__hmin2_nan, __hmin_nan)
#undef __FERROCM_BF162_BINARY
#define __FERROCM_BF162_UNARY(NAME, F)                                                         \
  __FERROCM_BF16_API __hip_bfloat162 NAME(__hip_bfloat162 a) {                                 \
    return __hip_bfloat162(F(a.x), F(a.y));                                                    \
  }
__FERROCM_BF162_UNARY(h2sqrt, hsqrt)
__FERROCM_BF162_UNARY(h2rsqrt, hrsqrt)
__FERROCM_BF162_UNARY(h2rcp, hrcp)
__FERROCM_BF162_UNARY(h2exp, hexp)
__FERROCM_BF162_UNARY(h2exp2, hexp2)
__FERROCM_BF162_UNARY(h2exp10, hexp10)
__FERROCM_BF162_UNARY(h2log, hlog)
__FERROCM_BF162_UNARY(h2log2, hlog2)
__FERROCM_BF162_UNARY(h2log10, hlog10)
__FERROCM_BF162_UNARY(h2sin, hsin)
__FERROCM_BF162_UNARY(h2cos, hcos)
__FERROCM_BF162_UNARY(h2floor, hfloor)
__FERROCM_BF162_UNARY(h2ceil, hceil)
__FERROCM_BF162_UNARY(h2trunc, htrunc)
__FERROCM_BF162_UNARY(h2rint, hrint)
#undef __FERROCM_BF162_UNARY
__FERROCM_BF16_API __hip_bfloat162 __hneg2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hneg(a.x), __hneg(a.y));
}
__FERROCM_BF16_API __hip_bfloat162 __habs2(__hip_bfloat162 a) {
  return __hip_bfloat162(__habs(a.x), __habs(a.y));
}
__FERROCM_BF16_API __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b,
                                           __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__FERROCM_BF16_API __hip_bfloat162 __hisnan2(__hip_bfloat162 a) {
  return __hip_bfloat162(__ushort_as_bfloat16(__hisnan(a.x) ? 0x3f80u : 0u),
                         __ushort_as_bfloat16(__hisnan(a.y) ? 0x3f80u : 0u));
}
__FERROCM_BF16_API __hip_bfloat162 __hisinf2(__hip_bfloat162 a) {
  return __hip_bfloat162(__ushort_as_bfloat16(__hisinf(a.x) ? 0x3f80u : 0u),
                         __ushort_as_bfloat16(__hisinf(a.y) ? 0x3f80u : 0u));
}
/* Lane comparisons: __hXX2 gives 1.0 or 0.0 per lane, __hbXX2 true when both lanes hold. */
#define __FERROCM_BF162_CMP(NAME, BNAME, F)                                                    \
  __FERROCM_BF16_API __hip_bfloat162 NAME(__hip_bfloat162 a, __hip_bfloat162 b) {              \
    return __hip_bfloat162(__ushort_as_bfloat16(F(a.x, b.x) ? 0x3f80u : 0u),                   \
                           __ushort_as_bfloat16(F(a.y, b.y) ? 0x3f80u : 0u));                  \
  }                                                                                            \
  __FERROCM_BF16_API bool BNAME(__hip_bfloat162 a, __hip_bfloat162 b) {                        \
    return F(a.x, b.x) && F(a.y, b.y);                                                         \
  }
__FERROCM_BF162_CMP(__heq2, __hbeq2, __heq)
__FERROCM_BF162_CMP(__hne2, __hbne2, __hne)
__FERROCM_BF162_CMP(__hlt2, __hblt2, __hlt)
__FERROCM_BF162_CMP(__hle2, __hble2, __hle)
__FERROCM_BF162_CMP(__hgt2, __hbgt2, __hgt)
__FERROCM_BF162_CMP(__hge2, __hbge2, __hge)
__FERROCM_BF162_CMP(__hequ2, __hbequ2, __hequ)
__FERROCM_BF162_CMP(__hneu2, __hbneu2, __hneu)
__FERROCM_BF162_CMP(__hltu2, __hbltu2, __hltu)
__FERROCM_BF162_CMP(__hleu2, __hbleu2, __hleu)
__FERROCM_BF162_CMP(__hgtu2, __hbgtu2, __hgtu)
__FERROCM_BF162_CMP(__hgeu2, __hbgeu2, __hgeu)
#undef __FERROCM_BF162_CMP

#if defined(__HIP__)
/* ---- atomics: a compare-and-swap loop on the aligned 32-bit word holding the value ---- */
static __device__ inline __attribute__((always_inline)) __hip_bfloat162
unsafeAtomicAdd(__hip_bfloat162 *address, __hip_bfloat162 value) {
  unsigned int *word = reinterpret_cast<unsigned int *>(address);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned int next;
  do {
    next = __builtin_bit_cast(unsigned int,
                              __hadd2(__builtin_bit_cast(__hip_bfloat162, old), value));
  } while (!__hip_atomic_compare_exchange_strong(word, &old, next, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
  return __builtin_bit_cast(__hip_bfloat162, old);
}
static __device__ inline __attribute__((always_inline)) __hip_bfloat16
unsafeAtomicAdd(__hip_bfloat16 *address, __hip_bfloat16 value) {
  /* Only this value's 16 bits of the word change; its neighbour is written back as it was. */
  unsigned long long a = reinterpret_cast<unsigned long long>(address);
  unsigned int shift = (a & 2u) ? 16u : 0u;
  unsigned int *word = reinterpret_cast<unsigned int *>(a & ~3ull);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned int next;
  do {
    __hip_bfloat16 cur = __ushort_as_bfloat16(static_cast<unsigned short>(old >> shift));
    unsigned int sum = __bfloat16_as_ushort(__hadd(cur, value));
    next = (old & ~(0xffffu << shift)) | (sum << shift);
  } while (!__hip_atomic_compare_exchange_strong(word, &old, next, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
  return __ushort_as_bfloat16(static_cast<unsigned short>(old >> shift));
}
#endif

/* ---- C++ operators (C++'s meaning: != is true on NaN, the rest false) ---- */
#if !defined(__HIP_NO_BF16_OPERATORS__)
__FERROCM_BF16_API __hip_bfloat16 operator+(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hadd(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 operator-(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hsub(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 operator*(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hmul(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 operator/(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hdiv(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 operator+(__hip_bfloat16 a) { return a; }
__FERROCM_BF16_API __hip_bfloat16 operator-(__hip_bfloat16 a) { return __hneg(a); }
__FERROCM_BF16_API __hip_bfloat16 &operator+=(__hip_bfloat16 &a, __hip_bfloat16 b) {
  return a = __hadd(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 &operator-=(__hip_bfloat16 &a, __hip_bfloat16 b) {
  return a = __hsub(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 &operator*=(__hip_bfloat16 &a, __hip_bfloat16 b) {
  return a = __hmul(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 &operator/=(__hip_bfloat16 &a, __hip_bfloat16 b) {
  return a = __hdiv(a, b);
}
__FERROCM_BF16_API __hip_bfloat16 &operator++(__hip_bfloat16 &a) {
  return a = __hadd(a, __ushort_as_bfloat16(0x3f80u));
}
__FERROCM_BF16_API __hip_bfloat16 &operator--(__hip_bfloat16 &a) {
  return a = __hsub(a, __ushort_as_bfloat16(0x3f80u));
}
__FERROCM_BF16_API __hip_bfloat16 operator++(__hip_bfloat16 &a, int) {
  __hip_bfloat16 old = a;
  ++a;
  return old;
}
__FERROCM_BF16_API __hip_bfloat16 operator--(__hip_bfloat16 &a, int) {
  __hip_bfloat16 old = a;
  --a;
  return old;
}
__FERROCM_BF16_API bool operator==(__hip_bfloat16 a, __hip_bfloat16 b) { return __heq(a, b); }
__FERROCM_BF16_API bool operator!=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hneu(a, b); }
__FERROCM_BF16_API bool operator<(__hip_bfloat16 a, __hip_bfloat16 b) { return __hlt(a, b); }
__FERROCM_BF16_API bool operator<=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hle(a, b); }
__FERROCM_BF16_API bool operator>(__hip_bfloat16 a, __hip_bfloat16 b) { return __hgt(a, b); }
__FERROCM_BF16_API bool operator>=(__hip_bfloat16 a, __hip_bfloat16 b) { return __hge(a, b); }

__FERROCM_BF16_API __hip_bfloat162 operator+(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hadd2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 operator-(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hsub2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 operator*(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hmul2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 operator/(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __h2div(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 operator-(__hip_bfloat162 a) { return __hneg2(a); }
__FERROCM_BF16_API __hip_bfloat162 operator+(__hip_bfloat162 a) { return a; }
__FERROCM_BF16_API __hip_bfloat162 &operator+=(__hip_bfloat162 &a, __hip_bfloat162 b) {
  return a = __hadd2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 &operator-=(__hip_bfloat162 &a, __hip_bfloat162 b) {
  return a = __hsub2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 &operator*=(__hip_bfloat162 &a, __hip_bfloat162 b) {
  return a = __hmul2(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 &operator/=(__hip_bfloat162 &a, __hip_bfloat162 b) {
  return a = __h2div(a, b);
}
__FERROCM_BF16_API __hip_bfloat162 &operator++(__hip_bfloat162 &a) {
  return a = __hadd2(a, __bfloat162bfloat162(__ushort_as_bfloat16(0x3f80u)));
}
__FERROCM_BF16_API __hip_bfloat162 &operator--(__hip_bfloat162 &a) {
  return a = __hsub2(a, __bfloat162bfloat162(__ushort_as_bfloat16(0x3f80u)));
}
__FERROCM_BF16_API __hip_bfloat162 operator++(__hip_bfloat162 &a, int) {
  __hip_bfloat162 old = a;
  ++a;
  return old;
}
__FERROCM_BF16_API __hip_bfloat162 operator--(__hip_bfloat162 &a, int) {
  __hip_bfloat162 old = a;
  --a;
  return old;
}
/* Whole-pair comparisons: true when both lanes compare so (!= when either lane differs). */
__FERROCM_BF16_API bool operator==(__hip_bfloat162 a, __hip_bfloat162 b) { return __hbeq2(a, b); }
__FERROCM_BF16_API bool operator!=(__hip_bfloat162 a, __hip_bfloat162 b) { return !__hbeq2(a, b); }
__FERROCM_BF16_API bool operator<(__hip_bfloat162 a, __hip_bfloat162 b) { return __hblt2(a, b); }
__FERROCM_BF16_API bool operator<=(__hip_bfloat162 a, __hip_bfloat162 b) { return __hble2(a, b); }
__FERROCM_BF16_API bool operator>(__hip_bfloat162 a, __hip_bfloat162 b) { return __hbgt2(a, b); }
__FERROCM_BF16_API bool operator>=(__hip_bfloat162 a, __hip_bfloat162 b) { return __hbge2(a, b); }
#endif /* !__HIP_NO_BF16_OPERATORS__ */

/* ---- hip_bfloat16: HIP's older bfloat16 struct (<hip/hip_bfloat16.h> in ROCm) ----
 * Trivial and standard-layout (C code sees `struct { uint16_t data; }`); built from a float
 * explicitly, rounding to nearest even, or truncating with hip_bfloat16::truncate (a NaN stays
 * a NaN either way); converts to float implicitly. */
#if !defined(FERROCM_HIP_BFLOAT16_DEFINED)
#define FERROCM_HIP_BFLOAT16_DEFINED 1
struct hip_bfloat16 {
  unsigned short data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  __FERROCM_BF16_FN explicit hip_bfloat16(float f) : data(__ferrocm_float_to_bf16_bits(f)) {}
  __FERROCM_BF16_FN explicit hip_bfloat16(float f, truncate_t) : data(truncate_bits(f)) {}
  __FERROCM_BF16_FN operator float() const {
    return __builtin_bit_cast(float, static_cast<unsigned int>(data) << 16);
  }
  __FERROCM_BF16_FN hip_bfloat16 &operator=(const float &f) {
    data = __ferrocm_float_to_bf16_bits(f);
    return *this;
  }
  static __FERROCM_BF16_FN hip_bfloat16 round_to_bfloat16(float f) { return hip_bfloat16(f); }
  static __FERROCM_BF16_FN hip_bfloat16 round_to_bfloat16(float f, truncate_t t) {
    return hip_bfloat16(f, t);
  }

private:
  /* Drops the low 16 bits; a NaN whose kept fraction bits are all zero keeps one set. */
  static __FERROCM_BF16_FN unsigned short truncate_bits(float f) {
    unsigned int u = __builtin_bit_cast(unsigned int, f);
    unsigned short b = static_cast<unsigned short>(u >> 16);
    if ((u & 0x7fffffffu) > 0x7f800000u && (b & 0x7fu) == 0) b |= 1u;
    return b;
  }
};
static_assert(sizeof(hip_bfloat16) == 2 && alignof(hip_bfloat16) == 2, "hip_bfloat16 layout");

__FERROCM_BF16_API hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
__FERROCM_BF16_API hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data = static_cast<unsigned short>(a.data ^ 0x8000u);
  return a;
}
__FERROCM_BF16_API hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(static_cast<float>(a) + static_cast<float>(b));
}
__FERROCM_BF16_API hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(static_cast<float>(a) - static_cast<float>(b));
}
__FERROCM_BF16_API hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(static_cast<float>(a) * static_cast<float>(b));
}
__FERROCM_BF16_API hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(static_cast<float>(a) / static_cast<float>(b));
}
__FERROCM_BF16_API bool operator<(hip_bfloat16 a, hip_bfloat16 b) {
  return static_cast<float>(a) < static_cast<float>(b);
}
__FERROCM_BF16_API bool operator==(hip_bfloat16 a, hip_bfloat16 b) {
  return static_cast<float>(a) == static_cast<float>(b);
}
__FERROCM_BF16_API bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return b < a; }
__FERROCM_BF16_API bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return !(b < a); }
__FERROCM_BF16_API bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return !(a < b); }
__FERROCM_BF16_API bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return !(a == b); }
__FERROCM_BF16_API hip_bfloat16 &operator+=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a + b; }
__FERROCM_BF16_API hip_bfloat16 &operator-=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a - b; }
__FERROCM_BF16_API hip_bfloat16 &operator*=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a * b; }
__FERROCM_BF16_API hip_bfloat16 &operator/=(hip_bfloat16 &a, hip_bfloat16 b) { return a = a / b; }
__FERROCM_BF16_API hip_bfloat16 &operator++(hip_bfloat16 &a) { return a += hip_bfloat16(1.0f); }
__FERROCM_BF16_API hip_bfloat16 &operator--(hip_bfloat16 &a) { return a -= hip_bfloat16(1.0f); }
__FERROCM_BF16_API hip_bfloat16 operator++(hip_bfloat16 &a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
__FERROCM_BF16_API hip_bfloat16 operator--(hip_bfloat16 &a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}
/* The classification and the few math functions ROCm's hip_bfloat16.h adds to namespace std
 * (std::iszero has no standard counterpart); computed in float, exact for these. */
namespace std {
__FERROCM_BF16_API bool isinf(hip_bfloat16 a) { return (a.data & 0x7fffu) == 0x7f80u; }
__FERROCM_BF16_API bool isnan(hip_bfloat16 a) { return (a.data & 0x7fffu) > 0x7f80u; }
__FERROCM_BF16_API bool iszero(hip_bfloat16 a) { return (a.data & 0x7fffu) == 0; }
__FERROCM_BF16_API hip_bfloat16 abs(hip_bfloat16 a) {
  a.data = static_cast<unsigned short>(a.data & 0x7fffu);
  return a;
}
__FERROCM_BF16_API hip_bfloat16 sin(hip_bfloat16 a) {
  return hip_bfloat16(__builtin_sinf(static_cast<float>(a)));
}
__FERROCM_BF16_API hip_bfloat16 cos(hip_bfloat16 a) {
  return hip_bfloat16(__builtin_cosf(static_cast<float>(a)));
}
__FERROCM_BF16_API hip_bfloat16 real(hip_bfloat16 a) { return a; }
} /* namespace std */

#if !defined(__HIPCC_RTC__)
/* Printed as its float value, as ROCm's header does. Without an exact match here, a program's own
 * overload for a type convertible from hip_bfloat16 makes `stream << x` ambiguous with the stream's
 * float overload (hipCUB's tests). */
#include <ostream>
inline std::ostream &operator<<(std::ostream &os, const hip_bfloat16 &x) {
  return os << static_cast<float>(x);
}
#endif
#endif /* FERROCM_HIP_BFLOAT16_DEFINED */

#undef __FERROCM_BF16_API
#undef __FERROCM_BF16_FN

#endif /* FERROCM_HIP_BF16_H */
