// 256-bin byte histogram: each block counts into a shared-memory histogram with atomicAdd, then
// adds its bins to the global histogram (one global atomic per bin per block).
#include <hip/hip_runtime.h>

#define BINS 256

extern "C" __global__ void histogram256(const unsigned char* data, int n, unsigned int* bins) {
    __shared__ unsigned int local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        local[b] = 0;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&local[data[i]], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        if (local[b] != 0) {
            atomicAdd(&bins[b], local[b]);
        }
    }
}
