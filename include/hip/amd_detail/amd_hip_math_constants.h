/* ferrocm: ROCm's hip/amd_detail/amd_hip_math_constants.h, which programs and libraries include directly: here,
 * the math constants come from <hip/hip_math_constants.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H
#define FERROCM_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H
#include <hip/hip_math_constants.h>
#endif
