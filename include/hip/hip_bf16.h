/* ferrocm: bfloat16 for HIP: __hip_bfloat16 and __hip_bfloat162, their conversions,
 * arithmetic and comparisons.
 *
 * A __hip_bfloat16 is the upper half of a float's bits, kept as an unsigned short (`data`),
 * size 2: clang-19 has no __bf16 for spirv64, so every operation widens to float (exact:
 * shift the bits up), computes there and rounds back to nearest even in integer arithmetic.
 * For + - * / that one float rounding followed by the rounding to bfloat16 is the correct
 * result (float carries more than 2*8+2 bits). __hfma uses the exact double product, the
 * rounding error of the double sum (two-sum) and round-to-odd so that the final rounding is
 * the only one that counts.
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

struct __hip_bfloat16 {
  unsigned short data;

  __hip_bfloat16() = default;
  __FERROCM_BF16_FN __hip_bfloat16(float f) : data(__ferrocm_float_to_bf16_bits(f)) {}
  __FERROCM_BF16_FN operator float() const {
    return __builtin_bit_cast(float, static_cast<unsigned int>(data) << 16);
  }
};

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x, y;

  __hip_bfloat162() = default;
  __FERROCM_BF16_FN constexpr __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
};

static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2,
              "__hip_bfloat16 is 16 bits, as in HIP");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4,
              "__hip_bfloat162 is 32 bits, as in HIP");

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
__FERROCM_BF16_API int __hisinf(__hip_bfloat16 a) {
  if (a.data == 0x7f80u) return 1;
  if (a.data == 0xff80u) return -1;
  return 0;
}
#define __FERROCM_BF16_CMP(NAME, EXPR)                                                         \
  __FERROCM_BF16_API bool NAME(__hip_bfloat16 a, __hip_bfloat16 b) {                           \
    float x = __bfloat162float(a), y = __bfloat162float(b);                                    \
    return EXPR;                                                                               \
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
__FERROCM_BF16_API __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __bfloat162float(a) >= __bfloat162float(b) ? a : b;
}
__FERROCM_BF16_API __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return __bfloat162float(a) <= __bfloat162float(b) ? a : b;
}

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
#undef __FERROCM_BF162_BINARY
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
__FERROCM_BF16_API bool __hbeq2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __heq(a.x, b.x) && __heq(a.y, b.y);
}

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
#endif /* !__HIP_NO_BF16_OPERATORS__ */

#undef __FERROCM_BF16_API
#undef __FERROCM_BF16_FN

#endif /* FERROCM_HIP_BF16_H */
