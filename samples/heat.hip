// Explicit 2D heat equation step on a w x h grid with fixed (Dirichlet) borders:
// u' = u + alpha * (left + right + up + down - 4u). The host runs the rows in two halves on two
// streams, each half reading the previous step's full grid.
#include <hip/hip_runtime.h>

extern "C" __global__ void heat_step(const float* u, float* next, int w, int h, int row_begin,
                                     int row_end, float alpha) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = row_begin + blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= row_end || y >= h) {
        return;
    }
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        next[i] = u[i];
        return;
    }
    float lap = u[i - 1] + u[i + 1] + u[i - w] + u[i + w] - 4.0f * u[i];
    next[i] = u[i] + alpha * lap;
}
