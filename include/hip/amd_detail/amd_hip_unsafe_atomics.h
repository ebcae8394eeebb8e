/* ferrocm: ROCm's hip/amd_detail/amd_hip_unsafe_atomics.h, which programs include directly: here,
 * safeAtomic* and unsafeAtomic* (float and double; ROCm's atomic header includes this one, so
 * hip_runtime.h declares them) come from <hip/hip_runtime.h>, with the other atomics. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#define FERROCM_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#include <hip/hip_runtime.h>
#endif
