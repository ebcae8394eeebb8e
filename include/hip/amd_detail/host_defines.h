/* ferrocm: ROCm's hip/amd_detail/host_defines.h, which programs and libraries include directly: here,
 * the function and variable qualifiers (__host__, __device__, __global__, __shared__, __forceinline__, ...) come from <hip/hip_defines.h>. */
#ifndef FERROCM_AMD_DETAIL_HOST_DEFINES_H
#define FERROCM_AMD_DETAIL_HOST_DEFINES_H
#include <hip/hip_defines.h>
#endif
