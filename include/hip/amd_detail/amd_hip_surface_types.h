/* ferrocm: ROCm's hip/amd_detail/amd_hip_surface_types.h, which programs and libraries include directly: here,
 * the surface types come from <hip/surface_types.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_SURFACE_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_HIP_SURFACE_TYPES_H
#include <hip/surface_types.h>
#endif
