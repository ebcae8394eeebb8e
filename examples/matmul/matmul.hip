// Tiled matrix multiply C = A * B (row-major floats). Each 16x16 block computes one tile of C,
// staging tiles of A and B through shared memory; the sizes are not multiples of the tile so the
// edge handling is exercised too.
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

constexpr int kTile = 16;

// A is m x k, B is k x n, C is m x n.
__global__ void matmul_tiled(const float* A, const float* B, float* C, int m, int n, int k) {
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile + 1];  // padded, as one would to avoid bank conflicts
    int row = blockIdx.y * kTile + threadIdx.y;
    int col = blockIdx.x * kTile + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (k + kTile - 1) / kTile; ++t) {
        int a_col = t * kTile + threadIdx.x;
        int b_row = t * kTile + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < m && a_col < k ? A[row * k + a_col] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = b_row < k && col < n ? B[b_row * n + col] : 0.0f;
        __syncthreads();
        for (int i = 0; i < kTile; ++i) acc += As[threadIdx.y][i] * Bs[i][threadIdx.x];
        // The next iteration overwrites the tiles: wait until everyone has read them.
        __syncthreads();
    }
    if (row < m && col < n) C[row * n + col] = acc;
}

int main() {
    const int m = 200, n = 150, k = 173;
    std::vector<float> A(m * k), B(k * n), C(m * n), expected(m * n);
    for (int i = 0; i < m * k; ++i) A[i] = static_cast<float>((i * 37) % 101) / 101.0f - 0.5f;
    for (int i = 0; i < k * n; ++i) B[i] = static_cast<float>((i * 53) % 97) / 97.0f - 0.5f;
    for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c) {
            double acc = 0.0;
            for (int i = 0; i < k; ++i) acc += static_cast<double>(A[r * k + i]) * B[i * n + c];
            expected[r * n + c] = static_cast<float>(acc);
        }

    float *d_A = nullptr, *d_B = nullptr, *d_C = nullptr;
    HIP_CHECK(hipMalloc(&d_A, A.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_B, B.size() * sizeof(float)));
    HIP_CHECK(hipMalloc(&d_C, C.size() * sizeof(float)));
    HIP_CHECK(hipMemcpy(d_A, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_B, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));

    dim3 block(kTile, kTile);
    dim3 grid((n + kTile - 1) / kTile, (m + kTile - 1) / kTile);
    hipLaunchKernelGGL(matmul_tiled, grid, block, 0, 0, d_A, d_B, d_C, m, n, k);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(C.data(), d_C, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_A));
    HIP_CHECK(hipFree(d_B));
    HIP_CHECK(hipFree(d_C));

    int errors = 0;
    for (int i = 0; i < m * n; ++i) {
        if (std::fabs(C[i] - expected[i]) > 1e-4f * k) {
            if (errors < 10) std::printf("mismatch at (%d,%d): got %f, expected %f\n", i / n, i % n, C[i], expected[i]);
            ++errors;
        }
    }
    std::printf("matmul: %dx%d * %dx%d, grid %ux%u of %dx%d, %d mismatches\n", m, k, k, n, grid.x, grid.y, kTile, kTile, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
