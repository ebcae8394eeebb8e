// --hip-kernel-execution-syntax: launches become hipLaunchKernelGGL, with shared memory and stream 0 when
// omitted; template kernels (explicit or deduced arguments) are wrapped in HIP_KERNEL_NAME; `>>` inside the
// arguments and launches in macro bodies work.
// RUN: %hipify %s -o=%t --hip-kernel-execution-syntax && FileCheck %s --input-file=%t
#include <cuda_runtime.h>
template <typename T, int N> __global__ void tk(T *p) {}
template <typename T> __global__ void td(T *p) {}
__global__ void k(int *p, int n) {}
namespace ns { __global__ void nk(int *p) {} }
// CHECK: #define LAUNCH(p) hipLaunchKernelGGL(k, dim3(1), dim3(32), 0, 0, p, 1)
#define LAUNCH(p) k<<<1, 32>>>(p, 1)
void host(int *p, float *f, cudaStream_t s) {
  // CHECK: hipLaunchKernelGGL(k, dim3(4), dim3(64), 0, 0, p, 8);
  k<<<4, 64>>>(p, 8);
  // CHECK: hipLaunchKernelGGL(k, dim3(2, 2), dim3(8, 8), 128, 0, p, 1 >> 1);
  k<<<dim3(2, 2), dim3(8, 8), 128>>>(p, 1 >> 1);
  // CHECK: hipLaunchKernelGGL(k, dim3(4), dim3(64), 0, s, p, (8 >> 2));
  k<<<4, 64, 0, s>>>(p, (8 >> 2));
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(tk<float, 4>), dim3(1), dim3(1), 0, 0, f);
  tk<float, 4><<<1, 1>>>(f);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(td), dim3(1), dim3(1), 0, 0, f);
  td<<<1, 1>>>(f);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(td<float>), dim3(1), dim3(1), 0, s, f);
  td<float><<<1, 1, 0, s>>>(f);
  // CHECK: LAUNCH(p);
  LAUNCH(p);
  // CHECK: int x = 16 >> 2;
  int x = 16 >> 2;
  // CHECK: hipLaunchKernelGGL(k, dim3(x >> 1), dim3(1), 0, 0, p, x >> 1);
  k<<<x >> 1, 1>>>(p, x >> 1);
  // CHECK: hipLaunchKernelGGL(ns::nk, dim3(1), dim3(2), 0, 0, p);
  ns::nk<<<1, 2>>>(p);
  void (*fp)(int *, int) = k;
  // CHECK: hipLaunchKernelGGL((*fp), dim3(1), dim3(2), 0, 0, p, 3);
  (*fp)<<<1, 2>>>(p, 3);
  // CHECK: hipLaunchKernelGGL(fp, dim3(1), dim3(2), 0, 0, p, 3);
  fp<<<1, 2>>>(p, 3);
}
