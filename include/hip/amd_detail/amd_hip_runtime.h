/* ferrocm: ROCm's hip/amd_detail/amd_hip_runtime.h, which programs and libraries include directly: here,
 * the whole kernel-language header come from <hip/hip_runtime.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_H
#define FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_H
#include <hip/hip_runtime.h>
#endif
