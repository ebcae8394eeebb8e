// Templated kernels: one kernel template instantiated for several element types and a
// compile-time block size, a functor passed as a template argument, and launches both with
// <<<>>> and with hipLaunchKernelGGL (HIP_KERNEL_NAME keeps the template's commas together).
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

struct Square {
    template <typename T>
    __host__ __device__ T operator()(T v) const { return v * v; }
};

struct AddConstant {
    int c;
    template <typename T>
    __host__ __device__ T operator()(T v) const { return v + static_cast<T>(c); }
};

template <typename T, typename Op>
__global__ void transform(const T* in, T* out, int n, Op op) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = op(in[i]);
}

// Sum of each block's BLOCK elements, BLOCK known at compile time (sizes the shared array).
template <typename T, int BLOCK>
__global__ void block_sum(const T* in, T* out) {
    __shared__ T partial[BLOCK];
    partial[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (static_cast<int>(threadIdx.x) < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

template <typename T, typename Op>
static int check_transform(const char* what, Op op, int n) {
    std::vector<T> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = static_cast<T>(i % 100) / static_cast<T>(4);
    T *d_in = nullptr, *d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(T)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(T)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(T), hipMemcpyHostToDevice));
    transform<T, Op><<<(n + 127) / 128, 128>>>(d_in, d_out, n, op);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(T), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    int errors = 0;
    for (int i = 0; i < n; ++i) {
        if (out[i] != op(in[i])) {
            if (errors < 5) std::printf("%s: mismatch at %d: got %g, expected %g\n", what, i, (double)out[i], (double)op(in[i]));
            ++errors;
        }
    }
    std::printf("templates: transform<%s> over %d elements, %d mismatches\n", what, n, errors);
    return errors;
}

template <typename T, int BLOCK>
static int check_block_sum(const char* what, int blocks) {
    int n = blocks * BLOCK;
    std::vector<T> in(n), out(blocks);
    for (int i = 0; i < n; ++i) in[i] = static_cast<T>(i % 7);
    T *d_in = nullptr, *d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(T)));
    HIP_CHECK(hipMalloc(&d_out, blocks * sizeof(T)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(T), hipMemcpyHostToDevice));
    hipLaunchKernelGGL(HIP_KERNEL_NAME(block_sum<T, BLOCK>), dim3(blocks), dim3(BLOCK), 0, 0, d_in, d_out);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(out.data(), d_out, blocks * sizeof(T), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    int errors = 0;
    for (int b = 0; b < blocks; ++b) {
        T expected = 0;
        for (int t = 0; t < BLOCK; ++t) expected += in[b * BLOCK + t];
        if (out[b] != expected) {
            if (errors < 5) std::printf("%s: block %d: got %g, expected %g\n", what, b, (double)out[b], (double)expected);
            ++errors;
        }
    }
    std::printf("templates: block_sum<%s, %d> over %d blocks, %d mismatches\n", what, BLOCK, blocks, errors);
    return errors;
}

int main() {
    int errors = 0;
    errors += check_transform<float>("float, Square", Square{}, 10000);
    errors += check_transform<double>("double, Square", Square{}, 10000);
    errors += check_transform<int>("int, AddConstant", AddConstant{-17}, 10000);
    errors += check_transform<long long>("long long, AddConstant", AddConstant{1 << 20}, 3000);
    errors += check_block_sum<int, 64>("int", 50);
    errors += check_block_sum<float, 256>("float", 20);
    errors += check_block_sum<double, 128>("double", 33);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
