// A CUDA program using what hipify's argument rules and name tables cover: __constant__ and __device__
// symbols (cudaMemcpyToSymbol / FromSymbol / GetSymbolAddress), pinned memory (cudaMallocHost), events
// made by both cudaEventCreate overloads, streams, dynamic shared memory, warp shuffles and atomics.
// Every result is checked against the host on random inputs; the output buffers start poisoned.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e_ = (call);                                                      \
        if (e_ != cudaSuccess) {                                                      \
            printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));        \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

__constant__ float poly[4];
__device__ unsigned long long hits;

// y = poly(x) (Horner), and counts the elements with y > 0 in `hits`.
__global__ void eval_poly(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = ((poly[3] * x[i] + poly[2]) * x[i] + poly[1]) * x[i] + poly[0];
    y[i] = v;
    if (v > 0.0f) atomicAdd(&hits, 1ull);
}

// Per-block sums: each warp reduces with shuffles into dynamic shared memory, then warp 0 adds those.
template <typename T>
__global__ void block_sums(const T *in, T *out, int n) {
    extern __shared__ unsigned char smem[];
    T *warp_sums = reinterpret_cast<T *>(smem);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = i < n ? in[i] : T(0);
    for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down_sync(0xffffffffffffffffull, v, off);
    int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        T s = 0;
        for (int w = 0; w < (blockDim.x + warpSize - 1) / warpSize; ++w) s += warp_sums[w];
        out[blockIdx.x] = s;
    }
}

static unsigned lcg(unsigned &s) { return s = s * 1664525u + 1013904223u; }

int main(int argc, char **argv) {
    unsigned seed = argc > 1 ? (unsigned)atoi(argv[1]) : 12345u;
    const int n = 5000, threads = 256, blocks = (n + threads - 1) / threads;
    float *hx, *hy;
    CHECK(cudaMallocHost((void **)&hx, n * sizeof(float)));
    CHECK(cudaMallocHost((void **)&hy, n * sizeof(float)));
    int *hi = (int *)malloc(n * sizeof(int)), hsums[blocks];
    for (int i = 0; i < n; ++i) {
        hx[i] = (int)(lcg(seed) % 2001 - 1000) / 250.0f;
        hi[i] = (int)(lcg(seed) % 201) - 100;
    }
    const float coeffs[4] = {-1.0f, 0.5f, 0.25f, -0.125f};
    CHECK(cudaMemcpyToSymbol(poly, coeffs, sizeof(coeffs)));
    unsigned long long zero = 0;
    CHECK(cudaMemcpyToSymbol(hits, &zero, sizeof(zero)));

    float *dx, *dy;
    int *di, *dsums;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMalloc(&di, n * sizeof(int)));
    CHECK(cudaMalloc(&dsums, blocks * sizeof(int)));
    CHECK(cudaMemset(dy, 0xff, n * sizeof(float)));
    CHECK(cudaMemset(dsums, 0xff, blocks * sizeof(int)));
    // The fills run on the null stream, which a non-blocking stream does not wait for.
    CHECK(cudaDeviceSynchronize());

    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop, cudaEventDefault));
    CHECK(cudaEventRecord(start, s));
    CHECK(cudaMemcpyAsync(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice, s));
    CHECK(cudaMemcpyAsync(di, hi, n * sizeof(int), cudaMemcpyHostToDevice, s));
    eval_poly<<<blocks, threads, 0, s>>>(dx, dy, n);
    int warps = (threads + 31) / 32;  // enough for a warp size of 32 or 64
    block_sums<int><<<blocks, threads, warps * sizeof(int), s>>>(di, dsums, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost, s));
    CHECK(cudaMemcpyAsync(hsums, dsums, blocks * sizeof(int), cudaMemcpyDeviceToHost, s));
    CHECK(cudaEventRecord(stop, s));
    CHECK(cudaEventSynchronize(stop));
    float ms = -1.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));

    unsigned long long dev_hits = 0;
    CHECK(cudaMemcpyFromSymbol(&dev_hits, hits, sizeof(dev_hits)));
    void *hits_addr = nullptr;
    CHECK(cudaGetSymbolAddress(&hits_addr, hits));
    size_t hits_size = 0;
    CHECK(cudaGetSymbolSize(&hits_size, hits));

    int bad = 0;
    unsigned long long want_hits = 0;
    for (int i = 0; i < n; ++i) {
        float v = ((coeffs[3] * hx[i] + coeffs[2]) * hx[i] + coeffs[1]) * hx[i] + coeffs[0];
        if (v > 0.0f) want_hits++;
        if (!(fabsf(hy[i] - v) <= 1e-5f * (1.0f + fabsf(v)))) {
            if (bad < 5) printf("y[%d] = %g, want %g\n", i, hy[i], v);
            bad++;
        }
    }
    for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) want += hi[i];
        if (hsums[b] != want) {
            if (bad < 5) printf("sum[%d] = %d, want %d\n", b, hsums[b], want);
            bad++;
        }
    }
    if (dev_hits != want_hits) {
        printf("hits = %llu, want %llu\n", dev_hits, want_hits);
        bad++;
    }
    if (hits_addr == nullptr || hits_size != sizeof(unsigned long long) || !(ms >= 0.0f)) {
        printf("symbol address %p, size %zu, elapsed %g ms\n", hits_addr, hits_size, ms);
        bad++;
    }
    printf("cuda_features: %d errors (seed %u)\n", bad, argc > 1 ? (unsigned)atoi(argv[1]) : 12345u);
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaStreamDestroy(s));
    cudaFree(dx); cudaFree(dy); cudaFree(di); cudaFree(dsums);
    cudaFreeHost(hx); cudaFreeHost(hy);
    free(hi);
    return bad == 0 ? 0 : 2;
}
