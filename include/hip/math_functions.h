/* ferrocm: HIP's math function header (ROCm's hip/math_functions.h): the device math library
 * (hip_math.h) with the rest of hip_runtime.h, as ROCm's also brings the runtime's macros. */
#ifndef FERROCM_HIP_MATH_FUNCTIONS_H
#define FERROCM_HIP_MATH_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
