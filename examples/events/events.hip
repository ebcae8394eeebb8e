// Timing with events: hipEventRecord around a copy and around a kernel on the null stream,
// hipEventSynchronize, hipEventElapsedTime. The times must be non-negative and add up (the
// whole interval is at least each of its parts); the kernel's result is checked on the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                        \
    do {                                                                                       \
        hipError_t hip_check_status_ = (expr);                                                 \
        if (hip_check_status_ != hipSuccess) {                                                 \
            std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #expr,     \
                         hipGetErrorString(hip_check_status_),                                 \
                         hipGetErrorName(hip_check_status_));                                  \
            std::exit(EXIT_FAILURE);                                                           \
        }                                                                                      \
    } while (0)

__global__ void scale_add(float* data, int n, float factor, int repeats) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = data[i];
        // Enough work per element that the kernel is measurable.
        for (int r = 0; r < repeats; ++r) v = v * factor + 1.0f;
        data[i] = v;
    }
}

int main() {
    const int n = 1 << 20;
    const int repeats = 16;
    const float factor = 0.5f;
    std::vector<float> host(n);
    for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i % 64);

    float* d_data = nullptr;
    HIP_CHECK(hipMalloc(&d_data, n * sizeof(float)));

    hipEvent_t start, copied, finished;
    HIP_CHECK(hipEventCreate(&start));
    HIP_CHECK(hipEventCreate(&copied));
    HIP_CHECK(hipEventCreate(&finished));

    HIP_CHECK(hipEventRecord(start, 0));
    HIP_CHECK(hipMemcpy(d_data, host.data(), n * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipEventRecord(copied, 0));
    scale_add<<<(n + 255) / 256, 256>>>(d_data, n, factor, repeats);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipEventRecord(finished, 0));
    HIP_CHECK(hipEventSynchronize(finished));
    // After the synchronize the last event, and so every earlier one, has completed.
    HIP_CHECK(hipEventQuery(finished));

    float copy_ms = -1.0f, kernel_ms = -1.0f, total_ms = -1.0f;
    HIP_CHECK(hipEventElapsedTime(&copy_ms, start, copied));
    HIP_CHECK(hipEventElapsedTime(&kernel_ms, copied, finished));
    HIP_CHECK(hipEventElapsedTime(&total_ms, start, finished));

    std::vector<float> result(n);
    HIP_CHECK(hipMemcpy(result.data(), d_data, n * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipEventDestroy(start));
    HIP_CHECK(hipEventDestroy(copied));
    HIP_CHECK(hipEventDestroy(finished));
    HIP_CHECK(hipFree(d_data));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        float v = host[i];
        for (int r = 0; r < repeats; ++r) v = v * factor + 1.0f;
        // Multiplying by 0.5 and adding 1 is exact in float for these values, fma or not.
        if (result[i] != v) {
            if (errors < 10) std::printf("mismatch at %d: got %f, expected %f\n", i, result[i], v);
            ++errors;
        }
    }
    std::printf("events: copy %.3f ms, kernel %.3f ms, total %.3f ms\n", copy_ms, kernel_ms, total_ms);
    // Each event's time stamp is taken once, so the parts add up to the whole (up to rounding).
    const float slack = 1e-3f;
    if (copy_ms < 0.0f || kernel_ms < 0.0f || total_ms + slack < copy_ms ||
        total_ms + slack < kernel_ms || total_ms > copy_ms + kernel_ms + slack) {
        std::printf("inconsistent event times\n");
        ++errors;
    }
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
