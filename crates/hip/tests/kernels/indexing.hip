// 2D and 3D indexing: every built-in index variable, in every dimension.
#include <hip/hip_runtime.h>

extern "C" __global__ void transpose_naive(float* out, const float* in, int rows, int cols) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < cols && y < rows) out[x * rows + y] = in[y * cols + x];
}

#define TILE 16
// Tiled transpose through a padded static shared tile; blockDim.x must be TILE, any
// blockDim.y <= TILE works because each thread loops over rows with stride blockDim.y.
extern "C" __global__ void transpose_tiled(float* out, const float* in, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y0 = blockIdx.y * TILE;
    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int y = y0 + j;
        if (x < cols && y < rows) tile[j][threadIdx.x] = in[y * cols + x];
    }
    __syncthreads();
    int ox = blockIdx.y * TILE + threadIdx.x;  // column in the output (= row in the input)
    int oy0 = blockIdx.x * TILE;
    for (int j = threadIdx.y; j < TILE; j += blockDim.y) {
        int oy = oy0 + j;
        if (ox < rows && oy < cols) out[oy * rows + ox] = tile[threadIdx.x][j];
    }
}

// Each element records which work-item wrote it: threadIdx, blockIdx, blockDim, gridDim,
// packed 10 bits per dimension.
__device__ unsigned pack3(unsigned x, unsigned y, unsigned z) { return x | (y << 10) | (z << 20); }

extern "C" __global__ void fill3d(unsigned* out, int nx, int ny, int nz) {
    int gx = blockIdx.x * blockDim.x + threadIdx.x;
    int gy = blockIdx.y * blockDim.y + threadIdx.y;
    int gz = blockIdx.z * blockDim.z + threadIdx.z;
    if (gx < nx && gy < ny && gz < nz) {
        int idx = (gz * ny + gy) * nx + gx;
        out[idx * 4 + 0] = pack3(threadIdx.x, threadIdx.y, threadIdx.z);
        out[idx * 4 + 1] = pack3(blockIdx.x, blockIdx.y, blockIdx.z);
        out[idx * 4 + 2] = pack3(blockDim.x, blockDim.y, blockDim.z);
        out[idx * 4 + 3] = pack3(gridDim.x, gridDim.y, gridDim.z);
    }
}

// Every work-item of the whole 3D launch increments its own flattened slot exactly once.
extern "C" __global__ void visit_count(unsigned* counts) {
    unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned local = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned per_block = blockDim.x * blockDim.y * blockDim.z;
    atomicAdd(&counts[block * per_block + local], 1u);
}
