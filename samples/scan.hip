// Inclusive prefix sum within each block (Hillis-Steele), in dynamic shared memory sized at
// launch: blockDim.x ints of `extern __shared__`. The host adds the block offsets.
#include <hip/hip_runtime.h>

extern "C" __global__ void block_scan(const int* in, int* out, int n) {
    extern __shared__ int buf[];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    buf[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (int offset = 1; offset < (int)blockDim.x; offset <<= 1) {
        int add = tid >= offset ? buf[tid - offset] : 0;
        __syncthreads();
        buf[tid] += add;
        __syncthreads();
    }
    if (i < n) {
        out[i] = buf[tid];
    }
}
