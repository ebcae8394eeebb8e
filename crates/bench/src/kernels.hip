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

// Tiled SGEMM, C = A * B for square row-major n x n matrices: each TILE x TILE block stages one
// tile of A and one of B in shared memory per step along k. Out-of-range elements load as zero,
// so n need not be a multiple of TILE.
template <int TILE>
__device__ void sgemm_tiled(const float* a, const float* b, float* c, int n) {
    __shared__ float ta[TILE][TILE];
    __shared__ float tb[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        ta[ty][tx] = (row < n && t + tx < n) ? a[row * n + t + tx] : 0.0f;
        tb[ty][tx] = (col < n && t + ty < n) ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += ta[ty][k] * tb[k][tx];
        __syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = acc;
}

extern "C" __global__ void sgemm_tile16(const float* a, const float* b, float* c, int n) {
    sgemm_tiled<16>(a, b, c, n);
}

extern "C" __global__ void sgemm_tile32(const float* a, const float* b, float* c, int n) {
    sgemm_tiled<32>(a, b, c, n);
}

// 5-point stencil on a w x h grid (one Jacobi-style step): interior points become
// c0 * centre + c1 * (left + right + up + down); the boundary is copied.
extern "C" __global__ void stencil5(const float* in, float* out, int w, int h, float c0, float c1) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
    } else {
        out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
    }
}

// Matrix transpose through shared memory: a 32x32 tile (one column of padding against bank
// conflicts) read by 32x8 threads, each handling four rows, then written out transposed.
// `in` is h rows of w floats; `out` is w rows of h floats.
#define TRANSPOSE_TILE 32
#define TRANSPOSE_ROWS 8

extern "C" __global__ void transpose_shared(const float* in, float* out, int w, int h) {
    __shared__ float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + 1];
    int x = blockIdx.x * TRANSPOSE_TILE + threadIdx.x;
    int y = blockIdx.y * TRANSPOSE_TILE + threadIdx.y;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TRANSPOSE_TILE + threadIdx.x;
    y = blockIdx.x * TRANSPOSE_TILE + threadIdx.y;
    for (int j = 0; j < TRANSPOSE_TILE; j += TRANSPOSE_ROWS)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Inclusive scan of each block of 256 ints (Hillis-Steele in shared memory: log2(256) rounds,
// each reading its neighbour's partial sum, then adding it after a barrier).
extern "C" __global__ void scan_block(const int* in, int* out, int n) {
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned off = 1; off < 256; off <<= 1) {
        int v = t >= off ? s[t - off] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (i < n) out[i] = s[t];
}

// All-pairs n-body accelerations: positions are float4 (x, y, z, mass); each block stages 256
// bodies at a time in shared memory and every thread adds their pull on its body, softened by
// eps2. Writes (ax, ay, az, 0).
#define NBODY_TILE 256

extern "C" __global__ void nbody_accel(const float4* pos, float4* acc, int n, float eps2) {
    __shared__ float4 tile[NBODY_TILE];
    int i = blockIdx.x * NBODY_TILE + threadIdx.x;
    float4 p = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int start = 0; start < n; start += NBODY_TILE) {
        int j = start + threadIdx.x;
        tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        __syncthreads();
        for (int k = 0; k < NBODY_TILE; ++k) {
            float4 q = tile[k];
            float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = rsqrtf(d2);
            float s = q.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) acc[i] = make_float4(ax, ay, az, 0.0f);
}
