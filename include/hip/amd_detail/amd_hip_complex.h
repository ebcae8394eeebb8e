/* ferrocm: ROCm's hip/amd_detail/amd_hip_complex.h, which programs and libraries include directly: here,
 * hipFloatComplex and hipDoubleComplex come from <hip/hip_complex.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_HIP_COMPLEX_H
#define FERROCM_AMD_DETAIL_AMD_HIP_COMPLEX_H
#include <hip/hip_complex.h>
#endif
