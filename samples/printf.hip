// Device printf: each thread of one small block prints a line with its index, a square computed
// on the device, a float and a string; it also stores the square so the host can check both.
#include <hip/hip_runtime.h>

extern "C" __global__ void hello_printf(int* squares, float scale) {
    int t = threadIdx.x;
    int sq = t * t;
    squares[t] = sq;
    printf("hello from thread %d: square=%d scaled=%.2f tag=%s\n", t, sq, (double)(scale * t), "ok");
}
