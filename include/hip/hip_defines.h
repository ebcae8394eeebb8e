/* ferrocm: HIP function and variable qualifiers, and the ferrocm platform macros. */
#ifndef FERROCM_HIP_DEFINES_H
#define FERROCM_HIP_DEFINES_H

#include <hip/hip_common.h>

#define __FERROCM__ 1
/* ROCm's include guard of hip/amd_detail/host_defines.h, where its qualifiers live. Libraries test
 * it to learn whether __host__ and __device__ are HIP's already: rocThrust undefines them when it
 * is missing and expects <hip/hip_runtime_api.h> to define them again, which a header included
 * before cannot do. */
#define HIP_INCLUDE_HIP_AMD_DETAIL_HOST_DEFINES_H
#define __HIP_PLATFORM_FERROCM__ 1

#if defined(__HIP__) || defined(__CUDA__)
/* Clang's HIP mode understands these attributes; with -nogpuinc nobody else spells them. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#if defined(__HIP_DEVICE_COMPILE__)
/* In the device pass for AMD's generic (SPIR-V) target, clang 19 makes a kernel's calling
 * convention part of its function type, so host code there could not turn a kernel into a plain
 * function pointer or deduce template arguments from one (ROCm's hip-tests' launchKernel
 * helper, kernel tables). An explicit calling convention that the target does not support
 * makes clang keep the default one in the type; the kernel is still emitted as a kernel. The
 * host pass needs nothing. */
#define __global__ __attribute__((global)) __FERROCM_KERNEL_TYPE_CC
#define __FERROCM_KERNEL_TYPE_CC                                                               \
  _Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Wignored-attributes\"") \
  __attribute__((pcs("aapcs"))) _Pragma("clang diagnostic pop")
#else
#define __global__ __attribute__((global))
#endif
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* Managed memory is ordinary device memory on the CPU device (host and device share memory). */
#define __managed__ __attribute__((device))
/* launch_bounds is checked by clang but leaves no trace in the device IR, so the same numbers are
 * also recorded as an annotation: `llvm.global.annotations` gets an entry for the kernel with
 * the string "ferrocm.launch_bounds" and a constant struct of the two i32 arguments (the second 0
 * when not given). The numbers pass through template arguments first: an annotation's arguments
 * may not create temporaries, and rocPRIM writes `device_params<Config>().block_size`. */
#if defined(__cplusplus)
template <unsigned int __ferrocm_max_threads, unsigned int __ferrocm_min_blocks = 0>
struct __ferrocm_launch_bounds_args {
  static constexpr unsigned int max_threads = __ferrocm_max_threads;
  static constexpr unsigned int min_blocks = __ferrocm_min_blocks;
};
#define __launch_bounds__(...)                                                                 \
  __attribute__((launch_bounds(__VA_ARGS__)))                                                  \
  __attribute__((annotate("ferrocm.launch_bounds",                                             \
                          __ferrocm_launch_bounds_args<__VA_ARGS__>::max_threads,              \
                          __ferrocm_launch_bounds_args<__VA_ARGS__>::min_blocks)))
#else
#define __launch_bounds__(...)                                                                 \
  __attribute__((launch_bounds(__VA_ARGS__)))                                                  \
  __attribute__((annotate("ferrocm.launch_bounds", __VA_ARGS__)))
#endif
#else
/* A plain C++ compiler (host code that only uses the runtime API): qualifiers vanish. */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif

#define __forceinline__ inline __attribute__((always_inline))
/* clang's CUDA/HIP modes know `__noinline__` as a keyword (feature cuda_noinline_keyword), which
 * keeps libstdc++'s `__attribute__((__noinline__))` (bits/shared_ptr_base.h) valid; a macro would
 * break it, so one is defined only for a clang without the keyword. A plain C++ compiler gets an
 * empty one, as with ROCm, so including <memory> after these headers still works there. */
#if defined(__HIP__) || defined(__CUDA__)
#if !defined(__has_feature)
#define __noinline__ __attribute__((noinline))
#elif !__has_feature(cuda_noinline_keyword)
#define __noinline__ __attribute__((noinline))
#endif
#else
#define __noinline__
#endif
#define __restrict__ __restrict
/* CUDA's alignment specifier for types and variables: struct __align__(16) T { ... }. */
#if !defined(__align__)
#define __align__(n) __attribute__((aligned(n)))
#endif

/* Internal: how every small device helper in these headers is declared. Always inlined so that
 * on the CPU device it melts into the work-item loops and vectorises. */
#define __FERROCM_DEVICE static __device__ inline __attribute__((always_inline))
#define __FERROCM_HOST_DEVICE static __host__ __device__ inline __attribute__((always_inline))

#endif /* FERROCM_HIP_DEFINES_H */
