// Without --hip-kernel-execution-syntax the triple-chevron launch stays (HIP supports it); names around it
// are still translated.
// RUN: %hipify %s -o=%t && FileCheck %s --input-file=%t
#include <cuda_runtime.h>
template <typename T> __global__ void td(T *p) {}
__global__ void k(int *p, int n) {}
void host(int *p, float *f, cudaStream_t s) {
  // CHECK: void host(int *p, float *f, hipStream_t s) {
  // CHECK: k<<<4, 64>>>(p, 8);
  k<<<4, 64>>>(p, 8);
  // CHECK: k<<<dim3(2, 2), dim3(8, 8), 128, s>>>(p, 1 >> 1);
  k<<<dim3(2, 2), dim3(8, 8), 128, s>>>(p, 1 >> 1);
  // CHECK: td<float><<<1, 1>>>(f);
  td<float><<<1, 1>>>(f);
}
