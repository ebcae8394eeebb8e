// A CUDA-named file compiled as HIP (LANGUAGE HIP), as projects that share sources with CUDA do.
#include <hip/hip_runtime.h>

__global__ void offset_kernel(float *x, int n, float b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += b;
}

void launch_offset(float *device_values, int n, float b) {
    offset_kernel<<<(n + 63) / 64, 64>>>(device_values, n, b);
}
