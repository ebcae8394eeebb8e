#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

__global__ void saxpy(float *y, const float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
    const int n = 4096;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i);
        y[i] = 1.0f;
    }
    float *dx = nullptr, *dy = nullptr;
    if (hipMalloc(&dx, n * sizeof(float)) != hipSuccess || hipMalloc(&dy, n * sizeof(float)) != hipSuccess)
        return 1;
    hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice);
    hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(saxpy, dim3(n / 256), dim3(256), 0, 0, dy, dx, 2.0f, n);
    hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost);
    hipFree(dx);
    hipFree(dy);
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (y[i] != 2.0f * static_cast<float>(i) + 1.0f) ++bad;
    std::printf("saxpy: %d of %d values wrong\n%s\n", bad, n, bad == 0 ? "PASSED" : "FAILED");
    return bad == 0 ? 0 : 1;
}
