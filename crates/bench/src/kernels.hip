// Kernels used only by ferrocm-bench (SAXPY and the tiled matrix multiply come from samples/).
#include <hip/hip_runtime.h>

// STREAM triad: a = b + s * c.
extern "C" __global__ void triad(int n, float s, float* a, const float* b, const float* c) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = b[i] + s * c[i];
    }
}

// Does nothing: measures the cost of a launch and a synchronize.
extern "C" __global__ void empty_kernel() {}
