/* ferrocm: ROCm's hip/amd_detail/amd_hip_atomic.h, which programs and libraries include directly: here,
 * the atomic functions (part of hip_runtime.h) come from <hip/hip_runtime.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_ATOMIC_H
#define FERROCM_AMD_DETAIL_AMD_HIP_ATOMIC_H
#include <hip/hip_runtime.h>
#endif
