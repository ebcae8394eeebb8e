// The registration path: compiled host-side by clang-19 with the bundle embedded, linked
// against libamdhip64. Prints "OK" when every check passes.
#include <hip/hip_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                          \
  do {                                                                                     \
    hipError_t e_ = (call);                                                                \
    if (e_ != hipSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call, hipGetErrorName(e_));  \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

__device__ int bias[4];

__global__ void add_bias(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += bias[i % 4];
}

template <typename T>
__global__ void fill(T* out, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = v + (T)i;
}

int main() {
  const int n = 1000;
  int* d = nullptr;
  CHECK(hipMalloc(&d, n * sizeof(int)));
  hipLaunchKernelGGL(fill<int>, dim3((n + 255) / 256), dim3(256), 0, 0, d, 100, n);
  CHECK(hipGetLastError());
  const int b[4] = {1, 2, 3, 4};
  CHECK(hipMemcpyToSymbol(bias, b, sizeof b));
  int back4[4] = {0};
  CHECK(hipMemcpyFromSymbol(back4, bias, sizeof back4));
  if (back4[3] != 4) { fprintf(stderr, "symbol round trip\n"); return 1; }
  size_t sz = 0;
  CHECK(hipGetSymbolSize(&sz, bias));
  if (sz != sizeof b) { fprintf(stderr, "symbol size %zu\n", sz); return 1; }
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  add_bias<<<dim3((n + 127) / 128), dim3(128), 0, s>>>(d, n);
  CHECK(hipGetLastError());
  CHECK(hipStreamSynchronize(s));
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    if (h[i] != 100 + i + b[i % 4]) { fprintf(stderr, "h[%d] = %d\n", i, h[i]); return 1; }
  }
  hipFuncAttributes attr;
  CHECK(hipFuncGetAttributes(&attr, (const void*)add_bias));
  int grid = 0, block = 0;
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, add_bias, 0, 0));
  if (attr.maxThreadsPerBlock < 1 || block < 1 || grid < 1) { fprintf(stderr, "attributes\n"); return 1; }
  // A zero-sized block is an invalid value (ROCm's answer), reported by the launch.
  add_bias<<<dim3(1), dim3(0), 0, 0>>>(d, n);
  if (hipGetLastError() != hipErrorInvalidValue) { fprintf(stderr, "config\n"); return 1; }
  CHECK(hipStreamDestroy(s));
  CHECK(hipFree(d));
  free(h);
  printf("OK\n");
  return 0;
}
