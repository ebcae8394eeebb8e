/* ferrocm: ROCm's hip/amd_detail/amd_hip_bfloat16.h, which programs and libraries include directly: here,
 * hip_bfloat16 come from <hip/hip_bfloat16.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_BFLOAT16_H
#define FERROCM_AMD_DETAIL_AMD_HIP_BFLOAT16_H
#include <hip/hip_bfloat16.h>
#endif
