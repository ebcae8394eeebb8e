#include <hip/hip_runtime.h>
#include "scale.h"

__global__ void scale_kernel(float *x, int n, float a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

void launch_offset(float *device_values, int n, float b);  // offset.cu

extern "C" int scale_on_device(float *values, int n, float a) {
    float *d = nullptr;
    if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return 1;
    if (hipMemcpy(d, values, n * sizeof(float), hipMemcpyHostToDevice) != hipSuccess) return 2;
    scale_kernel<<<(n + 63) / 64, 64>>>(d, n, a);
    launch_offset(d, n, 0.5f);
    if (hipGetLastError() != hipSuccess) return 3;
    if (hipMemcpy(values, d, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) return 4;
    return hipFree(d) == hipSuccess ? 0 : 5;
}
