#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>
#include "scale.h"

float reference_value(int i);

__global__ void iota_plus_one(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = static_cast<float>(i) + 1.0f;
}

int main() {
    const int n = 1000;
    float *d = nullptr;
    if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return 1;
    iota_plus_one<<<(n + 127) / 128, 128>>>(d, n);
    std::vector<float> h(n);
    if (hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    hipFree(d);
    if (scale_on_device(h.data(), n, 3.0f) != 0) {
        std::printf("scale_on_device failed\nFAILED\n");
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (h[i] != reference_value(i)) ++bad;
    int device = -1;
    hipDeviceProp_t props;
    hipGetDevice(&device);
    hipGetDeviceProperties(&props, device);
    std::printf("device %d (%s): %d of %d values wrong\n", device, props.gcnArchName, bad, n);
    std::printf("%s\n", bad == 0 ? "PASSED" : "FAILED");
    return bad == 0 ? 0 : 1;
}
