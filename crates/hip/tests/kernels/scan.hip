// Prefix sums within one block (each block scans its own segment).
#include <hip/hip_runtime.h>

// Hillis-Steele inclusive scan, double-buffered in dynamic shared memory (2 * blockDim ints).
extern "C" __global__ void scan_hillis_steele(int* out, const int* in, int n) {
    extern __shared__ int buf[];
    unsigned tid = threadIdx.x;
    unsigned bd = blockDim.x;
    int i = blockIdx.x * bd + tid;
    int pin = 0;
    buf[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (unsigned offset = 1; offset < bd; offset *= 2) {
        int pout = 1 - pin;
        int v = buf[pin * bd + tid];
        if (tid >= offset) v += buf[pin * bd + tid - offset];
        buf[pout * bd + tid] = v;
        pin = pout;
        __syncthreads();
    }
    if (i < n) out[i] = buf[pin * bd + tid];
}

// Blelloch work-efficient exclusive scan: each block scans 2 * blockDim.x elements;
// blockDim.x must be a power of two (at most 1024).
extern "C" __global__ void scan_blelloch(int* out, const int* in, int n) {
    __shared__ int temp[2048];
    unsigned tid = threadIdx.x;
    unsigned m = 2 * blockDim.x;
    int base = blockIdx.x * m;
    temp[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0;
    temp[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0;
    unsigned offset = 1;
    for (unsigned d = m >> 1; d > 0; d >>= 1) {  // up-sweep
        __syncthreads();
        if (tid < d) {
            unsigned ai = offset * (2 * tid + 1) - 1;
            unsigned bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (tid == 0) temp[m - 1] = 0;
    for (unsigned d = 1; d < m; d *= 2) {  // down-sweep
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            unsigned ai = offset * (2 * tid + 1) - 1;
            unsigned bi = offset * (2 * tid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    if (base + 2 * tid < n) out[base + 2 * tid] = temp[2 * tid];
    if (base + 2 * tid + 1 < n) out[base + 2 * tid + 1] = temp[2 * tid + 1];
}
