// Device variables reached from the host by symbol: a __constant__ table filled with
// hipMemcpyToSymbol, a __device__ counter read back with hipMemcpyFromSymbol, and a __device__
// array whose address (hipGetSymbolAddress) and size (hipGetSymbolSize) are used like any other
// device pointer.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

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

constexpr int kCoeffs = 8;
constexpr int kN = 1024;

__constant__ float coefficients[kCoeffs];
__device__ int launches_seen;
__device__ float results[kN];

// Evaluates the polynomial with the constant coefficients at x = i / kN (Horner's rule).
__global__ void evaluate() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) launches_seen += 1;
    if (i < kN) {
        float x = static_cast<float>(i) / kN;
        float acc = 0.0f;
        for (int c = kCoeffs - 1; c >= 0; --c) acc = acc * x + coefficients[c];
        results[i] = acc;
    }
}

int main() {
    float h_coeffs[kCoeffs];
    for (int c = 0; c < kCoeffs; ++c) h_coeffs[c] = 0.25f * (c + 1) * (c % 2 ? -1.0f : 1.0f);
    HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coefficients), h_coeffs, sizeof(h_coeffs), 0, hipMemcpyHostToDevice));
    // A copy at an offset: replace the last two coefficients only.
    const float tail[2] = {0.125f, -0.0625f};
    h_coeffs[kCoeffs - 2] = tail[0];
    h_coeffs[kCoeffs - 1] = tail[1];
    HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(coefficients), tail, sizeof(tail), (kCoeffs - 2) * sizeof(float), hipMemcpyHostToDevice));
    const int start_count = 40;
    HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(launches_seen), &start_count, sizeof(int), 0, hipMemcpyHostToDevice));

    evaluate<<<kN / 128, 128>>>();
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(evaluate, dim3(kN / 256), dim3(256), 0, 0);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());

    int count = 0;
    HIP_CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(launches_seen), sizeof(int), 0, hipMemcpyDeviceToHost));

    void* d_results = nullptr;
    size_t results_bytes = 0;
    HIP_CHECK(hipGetSymbolAddress(&d_results, HIP_SYMBOL(results)));
    HIP_CHECK(hipGetSymbolSize(&results_bytes, HIP_SYMBOL(results)));
    float h_results[kN];
    int errors = 0;
    if (results_bytes != sizeof(h_results)) {
        std::printf("hipGetSymbolSize: got %zu, expected %zu\n", results_bytes, sizeof(h_results));
        ++errors;
    }
    HIP_CHECK(hipMemcpy(h_results, d_results, sizeof(h_results), hipMemcpyDeviceToHost));

    float h_back[kCoeffs];
    HIP_CHECK(hipMemcpyFromSymbol(h_back, HIP_SYMBOL(coefficients), sizeof(h_back), 0, hipMemcpyDeviceToHost));
    for (int c = 0; c < kCoeffs; ++c) {
        if (h_back[c] != h_coeffs[c]) {
            std::printf("coefficient %d: got %f, expected %f\n", c, h_back[c], h_coeffs[c]);
            ++errors;
        }
    }
    if (count != start_count + 2) {
        std::printf("launches_seen: got %d, expected %d\n", count, start_count + 2);
        ++errors;
    }
    for (int i = 0; i < kN; ++i) {
        float x = static_cast<float>(i) / kN;
        float acc = 0.0f;
        for (int c = kCoeffs - 1; c >= 0; --c) acc = acc * x + h_coeffs[c];
        float diff = h_results[i] - acc;
        if (diff > 1e-5f || diff < -1e-5f) {
            if (errors < 10) std::printf("result %d: got %f, expected %f\n", i, h_results[i], acc);
            ++errors;
        }
    }
    std::printf("symbols: %d launches counted on the device, %d mismatches\n", count - start_count, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
