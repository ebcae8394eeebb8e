/* ferrocm: ROCm's hip/amd_detail/amd_hip_vector_types.h, which programs and libraries include directly: here,
 * the vector types come from <hip/hip_vector_types.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#define FERROCM_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#include <hip/hip_vector_types.h>
#endif
