/* ferrocm: ROCm's hip/amd_detail/amd_hip_cooperative_groups.h, which programs and libraries include directly: here,
 * cooperative groups come from <hip/hip_cooperative_groups.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#define FERROCM_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_H
#include <hip/hip_cooperative_groups.h>
#endif
