/* ferrocm: ROCm's hip/amd_detail/amd_hip_bf16.h, which programs and libraries include directly: here,
 * __hip_bfloat16 and __hip_bfloat162 come from <hip/hip_bf16.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_BF16_H
#define FERROCM_AMD_DETAIL_AMD_HIP_BF16_H
#include <hip/hip_bf16.h>
#endif
