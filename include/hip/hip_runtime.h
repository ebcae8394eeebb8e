/* ferrocm HIP kernel-language header.
 *
 * Programs include this (comgr also pre-includes it for the device compile). It is written for
 * clang-19 in HIP mode with -nogpuinc: clang then supplies none of its own HIP headers, so the
 * qualifiers, built-in variables, atomics, math and vector types all come from here.
 *
 * Layout: each part is its own header so the host half (hipcc's host compile with these same
 * headers) can be added beside it. Parts that only make sense in the device pass are guarded by
 * __HIP_DEVICE_COMPILE__, which clang defines in `--cuda-device-only` mode. */
#ifndef FERROCM_HIP_RUNTIME_H
#define FERROCM_HIP_RUNTIME_H

#include <hip/hip_defines.h>
#include <hip/hip_vector_types.h>
/* The host runtime API, in both passes: clang resolves `<<<>>>` (which needs
 * __hipPushCallConfiguration and hipLaunchKernel declared) while parsing host code in the
 * device pass as well. */
#include <hip/hip_runtime_api.h>
#include <hip/hip_device_builtins.h>
#include <hip/hip_atomic.h>
#include <hip/hip_math.h>
#include <hip/hip_warp_functions.h>
#include <hip/hip_device_libc.h>
#include <hip/hip_ldg.h>
/* Texture and surface objects, sampled and accessed by device code (as ROCm's amd_hip_runtime.h
 * includes them). */
#include <hip/channel_descriptor.h>
#include <hip/amd_detail/texture_fetch_functions.h>
#include <hip/amd_detail/texture_indirect_functions.h>
#include <hip/amd_detail/surface_functions.h>
/* As ROCm's hip_runtime.h does (itself and through clang's HIP wrapper): the C and C++ library
 * headers HIP programs rely on without including them: math, general utilities, limits (INT_MAX),
 * stdio (host printf and fprintf, declared in the device pass too, where host code is parsed),
 * strings (memcpy), fixed-width integers, <algorithm>, <array>, <complex>, <iosfwd>, <new>,
 * <tuple>, <type_traits>, <utility>. The device overloads above are preferred in device code. */
#if defined(__cplusplus) && !defined(__HIPCC_RTC__)
#include <cmath>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <climits>
#include <limits>
#include <algorithm>
#include <array>
#include <chrono>
#include <hip/hip_std_complex.h>
#include <iosfwd>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include <hip/hip_std_math.h>
#endif

/* The HIP runtime's older spellings, as ROCm keeps them. */
#if defined(__HIP__)
#define CUDA_SUCCESS hipSuccess
#endif
typedef int hipLaunchParm;
#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

/* What the device offers, as ROCm's device pass states it (CUDA-era feature tests): every
 * atomic, double, vote, ballot and shuffle feature, the system fence and surfaces; no funnel
 * shift, extended block synchronisation or dynamic parallelism. */
#if defined(__HIP_DEVICE_COMPILE__)
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ (1)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ (1)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ (1)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ (1)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ (1)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ (1)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ (1)
#define __HIP_ARCH_HAS_DOUBLES__ (1)
#define __HIP_ARCH_HAS_WARP_VOTE__ (1)
#define __HIP_ARCH_HAS_WARP_BALLOT__ (1)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ (1)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (0)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ (1)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (0)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (1)
#define __HIP_ARCH_HAS_3DGRID__ (1)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)
#else
/* The host pass has none of them (ROCm defines them all 0 there), so host code may test them. */
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ (0)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ (0)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ (0)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ (0)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ (0)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ (0)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ (0)
#define __HIP_ARCH_HAS_DOUBLES__ (0)
#define __HIP_ARCH_HAS_WARP_VOTE__ (0)
#define __HIP_ARCH_HAS_WARP_BALLOT__ (0)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ (0)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (0)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ (0)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (0)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (0)
#define __HIP_ARCH_HAS_3DGRID__ (0)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)
#endif

/* A symbol for hipMemcpyToSymbol & co. is the variable itself (its host shadow's address is taken by
 * the runtime's template overloads). */
#define HIP_SYMBOL(symbol) symbol
/* A kernel name that contains commas (template arguments) passed through hipLaunchKernelGGL. */
#define HIP_KERNEL_NAME(...) __VA_ARGS__

#if defined(__HIP__) || defined(__CUDA__)
/* hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...): a `<<<>>>` launch
 * spelled as a call. Two levels, as in ROCm: the outer macro takes everything after the kernel
 * as one variadic list, so a macro argument that expands to several launch parameters
 * (`#define CONFIG dim3(n), dim3(1), 0, 0`) is expanded before the inner macro counts them. */
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                     \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);     \
  } while (0)
#endif

#endif /* FERROCM_HIP_RUNTIME_H */

/* No include guard around assert: re-including with NDEBUG changed takes effect, as with
 * <assert.h>. */
#include <hip/hip_assert.h>
