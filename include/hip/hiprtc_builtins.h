/* ferrocm: what hipRTC programs may use without including anything, as ROCm's hipRTC provides
 * it: hipRTC pre-includes this after hip/hip_runtime.h. Beyond the kernel language itself:
 * __half and __half2 (hip_fp16.h), __hip_bfloat16 and hip_bfloat16 (hip_bf16.h), the 8-bit
 * floats (hip_fp8.h), hipFloatComplex and hipDoubleComplex (hip_complex.h), the math constants
 * (HIP_PI_F, ...) and the texture and surface enums (hip_runtime_api.h brings those). */
#ifndef FERROCM_HIPRTC_BUILTINS_H
#define FERROCM_HIPRTC_BUILTINS_H
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_complex.h>
#include <hip/hip_math_constants.h>
#include <hip/texture_types.h>
#include <hip/surface_types.h>

/* The type traits ROCm's hipRTC declares for its own headers, which programs use by this name
 * (`__hip_internal::is_same<ptrdiff_t, long>::value`). */
namespace __hip_internal {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
  typedef T value_type;
  typedef integral_constant type;
  __host__ __device__ constexpr operator value_type() const { return value; }
  __host__ __device__ constexpr value_type operator()() const { return value; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <class A, class B> struct is_same : false_type {};
template <class A> struct is_same<A, A> : true_type {};
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };
template <class T> struct remove_reference<T &&> { typedef T type; };
} /* namespace __hip_internal */
#endif /* FERROCM_HIPRTC_BUILTINS_H */
