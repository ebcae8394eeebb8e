// Argument rules (data/arguments.tsv): device symbols through HIP_SYMBOL, the flags hipHostMalloc takes,
// CUDA's C++ overloads told apart by their arity, and arguments HIP does not have (removed, with a
// warning). Calls in macro bodies and with CUDA names in their arguments too; other calls stay.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
#include <cuda_runtime.h>
#include <cuda.h>
__constant__ float coeffs[4];
__device__ int counter;
void f(float *h, cudaStream_t s, cudaGraph_t g) {
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coeffs), h, sizeof(coeffs));
  cudaMemcpyToSymbol(coeffs, h, sizeof(coeffs));
  // CHECK: hipMemcpyToSymbolAsync(HIP_SYMBOL(coeffs), h, 16, 0, hipMemcpyHostToDevice, s);
  cudaMemcpyToSymbolAsync(coeffs, h, 16, 0, cudaMemcpyHostToDevice, s);
  // CHECK: hipMemcpyFromSymbol(h, HIP_SYMBOL(counter), sizeof(int));
  cudaMemcpyFromSymbol(h, counter, sizeof(int));
  // CHECK: hipMemcpyFromSymbolAsync(h, HIP_SYMBOL(::counter), 4, 0, hipMemcpyDeviceToHost, s);
  cudaMemcpyFromSymbolAsync(h, ::counter, 4, 0, cudaMemcpyDeviceToHost, s);
  // CHECK: void *p; hipGetSymbolAddress(&p, HIP_SYMBOL(counter));
  void *p; cudaGetSymbolAddress(&p, counter);
  // CHECK: size_t n; hipGetSymbolSize(&n, HIP_SYMBOL(coeffs));
  size_t n; cudaGetSymbolSize(&n, coeffs);
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coeffs),
  // CHECK-NEXT: h,
  // CHECK-NEXT: 4 /* bytes */);
  cudaMemcpyToSymbol(coeffs,
                     h,
                     4 /* bytes */);
  // CHECK: float *ph; hipHostMalloc((void **)&ph, 64, hipHostMallocDefault);
  float *ph; cudaMallocHost((void **)&ph, 64);
  // CHECK: hipEvent_t e0, e1; hipEventCreate(&e0); hipEventCreateWithFlags(&e1, hipEventDisableTiming);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1, cudaEventDisableTiming);
  // CHECK: hipGraphExec_t ge; hipGraphInstantiateWithFlags(&ge, g, 0);
  cudaGraphExec_t ge; cudaGraphInstantiate(&ge, g, 0);
  // CHECK: hipGraphInstantiate(&ge, g, nullptr, nullptr, 0);
  cudaGraphInstantiate(&ge, g, nullptr, nullptr, 0);
  // A member function of the same name: renamed (every identifier is), but its arguments stay.
  // CHECK: obj.hipMemcpyToSymbol(coeffs, h, 4);
  obj.cudaMemcpyToSymbol(coeffs, h, 4);
}
// CHECK: #define SYM(x) hipMemcpyToSymbol(HIP_SYMBOL(x), h, 4)
#define SYM(x) cudaMemcpyToSymbol(x, h, 4)
void drv(CUfunction fn) {
  int min_grid, block;
  // WARN: {{.*}}arguments.cu:[[@LINE+2]]:59: warning: Possible data loss in 4 argument of 'cuOccupancyMaxPotentialBlockSize'.
  // CHECK: hipModuleOccupancyMaxPotentialBlockSize(&min_grid, &block, fn, 0, 0);
  cuOccupancyMaxPotentialBlockSize(&min_grid, &block, fn, nullptr, 0, 0);
  // CHECK: hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&min_grid, &block, fn, 0, 0, 0);
  cuOccupancyMaxPotentialBlockSizeWithFlags(&min_grid, &block, fn, nullptr, 0, 0, 0);
}
