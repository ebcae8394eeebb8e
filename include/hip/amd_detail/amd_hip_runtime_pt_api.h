/* ferrocm: ROCm's hip/amd_detail/amd_hip_runtime_pt_api.h, which programs and libraries include directly: here,
 * the runtime API come from <hip/hip_runtime_api.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#define FERROCM_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#include <hip/hip_runtime_api.h>
#endif
