// Kernels that must fail, each in a well-defined way.
#include <hip/hip_runtime.h>

// Work-items of the block wait at two different barriers (undefined in HIP; an error here).
extern "C" __global__ void divergent_barrier(int* out) {
    if (threadIdx.x < 5) {
        __syncthreads();
        out[blockIdx.x * blockDim.x + threadIdx.x] = 2;
    } else {
        __syncthreads();
        out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
    }
}

// The same with a warp shuffle first: the kernel also has a warp-vectorized form, which must
// fail the launch the same way.
extern "C" __global__ void divergent_barrier_after_shuffle(int* out) {
    int v = __shfl_down((int)threadIdx.x, 1);
    if (threadIdx.x < 5) {
        __syncthreads();
        out[threadIdx.x] = v;
    } else {
        __syncthreads();
        out[threadIdx.x] = -v;
    }
}

extern "C" __global__ void checked_values(const int* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) assert(x[i] != 42);
}

extern "C" __global__ void three_args(int* out, int a, int b) {
    out[threadIdx.x] = a * b + (int)threadIdx.x;
}

struct Pair {
    int a;
    double b;
};
extern "C" __global__ void pair_arg(Pair p, double* out) { out[threadIdx.x] = p.a + p.b; }
