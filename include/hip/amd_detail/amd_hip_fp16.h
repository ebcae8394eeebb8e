/* ferrocm: ROCm's hip/amd_detail/amd_hip_fp16.h, which programs and libraries include directly: here,
 * __half and __half2 come from <hip/hip_fp16.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_FP16_H
#define FERROCM_AMD_DETAIL_AMD_HIP_FP16_H
#include <hip/hip_fp16.h>
#endif
