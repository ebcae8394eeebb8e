/* ferrocm: ROCm's hip/amd_detail/amd_math_functions.h, which programs and libraries include directly: here,
 * the device math library (part of hip_runtime.h) come from <hip/hip_runtime.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_MATH_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_AMD_MATH_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
