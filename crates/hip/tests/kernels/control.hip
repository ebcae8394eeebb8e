// Arguments (structs by value, many mixed scalars) and control flow: launch bounds, grid-stride
// loops, data-dependent loops without barriers, barriers in loops and in block-uniform branches.
#include <hip/hip_runtime.h>

#define GID (blockIdx.x * blockDim.x + threadIdx.x)

struct Params {        // offsets: a 0, b 4, c 8, d 16, arr 20; size 32, align 8
    int a;
    float b;
    double c;
    signed char d;
    int arr[3];
};
struct Small {         // offsets: s 0, c 2; size 4, align 2
    short s;
    signed char c;
};

extern "C" __global__ void struct_by_value(Params p, Small q, double* out, int n) {
    int i = GID;
    if (i < n) {
        out[5 * i + 0] = (double)(p.a + i);
        out[5 * i + 1] = (double)(p.b * (float)i);
        out[5 * i + 2] = p.c * (double)i;
        out[5 * i + 3] = (double)(p.d + p.arr[i % 3]);
        out[5 * i + 4] = (double)(q.s * q.c + i);
    }
}

// Seventeen arguments of every scalar width, in an order that forces padding.
extern "C" __global__ void many_args(long long* oi, double* od, signed char a, short b, int c, long long d,
                                     unsigned char e, unsigned short f, unsigned g, unsigned long long h,
                                     float x, double y, float z, int k, double w, short s2, int n) {
    int i = GID;
    if (i < n) {
        long long* o = oi + 10 * i;
        o[0] = a + i; o[1] = b + i; o[2] = c + i; o[3] = d + i; o[4] = e + i;
        o[5] = f + i; o[6] = (long long)g + i; o[7] = (long long)(h >> 1) + i; o[8] = k + i; o[9] = s2 + i;
        double* q = od + 4 * i;
        q[0] = (double)x * (i + 1); q[1] = y * (i + 1); q[2] = (double)z * (i + 1); q[3] = w * (i + 1);
    }
}

// Reverses each block's segment through shared memory; at most 256 work-items per block.
extern "C" __global__ void __launch_bounds__(256) bounded_reverse(float* out, const float* in, int n) {
    __shared__ float s[256];
    int i = GID;
    s[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n) out[i] = s[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void grid_stride(int* out, const int* in, int n) {
    for (int i = GID; i < n; i += blockDim.x * gridDim.x) out[i] = in[i] * 3 - 1;
}

// Each work-item loops a data-dependent number of times (Collatz steps); no barrier.
extern "C" __global__ void collatz_steps(int* out, const unsigned long long* in, int n) {
    int i = GID;
    if (i < n) {
        unsigned long long v = in[i];
        int steps = 0;
        while (v > 1) {
            v = (v & 1) ? 3 * v + 1 : v / 2;
            ++steps;
        }
        out[i] = steps;
    }
}

// A barrier inside a loop whose trip count is a kernel argument (0 included).
extern "C" __global__ void barrier_loop(unsigned* out, const unsigned* in, int iters, int n) {
    __shared__ unsigned s[1024];
    unsigned tid = threadIdx.x;
    int i = GID;
    s[tid] = i < n ? in[i] : 0u;
    __syncthreads();
    for (int k = 0; k < iters; ++k) {
        unsigned v = s[(tid + 1) % blockDim.x] + s[tid];
        __syncthreads();
        s[tid] = v ^ (unsigned)k;
        __syncthreads();
    }
    if (i < n) out[i] = s[tid];
}

// __syncthreads() inside a branch that the whole block takes (or skips) together.
extern "C" __global__ void sync_in_uniform_if(int* out, const int* in, int flag, int n) {
    __shared__ int s[1024];
    int i = GID;
    if (((blockIdx.x % 2) == 0) == (flag != 0)) {
        s[threadIdx.x] = i < n ? in[i] : 0;
        __syncthreads();
        if (i < n) out[i] = s[blockDim.x - 1 - threadIdx.x];
    } else {
        if (i < n) out[i] = -in[i];
    }
}

// Whole blocks return before a barrier; the others still synchronise.
extern "C" __global__ void early_exit_blocks(int* out, int active_blocks, int n) {
    __shared__ int s;
    if ((int)blockIdx.x >= active_blocks) return;
    if (threadIdx.x == 0) s = (int)blockIdx.x * 10;
    __syncthreads();
    int i = GID;
    if (i < n) out[i] = s + (int)threadIdx.x;
}

// Nested device-function calls and a 2D block flattened to 1D work.
__device__ unsigned poly(unsigned x) { return (x * x - 3u * x + 7u) & 0xffffu; }
__device__ int twice(int x) { return (int)poly(poly((unsigned)x)); }
extern "C" __global__ void device_calls_2d(int* out, const int* in, int n) {
    int local = threadIdx.y * blockDim.x + threadIdx.x;
    int i = blockIdx.x * (blockDim.x * blockDim.y) + local;
    if (i < n) out[i] = twice(in[i]);
}

// Each launch adds its own number; launched many times without a synchronize in between.
extern "C" __global__ void add_launch_number(unsigned* acc, unsigned launch, int n) {
    int i = GID;
    if (i < n) acc[i] = acc[i] * 3u + launch;
}

// Work-items past the end return before the barriers (the common `if (i >= n) return;`); the
// others still meet at them: a 3-point stencil over a shared tile, twice.
extern "C" __global__ void early_return_stencil(int* out, const int* in, int n) {
    extern __shared__ int tile[];
    int i = GID;
    if (i >= n) return;
    int t = threadIdx.x;
    int live = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
    tile[t] = in[i];
    __syncthreads();
    int left = tile[t == 0 ? live - 1 : t - 1], right = tile[t + 1 == live ? 0 : t + 1];
    int v = left + 2 * tile[t] + right;
    __syncthreads();
    tile[t] = v;
    __syncthreads();
    out[i] = tile[(t + 1) % live] - tile[t];
}

// Regions guarded by threadIdx.x against k, each a step between barriers that only the passing
// work-items take (the CPU device runs such a region's loop over those work-items only). Bit j
// of out[t] says whether work-item t passed guard j.
extern "C" __global__ void guarded_steps(int* out, int k) {
    __shared__ int s[1024];
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
    int x = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    if (threadIdx.x < (unsigned)k) s[t] += 1;
    __syncthreads();
    if (threadIdx.x <= (unsigned)k) s[t] += 2;
    __syncthreads();
    if (x < k) s[t] += 4;
    __syncthreads();
    if (x <= k) s[t] += 8;
    __syncthreads();
    if (threadIdx.x >= (unsigned)k) s[t] += 16;
    __syncthreads();
    if (threadIdx.x > (unsigned)k) s[t] += 32;
    __syncthreads();
    if (x >= k) s[t] += 64;
    __syncthreads();
    if (x > k) s[t] += 128;
    __syncthreads();
    if (threadIdx.x == (unsigned)k) s[t] += 256;
    __syncthreads();
    if (threadIdx.x < 3) s[t] += 512;
    __syncthreads();
    if (!(threadIdx.x >= 5)) s[t] += 1024;
    __syncthreads();
    out[blockIdx.x * blockDim.x * blockDim.y + t] = s[t];
}

// Float sums over loops every work-item runs equally often (the lowering makes each iteration a
// region with the work-item loop inside): over a shared tile between barriers, over a row after
// a per-work-item select, and after an early return (which keeps the work-item form).
extern "C" __global__ void tile_sums(const float* a, float* out, int n, int tiles) {
    __shared__ float tile[64];
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned size = blockDim.x * blockDim.y;
    int i = blockIdx.x * size + t;
    float p = i < n ? a[i] : 1.0f;
    float s = 0.0f;
    double d = 0.0;
    for (int start = 0; start < tiles; ++start) {
        tile[t] = a[(start * size + t) % n];
        __syncthreads();
        for (unsigned k = 0; k < size; ++k) {
            s += tile[k] - p;
            d += (double)tile[k] * 0.5;
        }
        __syncthreads();
    }
    if (i < n) {
        out[2 * i] = s;
        out[2 * i + 1] = (float)d;
    }
}

extern "C" __global__ void row_sums(const float* a, const float* b, float* out, int n, int m) {
    int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
    int r = i < n ? i : n - 1;
    float s = 0.0f;
    for (int k = 0; k < m; ++k) s += a[r * m + k] - b[k];
    if (i < n) out[i] = s;
}

extern "C" __global__ void row_sums_early_exit(const float* a, const float* b, float* out, int n,
                                               int m) {
    int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int k = 0; k < m; ++k) s += a[i * m + k] - b[k];
    out[i] = s;
}

// Block-stride loops (the CPU device runs them in chunks of 16 steps): over a tile per block,
// every row of a 2-D block running the same iterations, and an unsigned loop from threadIdx.x.
extern "C" __global__ void tile_histogram(const unsigned char* in, unsigned* out, int n, int tile) {
    __shared__ unsigned h[64];
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
    for (unsigned i = t; i < 64; i += blockDim.x * blockDim.y) h[i] = 0;
    __syncthreads();
    int start = blockIdx.x * tile, end = min(start + tile, n);
    for (int i = start + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&h[in[i] & 63], 1u + threadIdx.y);
    __syncthreads();
    for (unsigned i = t; i < 64; i += blockDim.x * blockDim.y) atomicAdd(&out[i], h[i]);
}

extern "C" __global__ void row_scale(const float* in, float* out, unsigned m, float s) {
    const float* row = in + blockIdx.x * m;
    for (unsigned i = threadIdx.x; i < m; i += blockDim.x) out[blockIdx.x * m + i] = row[i] * s + (float)(i % 5);
}
