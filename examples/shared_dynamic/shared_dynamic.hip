// Dynamic shared memory: the size of the __shared__ buffer is chosen at launch time (third
// launch parameter) and reached through `extern __shared__`. One kernel, run with several block
// sizes, computes a 1-D moving average whose window needs a halo on both sides of the tile.
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

constexpr int kRadius = 3;

__global__ void moving_average(const float* in, float* out, int n) {
    // blockDim.x + 2 * kRadius floats, sized by the launch.
    extern __shared__ float tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local = threadIdx.x + kRadius;
    tile[local] = i < n ? in[i] : 0.0f;
    if (threadIdx.x < kRadius) {
        int left = i - kRadius;
        int right = i + blockDim.x;
        tile[threadIdx.x] = left >= 0 && left < n ? in[left] : 0.0f;
        tile[local + blockDim.x] = right < n ? in[right] : 0.0f;
    }
    __syncthreads();
    if (i < n) {
        float acc = 0.0f;
        for (int k = -kRadius; k <= kRadius; ++k) acc += tile[local + k];
        out[i] = acc / (2 * kRadius + 1);
    }
}

int main() {
    const int n = 10000;
    std::vector<float> in(n), expected(n);
    for (int i = 0; i < n; ++i) in[i] = std::sin(0.01f * i) + 0.001f * (i % 13);
    for (int i = 0; i < n; ++i) {
        float acc = 0.0f;
        for (int k = -kRadius; k <= kRadius; ++k) {
            int j = i + k;
            acc += j >= 0 && j < n ? in[j] : 0.0f;
        }
        expected[i] = acc / (2 * kRadius + 1);
    }

    float* d_in = nullptr;
    float* d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));

    int errors = 0;
    const int block_sizes[] = {64, 128, 256, 1024};
    for (int block : block_sizes) {
        HIP_CHECK(hipMemset(d_out, 0, n * sizeof(float)));
        size_t shmem = (block + 2 * kRadius) * sizeof(float);
        int grid = (n + block - 1) / block;
        if (block == 1024) {
            hipLaunchKernelGGL(moving_average, dim3(grid), dim3(block), shmem, 0, d_in, d_out, n);
        } else {
            moving_average<<<grid, block, shmem>>>(d_in, d_out, n);
        }
        HIP_CHECK(hipGetLastError());
        std::vector<float> out(n);
        HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
        int block_errors = 0;
        for (int i = 0; i < n; ++i) {
            if (std::fabs(out[i] - expected[i]) > 1e-5f) {
                if (block_errors < 5) std::printf("block %d: mismatch at %d: got %f, expected %f\n", block, i, out[i], expected[i]);
                ++block_errors;
            }
        }
        std::printf("shared_dynamic: block %4d, %zu bytes of dynamic shared memory, %d mismatches\n", block, shmem, block_errors);
        errors += block_errors;
    }
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
