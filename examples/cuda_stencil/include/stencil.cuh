// The stencil kernel and its launch helper: CUDA, found through -Iinclude. hipcc translates it (into a
// mirror folder) together with stencil.cu; nothing here is edited.
#pragma once
#include <cuda_runtime.h>
#include "check.cuh"

#define RADIUS 3
#define BLOCK 128

__constant__ float weights[2 * RADIUS + 1];

// out[i] = sum over j in [-R, R] of weights[j + R] * in[i + j] (zero outside the array), through a
// shared-memory tile with halos.
__global__ void stencil_1d(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        int left = g - RADIUS, right = g + BLOCK;
        tile[l - RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
        tile[l + BLOCK] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();
    if (g >= n) return;
    float s = 0.0f;
    for (int j = -RADIUS; j <= RADIUS; ++j) s += weights[j + RADIUS] * tile[l + j];
    out[g] = s;
}

static inline void run_stencil(const float *d_in, float *d_out, int n, cudaStream_t s) {
    stencil_1d<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(d_in, d_out, n);
    CUDA_CHECK(cudaGetLastError());
}
