// Device code only: built with `hipcc --genco` into a code object that module_api loads at run
// time. extern "C" keeps the kernel names unmangled so hipModuleGetFunction finds them by name.
#include <hip/hip_runtime.h>

__device__ int bias;

extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i] + static_cast<float>(bias);
}

extern "C" __global__ void fill_index(int* out, int n, int stride) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i * stride;
}
