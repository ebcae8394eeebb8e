/* ferrocm: 8-bit floating point (ROCm's hip/hip_fp8.h), in software, host and device.
 *
 * Four encodings, each sign | exponent | mantissa in one byte:
 *   __HIP_E4M3_FNUZ  4-bit exponent, bias 8, 3-bit mantissa: largest 240. No infinities and no
 *                    negative zero: 0x80 is the one NaN.
 *   __HIP_E5M2_FNUZ  5-bit exponent, bias 16, 2-bit mantissa: largest 57344. 0x80 is the NaN.
 *   __HIP_E4M3       OCP E4M3 (bias 7): largest 448, no infinities, S.1111.111 is NaN.
 *   __HIP_E5M2       OCP E5M2 (bias 15): IEEE-like, largest 57344, S.11111.00 is infinity,
 *                    other S.11111.xx are NaN.
 * Conversions to fp8 round to nearest, ties to even (subnormals included), as ROCm's do. A value
 * whose magnitude exceeds the largest finite one becomes, with __HIP_SATFINITE, the largest
 * finite value of its sign, and with __HIP_NOSAT the encoding's NaN (infinity for OCP E5M2).
 * Infinities become NaN except in OCP E5M2, where they stay infinite; NaN stays NaN. Zero of
 * either sign is +0 in the FNUZ encodings and keeps its sign in the OCP ones. Conversions from
 * fp8 are exact (every fp8 value is a half, a float and a double).
 *
 * The class types (__hip_fp8_e4m3_fnuz, __hip_fp8_e5m2_fnuz, __hip_fp8_e4m3, __hip_fp8_e5m2 and
 * their x2/x4 forms) convert from float, double, __half, __hip_bfloat16 and the integers with
 * __HIP_SATFINITE, and to float implicitly (to double, __half and bool explicitly); the pairs
 * from float2, double2, __half2 and __hip_bfloat162 (to float2 and __half2), the quadruples
 * from float4, double4 and two __half2 or two __hip_bfloat162 (to float4), as ROCm's do. */
#ifndef FERROCM_HIP_FP8_H
#define FERROCM_HIP_FP8_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,
  __HIP_E5M2 = 1,
  __HIP_E4M3_FNUZ = 2,
  __HIP_E5M2_FNUZ = 3,
};

enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

/* Both passes of a HIP compile support every encoding in software. */
#define HIP_FP8_TYPE_FNUZ 1
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_CVT_FAST_PATH 0

#define __FERROCM_FP8_FN __host__ __device__ inline __attribute__((always_inline))

/* The parameters of one encoding. */
struct __ferrocm_fp8_format {
  int mant_bits;
  int bias;
  double max_finite;
  unsigned char max_code; /* the largest finite magnitude's code */
  bool fnuz;
  bool has_inf; /* OCP E5M2 */
};

__FERROCM_FP8_FN constexpr __ferrocm_fp8_format
__ferrocm_fp8_format_of(__hip_fp8_interpretation_t kind) {
  return kind == __HIP_E4M3_FNUZ   ? __ferrocm_fp8_format{3, 8, 240.0, 0x7f, true, false}
         : kind == __HIP_E5M2_FNUZ ? __ferrocm_fp8_format{2, 16, 57344.0, 0x7f, true, false}
         : kind == __HIP_E4M3      ? __ferrocm_fp8_format{3, 7, 448.0, 0x7e, false, false}
                                   : __ferrocm_fp8_format{2, 15, 57344.0, 0x7b, false, true};
}

/* 2^k as a double, for -1022 <= k <= 1023. */
__FERROCM_FP8_FN double __ferrocm_fp8_pow2(int k) {
  return __builtin_bit_cast(double, (unsigned long long)(k + 1023) << 52);
}

/* The one rounding of a double (floats, halves and bfloat16s convert to double exactly). */
__FERROCM_FP8_FN __hip_fp8_storage_t __ferrocm_fp8_from_double(double v, __hip_saturation_t sat,
                                                              __hip_fp8_interpretation_t kind) {
  const __ferrocm_fp8_format f = __ferrocm_fp8_format_of(kind);
  unsigned long long bits = __builtin_bit_cast(unsigned long long, v);
  unsigned int sign = (unsigned int)(bits >> 63) << 7;
  unsigned long long mag_bits = bits & 0x7fffffffffffffffull;
  double mag = __builtin_bit_cast(double, mag_bits);
  unsigned int nan = f.fnuz ? 0x80u : (sign | 0x7fu);
  if (mag_bits > 0x7ff0000000000000ull) return (__hip_fp8_storage_t)nan;
  if (mag_bits == 0x7ff0000000000000ull)
    return (__hip_fp8_storage_t)(f.has_inf ? (sign | 0x7cu) : nan);
  if (mag > f.max_finite) {
    if (sat == __HIP_SATFINITE) return (__hip_fp8_storage_t)(sign | f.max_code);
    return (__hip_fp8_storage_t)(f.has_inf ? (sign | 0x7cu) : nan);
  }
  /* The exponent of the value's leading bit, no lower than the smallest normal's. */
  int min_exp = 1 - f.bias;
  int e = (int)(mag_bits >> 52) - 1023;
  if (e < min_exp) e = min_exp;
  /* The value in units of the last mantissa bit at that exponent, rounded to an integer. */
  double units = __builtin_rint(mag * __ferrocm_fp8_pow2(f.mant_bits - e));
  unsigned int r = (unsigned int)units;
  unsigned int implicit = 1u << f.mant_bits;
  if (r >= 2 * implicit) { /* rounded up to the next binade */
    r >>= 1;
    ++e;
  }
  unsigned int code;
  if (r < implicit)
    code = r; /* subnormal (or zero): exponent field 0 */
  else
    code = ((unsigned int)(e + f.bias) << f.mant_bits) | (r - implicit);
  if (code == 0) return (__hip_fp8_storage_t)(f.fnuz ? 0u : sign);
  return (__hip_fp8_storage_t)(sign | code);
}

/* The exact value of an fp8 code, as a float. */
__FERROCM_FP8_FN float __ferrocm_fp8_to_float(__hip_fp8_storage_t x,
                                              __hip_fp8_interpretation_t kind) {
  const __ferrocm_fp8_format f = __ferrocm_fp8_format_of(kind);
  unsigned int code = x;
  unsigned int mag = code & 0x7fu;
  bool negative = (code & 0x80u) != 0;
  if (f.fnuz) {
    if (code == 0x80u) return __builtin_nanf("");
  } else if (f.has_inf) {
    if ((mag >> 2) == 0x1fu) {
      if ((mag & 3u) != 0) return negative ? -__builtin_nanf("") : __builtin_nanf("");
      return negative ? -__builtin_inff() : __builtin_inff();
    }
  } else if (mag == 0x7fu) {
    return negative ? -__builtin_nanf("") : __builtin_nanf("");
  }
  int exp_field = (int)(mag >> f.mant_bits);
  unsigned int mant = mag & ((1u << f.mant_bits) - 1u);
  double value;
  if (exp_field == 0)
    value = (double)mant * __ferrocm_fp8_pow2(1 - f.bias - f.mant_bits);
  else
    value = (double)((1u << f.mant_bits) | mant) *
            __ferrocm_fp8_pow2(exp_field - f.bias - f.mant_bits);
  return (float)(negative ? -value : value);
}

/* ---- ROCm's conversion functions ---- */
__FERROCM_FP8_FN __hip_fp8_storage_t __hip_cvt_float_to_fp8(const float f,
                                                           const __hip_saturation_t sat,
                                                           const __hip_fp8_interpretation_t type) {
  return __ferrocm_fp8_from_double((double)f, sat, type);
}
__FERROCM_FP8_FN __hip_fp8_storage_t __hip_cvt_double_to_fp8(const double d,
                                                            const __hip_saturation_t sat,
                                                            const __hip_fp8_interpretation_t type) {
  return __ferrocm_fp8_from_double(d, sat, type);
}
__FERROCM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(
    const float2 f2, const __hip_saturation_t sat, const __hip_fp8_interpretation_t type) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_float_to_fp8(f2.x, sat, type) |
                                 (__hip_cvt_float_to_fp8(f2.y, sat, type) << 8));
}
__FERROCM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(
    const double2 d2, const __hip_saturation_t sat, const __hip_fp8_interpretation_t type) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_double_to_fp8(d2.x, sat, type) |
                                 (__hip_cvt_double_to_fp8(d2.y, sat, type) << 8));
}
__FERROCM_FP8_FN __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(
    const __half_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t type) {
  return __ferrocm_fp8_from_double((double)x.data, sat, type);
}
__FERROCM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(
    const __half2_raw x, const __hip_saturation_t sat, const __hip_fp8_interpretation_t type) {
  __half_raw lo, hi;
  lo.x = x.x;
  hi.x = x.y;
  return (__hip_fp8x2_storage_t)(__hip_cvt_halfraw_to_fp8(lo, sat, type) |
                                 (__hip_cvt_halfraw_to_fp8(hi, sat, type) << 8));
}
__FERROCM_FP8_FN __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(
    const __hip_bfloat16_raw hr, const __hip_saturation_t sat,
    const __hip_fp8_interpretation_t type) {
  float f = __builtin_bit_cast(float, (unsigned int)hr.x << 16);
  return __hip_cvt_float_to_fp8(f, sat, type);
}
__FERROCM_FP8_FN __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(
    const __hip_bfloat162_raw hr, const __hip_saturation_t sat,
    const __hip_fp8_interpretation_t type) {
  __hip_bfloat16_raw lo, hi;
  lo.x = hr.x;
  hi.x = hr.y;
  return (__hip_fp8x2_storage_t)(__hip_cvt_bfloat16raw_to_fp8(lo, sat, type) |
                                 (__hip_cvt_bfloat16raw_to_fp8(hi, sat, type) << 8));
}
__FERROCM_FP8_FN __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x,
                                                     const __hip_fp8_interpretation_t type) {
  __half_raw r;
  r.data = (_Float16)__ferrocm_fp8_to_float(x, type);
  return r;
}
__FERROCM_FP8_FN __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x,
                                                         const __hip_fp8_interpretation_t type) {
  __half2_raw r;
  r.x = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x & 0xffu), type).x;
  r.y = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x >> 8), type).x;
  return r;
}

/* ---- the class types ---- */
#define __FERROCM_FP8_SCALAR(NAME, KIND)                                                       \
  struct NAME {                                                                                \
    __hip_fp8_storage_t __x;                                                                   \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                \
    static constexpr __hip_fp8_interpretation_t __default_interpret = KIND;                   \
    NAME() = default;                                                                          \
    __FERROCM_FP8_FN NAME(const float f)                                                       \
        : __x(__hip_cvt_float_to_fp8(f, __default_saturation, KIND)) {}                        \
    __FERROCM_FP8_FN NAME(const double d)                                                      \
        : __x(__hip_cvt_double_to_fp8(d, __default_saturation, KIND)) {}                       \
    __FERROCM_FP8_FN NAME(const __half h)                                                      \
        : __x(__hip_cvt_halfraw_to_fp8(static_cast<__half_raw>(h), __default_saturation,      \
                                       KIND)) {}                                               \
    __FERROCM_FP8_FN NAME(const __hip_bfloat16 b)                                              \
        : __x(__hip_cvt_bfloat16raw_to_fp8(static_cast<__hip_bfloat16_raw>(b),                 \
                                           __default_saturation, KIND)) {}                     \
    __FERROCM_FP8_FN NAME(const int v) : NAME((double)v) {}                                    \
    __FERROCM_FP8_FN NAME(const unsigned int v) : NAME((double)v) {}                           \
    __FERROCM_FP8_FN NAME(const long v) : NAME((double)v) {}                                   \
    __FERROCM_FP8_FN NAME(const unsigned long v) : NAME((double)v) {}                          \
    __FERROCM_FP8_FN NAME(const long long v) : NAME((double)v) {}                              \
    __FERROCM_FP8_FN NAME(const unsigned long long v) : NAME((double)v) {}                     \
    __FERROCM_FP8_FN NAME(const short v) : NAME((double)v) {}                                  \
    __FERROCM_FP8_FN NAME(const unsigned short v) : NAME((double)v) {}                         \
    __FERROCM_FP8_FN operator float() const { return __ferrocm_fp8_to_float(__x, KIND); }      \
    __FERROCM_FP8_FN explicit operator double() const {                                        \
      return (double)__ferrocm_fp8_to_float(__x, KIND);                                        \
    }                                                                                          \
    __FERROCM_FP8_FN explicit operator __half() const {                                        \
      return __half(__hip_cvt_fp8_to_halfraw(__x, KIND));                                      \
    }                                                                                          \
    __FERROCM_FP8_FN explicit operator bool() const {                                          \
      return __ferrocm_fp8_to_float(__x, KIND) != 0.0f;                                        \
    }                                                                                          \
  };

#define __FERROCM_FP8_VECTOR(NAME, KIND)                                                       \
  struct NAME {                                                                                \
    __hip_fp8x2_storage_t __x;                                                                 \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                \
    static constexpr __hip_fp8_interpretation_t __default_interpret = KIND;                   \
    NAME() = default;                                                                          \
    __FERROCM_FP8_FN NAME(const float2 v)                                                      \
        : __x(__hip_cvt_float2_to_fp8x2(v, __default_saturation, KIND)) {}                     \
    __FERROCM_FP8_FN NAME(const double2 v)                                                     \
        : __x(__hip_cvt_double2_to_fp8x2(v, __default_saturation, KIND)) {}                    \
    __FERROCM_FP8_FN NAME(const __hip_bfloat162 v)                                             \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __default_saturation, KIND)) {}               \
    __FERROCM_FP8_FN NAME(const __half2 v)                                                     \
        : __x(__hip_cvt_halfraw2_to_fp8x2(v, __default_saturation, KIND)) {}                   \
    __FERROCM_FP8_FN operator float2() const {                                                 \
      return make_float2(__ferrocm_fp8_to_float((__hip_fp8_storage_t)(__x & 0xffu), KIND),     \
                         __ferrocm_fp8_to_float((__hip_fp8_storage_t)(__x >> 8), KIND));       \
    }                                                                                          \
    __FERROCM_FP8_FN operator __half2() const {                                                \
      return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, KIND));                                  \
    }                                                                                          \
  };

#define __FERROCM_FP8_VECTOR4(NAME, KIND)                                                      \
  struct NAME {                                                                                \
    __hip_fp8x4_storage_t __x;                                                                 \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                \
    static constexpr __hip_fp8_interpretation_t __default_interpret = KIND;                   \
    NAME() = default;                                                                          \
    __FERROCM_FP8_FN NAME(const float4 v)                                                      \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(v.x, __default_saturation, KIND) | \
              ((__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(v.y, __default_saturation, KIND)  \
               << 8) |                                                                         \
              ((__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(v.z, __default_saturation, KIND)  \
               << 16) |                                                                        \
              ((__hip_fp8x4_storage_t)__hip_cvt_float_to_fp8(v.w, __default_saturation, KIND)  \
               << 24)) {}                                                                      \
    __FERROCM_FP8_FN NAME(const double4 v)                                                     \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_double_to_fp8(v.x, __default_saturation, KIND) |\
              ((__hip_fp8x4_storage_t)__hip_cvt_double_to_fp8(v.y, __default_saturation, KIND) \
               << 8) |                                                                         \
              ((__hip_fp8x4_storage_t)__hip_cvt_double_to_fp8(v.z, __default_saturation, KIND) \
               << 16) |                                                                        \
              ((__hip_fp8x4_storage_t)__hip_cvt_double_to_fp8(v.w, __default_saturation, KIND) \
               << 24)) {}                                                                      \
    /* Two pairs: `low` in the two lower bytes (elements 0 and 1), `high` above them. */        \
    __FERROCM_FP8_FN NAME(const __half2 low, const __half2 high)                               \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_halfraw2_to_fp8x2(low, __default_saturation,    \
                                                                 KIND) |                       \
              ((__hip_fp8x4_storage_t)__hip_cvt_halfraw2_to_fp8x2(high, __default_saturation,  \
                                                                  KIND)                        \
               << 16)) {}                                                                      \
    __FERROCM_FP8_FN NAME(const __hip_bfloat162 low, const __hip_bfloat162 high)               \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2(low,                      \
                                                                     __default_saturation,     \
                                                                     KIND) |                   \
              ((__hip_fp8x4_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2(                         \
                   high, __default_saturation, KIND)                                           \
               << 16)) {}                                                                      \
    __FERROCM_FP8_FN operator float4() const {                                                 \
      return make_float4(                                                                      \
          __ferrocm_fp8_to_float((__hip_fp8_storage_t)(__x & 0xffu), KIND),                    \
          __ferrocm_fp8_to_float((__hip_fp8_storage_t)((__x >> 8) & 0xffu), KIND),             \
          __ferrocm_fp8_to_float((__hip_fp8_storage_t)((__x >> 16) & 0xffu), KIND),            \
          __ferrocm_fp8_to_float((__hip_fp8_storage_t)(__x >> 24), KIND));                     \
    }                                                                                          \
  };

__FERROCM_FP8_SCALAR(__hip_fp8_e4m3_fnuz, __HIP_E4M3_FNUZ)
__FERROCM_FP8_SCALAR(__hip_fp8_e5m2_fnuz, __HIP_E5M2_FNUZ)
__FERROCM_FP8_SCALAR(__hip_fp8_e4m3, __HIP_E4M3)
__FERROCM_FP8_SCALAR(__hip_fp8_e5m2, __HIP_E5M2)
__FERROCM_FP8_VECTOR(__hip_fp8x2_e4m3_fnuz, __HIP_E4M3_FNUZ)
__FERROCM_FP8_VECTOR(__hip_fp8x2_e5m2_fnuz, __HIP_E5M2_FNUZ)
__FERROCM_FP8_VECTOR(__hip_fp8x2_e4m3, __HIP_E4M3)
__FERROCM_FP8_VECTOR(__hip_fp8x2_e5m2, __HIP_E5M2)
__FERROCM_FP8_VECTOR4(__hip_fp8x4_e4m3_fnuz, __HIP_E4M3_FNUZ)
__FERROCM_FP8_VECTOR4(__hip_fp8x4_e5m2_fnuz, __HIP_E5M2_FNUZ)
__FERROCM_FP8_VECTOR4(__hip_fp8x4_e4m3, __HIP_E4M3)
__FERROCM_FP8_VECTOR4(__hip_fp8x4_e5m2, __HIP_E5M2)

#undef __FERROCM_FP8_SCALAR
#undef __FERROCM_FP8_VECTOR
#undef __FERROCM_FP8_VECTOR4

#endif /* FERROCM_HIP_FP8_H */
