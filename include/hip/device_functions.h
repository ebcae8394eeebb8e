/* ferrocm: HIP's device function header (ROCm's hip/device_functions.h): the device functions
 * (integer and bit intrinsics, warp functions, atomics, synchronisation, printf, clocks) are all
 * part of hip_runtime.h here. */
#ifndef FERROCM_HIP_DEVICE_FUNCTIONS_H
#define FERROCM_HIP_DEVICE_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
