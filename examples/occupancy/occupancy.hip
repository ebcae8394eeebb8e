// Occupancy: hipOccupancyMaxPotentialBlockSize suggests a block size and the smallest grid that
// fills the device for a kernel; the kernel is then launched with that configuration over a
// problem it covers with a grid-stride loop. hipOccupancyMaxActiveBlocksPerMultiprocessor gives
// how many such blocks fit on one multiprocessor.
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

__global__ void cube(const double* in, double* out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        double v = in[i];
        out[i] = v * v * v;
    }
}

int main() {
    int min_grid = 0, block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&min_grid, &block, cube, 0, 0));
    int limited_grid = 0, limited_block = 0;
    HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&limited_grid, &limited_block, cube, 0, 128));
    int blocks_per_cu = 0;
    HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_cu, cube, block, 0));
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    std::printf("occupancy: suggested block %d, minimum grid %d; with a limit of 128: block %d; %d block(s) per multiprocessor\n",
                block, min_grid, limited_block, blocks_per_cu);

    int errors = 0;
    if (block <= 0 || block > prop.maxThreadsPerBlock || min_grid <= 0) {
        std::printf("implausible suggestion: block %d (max %d), grid %d\n", block, prop.maxThreadsPerBlock, min_grid);
        ++errors;
    }
    if (limited_block <= 0 || limited_block > 128) {
        std::printf("block size limit ignored: %d > 128\n", limited_block);
        ++errors;
    }
    if (blocks_per_cu <= 0) {
        std::printf("no block of %d threads fits on a multiprocessor\n", block);
        ++errors;
    }
    if (errors) {
        std::printf("FAILED\n");
        return EXIT_FAILURE;
    }

    const int n = 1 << 18;
    std::vector<double> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = 0.001 * (i % 2000) - 1.0;
    double *d_in = nullptr, *d_out = nullptr;
    HIP_CHECK(hipMalloc(&d_in, n * sizeof(double)));
    HIP_CHECK(hipMalloc(&d_out, n * sizeof(double)));
    HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(double), hipMemcpyHostToDevice));
    // The minimum grid is enough: the grid-stride loop covers the rest.
    cube<<<min_grid, block>>>(d_in, d_out, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(out.data(), d_out, n * sizeof(double), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_in));
    HIP_CHECK(hipFree(d_out));
    for (int i = 0; i < n; ++i) {
        double expected = in[i] * in[i] * in[i];
        if (out[i] != expected) {
            if (errors < 10) std::printf("mismatch at %d: got %.17g, expected %.17g\n", i, out[i], expected);
            ++errors;
        }
    }
    std::printf("occupancy: grid %d x block %d over %d elements, %d mismatches\n", min_grid, block, n, errors);
    std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
    return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
