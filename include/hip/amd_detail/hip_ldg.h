/* ferrocm: ROCm's hip/amd_detail/hip_ldg.h, which programs and libraries include directly: here,
 * __ldg come from <hip/hip_ldg.h>. */
#ifndef FERROCM_AMD_DETAIL_HIP_LDG_H
#define FERROCM_AMD_DETAIL_HIP_LDG_H
#include <hip/hip_ldg.h>
#endif
