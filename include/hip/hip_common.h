/* ferrocm: the platform macros ROCm's hip_common.h sets, which portable HIP code tests:
 *   __HIP_PLATFORM_AMD__  this is AMD's HIP platform (ferrocm speaks it on the CPU device);
 *   __HIP_CLANG_ONLY__    1 when compiled by clang in HIP mode (either pass), else 0;
 *   __HIP_DEVICE_COMPILE__ is clang's own (defined in the device pass). */
#ifndef FERROCM_HIP_COMMON_H
#define FERROCM_HIP_COMMON_H

#if !defined(__HIP_PLATFORM_NVIDIA__) && !defined(__HIP_PLATFORM_NVCC__)
#if !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#endif

#if defined(__clang__) && defined(__HIP__)
#define __HIP_CLANG_ONLY__ 1
#else
#define __HIP_CLANG_ONLY__ 0
#endif

#define HIP_PUBLIC_API
#define HIP_INTERNAL_EXPORTED_API

#if defined(__GNUC__) || defined(__clang__)
#define __HIP_DEPRECATED __attribute__((deprecated))
#define __HIP_DEPRECATED_MSG(msg) __attribute__((deprecated(msg)))
#else
#define __HIP_DEPRECATED
#define __HIP_DEPRECATED_MSG(msg)
#endif

#endif /* FERROCM_HIP_COMMON_H */
