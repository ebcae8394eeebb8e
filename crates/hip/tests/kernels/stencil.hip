// Stencils with halo loads into shared memory and a barrier before the compute step.
// Out-of-range neighbours are clamped to the edge.
#include <hip/hip_runtime.h>

#define R 3
__device__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

// 1D, radius 3, weights 1..4..1; dynamic shared memory of blockDim.x + 2R floats.
extern "C" __global__ void stencil1d(float* out, const float* in, int n) {
    extern __shared__ float s[];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + R;
    int base = blockIdx.x * blockDim.x - R;
    // Strided so that blocks narrower than the halo still load all of it.
    for (int j = threadIdx.x; j < (int)blockDim.x + 2 * R; j += blockDim.x) s[j] = in[clampi(base + j, 0, n - 1)];
    __syncthreads();
    if (g < n) {
        float acc = 0.0f;
        for (int o = -R; o <= R; ++o) acc += (float)(R + 1 - (o < 0 ? -o : o)) * s[l + o];
        out[g] = acc;
    }
}

// 2D five-point stencil; the (blockDim.y + 2) x (blockDim.x + 2) tile is loaded by all
// work-items in strided loops (so any block shape up to 32 x 32 works).
extern "C" __global__ void stencil2d(float* out, const float* in, int w, int h) {
    __shared__ float tile[34][34];
    int bx = blockIdx.x * blockDim.x, by = blockIdx.y * blockDim.y;
    for (int j = threadIdx.y; j < (int)blockDim.y + 2; j += blockDim.y)
        for (int i = threadIdx.x; i < (int)blockDim.x + 2; i += blockDim.x)
            tile[j][i] = in[clampi(by + j - 1, 0, h - 1) * w + clampi(bx + i - 1, 0, w - 1)];
    __syncthreads();
    int x = bx + threadIdx.x, y = by + threadIdx.y;
    if (x < w && y < h) {
        int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
        out[y * w + x] = 0.5f * tile[ty][tx] +
                         0.125f * (tile[ty - 1][tx] + tile[ty + 1][tx] + tile[ty][tx - 1] + tile[ty][tx + 1]);
    }
}
