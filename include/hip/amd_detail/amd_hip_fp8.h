/* ferrocm: ROCm's hip/amd_detail/amd_hip_fp8.h, which programs and libraries include directly: here,
 * the 8-bit float types come from <hip/hip_fp8.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_FP8_H
#define FERROCM_AMD_DETAIL_AMD_HIP_FP8_H
#include <hip/hip_fp8.h>
#endif
