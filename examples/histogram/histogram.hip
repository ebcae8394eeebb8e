// Atomics: a 64-bin histogram of bytes, first privatised per block in shared memory
// (atomicAdd on __shared__), then merged into the global histogram (atomicAdd on global memory).
// A second kernel finds the maximum and counts values above a threshold with atomicMax and
// atomicInc, and a float sum with atomicAdd on float.
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

constexpr int kBins = 64;

__global__ void histogram_shared(const unsigned char* data, int n, unsigned int* bins) {
    __shared__ unsigned int local[kBins];
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % kBins], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < kBins; b += blockDim.x)
        if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}

__global__ void statistics(const unsigned char* data, int n, int* max_value, unsigned int* above,
                           float* sum, unsigned int threshold) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicMax(max_value, static_cast<int>(data[i]));
        // atomicInc wraps to 0 past its limit; the limit here is never reached.
        if (data[i] > threshold) atomicInc(above, 0xffffffffu);
        atomicAdd(sum, static_cast<float>(data[i] & 3));
    }
}

int main() {
    const int n = 1 << 20;
    std::vector<unsigned char> data(n);
    unsigned int state = 12345u;
    for (int i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;  // a small LCG, deterministic
        data[i] = static_cast<unsigned char>(state >> 24);
    }
    const unsigned int threshold = 200;
    std::vector<unsigned int> expected_bins(kBins, 0);
    int expected_max = 0;
    unsigned int expected_above = 0;
    double expected_sum = 0.0;
    for (int i = 0; i < n; ++i) {
        expected_bins[data[i] % kBins] += 1;
        if (data[i] > expected_max) expected_max = data[i];
        if (data[i] > threshold) expected_above += 1;
        expected_sum += data[i] & 3;
    }

    unsigned char* d_data = nullptr;
    unsigned int* d_bins = nullptr;
    int* d_max = nullptr;
    unsigned int* d_above = nullptr;
    float* d_sum = nullptr;
    HIP_CHECK(hipMalloc(&d_data, n));
    HIP_CHECK(hipMalloc(&d_bins, kBins * sizeof(unsigned int)));
    HIP_CHECK(hipMalloc(&d_max, sizeof(int)));
    HIP_CHECK(hipMalloc(&d_above, sizeof(unsigned int)));
    HIP_CHECK(hipMalloc(&d_sum, sizeof(float)));
    HIP_CHECK(hipMemcpy(d_data, data.data(), n, hipMemcpyHostToDevice));
    HIP_CHECK(hipMemset(d_bins, 0, kBins * sizeof(unsigned int)));
    HIP_CHECK(hipMemset(d_max, 0, sizeof(int)));
    HIP_CHECK(hipMemset(d_above, 0, sizeof(unsigned int)));
    HIP_CHECK(hipMemset(d_sum, 0, sizeof(float)));

    histogram_shared<<<64, 256>>>(d_data, n, d_bins);
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(statistics, dim3(n / 256), dim3(256), 0, 0, d_data, n, d_max, d_above, d_sum, threshold);
    HIP_CHECK(hipGetLastError());

    std::vector<unsigned int> bins(kBins);
    int max_value = -1;
    unsigned int above = 0;
    float sum = 0.0f;
    HIP_CHECK(hipMemcpy(bins.data(), d_bins, kBins * sizeof(unsigned int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&max_value, d_max, sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&above, d_above, sizeof(unsigned int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&sum, d_sum, sizeof(float), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_data));
    HIP_CHECK(hipFree(d_bins));
    HIP_CHECK(hipFree(d_max));
    HIP_CHECK(hipFree(d_above));
    HIP_CHECK(hipFree(d_sum));

    int errors = 0;
    unsigned long long total = 0;
    for (int b = 0; b < kBins; ++b) {
        total += bins[b];
        if (bins[b] != expected_bins[b]) {
            std::printf("bin %d: got %u, expected %u\n", b, bins[b], expected_bins[b]);
            ++errors;
        }
    }
    if (max_value != expected_max) {
        std::printf("max: got %d, expected %d\n", max_value, expected_max);
        ++errors;
    }
    if (above != expected_above) {
        std::printf("above %u: got %u, expected %u\n", threshold, above, expected_above);
        ++errors;
    }
    // Every partial sum is a whole number below 2^24, so the float sum is exact in any order.
    if (static_cast<double>(sum) != expected_sum) {
        std::printf("sum: got %.1f, expected %.1f\n", sum, expected_sum);
        ++errors;
    }
    std::printf("histogram: %llu values in %d bins, max %d, %u above %u, %d mismatches\n", total, kBins, max_value, above, threshold, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
