// SAXPY, y = a*x + y, the classic first HIP program: device buffers with hipMalloc, copies with
// hipMemcpy, a triple-chevron launch with a grid that does not divide the problem size evenly.
#include <hip/hip_runtime.h>

#include <cmath>
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

__global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // The last block is only partly used: n is not a multiple of the block size.
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

int main() {
    const int n = (1 << 20) + 77;
    const float a = 2.5f;
    std::vector<float> x(n), y(n), expected(n);
    for (int i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i % 1000) * 0.001f;
        y[i] = static_cast<float>(i % 17) - 8.0f;
        expected[i] = a * x[i] + y[i];
    }

    float* d_x = nullptr;
    float* d_y = nullptr;
    const size_t bytes = n * sizeof(float);
    HIP_CHECK(hipMalloc(&d_x, bytes));
    HIP_CHECK(hipMalloc(&d_y, bytes));
    HIP_CHECK(hipMemcpy(d_x, x.data(), bytes, hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_y, y.data(), bytes, hipMemcpyHostToDevice));

    const int block = 256;
    const int grid = (n + block - 1) / block;
    saxpy<<<grid, block>>>(n, a, d_x, d_y);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(y.data(), d_y, bytes, hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_x));
    HIP_CHECK(hipFree(d_y));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        // a*x+y may be contracted to one fma on the device: allow a rounding step.
        if (std::fabs(y[i] - expected[i]) > 1e-5f * (1.0f + std::fabs(expected[i]))) {
            if (errors < 10) std::printf("mismatch at %d: got %f, expected %f\n", i, y[i], expected[i]);
            ++errors;
        }
    }
    std::printf("saxpy: n=%d, grid=%d, block=%d, %d mismatches\n", n, grid, block, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
