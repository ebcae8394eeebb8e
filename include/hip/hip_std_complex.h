/* ferrocm: std::complex usable in device code, as HIP programs use it (+ - * /, abs, arg, sin,
 * exp... on std::complex<float> and std::complex<double> in __device__ and __host__ __device__
 * functions).
 *
 * ROCm's clang gets this from a wrapper around <complex> that it puts before the C++ library's
 * headers: <complex> is read with every function it declares made __host__ __device__, and with
 * libstdc++ told not to call the C library's complex functions (csinf, cabs...), so that its own
 * templates on the real functions are used. ferrocm compiles with -nogpuinc, which drops clang's
 * wrappers, so hip_runtime.h (the header every HIP compile includes first) reads <complex> here,
 * the same way, before any program includes it; a later #include <complex> then adds nothing.
 *
 * The headers <complex> itself includes are read first, outside the pragma, so only <complex>'s
 * own declarations change. The real functions it calls (sqrt, atan2, sin, cosh...) are <cmath>'s
 * constexpr overloads or HIP's device ones, both callable from device code. */
#ifndef FERROCM_HIP_STD_COMPLEX_H
#define FERROCM_HIP_STD_COMPLEX_H

#if defined(__HIP__) && defined(__cplusplus) && !defined(__HIPCC_RTC__)
#if defined(__HIP_DEVICE_COMPILE__)
/* Multiplying or dividing complex values (std::complex<float> and <double> hold C's _Complex
 * types) makes clang call the runtime library's __mulsc3, __muldc3, __divsc3 and __divdc3 for the
 * cases the plain formula gets wrong (infinities and NaNs; division scales to avoid overflow).
 * The device pass defines them itself, as clang's HIP headers do: a call into the host's library
 * would pass the values by the device target's conventions. They follow C's Annex G: a product or
 * quotient with an infinite operand is infinite, one that divides a finite value by zero is
 * infinite, one that divides a finite value by an infinite one is zero. */
#define __FERROCM_COMPLEX_MUL(NAME, T, INF, COPYSIGN)                                           \
  extern "C" __device__ inline __attribute__((always_inline)) T _Complex NAME(T a, T b, T c,   \
                                                                              T d) {           \
    _Pragma("clang fp contract(off)") T ac = a * c, bd = b * d, ad = a * d, bc = b * c;         \
    T x = ac - bd, y = ad + bc;                                                                 \
    if (__builtin_isnan(x) && __builtin_isnan(y)) {                                             \
      bool again = false;                                                                       \
      if (__builtin_isinf(a) || __builtin_isinf(b)) {                                           \
        a = COPYSIGN(__builtin_isinf(a) ? (T)1 : (T)0, a);                                      \
        b = COPYSIGN(__builtin_isinf(b) ? (T)1 : (T)0, b);                                      \
        if (__builtin_isnan(c)) c = COPYSIGN((T)0, c);                                          \
        if (__builtin_isnan(d)) d = COPYSIGN((T)0, d);                                          \
        again = true;                                                                           \
      }                                                                                         \
      if (__builtin_isinf(c) || __builtin_isinf(d)) {                                           \
        c = COPYSIGN(__builtin_isinf(c) ? (T)1 : (T)0, c);                                      \
        d = COPYSIGN(__builtin_isinf(d) ? (T)1 : (T)0, d);                                      \
        if (__builtin_isnan(a)) a = COPYSIGN((T)0, a);                                          \
        if (__builtin_isnan(b)) b = COPYSIGN((T)0, b);                                          \
        again = true;                                                                           \
      }                                                                                         \
      if (!again && (__builtin_isinf(ac) || __builtin_isinf(bd) || __builtin_isinf(ad) ||       \
                     __builtin_isinf(bc))) {                                                    \
        /* An overflowed partial product: the NaN came from inf - inf. */                       \
        if (__builtin_isnan(a)) a = COPYSIGN((T)0, a);                                          \
        if (__builtin_isnan(b)) b = COPYSIGN((T)0, b);                                          \
        if (__builtin_isnan(c)) c = COPYSIGN((T)0, c);                                          \
        if (__builtin_isnan(d)) d = COPYSIGN((T)0, d);                                          \
        again = true;                                                                           \
      }                                                                                         \
      if (again) {                                                                              \
        x = INF * (a * c - b * d);                                                              \
        y = INF * (a * d + b * c);                                                              \
      }                                                                                         \
    }                                                                                           \
    T _Complex r;                                                                               \
    __real__ r = x;                                                                             \
    __imag__ r = y;                                                                             \
    return r;                                                                                   \
  }
#define __FERROCM_COMPLEX_DIV(NAME, T, INF, COPYSIGN, LOGB, SCALBN, FMAX, FABS)                 \
  extern "C" __device__ inline __attribute__((always_inline)) T _Complex NAME(T a, T b, T c,   \
                                                                              T d) {           \
    _Pragma("clang fp contract(off)") int scale = 0;                                            \
    /* Divide by c + id scaled near 1, so that c*c + d*d neither overflows nor underflows. */   \
    T lg = LOGB(FMAX(FABS(c), FABS(d)));                                                        \
    if (__builtin_isfinite(lg)) {                                                               \
      scale = (int)lg;                                                                          \
      c = SCALBN(c, -scale);                                                                    \
      d = SCALBN(d, -scale);                                                                    \
    }                                                                                           \
    T den = c * c + d * d;                                                                      \
    T x = SCALBN((a * c + b * d) / den, -scale);                                                \
    T y = SCALBN((b * c - a * d) / den, -scale);                                                \
    if (__builtin_isnan(x) && __builtin_isnan(y)) {                                             \
      if (den == (T)0 && (!__builtin_isnan(a) || !__builtin_isnan(b))) {                        \
        x = COPYSIGN(INF, c) * a;                                                               \
        y = COPYSIGN(INF, c) * b;                                                               \
      } else if ((__builtin_isinf(a) || __builtin_isinf(b)) && __builtin_isfinite(c) &&         \
                 __builtin_isfinite(d)) {                                                       \
        a = COPYSIGN(__builtin_isinf(a) ? (T)1 : (T)0, a);                                      \
        b = COPYSIGN(__builtin_isinf(b) ? (T)1 : (T)0, b);                                      \
        x = INF * (a * c + b * d);                                                              \
        y = INF * (b * c - a * d);                                                              \
      } else if (__builtin_isinf(lg) && lg > (T)0 && __builtin_isfinite(a) &&                   \
                 __builtin_isfinite(b)) {                                                       \
        c = COPYSIGN(__builtin_isinf(c) ? (T)1 : (T)0, c);                                      \
        d = COPYSIGN(__builtin_isinf(d) ? (T)1 : (T)0, d);                                      \
        x = (T)0 * (a * c + b * d);                                                             \
        y = (T)0 * (b * c - a * d);                                                             \
      }                                                                                         \
    }                                                                                           \
    T _Complex r;                                                                               \
    __real__ r = x;                                                                             \
    __imag__ r = y;                                                                             \
    return r;                                                                                   \
  }
__FERROCM_COMPLEX_MUL(__mulsc3, float, __builtin_inff(), __builtin_copysignf)
__FERROCM_COMPLEX_MUL(__muldc3, double, __builtin_inf(), __builtin_copysign)
__FERROCM_COMPLEX_DIV(__divsc3, float, __builtin_inff(), __builtin_copysignf, __builtin_logbf,
                      __builtin_scalbnf, __builtin_fmaxf, __builtin_fabsf)
__FERROCM_COMPLEX_DIV(__divdc3, double, __builtin_inf(), __builtin_copysign, __builtin_logb,
                      __builtin_scalbn, __builtin_fmax, __builtin_fabs)
#undef __FERROCM_COMPLEX_MUL
#undef __FERROCM_COMPLEX_DIV
#endif

#include <type_traits>
#include <stdexcept>
#include <cmath>
#include <sstream>
#include <algorithm>

#pragma clang force_cuda_host_device begin
#pragma push_macro("_GLIBCXX_USE_C99_COMPLEX")
#pragma push_macro("_GLIBCXX_USE_C99_COMPLEX_TR1")
#undef _GLIBCXX_USE_C99_COMPLEX
#undef _GLIBCXX_USE_C99_COMPLEX_TR1
#define _GLIBCXX_USE_C99_COMPLEX 0
#define _GLIBCXX_USE_C99_COMPLEX_TR1 0
#include <complex>
#pragma pop_macro("_GLIBCXX_USE_C99_COMPLEX_TR1")
#pragma pop_macro("_GLIBCXX_USE_C99_COMPLEX")
#pragma clang force_cuda_host_device end

#elif defined(__cplusplus) && !defined(__HIPCC_RTC__)
#include <complex>
#endif

#endif /* FERROCM_HIP_STD_COMPLEX_H */
