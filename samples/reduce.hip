// Sum reduction in two passes: each block folds blockDim.x * 2 inputs into one partial sum in
// shared memory (tree reduction with __syncthreads between levels); the second pass runs the
// same kernel with one block over the partial sums.
#include <hip/hip_runtime.h>

#define REDUCE_BLOCK 256

extern "C" __global__ void block_sum(const float* in, float* out, int n) {
    __shared__ float partial[REDUCE_BLOCK];
    unsigned int tid = threadIdx.x;
    // Grid-stride loop so that one block can fold any n (used by the second pass).
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x * 2 + tid; i < n; i += gridDim.x * blockDim.x * 2) {
        acc += in[i];
        if (i + (int)blockDim.x < n) {
            acc += in[i + blockDim.x];
        }
    }
    partial[tid] = acc;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride) {
            partial[tid] += partial[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[blockIdx.x] = partial[0];
    }
}
