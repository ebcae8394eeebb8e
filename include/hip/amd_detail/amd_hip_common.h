/* ferrocm: ROCm's hip/amd_detail/amd_hip_common.h, which programs and libraries include directly: here,
 * the platform macros come from <hip/hip_common.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_COMMON_H
#define FERROCM_AMD_DETAIL_AMD_HIP_COMMON_H
#include <hip/hip_common.h>
#endif
