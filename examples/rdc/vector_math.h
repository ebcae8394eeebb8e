// Device functions defined in vector_math.hip and called from kernels in main.hip: with
// relocatable device code (-fgpu-rdc) the device linker resolves them across files.
#pragma once

#include <hip/hip_runtime.h>

__device__ float dot3(const float* a, const float* b);
__device__ float clamp_unit(float v);

// A device variable defined in vector_math.hip and updated from main.hip's kernel.
extern __device__ unsigned int clamped_count;
