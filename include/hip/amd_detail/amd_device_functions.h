/* ferrocm: ROCm's hip/amd_detail/amd_device_functions.h, which programs and libraries include directly: here,
 * the device functions (part of hip_runtime.h) come from <hip/hip_runtime.h>. */
#ifndef FERROCM_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#define FERROCM_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
