// Block reductions in shared memory, with __syncthreads() inside loops whose trip count
// depends on blockDim. One partial result per block.
#include <hip/hip_runtime.h>

// Interleaved tree: works for any blockDim.x; log2(blockDim.x) rounds of barriers.
extern "C" __global__ void reduce_sum_i32(int* partial, const int* in, int n) {
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0 && tid + s < blockDim.x) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// Sequential addressing from the next power of two down; static shared array.
extern "C" __global__ void reduce_max_f32(float* partial, const float* in, int n) {
    __shared__ float sdata[1024];
    unsigned tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = i < n ? in[i] : -__builtin_huge_valf();
    __syncthreads();
    unsigned p = 1;
    while (p < blockDim.x) p *= 2;
    for (unsigned s = p / 2; s > 0; s /= 2) {
        if (tid < s && tid + s < blockDim.x) sdata[tid] = fmaxf(sdata[tid], sdata[tid + s]);
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// Grid-stride accumulation, then a block tree, then one double atomicAdd per block.
extern "C" __global__ void reduce_sum_f64(double* total, double* partial, const double* in, int n) {
    extern __shared__ double dsdata[];
    unsigned tid = threadIdx.x;
    double acc = 0.0;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) acc += in[i];
    dsdata[tid] = acc;
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0 && tid + s < blockDim.x) dsdata[tid] += dsdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = dsdata[0];
        atomicAdd(total, dsdata[0]);
    }
}
