// The device side of the library: defined here, used from main.hip.
#include "vector_math.h"

__device__ unsigned int clamped_count = 0;

__device__ float dot3(const float* a, const float* b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

__device__ float clamp_unit(float v) {
    if (v > 1.0f || v < -1.0f) {
        atomicAdd(&clamped_count, 1u);
        return v > 1.0f ? 1.0f : -1.0f;
    }
    return v;
}
