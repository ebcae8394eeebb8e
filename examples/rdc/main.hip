// Separate compilation: the kernel below calls device functions and updates a device variable
// that live in another translation unit (vector_math.hip). Both files are compiled with
// -fgpu-rdc and linked together by hipcc.
#include "vector_math.h"

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

__global__ void clamped_dots(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = clamp_unit(dot3(a + 3 * i, b + 3 * i));
}

int main() {
    const int n = 3000;
    std::vector<float> a(3 * n), b(3 * n), out(n);
    for (int i = 0; i < 3 * n; ++i) {
        a[i] = 0.125f * (i % 23) - 1.0f;  // dyadic values: every product and sum is exact
        b[i] = 0.0625f * (i % 31) - 1.0f;
    }
    float *d_a = nullptr, *d_b = nullptr, *d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_a, a.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_b, b.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_a, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_b, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));

    clamped_dots<<<(n + 127) / 128, 128>>>(d_a, d_b, d_out, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    unsigned int clamped = 0;
    HIP_CHECK(hipMemcpyFromSymbol(&clamped, HIP_SYMBOL(clamped_count), sizeof(clamped), 0, hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_a));
    HIP_CHECK(hipFree(d_b));
    HIP_CHECK(hipFree(d_out));

    int errors = 0;
    unsigned int expected_clamped = 0;
    for (int i = 0; i < n; ++i) {
        float d = a[3 * i] * b[3 * i] + a[3 * i + 1] * b[3 * i + 1] + a[3 * i + 2] * b[3 * i + 2];
        float expected = d;
        if (d > 1.0f || d < -1.0f) {
            expected = d > 1.0f ? 1.0f : -1.0f;
            ++expected_clamped;
        }
        float diff = out[i] - expected;
        if (diff != 0.0f) {
            if (errors < 10) std::printf("mismatch at %d: got %f, expected %f\n", i, out[i], expected);
            ++errors;
        }
    }
    // Exact arithmetic (see the inputs) makes the device and host agree on every comparison.
    if (clamped != expected_clamped) {
        std::printf("clamped_count: got %u, expected %u\n", clamped, expected_clamped);
        ++errors;
    }
    std::printf("rdc: %d dot products across two translation units, %u clamped, %d mismatches\n", n, clamped, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
