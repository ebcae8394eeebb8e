/* ferrocm: ROCm's hip/amd_detail/amd_hip_texture_types.h, which programs and libraries include directly: here,
 * the texture types come from <hip/texture_types.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_TEXTURE_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_HIP_TEXTURE_TYPES_H
#include <hip/texture_types.h>
#endif
