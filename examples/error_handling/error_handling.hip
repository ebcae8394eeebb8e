// Error handling the HIP way: every call's hipError_t checked (HIP_CHECK), a kernel launch with
// an impossible configuration caught with hipGetLastError, hipPeekAtLastError leaving the error
// in place, hipGetErrorName/hipGetErrorString for messages, and calls with bad arguments
// returning their documented codes. Afterwards the runtime still works: launch errors are not
// sticky.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

static int failures = 0;

// Expects `expr` to return `expected`; reports and counts a failure otherwise.
#define EXPECT_STATUS(expr, expected)                                                          \
    do {                                                                                       \
        hipError_t got_ = (expr);                                                              \
        if (got_ != (expected)) {                                                              \
            std::printf("%s returned %s (%d), expected %s (%d)\n", #expr, hipGetErrorName(got_), \
                        static_cast<int>(got_), hipGetErrorName(expected),                     \
                        static_cast<int>(expected));                                           \
            ++failures;                                                                        \
        } else {                                                                               \
            std::printf("ok: %s -> %s: %s\n", #expr, hipGetErrorName(got_),                    \
                        hipGetErrorString(got_));                                              \
        }                                                                                      \
    } while (0)

__global__ void fill(int* out, int value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}

int main() {
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    const int n = 1024;
    int* d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(int)));

    // No error yet.
    EXPECT_STATUS(hipGetLastError(), hipSuccess);

    // A block larger than the device allows: the launch itself fails, reported through the
    // last-error state since <<<>>> returns nothing. ROCm answers hipErrorInvalidValue (CUDA,
    // and HIP on NVIDIA, hipErrorInvalidConfiguration).
    fill<<<1, prop.maxThreadsPerBlock * 2>>>(d_out, 1, n);
    EXPECT_STATUS(hipPeekAtLastError(), hipErrorInvalidValue);  // peek keeps it...
    EXPECT_STATUS(hipGetLastError(), hipErrorInvalidValue);     // ...get returns it...
    EXPECT_STATUS(hipGetLastError(), hipSuccess);                       // ...and resets it.

    // The same through hipLaunchKernelGGL, with too much dynamic shared memory.
    hipLaunchKernelGGL(fill, dim3(1), dim3(64), prop.sharedMemPerBlock + 1, 0, d_out, 2, n);
    hipError_t shmem_status = hipGetLastError();
    if (shmem_status == hipSuccess) {
        std::printf("a launch asking for %zu bytes of shared memory (limit %zu) succeeded\n", prop.sharedMemPerBlock + 1, prop.sharedMemPerBlock);
        ++failures;
    } else {
        std::printf("ok: oversized shared memory launch -> %s\n", hipGetErrorName(shmem_status));
    }

    // The names and messages are the runtime's own.
    if (std::strcmp(hipGetErrorName(hipErrorInvalidConfiguration), "hipErrorInvalidConfiguration") != 0 ||
        std::strcmp(hipGetErrorName(hipSuccess), "hipSuccess") != 0 ||
        std::strlen(hipGetErrorString(hipErrorInvalidValue)) == 0) {
        std::printf("unexpected error names or strings\n");
        ++failures;
    }

    // Bad arguments to runtime calls.
    int device_count = 0;
    HIP_CHECK(hipGetDeviceCount(&device_count));
    EXPECT_STATUS(hipSetDevice(device_count), hipErrorInvalidDevice);
    EXPECT_STATUS(hipGetLastError(), hipErrorInvalidDevice);  // failed API calls set it too
    int host_value = 0;
    EXPECT_STATUS(hipMemcpy(nullptr, &host_value, sizeof(int), hipMemcpyHostToDevice), hipErrorInvalidValue);
    EXPECT_STATUS(hipFree(nullptr), hipSuccess);  // freeing null is allowed
    (void)hipGetLastError();  // clear the failed hipMemcpy's error before going on

    // The runtime still works after all of that.
    fill<<<n / 256, 256>>>(d_out, 42, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    int h_out[n];
    HIP_CHECK(hipMemcpy(h_out, d_out, sizeof(h_out), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_out));
    for (int i = 0; i < n; ++i) {
        if (h_out[i] != 42) {
            std::printf("after the errors, element %d is %d, expected 42\n", i, h_out[i]);
            ++failures;
            break;
        }
    }
    std::printf("error_handling: %d unexpected result(s)\n", failures);
    std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
