// A CUDA program, unchanged CUDA: hipcc translates it to HIP on the fly and runs it on the CPU device.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <cstdio>
#include <cstdlib>
#include "vector_add.cuh"

template <typename T>
__global__ void vector_add(const T *a, const T *b, T *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

// Sums `n` values per block through shared memory.
__global__ void block_sum(const int *in, int *out, int n) {
    __shared__ int partial[THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    partial[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

int main() {
    const int n = VECTOR_ADD_N;
    const int blocks = (n + THREADS - 1) / THREADS;
    if (max_block_threads() < THREADS) {
        printf("blocks of %d threads are not supported\n", THREADS);
        return 3;
    }
    float *ha = (float *)malloc(n * sizeof(float)), *hb = (float *)malloc(n * sizeof(float));
    float *hc = (float *)malloc(n * sizeof(float));
    int *hi = (int *)malloc(n * sizeof(int)), hsums[blocks];
    for (int i = 0; i < n; ++i) {
        ha[i] = 0.5f * i;
        hb[i] = 2.0f * i + 1.0f;
        hi[i] = i;
    }
    float *da, *db, *dc;
    int *di, *dsums;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMalloc(&di, n * sizeof(int)));
    CHECK(cudaMalloc(&dsums, blocks * sizeof(int)));
    CHECK(cudaMemcpy(da, ha, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, hb, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dc, 0xff, n * sizeof(float)));
    vector_add<float><<<blocks, THREADS>>>(da, db, dc, n);
    block_sum<<<dim3(blocks), dim3(THREADS), 0, 0>>>(di, dsums, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hc, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hsums, dsums, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (hc[i] != 2.5f * i + 1.0f) bad++;
    long total = 0;
    for (int b = 0; b < blocks; ++b) total += hsums[b];
    if (total != (long)n * (n - 1) / 2) bad++;
    printf("vector_add: %d errors, sum %ld\n", bad, total);
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(di); cudaFree(dsums);
    free(ha); free(hb); free(hc); free(hi);
    return bad == 0 ? 0 : 2;
}
