// Histograms with atomics, on global memory directly and through a per-block shared copy.
#include <hip/hip_runtime.h>

extern "C" __global__ void hist_global(unsigned* bins, const unsigned char* data, int n, int nbins) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i] % nbins], 1u);
}

extern "C" __global__ void hist_shared(unsigned* bins, const unsigned char* data, int n) {
    __shared__ unsigned local[256];
    for (unsigned b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (unsigned b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}
