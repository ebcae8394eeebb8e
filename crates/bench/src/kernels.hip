// Kernels used only by ferrocm-bench (SAXPY and the tiled matrix multiply come from samples/).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// STREAM triad: a = b + s * c.
extern "C" __global__ void triad(int n, float s, float* a, const float* b, const float* c) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = b[i] + s * c[i];
    }
}

// Does nothing: measures the cost of a launch and a synchronize.
extern "C" __global__ void empty_kernel() {}

// Block sums of 256 ints, two ways. With shared memory: a tree of 8 rounds, a barrier after each.
extern "C" __global__ void reduce_shared(const int* in, int* out, int n) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned k = 128; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

// With warp shuffles: each warp sums its lanes with __shfl_down, one barrier, then warp 0 sums the
// warps' partial sums the same way.
extern "C" __global__ void reduce_shfl(const int* in, int* out, int n) {
    __shared__ int partial[64];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    int v = i < n ? in[i] : 0;
    for (int off = warpSize / 2; off > 0; off >>= 1) v += __shfl_down(v, off);
    unsigned lane = t % warpSize, warp = t / warpSize;
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / warpSize ? partial[lane] : 0;
        for (int off = warpSize / 2; off > 0; off >>= 1) v += __shfl_down(v, off);
        if (lane == 0) out[blockIdx.x] = v;
    }
}

// With cooperative groups: each 32-thread tile reduces with cg::reduce, one barrier, then the
// first tile reduces the eight tiles' sums.
extern "C" __global__ void reduce_cg(const int* in, int* out, int n) {
    __shared__ int partial[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    int v = cg::reduce(tile, i < n ? in[i] : 0, cg::plus<int>());
    if (tile.thread_rank() == 0) partial[t / 32] = v;
    block.sync();
    if (t < 32) {
        v = cg::reduce(tile, t < 8 ? partial[t] : 0, cg::plus<int>());
        if (t == 0) out[blockIdx.x] = v;
    }
}

// Byte histograms over tiles of `tile` bytes, one tile per block, the block's threads striding
// through it. `histogram_shared` counts in shared memory, then adds its 256 counts to `out`;
// `histogram_global` adds every byte to `out` directly.
extern "C" __global__ void histogram_shared(const unsigned char* in, unsigned* out, int n, int tile) {
    __shared__ unsigned h[256];
    for (unsigned i = threadIdx.x; i < 256; i += blockDim.x) h[i] = 0;
    __syncthreads();
    int start = blockIdx.x * tile, end = min(start + tile, n);
    for (int i = start + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&h[in[i]], 1u);
    __syncthreads();
    for (unsigned i = threadIdx.x; i < 256; i += blockDim.x)
        if (h[i]) atomicAdd(&out[i], h[i]);
}

extern "C" __global__ void histogram_global(const unsigned char* in, unsigned* out, int n, int tile) {
    int start = blockIdx.x * tile, end = min(start + tile, n);
    for (int i = start + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&out[in[i]], 1u);
}
