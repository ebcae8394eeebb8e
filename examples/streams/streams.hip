// Streams with asynchronous copies from pinned memory: the input is split into chunks, each
// chunk goes through its own stream (copy in, kernel, copy out) so copies and kernels of
// different chunks can overlap. An event recorded in one stream orders a final pass on another.
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

__global__ void square_plus(const int* in, int* out, int n, int offset) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * in[i] + offset;
}

__global__ void negate(int* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = -data[i];
}

int main() {
    constexpr int kStreams = 4;
    const int chunk = 1 << 16;
    const int n = kStreams * chunk;
    const size_t bytes = n * sizeof(int);

    // Page-locked host memory: what hipMemcpyAsync needs to be truly asynchronous.
    int* h_in = nullptr;
    int* h_out = nullptr;
    HIP_CHECK(hipHostMalloc(&h_in, bytes, hipHostMallocDefault));
    HIP_CHECK(hipHostMalloc(&h_out, bytes, hipHostMallocDefault));
    for (int i = 0; i < n; ++i) {
        h_in[i] = i % 1000 - 500;
        h_out[i] = 0;
    }

    int* d_in = nullptr;
    int* d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_in, bytes));
    HIP_CHECK(hipMalloc(&d_out, bytes));

    hipStream_t streams[kStreams];
    for (int s = 0; s < kStreams; ++s) HIP_CHECK(hipStreamCreate(&streams[s]));
    hipStream_t last;
    HIP_CHECK(hipStreamCreateWithFlags(&last, hipStreamNonBlocking));
    hipEvent_t chunk0_done;
    HIP_CHECK(hipEventCreate(&chunk0_done));

    for (int s = 0; s < kStreams; ++s) {
        size_t first = static_cast<size_t>(s) * chunk;
        HIP_CHECK(hipMemcpyAsync(d_in + first, h_in + first, chunk * sizeof(int), hipMemcpyHostToDevice, streams[s]));
        hipLaunchKernelGGL(square_plus, dim3(chunk / 256), dim3(256), 0, streams[s], d_in + first, d_out + first, chunk, s);
        HIP_CHECK(hipGetLastError());
        if (s == 0) {
            // Chunk 0 is negated on another stream, after its square_plus and before its copy back.
            HIP_CHECK(hipEventRecord(chunk0_done, streams[0]));
            HIP_CHECK(hipStreamWaitEvent(last, chunk0_done, 0));
            negate<<<chunk / 256, 256, 0, last>>>(d_out, chunk);
            HIP_CHECK(hipGetLastError());
            HIP_CHECK(hipStreamSynchronize(last));
        }
        HIP_CHECK(hipMemcpyAsync(h_out + first, d_out + first, chunk * sizeof(int), hipMemcpyDeviceToHost, streams[s]));
    }
    for (int s = 0; s < kStreams; ++s) HIP_CHECK(hipStreamSynchronize(streams[s]));
    // A synchronized stream has nothing left to run.
    for (int s = 0; s < kStreams; ++s) HIP_CHECK(hipStreamQuery(streams[s]));

    int errors = 0;
    for (int i = 0; i < n; ++i) {
        int s = i / chunk;
        int expected = h_in[i] * h_in[i] + s;
        if (s == 0) expected = -expected;
        if (h_out[i] != expected) {
            if (errors < 10) std::printf("mismatch at %d: got %d, expected %d\n", i, h_out[i], expected);
            ++errors;
        }
    }

    HIP_CHECK(hipEventDestroy(chunk0_done));
    HIP_CHECK(hipStreamDestroy(last));
    for (int s = 0; s < kStreams; ++s) HIP_CHECK(hipStreamDestroy(streams[s]));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipHostFree(h_in));
    HIP_CHECK(hipHostFree(h_out));

    std::printf("streams: %d streams x %d elements, %d mismatches\n", kStreams, chunk, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
