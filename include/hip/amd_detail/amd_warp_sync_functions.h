/* ferrocm: ROCm's hip/amd_detail/amd_warp_sync_functions.h, which programs and libraries include directly: here,
 * the _sync warp functions (part of hip_runtime.h) come from <hip/hip_runtime.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_WARP_SYNC_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_AMD_WARP_SYNC_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
