/* ferrocm: IEEE binary16 ("half") for HIP: __half, __half2, their conversions, arithmetic,
 * comparisons and math.
 *
 * A __half holds one _Float16 (size 2, align 2); a __half2 holds two (size 4, align 4), the
 * layouts HIP has. _Float16 is what clang-19 gives both the spirv64 device pass and the
 * x86-64 host pass (and what gcc gives x86-64), so one set of definitions serves the device
 * compile, hipcc's host compile and plain C++.
 *
 * Rounding: arithmetic on _Float16 is done by the target in float and rounded once to half,
 * which is exact-then-rounded for + - * / and sqrt (float carries more than 2*11+2 bits). A
 * fused multiply-add goes through double: the product of two halves is exact there and the
 * sum of terms in half's narrow exponent range stays within 53 bits, so the one rounding to
 * half is the correct one (float would round twice and can miss by one ulp). Transcendental
 * functions are the float functions rounded to half.
 *
 * HIP compiles with floating-point contraction on, so `__hadd(__hmul(a, b), c)` may become one
 * fused operation; the _rn forms (__hadd_rn, __hmul_rn, ...) are never contracted.
 *
 * Conversions to integers round as their suffix says (_rn nearest even, _rz toward zero, _rd
 * down, _ru up); NaN gives 0 and values beyond the integer type saturate to its limits.
 * Conversions from integers round as their suffix says too (ROCm's own header truncates in
 * every mode; these follow the documented meaning).
 *
 * Like ROCm, hip_runtime.h does not include this header: programs include <hip/hip_fp16.h>.
 * __HIP_NO_HALF_CONVERSIONS__ removes the implicit conversions to and from float, and
 * __HIP_NO_HALF_OPERATORS__ the C++ operators, as in HIP. */
#ifndef FERROCM_HIP_FP16_H
#define FERROCM_HIP_FP16_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>

#if !defined(__cplusplus)
#error "hip/hip_fp16.h needs C++ (HIP's half types are C++ classes)"
#endif
#if !defined(__FLT16_MAX__)
#error "hip/hip_fp16.h needs a compiler and target with _Float16 (clang-19, or gcc 12+ on x86-64)"
#endif

#define __FERROCM_HALF_FN __host__ __device__ inline __attribute__((always_inline))

/* The raw forms: the bits and the native value over the same storage. */
struct __half_raw {
  union {
    _Float16 data;
    unsigned short x;
  };
};

/* A pair of halves as one native vector (ROCm's name), where the compiler has vector types: it
 * is what a __half2_raw's `data` holds, and __half2 converts to and from it (so `h2 += 1`
 * splats the scalar, as with ROCm). */
#if __has_attribute(ext_vector_type)
typedef _Float16 _Float16_2 __attribute__((ext_vector_type(2)));
#define __FERROCM_HALF2_NATIVE 1
#endif

/* The bits of a pair (low lane x first), and the same pair as values in `data`. */
struct __half2_raw {
  union {
    struct {
      unsigned short x, y;
    };
#if defined(__FERROCM_HALF2_NATIVE)
    _Float16_2 data;
#else
    struct {
      _Float16 x, y;
    } data;
#endif
  };
};

struct __half {
  /* The value. Public so that the free functions below stay plain functions. */
  _Float16 data;

  __half() = default;
  __FERROCM_HALF_FN constexpr __half(_Float16 v) : data(v) {}
  __FERROCM_HALF_FN __half(const __half_raw &r) : data(r.data) {}
  __FERROCM_HALF_FN __half &operator=(const __half_raw &r) {
    data = r.data;
    return *this;
  }
  __FERROCM_HALF_FN __half &operator=(__half_raw &&r) {
    data = r.data;
    return *this;
  }
  /* From and into volatile storage too (ROCm has these; `h = raw` with a volatile raw value). */
  __FERROCM_HALF_FN volatile __half &operator=(const __half_raw &r) volatile {
    data = r.data;
    return *this;
  }
  __FERROCM_HALF_FN volatile __half &operator=(const volatile __half_raw &r) volatile {
    data = r.data;
    return *this;
  }
  __FERROCM_HALF_FN volatile __half &operator=(volatile __half_raw &&r) volatile {
    data = r.data;
    return *this;
  }
  __FERROCM_HALF_FN operator __half_raw() const {
    __half_raw r;
    r.data = data;
    return r;
  }

#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  /* Conversions round to nearest even (a single rounding from double too). */
  __FERROCM_HALF_FN __half(float v) : data(static_cast<_Float16>(v)) {}
  __FERROCM_HALF_FN __half(double v) : data(static_cast<_Float16>(v)) {}
  __FERROCM_HALF_FN __half(int v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(unsigned int v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(short v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(unsigned short v)
      : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(long v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(unsigned long v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(long long v) : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN __half(unsigned long long v)
      : data(static_cast<_Float16>(static_cast<float>(v))) {}
  __FERROCM_HALF_FN operator float() const { return static_cast<float>(data); }
#endif
};

struct __attribute__((aligned(4))) __half2 {
#if defined(__FERROCM_HALF2_NATIVE)
  /* The pair as halves, or as one native vector in `data` (ROCm's public member). */
  union {
    struct {
      __half x, y;
    };
    _Float16_2 data;
  };
#else
  __half x, y;
#endif

  __half2() = default;
  __FERROCM_HALF_FN constexpr __half2(__half a, __half b) : x(a), y(b) {}
  __FERROCM_HALF_FN __half2(const __half2_raw &r)
      : x(__builtin_bit_cast(_Float16, r.x)), y(__builtin_bit_cast(_Float16, r.y)) {}
  __FERROCM_HALF_FN __half2 &operator=(const __half2_raw &r) { return *this = __half2(r); }
  __FERROCM_HALF_FN operator __half2_raw() const {
    __half2_raw r;
    r.x = __builtin_bit_cast(unsigned short, x.data);
    r.y = __builtin_bit_cast(unsigned short, y.data);
    return r;
  }
#if defined(__FERROCM_HALF2_NATIVE)
  __FERROCM_HALF_FN __half2(_Float16_2 v) : x(v.x), y(v.y) {}
  __FERROCM_HALF_FN operator _Float16_2() const {
    _Float16_2 v = {x.data, y.data};
    return v;
  }
#endif
};

typedef __half half;
typedef __half2 half2;

static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half is 16 bits, as in HIP");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2 is 32 bits, as in HIP");
static_assert(sizeof(__half_raw) == 2 && sizeof(__half2_raw) == 4, "raw forms match");

#define __FERROCM_HALF_API static __host__ __device__ inline __attribute__((always_inline))

/* ---- bits ---- */
__FERROCM_HALF_API unsigned short __half_as_ushort(__half h) {
  return __builtin_bit_cast(unsigned short, h.data);
}
__FERROCM_HALF_API short __half_as_short(__half h) { return __builtin_bit_cast(short, h.data); }
__FERROCM_HALF_API __half __ushort_as_half(unsigned short b) {
  return __half(__builtin_bit_cast(_Float16, b));
}
__FERROCM_HALF_API __half __short_as_half(short b) {
  return __half(__builtin_bit_cast(_Float16, b));
}

/* HIP's named half constants. */
#define HIPRT_INF_FP16 __ushort_as_half(static_cast<unsigned short>(0x7c00u))
#define HIPRT_MAX_NORMAL_FP16 __ushort_as_half(static_cast<unsigned short>(0x7bffu))
#define HIPRT_MIN_DENORM_FP16 __ushort_as_half(static_cast<unsigned short>(0x0001u))
#define HIPRT_NAN_FP16 __ushort_as_half(static_cast<unsigned short>(0x7fffu))
#define HIPRT_NEG_ZERO_FP16 __ushort_as_half(static_cast<unsigned short>(0x8000u))
#define HIPRT_ONE_FP16 __ushort_as_half(static_cast<unsigned short>(0x3c00u))
#define HIPRT_ZERO_FP16 __ushort_as_half(static_cast<unsigned short>(0x0000u))

/* ---- float conversions ---- */
__FERROCM_HALF_API float __half2float(__half h) { return static_cast<float>(h.data); }
__FERROCM_HALF_API __half __float2half_rn(float f) { return __half(static_cast<_Float16>(f)); }
__FERROCM_HALF_API __half __float2half(float f) { return __float2half_rn(f); }
__FERROCM_HALF_API __half __double2half(double d) { return __half(static_cast<_Float16>(d)); }

/* The directed roundings start from the nearest half, which is one of the two halves around
 * f, and step one ulp when it lies on the wrong side of f. Stepping a half by one ulp is one
 * step of its bits (sign-magnitude), with the zeros stepping to the smallest subnormals. */
__FERROCM_HALF_API unsigned short __ferrocm_half_step_up(unsigned short b) {
  if ((b & 0x7fffu) == 0) return 0x0001u;
  return (b & 0x8000u) ? static_cast<unsigned short>(b - 1) : static_cast<unsigned short>(b + 1);
}
__FERROCM_HALF_API unsigned short __ferrocm_half_step_down(unsigned short b) {
  if ((b & 0x7fffu) == 0) return 0x8001u;
  return (b & 0x8000u) ? static_cast<unsigned short>(b + 1) : static_cast<unsigned short>(b - 1);
}
__FERROCM_HALF_API __half __float2half_rz(float f) {
  _Float16 h = static_cast<_Float16>(f);
  float back = static_cast<float>(h);
  /* Only a finite or infinite h that overshoots |f| moves (a NaN compares false). */
  if (__builtin_fabsf(back) > __builtin_fabsf(f)) {
    return __ushort_as_half(static_cast<unsigned short>(__builtin_bit_cast(unsigned short, h) - 1));
  }
  return __half(h);
}
__FERROCM_HALF_API __half __float2half_rd(float f) {
  _Float16 h = static_cast<_Float16>(f);
  if (static_cast<float>(h) > f) {
    return __ushort_as_half(__ferrocm_half_step_down(__builtin_bit_cast(unsigned short, h)));
  }
  return __half(h);
}
__FERROCM_HALF_API __half __float2half_ru(float f) {
  _Float16 h = static_cast<_Float16>(f);
  if (static_cast<float>(h) < f) {
    return __ushort_as_half(__ferrocm_half_step_up(__builtin_bit_cast(unsigned short, h)));
  }
  return __half(h);
}

/* ---- integer conversions ----
 * Every integer whose magnitude is below 2^24 is exact in float, and every larger one is far
 * beyond half's range (65504): whatever float it rounds to is too, so it rounds to the same
 * half (infinity or the largest finite one, as the mode says) as the exact value. Going
 * through float therefore rounds once, in any mode. */
#define __FERROCM_INT_TO_HALF(PREFIX, T)                                                       \
  __FERROCM_HALF_API __half PREFIX##2half_rn(T i) {                                            \
    return __float2half_rn(static_cast<float>(i));                                             \
  }                                                                                            \
  __FERROCM_HALF_API __half PREFIX##2half_rz(T i) {                                            \
    return __float2half_rz(static_cast<float>(i));                                             \
  }                                                                                            \
  __FERROCM_HALF_API __half PREFIX##2half_rd(T i) {                                            \
    return __float2half_rd(static_cast<float>(i));                                             \
  }                                                                                            \
  __FERROCM_HALF_API __half PREFIX##2half_ru(T i) { return __float2half_ru(static_cast<float>(i)); }
__FERROCM_INT_TO_HALF(__int, int)
__FERROCM_INT_TO_HALF(__uint, unsigned int)
__FERROCM_INT_TO_HALF(__short, short)
__FERROCM_INT_TO_HALF(__ushort, unsigned short)
__FERROCM_INT_TO_HALF(__ll, long long)
__FERROCM_INT_TO_HALF(__ull, unsigned long long)
#undef __FERROCM_INT_TO_HALF

/* half to integer: round in float (exact: a half is a float, and its integral neighbours
 * too), then NaN gives 0 and values beyond the type saturate (C++ leaves the out-of-range cast
 * undefined, so the limits are checked first). */
#define __FERROCM_HALF_TO_INT_MODE(NAME, T, LO, HI, ROUND)                                     \
  __FERROCM_HALF_API T NAME(__half h) {                                                        \
    float f = ROUND(static_cast<float>(h.data));                                               \
    if (f != f) return 0;                                                                      \
    if (f <= static_cast<float>(LO)) return LO;                                                \
    if (f >= static_cast<float>(HI)) return HI;                                                \
    return static_cast<T>(f);                                                                  \
  }
#define __FERROCM_HALF_TO_INT(PREFIX, T, LO, HI)                                               \
  __FERROCM_HALF_TO_INT_MODE(__half2##PREFIX##_rn, T, LO, HI, __builtin_roundevenf)            \
  __FERROCM_HALF_TO_INT_MODE(__half2##PREFIX##_rz, T, LO, HI, __builtin_truncf)                \
  __FERROCM_HALF_TO_INT_MODE(__half2##PREFIX##_rd, T, LO, HI, __builtin_floorf)                \
  __FERROCM_HALF_TO_INT_MODE(__half2##PREFIX##_ru, T, LO, HI, __builtin_ceilf)
__FERROCM_HALF_TO_INT(int, int, (-2147483647 - 1), 2147483647)
__FERROCM_HALF_TO_INT(uint, unsigned int, 0u, 4294967295u)
__FERROCM_HALF_TO_INT(short, short, static_cast<short>(-32768), static_cast<short>(32767))
__FERROCM_HALF_TO_INT(ushort, unsigned short, static_cast<unsigned short>(0),
                      static_cast<unsigned short>(65535))
__FERROCM_HALF_TO_INT(ll, long long, (-9223372036854775807LL - 1), 9223372036854775807LL)
__FERROCM_HALF_TO_INT(ull, unsigned long long, 0ull, 18446744073709551615ull)
#undef __FERROCM_HALF_TO_INT
#undef __FERROCM_HALF_TO_INT_MODE

/* ---- pairs ---- */
__FERROCM_HALF_API __half2 make_half2(__half x, __half y) { return __half2(x, y); }
__FERROCM_HALF_API __half2 __halves2half2(__half lo, __half hi) { return __half2(lo, hi); }
__FERROCM_HALF_API __half2 __half2half2(__half h) { return __half2(h, h); }
__FERROCM_HALF_API __half __low2half(__half2 v) { return v.x; }
__FERROCM_HALF_API __half __high2half(__half2 v) { return v.y; }
__FERROCM_HALF_API __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__FERROCM_HALF_API __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__FERROCM_HALF_API __half2 __low2half2(__half2 v) { return __half2(v.x, v.x); }
__FERROCM_HALF_API __half2 __high2half2(__half2 v) { return __half2(v.y, v.y); }
__FERROCM_HALF_API __half2 __lowhigh2highlow(__half2 v) { return __half2(v.y, v.x); }
__FERROCM_HALF_API float __low2float(__half2 v) { return __half2float(v.x); }
__FERROCM_HALF_API float __high2float(__half2 v) { return __half2float(v.y); }
__FERROCM_HALF_API __half2 __floats2half2_rn(float lo, float hi) {
  return __half2(__float2half_rn(lo), __float2half_rn(hi));
}
__FERROCM_HALF_API __half2 __float2half2_rn(float f) {
  return __half2(__float2half_rn(f), __float2half_rn(f));
}
__FERROCM_HALF_API __half2 __float22half2_rn(float2 v) {
  return __half2(__float2half_rn(v.x), __float2half_rn(v.y));
}
__FERROCM_HALF_API float2 __half22float2(__half2 v) {
  float2 r;
  r.x = __half2float(v.x);
  r.y = __half2float(v.y);
  return r;
}

/* ---- arithmetic ---- */
__FERROCM_HALF_API __half __hadd(__half a, __half b) { return __half(a.data + b.data); }
__FERROCM_HALF_API __half __hsub(__half a, __half b) { return __half(a.data - b.data); }
__FERROCM_HALF_API __half __hmul(__half a, __half b) { return __half(a.data * b.data); }
__FERROCM_HALF_API __half __hdiv(__half a, __half b) { return __half(a.data / b.data); }
/* Never fused with a neighbouring operation. */
#if defined(__clang__)
#define __FERROCM_NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define __FERROCM_NO_CONTRACT
#endif
__FERROCM_HALF_API __half __hadd_rn(__half a, __half b) {
  __FERROCM_NO_CONTRACT
  return __half(a.data + b.data);
}
__FERROCM_HALF_API __half __hsub_rn(__half a, __half b) {
  __FERROCM_NO_CONTRACT
  return __half(a.data - b.data);
}
__FERROCM_HALF_API __half __hmul_rn(__half a, __half b) {
  __FERROCM_NO_CONTRACT
  return __half(a.data * b.data);
}
/* Sign flips and magnitudes on the bits, so NaN payloads and zeros keep their meaning. */
__FERROCM_HALF_API __half __hneg(__half a) {
  return __ushort_as_half(static_cast<unsigned short>(__half_as_ushort(a) ^ 0x8000u));
}
__FERROCM_HALF_API __half __habs(__half a) {
  return __ushort_as_half(static_cast<unsigned short>(__half_as_ushort(a) & 0x7fffu));
}
__FERROCM_HALF_API __half __hfma(__half a, __half b, __half c) {
  double r = __builtin_fma(static_cast<double>(a.data), static_cast<double>(b.data),
                           static_cast<double>(c.data));
  return __half(static_cast<_Float16>(r));
}
/* The _sat forms clamp to [0, 1], NaN to 0. */
__FERROCM_HALF_API __half __ferrocm_hsat(__half a) {
  float f = __half2float(a);
  if (!(f > 0.0f)) return __ushort_as_half(0);
  if (f > 1.0f) return __ushort_as_half(0x3c00u);
  return a;
}
/* ROCm's __clamp_01: below 0 gives 0, above 1 gives 1; a NaN (and -0) passes through. */
__FERROCM_HALF_API __half __clamp_01(__half a) {
  float f = __half2float(a);
  if (f < 0.0f) return __ushort_as_half(0);
  if (f > 1.0f) return __ushort_as_half(0x3c00u);
  return a;
}
__FERROCM_HALF_API __half __hadd_sat(__half a, __half b) { return __ferrocm_hsat(__hadd(a, b)); }
__FERROCM_HALF_API __half __hsub_sat(__half a, __half b) { return __ferrocm_hsat(__hsub(a, b)); }
__FERROCM_HALF_API __half __hmul_sat(__half a, __half b) { return __ferrocm_hsat(__hmul(a, b)); }
__FERROCM_HALF_API __half __hfma_sat(__half a, __half b, __half c) {
  return __ferrocm_hsat(__hfma(a, b, c));
}

/* ---- classification and comparisons (ordered: false when either side is NaN; the ...u
 * forms are unordered: true when either side is NaN) ---- */
__FERROCM_HALF_API bool __hisnan(__half a) { return (__half_as_ushort(a) & 0x7fffu) > 0x7c00u; }
/* True for either infinity, as ROCm's (a bool; CUDA's int gives -1 for -inf). */
__FERROCM_HALF_API bool __hisinf(__half a) { return (__half_as_ushort(a) & 0x7fffu) == 0x7c00u; }
__FERROCM_HALF_API bool __heq(__half a, __half b) { return a.data == b.data; }
__FERROCM_HALF_API bool __hne(__half a, __half b) { return a.data < b.data || a.data > b.data; }
__FERROCM_HALF_API bool __hlt(__half a, __half b) { return a.data < b.data; }
__FERROCM_HALF_API bool __hle(__half a, __half b) { return a.data <= b.data; }
__FERROCM_HALF_API bool __hgt(__half a, __half b) { return a.data > b.data; }
__FERROCM_HALF_API bool __hge(__half a, __half b) { return a.data >= b.data; }
__FERROCM_HALF_API bool __hequ(__half a, __half b) { return !(a.data < b.data || a.data > b.data); }
__FERROCM_HALF_API bool __hneu(__half a, __half b) { return !(a.data == b.data); }
__FERROCM_HALF_API bool __hltu(__half a, __half b) { return !(a.data >= b.data); }
__FERROCM_HALF_API bool __hleu(__half a, __half b) { return !(a.data > b.data); }
__FERROCM_HALF_API bool __hgtu(__half a, __half b) { return !(a.data <= b.data); }
__FERROCM_HALF_API bool __hgeu(__half a, __half b) { return !(a.data < b.data); }
/* max/min return the other operand when one is NaN (fmax's rule), the canonical NaN
 * (0x7fff) when both are; of two equal values (+0 and -0) __hmax returns the second and
 * __hmin the first, as HIP's do. The _nan forms return a NaN operand (the first NaN) instead. */
__FERROCM_HALF_API __half __hmax(__half a, __half b) {
  if (__hisnan(a) && __hisnan(b)) return __ushort_as_half(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return a.data > b.data ? a : b;
}
__FERROCM_HALF_API __half __hmin(__half a, __half b) {
  if (__hisnan(a) && __hisnan(b)) return __ushort_as_half(0x7fffu);
  if (__hisnan(a)) return b;
  if (__hisnan(b)) return a;
  return b.data < a.data ? b : a;
}
__FERROCM_HALF_API __half __hmax_nan(__half a, __half b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmax(a, b);
}
__FERROCM_HALF_API __half __hmin_nan(__half a, __half b) {
  if (__hisnan(a)) return a;
  if (__hisnan(b)) return b;
  return __hmin(a, b);
}

/* ---- math: the float function, rounded to half ---- */
#define __FERROCM_HALF_MATH(NAME, EXPR)                                                        \
  __FERROCM_HALF_API __half NAME(__half h) {                                                   \
    float x = __half2float(h);                                                                 \
    return __float2half_rn(EXPR);                                                              \
  }
__FERROCM_HALF_MATH(hsqrt, __builtin_sqrtf(x))
__FERROCM_HALF_MATH(hrsqrt, 1.0f / __builtin_sqrtf(x))
__FERROCM_HALF_MATH(hrcp, 1.0f / x)
__FERROCM_HALF_MATH(hexp, __builtin_expf(x))
__FERROCM_HALF_MATH(hexp2, __builtin_exp2f(x))
__FERROCM_HALF_MATH(hexp10, __builtin_powf(10.0f, x))
__FERROCM_HALF_MATH(hlog, __builtin_logf(x))
__FERROCM_HALF_MATH(hlog2, __builtin_log2f(x))
__FERROCM_HALF_MATH(hlog10, __builtin_log10f(x))
__FERROCM_HALF_MATH(hsin, __builtin_sinf(x))
__FERROCM_HALF_MATH(hcos, __builtin_cosf(x))
__FERROCM_HALF_MATH(hfloor, __builtin_floorf(x))
__FERROCM_HALF_MATH(hceil, __builtin_ceilf(x))
__FERROCM_HALF_MATH(htrunc, __builtin_truncf(x))
__FERROCM_HALF_MATH(hrint, __builtin_rintf(x))
#undef __FERROCM_HALF_MATH

/* ---- __half2: each lane on its own ---- */
#define __FERROCM_HALF2_UNARY(NAME, F)                                                         \
  __FERROCM_HALF_API __half2 NAME(__half2 a) { return __half2(F(a.x), F(a.y)); }
#define __FERROCM_HALF2_BINARY(NAME, F)                                                        \
  __FERROCM_HALF_API __half2 NAME(__half2 a, __half2 b) {                                      \
    return __half2(F(a.x, b.x), F(a.y, b.y));                                                  \
  }
__FERROCM_HALF2_BINARY(__hadd2, __hadd)
__FERROCM_HALF2_BINARY(__hsub2, __hsub)
__FERROCM_HALF2_BINARY(__hmul2, __hmul)
__FERROCM_HALF2_BINARY(__h2div, __hdiv)
__FERROCM_HALF2_BINARY(__hadd2_sat, __hadd_sat)
__FERROCM_HALF2_BINARY(__hsub2_sat, __hsub_sat)
__FERROCM_HALF2_BINARY(__hmul2_sat, __hmul_sat)
__FERROCM_HALF2_BINARY(__hmax2, __hmax)
__FERROCM_HALF2_BINARY(__hmin2, __hmin)
__FERROCM_HALF2_BINARY(__hmax2_nan, __hmax_nan)
__FERROCM_HALF2_BINARY(__hmin2_nan, __hmin_nan)
__FERROCM_HALF2_BINARY(__hadd2_rn, __hadd_rn)
__FERROCM_HALF2_BINARY(__hsub2_rn, __hsub_rn)
__FERROCM_HALF2_BINARY(__hmul2_rn, __hmul_rn)
__FERROCM_HALF2_UNARY(__hneg2, __hneg)
__FERROCM_HALF2_UNARY(__habs2, __habs)
__FERROCM_HALF2_UNARY(h2sqrt, hsqrt)
__FERROCM_HALF2_UNARY(h2rsqrt, hrsqrt)
__FERROCM_HALF2_UNARY(h2rcp, hrcp)
__FERROCM_HALF2_UNARY(h2exp, hexp)
__FERROCM_HALF2_UNARY(h2exp2, hexp2)
__FERROCM_HALF2_UNARY(h2exp10, hexp10)
__FERROCM_HALF2_UNARY(h2log, hlog)
__FERROCM_HALF2_UNARY(h2log2, hlog2)
__FERROCM_HALF2_UNARY(h2log10, hlog10)
__FERROCM_HALF2_UNARY(h2sin, hsin)
__FERROCM_HALF2_UNARY(h2cos, hcos)
__FERROCM_HALF2_UNARY(h2floor, hfloor)
__FERROCM_HALF2_UNARY(h2ceil, hceil)
__FERROCM_HALF2_UNARY(h2trunc, htrunc)
__FERROCM_HALF2_UNARY(h2rint, hrint)
#undef __FERROCM_HALF2_UNARY
#undef __FERROCM_HALF2_BINARY
__FERROCM_HALF_API __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__FERROCM_HALF_API __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
__FERROCM_HALF_API __half2 __hisnan2(__half2 a) {
  return __half2(__ushort_as_half(__hisnan(a.x) ? 0x3c00u : 0u),
                 __ushort_as_half(__hisnan(a.y) ? 0x3c00u : 0u));
}
__FERROCM_HALF_API __half2 __hisinf2(__half2 a) {
  return __half2(__ushort_as_half(__hisinf(a.x) ? 0x3c00u : 0u),
                 __ushort_as_half(__hisinf(a.y) ? 0x3c00u : 0u));
}

/* ---- loads (the cache hints mean nothing on the CPU device) ---- */
static __device__ inline __attribute__((always_inline)) __half __ldg(const __half *p) { return *p; }
static __device__ inline __attribute__((always_inline)) __half __ldcg(const __half *p) { return *p; }
static __device__ inline __attribute__((always_inline)) __half __ldca(const __half *p) { return *p; }
static __device__ inline __attribute__((always_inline)) __half __ldcs(const __half *p) { return *p; }
static __device__ inline __attribute__((always_inline)) __half2 __ldg(const __half2 *p) { return *p; }
static __device__ inline __attribute__((always_inline)) __half2 __ldcg(const __half2 *p) {
  return *p;
}
static __device__ inline __attribute__((always_inline)) __half2 __ldca(const __half2 *p) {
  return *p;
}
static __device__ inline __attribute__((always_inline)) __half2 __ldcs(const __half2 *p) {
  return *p;
}

#if defined(__HIP__)
/* a.x*b.x + a.y*b.y + c in float (the products are exact, the sum rounded once); `saturate`
 * clamps the result to [0, 1], as the instruction's clamp bit does. */
static __device__ inline __attribute__((always_inline)) float amd_mixed_dot(__half2 a, __half2 b,
                                                                           float c,
                                                                           bool saturate) {
  double sum = (double)a.x.data * (double)b.x.data + (double)a.y.data * (double)b.y.data + c;
  float r = (float)sum;
  if (saturate) r = r >= 1.0f ? 1.0f : (r > 0.0f ? r : 0.0f);
  return r;
}

/* ---- atomics: a compare-and-swap loop on the aligned 32-bit word holding the value ---- */
static __device__ inline __attribute__((always_inline)) __half2 unsafeAtomicAdd(__half2 *address,
                                                                               __half2 value) {
  unsigned int *word = reinterpret_cast<unsigned int *>(address);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned int next;
  do {
    next = __builtin_bit_cast(unsigned int, __hadd2(__builtin_bit_cast(__half2, old), value));
  } while (!__hip_atomic_compare_exchange_strong(word, &old, next, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
  return __builtin_bit_cast(__half2, old);
}
static __device__ inline __attribute__((always_inline)) __half unsafeAtomicAdd(__half *address,
                                                                              __half value) {
  /* Only this half's 16 bits of the word change; its neighbour is written back as it was. */
  unsigned long long a = reinterpret_cast<unsigned long long>(address);
  unsigned int shift = (a & 2u) ? 16u : 0u;
  unsigned int *word = reinterpret_cast<unsigned int *>(a & ~3ull);
  unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned int next;
  do {
    __half cur = __ushort_as_half(static_cast<unsigned short>(old >> shift));
    unsigned int sum = __half_as_ushort(__hadd(cur, value));
    next = (old & ~(0xffffu << shift)) | (sum << shift);
  } while (!__hip_atomic_compare_exchange_strong(word, &old, next, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT));
  return __ushort_as_half(static_cast<unsigned short>(old >> shift));
}
#endif
/* Lane comparisons: __hXX2 gives 1.0 or 0.0 per lane, __hbXX2 true when both lanes hold. */
#define __FERROCM_HALF2_CMP(NAME, BNAME, F)                                                    \
  __FERROCM_HALF_API __half2 NAME(__half2 a, __half2 b) {                                      \
    return __half2(__ushort_as_half(F(a.x, b.x) ? 0x3c00u : 0u),                               \
                   __ushort_as_half(F(a.y, b.y) ? 0x3c00u : 0u));                              \
  }                                                                                            \
  __FERROCM_HALF_API bool BNAME(__half2 a, __half2 b) { return F(a.x, b.x) && F(a.y, b.y); }
__FERROCM_HALF2_CMP(__heq2, __hbeq2, __heq)
__FERROCM_HALF2_CMP(__hne2, __hbne2, __hne)
__FERROCM_HALF2_CMP(__hlt2, __hblt2, __hlt)
__FERROCM_HALF2_CMP(__hle2, __hble2, __hle)
__FERROCM_HALF2_CMP(__hgt2, __hbgt2, __hgt)
__FERROCM_HALF2_CMP(__hge2, __hbge2, __hge)
__FERROCM_HALF2_CMP(__hequ2, __hbequ2, __hequ)
__FERROCM_HALF2_CMP(__hneu2, __hbneu2, __hneu)
__FERROCM_HALF2_CMP(__hltu2, __hbltu2, __hltu)
__FERROCM_HALF2_CMP(__hleu2, __hbleu2, __hleu)
__FERROCM_HALF2_CMP(__hgtu2, __hbgtu2, __hgtu)
__FERROCM_HALF2_CMP(__hgeu2, __hbgeu2, __hgeu)
#undef __FERROCM_HALF2_CMP

/* ---- C++ operators ---- */
#if !defined(__HIP_NO_HALF_OPERATORS__)
__FERROCM_HALF_API __half operator+(__half a, __half b) { return __hadd(a, b); }
__FERROCM_HALF_API __half operator-(__half a, __half b) { return __hsub(a, b); }
__FERROCM_HALF_API __half operator*(__half a, __half b) { return __hmul(a, b); }
__FERROCM_HALF_API __half operator/(__half a, __half b) { return __hdiv(a, b); }
__FERROCM_HALF_API __half operator+(__half a) { return a; }
__FERROCM_HALF_API __half operator-(__half a) { return __hneg(a); }
__FERROCM_HALF_API __half &operator+=(__half &a, __half b) { return a = __hadd(a, b); }
__FERROCM_HALF_API __half &operator-=(__half &a, __half b) { return a = __hsub(a, b); }
__FERROCM_HALF_API __half &operator*=(__half &a, __half b) { return a = __hmul(a, b); }
__FERROCM_HALF_API __half &operator/=(__half &a, __half b) { return a = __hdiv(a, b); }
__FERROCM_HALF_API __half &operator++(__half &a) { return a = __hadd(a, __ushort_as_half(0x3c00u)); }
__FERROCM_HALF_API __half &operator--(__half &a) { return a = __hsub(a, __ushort_as_half(0x3c00u)); }
__FERROCM_HALF_API __half operator++(__half &a, int) {
  __half old = a;
  ++a;
  return old;
}
__FERROCM_HALF_API __half operator--(__half &a, int) {
  __half old = a;
  --a;
  return old;
}
/* C++'s own meaning: == < <= > >= are false on NaN, != is true. The operands are references, as
 * in HIP's header, so a program may declare its own by-value comparisons beside these (hip-tests
 * does, for host code). */
__FERROCM_HALF_API bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
__FERROCM_HALF_API bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
__FERROCM_HALF_API bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
__FERROCM_HALF_API bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
__FERROCM_HALF_API bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
__FERROCM_HALF_API bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }

__FERROCM_HALF_API __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__FERROCM_HALF_API __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__FERROCM_HALF_API __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__FERROCM_HALF_API __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__FERROCM_HALF_API __half2 operator+(__half2 a) { return a; }
__FERROCM_HALF_API __half2 operator-(__half2 a) { return __hneg2(a); }
__FERROCM_HALF_API __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }
__FERROCM_HALF_API __half2 &operator-=(__half2 &a, __half2 b) { return a = __hsub2(a, b); }
__FERROCM_HALF_API __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }
__FERROCM_HALF_API __half2 &operator/=(__half2 &a, __half2 b) { return a = __h2div(a, b); }
__FERROCM_HALF_API __half2 &operator++(__half2 &a) {
  return a = __hadd2(a, __half2(__ushort_as_half(0x3c00u), __ushort_as_half(0x3c00u)));
}
__FERROCM_HALF_API __half2 &operator--(__half2 &a) {
  return a = __hsub2(a, __half2(__ushort_as_half(0x3c00u), __ushort_as_half(0x3c00u)));
}
__FERROCM_HALF_API __half2 operator++(__half2 &a, int) {
  __half2 old = a;
  ++a;
  return old;
}
__FERROCM_HALF_API __half2 operator--(__half2 &a, int) {
  __half2 old = a;
  --a;
  return old;
}
/* Whole-vector comparisons, true when both lanes compare so (!= when either lane differs). */
__FERROCM_HALF_API bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
__FERROCM_HALF_API bool operator!=(const __half2 &a, const __half2 &b) { return !__hbeq2(a, b); }
__FERROCM_HALF_API bool operator<(const __half2 &a, const __half2 &b) { return __hblt2(a, b); }
__FERROCM_HALF_API bool operator<=(const __half2 &a, const __half2 &b) { return __hble2(a, b); }
__FERROCM_HALF_API bool operator>(const __half2 &a, const __half2 &b) { return __hbgt2(a, b); }
__FERROCM_HALF_API bool operator>=(const __half2 &a, const __half2 &b) { return __hbge2(a, b); }
#endif /* !__HIP_NO_HALF_OPERATORS__ */

#undef __FERROCM_NO_CONTRACT
#undef __FERROCM_HALF_API
#undef __FERROCM_HALF_FN

#endif /* FERROCM_HIP_FP16_H */
