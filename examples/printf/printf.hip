// Device-side printf: every thread of a 2x4 grid prints one line with its coordinates and a value
// it computed. The same value is also stored in device memory so the host can check the
// computation, not only look at the text.
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

__global__ void hello(int* out, float scale) {
    int global_id = blockIdx.x * blockDim.x + threadIdx.x;
    int value = global_id * global_id + 1;
    out[global_id] = value;
    // %d, %u, %f with a precision, %s and %x: the common conversions a kernel prints with.
    printf("device: block %u thread %u global %d value %d scaled %.3f %s 0x%x\n", blockIdx.x,
           threadIdx.x, global_id, value, (double)(scale * value), "ok", (unsigned)global_id);
}

int main() {
    constexpr int blocks = 2;
    constexpr int threads = 4;
    constexpr int n = blocks * threads;
    int* d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(int)));

    hello<<<dim3(blocks), dim3(threads), 0, 0>>>(d_out, 0.5f);
    HIP_CHECK(hipGetLastError());
    // The device printf buffer is flushed when the host waits for the kernel.
    HIP_CHECK(hipDeviceSynchronize());

    int h_out[n];
    HIP_CHECK(hipMemcpy(h_out, d_out, sizeof(h_out), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_out));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        if (h_out[i] != i * i + 1) {
            std::printf("mismatch at %d: got %d, expected %d\n", i, h_out[i], i * i + 1);
            ++errors;
        }
    }
    std::printf("printf: %d threads printed\n", n);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
