// Matrix multiply C[M][N] = A[M][K] * B[K][N], row-major. The tiled versions loop over
// K / TILE tiles with two barriers per trip: a barrier in a loop whose trip count comes from
// a kernel argument.
#include <hip/hip_runtime.h>

extern "C" __global__ void matmul_naive(float* c, const float* a, const float* b, int m, int n, int k) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < m && col < n) {
        float acc = 0.0f;
        for (int p = 0; p < k; ++p) acc += a[row * k + p] * b[p * n + col];
        c[row * n + col] = acc;
    }
}

#define MT 16
// Static shared tiles; block must be MT x MT.
extern "C" __global__ void matmul_tiled_static(float* c, const float* a, const float* b, int m, int n, int k) {
    __shared__ float as[MT][MT];
    __shared__ float bs[MT][MT];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * MT + ty;
    int col = blockIdx.x * MT + tx;
    float acc = 0.0f;
    for (int t = 0; t < (k + MT - 1) / MT; ++t) {
        int ac = t * MT + tx;
        int br = t * MT + ty;
        as[ty][tx] = (row < m && ac < k) ? a[row * k + ac] : 0.0f;
        bs[ty][tx] = (br < k && col < n) ? b[br * n + col] : 0.0f;
        __syncthreads();
        for (int p = 0; p < MT; ++p) acc += as[ty][p] * bs[p][tx];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = acc;
}

// Dynamic shared tiles: the tile is blockDim.x square (blockDim.x == blockDim.y); the launch
// passes 2 * tile * tile * sizeof(float) bytes.
extern "C" __global__ void matmul_tiled_dynamic(float* c, const float* a, const float* b, int m, int n, int k) {
    extern __shared__ float smem[];
    int tile = blockDim.x;
    float* as = smem;
    float* bs = smem + tile * tile;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * tile + ty;
    int col = blockIdx.x * tile + tx;
    float acc = 0.0f;
    for (int t = 0; t < (k + tile - 1) / tile; ++t) {
        int ac = t * tile + tx;
        int br = t * tile + ty;
        as[ty * tile + tx] = (row < m && ac < k) ? a[row * k + ac] : 0.0f;
        bs[ty * tile + tx] = (br < k && col < n) ? b[br * n + col] : 0.0f;
        __syncthreads();
        for (int p = 0; p < tile; ++p) acc += as[ty * tile + p] * bs[p * tile + tx];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = acc;
}

#define DT 8
extern "C" __global__ void matmul_tiled_f64(double* c, const double* a, const double* b, int m, int n, int k) {
    __shared__ double as[DT][DT];
    __shared__ double bs[DT][DT];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * DT + ty;
    int col = blockIdx.x * DT + tx;
    double acc = 0.0;
    for (int t = 0; t < (k + DT - 1) / DT; ++t) {
        int ac = t * DT + tx;
        int br = t * DT + ty;
        as[ty][tx] = (row < m && ac < k) ? a[row * k + ac] : 0.0;
        bs[ty][tx] = (br < k && col < n) ? b[br * n + col] : 0.0;
        __syncthreads();
        for (int p = 0; p < DT; ++p) acc += as[ty][p] * bs[p][tx];
        __syncthreads();
    }
    if (row < m && col < n) c[row * n + col] = acc;
}
