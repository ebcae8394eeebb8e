// Runtime API names, types and enum values are renamed; unsupported ones warn and stay.
// RUN: %hipify %s -o=%t 2>%t.err && FileCheck %s --input-file=%t
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
#include <stdio.h>
__global__ void scale(float *x, float a, int n) {
  // CHECK: int i = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i];
}
int main() {
  float *d = nullptr;
  // CHECK: hipError_t err = hipMalloc(&d, 64 * sizeof(float));
  cudaError_t err = cudaMalloc(&d, 64 * sizeof(float));
  // CHECK: hipStream_t s;
  cudaStream_t s;
  // CHECK: hipStreamCreate(&s);
  cudaStreamCreate(&s);
  // CHECK: scale<<<1, 64, 0, s>>>(d, 2.0f, 64);
  scale<<<1, 64, 0, s>>>(d, 2.0f, 64);
  // CHECK: hipMemcpyAsync(d, d, 4, hipMemcpyDeviceToDevice, s);
  cudaMemcpyAsync(d, d, 4, cudaMemcpyDeviceToDevice, s);
  // CHECK: hipDeviceSynchronize();
  cudaDeviceSynchronize();
  // CHECK: if (err != hipSuccess) printf("%s\n", hipGetErrorString(err));
  if (err != cudaSuccess) printf("%s\n", cudaGetErrorString(err));
  // CHECK: hipFree(d);
  cudaFree(d);
  // Execution contexts and device resources (CUDA 13.1; HIP 7.14.0).
  // CHECK: hipExecutionCtx_t ctx;
  cudaExecutionContext_t ctx;
  // CHECK: hipDeviceGetExecutionCtx(&ctx, 0);
  cudaDeviceGetExecutionCtx(&ctx, 0);
  // CHECK: hipDevResource res;
  cudaDevResource res;
  // CHECK: hipExecutionCtxGetDevResource(ctx, &res, hipDevResourceTypeSm);
  cudaExecutionCtxGetDevResource(ctx, &res, cudaDevResourceTypeSm);
  // CHECK: hipStreamGetDevResource(s, &res, hipDevResourceTypeWorkqueue);
  cudaStreamGetDevResource(s, &res, cudaDevResourceTypeWorkqueue);
  // CHECK: char abi[HIP_RESOURCE_ABI_BYTES];
  char abi[RESOURCE_ABI_BYTES];
  // CHECK: hipLibraryGetGlobal(nullptr, nullptr, nullptr, "g");
  cudaLibraryGetGlobal(nullptr, nullptr, nullptr, "g");
  // WARN: {{.*}}runtime_api.cu:[[@LINE+2]]:3: warning: 'cudaKernelFunctionType' is unsupported in 'HIP'.
  // CHECK: cudaKernelFunctionType kt = cudaKernelFunctionTypeKernel;
  cudaKernelFunctionType kt = cudaKernelFunctionTypeKernel;
  // WARN: {{.*}}runtime_api.cu:[[@LINE+2]]:3: warning: 'cudaDeviceFlushGPUDirectRDMAWrites' is unsupported in 'HIP'.
  // CHECK: cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner);
  cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner);
  return 0;
}
