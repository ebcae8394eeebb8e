/* ferrocm: what hipRTC programs may use without including anything, as ROCm's hipRTC provides
 * it: hipRTC pre-includes this after hip/hip_runtime.h. Beyond the kernel language itself:
 * __half and __half2 (hip_fp16.h), __hip_bfloat16 and hip_bfloat16 (hip_bf16.h), the 8-bit
 * floats (hip_fp8.h), hipFloatComplex and hipDoubleComplex (hip_complex.h), the math constants
 * (HIP_PI_F, ...) and the texture and surface enums (hip_runtime_api.h brings those). */
#ifndef FERROCM_HIPRTC_BUILTINS_H
#define FERROCM_HIPRTC_BUILTINS_H
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_complex.h>
#include <hip/hip_math_constants.h>
#include <hip/texture_types.h>
#include <hip/surface_types.h>
#endif /* FERROCM_HIPRTC_BUILTINS_H */
