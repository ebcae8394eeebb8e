// Tiled matrix multiply C = A * B for square row-major n x n matrices: each 16x16 block stages
// one tile of A and one of B in shared memory per step along k.
#include <hip/hip_runtime.h>

#define TILE 16

extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int n) {
    __shared__ float ta[TILE][TILE];
    __shared__ float tb[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        // Out-of-range elements are loaded as zero so that n need not be a multiple of TILE.
        ta[ty][tx] = (row < n && t + tx < n) ? a[row * n + t + tx] : 0.0f;
        tb[ty][tx] = (col < n && t + ty < n) ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            acc += ta[ty][k] * tb[k][tx];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = acc;
    }
}
