// Static shared memory: each block loads a tile of the input into a fixed-size __shared__ array,
// synchronises, and writes the tile back reversed. A second kernel computes a block-wide sum with
// a tree reduction in a static __shared__ array. Both results are checked on the host.
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

constexpr int kBlock = 256;

__global__ void reverse_tiles(const int* in, int* out) {
    __shared__ int tile[kBlock];
    int base = blockIdx.x * kBlock;
    tile[threadIdx.x] = in[base + threadIdx.x];
    // Every thread reads an element another thread wrote: the barrier orders the writes first.
    __syncthreads();
    out[base + threadIdx.x] = tile[kBlock - 1 - threadIdx.x];
}

__global__ void block_sums(const int* in, long long* sums) {
    __shared__ long long partial[kBlock];
    unsigned tid = threadIdx.x;
    partial[tid] = in[blockIdx.x * kBlock + tid];
    __syncthreads();
    for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) sums[blockIdx.x] = partial[0];
}

int main() {
    const int blocks = 64;
    const int n = blocks * kBlock;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 10007 - 5000;

    int* d_in = nullptr;
    int* d_out = nullptr;
    long long* d_sums = nullptr;
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(int)));
    HIP_CHECK(hipMalloc(&d_sums, blocks * sizeof(long long)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    reverse_tiles<<<blocks, kBlock>>>(d_in, d_out);
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(block_sums, dim3(blocks), dim3(kBlock), 0, 0, d_in, d_sums);
    HIP_CHECK(hipGetLastError());

    std::vector<int> out(n);
    std::vector<long long> sums(blocks);
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(sums.data(), d_sums, blocks * sizeof(long long), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    HIP_CHECK(hipFree(d_sums));

    int errors = 0;
    for (int b = 0; b < blocks; ++b) {
        long long expected_sum = 0;
        for (int t = 0; t < kBlock; ++t) {
            int i = b * kBlock + t;
            expected_sum += in[i];
            int expected = in[b * kBlock + (kBlock - 1 - t)];
            if (out[i] != expected) {
                if (errors < 10) std::printf("reverse mismatch at %d: got %d, expected %d\n", i, out[i], expected);
                ++errors;
            }
        }
        if (sums[b] != expected_sum) {
            if (errors < 10) std::printf("sum mismatch in block %d: got %lld, expected %lld\n", b, sums[b], expected_sum);
            ++errors;
        }
    }
    std::printf("shared_static: %d blocks of %d, %d mismatches\n", blocks, kBlock, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
